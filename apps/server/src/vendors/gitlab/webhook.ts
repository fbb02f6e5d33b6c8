/**
 * GitLab's webhooks: registration through `POST /api/v4/projects/:id/hooks` (push and merge
 * request events, a secret token) and the deliveries (`X-Gitlab-Event`, `Idempotency-Key`).
 */
import type { RepoRef } from '../hosted-types.ts';
import { header, hookRequest, json, obj, positiveInt, singlePush, str, unused } from '../hooks.ts';
import type { HookCall, HookEvent, HookTarget, IncomingHook, ReadDelivery, RegisteredHook } from '../hooks.ts';
import { gitlabProjectUrl } from './api.ts';

export async function registerGitLabHook(c: HookCall, repo: RepoRef, target: HookTarget): Promise<RegisteredHook> {
  const base = `${gitlabProjectUrl(c.cred, repo)}/hooks`;
  const what = `the project ${repo.organizationName}/${repo.repoName}`;
  const { data: hooks } = await hookRequest<Array<{ id: number; url?: string }>>(c, `${base}?per_page=100`, what);
  const same = Array.isArray(hooks) ? hooks.find((h) => h.url === target.url) : undefined;
  if (same) return { id: String(same.id), existing: true };
  const { data } = await hookRequest<{ id: number }>(c, base, what, {
    url: target.url,
    token: target.secret,
    push_events: true,
    merge_requests_events: true,
    enable_ssl_verification: true,
  });
  return { id: String(data.id), existing: false };
}

/** X-Gitlab-Event `Push Hook`, `Merge Request Hook` (open, reopen, update with new commits). */
function gitlabEvent(event: string, body: Buffer): HookEvent {
  if (event === 'Push Hook') return singlePush('Push Hook', json(body));
  if (event === 'Merge Request Hook') {
    const p = json(body);
    const a = obj(p.object_attributes);
    const action = str(a.action);
    const name = `Merge Request Hook.${action}`;
    // An `update` without `oldrev` changed the title, labels or assignees, not the code.
    const codeChanged = action === 'open' || action === 'reopen' || (action === 'update' && str(a.oldrev) !== '');
    if (!codeChanged) return { kind: 'other', name, reason: { code: 'MR_ACTION_NO_CODE_CHANGE', params: { action } } };
    const diffRefs = obj(a.diff_refs);
    return {
      kind: 'pull',
      name,
      number: positiveInt(a.iid, 'merge request iid'),
      title: str(a.title),
      headSha: str(obj(a.last_commit).id),
      baseSha: str(diffRefs.base_sha),
      headRef: str(a.source_branch),
      baseRef: str(a.target_branch),
    };
  }
  return unused(event);
}

export function readGitLabDelivery(hook: IncomingHook): ReadDelivery {
  return {
    event: gitlabEvent(header(hook, 'x-gitlab-event'), hook.body),
    deliveryId: header(hook, 'idempotency-key') || header(hook, 'x-gitlab-webhook-uuid') || header(hook, 'x-gitlab-event-uuid'),
  };
}
