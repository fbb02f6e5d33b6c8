import { useState } from 'react';
import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

type Doc = 'terms' | 'privacy';

/** The Terms of Use and Privacy Policy links; each opens its text in a dialog. */
export function useLegalLinks() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Doc | null>(null);
  const link = (doc: Doc) => (
    <Typography.Link
      onClick={(e) => {
        e.preventDefault();
        setOpen(doc);
      }}
      href={`#${doc}`}
    >
      {t(doc === 'terms' ? 'auth.legal.termsOfUse' : 'auth.legal.privacyPolicy')}
    </Typography.Link>
  );
  const modal = (
    <Modal
      open={open !== null}
      title={open ? t(open === 'terms' ? 'auth.legal.termsOfUse' : 'auth.legal.privacyPolicy') : ''}
      onCancel={() => setOpen(null)}
      onOk={() => setOpen(null)}
      cancelButtonProps={{ style: { display: 'none' } }}
      okText={t('common.close')}
    >
      <Typography.Paragraph>{open ? t(open === 'terms' ? 'auth.legal.termsText' : 'auth.legal.privacyText') : ''}</Typography.Paragraph>
    </Modal>
  );
  return { terms: link('terms'), privacy: link('privacy'), modal };
}
