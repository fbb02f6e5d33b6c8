import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LegalDoc } from './LegalLinks.tsx';

/** The Terms of Use or the Privacy Policy in a dialog (`doc` null: closed). */
export default function LegalDialog({ doc, onClose }: { doc: LegalDoc | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={doc !== null}
      title={doc ? t(doc === 'terms' ? 'auth.legal.termsOfUse' : 'auth.legal.privacyPolicy') : ''}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      okText={t('common.close')}
    >
      <Typography.Paragraph>{doc ? t(doc === 'terms' ? 'auth.legal.termsText' : 'auth.legal.privacyText') : ''}</Typography.Paragraph>
    </Modal>
  );
}
