import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { AnalyticsSender } from './analytics.ts';
import { SentryReporter, type ErrorEvent } from './sentry.ts';

/**
 * Error reporting (SENTRY_DSN) and usage analytics (ANALYTICS_URL), both off unless configured:
 * unset, nothing here sends anything (docs/security.md, "Error reporting and usage analytics").
 * Process-wide, like the process's own error handlers; set up by buildApp and `npm run worker`.
 */
let reporter: SentryReporter | null = null;
let analytics: AnalyticsSender | null = null;
let release: string | null = null;
let warn: (msg: string) => void = () => undefined;

/** SENTRY_RELEASE, else the git commit of the checkout the server runs from (only asked when a DSN is set). */
function releaseOf(config: Config): string | null {
  if (config.sentryRelease) return config.sentryRelease;
  try {
    const out = execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: path.resolve(import.meta.dirname, '../../../..'),
      timeout: 2000,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const sha = out.toString().trim();
    return /^[0-9a-f]{40}$/.test(sha) ? sha : null;
  } catch {
    return null;
  }
}

export function initObservability(config: Config, log?: { warn(msg: string): void }): void {
  warn = log ? (m) => log.warn(m) : () => undefined;
  release = config.sentryDsn ? releaseOf(config) : null;
  reporter = config.sentryDsn ? new SentryReporter(config.sentryDsn, { release, environment: config.sentryEnvironment }) : null;
  analytics = config.analyticsUrl ? new AnalyticsSender(config.analyticsUrl, config.appUrl, config.analyticsDomain) : null;
}

export function observabilityState(): { errorReporting: boolean; analytics: boolean; release: string | null } {
  return { errorReporting: reporter !== null, analytics: analytics !== null, release };
}

/** The sends still under way (tests and shutdown wait for them). */
const pending = new Set<Promise<void>>();
export async function flushObservability(): Promise<void> {
  await Promise.allSettled([...pending]);
}

function track(p: Promise<void>): void {
  const q = p.catch((err: Error) => warn(`observability: send failed: ${err.message}`)).finally(() => pending.delete(q));
  pending.add(q);
}

/** Sends an error to SENTRY_DSN; a no-op when unset. Never throws. */
export function reportError(err: unknown, ctx: Omit<ErrorEvent, 'type' | 'message' | 'stack' | 'platform'> = {}): void {
  if (!reporter) return;
  const e = err instanceof Error ? err : new Error(String(err));
  track(reporter.send({ type: e.name || 'Error', message: e.message, stack: e.stack, platform: 'node', ...ctx }));
}

export function reportBrowserError(e: { type: string; message: string; stack?: string | undefined; path: string }): void {
  if (!reporter) return;
  track(
    reporter.send({
      type: e.type,
      message: e.message,
      stack: e.stack,
      platform: 'javascript',
      tags: { source: 'browser' },
      request: { method: 'GET', url: e.path },
    }),
  );
}

/** Sends an analytics event to ANALYTICS_URL; a no-op when unset. */
export function trackEvent(name: string, pagePath: string, props: Record<string, string> = {}): void {
  if (!analytics) return;
  track(analytics.send(name, pagePath, props));
}

/**
 * With SENTRY_DSN set, an unhandled rejection or exception is reported before the process ends
 * as it would have (exit code 1); unset, Node's own behaviour is untouched. Call after initObservability.
 */
export function installProcessHandlers(): void {
  if (!reporter) return;
  const fatal = (err: unknown, caught: string) => {
    console.error(`${caught}:`, err);
    reportError(err, { tags: { caught } });
    void flushObservability().finally(() => process.exit(1));
  };
  process.on('unhandledRejection', (reason) => fatal(reason, 'unhandledRejection'));
  process.on('uncaughtException', (err) => fatal(err, 'uncaughtException'));
}

/**
 * The product's key events, told apart by route pattern and outcome: no user, repository or
 * payment is named, only which kind of thing happened.
 */
const EVENTS: Array<{ method: string; url: RegExp; status: number; name: string; body?: RegExp }> = [
  { method: 'POST', url: /^\/api\/signup$/, status: 201, name: 'Sign-up' },
  { method: 'POST', url: /^\/api\/v1\/git\/repos$/, status: 201, name: 'Repository added' },
  { method: 'POST', url: /^\/api\/v1\/git\/analyze\/repo(\/:type)?$/, status: 200, name: 'Analysis run' },
  { method: 'POST', url: /^\/api\/v1\/git\/generate\/:docType\/doc$/, status: 200, name: 'Docs generated' },
  {
    method: 'POST',
    url: /^\/api\/v1\/billing\/(paypal\/payments\/:id\/capture|cashfree\/payments\/:id\/confirm|test\/payments\/:id\/:outcome)$/,
    status: 200,
    name: 'Upgrade',
    body: /"status":"PAYMENT_COMPLETE"/,
  },
];

/** One hook on the app (registered in app.ts): key events go to analytics when it is on. */
export function installObservabilityHooks(app: FastifyInstance): void {
  app.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!analytics) return payload;
    const route = req.routeOptions.url ?? '';
    const hit = EVENTS.find((e) => e.method === req.method && e.status === reply.statusCode && e.url.test(route));
    if (!hit) return payload;
    if (hit.body && !(typeof payload === 'string' && hit.body.test(payload))) return payload;
    const props: Record<string, string> = {};
    const params = req.params as Record<string, string> | undefined;
    if (params?.type) props.type = params.type;
    if (params?.docType) props.docType = params.docType;
    trackEvent(hit.name, route, props);
    return payload;
  });
}
