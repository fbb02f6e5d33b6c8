/**
 * Bitbucket Cloud's webhooks: registration through `POST /2.0/repositories/{workspace}/{repo_slug}/hooks`
 * (repo:push, pullrequest:created/updated; HMAC secret) and the deliveries (`X-Event-Key`, `X-Request-UUID`).
 */
import type { RepoRef } from '../hosted-types.ts';
import { arr, header, hookRequest, json, obj, positiveInt, pushOf, str, unused } from '../hooks.ts';
import type { HookCall, HookEvent, HookTarget, IncomingHook, ReadDelivery, RegisteredHook } from '../hooks.ts';
import { bitbucketRepoUrl } from './api.ts';

export async function registerBitbucketHook(c: HookCall, repo: RepoRef, target: HookTarget): Promise<RegisteredHook> {
  const base = `${bitbucketRepoUrl(c.cred, repo)}/hooks`;
  const what = `the repository ${repo.organizationName}/${repo.repoName}`;
  const { data: page } = await hookRequest<{ values?: Array<{ uuid: string; url?: string }> }>(c, base, what);
  const same = page.values?.find((h) => h.url === target.url);
  if (same) return { id: same.uuid, existing: true };
  const { data } = await hookRequest<{ uuid: string }>(c, base, what, {
    description: 'Docent',
    url: target.url,
    active: true,
    secret: target.secret,
    events: ['repo:push', 'pullrequest:created', 'pullrequest:updated'],
  });
  return { id: data.uuid, existing: false };
}

/** X-Event-Key `diagnostics:ping`, `repo:push`, `pullrequest:created`, `pullrequest:updated`. */
function bitbucketEvent(event: string, body: Buffer): HookEvent {
  if (event === 'diagnostics:ping') return { kind: 'ping', name: event };
  if (event === 'repo:push') {
    const p = json(body);
    const refs = arr(obj(p.push).changes).flatMap((c) => {
      const n = obj(obj(c).new);
      const o = obj(obj(c).old);
      // a deleted branch has `new: null`; a new one `old: null`
      const name = str(n.name) || str(o.name);
      const type = str(n.type) || str(o.type);
      if (type !== 'branch' || !name) return [];
      return [
        { ref: `refs/heads/${name}`, before: str(obj(o.target).hash) || '0'.repeat(40), after: str(obj(n.target).hash) || '0'.repeat(40) },
      ];
    });
    return pushOf(event, refs);
  }
  if (event === 'pullrequest:created' || event === 'pullrequest:updated') {
    const pr = obj(json(body).pullrequest);
    const source = obj(pr.source);
    const destination = obj(pr.destination);
    return {
      kind: 'pull',
      name: event,
      number: positiveInt(pr.id, 'pull request id'),
      title: str(pr.title),
      headSha: str(obj(source.commit).hash),
      baseSha: str(obj(destination.commit).hash),
      headRef: str(obj(source.branch).name),
      baseRef: str(obj(destination.branch).name),
    };
  }
  return unused(event);
}

export function readBitbucketDelivery(hook: IncomingHook): ReadDelivery {
  return { event: bitbucketEvent(header(hook, 'x-event-key'), hook.body), deliveryId: header(hook, 'x-request-uuid') };
}
