import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AnalysisType } from '@docent/contracts';
import { errorMessage } from '../api/client.ts';
import { jobKeys } from '../jobs/api.ts';
import { terminalStorageKey } from '../terminal/storage.ts';
import { useLiveJob, type PollAnswer } from '../terminal/useLiveJob.ts';
import { repositoryApi, type RepoRef } from './api.ts';

/** docs/spec-conformance.md §9 post-completion stop delay: the repository is fetched again 100 ms after the end. */
export const COMPLETION_DELAY_MS = 100;

interface Current {
  jobId: number;
  type: AnalysisType;
}

function loadCurrent(key: string): Current | null {
  try {
    const v = JSON.parse(localStorage.getItem(key) ?? 'null') as Current | null;
    return v && typeof v.jobId === 'number' && typeof v.type === 'string' ? v : null;
  } catch {
    return null;
  }
}

/**
 * The repository's analyses: start one of a type (after the Azure DevOps credential check),
 * follow it in the progress terminal, and on its end refetch the repository so the cards
 * show the merged report. The running job and its messages survive a reload.
 */
export function useAnalysis(ref: RepoRef, opts: { needsAzurePat: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const storageKey = terminalStorageKey(ref.org, ref.repo, 'analysis');
  const currentKey = `${storageKey}:job`;
  const [current, setCurrent] = useState<Current | null>(() => loadCurrent(currentKey));
  const [terminalOpen, setTerminalOpen] = useState(false);
  const [patFor, setPatFor] = useState<AnalysisType | null>(null);
  const [starting, setStarting] = useState<AnalysisType | null>(null);

  const type = current?.type ?? 'coverage';
  const poll = useCallback(
    async (jobId: number, since: number): Promise<PollAnswer> => {
      const s = await repositoryApi.status(ref, type, jobId, since);
      return { state: s.state, percentage: s.percentage, messages: s.messages, lastLine: s.lastLine };
    },
    [ref, type],
  );
  const live = useLiveJob({ jobId: current?.jobId ?? null, flavour: 'analysis', poll, storageKey });

  // On the end: after 100 ms, fetch the repository (report, languages, details) and the jobs again.
  const finished = live.state.finished && live.state.jobId !== null;
  const lastReported = useRef<number | null>(null);
  useEffect(() => {
    if (!finished || lastReported.current === live.state.jobId) return;
    lastReported.current = live.state.jobId;
    const timer = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: ['repository', ref.vendor, ref.org, ref.repo] });
      void queryClient.invalidateQueries({ queryKey: jobKeys.all });
    }, COMPLETION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [finished, live.state.jobId, queryClient, ref]);

  const launch = useCallback(
    async (analysisType: AnalysisType) => {
      setStarting(analysisType);
      setTerminalOpen(true);
      try {
        const { lroJobId } = await repositoryApi.analyze(ref, analysisType);
        const next = { jobId: lroJobId, type: analysisType };
        localStorage.setItem(currentKey, JSON.stringify(next));
        setCurrent(next);
        void queryClient.invalidateQueries({ queryKey: jobKeys.all });
      } catch (err) {
        live.appendLocal(t('repository.analysis.startFailed', { error: errorMessage(err) }), 'error');
      } finally {
        setStarting(null);
      }
    },
    [ref, currentKey, queryClient, live, t],
  );

  const start = useCallback(
    async (analysisType: AnalysisType) => {
      // docs/spec-conformance.md §4: without organisation or repository name, nothing happens.
      if (!ref.org || !ref.repo) return;
      if (opts.needsAzurePat) {
        try {
          const check = await repositoryApi.azurePatValid(ref.org);
          if (!check.isValid) {
            setPatFor(analysisType);
            return;
          }
        } catch (err) {
          setTerminalOpen(true);
          live.appendLocal(t('repository.analysis.credentialCheckFailed', { error: errorMessage(err) }), 'error');
          return;
        }
      }
      await launch(analysisType);
    },
    [ref, opts.needsAzurePat, launch, live, t],
  );

  const running = current !== null && live.state.jobId === current.jobId && !live.state.finished;
  return {
    live,
    current,
    running,
    runningType: running ? current.type : null,
    starting,
    start,
    terminalOpen,
    openTerminal: () => setTerminalOpen(true),
    closeTerminal: () => setTerminalOpen(false),
    /** Azure DevOps PAT prompt */
    patOpen: patFor !== null,
    patVerified: () => {
      const next = patFor;
      setPatFor(null);
      if (next) void launch(next);
    },
    /** docs/spec-conformance.md §8: a detail fetch that fails is logged to the progress terminal as an error. */
    detailFailed: (kind: 'functions' | 'issues' | 'readme', err: unknown) => {
      live.appendLocal(
        t('repository.analysis.detailFailed', { what: t(`repository.analysis.details.${kind}`), error: errorMessage(err) }),
        'error',
      );
    },
    patCancelled: () => {
      setPatFor(null);
      setTerminalOpen(true);
      live.appendLocal(t('repository.analysis.azureCancelled'), 'error');
    },
  };
}

export type AnalysisController = ReturnType<typeof useAnalysis>;
