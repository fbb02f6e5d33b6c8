import { z } from 'zod';

/**
 * What the web app learns about error reporting and analytics (docs/security.md, "Error reporting
 * and usage analytics"). The browser never talks to the operator's services itself: the page's CSP
 * allows this origin only, so reports go to the server, which scrubs and forwards them.
 */
export const ClientConfig = z.object({
  /** SENTRY_DSN is set: window errors are sent to POST /api/v1/telemetry/error */
  errorReporting: z.boolean(),
  /** ANALYTICS_URL is set: page views are sent to POST /api/v1/telemetry/pageview */
  analytics: z.boolean(),
  /** the git commit the server runs, when known */
  release: z.string().nullable(),
});
export type ClientConfig = z.infer<typeof ClientConfig>;

/** A browser error as the web app reports it (the server scrubs it again before forwarding). */
export const BrowserErrorReport = z
  .object({
    type: z.string().max(200),
    message: z.string().max(2000),
    stack: z.string().max(8000).optional(),
    path: z.string().max(2000),
  })
  .strict();
export type BrowserErrorReport = z.infer<typeof BrowserErrorReport>;

export const PageView = z.object({ path: z.string().max(2000) }).strict();
export type PageView = z.infer<typeof PageView>;

/** Segments of the web app's paths that name a user's things, by route: replaced by placeholders. */
const ROUTES: Array<[RegExp, string]> = [
  [/^\/repositories\/([a-z]{1,16})\/[^/]+\/[^/]+(\/lro|\/settings)?$/, '/repositories/$1/:org/:repo$2'],
  [/^\/repositories\/([a-z]{1,16})\/[^/]+$/, '/repositories/$1/:org'],
  [/^\/jobs\/[^/]+$/, '/jobs/:id'],
  [/^\/billing\/test-checkout\/[^/]+$/, '/billing/test-checkout/:id'],
];

/**
 * A page's path as analytics may see it: no query string or fragment, repository owners and names
 * and ids replaced by placeholders; any other segment that looks like an id, a token or an address
 * becomes `:id`.
 */
export function anonymousPath(raw: string): string {
  let p = raw.split(/[?#]/)[0] ?? '/';
  if (!p.startsWith('/')) p = `/${p}`;
  p = p.replace(/\/{2,}/g, '/');
  if (p.length > 1) p = p.replace(/\/$/, '');
  for (const [re, to] of ROUTES) if (re.test(p)) return p.replace(re, to);
  return p
    .split('/')
    .map((s) => (/^\d+$|^[0-9a-f-]{16,}$|@|^[A-Za-z0-9_-]{24,}$|%/i.test(s) ? ':id' : s))
    .join('/');
}
