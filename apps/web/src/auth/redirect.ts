/**
 * Where a token may be sent after login (`state`) or local-tool login (`redirectUri`).
 * Handing a session token to any address would let a crafted link steal it, so only this
 * app's own origin and loopback addresses (local tools) are accepted.
 */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function safeRedirectTarget(target: string | null | undefined, origin = window.location.origin): URL | null {
  if (!target) return null;
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.origin === origin || LOOPBACK_HOSTS.has(url.hostname)) return url;
  return null;
}

/** Leaves the app for another address (an object, so that tests can watch it). */
export const browserNavigation = {
  assign: (url: string): void => window.location.assign(url),
};

/** `target` with `token=<token>` appended to its query (spec: "with ?token appended"). */
export function withToken(target: URL, token: string): string {
  const url = new URL(target.href);
  url.searchParams.set('token', token);
  return url.href;
}

/** The path, query and hash of a same-origin URL, for client-side navigation. */
export function pathOf(url: URL): string {
  return `${url.pathname}${url.search}${url.hash}`;
}
