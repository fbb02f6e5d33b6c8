import { useState } from 'react';
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { Button, Form, Input, Modal, Result } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EMAIL_PATTERN, UPI_PATTERN, type RedeemStatus, type RedeemType } from '@docent/contracts';
import { errorMessage } from '../api/client.ts';
import { useFormErrorNotice } from '../auth/useFormErrorNotice.ts';
import { useToast } from '../shell/toast.tsx';
import { couponsApi, SAVED_ID_KEY } from './api.ts';

type Step = 'form' | 'checklist' | 'done';

/**
 * docs/spec-conformance.md §2 Coupons: the Redeem modal — a form (UPI id or Amazon Pay id), then the checklist
 * (is a code host connected or a repository added?), then a success result whose Okay reloads the page.
 */
export function RedeemModal({ type, onClose }: { type: RedeemType | null; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const onFinishFailed = useFormErrorNotice();
  const [step, setStep] = useState<Step>('form');
  const [status, setStatus] = useState<RedeemStatus[]>([]);
  const redeem = useMutation({
    mutationFn: (id: string) => couponsApi.redeem(type ?? 'UPI', id),
    onSuccess: (res, id) => {
      if (type) localStorage.setItem(SAVED_ID_KEY[type], id);
      setStatus(res.status);
      setStep('checklist');
    },
    onError: (err) => toast.error(t('coupons.redeemFailed'), errorMessage(err)),
  });
  const close = () => {
    setStep('form');
    setStatus([]);
    onClose();
  };
  const installed = status.includes('SUCCESS');
  const isUpi = type === 'UPI';
  return (
    <Modal
      open={type !== null}
      onCancel={close}
      footer={null}
      destroyOnHidden
      title={step === 'done' ? null : t(isUpi ? 'coupons.redeemUpiTitle' : 'coupons.redeemAmazonTitle')}
    >
      {step === 'form' && type && (
        <Form
          layout="vertical"
          requiredMark={false}
          onFinish={(v: { id: string }) => redeem.mutate(v.id.trim())}
          onFinishFailed={onFinishFailed}
          initialValues={{ id: localStorage.getItem(SAVED_ID_KEY[type]) ?? '' }}
        >
          <Form.Item
            name="id"
            label={t(isUpi ? 'coupons.upiLabel' : 'coupons.amazonLabel')}
            rules={[
              { required: true, message: t('auth.common.requiredField') },
              { pattern: isUpi ? UPI_PATTERN : EMAIL_PATTERN, message: t(isUpi ? 'coupons.upiValidID' : 'coupons.amazonPayValidID') },
            ]}
          >
            <Input placeholder={isUpi ? 'name@bank' : 'name@example.com'} autoComplete="off" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={redeem.isPending}>
            {t('coupons.redeem')}
          </Button>
        </Form>
      )}
      {step === 'checklist' && (
        <div className="dc-coupon-checklist" data-testid="redeem-checklist">
          <p>{t('coupons.checklistIntro')}</p>
          <ul>
            <li>
              {installed ? <CheckCircleFilled className="dc-ok" /> : <CloseCircleFilled className="dc-bad" />}{' '}
              {t(installed ? 'coupons.appInstalled' : 'coupons.appMissing')}
            </li>
            <li>
              {installed ? <CheckCircleFilled className="dc-ok" /> : <CloseCircleFilled className="dc-bad" />}{' '}
              {t(installed ? 'coupons.payoutRequested' : 'coupons.payoutNotRequested')}
            </li>
          </ul>
          {installed ? (
            <Button type="primary" block onClick={() => setStep('done')}>
              {t('coupons.continue')}
            </Button>
          ) : (
            <Link to="/repositories" onClick={close}>
              {t('coupons.connectCodeHost')}
            </Link>
          )}
        </div>
      )}
      {step === 'done' && (
        <Result
          status="success"
          title={t('coupons.successTitle')}
          subTitle={t('coupons.successText')}
          extra={
            <Button type="primary" onClick={() => window.location.reload()}>
              {t('coupons.okay')}
            </Button>
          }
        />
      )}
    </Modal>
  );
}
