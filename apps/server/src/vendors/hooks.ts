/**
 * What every code host's webhook code shares (each host's own part is `vendors/<host>/webhook.ts`):
 * registering a hook through the host's API (the call, its target and answer), and reading a
 * delivery into one event shape. Only the payload fields a host's reader names are read;
 * anything else is ignored (and never echoed).
 */
import type { WebhookDetailPart } from '@docent/contracts';
import { isObjectId, isRefName } from './git/revisions.ts';
import { requestBudget, vendorRequest, type VendorCredential } from './hosted-types.ts';

// --- registration -----------------------------------------------------------------------------

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

/** One registration's vendor, credential, auth headers and budget. */
export interface HookCall {
  label: string;
  cred: VendorCredential;
  headers: Record<string, string>;
  signal?: AbortSignal | undefined;
  timeoutMs: number;
}

/** A GET, or a POST of `json` when one is given; `what` names the thing asked for in a 404 message. */
export function hookRequest<T>(c: HookCall, url: string, what: string, json?: unknown) {
  return vendorRequest<T>({
    label: c.label,
    ...(json === undefined ? {} : { method: 'POST' as const, json }),
    url,
    token: c.cred.token,
    headers: c.headers,
    budget: requestBudget(c.signal, c.timeoutMs),
    what,
  });
}

// --- deliveries -------------------------------------------------------------------------------

interface PushRef {
  /** branch name, without refs/heads/ */
  branch: string;
  before: string;
  after: string;
}

export type HookEvent =
  | { kind: 'ping'; name: string }
  | { kind: 'push'; name: string; refs: PushRef[] }
  | { kind: 'pull'; name: string; number: number; title: string; headSha: string; baseSha: string; headRef: string; baseRef: string }
  | { kind: 'other'; name: string; reason: WebhookDetailPart };

/** A delivery read: its event and the vendor's delivery id (what makes a redelivery recognisable). */
export interface ReadDelivery {
  event: HookEvent;
  deliveryId: string;
}

export class BadPayload extends Error {}

export interface IncomingHook {
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A header's first value, or ''. */
export const header = (hook: IncomingHook, name: string): string => {
  const v = hook.headers[name];
  return (Array.isArray(v) ? v[0] : v) ?? '';
};

export type Obj = Record<string, unknown>;
export const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
export const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
export const branchOf = (ref: string): string | null => (ref.startsWith('refs/heads/') ? ref.slice('refs/heads/'.length) : null);

export function positiveInt(v: unknown, what: string): number {
  const n = typeof v === 'number' ? v : Number(str(v));
  if (!Number.isInteger(n) || n <= 0) throw new BadPayload(`The payload has no ${what}.`);
  return n;
}

export function json(body: Buffer): Obj {
  try {
    return obj(JSON.parse(body.toString('utf8')));
  } catch {
    throw new BadPayload('The payload is not JSON.');
  }
}

/** The answer for an event a reader does not use. */
export const unused = (event: string): HookEvent => ({
  kind: 'other',
  name: event || 'unknown',
  reason: { code: 'EVENT_NOT_USED', params: { event: event || 'unknown' } },
});

/**
 * Every ref a push names, branch or not, is checked before anything is read from it: the ref
 * by git's ref-name rules, `before` and `after` as full object ids (the all-zero id for a new
 * or deleted branch). These reach git as arguments (docs/security.md); a payload breaking them
 * is not one the vendor sends, and is refused with 400 without echoing the value.
 */
export function pushOf(name: string, refs: Array<{ ref: string; before: string; after: string }>): HookEvent {
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

/** A push of one ref with the `ref`, `before` and `after` fields (GitHub, GitLab). */
export const singlePush = (name: string, p: Obj): HookEvent =>
  pushOf(name, [{ ref: str(p.ref), before: str(p.before), after: str(p.after) }]);
