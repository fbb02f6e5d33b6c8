import { GiftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../shell/ComingSoon.tsx';
import { PageHeader } from '../shell/PageHeader.tsx';

/** /redeem-coupon — coupons arrive with the coupons issue. */
export default function CouponsPage() {
  const { t } = useTranslation();
  return (
    <div className="dc-page">
      <PageHeader title={t('coupons.title')} description={t('coupons.description')} />
      <ComingSoon icon={<GiftOutlined />} title={t('coupons.soonTitle')} description={t('coupons.soonText')} />
    </div>
  );
}
