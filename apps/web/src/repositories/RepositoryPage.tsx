import { BarChartOutlined } from '@ant-design/icons';
import { Tabs } from 'antd';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../shell/ComingSoon.tsx';
import { PageHeader } from '../shell/PageHeader.tsx';

/**
 * /repositories/:vendor/:orgName/:repoName/ and …/lro. The tabs already follow the path
 * (spec §2); their content arrives with the analysis and jobs issues.
 */
export default function RepositoryPage() {
  const { t } = useTranslation();
  const { vendor = '', orgName = '', repoName = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const base = `/repositories/${encodeURIComponent(vendor)}/${encodeURIComponent(orgName)}/${encodeURIComponent(repoName)}`;
  const active = location.pathname.replace(/\/$/, '').endsWith('/lro') ? 'jobs' : 'dashboard';
  return (
    <div className="dc-page">
      <PageHeader title={repoName} description={`${orgName} · ${t(`vendors.${vendor.toUpperCase()}`, { defaultValue: vendor })}`} />
      <Tabs
        activeKey={active}
        onChange={(key) => void navigate(key === 'jobs' ? `${base}/lro` : `${base}/`)}
        items={[
          {
            key: 'dashboard',
            label: t('repositories.repo.dashboard'),
            children: <ComingSoon icon={<BarChartOutlined />} title={t('repositories.repo.soonTitle')} description={t('repositories.repo.soonText')} />,
          },
          {
            key: 'jobs',
            label: t('repositories.repo.allJobs'),
            children: <ComingSoon icon={<BarChartOutlined />} title={t('jobs.soonTitle')} description={t('jobs.soonText')} />,
          },
        ]}
      />
    </div>
  );
}
