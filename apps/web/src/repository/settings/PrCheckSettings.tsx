import { useEffect, useState } from 'react';
import './prCheck.css';
import { Alert, Button, InputNumber, Skeleton, Switch } from 'antd';
import { PullRequestOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client.ts';
import { useToast } from '../../shell/toast.tsx';
import { prCheckApi, prCheckKeys } from './prCheckApi.ts';
import { PrCheckResults } from './PrCheckResults.tsx';

const DEFAULT_THRESHOLD = 80;

/**
 * The pull-request check's threshold (`fail-under` for changed code): off by default; when on,
 * the commit status fails while fewer than this percent of the public functions a pull request
 * adds or modifies are documented. On a plain git remote the checks are of the branches its
 * post-receive hook reports (docs/pr-insights.md, "Plain git remotes"). Below: the latest checks.
 */
export function PrCheckSettings({ repoId, plainGit = false }: { repoId: string; plainGit?: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: prCheckKeys.settings(repoId), queryFn: () => prCheckApi.get(repoId) });
  const [enabled, setEnabled] = useState(false);
  const [threshold, setThreshold] = useState<number | null>(DEFAULT_THRESHOLD);
  useEffect(() => {
    if (!settings.data) return;
    setEnabled(settings.data.failUnder !== null);
    setThreshold(settings.data.failUnder ?? DEFAULT_THRESHOLD);
  }, [settings.data]);
  const save = useMutation({
    mutationFn: () => prCheckApi.save(repoId, enabled ? threshold : null),
    onSuccess: (data) => {
      queryClient.setQueryData(prCheckKeys.settings(repoId), data);
      toast.success(
        t('prCheck.saved'),
        data.failUnder === null ? t('prCheck.savedOff') : t('prCheck.savedOn', { percent: data.failUnder }),
      );
    },
    onError: (err) => toast.error(t('prCheck.saveFailed'), errorMessage(err)),
  });
  const saved = settings.data?.failUnder ?? null;
  const dirty = settings.data !== undefined && (enabled ? threshold !== saved : saved !== null);
  const invalid = enabled && (threshold === null || !Number.isInteger(threshold) || threshold < 0 || threshold > 100);

  return (
    <section className="dc-panel dc-prcheck" data-testid="pr-check-settings" aria-labelledby="pr-check-title">
      <header className="dc-acard__head">
        <span className="dc-acard__icon" aria-hidden="true">
          <PullRequestOutlined />
        </span>
        <h3 id="pr-check-title">{t('prCheck.title')}</h3>
      </header>
      <p className="dc-muted dc-prcheck__intro">{t(plainGit ? 'prCheck.introGit' : 'prCheck.intro')}</p>
      {settings.isPending ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : settings.isError ? (
        <Alert type="error" showIcon title={errorMessage(settings.error)} />
      ) : (
        <div className="dc-prcheck__form">
          <label className="dc-prcheck__row">
            <Switch checked={enabled} onChange={setEnabled} data-testid="pr-check-enabled" aria-describedby="pr-check-state" />
            <span>{t('prCheck.enable')}</span>
          </label>
          <div className="dc-prcheck__row">
            <label htmlFor="pr-check-threshold">{t('prCheck.threshold')}</label>
            <InputNumber
              id="pr-check-threshold"
              min={0}
              max={100}
              precision={0}
              suffix="%"
              value={threshold}
              disabled={!enabled}
              onChange={(v) => setThreshold(typeof v === 'number' ? v : null)}
              status={invalid ? 'error' : undefined}
              data-testid="pr-check-threshold"
            />
          </div>
          <p id="pr-check-state" className="dc-muted" data-testid="pr-check-state">
            {saved === null ? t('prCheck.stateOff') : t('prCheck.stateOn', { percent: saved })}
          </p>
          <Button
            type="primary"
            onClick={() => save.mutate()}
            loading={save.isPending}
            disabled={!dirty || invalid}
            data-testid="pr-check-save"
          >
            {t('prCheck.save')}
          </Button>
        </div>
      )}
      <PrCheckResults repoId={repoId} />
    </section>
  );
}
