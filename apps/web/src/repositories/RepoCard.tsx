import { Tag, Tooltip } from 'antd';
import { CrownFilled, LockOutlined, GlobalOutlined, RightOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Repository } from '@docent/contracts';
import { isPremium, repoPath } from './grouping.ts';
import { VendorIcon } from './VendorIcon.tsx';
import { oneDecimal, percentOf } from '../repository/languages.ts';

/** One repository card; a click opens /repositories/{vendor}/{org}/{repo}. */
export function RepoCard({ repo }: { repo: Repository }) {
  const { t, i18n } = useTranslation();
  const report = repo.gitAppMetaData.analysisReport;
  const fn = report.basicFuncDocAnalysis;
  const readme = report.readmeAnalysis;
  const premium = isPremium(repo);
  return (
    <Link
      to={repoPath(repo)}
      className={`dc-repo-card${premium ? ' dc-repo-card--premium' : ''}`}
      data-testid="repo-card"
      data-repo={repo.repoName}
    >
      <div className="dc-repo-card__top">
        <span className="dc-repo-card__icon" aria-hidden="true">
          <VendorIcon vendor={repo.vendor} />
        </span>
        <div className="dc-repo-card__names">
          <strong>{repo.repoName}</strong>
          <span>{repo.organizationName}</span>
        </div>
        {premium && (
          <Tooltip title={t('repositories.card.premiumHint')}>
            <Tag color="gold" icon={<CrownFilled />} className="dc-repo-card__premium">
              {t(`shell.planNames.${repo.planType}`)}
            </Tag>
          </Tooltip>
        )}
      </div>
      <div className="dc-repo-card__meta">
        <span>
          {repo.isPrivate ? <LockOutlined /> : <GlobalOutlined />}{' '}
          {repo.isPrivate ? t('repositories.card.private') : t('repositories.card.public')}
        </span>
        {repo.defaultBranch && <span className="dc-repo-card__branch">{repo.defaultBranch}</span>}
      </div>
      <div className="dc-repo-card__stats">
        <span>
          {fn
            ? t('repositories.card.documented', { percent: oneDecimal(percentOf(fn.totalDocumented, fn.totalFunctions), i18n.language) })
            : t('repositories.card.notAnalysed')}
        </span>
        {readme && <span>{t('repositories.card.readme', { score: readme.calculatedQualityScore })}</span>}
        <RightOutlined className="dc-repo-card__go" aria-hidden="true" />
      </div>
    </Link>
  );
}
