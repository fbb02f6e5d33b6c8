import { useState } from 'react';
import { Alert, Skeleton } from 'antd';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/client.ts';
import { PageHeader } from '../shell/PageHeader.tsx';
import { organizationView, type RepoFilter } from './grouping.ts';
import { NotFoundState } from './NotFoundState.tsx';
import { RepoGroups } from './RepoGroups.tsx';
import { RepoToolbar } from './RepoToolbar.tsx';
import { useRepositories } from './useRepositories.ts';
import { Vendor } from '@docent/contracts';
import './repositories.css';

/** /repositories/:vendor/:orgName — the organisation's repositories as cards, same filter and search. */
export default function OrganizationPage() {
  const { t, i18n } = useTranslation();
  const { vendor = '', orgName = '' } = useParams();
  const [filter, setFilter] = useState<RepoFilter>({ search: '', vendor: Vendor.safeParse(vendor.toUpperCase()).data ?? 'ALL' });
  const { repos } = useRepositories(orgName);
  const view = organizationView(repos.data ?? [], vendor, orgName, filter);
  if (repos.isSuccess && !view.exists) return <NotFoundState title={t('repositories.org.notFound')} testId="org-not-found" />;
  const vendorNames = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
    view.vendors.map((v) => t(`vendors.${v}`, { defaultValue: v })),
  );
  return (
    <div className="dc-page">
      <PageHeader title={orgName} description={t('repositories.org.description', { vendor: vendorNames })} />
      <RepoToolbar filter={filter} onChange={setFilter} />
      {repos.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : repos.isError ? (
        <Alert type="error" showIcon title={errorMessage(repos.error)} />
      ) : (
        <RepoGroups repos={view.shown} grouped={false} />
      )}
    </div>
  );
}
