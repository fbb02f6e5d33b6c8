import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Repository } from '@docent/contracts';
import { groupByOrganization, orgPath, sortRepos } from './grouping.ts';
import { RepoCard } from './RepoCard.tsx';
import { VendorIcon } from './VendorIcon.tsx';

// antd's Empty (its illustration) loads when a filter first finds nothing, not with the dashboard
// (docs/performance.md, "First load"); its text shows at once.
const Empty = lazy(() => import('antd/es/empty'));

/** Cards grouped by organisation (dashboard), or one sorted grid (organisation page). */
export function RepoGroups({ repos, grouped = true }: { repos: readonly Repository[]; grouped?: boolean }) {
  const { t } = useTranslation();
  if (!repos.length) {
    return (
      <div className="dc-panel dc-not-found" data-testid="repo-not-found">
        <Suspense fallback={<p className="dc-not-found__text">{t('repositories.notFound')}</p>}>
          <Empty description={t('repositories.notFound')} />
        </Suspense>
      </div>
    );
  }
  if (!grouped) {
    return (
      <div className="dc-repo-grid">
        {sortRepos(repos).map((r) => (
          <RepoCard key={r.id} repo={r} />
        ))}
      </div>
    );
  }
  return (
    <div className="dc-org-groups">
      {groupByOrganization(repos).map((g) => (
        <section key={g.key} className="dc-org-group" data-testid="org-group" data-org={g.organizationName}>
          <header className="dc-org-group__head">
            <Link to={orgPath(g.vendor, g.organizationName)} className="dc-org-group__name">
              <VendorIcon vendor={g.vendor} /> {g.organizationName}
            </Link>
            <span className="dc-org-group__count">{t('repositories.repoCount', { count: g.repos.length })}</span>
          </header>
          <div className="dc-repo-grid">
            {g.repos.map((r) => (
              <RepoCard key={r.id} repo={r} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
