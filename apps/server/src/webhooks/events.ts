import type { WebhookVendor } from '@docent/contracts';
import { isAbbreviatedId, isBranchName, isObjectId, isRefName, isZeroId } from '../vendors/git/revisions.ts';

/**
 * Each vendor's documented push and pull / merge request payloads, read into one shape. Only
 * the fields named here are read; anything else in the payload is ignored (and never echoed).
 */

export type HookRoute = WebhookVendor | 'git';

export interface PushRef {
  /** branch name, without refs/heads/ */
  branch: string;
  before: string;
  after: string;
}

export type HookEvent =
  | { kind: 'ping'; name: string }
  | { kind: 'push'; name: string; refs: PushRef[] }
  | { kind: 'pull'; name: string; number: number; title: string; headSha: string; baseSha: string; headRef: string; baseRef: string }
  | { kind: 'other'; name: string; reason: string };

export class BadPayload extends Error {}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const branchOf = (ref: string): string | null => (ref.startsWith('refs/heads/') ? ref.slice('refs/heads/'.length) : null);

/** A git object id of all zeros: the branch was created (before) or deleted (after). */
export const isZeroSha = (sha: string): boolean => isZeroId(sha);

function positiveInt(v: unknown, what: string): number {
  const n = typeof v === 'number' ? v : Number(str(v));
  if (!Number.isInteger(n) || n <= 0) throw new BadPayload(`The payload has no ${what}.`);
  return n;
}

function json(body: Buffer): Obj {
  try {
    return obj(JSON.parse(body.toString('utf8')));
  } catch {
    throw new BadPayload('The payload is not JSON.');
  }
}

/**
 * Every ref a push names, branch or not, is checked before anything is read from it: the ref
 * by git's ref-name rules, `before` and `after` as full object ids (the all-zero id for a new
 * or deleted branch). These reach git as arguments (docs/security.md); a payload breaking them
 * is not one the vendor sends, and is refused with 400 without echoing the value.
 */
function pushOf(name: string, refs: Array<{ ref: string; before: string; after: string }>): HookEvent {
  for (const r of refs) {
    if (!isRefName(r.ref) || r.ref.startsWith('refs/heads/-'))
      throw new BadPayload('The push names a ref that is not a valid git ref name.');
    if (!isObjectId(r.before))
      throw new BadPayload('The push\'s "before" is not a git commit id (40 or 64 lowercase hex digits, all zeros for a new branch).');
    if (!isObjectId(r.after))
      throw new BadPayload('The push\'s "after" is not a git commit id (40 or 64 lowercase hex digits, all zeros for a deleted branch).');
  }
  const branches = refs.flatMap((r) => {
    const branch = branchOf(r.ref);
    return branch ? [{ branch, before: r.before, after: r.after }] : [];
  });
  return { kind: 'push', name, refs: branches };
}

/** GitHub: X-GitHub-Event `ping`, `push`, `pull_request` (opened, synchronize, reopened). */
function github(event: string, body: Buffer): HookEvent {
  if (event === 'ping') return { kind: 'ping', name: 'ping' };
  if (event === 'push') {
    const p = json(body);
    return pushOf('push', [{ ref: str(p.ref), before: str(p.before), after: str(p.after) }]);
  }
  if (event === 'pull_request') {
    const p = json(body);
    const action = str(p.action);
    const name = `pull_request.${action}`;
    if (!['opened', 'synchronize', 'reopened'].includes(action))
      return { kind: 'other', name, reason: `pull request action "${action}" does not change code` };
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
  return { kind: 'other', name: event || 'unknown', reason: `the event "${event || 'unknown'}" is not used` };
}

/** GitLab: X-Gitlab-Event `Push Hook`, `Merge Request Hook` (open, reopen, update with new commits). */
function gitlab(event: string, body: Buffer): HookEvent {
  if (event === 'Push Hook') {
    const p = json(body);
    return pushOf('Push Hook', [{ ref: str(p.ref), before: str(p.before), after: str(p.after) }]);
  }
  if (event === 'Merge Request Hook') {
    const p = json(body);
    const a = obj(p.object_attributes);
    const action = str(a.action);
    const name = `Merge Request Hook.${action}`;
    // An `update` without `oldrev` changed the title, labels or assignees, not the code.
    const codeChanged = action === 'open' || action === 'reopen' || (action === 'update' && str(a.oldrev) !== '');
    if (!codeChanged) return { kind: 'other', name, reason: `merge request action "${action}" does not change code` };
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
  return { kind: 'other', name: event || 'unknown', reason: `the event "${event || 'unknown'}" is not used` };
}

/** Bitbucket Cloud: X-Event-Key `repo:push`, `pullrequest:created`, `pullrequest:updated`. */
function bitbucket(event: string, body: Buffer): HookEvent {
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
  return { kind: 'other', name: event || 'unknown', reason: `the event "${event || 'unknown'}" is not used` };
}

/** Azure DevOps service hooks: eventType `git.push`, `git.pullrequest.created`, `git.pullrequest.updated`. */
function azure(p: Obj): HookEvent {
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
  return { kind: 'other', name: event || 'unknown', reason: `the event "${event || 'unknown'}" is not used` };
}

/** Docent's post-receive hook: git's own stdin lines `<old> <new> <ref>`. */
function gitHook(body: Buffer): HookEvent {
  const text = body.toString('utf8');
  const refs = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((line) => {
      const m = /^([0-9a-f]{40,64}) ([0-9a-f]{40,64}) (refs\/\S+)$/.exec(line);
      if (!m) throw new BadPayload('Each line must read "<old sha> <new sha> <ref>", as git passes them to post-receive.');
      return { before: m[1]!, after: m[2]!, ref: m[3]! };
    });
  if (refs.length === 0) throw new BadPayload('The payload names no ref.');
  return pushOf('post-receive', refs);
}

/**
 * A pull / merge request's commits and branches reach git (fetch, diff, checkout): commits as
 * hex object ids (Bitbucket sends 12-digit abbreviations; GitLab may name no base commit),
 * branches by git's branch-name rules (never starting with `-`).
 */
function checkPull(e: Extract<HookEvent, { kind: 'pull' }>): void {
  if (!isAbbreviatedId(e.headSha))
    throw new BadPayload("The pull request's head commit is not a git commit id (7 to 64 lowercase hex digits).");
  if (e.baseSha !== '' && !isAbbreviatedId(e.baseSha))
    throw new BadPayload("The pull request's base commit is not a git commit id (7 to 64 lowercase hex digits).");
  if (!isBranchName(e.headRef)) throw new BadPayload("The pull request's source branch is not a valid git branch name.");
  if (!isBranchName(e.baseRef)) throw new BadPayload("The pull request's target branch is not a valid git branch name.");
}

export interface IncomingHook {
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

const header = (h: IncomingHook['headers'], name: string): string => {
  const v = h[name];
  return (Array.isArray(v) ? v[0] : v) ?? '';
};

/** The vendor's delivery id: what makes a redelivery recognisable. */
export function deliveryIdOf(route: HookRoute, hook: IncomingHook, parsedAzure?: Obj): string {
  const h = hook.headers;
  switch (route) {
    case 'github':
      return header(h, 'x-github-delivery');
    case 'gitlab':
      return header(h, 'idempotency-key') || header(h, 'x-gitlab-webhook-uuid') || header(h, 'x-gitlab-event-uuid');
    case 'bitbucket':
      return header(h, 'x-request-uuid');
    case 'azure':
      return str(parsedAzure?.id);
    case 'git':
      return header(h, 'x-docent-delivery');
  }
}

/** Reads a verified delivery; throws BadPayload for a body the vendor's documentation does not allow. */
export function readEvent(route: HookRoute, hook: IncomingHook): { event: HookEvent; deliveryId: string } {
  const h = hook.headers;
  let event: HookEvent;
  let deliveryId: string;
  switch (route) {
    case 'github':
      event = github(header(h, 'x-github-event'), hook.body);
      deliveryId = deliveryIdOf(route, hook);
      break;
    case 'gitlab':
      event = gitlab(header(h, 'x-gitlab-event'), hook.body);
      deliveryId = deliveryIdOf(route, hook);
      break;
    case 'bitbucket':
      event = bitbucket(header(h, 'x-event-key'), hook.body);
      deliveryId = deliveryIdOf(route, hook);
      break;
    case 'azure': {
      const p = json(hook.body);
      event = azure(p);
      deliveryId = deliveryIdOf(route, hook, p);
      break;
    }
    case 'git':
      event = gitHook(hook.body);
      deliveryId = deliveryIdOf(route, hook);
      break;
  }
  if (!deliveryId || deliveryId.length > 200) throw new BadPayload('The delivery has no delivery id header (or event id).');
  if (event.kind === 'pull') checkPull(event);
  return { event, deliveryId };
}
