import { UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../shell/ComingSoon.tsx';
import { PageHeader } from '../shell/PageHeader.tsx';

/** /jobs and /jobs/:jobId — the job list and live logs arrive with the jobs issue. */
export default function JobsPage() {
  const { t } = useTranslation();
  return (
    <div className="dc-page">
      <PageHeader title={t('jobs.title')} description={t('jobs.description')} />
      <ComingSoon icon={<UnorderedListOutlined />} title={t('jobs.soonTitle')} description={t('jobs.soonText')} />
    </div>
  );
}
