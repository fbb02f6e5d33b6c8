import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PaymentStatus } from '@docent/contracts';

const COLOR: Record<PaymentStatus, string> = {
  PAYMENT_ACTIVE: 'blue',
  PAYMENT_PENDING: 'gold',
  PAYMENT_COMPLETE: 'green',
  PAYMENT_FAILED: 'red',
};

/** docs/spec-conformance.md §3/§4 payment and coupon states as a coloured tag. */
export function PaymentStatusTag({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation();
  return <Tag color={COLOR[status]}>{t(`billing.status.${status}`)}</Tag>;
}
