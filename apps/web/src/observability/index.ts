import { anonymousPath, type ClientConfig } from '@docent/contracts';

/**
 * Browser error reports and page views, only when the server says they are on (SENTRY_DSN,
 * ANALYTICS_URL): reports go to this server, which scrubs and forwards them (docs/security.md).
 * Page views honour Do-Not-Track and Global Privacy Control; no cookie or storage is used.
 */
function post(path: string, body: unknown): void {
  void fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    keepalive: true,
    credentials: 'omit',
  }).catch(() => undefined);
}

export function doNotTrack(nav: Navigator = navigator): boolean {
  const n = nav as Navigator & { globalPrivacyControl?: boolean; msDoNotTrack?: string };
  return (
    n.doNotTrack === '1' ||
    n.globalPrivacyControl === true ||
    n.msDoNotTrack === '1' ||
    (window as Window & { doNotTrack?: string }).doNotTrack === '1'
  );
}

export function installErrorReporting(target: Window = window): void {
  let sent = 0;
  const report = (type: string, message: string, stack: string | undefined) => {
    if (sent++ >= 10) return; // one broken page does not flood the server
    post('/api/v1/telemetry/error', {
      type: type.slice(0, 200),
      message: message.slice(0, 2000),
      ...(stack ? { stack: stack.slice(0, 8000) } : {}),
      path: anonymousPath(target.location.pathname),
    });
  };
  target.addEventListener('error', (e: ErrorEvent) => {
    const err = e.error as Error | undefined;
    report(err?.name ?? 'Error', err?.message ?? e.message ?? 'error', err?.stack);
  });
  target.addEventListener('unhandledrejection', (e: PromiseRejectionEvent) => {
    const err = e.reason as Error | undefined;
    report(
      err instanceof Error ? err.name : 'UnhandledRejection',
      err instanceof Error ? err.message : String(e.reason),
      err instanceof Error ? err.stack : undefined,
    );
  });
}

export function installPageViews(target: Window = window): void {
  let last = '';
  const view = () => {
    const path = anonymousPath(target.location.pathname);
    if (path === last) return;
    last = path;
    post('/api/v1/telemetry/pageview', { path });
  };
  // The router changes the address with pushState/replaceState: each change is a page view.
  for (const name of ['pushState', 'replaceState'] as const) {
    const original = target.history[name].bind(target.history);
    target.history[name] = (...args: Parameters<History['pushState']>) => {
      original(...args);
      view();
    };
  }
  target.addEventListener('popstate', view);
  view();
}

export async function startObservability(): Promise<void> {
  const res = await fetch('/api/v1/client-config', { headers: { Accept: 'application/json' }, credentials: 'omit' }).catch(() => null);
  if (!res?.ok) return;
  const config = (await res.json()) as ClientConfig;
  if (config.errorReporting) installErrorReporting();
  if (config.analytics && !doNotTrack()) installPageViews();
}
