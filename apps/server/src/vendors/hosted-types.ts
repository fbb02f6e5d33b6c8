/**
 * The contract every hosted vendor adapter (GitHub, GitLab, Bitbucket, Azure DevOps) fulfils,
 * and the one HTTP routine and error vocabulary they share, so that a rejected token, a rate
 * limit, a timeout or a cancelled call reads the same whichever vendor answered.
 *
 * Tokens never leave this layer in words: every message a VendorApiError carries is built
 * from the vendor's own error text with the token scrubbed out.
 */
import type { Response as UndiciResponse } from 'undici';
import { policyFetch, refusalIn } from '../net/outbound.ts';
import { stripCredentials } from './git/url.ts';
import type { Vendor } from '@docent/contracts';

/** The code hosts Docent talks to through an API (a plain git remote has none). */
export type HostedVendor = Exclude<Vendor, 'GIT'>;

/** Each code host's name in sentences, the one table (errors, logs, reporters). */
export const VENDOR_LABEL: Record<HostedVendor, string> = {
  GITHUB: 'GitHub',
  GITLAB: 'GitLab',
  BITBUCKET: 'Bitbucket',
  AZUREDEVOPS: 'Azure DevOps',
};

export interface VendorCredential {
  token: string;
  /**
   * Where the vendor's API lives when it is not the public service: GitHub Enterprise API URL
   * (`https://ghe.example.com/api/v3`), self-managed GitLab instance URL, Bitbucket API origin,
   * Azure DevOps collection URL (`https://dev.azure.com/{org}` or an on-premises collection).
   * Tests point it at a local replay server.
   */
  baseUrl?: string;
  /** Azure DevOps organization, Bitbucket workspace. */
  organization?: string;
  kind: 'pat' | 'app-installation' | 'oauth';
  /** Bitbucket app-password (or API-token) user; without it the token is sent as a Bearer token. */
  username?: string;
}

export interface RemoteOrganization {
  name: string;
  id: string;
}

export interface RemoteRepository {
  organizationName: string;
  repoName: string;
  /**
   * The vendor's default branch. An empty repository has none; adapters then report `main`,
   * so a later clone fails with the vendor's own "branch not found" instead of an empty name.
   */
  defaultBranch: string;
  isPrivate: boolean;
  /** https, without credentials. */
  cloneUrl: string;
  webUrl: string;
  sizeKb?: number;
}

export interface RepoRef {
  organizationName: string;
  repoName: string;
}

export interface PullRequestDraft {
  head: string;
  base: string;
  title: string;
  body: string;
}

/** A pull / merge request the adapter opened, or the open one it found for the same branches. */
export interface OpenedPullRequest {
  url: string;
  number: number;
  /** true when the vendor said one already existed and that one is reused */
  existing: boolean;
}

export interface HostedVendorAdapter {
  readonly vendor: HostedVendor;
  /**
   * `valid: false` when the vendor rejects the token (401/403); network failures, timeouts and
   * rate limits throw, because they say nothing about the token.
   */
  validateCredential(cred: VendorCredential, signal?: AbortSignal): Promise<{ valid: boolean; login?: string; message?: string }>;
  listOrganizations(cred: VendorCredential, signal?: AbortSignal): Promise<RemoteOrganization[]>;
  /** Follows the vendor's pagination to the end, stopping at `maxRepositories` (10,000 by default). */
  listRepositories(cred: VendorCredential, organization?: string, signal?: AbortSignal): Promise<RemoteRepository[]>;
  defaultBranch(cred: VendorCredential, repo: RepoRef, signal?: AbortSignal): Promise<string>;
  /** Clone URL carrying the credential the way the vendor documents it. Never log its result. */
  authenticatedCloneUrl(cred: VendorCredential, repo: RemoteRepository): string;
  /**
   * Opens a pull / merge request from `head` into `base`; when the vendor answers that one is
   * already open for these branches, finds and returns that one instead.
   */
  openPullRequest(cred: VendorCredential, repo: RepoRef, pr: PullRequestDraft, signal?: AbortSignal): Promise<OpenedPullRequest>;
}

/** Why a vendor call failed, for callers that answer differently (e.g. 401 vs 503). */
export type VendorFailure = 'auth' | 'forbidden' | 'not-found' | 'rate-limit' | 'timeout' | 'cancelled' | 'network' | 'refused' | 'http';

export class VendorApiError extends Error {
  override readonly name = 'VendorApiError';
  /**
   * @param status the vendor's HTTP status, or 0 when no answer arrived (network, timeout, cancel)
   * @param retryAfterSeconds for rate limits, when the vendor said how long to wait
   */
  constructor(
    readonly status: number,
    readonly vendor: string,
    message: string,
    readonly failure: VendorFailure = 'http',
    readonly retryAfterSeconds?: number,
    /** what really happened (socket error, the vendor's own words): for the server log only */
    readonly internalDetail?: string,
  ) {
    super(message);
  }
}

export interface AdapterOptions {
  /** Per-request timeout; 15 s unless given. */
  timeoutMs?: number;
  /** Upper bound on repositories one listing returns. */
  maxRepositories?: number;
}

export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_MAX_REPOSITORIES = 10_000;
export const FALLBACK_DEFAULT_BRANCH = 'main';

/** The caller's signal joined with this request's timeout, remembering which one fired. */
export interface RequestBudget {
  signal: AbortSignal;
  callerSignal: AbortSignal | undefined;
  timeoutSignal: AbortSignal;
  timeoutMs: number;
}

export function requestBudget(callerSignal: AbortSignal | undefined, timeoutMs: number): RequestBudget {
  const timeoutSignal = AbortSignal.timeout(timeoutMs);
  const signal = callerSignal ? AbortSignal.any([callerSignal, timeoutSignal]) : timeoutSignal;
  return { signal, callerSignal, timeoutSignal, timeoutMs };
}

/** Removes the token (raw and URL-encoded) from text that came back from a vendor. */
export function scrubToken(text: string, token: string): string {
  if (!token) return text;
  let out = text;
  for (const form of new Set([token, encodeURIComponent(token), Buffer.from(`:${token}`).toString('base64')])) {
    if (form.length >= 4) out = out.split(form).join('[redacted]');
  }
  return out;
}

/** Turns whatever was thrown before an answer arrived into a VendorApiError. */
export function failureBeforeAnswer(label: string, err: unknown, budget: RequestBudget, token: string): VendorApiError {
  if (err instanceof VendorApiError) return err;
  if (budget.callerSignal?.aborted) {
    return new VendorApiError(0, label, `The request to ${label} was cancelled.`, 'cancelled');
  }
  if (budget.timeoutSignal.aborted) {
    const limit = budget.timeoutMs >= 1000 ? `${Math.round(budget.timeoutMs / 1000)} s` : `${budget.timeoutMs} ms`;
    return new VendorApiError(0, label, `${label} did not answer within ${limit}.`, 'timeout');
  }
  if (refusalIn(err)) {
    return new VendorApiError(0, label, `The ${label} address is not allowed: it points to a private or internal network.`, 'refused');
  }
  // One text whatever the socket said: "connection refused" vs "reset" would map open ports.
  return new VendorApiError(0, label, `Could not reach ${label}.`, 'network', undefined, scrubToken(deepestReason(err), token));
}

/** fetch wraps the socket error ("connect ECONNREFUSED …") in causes; the innermost one says most. */
function deepestReason(err: unknown): string {
  let reason = err instanceof Error ? err.message : String(err);
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (current.message) reason = current.message;
    else if (typeof code === 'string') reason = code;
    current = current.cause;
  }
  return reason || 'unknown network error';
}

/** Reads the vendor's own error sentence out of the JSON (or text) it answered with. */
export function vendorErrorDetail(body: unknown): string | undefined {
  if (typeof body === 'string') {
    const text = body.trim();
    return text && !text.startsWith('<') ? text.slice(0, 300) : undefined;
  }
  if (!body || typeof body !== 'object') return undefined;
  const b = body as Record<string, unknown>;
  const errorObject = b.error && typeof b.error === 'object' ? (b.error as Record<string, unknown>) : undefined;
  const candidates: unknown[] = [errorObject?.message, b.message, b.error_description, typeof b.error === 'string' ? b.error : undefined];
  for (const c of candidates) {
    if (typeof c === 'string' && c.trim()) {
      const extra = Array.isArray(b.errors)
        ? (b.errors as Array<Record<string, unknown>>).map((e) => e?.message).filter((m): m is string => typeof m === 'string')
        : [];
      return [c.trim(), ...extra].join(': ').slice(0, 300);
    }
    // GitLab conflicts: {"message": ["Another open merge request already exists…"]}
    if (Array.isArray(c) && c.length > 0) return c.map(String).join('; ').slice(0, 300);
    // GitLab validation errors: {"message": {"field": ["is invalid"]}}
    if (c && typeof c === 'object' && !Array.isArray(c)) {
      return Object.entries(c as Record<string, unknown>)
        .map(([field, v]) => `${field} ${Array.isArray(v) ? v.join(', ') : String(v)}`)
        .join('; ')
        .slice(0, 300);
    }
  }
  return undefined;
}

/** Seconds to wait according to Retry-After or a rate-limit reset epoch, if the vendor said. */
function retryAfter(headers: Headers, nowMs: number): number | undefined {
  const ra = headers.get('retry-after');
  if (ra && /^\d+$/.test(ra.trim())) return Number(ra.trim());
  const reset = headers.get('x-ratelimit-reset') ?? headers.get('ratelimit-reset');
  if (reset && /^\d+$/.test(reset.trim())) {
    const n = Number(reset.trim());
    // GitHub/GitLab send an epoch in seconds; a small number is already a delay.
    return n > 1_000_000_000 ? Math.max(0, Math.ceil(n - nowMs / 1000)) : n;
  }
  return undefined;
}

function isRateLimited(status: number, headers: Headers): boolean {
  if (status === 429) return true;
  if (status !== 403) return false;
  return headers.get('x-ratelimit-remaining') === '0' || headers.get('retry-after') !== null;
}

/** A non-success answer, in words a user understands. `what` names the thing asked for. */
export function vendorErrorFromAnswer(
  label: string,
  status: number,
  headers: Headers,
  body: unknown,
  token: string,
  what = 'the requested resource',
): VendorApiError {
  // The vendor's own words go to the server log only: a base URL is the user's to choose, so
  // its answer could be any service's (docs/design.md §6: never echo a foreign body).
  const detail = scrubToken(vendorErrorDetail(body) ?? `HTTP ${status}`, token);
  if (isRateLimited(status, headers)) {
    const wait = retryAfter(headers, Date.now());
    const when = wait === undefined ? 'Try again later.' : `Try again in ${wait} s.`;
    return new VendorApiError(status, label, `${label} rate limit reached. ${when}`, 'rate-limit', wait);
  }
  if (status === 401) return new VendorApiError(status, label, `${label} rejected the token.`, 'auth', undefined, detail);
  if (status === 403) return new VendorApiError(status, label, `${label} refused access with this token.`, 'forbidden', undefined, detail);
  if (status === 404)
    return new VendorApiError(
      status,
      label,
      `${label} could not find ${what} (or the token cannot see it).`,
      'not-found',
      undefined,
      detail,
    );
  return new VendorApiError(status, label, `${label} answered with an error (HTTP ${status}).`, 'http', undefined, detail);
}

export interface VendorRequest {
  label: string;
  url: string;
  token: string;
  headers: Record<string, string>;
  budget: RequestBudget;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH';
  json?: unknown;
  /** Names the thing asked for in a 404 message. */
  what?: string;
}

export interface VendorAnswer<T> {
  data: T;
  headers: Headers;
  status: number;
}

const MAX_REDIRECTS = 3;

/**
 * One JSON request with the budget's timeout; every failure becomes a VendorApiError.
 * Redirects (renamed repositories) are followed only within the same origin: fetch would drop
 * `Authorization` on a cross-origin hop but not GitLab's PRIVATE-TOKEN, so we decide ourselves.
 */
export async function vendorRequest<T>(req: VendorRequest): Promise<VendorAnswer<T>> {
  let res: UndiciResponse;
  let text: string;
  let url = req.url;
  try {
    for (let hop = 0; ; hop += 1) {
      res = await policyFetch(url, {
        method: req.method ?? 'GET',
        headers: { accept: 'application/json', ...req.headers, ...(req.json === undefined ? {} : { 'content-type': 'application/json' }) },
        body: req.json === undefined ? undefined : JSON.stringify(req.json),
        signal: req.budget.signal,
        redirect: 'manual',
      });
      const location = res.headers.get('location');
      if (res.status < 300 || res.status > 399 || !location) break;
      await res.body?.cancel();
      if (hop >= MAX_REDIRECTS) throw new VendorApiError(res.status, req.label, `${req.label} redirected too many times.`);
      const target = new URL(location, url);
      if (target.origin !== new URL(url).origin) {
        throw new VendorApiError(
          res.status,
          req.label,
          `${req.label} redirected to another host (${target.host}); refusing to send the token there.`,
        );
      }
      url = target.toString();
    }
    text = await res.text();
  } catch (err) {
    throw failureBeforeAnswer(req.label, err, req.budget, req.token);
  }
  const isJson = (res.headers.get('content-type') ?? '').includes('json');
  let body: unknown = text;
  if (isJson && text) {
    try {
      body = JSON.parse(text);
    } catch {
      throw new VendorApiError(res.status, req.label, `${req.label} answered with malformed JSON.`);
    }
  }
  if (!res.ok) throw vendorErrorFromAnswer(req.label, res.status, res.headers, body, req.token, req.what);
  // Azure DevOps answers a bad PAT with 203 and an HTML sign-in page instead of 401.
  if (!isJson && (res.status === 203 || /<html/i.test(text.slice(0, 200)))) {
    throw new VendorApiError(401, req.label, `${req.label} rejected the token: it answered with a sign-in page.`, 'auth');
  }
  if (!isJson) throw new VendorApiError(res.status, req.label, `${req.label} answered with something that is not JSON.`);
  return { data: body as T, headers: res.headers, status: res.status };
}

/** What every hosted adapter keeps from its options: the time budget of a call and the bound on listed repositories. */
export abstract class HostedAdapterBase {
  protected readonly timeoutMs: number;
  protected readonly maxRepositories: number;

  constructor(options: AdapterOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxRepositories = options.maxRepositories ?? DEFAULT_MAX_REPOSITORIES;
  }

  /**
   * validateCredential's answer from `check`, which reads something only a valid credential may:
   * a refusal of the credential (failures in `refusals`) makes it invalid with the vendor's
   * message; any other failure (network, timeout, server) is thrown.
   */
  protected async credentialCheck(
    check: () => Promise<{ valid: true; login?: string }>,
    refusals: readonly VendorFailure[] = ['auth', 'forbidden'],
  ): Promise<{ valid: boolean; login?: string; message?: string }> {
    try {
      return await check();
    } catch (err) {
      if (err instanceof VendorApiError && refusals.includes(err.failure)) return { valid: false, message: err.message };
      throw err;
    }
  }
}

/** An adapter over a JSON REST API with plain fetch (GitLab, Bitbucket, Azure DevOps): one request shape for all its calls. */
export abstract class RestVendorAdapter extends HostedAdapterBase {
  /** The vendor's name in messages (VENDOR_LABEL). */
  protected abstract readonly label: string;

  /** The headers that carry the credential on this vendor's API. */
  protected abstract authHeaders(cred: VendorCredential): Record<string, string>;

  /** GET `url` as `cred`, within the adapter's time budget; `what` names the thing asked for in a 404 message. */
  protected get<T>(cred: VendorCredential, url: string, what: string, signal?: AbortSignal): Promise<VendorAnswer<T>> {
    return this.request<T>(cred, url, what, signal);
  }

  /** POST `json` to `url` as `cred`, within the adapter's time budget. */
  protected post<T>(cred: VendorCredential, url: string, what: string, json: unknown, signal?: AbortSignal): Promise<VendorAnswer<T>> {
    return this.request<T>(cred, url, what, signal, { method: 'POST', json });
  }

  private request<T>(
    cred: VendorCredential,
    url: string,
    what: string,
    signal: AbortSignal | undefined,
    body?: Pick<VendorRequest, 'method' | 'json'>,
  ): Promise<VendorAnswer<T>> {
    return vendorRequest<T>({
      label: this.label,
      ...body,
      url,
      token: cred.token,
      headers: this.authHeaders(cred),
      budget: requestBudget(signal, this.timeoutMs),
      what,
    });
  }
}

/** The `rel="next"` target of an RFC 8288 Link header. */
export function nextLinkFromHeader(link: string | null): string | undefined {
  if (!link) return undefined;
  for (const part of link.split(',')) {
    const m = /<([^>]+)>\s*;(.*)$/.exec(part.trim());
    if (m && /\brel="?([^";]*\s)?next(\s[^";]*)?"?/.test(m[2] ?? '')) return m[1];
  }
  return undefined;
}

/**
 * A pagination link must stay on the API the token was meant for; otherwise a hostile or
 * misconfigured answer could make us send the token to another host.
 */
export function sameOriginOrThrow(label: string, next: string, base: string): string {
  let nextUrl: URL;
  try {
    nextUrl = new URL(next, base);
  } catch {
    throw new VendorApiError(502, label, `${label} answered with an unreadable next-page link.`);
  }
  if (nextUrl.origin !== new URL(base).origin) {
    throw new VendorApiError(502, label, `${label} answered with a next-page link to another host; refusing to follow it.`);
  }
  return nextUrl.toString();
}

/**
 * Removes any user:password part from a clone URL the vendor returned. An unreadable URL gives
 * '' (the sync skips that repository with a warning instead of failing the whole listing).
 */
export function withoutCredentials(url: string): string {
  return stripCredentials(url, '');
}

/**
 * Puts credentials into an https clone URL. Plain http is allowed only for loopback hosts
 * (tests, local mirrors), so a token never crosses the network unencrypted.
 */
export function withCredentials(label: string, cloneUrl: string, username: string, password?: string): string {
  const u = new URL(cloneUrl);
  const loopback = u.hostname === '127.0.0.1' || u.hostname === 'localhost' || u.hostname === '[::1]';
  if (u.protocol !== 'https:' && !(u.protocol === 'http:' && loopback)) {
    throw new VendorApiError(0, label, `Refusing to put a ${label} token into a non-https clone URL.`, 'http');
  }
  u.username = encodeURIComponent(username);
  u.password = password === undefined ? '' : encodeURIComponent(password);
  return u.toString();
}

/** Strips trailing slashes so paths can be appended. */
export function trimBase(url: string): string {
  return url.replace(/\/+$/, '');
}
