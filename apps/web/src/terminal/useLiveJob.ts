import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { Job, MessageType } from '@docent/contracts';
import { ApiRequestError, errorMessage, openStream } from '../api/client.ts';
import { jobsApi } from '../jobs/api.ts';
import { initialLiveState, isFinalState, liveReducer, shouldPoll, statusAction, type Flavour, type LiveState } from './liveJob.ts';
import { readEventStream, SseParser } from './sse.ts';
import { loadTerminal, saveTerminal } from './storage.ts';

/** docs/spec-conformance.md §9 timings. */
export const STATUS_POLL_MS = 3000;
export const OPEN_JOB_POLL_MS = 5000;
export const STREAM_RETRY_MS = 1000;
/** After this many failed connections in a row the terminal falls back to status polling. */
export const STREAM_ATTEMPTS = 3;

export interface PollAnswer {
  state: string;
  percentage: number;
  messages: string[];
  lastLine: number;
  message?: string;
}

export interface LiveJobOptions {
  jobId: number | null;
  flavour: Flavour;
  /** the fallback status poll: new lines after `since` and the job's state */
  poll?: (jobId: number, since: number) => Promise<PollAnswer>;
  /** keep the messages in localStorage under this key and restore them */
  storageKey?: string;
  /** load the whole log first with GET /v1/lro/logs/{id} (jobs page) */
  loadFullLog?: boolean;
  /** poll GET /v1/lro/{id}/status this often until final (the open job on the jobs page) */
  statusEveryMs?: number;
}

/** The default fallback poll: the job's status and the lines after `since`. */
export async function pollJob(jobId: number, since: number): Promise<PollAnswer> {
  const [job, lines] = await Promise.all([jobsApi.status(jobId), jobsApi.logs(jobId)]);
  return { state: job.state, percentage: job.progress, message: job.message, messages: lines.slice(since), lastLine: lines.length };
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(t);
      resolve();
    });
  });

/**
 * Follows one job: the live log stream (SSE read with fetch, since EventSource cannot send the
 * token), reconnecting after 1 s with Last-Event-ID; after STREAM_ATTEMPTS failed connections
 * it falls back to the spec's 3-second status polling (5 consecutive failures stop it).
 */
export function useLiveJob({ jobId, flavour, poll = pollJob, storageKey, loadFullLog = false, statusEveryMs }: LiveJobOptions) {
  const [state, dispatch] = useReducer(liveReducer(flavour), undefined, () => {
    const stored = storageKey ? loadTerminal(storageKey) : null;
    return stored && stored.jobId === jobId ? stored : initialLiveState(jobId);
  });
  const [transport, setTransport] = useState<'stream' | 'poll'>('stream');
  const ref = useRef<LiveState>(state);
  ref.current = state;

  // A different job starts afresh (unless it is the one restored from storage).
  useEffect(() => {
    if (jobId !== ref.current.jobId) {
      dispatch({ type: 'start', jobId });
      setTransport('stream');
    }
  }, [jobId]);

  const liveJobId = state.jobId;
  const finished = state.finished;

  // Stream (or the first full log load, then the stream).
  useEffect(() => {
    if (liveJobId === null || finished || transport !== 'stream') return;
    const controller = new AbortController();
    const { signal } = controller;
    const handleJob = (job: Job, end: boolean) => {
      dispatch(statusAction(job));
      if (end || isFinalState(job.state)) dispatch({ type: 'final', state: job.state, message: job.message });
    };
    void (async () => {
      if (loadFullLog && ref.current.lastSeq === 0) {
        try {
          const [job, lines] = await Promise.all([jobsApi.status(liveJobId), jobsApi.logs(liveJobId)]);
          if (signal.aborted) return;
          dispatch({ type: 'lines', lines: lines.map((raw, i) => ({ seq: i + 1, raw })) });
          dispatch(statusAction(job));
          if (isFinalState(job.state)) {
            dispatch({ type: 'final', state: job.state, message: job.message });
            return;
          }
        } catch (err) {
          if (signal.aborted) return;
          dispatch({
            type: 'local',
            text: `Failed to fetch logs: ${errorMessage(err)}`,
            kind: 'error',
            i18n: { key: 'terminal.results.fetchFailed', params: { error: errorMessage(err) } },
          });
          return;
        }
      }
      let failures = 0;
      while (!signal.aborted && !ref.current.finished) {
        try {
          const since = ref.current.lastSeq;
          const res = await openStream(`/v1/lro/logs/${liveJobId}/stream`, {
            headers: since ? { 'Last-Event-ID': String(since) } : {},
            signal,
          });
          failures = 0;
          await readEventStream(res.body!, new SseParser(), (events) => {
            const lines: Array<{ seq: number; raw: string }> = [];
            const flush = () => {
              if (lines.length) dispatch({ type: 'lines', lines: lines.splice(0) });
            };
            for (const e of events) {
              if (e.event === 'line') lines.push({ seq: Number(e.id), raw: e.data });
              else if (e.event === 'status' || e.event === 'end') {
                flush();
                try {
                  handleJob(JSON.parse(e.data) as Job, e.event === 'end');
                } catch {
                  /* a damaged status event: the next one corrects it */
                }
              }
            }
            flush();
          });
        } catch (err) {
          if (signal.aborted) return;
          // A job that is gone, or a signed-out user, will not come back by retrying.
          if (err instanceof ApiRequestError && err.status >= 400 && err.status < 500) {
            dispatch({
              type: 'local',
              text: `Failed to fetch logs: ${err.message}`,
              kind: 'error',
              i18n: { key: 'terminal.results.fetchFailed', params: { error: err.message } },
            });
            return;
          }
          if (err instanceof ApiRequestError && err.status === 511) return;
          failures += 1;
          if (failures >= STREAM_ATTEMPTS) {
            setTransport('poll');
            return;
          }
        }
        if (ref.current.finished) return;
        await sleep(STREAM_RETRY_MS, signal);
      }
    })();
    return () => controller.abort();
  }, [liveJobId, finished, transport, loadFullLog]);

  // Fallback: the spec's status polling every 3 s while the last message is not terminal.
  const polling = transport === 'poll' && shouldPoll(state);
  useEffect(() => {
    if (!polling || liveJobId === null) return;
    let cancelled = false;
    const timer = setInterval(() => {
      poll(liveJobId, ref.current.lastSeq).then(
        (a) => !cancelled && dispatch({ type: 'pollOk', ...a }),
        (err: unknown) => !cancelled && dispatch({ type: 'pollFailed', error: errorMessage(err) }),
      );
    }, STATUS_POLL_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [polling, liveJobId, poll]);

  // The open job on the jobs page: its status every 5 s until it is final.
  useEffect(() => {
    if (!statusEveryMs || liveJobId === null || finished) return;
    const timer = setInterval(() => {
      jobsApi.status(liveJobId).then(
        (job) => {
          dispatch(statusAction(job));
          if (isFinalState(job.state)) dispatch({ type: 'final', state: job.state, message: job.message });
        },
        () => undefined,
      );
    }, statusEveryMs);
    return () => clearInterval(timer);
  }, [statusEveryMs, liveJobId, finished]);

  // Keep the messages (throttled: a busy log changes many times a second).
  useEffect(() => {
    if (!storageKey || state.jobId === null) return;
    const t = setTimeout(() => saveTerminal(storageKey, state), 300);
    return () => clearTimeout(t);
  }, [storageKey, state]);

  const appendLocal = useCallback((text: string, kind: MessageType) => dispatch({ type: 'local', text, kind }), []);
  return { state, transport, appendLocal };
}
