import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button, Tooltip } from 'antd';
import { LazyAlert as Alert } from '../shell/LazyAlert.tsx';
import { BranchesOutlined, LinkOutlined, PlusOutlined, SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/client.ts';
import { PageHeader } from '../shell/PageHeader.tsx';
import { PageSkeleton } from '../shell/PageSkeleton.tsx';
import { HOSTED, type HostedVendor } from './api.ts';
import { ConnectMenu } from './ConnectMenu.tsx';
import { filterRepos, type RepoFilter } from './grouping.ts';
import { InstallationProgress } from './InstallationStatus.tsx';
import { ReauthNotice } from './ReauthNotice.tsx';
import { RepoToolbar } from './RepoToolbar.tsx';
import type { SyncRequest } from './SyncDialog.tsx';
import { useRepositories } from './useRepositories.ts';
import { useOnceTrue } from '../shell/useOnceTrue.ts';
import { withPageTexts } from '../i18n/index.ts';
import { VendorIcon } from './VendorIcon.tsx';
import './repositories.css';

// The repository cards (their groups, tags, language colours) load when there are repositories
// to show: a new user's dashboard never needs them (docs/performance.md, "First load").
const RepoGroups = lazy(() => import('./RepoGroups.tsx').then((m) => ({ default: m.RepoGroups })));

// The three dialogs (forms, the sync terminal) are chunks of their own, loaded when first opened
// and kept mounted after, not with the dashboard's first paint (docs/performance.md, "First load").
const AddGitRepoDialog = lazy(async () => ({ default: (await import('./AddGitRepoDialog.tsx')).AddGitRepoDialog }));
const ConnectVendorDialog = lazy(async () => ({ default: (await import('./ConnectVendorDialog.tsx')).ConnectVendorDialog }));
// the sync terminal reads the page texts' `terminal` section
const SyncDialog = lazy(async () => ({ default: (await withPageTexts(() => import('./SyncDialog.tsx'))()).SyncDialog }));

/**
 * /repositories (docs/spec-conformance.md §2 Repositories dashboard): search, Sync All, the connect-more control,
 * the vendor filter, cards grouped by organisation; the Connect Vendors empty state, the
 * Installation in Progress screen and 'Repository not found!'.
 */
export default function RepositoriesPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<RepoFilter>({ search: '', vendor: 'ALL' });
  const [adding, setAdding] = useState(false);
  const [connecting, setConnecting] = useState<HostedVendor | null>(null);
  const [sync, setSync] = useState<SyncRequest | null>(null);
  const { repos, connections, connected, statuses, installing } = useRepositories();
  const addMounted = useOnceTrue(adding);
  const connectMounted = useOnceTrue(connecting !== null);
  const syncMounted = useOnceTrue(sync !== null);

  const all = repos.data ?? [];
  const actions = (
    <>
      <Tooltip title={connected.length ? t('repositories.syncAllHint') : t('repositories.syncAllNone')}>
        <Button
          icon={<SyncOutlined />}
          disabled={!connected.length}
          onClick={() => setSync({ vendors: [...connected], reinstall: true })}
          data-testid="sync-all"
        >
          {t('repositories.syncAll')}
        </Button>
      </Tooltip>
      <ConnectMenu connected={connected} onPick={setConnecting} />
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="add-repo">
        {t('repositories.add.button')}
      </Button>
    </>
  );

  let body: ReactNode;
  if (repos.isPending) body = <PageSkeleton rows={6} />;
  else if (repos.isError) body = <Alert type="error" showIcon title={errorMessage(repos.error)} />;
  else if (!all.length && installing) body = <InstallationProgress vendors={connected} statuses={statuses} />;
  else if (!all.length)
    body = (
      <section className="dc-panel dc-empty" data-testid="connect-vendors">
        <span className="dc-empty__art" aria-hidden="true">
          <LinkOutlined />
        </span>
        <h2>{t('repositories.connect.title')}</h2>
        <p>{t('repositories.connect.text')}</p>
        <div className="dc-empty__actions">
          {HOSTED.map((v) => (
            <Button key={v} size="large" icon={<VendorIcon vendor={v} />} onClick={() => setConnecting(v)} disabled={connected.includes(v)}>
              {t(`vendors.${v}`)}
            </Button>
          ))}
        </div>
        <div className="dc-empty__or">{t('auth.or')}</div>
        <Button type="primary" size="large" icon={<BranchesOutlined />} onClick={() => setAdding(true)} data-testid="add-repo-empty">
          {t('repositories.add.byUrl')}
        </Button>
      </section>
    );
  else
    body = (
      <>
        {installing && <InstallationProgress vendors={connected} statuses={statuses} compact />}
        <Suspense fallback={<PageSkeleton rows={6} />}>
          <RepoGroups repos={filterRepos(all, filter)} />
        </Suspense>
      </>
    );

  return (
    <div className="dc-page">
      <PageHeader title={t('repositories.title')} description={t('repositories.description')} />
      <RepoToolbar filter={filter} onChange={setFilter}>
        {actions}
      </RepoToolbar>
      <ReauthNotice connections={connections.data} onReconnect={setConnecting} />
      {body}
      {/* one boundary each: a dialog loading for the first time does not hide another one open */}
      {addMounted && (
        <Suspense fallback={null}>
          <AddGitRepoDialog open={adding} onClose={() => setAdding(false)} />
        </Suspense>
      )}
      {connectMounted && (
        <Suspense fallback={null}>
          <ConnectVendorDialog
            vendor={connecting}
            onClose={() => setConnecting(null)}
            onConnected={(v) => {
              setConnecting(null);
              setSync({ vendors: [v], reinstall: false });
            }}
          />
        </Suspense>
      )}
      {syncMounted && (
        <Suspense fallback={null}>
          <SyncDialog request={sync} onClose={() => setSync(null)} />
        </Suspense>
      )}
    </div>
  );
}
