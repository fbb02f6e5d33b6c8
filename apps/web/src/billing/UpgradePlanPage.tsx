import { CrownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../shell/ComingSoon.tsx';
import { ProfileSection } from '../profile/ProfileSection.tsx';

/** Profile › upgrade plan: arrives with the billing issue. */
export default function UpgradePlanPage() {
  const { t } = useTranslation();
  return (
    <ProfileSection title={t('billing.upgrade.title')} description={t('billing.upgrade.description')}>
      <ComingSoon icon={<CrownOutlined />} title={t('billing.upgrade.soonTitle')} description={t('billing.upgrade.soonText')} />
    </ProfileSection>
  );
}
