import { useState } from 'react';
import { Alert, Skeleton } from 'antd';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/client.ts';
import { PageHeader } from '../shell/PageHeader.tsx';
import { filterRepos, type RepoFilter } from './grouping.ts';
import { RepoGroups } from './RepoGroups.tsx';
import { RepoToolbar } from './RepoToolbar.tsx';
import { useRepositories } from './useRepositories.ts';
import type { Vendor } from '@docent/contracts';
import './repositories.css';

/** /repositories/:vendor/:orgName — the organisation's repositories as cards, same filter and search. */
export default function OrganizationPage() {
  const { t } = useTranslation();
  const { vendor = '', orgName = '' } = useParams();
  const [filter, setFilter] = useState<RepoFilter>({ search: '', vendor: (vendor.toUpperCase() as Vendor) || 'ALL' });
  const { repos } = useRepositories(orgName);
  const all = repos.data ?? [];
  return (
    <div className="dc-page">
      <PageHeader title={orgName} description={t('repositories.org.description', { vendor: t(`vendors.${vendor.toUpperCase()}`, { defaultValue: vendor }) })} />
      <RepoToolbar filter={filter} onChange={setFilter} />
      {repos.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : repos.isError ? (
        <Alert type="error" showIcon title={errorMessage(repos.error)} />
      ) : (
        <RepoGroups repos={filterRepos(all, filter)} grouped={false} />
      )}
    </div>
  );
}
