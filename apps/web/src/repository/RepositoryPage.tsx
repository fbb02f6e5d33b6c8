import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Skeleton, Tabs, Tag, Tooltip } from 'antd';
import { useApp } from '../theme/feedback.tsx';
import { CodeOutlined, CrownOutlined, DeleteOutlined, ExperimentOutlined, ExportOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Vendor, type AnalysisReport } from '@docent/contracts';
import { ApiRequestError, errorMessage } from '../api/client.ts';
import { useCurrentUser } from '../auth/useCurrentUser.ts';
import { useDocumentTitle } from '../shell/useDocumentTitle.ts';
import { AzurePatModal } from '../repositories/AzurePatModal.tsx';
import { reposKeys } from '../repositories/api.ts';
import { NotFoundState } from '../repositories/NotFoundState.tsx';
import { VendorIcon } from '../repositories/VendorIcon.tsx';
import { TerminalModal } from '../terminal/Terminal.tsx';
import { analysisLabel } from '../jobs/jobLabels.ts';
import { repositoryApi, repositoryKeys, type RepoRef } from './api.ts';
import { DashboardCards } from './DashboardCards.tsx';
import { DocToolsCard } from './DocToolsCard.tsx';
import { DocIssuesModal, FunctionCoverageModal } from './FunctionDetailsModals.tsx';
import { InsightsCard } from './InsightsCard.tsx';
import { ReadmeModal } from './ReadmeModal.tsx';
import { RepoJobsTab } from './RepoJobsTab.tsx';
import { showUpgradeButton } from './upgradeRule.ts';
import { useAnalysis } from './useAnalysis.ts';
import { RepoSettingsSection } from './RepoSettingsSection.tsx';
import { TrendChart } from './TrendChart.tsx';
import { useAnalysisHistory } from './useHistory.ts';
import './repository.css';

function hasAnyAnalysis(r: AnalysisReport): boolean {
  return Boolean(
    r.basicFuncDocAnalysis ||
    r.advancedFuncDocAnalysis ||
    r.readmeAnalysis ||
    (r.programmingLanguages && Object.keys(r.programmingLanguages).length),
  );
}

/** One page instance per repository, so its analysis state never carries over to another. */
export default function RepositoryRoute() {
  const { vendor, orgName, repoName } = useParams();
  return <RepositoryPage key={`${vendor}/${orgName}/${repoName}`} />;
}

/**
 * /repositories/:vendor/:orgName/:repoName/ and …/lro (docs/spec-conformance.md §2 Repository page): a breadcrumb
 * bar with actions, tabs Dashboard and All Jobs kept in sync with the path.
 */
function RepositoryPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const params = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const vendorParse = Vendor.safeParse((params.vendor ?? '').toUpperCase());
  const vendor = vendorParse.success ? vendorParse.data : 'GIT';
  const org = params.orgName ?? '';
  const repo = params.repoName ?? '';
  const repoRef = useMemo<RepoRef>(() => ({ vendor, org, repo }), [vendor, org, repo]);
  const base = `/repositories/${encodeURIComponent(params.vendor ?? '')}/${encodeURIComponent(org)}/${encodeURIComponent(repo)}`;
  const trimmedPath = location.pathname.replace(/\/$/, '');
  const active = trimmedPath.endsWith('/lro') ? 'jobs' : trimmedPath.endsWith('/settings') ? 'settings' : 'dashboard';
  useDocumentTitle(repo);

  const detail = useQuery({
    queryKey: repositoryKeys.detail(repoRef),
    queryFn: () => repositoryApi.get(repoRef),
    enabled: Boolean(org && repo),
  });
  const report = detail.data?.gitAppMetaData.analysisReport ?? {};
  const languages = useQuery({
    queryKey: repositoryKeys.languages(repoRef),
    queryFn: () => repositoryApi.languages(repoRef),
    enabled: Boolean(detail.data && report.programmingLanguages),
  });
  const analysis = useAnalysis(repoRef, { needsAzurePat: vendor === 'AZUREDEVOPS' });
  // a finished analysis from anywhere (a push's webhook too) refreshes the page by itself
  const history = useAnalysisHistory(repoRef);
  const [modal, setModal] = useState<'functions' | 'issues' | 'readme' | null>(null);
  const { modal: confirm, message } = useApp();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => repositoryApi.remove(repoRef),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: reposKeys.all });
      queryClient.removeQueries({ queryKey: repositoryKeys.detail(repoRef) });
      void message.success(t('repository.remove.done', { name: `${org}/${repo}` }));
      void navigate('/repositories');
    },
    onError: (err) => void message.error(errorMessage(err)),
  });
  const askRemove = () =>
    confirm.confirm({
      title: t('repository.remove.title', { name: `${org}/${repo}` }),
      content: t('repository.remove.body'),
      okText: t('repository.remove.ok'),
      okButtonProps: { danger: true, id: 'remove-repo-confirm' },
      cancelText: t('common.cancel'),
      onOk: () => remove.mutateAsync().catch(() => undefined),
    });

  // docs/spec-conformance.md §6: the analysis dashboard renders nothing without a user.
  if (!user) return null;
  // A missing repository shows only that, not its bar, actions and tabs.
  if (detail.error instanceof ApiRequestError && detail.error.status === 404) {
    return <NotFoundState title={t('repository.notFound')} testId="repo-not-found-page" />;
  }

  const planType = detail.data?.planType;
  const analysed = hasAnyAnalysis(report);
  const busy = analysis.running || analysis.starting !== null;

  const actions = (
    <div className="dc-repo-bar__actions">
      <Tooltip title={t('repository.bar.logsHint')}>
        <Button icon={<CodeOutlined />} onClick={analysis.openTerminal} data-testid="open-terminal">
          {t('repository.bar.logs')}
        </Button>
      </Tooltip>
      {detail.data?.gitAppMetaData.siteUrl && (
        <Button icon={<ExportOutlined />} href={detail.data.gitAppMetaData.siteUrl} target="_blank" rel="noreferrer">
          {t('repository.bar.site')}
        </Button>
      )}
      {detail.data && showUpgradeButton(planType, search) && (
        <Link to={`/profile/upgrade-plan?accept_payment=${encodeURIComponent(`${org}/${repo}`)}`}>
          <Button icon={<CrownOutlined />} className="dc-upgrade-btn" data-testid="upgrade-button">
            {t('repository.bar.upgrade')}
          </Button>
        </Link>
      )}
      {detail.data && (
        <Button danger icon={<DeleteOutlined />} onClick={askRemove} loading={remove.isPending} data-testid="remove-repo">
          {t('repository.remove.button')}
        </Button>
      )}
      {detail.data && !analysed && (
        <Button
          type="primary"
          icon={<ExperimentOutlined />}
          onClick={() => void analysis.start('coverage')}
          loading={busy}
          data-testid="full-analysis"
        >
          {t('repository.bar.fullAnalysis')}
        </Button>
      )}
    </div>
  );

  let dashboard: ReactNode;
  if (detail.isPending) dashboard = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (detail.isError) dashboard = <Alert type="error" showIcon title={errorMessage(detail.error)} data-testid="repo-error" />;
  else
    dashboard = (
      <>
        {languages.isError && <Alert type="warning" showIcon title={t('repository.languagesFailed')} className="dc-mb" />}
        <DashboardCards
          report={report}
          languages={languages.data?.languages}
          runningType={analysis.runningType ?? analysis.starting}
          progress={analysis.live.state.percentage}
          busy={busy}
          onAnalyze={(type) => void analysis.start(type)}
          onOpen={setModal}
        />
        <InsightsCard report={report} />
        {history.data && <TrendChart points={history.data.points} />}
        {report.programmingLanguages && Object.keys(report.programmingLanguages).length > 0 && (
          <DocToolsCard
            repoRef={repoRef}
            repoLanguages={Object.keys(report.programmingLanguages)}
            planType={user.planType === 'PRO' ? 'PRO' : planType}
            countRepoGen={user.countRepoGen}
            isPrivate={detail.data?.repository.isPrivate}
          />
        )}
      </>
    );

  return (
    <div className="dc-page">
      <div className="dc-repo-bar">
        <div className="dc-repo-bar__title">
          <span className="dc-repo-bar__icon" aria-hidden="true">
            <VendorIcon vendor={vendor} />
          </span>
          <div>
            <h1>{repo}</h1>
            <p>
              <Link to={`/repositories/${encodeURIComponent(params.vendor ?? '')}/${encodeURIComponent(org)}`}>{org}</Link>
              {' · '}
              {t(`vendors.${vendor}`)}
              {planType && planType !== 'FREE' && (
                <Tag color="gold" className="dc-repo-bar__plan">
                  {t(`shell.planNames.${planType}`)}
                </Tag>
              )}
            </p>
          </div>
        </div>
        {actions}
      </div>
      <Tabs
        activeKey={active}
        onChange={(key) => void navigate(key === 'jobs' ? `${base}/lro` : key === 'settings' ? `${base}/settings` : `${base}/`)}
        items={[
          { key: 'dashboard', label: t('repositories.repo.dashboard'), children: dashboard },
          { key: 'jobs', label: t('repositories.repo.allJobs'), children: active === 'jobs' ? <RepoJobsTab repoRef={repoRef} /> : null },
          {
            key: 'settings',
            label: t('webhooks.tab'),
            children:
              active === 'settings' && detail.data ? (
                <RepoSettingsSection
                  repoRef={repoRef}
                  repoId={detail.data.repository.id}
                  defaultBranch={detail.data.repository.defaultBranch}
                />
              ) : null,
          },
        ]}
      />
      <TerminalModal
        open={analysis.terminalOpen}
        onClose={analysis.closeTerminal}
        modalTitle={t('repository.terminal.title', { repo })}
        lines={analysis.live.state.lines}
        title={
          analysis.current
            ? t('repository.terminal.job', { id: analysis.current.jobId, type: analysisLabel(analysis.current.type, t) })
            : t('repository.terminal.idle')
        }
        status={
          analysis.live.state.state && (
            <Tag data-testid="analysis-state">
              {t(`jobs.states.${analysis.live.state.state}`, { defaultValue: analysis.live.state.state })}
            </Tag>
          )
        }
        progress={analysis.current ? analysis.live.state.percentage : undefined}
        stop={analysis.current ? { jobId: analysis.current.jobId, active: analysis.running, onLine: analysis.live.appendLocal } : undefined}
        live={analysis.running}
        downloadName={`${org}-${repo}-analysis.log`}
        testId="analysis-terminal"
        emptyText={t('repository.terminal.empty')}
      />
      <FunctionCoverageModal
        repoRef={repoRef}
        open={modal === 'functions'}
        onClose={() => setModal(null)}
        onError={(err) => analysis.detailFailed('functions', err)}
      />
      <DocIssuesModal
        repoRef={repoRef}
        open={modal === 'issues'}
        onClose={() => setModal(null)}
        onError={(err) => analysis.detailFailed('issues', err)}
      />
      <ReadmeModal
        repoRef={repoRef}
        open={modal === 'readme'}
        onClose={() => setModal(null)}
        onError={(err) => analysis.detailFailed('readme', err)}
      />
      <AzurePatModal organization={org} open={analysis.patOpen} onVerified={analysis.patVerified} onCancel={analysis.patCancelled} />
    </div>
  );
}
