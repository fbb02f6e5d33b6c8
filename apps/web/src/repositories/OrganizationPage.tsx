import { ApartmentOutlined } from '@ant-design/icons';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../shell/ComingSoon.tsx';
import { PageHeader } from '../shell/PageHeader.tsx';

/** /repositories/:vendor/:orgName — the organisation's repositories arrive with the vendor issue. */
export default function OrganizationPage() {
  const { t } = useTranslation();
  const { orgName = '' } = useParams();
  return (
    <div className="dc-page">
      <PageHeader title={orgName} description={t('repositories.org.description')} />
      <ComingSoon icon={<ApartmentOutlined />} title={t('repositories.org.soonTitle')} description={t('repositories.org.soonText')} />
    </div>
  );
}
