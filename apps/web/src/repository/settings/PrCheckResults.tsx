import { Alert, Skeleton, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PrCheckResult } from '@docent/contracts';
import { errorMessage } from '../../api/client.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { prCheckApi, prCheckKeys } from './prCheckApi.ts';

/**
 * The latest check of each pull request, or of each branch a plain git remote's post-receive hook
 * reported (docs/pr-insights.md, "Plain git remotes"): what the comment on the pull request says,
 * kept in Docent whether or not a code host took it.
 */
export function PrCheckResults({ repoId }: { repoId: string }) {
  const { t } = useTranslation();
  const checks = useQuery({ queryKey: prCheckKeys.checks(repoId), queryFn: () => prCheckApi.checks(repoId) });
  if (checks.isPending) return <Skeleton active paragraph={{ rows: 1 }} />;
  if (checks.isError) return <Alert type="error" showIcon title={errorMessage(checks.error)} />;
  return (
    <div className="dc-prcheck__results" data-testid="pr-check-results">
      <h4>{t('prCheck.results.title')}</h4>
      {checks.data.checks.length === 0 ? (
        <p className="dc-muted">{t('prCheck.results.none')}</p>
      ) : (
        <ul>
          {checks.data.checks.map((c) => (
            <CheckItem key={`${c.vendor}:${c.number ?? c.headRef}`} check={c} />
          ))}
        </ul>
      )}
    </div>
  );
}

function CheckItem({ check: c }: { check: PrCheckResult }) {
  const { t, i18n } = useTranslation();
  const what =
    c.number === null
      ? t('prCheck.results.branch', { branch: c.headRef, base: c.baseRef })
      : t('prCheck.results.pullRequest', { number: c.number, title: c.title });
  const coverage =
    c.coverage === null
      ? t('prCheck.results.noFunctions')
      : t('prCheck.results.coverage', { percent: c.coverage, documented: c.documented, changed: c.changedFunctions });
  return (
    <li data-testid="pr-check-result">
      <div className="dc-prcheck__head">
        <strong>{what}</strong>
        <Tag color={c.state === 'success' ? 'success' : c.state === 'failure' ? 'error' : 'default'}>
          {t(`prCheck.results.state.${c.state}`)}
        </Tag>
      </div>
      <div className="dc-muted">
        <code>{c.headSha.slice(0, 7)}</code> · {coverage}
        {c.outdated > 0 && <> · {t('prCheck.results.outdated', { count: c.outdated })}</>}
        {c.suggestions > 0 && <> · {t('prCheck.results.suggestions', { count: c.suggestions })}</>} ·{' '}
        {formatDateTime(c.checkedAt, i18n.language)}
        {c.jobId !== null && (
          <>
            {' · '}
            <Link to={`/jobs/${c.jobId}`}>{t('prCheck.results.log')}</Link>
          </>
        )}
      </div>
    </li>
  );
}
