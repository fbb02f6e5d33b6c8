import { useState } from 'react';
import { Alert, Button, Skeleton, Switch, Tag, Typography } from 'antd';
import { ApiOutlined, DownloadOutlined, EyeOutlined, SettingOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  filledPostReceiveHook,
  POST_RECEIVE_HOOK,
  type AutoDocSettings,
  type AutoDocSetState,
  type WebhookStatus,
} from '@docent/contracts';
import { errorMessage } from '../api/client.ts';
import { formatDateTime } from '../i18n/format.ts';
import { useToast } from '../shell/toast.tsx';
import type { RepoRef } from './api.ts';
import { PrCheckSettings } from './settings/PrCheckSettings.tsx';
import { webhookKeys, webhooksApi } from './webhooksApi.ts';
import { autoRunDetail, deliveryDetail } from './webhookDetail.ts';

const RESULT_COLOR: Record<string, string> = {
  'analysis-queued': 'success',
  'pr-insights-queued': 'success',
  ping: 'processing',
  ignored: 'default',
  rejected: 'error',
};
const RUN_COLOR: Record<string, string> = {
  queued: 'processing',
  regenerated: 'success',
  unchanged: 'default',
  failed: 'error',
  skipped: 'warning',
};
const DOC_SET_KINDS = ['arch', 'api'] as const;

/**
 * The repository's settings (docs/webhooks.md): its webhook (status of the last delivery, vendor
 * registration, or URL and secret to paste by hand / into the post-receive hook) and automatic
 * documentation updates per doc type.
 */
export function RepoSettingsSection({
  repoRef,
  repoId,
  defaultBranch,
}: {
  repoRef: RepoRef;
  repoId: string;
  defaultBranch: string | null;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: webhookKeys.status(repoRef), queryFn: () => webhooksApi.status(repoRef), refetchInterval: 10_000 });
  const [secret, setSecret] = useState<string | null>(null);
  const set = (s: WebhookStatus) => queryClient.setQueryData(webhookKeys.status(repoRef), s);
  const reveal = useMutation({
    mutationFn: () => webhooksApi.secret(repoRef),
    onSuccess: (r) => setSecret(r.secret),
    onError: (e) => toast.error(t('webhooks.secretFailed'), errorMessage(e)),
  });
  const register = useMutation({
    mutationFn: () => webhooksApi.register(repoRef),
    onSuccess: (s) => {
      set(s);
      if (s.registration === 'vendor') toast.success(t('webhooks.registered', { vendor: t(`vendors.${repoRef.vendor}`) }));
    },
    onError: (e) => toast.error(t('webhooks.registerFailed'), errorMessage(e)),
  });
  const autoDocs = useMutation({
    mutationFn: (next: Partial<AutoDocSettings>) => webhooksApi.settings(repoRef, next),
    onSuccess: (s, next) => {
      set(s);
      const kind = next.arch !== undefined ? 'arch' : next.api !== undefined ? 'api' : null;
      if (kind)
        toast.success(
          t(s.autoDocs[kind] ? 'webhooks.autoDocs.kindOn' : 'webhooks.autoDocs.kindOff', { type: t(`webhooks.autoDocs.${kind}`) }),
        );
      else toast.success(s.autoDocs.repo ? t('webhooks.autoDocs.on') : t('webhooks.autoDocs.off'));
    },
    onError: (e) => toast.error(t('webhooks.autoDocs.failed'), errorMessage(e)),
  });

  const s = status.data;
  const hosted = repoRef.vendor !== 'GIT';
  const last = s?.lastDelivery;
  return (
    <div className="dc-settings" data-testid="repo-settings">
      <section className="dc-panel dc-settings__card" data-testid="webhook-settings">
        <header className="dc-acard__head">
          <span className="dc-acard__icon" aria-hidden="true">
            <ApiOutlined />
          </span>
          <h3>{t('webhooks.title')}</h3>
          {s && (
            <Tag color={s.registration === 'vendor' ? 'success' : 'default'} data-testid="webhook-registration">
              {s.registration === 'vendor'
                ? t('webhooks.registration.vendor', { vendor: t(`vendors.${repoRef.vendor}`) })
                : t('webhooks.registration.manual')}
            </Tag>
          )}
        </header>
        {status.isPending && <Skeleton active paragraph={{ rows: 3 }} />}
        {status.isError && <Alert type="error" showIcon title={errorMessage(status.error)} />}
        {s && (
          <>
            <p className="dc-muted">{t('webhooks.intro', { branch: defaultBranch ?? 'main' })}</p>
            <div className="dc-settings__row" data-testid="webhook-last-delivery">
              <span className="dc-settings__label">{t('webhooks.lastDelivery')}</span>
              {last ? (
                <span className="dc-settings__value">
                  <Tag color={RESULT_COLOR[last.result] ?? 'default'}>{t(`webhooks.results.${last.result}`)}</Tag>
                  <span>{formatDateTime(last.receivedAt, i18n.language)}</span>
                  <span className="dc-muted dc-settings__detail">{deliveryDetail(t, last)}</span>
                </span>
              ) : (
                <span className="dc-muted">{t('webhooks.noDelivery')}</span>
              )}
            </div>
            {s.registrationNote && <Alert type="warning" showIcon title={s.registrationNote} data-testid="webhook-note" />}
            {hosted && s.registration !== 'vendor' && (
              <Button icon={<ApiOutlined />} onClick={() => register.mutate()} loading={register.isPending} data-testid="register-webhook">
                {t('webhooks.register', { vendor: t(`vendors.${repoRef.vendor}`) })}
              </Button>
            )}
            {s.registration === 'manual' && (
              <div className="dc-settings__manual">
                <p className="dc-muted">
                  {hosted ? t('webhooks.manualHosted', { vendor: t(`vendors.${repoRef.vendor}`) }) : t('webhooks.manualGit')}
                </p>
                <div className="dc-settings__row">
                  <span className="dc-settings__label">{t('webhooks.url')}</span>
                  <Typography.Text code copyable className="dc-settings__secret" data-testid="webhook-url">
                    {s.url}
                  </Typography.Text>
                </div>
                <div className="dc-settings__row">
                  <span className="dc-settings__label">{t('webhooks.secret')}</span>
                  {secret ? (
                    <Typography.Text code copyable className="dc-settings__secret" data-testid="webhook-secret">
                      {secret}
                    </Typography.Text>
                  ) : (
                    <Button
                      size="small"
                      icon={<EyeOutlined />}
                      onClick={() => reveal.mutate()}
                      loading={reveal.isPending}
                      data-testid="reveal-secret"
                    >
                      {t('webhooks.showSecret')}
                    </Button>
                  )}
                </div>
                {!hosted && secret && (
                  <Button
                    icon={<DownloadOutlined />}
                    href={`data:text/x-shellscript;charset=utf-8,${encodeURIComponent(filledPostReceiveHook(POST_RECEIVE_HOOK, s.url, secret))}`}
                    download="post-receive"
                    data-testid="download-hook"
                  >
                    {t('webhooks.downloadHook')}
                  </Button>
                )}
                {!hosted && (
                  <pre className="dc-settings__code" data-testid="hook-commands">
                    {`git config docent.webhookUrl '${s.url}'\ngit config docent.webhookSecret '${secret ?? '<secret>'}'\ncp post-receive-hook.sh hooks/post-receive && chmod +x hooks/post-receive`}
                  </pre>
                )}
              </div>
            )}
          </>
        )}
      </section>

      <section className="dc-panel dc-settings__card" data-testid="auto-docs-settings">
        <header className="dc-acard__head">
          <span className="dc-acard__icon" aria-hidden="true">
            <SettingOutlined />
          </span>
          <h3>{t('webhooks.autoDocs.title')}</h3>
        </header>
        <p className="dc-muted">{t('webhooks.autoDocs.intro', { branch: defaultBranch ?? 'main' })}</p>
        <label className="dc-settings__switch">
          <Switch
            checked={s?.autoDocs.repo ?? false}
            disabled={!s}
            loading={autoDocs.isPending}
            onChange={(on) => autoDocs.mutate({ repo: on })}
            data-testid="auto-docs-repo"
            aria-describedby="auto-docs-repo-help"
          />
          <span>
            <strong>{t('webhooks.autoDocs.repo')}</strong>
            <span id="auto-docs-repo-help" className="dc-muted dc-settings__detail">
              {t('webhooks.autoDocs.repoHelp')}
            </span>
          </span>
        </label>
        {s && <AutoSetState state={s.autoDocSets.repo} kind="repo" />}
        {DOC_SET_KINDS.map((kind) => (
          <div key={kind} className="dc-settings__autoset" data-testid={`auto-docs-${kind}-settings`}>
            <label className="dc-settings__switch">
              <Switch
                checked={s?.autoDocs[kind] ?? false}
                disabled={!s}
                loading={autoDocs.isPending && autoDocs.variables?.[kind] !== undefined}
                onChange={(on) => autoDocs.mutate({ [kind]: on })}
                data-testid={`auto-docs-${kind}`}
                aria-describedby={`auto-docs-${kind}-help`}
              />
              <span>
                <strong>{t(`webhooks.autoDocs.${kind}`)}</strong>
                <span id={`auto-docs-${kind}-help`} className="dc-muted dc-settings__detail">
                  {t('webhooks.autoDocs.setHelp', { branch: `docent/auto-docs-${kind}` })}
                </span>
              </span>
            </label>
            {s && <AutoSetState state={s.autoDocSets[kind]} kind={kind} />}
          </div>
        ))}
      </section>

      {/* A plain git remote's "pull requests" are the branches its post-receive hook reports. */}
      <PrCheckSettings repoId={repoId} plainGit={!hosted} />
    </div>
  );
}

/** Whether a doc type can be updated automatically, and what its last automatic run did. */
function AutoSetState({ state, kind }: { state: AutoDocSetState; kind: 'repo' | 'arch' | 'api' }) {
  const { t, i18n } = useTranslation();
  const last = state.lastRun;
  return (
    <div className="dc-settings__autostate">
      {!state.ready && <Alert type="info" showIcon title={t('webhooks.autoDocs.notReady')} data-testid={`auto-docs-${kind}-not-ready`} />}
      <div className="dc-settings__row" data-testid={`auto-docs-${kind}-last`}>
        <span className="dc-settings__label">{t('webhooks.autoDocs.lastRun')}</span>
        {last ? (
          <span className="dc-settings__value">
            <Tag color={RUN_COLOR[last.result] ?? 'default'}>{t(`webhooks.autoDocs.results.${last.result}`)}</Tag>
            <Typography.Text code>{last.commit.slice(0, 7)}</Typography.Text>
            <span>{formatDateTime(last.at, i18n.language)}</span>
            <span className="dc-muted dc-settings__detail">{autoRunDetail(t, last)}</span>
          </span>
        ) : (
          <span className="dc-muted">{t('webhooks.autoDocs.noRun')}</span>
        )}
      </div>
    </div>
  );
}
