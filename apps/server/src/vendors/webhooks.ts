/**
 * Registering Docent's webhook on a hosted repository through the vendor's documented API:
 *   GitHub       POST /repos/{owner}/{repo}/hooks                      (events push, pull_request; HMAC secret)
 *   GitLab       POST /api/v4/projects/:id/hooks                      (push and merge request events; token)
 *   Bitbucket    POST /2.0/repositories/{workspace}/{repo_slug}/hooks  (repo:push, pullrequest:created/updated; HMAC secret)
 *   Azure DevOps POST {collection}/_apis/hooks/subscriptions          (git.push, git.pullrequest.created/updated; basic auth)
 * A token without the rights (401/403/404) is reported as such: the user then pastes URL and secret by hand.
 */
import {
  DEFAULT_TIMEOUT_MS,
  VendorApiError,
  requestBudget,
  trimBase,
  vendorRequest,
  type RepoRef,
  type VendorCredential,
} from './hosted-types.ts';
import { VENDOR_LABEL, type HostedVendor } from './index.ts';
import { azureAuthHeaders } from './azure/azure-adapter.ts';
import { bitbucketAuthHeaders } from './bitbucket/bitbucket-adapter.ts';
import { githubApiRoot, githubAuthHeaders } from './github/octokit.ts';
import { gitlabApiRoot, gitlabAuthHeaders } from './gitlab/gitlab-adapter.ts';

export interface HookTarget {
  url: string;
  secret: string;
}

export interface RegisteredHook {
  /** the vendor's id of the hook (Azure: the push subscription's) */
  id: string;
  /** true when the vendor already had a hook for this URL */
  existing: boolean;
}

interface Call {
  label: string;
  cred: VendorCredential;
  headers: Record<string, string>;
  signal?: AbortSignal | undefined;
  timeoutMs: number;
}

function post<T>(c: Call, url: string, json: unknown, what: string) {
  return vendorRequest<T>({
    label: c.label,
    method: 'POST',
    url,
    token: c.cred.token,
    headers: c.headers,
    budget: requestBudget(c.signal, c.timeoutMs),
    json,
    what,
  });
}

function get<T>(c: Call, url: string, what: string) {
  return vendorRequest<T>({
    label: c.label,
    url,
    token: c.cred.token,
    headers: c.headers,
    budget: requestBudget(c.signal, c.timeoutMs),
    what,
  });
}

async function github(c: Call, repo: RepoRef, target: HookTarget): Promise<RegisteredHook> {
  const base = `${githubApiRoot(c.cred)}/repos/${encodeURIComponent(repo.organizationName)}/${encodeURIComponent(repo.repoName)}/hooks`;
  const what = `the repository ${repo.organizationName}/${repo.repoName}`;
  try {
    const { data } = await post<{ id: number }>(
      c,
      base,
      {
        name: 'web',
        active: true,
        events: ['push', 'pull_request'],
        config: { url: target.url, content_type: 'json', secret: target.secret, insecure_ssl: '0' },
      },
      what,
    );
    return { id: String(data.id), existing: false };
  } catch (err) {
    // 422 "Hook already exists on this repository": the one with our URL is reused.
    if (!(err instanceof VendorApiError && err.status === 422)) throw err;
    const { data } = await get<Array<{ id: number; config?: { url?: string } }>>(c, `${base}?per_page=100`, what);
    const same = Array.isArray(data) ? data.find((h) => h.config?.url === target.url) : undefined;
    if (!same) throw err;
    return { id: String(same.id), existing: true };
  }
}

async function gitlab(c: Call, repo: RepoRef, target: HookTarget): Promise<RegisteredHook> {
  const base = `${gitlabApiRoot(c.cred)}/projects/${encodeURIComponent(`${repo.organizationName}/${repo.repoName}`)}/hooks`;
  const what = `the project ${repo.organizationName}/${repo.repoName}`;
  const { data: hooks } = await get<Array<{ id: number; url?: string }>>(c, `${base}?per_page=100`, what);
  const same = Array.isArray(hooks) ? hooks.find((h) => h.url === target.url) : undefined;
  if (same) return { id: String(same.id), existing: true };
  const { data } = await post<{ id: number }>(
    c,
    base,
    { url: target.url, token: target.secret, push_events: true, merge_requests_events: true, enable_ssl_verification: true },
    what,
  );
  return { id: String(data.id), existing: false };
}

async function bitbucket(c: Call, repo: RepoRef, target: HookTarget): Promise<RegisteredHook> {
  const base = `${trimBase(c.cred.baseUrl ?? 'https://api.bitbucket.org')}/2.0/repositories/${encodeURIComponent(repo.organizationName)}/${encodeURIComponent(repo.repoName)}/hooks`;
  const what = `the repository ${repo.organizationName}/${repo.repoName}`;
  const { data: page } = await get<{ values?: Array<{ uuid: string; url?: string }> }>(c, base, what);
  const same = page.values?.find((h) => h.url === target.url);
  if (same) return { id: same.uuid, existing: true };
  const { data } = await post<{ uuid: string }>(
    c,
    base,
    {
      description: 'Docent',
      url: target.url,
      active: true,
      secret: target.secret,
      events: ['repo:push', 'pullrequest:created', 'pullrequest:updated'],
    },
    what,
  );
  return { id: data.uuid, existing: false };
}

async function azure(c: Call, repo: RepoRef, target: HookTarget): Promise<RegisteredHook> {
  const org = repo.organizationName;
  const collection = c.cred.baseUrl ? trimBase(c.cred.baseUrl) : `https://dev.azure.com/${encodeURIComponent(org)}`;
  const slash = repo.repoName.indexOf('/');
  if (slash < 0) throw new VendorApiError(400, c.label, `${c.label} repositories are named project/repository.`, 'not-found');
  const project = encodeURIComponent(repo.repoName.slice(0, slash));
  const name = encodeURIComponent(repo.repoName.slice(slash + 1));
  const what = `the repository ${repo.repoName}`;
  // The subscription names the project and repository by id.
  const { data: r } = await get<{ id: string; project?: { id?: string } }>(
    c,
    `${collection}/${project}/_apis/git/repositories/${name}?api-version=7.1`,
    what,
  );
  const projectId = r.project?.id ?? '';
  let first: string | null = null;
  for (const eventType of ['git.push', 'git.pullrequest.created', 'git.pullrequest.updated']) {
    const { data } = await post<{ id: string }>(
      c,
      `${collection}/_apis/hooks/subscriptions?api-version=7.1`,
      {
        publisherId: 'tfs',
        eventType,
        resourceVersion: '1.0',
        consumerId: 'webHooks',
        consumerActionId: 'httpRequest',
        publisherInputs: { projectId, repository: r.id },
        consumerInputs: { url: target.url, basicAuthUsername: 'docent', basicAuthPassword: target.secret },
      },
      what,
    );
    first ??= data.id;
  }
  return { id: first ?? '', existing: false };
}

/** Each vendor's own auth rule (kept in its folder). */
const AUTH_HEADERS: Record<HostedVendor, (cred: VendorCredential) => Record<string, string>> = {
  GITHUB: githubAuthHeaders,
  GITLAB: gitlabAuthHeaders,
  BITBUCKET: bitbucketAuthHeaders,
  AZUREDEVOPS: azureAuthHeaders,
};

/** Registers (or finds) the webhook on the vendor; throws VendorApiError (e.g. `forbidden` without the rights). */
export function registerWebhook(
  vendor: HostedVendor,
  cred: VendorCredential,
  repo: RepoRef,
  target: HookTarget,
  opts: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<RegisteredHook> {
  const c: Call = {
    label: VENDOR_LABEL[vendor],
    cred,
    headers: AUTH_HEADERS[vendor](cred),
    signal: opts.signal,
    timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  };
  switch (vendor) {
    case 'GITHUB':
      return github(c, repo, target);
    case 'GITLAB':
      return gitlab(c, repo, target);
    case 'BITBUCKET':
      return bitbucket(c, repo, target);
    case 'AZUREDEVOPS':
      return azure(c, repo, target);
  }
}
