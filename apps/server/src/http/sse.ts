import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@docent/contracts';
import { bearerToken, presentedApiKey } from '../auth/guard.ts';
import type { AuthService } from '../auth/service.ts';
import { HttpError } from './errors.ts';
import { inBackground } from '../db/interactive-first.ts';

/**
 * Open event streams per user and in all: a stream holds a socket and wakes on every log line,
 * so one user opening hundreds of them slowed everyone (docs/security.md). Extra ones are
 * refused with 429 before the stream starts; closing a stream frees its slot.
 */
export class StreamSlots {
  private readonly perUser = new Map<string, number>();
  private total = 0;

  constructor(
    readonly maxPerUser: number,
    readonly maxTotal: number,
  ) {}

  /** Takes a slot for `userId` and returns its release (idempotent), or throws 429. */
  acquire(userId: string): () => void {
    const mine = this.perUser.get(userId) ?? 0;
    if (mine >= this.maxPerUser) {
      throw new HttpError(
        429,
        ErrorCode.RATE_LIMITED,
        `You already have ${this.maxPerUser} live streams open. Close a log or sync window and try again.`,
      );
    }
    if (this.total >= this.maxTotal)
      throw new HttpError(429, ErrorCode.RATE_LIMITED, 'The server has too many live streams open. Please try again shortly.');
    this.perUser.set(userId, mine + 1);
    this.total += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total -= 1;
      const left = (this.perUser.get(userId) ?? 1) - 1;
      if (left <= 0) this.perUser.delete(userId);
      else this.perUser.set(userId, left);
    };
  }

  /** Streams open now (for tests and the benchmark). */
  get open(): number {
    return this.total;
  }
}

/**
 * Takes the response out of Fastify's hands and starts a server-sent event stream on it
 * (no caching, no proxy buffering, so every event reaches the browser at once).
 */
export function openEventStream(reply: FastifyReply): ServerResponse {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  return res;
}

/**
 * How often an open stream checks that the credential which opened it still holds (tests set
 * it shorter). 10 s: a revoked session or API key stops streaming within that time, and 150
 * open streams cost 15 checks a second.
 */
export const STREAM_RECHECK = { everyMs: 10_000 };

/** What one check of a credential found: the user it authenticates, revoked, or unknown (a passing failure). */
type Verdict = { userId: string } | 'revoked' | 'unknown';

/**
 * Checks begun in the last half interval, per auth service and credential: the streams opened
 * with one session token or key (a user's log, sync and job windows, several tabs) share one
 * check instead of one each (docs/performance.md, "Round 13"). A revocation is still seen within
 * one and a half intervals by every stream.
 */
const recentChecks = new WeakMap<object, Map<string, Promise<Verdict>>>();

function sharedCheck(req: FastifyRequest, auth: Pick<AuthService, 'authenticate' | 'authenticateApiKey'>): Promise<Verdict> {
  const key = presentedApiKey(req);
  const token = bearerToken(req);
  const credential = key !== null ? `key:${key}` : token !== undefined ? `session:${token}` : null;
  let checks = recentChecks.get(auth);
  if (!checks) recentChecks.set(auth, (checks = new Map()));
  const shared = credential === null ? undefined : checks.get(credential);
  if (shared) return shared;
  const verdict = (async (): Promise<Verdict> => {
    try {
      const { row } = key !== null ? await auth.authenticateApiKey(key, req.ip) : await auth.authenticate(token);
      return { userId: row.id };
    } catch (err) {
      return err instanceof HttpError && REVOKED_STATUSES.has(err.statusCode) ? 'revoked' : 'unknown';
    }
  })();
  if (credential === null) return verdict;
  checks.set(credential, verdict);
  const forget = setTimeout(() => {
    if (checks.get(credential) === verdict) checks.delete(credential);
  }, STREAM_RECHECK.everyMs / 2);
  forget.unref();
  return verdict;
}

/** The statuses that mean the credential itself no longer holds (not a passing failure). */
const REVOKED_STATUSES = new Set([401, 403, 511]);

/**
 * Re-checks, every STREAM_RECHECK.everyMs, the session token or API key the request presented;
 * calls `onRevoked` once when it no longer authenticates the same user (session signed out,
 * key deleted or turned off, password changed). A database hiccup or a rate limit is not a
 * revocation: the next check decides. Returns the function that stops watching.
 */
export function watchCredential(
  req: FastifyRequest,
  auth: Pick<AuthService, 'authenticate' | 'authenticateApiKey'>,
  onRevoked: () => void,
): () => void {
  const userId = req.currentUser?.id;
  let checking = false;
  let stopped = false;
  const check = async () => {
    if (checking || stopped) return;
    checking = true;
    try {
      const verdict = await sharedCheck(req, auth);
      if (verdict === 'revoked' || (verdict !== 'unknown' && verdict.userId !== userId)) revoked();
    } finally {
      checking = false;
    }
  };
  // a re-check nobody waits on: a request's statements go first (db/interactive-first.ts)
  const timer = setInterval(() => void inBackground(check), STREAM_RECHECK.everyMs);
  timer.unref();
  const stop = () => {
    stopped = true;
    clearInterval(timer);
  };
  function revoked() {
    if (stopped) return;
    stop();
    onRevoked();
  }
  return stop;
}

/** The event a stream sends before it closes because its credential was revoked. */
export const REVOKED_EVENT = `event: revoked\ndata: ${JSON.stringify({ detail: 'Your session or API key was revoked: this stream is closed. Sign in again to follow the log.' })}\n\n`;
