/**
 * GitHub's webhooks: registration through `POST /repos/{owner}/{repo}/hooks` (events push and
 * pull_request, HMAC secret) and the deliveries (`X-GitHub-Event`, `X-GitHub-Delivery`).
 */
import { VendorApiError, type RepoRef } from '../hosted-types.ts';
import { header, hookRequest, json, obj, positiveInt, singlePush, str, unused } from '../hooks.ts';
import type { HookCall, HookEvent, HookTarget, IncomingHook, ReadDelivery, RegisteredHook } from '../hooks.ts';
import { githubApiRoot } from './octokit.ts';

export async function registerGitHubHook(c: HookCall, repo: RepoRef, target: HookTarget): Promise<RegisteredHook> {
  const base = `${githubApiRoot(c.cred)}/repos/${encodeURIComponent(repo.organizationName)}/${encodeURIComponent(repo.repoName)}/hooks`;
  const what = `the repository ${repo.organizationName}/${repo.repoName}`;
  try {
    const { data } = await hookRequest<{ id: number }>(c, base, what, {
      name: 'web',
      active: true,
      events: ['push', 'pull_request'],
      config: { url: target.url, content_type: 'json', secret: target.secret, insecure_ssl: '0' },
    });
    return { id: String(data.id), existing: false };
  } catch (err) {
    // 422 "Hook already exists on this repository": the one with our URL is reused.
    if (!(err instanceof VendorApiError && err.status === 422)) throw err;
    const { data } = await hookRequest<Array<{ id: number; config?: { url?: string } }>>(c, `${base}?per_page=100`, what);
    const same = Array.isArray(data) ? data.find((h) => h.config?.url === target.url) : undefined;
    if (!same) throw err;
    return { id: String(same.id), existing: true };
  }
}

/** X-GitHub-Event `ping`, `push`, `pull_request` (opened, synchronize, reopened). */
function githubEvent(event: string, body: Buffer): HookEvent {
  if (event === 'ping') return { kind: 'ping', name: 'ping' };
  if (event === 'push') return singlePush('push', json(body));
  if (event === 'pull_request') {
    const p = json(body);
    const action = str(p.action);
    const name = `pull_request.${action}`;
    if (!['opened', 'synchronize', 'reopened'].includes(action))
      return { kind: 'other', name, reason: { code: 'PR_ACTION_NO_CODE_CHANGE', params: { action } } };
    const pr = obj(p.pull_request);
    const head = obj(pr.head);
    const base = obj(pr.base);
    return {
      kind: 'pull',
      name,
      number: positiveInt(pr.number ?? p.number, 'pull request number'),
      title: str(pr.title),
      headSha: str(head.sha),
      baseSha: str(base.sha),
      headRef: str(head.ref),
      baseRef: str(base.ref),
    };
  }
  return unused(event);
}

export function readGitHubDelivery(hook: IncomingHook): ReadDelivery {
  return { event: githubEvent(header(hook, 'x-github-event'), hook.body), deliveryId: header(hook, 'x-github-delivery') };
}
