/**
 * `pageState`, a client-stored item of docs/spec-conformance.md §3: the protected page a
 * signed-out visitor asked for, kept in localStorage so that it survives what the router's
 * in-memory state does not (a reload of the login page, a sign-in that went through a full-page
 * provider redirect). Only a path of this app is kept, for at most an hour, and it is used once.
 */
export const PAGE_STATE_KEY = 'pageState';
export const PAGE_STATE_TTL_MS = 60 * 60 * 1000;

function isAppPath(path: unknown): path is string {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

export function rememberPage(path: string, now = Date.now()): void {
  if (!isAppPath(path)) return;
  try {
    localStorage.setItem(PAGE_STATE_KEY, JSON.stringify({ from: path, at: now }));
  } catch {
    /* storage disabled: the router's state still carries the page within this tab */
  }
}

/** The remembered page, removed as it is read; null when none, expired or damaged. */
export function takeRememberedPage(now = Date.now()): string | null {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(PAGE_STATE_KEY);
    localStorage.removeItem(PAGE_STATE_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as { from?: unknown; at?: unknown };
    if (!isAppPath(v.from) || typeof v.at !== 'number' || now - v.at > PAGE_STATE_TTL_MS || v.at > now) return null;
    return v.from;
  } catch {
    return null;
  }
}
