import { useCallback, useEffect, useState } from 'react';
import { Button, Checkbox, Input, Tag } from 'antd';
import { DownloadOutlined, ExportOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_DOC_OPTIONS,
  formOfConfig,
  DOC_SET_JOB_TYPE,
  docOptionsIssues,
  toArchDocConfig,
  withHtml,
  type DocOptionRule,
  type DocOptionsForm,
  type DocSetKind,
  type DocSetResult,
} from '@docent/contracts';
import { errorMessage } from '../api/client.ts';
import { jobKeys } from '../jobs/api.ts';
import { jobTypeLabel } from '../jobs/jobLabels.ts';
import { Terminal, TERMINAL_HEIGHT } from '../terminal/Terminal.tsx';
import { terminalStorageKey } from '../terminal/storage.ts';
import { useLiveJob, type PollAnswer } from '../terminal/useLiveJob.ts';
import type { RepoRef } from './api.ts';
import { docSetApi } from './docgenApi.ts';
import { downloadEntries } from './docSetDownloads.ts';

/** The i18n key of each rule's text (docs/spec-conformance.md §5; en + de). */
export const RULE_KEYS: Record<DocOptionRule, string> = {
  pathRequired: 'docSets.rules.pathRequired',
  commitRequired: 'docSets.rules.commitRequired',
  hostRequiresHtml: 'docSets.rules.hostRequiresHtml',
  formatRequired: 'docSets.rules.formatRequired',
  branchInvalid: 'docSets.rules.branchInvalid',
  pathInvalid: 'docSets.rules.pathInvalid',
};

const FORMAT_BOXES = [
  ['generatePdf', 'pdf'],
  ['generateMd', 'md'],
  ['generateHtml', 'html'],
  ['generateRst', 'rst'],
  ['generateXml', 'xml'],
  ['generateRtf', 'rtf'],
] as const;

export const docSetsKey = (r: RepoRef) => ['repository', r.vendor, r.org, r.repo, 'doc-sets'] as const;

function loadJob(key: string): number | null {
  const v = Number(localStorage.getItem(key));
  return Number.isInteger(v) && v > 0 ? v : null;
}

const size = (n: number): string =>
  n < 1024 ? `${n} B` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`;

/**
 * One of the tools card's Architecture Docs / API Docs tabs (docs/spec-conformance.md §2, §3, §4, §5): the
 * documentation options with their rules, Generate ('Generating...'), the job's 500 px
 * terminal, then the result: the hosted site, a download per file and of all, the branch or
 * pull request the docs were committed to; and whether the newest set is fresh.
 */
export function DocSetTab({ kind, repoRef }: { kind: DocSetKind; repoRef: RepoRef }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<DocOptionsForm>(DEFAULT_DOC_OPTIONS);
  const [confirmDirect, setConfirmDirect] = useState(false);
  const storageKey = terminalStorageKey(repoRef.org, repoRef.repo, `docs-${kind}`);
  const jobKey = `${storageKey}:job`;
  const [jobId, setJobId] = useState<number | null>(() => loadJob(jobKey));
  const [starting, setStarting] = useState(false);
  const [result, setResult] = useState<DocSetResult | null>(null);
  const state = useQuery({ queryKey: docSetsKey(repoRef), queryFn: () => docSetApi.state(repoRef) });
  const latest = state.data?.sets.find((s) => s.kind === kind) ?? null;
  // The form starts from the options this kind was last generated with, until the user changes it.
  const [touched, setTouched] = useState(false);
  const lastOptions = state.data?.lastOptions[kind] ?? null;
  useEffect(() => {
    if (!touched && lastOptions) setForm(formOfConfig(lastOptions));
  }, [touched, lastOptions]);

  // Links and downloads open /docs/… as pages: they need the docs cookie of this session.
  useEffect(() => {
    void docSetApi.openSession().catch(() => undefined);
  }, []);

  const poll = useCallback(
    async (id: number, since: number): Promise<PollAnswer> => {
      const s = await docSetApi.status(kind, repoRef, id, since);
      if (s.result) setResult(s.result);
      return { state: s.state, percentage: s.percentage, messages: s.messages, lastLine: s.lastLine };
    },
    [kind, repoRef],
  );
  const live = useLiveJob({ jobId, flavour: 'docs', poll, storageKey });
  const running = jobId !== null && live.state.jobId === jobId && !live.state.finished;
  const busy = starting || running;

  // The result of a finished job (the live stream does not carry it); the freshness changes too.
  useEffect(() => {
    if (!live.state.finished || live.state.state !== 'COMPLETE' || jobId === null) return;
    let cancelled = false;
    void queryClient.invalidateQueries({ queryKey: docSetsKey(repoRef) });
    void queryClient.invalidateQueries({ queryKey: ['repository', repoRef.vendor, repoRef.org, repoRef.repo] });
    if (result) return;
    void docSetApi.status(kind, repoRef, jobId, live.state.lastSeq).then(
      (s) => !cancelled && setResult(s.result),
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [live.state.finished, live.state.state, live.state.lastSeq, jobId, kind, repoRef, result, queryClient]);

  const issues = docOptionsIssues(form);
  const issueOf = (field: string) => issues.find((i) => i.field === field);
  const set = <K extends keyof DocOptionsForm>(key: K, value: DocOptionsForm[K]) => {
    setTouched(true);
    setForm((f) => ({ ...f, [key]: value }));
  };
  const setHtml = (on: boolean) => {
    setTouched(true);
    setForm((f) => withHtml(f, on));
  };

  const start = async () => {
    setStarting(true);
    setResult(null);
    try {
      await docSetApi.openSession().catch(() => undefined);
      const { lroJobId } = await docSetApi.generate(kind, repoRef, toArchDocConfig(form, confirmDirect));
      localStorage.setItem(jobKey, String(lroJobId));
      setJobId(lroJobId);
      void queryClient.invalidateQueries({ queryKey: jobKeys.all });
    } catch (err) {
      live.appendLocal(t('docTools.startFailed', { error: errorMessage(err) }), 'error');
    } finally {
      setStarting(false);
    }
  };

  const shown = result ?? (jobId === null ? (latest?.result ?? null) : null);
  const error = (field: string) => {
    const issue = issueOf(field);
    return issue ? (
      <span className="dc-doctools__error" role="alert" data-testid={`docset-error-${field}`}>
        {t(RULE_KEYS[issue.rule])}
      </span>
    ) : null;
  };

  return (
    <div className="dc-doctools" data-testid={`docset-${kind}`}>
      {latest && (
        <div className="dc-docset__fresh" data-testid={`docset-freshness-${kind}`}>
          <Tag color={latest.fresh ? 'green' : 'orange'}>{latest.fresh ? t('docSets.fresh') : t('docSets.stale')}</Tag>
          <span className="dc-muted">
            {latest.fresh
              ? t('docSets.freshText', { commit: latest.commit.slice(0, 7) })
              : t('docSets.staleText', { commit: latest.commit.slice(0, 7), analysed: (state.data?.analysedCommit ?? '').slice(0, 7) })}
          </span>
        </div>
      )}
      <fieldset className="dc-docset__options" disabled={busy}>
        <legend>{t('docSets.options')}</legend>
        <div className="dc-docset__boxes">
          <Checkbox checked={form.hostDocumentation} onChange={(e) => set('hostDocumentation', e.target.checked)} data-testid="opt-host">
            {t('docSets.host')}
          </Checkbox>
          {FORMAT_BOXES.map(([field, f]) => (
            <Checkbox
              key={field}
              checked={form[field]}
              onChange={(e) => (field === 'generateHtml' ? setHtml(e.target.checked) : set(field, e.target.checked))}
              data-testid={`opt-${f}`}
            >
              {t(`docSets.formats.${f}`)}
            </Checkbox>
          ))}
        </div>
        {error('hostDocumentation')}
        {error('formats')}
        <Checkbox checked={form.commitToGit} onChange={(e) => set('commitToGit', e.target.checked)} data-testid="opt-commit">
          {t('docSets.commit')}
        </Checkbox>
        {error('commitToGit')}
        {form.commitToGit && (
          <div className="dc-docset__commit">
            <label>
              <span>{t('docSets.branch')}</span>
              <Input
                size="small"
                value={form.branch}
                onChange={(e) => set('branch', e.target.value)}
                status={issueOf('branch') ? 'error' : undefined}
                data-testid="opt-branch"
              />
            </label>
            <label>
              <span>{t('docSets.path')}</span>
              <Input
                size="small"
                value={form.path}
                onChange={(e) => set('path', e.target.value)}
                status={issueOf('path') ? 'error' : undefined}
                data-testid="opt-path"
              />
            </label>
            {error('branch')}
            {error('path')}
            <Checkbox checked={confirmDirect} onChange={(e) => setConfirmDirect(e.target.checked)} data-testid="opt-direct">
              {t('docSets.directPush')}
            </Checkbox>
          </div>
        )}
      </fieldset>
      <Button type="primary" onClick={() => void start()} disabled={busy || issues.length > 0} data-testid={`generate-${kind}`}>
        {busy ? t('docTools.generating') : t('docTools.generate')}
      </Button>
      {(jobId !== null || live.state.lines.length > 0) && (
        <Terminal
          lines={live.state.lines}
          title={jobId !== null ? t('docTools.job', { id: jobId, type: jobTypeLabel(DOC_SET_JOB_TYPE[kind], t) }) : undefined}
          progress={jobId !== null ? live.state.percentage : undefined}
          height={TERMINAL_HEIGHT.docs}
          stop={jobId !== null ? { jobId, active: running, onLine: live.appendLocal } : undefined}
          live={running}
          downloadName={`${repoRef.org}-${repoRef.repo}-${kind}-docs.log`}
          testId={`docset-terminal-${kind}`}
        />
      )}
      {shown && <DocSetResultView result={shown} />}
    </div>
  );
}

/** Where the docs are: the hosted site, every file, the branch or pull request. */
export function DocSetResultView({ result }: { result: DocSetResult }) {
  const { t } = useTranslation();
  const d = result.delivery;
  return (
    <div className="dc-docset__result" data-testid={`docset-result-${result.kind}`}>
      <div className="dc-docset__links">
        {result.siteUrl && (
          <Button type="link" icon={<ExportOutlined />} href={result.siteUrl} target="_blank" rel="noopener" data-testid="docset-site">
            {t('docSets.openSite')}
          </Button>
        )}
        {result.siteUrl && result.files.some((f) => f.name === 'openapi.json') && (
          <Button
            type="link"
            icon={<ExportOutlined />}
            href={`${result.siteUrl}openapi.html`}
            target="_blank"
            rel="noopener"
            data-testid="docset-openapi-viewer"
          >
            {t('docSets.openApiViewer')}
          </Button>
        )}
        {result.versionUrl && (
          <a href={result.versionUrl} target="_blank" rel="noopener" className="dc-muted" data-testid="docset-version">
            {t('docSets.version', { commit: result.commit.slice(0, 7) })}
          </a>
        )}
        {d?.pullRequest && (
          <a href={d.pullRequest.url} target="_blank" rel="noopener noreferrer" data-testid="docset-pull-request">
            {t('docTools.openPullRequest', { number: d.pullRequest.number })}
          </a>
        )}
        {d?.pushed &&
          d.branch &&
          (d.branchUrl ? (
            <a href={d.branchUrl} target="_blank" rel="noopener noreferrer" data-testid="docset-branch">
              <Tag color="green">{t('docSets.committed', { branch: d.branch, path: d.path })}</Tag>
            </a>
          ) : (
            <Tag color="green" data-testid="docset-branch">
              {t('docSets.committed', { branch: d.branch, path: d.path })}
            </Tag>
          ))}
        {d?.deliveryNote && <span className="dc-muted">{d.deliveryNote}</span>}
      </div>
      <div className="dc-docset__downloads" aria-label={t('docSets.downloads')}>
        {downloadEntries(result).map((e) =>
          e.kind === 'file' ? (
            <Button
              key={e.name}
              size="small"
              icon={<DownloadOutlined />}
              href={e.url}
              download={e.name}
              data-testid={`docset-download-${e.name}`}
            >
              {e.name} <span className="dc-muted">({size(e.size)})</span>
            </Button>
          ) : (
            <Button
              key={`format-${e.format}`}
              size="small"
              icon={<DownloadOutlined />}
              href={e.url}
              download
              data-testid={`docset-download-format-${e.format}`}
            >
              {t('docSets.formatZip', { format: t(`docSets.formats.${e.format}`, { defaultValue: e.format }), count: e.count })}{' '}
              <span className="dc-muted">({size(e.size)})</span>
            </Button>
          ),
        )}
        <Button size="small" icon={<DownloadOutlined />} href={result.zipUrl} download data-testid="docset-download-zip">
          {t('docSets.downloadAll')}
        </Button>
      </div>
      {(result.reused.length > 0 || result.regenerated.length > 0) && (
        <span className="dc-muted" data-testid="docset-pages">
          {t('docSets.pages', { regenerated: result.regenerated.length, reused: result.reused.length })}
        </span>
      )}
    </div>
  );
}
