import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@docent/contracts';
import { HttpError } from './errors.ts';

/**
 * A fixed-window counter per key, in this process's memory. Used where @fastify/rate-limit's
 * one-limit-per-route model does not fit: several budgets on one route (client address, account,
 * target mailbox), each counted separately. Windows are short (minutes to an hour), so a restart
 * forgetting them is an accepted loss (docs/security.md).
 */
export class WindowLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one use of `key`; answers whether it is still within the budget. */
  hit(key: string): { allowed: boolean; retryAfterSeconds: number } {
    const now = this.now();
    if (this.windows.size > 50_000) this.prune(now);
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, w);
    }
    w.count += 1;
    return { allowed: w.count <= this.max, retryAfterSeconds: Math.max(1, Math.ceil((w.resetAt - now) / 1000)) };
  }

  /** Whether `key` has spent its budget, without counting a use. */
  spent(key: string): { spent: boolean; retryAfterSeconds: number } {
    const now = this.now();
    const w = this.windows.get(key);
    if (!w || w.resetAt <= now) return { spent: false, retryAfterSeconds: 0 };
    return { spent: w.count >= this.max, retryAfterSeconds: Math.max(1, Math.ceil((w.resetAt - now) / 1000)) };
  }

  private prune(now: number): void {
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }
}

export const RATE_LIMITED_DETAIL = 'Too many requests. Please wait a while and try again.';

/**
 * A preHandler that counts the request against every (limiter, key) pair the picker returns and
 * refuses it with 429 when any budget is spent. Keys are normalised to lower case; an empty key
 * part (no account named) is still counted, under the client address alone.
 */
export function limitBy(pick: (req: FastifyRequest) => Array<[WindowLimiter, string]>) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    let retryAfter = 0;
    for (const [limiter, key] of pick(req)) {
      const verdict = limiter.hit(key.toLowerCase());
      if (!verdict.allowed) retryAfter = Math.max(retryAfter, verdict.retryAfterSeconds);
    }
    if (retryAfter > 0) {
      reply.header('retry-after', String(retryAfter));
      throw new HttpError(429, ErrorCode.RATE_LIMITED, RATE_LIMITED_DETAIL);
    }
  };
}
