import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, InputNumber, Modal, Radio, Select, Tabs, Tag } from 'antd';
import { DownloadOutlined, FileTextOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { FREE_TRIAL_FILE_LIMIT, type CodeDocsDelivery, type DocGenResult, type LanguageStyle, type PlanType } from '@docent/contracts';
import { ApiRequestError, errorMessage } from '../api/client.ts';
import { authKeys } from '../auth/api.ts';
import { jobKeys } from '../jobs/api.ts';
import { Terminal, TERMINAL_HEIGHT } from '../terminal/Terminal.tsx';
import { jobTypeLabel } from '../jobs/jobLabels.ts';
import { terminalStorageKey } from '../terminal/storage.ts';
import { useLiveJob, type PollAnswer } from '../terminal/useLiveJob.ts';
import type { RepoRef } from './api.ts';
import { docgenApi, type DocLanguage } from './docgenApi.ts';
import { DocSetTab } from './DocSetTab.tsx';

export const MIN_LINE = 40;
export const MAX_LINE = 120;

/** docs/spec-conformance.md §9: the max line length must be a whole number from 40 to 120. */
export function lineLengthError(value: number | null): 'required' | 'range' | null {
  if (value === null || Number.isNaN(value)) return 'required';
  return Number.isInteger(value) && value >= MIN_LINE && value <= MAX_LINE ? null : 'range';
}

interface Props {
  repoRef: RepoRef;
  /** languages of the repository (analysis report), by name */
  repoLanguages: readonly string[];
  planType: PlanType | undefined;
  countRepoGen: number;
  /** whether the repository is private (the free trial's file limit depends on it); unknown: both limits are named */
  isPrivate?: boolean;
}

function loadJob(key: string): number | null {
  const v = Number(localStorage.getItem(key));
  return Number.isInteger(v) && v > 0 ? v : null;
}

/**
 * Documentation tools (docs/spec-conformance.md §2): tab Code Docs (PRO) — per-language docstring style and max line
 * length, Generate, the job's live log, then the patch: file list, per-file diff, download,
 * the pull request opened for it (else the pushed branch). Free users get the Pro Feature Required modal (Buy Pro, Full Repo Doc, Try Free), which says how many
 * files Try Free documents.
 */
export function DocToolsCard({ repoRef, repoLanguages, planType, countRepoGen, isPrivate }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const languages = useQuery({
    queryKey: ['repository', repoRef.vendor, repoRef.org, repoRef.repo, 'docgen-config'],
    queryFn: () => docgenApi.config(repoRef),
  });
  const present = useMemo(() => (languages.data ?? []).filter((l) => repoLanguages.includes(l.name)), [languages.data, repoLanguages]);
  const deliveryChoice = useQuery({
    queryKey: ['repository', repoRef.vendor, repoRef.org, repoRef.repo, 'docgen-delivery'],
    queryFn: () => docgenApi.delivery(repoRef),
  });
  // Nothing is pushed unless the user picks it here (docs/consent.md); the server remembers the pick.
  const [delivery, setDelivery] = useState<CodeDocsDelivery | null>(null);
  const chosenDelivery: CodeDocsDelivery = delivery ?? deliveryChoice.data?.delivery ?? 'patch';
  const [config, setConfig] = useState<Record<string, { style: string; max: number | null }>>({});
  const storageKey = terminalStorageKey(repoRef.org, repoRef.repo, 'docs-repo');
  const jobKey = `${storageKey}:job`;
  const [jobId, setJobId] = useState<number | null>(() => loadJob(jobKey));
  const [starting, setStarting] = useState(false);
  const [proModal, setProModal] = useState(false);
  const [result, setResult] = useState<DocGenResult | null>(null);

  const poll = useCallback(
    async (id: number, since: number): Promise<PollAnswer> => {
      const s = await docgenApi.status(repoRef, id, since);
      if (s.result) setResult(s.result);
      return { state: s.state, percentage: s.percentage, messages: s.messages, lastLine: s.lastLine };
    },
    [repoRef],
  );
  const live = useLiveJob({ jobId, flavour: 'docs', poll, storageKey });
  const running = jobId !== null && live.state.jobId === jobId && !live.state.finished;
  const busy = starting || running;

  // The patch of a finished job (the live stream does not carry it).
  useEffect(() => {
    if (!live.state.finished || live.state.state !== 'COMPLETE' || jobId === null || result) return;
    let cancelled = false;
    void docgenApi.status(repoRef, jobId, live.state.lastSeq).then(
      (s) => !cancelled && setResult(s.result),
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [live.state.finished, live.state.state, live.state.lastSeq, jobId, repoRef, result]);

  const styleOf = (l: DocLanguage) => config[l.name]?.style ?? l.docstringStyle;
  const maxOf = (l: DocLanguage) => (config[l.name] ? config[l.name]!.max : l.maxDocStringLength);
  const invalid = present.some((l) => lineLengthError(maxOf(l)) !== null);

  const start = async (freeTrial: boolean) => {
    setProModal(false);
    setStarting(true);
    try {
      const styles: LanguageStyle[] = present.map((l) => ({ name: l.name, docstringStyle: styleOf(l), maxDocStringLength: maxOf(l)! }));
      const { lroJobId } = await docgenApi.generate(repoRef, styles, freeTrial, chosenDelivery);
      if (delivery)
        void queryClient.invalidateQueries({ queryKey: ['repository', repoRef.vendor, repoRef.org, repoRef.repo, 'docgen-delivery'] });
      localStorage.setItem(jobKey, String(lroJobId));
      // Cleared together with the new job id: cleared alone, the effect below would fetch the
      // finished previous job's status and show its patch as this run's.
      setResult(null);
      setJobId(lroJobId);
      void queryClient.invalidateQueries({ queryKey: jobKeys.all });
      void queryClient.invalidateQueries({ queryKey: authKeys.me });
    } catch (err) {
      if (err instanceof ApiRequestError && err.status === 402) setProModal(true);
      else live.appendLocal(t('docTools.startFailed', { error: errorMessage(err) }), 'error');
    } finally {
      setStarting(false);
    }
  };

  const premium = planType === 'PRO' || planType === 'PREMIUM';
  const onGenerate = () => (premium || countRepoGen > 0 ? void start(false) : setProModal(true));
  const upgrade = () => navigate(`/profile/upgrade-plan?accept_payment=${encodeURIComponent(`${repoRef.org}/${repoRef.repo}`)}`);

  const download = () => {
    if (!result) return;
    const url = URL.createObjectURL(new Blob([result.diff], { type: 'text/x-diff' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `docent-docs-${result.commit.slice(0, 7)}.patch`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const codeDocs = (
    <div className="dc-doctools">
      {languages.isError && <Alert type="error" showIcon title={errorMessage(languages.error)} />}
      {present.length === 0 && languages.isSuccess && <p className="dc-muted">{t('docTools.noLanguages')}</p>}
      {present.length > 0 && (
        <div className="dc-doctools__config" data-testid="docstring-config">
          {present.map((l) => {
            const err = lineLengthError(maxOf(l));
            return (
              <div className="dc-doctools__row" key={l.name} data-testid={`docstyle-${l.name}`}>
                <span className="dc-doctools__lang">{l.displayName}</span>
                <label>
                  <span>{t('docTools.style')}</span>
                  <Select
                    size="small"
                    value={styleOf(l)}
                    options={l.supportedStyles.map((s) => ({ value: s, label: s }))}
                    onChange={(style: string) => setConfig((c) => ({ ...c, [l.name]: { style, max: maxOf(l) } }))}
                    disabled={busy}
                    aria-label={t('docTools.styleFor', { language: l.displayName })}
                    style={{ minWidth: 120 }}
                  />
                </label>
                <label>
                  <span>{t('docTools.maxLength')}</span>
                  <InputNumber
                    size="small"
                    value={maxOf(l)}
                    onChange={(v) => setConfig((c) => ({ ...c, [l.name]: { style: styleOf(l), max: typeof v === 'number' ? v : null } }))}
                    status={err ? 'error' : undefined}
                    disabled={busy}
                    aria-label={t('docTools.maxLengthFor', { language: l.displayName })}
                  />
                </label>
                {err && (
                  <span className="dc-doctools__error" role="alert">
                    {t(err === 'required' ? 'docTools.lengthRequired' : 'docTools.lengthRange', { min: MIN_LINE, max: MAX_LINE })}
                  </span>
                )}
              </div>
            );
          })}
        </div>
      )}
      {present.length > 0 && deliveryChoice.data && (
        <fieldset className="dc-doctools__delivery" data-testid="docs-delivery">
          <legend>{t('docTools.deliveryTitle')}</legend>
          <Radio.Group value={chosenDelivery} onChange={(e) => setDelivery(e.target.value as CodeDocsDelivery)} disabled={busy}>
            <Radio value="patch">{t('docTools.deliveryPatch')}</Radio>
            <Radio value="branch">{t('docTools.deliveryBranch', { remote: deliveryChoice.data.remote })}</Radio>
            <Radio value="pull_request" disabled={!deliveryChoice.data.pullRequests}>
              {t('docTools.deliveryPullRequest', { remote: deliveryChoice.data.remote })}
            </Radio>
          </Radio.Group>
          {!deliveryChoice.data.pullRequests && <p className="dc-muted">{t('docTools.deliveryNoPullRequests')}</p>}
        </fieldset>
      )}
      <Button
        type="primary"
        onClick={onGenerate}
        disabled={busy || invalid || present.length === 0 || !deliveryChoice.data}
        data-testid="generate-docs"
      >
        {busy ? t('docTools.generating') : t('docTools.generate')}
      </Button>
      {(jobId !== null || live.state.lines.length > 0) && (
        <Terminal
          lines={live.state.lines}
          title={jobId !== null ? t('docTools.job', { id: jobId, type: jobTypeLabel('DOC_REPO', t) }) : undefined}
          progress={jobId !== null ? live.state.percentage : undefined}
          height={TERMINAL_HEIGHT.docs}
          stop={jobId !== null ? { jobId, active: running, onLine: live.appendLocal } : undefined}
          live={running}
          downloadName={`${repoRef.org}-${repoRef.repo}-docs.log`}
          testId="docs-terminal"
        />
      )}
      {result && <PatchViewer result={result} onDownload={download} />}
    </div>
  );

  return (
    <section className="dc-panel dc-doctools-card" data-testid="doc-tools">
      <header className="dc-acard__head">
        <span className="dc-acard__icon" aria-hidden="true">
          <FileTextOutlined />
        </span>
        <h3>{t('docTools.title')}</h3>
      </header>
      <Tabs
        className="dc-tabs-wrap"
        items={[
          {
            key: 'code',
            label: (
              <span>
                {t('docTools.codeDocs')} <Tag color="gold">PRO</Tag>
              </span>
            ),
            children: codeDocs,
          },
          // docs/spec-conformance.md §6: architecture and API documentation have no premium gate.
          { key: 'arch', label: t('docSets.archTab'), children: <DocSetTab kind="arch" repoRef={repoRef} /> },
          { key: 'api', label: t('docSets.apiTab'), children: <DocSetTab kind="api" repoRef={repoRef} /> },
        ]}
      />
      <Modal open={proModal} onCancel={() => setProModal(false)} title={t('docTools.proTitle')} footer={null} data-testid="pro-modal">
        <p>{t('docTools.proText')}</p>
        <p data-testid="trial-limit">
          {isPrivate === undefined
            ? t('docTools.trialBoth', { private: FREE_TRIAL_FILE_LIMIT.private, public: FREE_TRIAL_FILE_LIMIT.public })
            : t(isPrivate ? 'docTools.trialPrivate' : 'docTools.trialPublic', {
                count: isPrivate ? FREE_TRIAL_FILE_LIMIT.private : FREE_TRIAL_FILE_LIMIT.public,
              })}
        </p>
        <div className="dc-doctools__pro-actions">
          <Button type="primary" onClick={upgrade}>
            {t('docTools.buyPro')}
          </Button>
          <Button onClick={upgrade}>{t('docTools.fullRepoDoc')}</Button>
          <Button onClick={() => void start(true)} data-testid="try-free">
            {t('docTools.tryFree')}
          </Button>
        </div>
      </Modal>
    </section>
  );
}

function diffLineClass(line: string): string {
  if (line.startsWith('+++') || line.startsWith('---')) return 'dc-diff__file';
  if (line.startsWith('@@')) return 'dc-diff__hunk';
  if (line.startsWith('+')) return 'dc-diff__add';
  if (line.startsWith('-')) return 'dc-diff__del';
  return '';
}

/** Where the docstrings' prose came from (docs/design.md §1: the UI says which text came from a model). */
export function proseNote(t: TFunction, result: DocGenResult): string {
  const total = result.documented + result.updated;
  return result.model && (result.modelProse ?? 0) > 0
    ? t('docTools.proseModel', { count: result.modelProse, total, model: result.model })
    : t('docTools.proseDeterministic');
}

/** Where the docs went: the pull request when one was opened, else the pushed branch (linked when the vendor has a page for it). */
export function Delivery({ result }: { result: DocGenResult }) {
  const { t } = useTranslation();
  if (result.pullRequest) {
    return (
      <a href={result.pullRequest.url} target="_blank" rel="noopener noreferrer" data-testid="docs-pull-request">
        {t('docTools.openPullRequest', { number: result.pullRequest.number })}
      </a>
    );
  }
  if (result.branch) {
    const tag = <Tag color="green">{t('docTools.branch', { branch: result.branch })}</Tag>;
    return result.branchUrl ? (
      <a href={result.branchUrl} target="_blank" rel="noopener noreferrer" data-testid="docs-branch">
        {tag}
      </a>
    ) : (
      tag
    );
  }
  return result.deliveryNote ? <span className="dc-muted">{result.deliveryNote}</span> : null;
}

function PatchViewer({ result, onDownload }: { result: DocGenResult; onDownload: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(result.files[0]?.path ?? null);
  const file = result.files.find((f) => f.path === open);
  return (
    <div className="dc-patch" data-testid="docs-patch">
      <div className="dc-patch__head">
        <strong>{t('docTools.functions', { count: result.documented + result.updated, files: result.files.length })}</strong>
        {result.files.length > 0 && (
          <span className="dc-muted" data-testid="docs-prose-source">
            {proseNote(t, result)}
          </span>
        )}
        <Delivery result={result} />
        {result.files.length > 0 && (
          <Button size="small" icon={<DownloadOutlined />} onClick={onDownload} data-testid="download-patch">
            {t('docTools.download')}
          </Button>
        )}
      </div>
      {result.files.length > 0 && (
        <div className="dc-patch__body">
          <ul className="dc-patch__files" aria-label={t('docTools.files')}>
            {result.files.map((f) => (
              <li key={f.path}>
                <button
                  type="button"
                  className={f.path === open ? 'is-active' : ''}
                  onClick={() => setOpen(f.path)}
                  aria-pressed={f.path === open}
                >
                  {f.path} <span className="dc-muted">({f.functions})</span>
                </button>
              </li>
            ))}
          </ul>
          {file && (
            <pre className="dc-diff" data-testid="docs-diff" tabIndex={0}>
              {file.diff.split('\n').map((line, i) => (
                <div key={i} className={diffLineClass(line)}>
                  {line || ' '}
                </div>
              ))}
            </pre>
          )}
        </div>
      )}
    </div>
  );
}
