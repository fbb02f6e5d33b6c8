/**
 * Azure DevOps' service hooks: registration through `POST {collection}/_apis/hooks/subscriptions`
 * (git.push, git.pullrequest.created/updated; basic authentication) and the deliveries (the
 * event's own `eventType` and `id`).
 */
import type { RepoRef } from '../hosted-types.ts';
import {
  arr,
  branchOf,
  hookRequest,
  json,
  obj,
  positiveInt,
  pushOf,
  str,
  unused,
  type HookCall,
  type HookEvent,
  type HookTarget,
  type IncomingHook,
  type Obj,
  type ReadDelivery,
  type RegisteredHook,
} from '../hooks.ts';
import { azureCollection, splitAzureRepoName } from './api.ts';

export async function registerAzureHook(c: HookCall, repo: RepoRef, target: HookTarget): Promise<RegisteredHook> {
  const collection = azureCollection(c.cred, repo.organizationName);
  const { project, repository } = splitAzureRepoName(repo.repoName);
  const what = `the repository ${repo.repoName}`;
  // The subscription names the project and repository by id.
  const { data: r } = await hookRequest<{ id: string; project?: { id?: string } }>(
    c,
    `${collection}/${project}/_apis/git/repositories/${repository}?api-version=7.1`,
    what,
  );
  const projectId = r.project?.id ?? '';
  let first: string | null = null;
  for (const eventType of ['git.push', 'git.pullrequest.created', 'git.pullrequest.updated']) {
    const { data } = await hookRequest<{ id: string }>(c, `${collection}/_apis/hooks/subscriptions?api-version=7.1`, what, {
      publisherId: 'tfs',
      eventType,
      resourceVersion: '1.0',
      consumerId: 'webHooks',
      consumerActionId: 'httpRequest',
      publisherInputs: { projectId, repository: r.id },
      consumerInputs: { url: target.url, basicAuthUsername: 'docent', basicAuthPassword: target.secret },
    });
    first ??= data.id;
  }
  return { id: first ?? '', existing: false };
}

/** eventType `git.push`, `git.pullrequest.created`, `git.pullrequest.updated`. */
function azureEvent(p: Obj): HookEvent {
  const event = str(p.eventType);
  const r = obj(p.resource);
  if (event === 'git.push') {
    return pushOf(
      event,
      arr(r.refUpdates).map((u) => ({ ref: str(obj(u).name), before: str(obj(u).oldObjectId), after: str(obj(u).newObjectId) })),
    );
  }
  if (event === 'git.pullrequest.created' || event === 'git.pullrequest.updated') {
    const strip = (ref: string) => branchOf(ref) ?? ref;
    return {
      kind: 'pull',
      name: event,
      number: positiveInt(r.pullRequestId, 'pull request id'),
      title: str(r.title),
      headSha: str(obj(r.lastMergeSourceCommit).commitId),
      baseSha: str(obj(r.lastMergeTargetCommit).commitId),
      headRef: strip(str(r.sourceRefName)),
      baseRef: strip(str(r.targetRefName)),
    };
  }
  return unused(event);
}

/** Azure sends no delivery header: the event's own id names the delivery. */
export function readAzureDelivery(hook: IncomingHook): ReadDelivery {
  const p = json(hook.body);
  return { event: azureEvent(p), deliveryId: str(p.id) };
}
