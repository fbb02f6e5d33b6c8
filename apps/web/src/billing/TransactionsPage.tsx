import { SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../shell/ComingSoon.tsx';
import { ProfileSection } from '../profile/ProfileSection.tsx';

/** Profile › Transactions: arrives with the billing issue. */
export default function TransactionsPage() {
  const { t } = useTranslation();
  return (
    <ProfileSection title={t('billing.transactions.title')} description={t('billing.transactions.description')}>
      <ComingSoon icon={<SwapOutlined />} title={t('billing.transactions.soonTitle')} description={t('billing.transactions.soonText')} />
    </ProfileSection>
  );
}
