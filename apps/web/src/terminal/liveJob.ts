import type { Job, MessageType } from '@docent/contracts';
import { FINAL_JOB_STATES } from '@docent/contracts';
import { isTerminalType, lineFromWire, localLine, type LineJob, type LineText, type TerminalLine } from './lines.ts';

/**
 * The state of a terminal following one job, as a pure reducer so the rules are testable:
 * docs/spec-conformance.md §4 "Job terminal (status polling)" and "Job states and display".
 *
 * flavour 'analysis': the progress terminal of an analysis; a final state prints the spec's
 *   result text ('Complete!' …).
 * flavour 'job': the jobs page log; a final state prints 'Job {state}: {message}' (success for
 *   COMPLETE, error otherwise) unless the server's log already ends with it.
 */
/** analysis: docs/spec-conformance.md §4 result texts; job: the engine's own last line; docs: docs/spec-conformance.md §8 documentation texts */
export type Flavour = 'analysis' | 'job' | 'docs';

/** docs/spec-conformance.md §8: the documentation terminal's text at 100 %. */
export const DOCS_COMPLETE_TEXT = 'Documentation generation complete!';

export interface LiveState {
  jobId: number | null;
  lines: TerminalLine[];
  /** the server's line number of the last job line received (Last-Event-ID / since) */
  lastSeq: number;
  percentage: number;
  state: string | null;
  message: string;
  /** no more updates will come: a final state was printed, or polling gave up */
  finished: boolean;
  /** consecutive failed status polls */
  failures: number;
}

export type LiveAction =
  | { type: 'start'; jobId: number | null }
  | { type: 'restore'; state: LiveState }
  | { type: 'lines'; lines: Array<{ seq: number; raw: string }> }
  | { type: 'status'; state: string; percentage: number; message?: string }
  | { type: 'pollOk'; state: string; percentage: number; messages: string[]; lastLine: number; message?: string }
  | { type: 'pollFailed'; error: string }
  | { type: 'final'; state: string; message: string }
  | { type: 'local'; text: string; kind: MessageType; i18n?: LineText };

export const MAX_POLL_FAILURES = 5;
export const POLL_FAILED_TEXT = 'Failed to check status after multiple attempts.';

export const initialLiveState = (jobId: number | null = null): LiveState => ({
  jobId,
  lines: [],
  lastSeq: 0,
  percentage: 0,
  state: null,
  message: '',
  finished: false,
  failures: 0,
});

/** docs/spec-conformance.md §4 result texts of the status-polling terminal. */
export function resultLine(state: string): { text: string; type: MessageType; key: string } | null {
  switch (state) {
    case 'CANCELLED':
      return { text: 'Complete!', type: 'terminated', key: 'terminal.results.complete' };
    case 'COMPLETE':
      return { text: 'Complete!', type: 'complete', key: 'terminal.results.complete' };
    case 'TIMEOUT':
      return { text: 'Timeout', type: 'timeout', key: 'terminal.results.timeout' };
    case 'TERMINATED':
      return { text: 'Cancelled', type: 'terminated', key: 'terminal.results.cancelled' };
    case 'FAILED':
      return { text: 'Failed', type: 'failed', key: 'terminal.results.failed' };
    default:
      return null;
  }
}

export function isFinalState(state: string | null): boolean {
  return state !== null && ((FINAL_JOB_STATES as readonly string[]).includes(state) || state === 'TERMINATED');
}

/** Appends a line the app writes; `i18n` makes it show in the interface language. */
function append(s: LiveState, text: string, kind: MessageType, i18n?: LineText): LiveState {
  return { ...s, lines: [...s.lines, localLine(text, kind, s.lines.length + 1, new Date(), i18n, lineJob(s))] };
}

/** Each line carries its job's id and the percentage at its arrival (docs/spec-conformance.md §3 terminal message). */
function lineJob(s: LiveState): LineJob {
  return { lroJobId: s.jobId, percentageCompleted: s.percentage };
}

function appendWire(s: LiveState, lines: Array<{ seq: number; raw: string }>): LiveState {
  const fresh = lines.filter((l) => l.seq > s.lastSeq);
  if (!fresh.length) return s;
  const out = s.lines.slice();
  for (const l of fresh) out.push(lineFromWire(l.raw, out.length + 1, lineJob(s)));
  return { ...s, lines: out, lastSeq: fresh[fresh.length - 1]!.seq };
}

export function finish(s: LiveState, flavour: Flavour, state: string, message: string): LiveState {
  if (s.finished) return s;
  let next: LiveState = { ...s, state, message, finished: true, percentage: state === 'COMPLETE' ? 100 : s.percentage, failures: 0 };
  if (flavour === 'docs' && state === 'COMPLETE') {
    if (!isTerminalType(next.lines.at(-1)?.type))
      next = append(next, DOCS_COMPLETE_TEXT, 'complete', { key: 'terminal.results.docsComplete' });
  } else if (flavour === 'analysis' || flavour === 'docs') {
    const r = resultLine(state);
    if (r && !isTerminalType(next.lines.at(-1)?.type)) next = append(next, r.text, r.type, { key: r.key });
  } else {
    const text = `Job ${state}: ${message}`;
    // The engine writes this line itself; print it only when the log does not already end with it.
    if (!next.lines.slice(-3).some((l) => l.text === text))
      next = append(next, text, state === 'COMPLETE' ? 'success' : 'error', { key: 'terminal.results.job', params: { state, message } });
  }
  return next;
}

export function liveReducer(flavour: Flavour) {
  return (s: LiveState, a: LiveAction): LiveState => {
    switch (a.type) {
      case 'start':
        return initialLiveState(a.jobId);
      case 'restore':
        return a.state;
      case 'lines':
        return appendWire(s, a.lines);
      case 'status': {
        if (s.finished) return s;
        const next = { ...s, state: a.state, percentage: Math.max(0, Math.min(100, a.percentage)), message: a.message ?? s.message };
        return isFinalState(a.state) ? finish(next, flavour, a.state, a.message ?? s.message) : next;
      }
      case 'pollOk': {
        if (s.finished) return s;
        const lines = a.messages.map((raw, i) => ({ seq: a.lastLine - a.messages.length + 1 + i, raw }));
        const percentage = Math.max(0, Math.min(100, a.percentage));
        let next: LiveState = {
          ...appendWire({ ...s, percentage }, lines),
          failures: 0,
          state: a.state,
          percentage,
          message: a.message ?? s.message,
        };
        if (isFinalState(a.state)) next = finish(next, flavour, a.state, a.message ?? s.message);
        return next;
      }
      case 'pollFailed': {
        if (s.finished) return s;
        const failures = s.failures + 1;
        let next = append({ ...s, failures }, `Error checking status: ${a.error}`, 'error', {
          key: 'terminal.results.statusError',
          params: { error: a.error },
        });
        if (failures >= MAX_POLL_FAILURES)
          next = { ...append(next, POLL_FAILED_TEXT, 'failed', { key: 'terminal.results.pollFailed' }), finished: true };
        return next;
      }
      case 'final':
        return finish(s, flavour, a.state, a.message);
      case 'local':
        return append(s, a.text, a.kind, a.i18n);
    }
  };
}

/** True while a status poll should still run (docs/spec-conformance.md §4: the last message is not a terminal type). */
export function shouldPoll(s: LiveState): boolean {
  return s.jobId !== null && !s.finished && !isTerminalType(s.lines.at(-1)?.type);
}

/** Applies a Job (from a status call or a `status` event) to the state. */
export function statusAction(job: Pick<Job, 'state' | 'progress' | 'message'>): LiveAction {
  return { type: 'status', state: job.state, percentage: job.progress, message: job.message };
}
