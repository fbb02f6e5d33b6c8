import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import { ErrorCode } from '@docent/contracts';
import { HttpError } from './errors.ts';

/**
 * Open event streams per user and in all: a stream holds a socket and wakes on every log line,
 * so one user opening hundreds of them slowed everyone (issue 9 finding 7). Extra ones are
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
      throw new HttpError(429, ErrorCode.RATE_LIMITED, `You already have ${this.maxPerUser} live streams open. Close a log or sync window and try again.`);
    }
    if (this.total >= this.maxTotal) throw new HttpError(429, ErrorCode.RATE_LIMITED, 'The server has too many live streams open. Please try again shortly.');
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
