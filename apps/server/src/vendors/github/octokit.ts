/**
 * GitHub's API client and auth rule, shared by the adapter, the pull-request reporter and hook
 * registration: every request passes the outbound policy with a fresh per-request timeout
 * joined with the caller's signal, and whatever Octokit throws becomes a VendorApiError.
 */
import { Octokit } from '@octokit/rest';
import type { RequestInit as UndiciRequestInit } from 'undici';
import { policyFetch } from '../../net/outbound.ts';
import {
  failureBeforeAnswer,
  requestBudget,
  trimBase,
  VendorApiError,
  vendorErrorFromAnswer,
  type RequestBudget,
  VENDOR_LABEL,
  type VendorCredential,
} from '../hosted-types.ts';

const GITHUB_LABEL = VENDOR_LABEL.GITHUB;
const GITHUB_PUBLIC_API = 'https://api.github.com';

/** The API root: GitHub Enterprise's when the credential names one. */
export const githubApiRoot = (cred: VendorCredential): string => trimBase(cred.baseUrl ?? GITHUB_PUBLIC_API);

/** Plain REST requests (hook registration): the token, GitHub's media type and API version. */
export function githubAuthHeaders(cred: VendorCredential): Record<string, string> {
  return {
    authorization: `token ${cred.token}`,
    accept: 'application/vnd.github+json',
    'x-github-api-version': '2022-11-28',
    'user-agent': 'Docent',
  };
}

const silentLog = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

/** Octokit's RequestError, recognised by shape so we depend on @octokit/rest alone. */
interface OctokitHttpError {
  status: number;
  response?: { headers: Record<string, string | number | undefined>; data: unknown };
}

function isOctokitHttpError(err: unknown): err is OctokitHttpError {
  return !!err && typeof err === 'object' && typeof (err as { status?: unknown }).status === 'number';
}

function toHeaders(raw: Record<string, string | number | undefined>): Headers {
  const h = new Headers();
  for (const [k, v] of Object.entries(raw)) if (v !== undefined) h.set(k, String(v));
  return h;
}

/**
 * Runs `work` with an Octokit whose every request carries a fresh per-request timeout (so a
 * long pagination is not cut off by one timer) joined with the caller's signal. `what` names
 * the thing asked for in a 404 message.
 */
export async function withOctokit<T>(
  cred: VendorCredential,
  signal: AbortSignal | undefined,
  timeoutMs: number,
  what: string,
  work: (o: Octokit) => Promise<T>,
): Promise<T> {
  let last: RequestBudget = requestBudget(signal, timeoutMs);
  const octokit = new Octokit({
    auth: cred.token,
    baseUrl: githubApiRoot(cred),
    userAgent: 'Docent',
    log: silentLog,
    request: {
      fetch: (url: string, init: UndiciRequestInit) => {
        last = requestBudget(signal, timeoutMs);
        // every request passes the outbound policy (a GitHub Enterprise base URL is the user's choice)
        return policyFetch(url, { ...init, signal: last.signal });
      },
    },
  });
  try {
    return await work(octokit);
  } catch (err) {
    if (err instanceof VendorApiError) throw err;
    if (isOctokitHttpError(err) && err.response) {
      throw vendorErrorFromAnswer(GITHUB_LABEL, err.status, toHeaders(err.response.headers), err.response.data, cred.token, what);
    }
    throw failureBeforeAnswer(GITHUB_LABEL, err, last, cred.token);
  }
}
