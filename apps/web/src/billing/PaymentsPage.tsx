import { WalletOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../shell/ComingSoon.tsx';
import { ProfileSection } from '../profile/ProfileSection.tsx';

/** Profile › Payments: arrives with the billing issue. */
export default function PaymentsPage() {
  const { t } = useTranslation();
  return (
    <ProfileSection title={t('billing.payments.title')} description={t('billing.payments.description')}>
      <ComingSoon icon={<WalletOutlined />} title={t('billing.payments.soonTitle')} description={t('billing.payments.soonText')} />
    </ProfileSection>
  );
}
