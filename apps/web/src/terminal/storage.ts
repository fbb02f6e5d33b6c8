import type { LiveState } from './liveJob.ts';

/**
 * Terminal messages kept per organisation, repository and terminal key (docs/spec-conformance.md §3 client-stored
 * items, §4 "saved locally … and restored"). Only the last MAX_STORED lines are kept, so a
 * long log cannot fill localStorage.
 */
export const MAX_STORED_LINES = 2000;

export function terminalStorageKey(org: string, repo: string, terminalKey: string): string {
  return `terminal:${org}/${repo}/${terminalKey}`;
}

export function saveTerminal(key: string, state: LiveState): void {
  const lines = state.lines.slice(-MAX_STORED_LINES);
  try {
    localStorage.setItem(key, JSON.stringify({ ...state, lines }));
  } catch {
    /* storage full or disabled: the terminal still works, it just is not restored */
  }
}

export function loadTerminal(key: string): LiveState | null {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const s = JSON.parse(raw) as Partial<LiveState>;
    if (!Array.isArray(s.lines) || typeof s.lastSeq !== 'number') return null;
    return {
      jobId: typeof s.jobId === 'number' ? s.jobId : null,
      lines: s.lines,
      lastSeq: s.lastSeq,
      percentage: typeof s.percentage === 'number' ? s.percentage : 0,
      state: typeof s.state === 'string' ? s.state : null,
      message: typeof s.message === 'string' ? s.message : '',
      finished: Boolean(s.finished),
      failures: 0,
    };
  } catch {
    return null;
  }
}
