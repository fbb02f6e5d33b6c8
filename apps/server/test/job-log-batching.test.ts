import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeLogLine } from '@docent/contracts';
import type { DatabaseHandle } from '../src/db/index.ts';
import { DEFAULT_ENGINE_OPTIONS, defineJob, JobEngine, jobHandlers } from '../src/jobs/engine.ts';
import { LogBus } from '../src/jobs/log-bus.ts';
import { JobStore, toJob } from '../src/jobs/store.ts';
import { createTestDatabase } from './helpers/database.ts';

const quiet = { error: () => undefined, warn: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger;
const LINES = 300;

let database: DatabaseHandle;
let bus: LogBus;
let store: JobStore;
let engine: JobEngine;
let userId: string;
/** lines written from outside the job while it runs (as a cancel request's line is) */
let outside: Promise<unknown>[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  bus = new LogBus(null);
  // as services.ts makes it: on the embedded database a batch is one statement, on PostgreSQL a locked transaction
  store = new JobStore(database.db, bus, { oneConnection: database.kind === 'pglite' });
  const chatty = defineJob({
    type: 'ANALYSIS',
    handler: async (ctx) => {
      for (let i = 0; i < LINES; i++) {
        // git's progress is said without waiting; the handler's own lines are awaited
        if (i % 2) void ctx.log('DEBUG', `line ${i}`);
        else await ctx.log('INFO', `line ${i}`);
        if (i % 30 === 0) {
          await ctx.progress(i / 3);
          outside.push(store.log(ctx.job.id, 'WARNING', `outside ${i}`));
          await new Promise((r) => setTimeout(r, 5));
        }
      }
      return 'all said';
    },
  });
  engine = new JobEngine(database, store, jobHandlers([chatty]), quiet, { ...DEFAULT_ENGINE_OPTIONS, heartbeatMs: 60_000 });
  await engine.start();
  userId = (
    await database.db
      .insertInto('users')
      .values({ first_name: 'Batch', last_name: '', user_name: 'batch', email: 'batch@example.com', password_hash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}, 60_000);

const newJob = () =>
  store.create({ userId, repositoryId: null, jobType: 'ANALYSIS', organizationName: 'o', repoName: 'r', vendor: 'GIT', payload: {} });

afterAll(async () => {
  await engine?.stop();
  await database?.close();
});

describe("a running job's log", () => {
  it('is written in batches: every line in order, all of them before COMPLETE, and a follower that reads on each wake-up ends with it', async () => {
    outside = [];
    const job = await newJob();
    // A follower as the live-log stream is: on each wake-up the lines after the last seen, then the job.
    let wakeUps = 0;
    const seen: string[] = [];
    let since = 0;
    let busy = false;
    let again = false;
    let done = false;
    const ended = new Promise<string>((resolve) => {
      const read = async (): Promise<void> => {
        if (busy) {
          again = true;
          return;
        }
        busy = true;
        do {
          again = false;
          const tail = await store.tail(job.id, since, 100_000);
          for (const l of tail?.lines ?? []) {
            seen.push(decodeLogLine(l.line)!.text);
            since = l.seq;
          }
          const row = tail?.row;
          if (row && toJob(row).state === 'COMPLETE') {
            // no read after the end: the database closes once the test's own checks are done
            done = true;
            unsubscribe();
            resolve(row.message);
          }
        } while (again && !done);
        busy = false;
      };
      const unsubscribe = bus.subscribe(job.id, () => {
        wakeUps++;
        void read();
      });
    });
    expect(await engine.enqueue(job)).toBe(true);
    expect(await ended).toBe('all said');
    await Promise.all(outside);

    const all = (await store.logs(job.id)).map((l) => ({ seq: l.seq, text: decodeLogLine(l.line)!.text }));
    expect(all.map((l) => l.seq)).toEqual(all.map((_, i) => i + 1));
    const own = all.filter((l) => /^line \d+$/.test(l.text)).map((l) => l.text);
    expect(own).toEqual(Array.from({ length: LINES }, (_, i) => `line ${i}`));
    expect(all.filter((l) => l.text.startsWith('outside ')).length).toBe(10);
    // the last line is the final one, after every line of the job
    expect(all.at(-1)!.text).toBe('Job COMPLETE: all said');
    expect(seen.filter((t) => /^line \d+$/.test(t))).toEqual(own);
    expect(seen.at(-1)).toBe('Job COMPLETE: all said');
    expect((await store.get(job.id))!.progress).toBe(100);
    // a wake-up per write, not per line: 300 lines and 10 progress steps woke the follower far fewer times
    expect(wakeUps).toBeLessThan(60);
  }, 60_000);

  it("sets a running job's progress with its lines, reads them back as the log endpoint gives them, and leaves a finished job's progress", async () => {
    const job = await newJob();
    await store.transition(job.id, 'RUNNING', 'Running', { progress: 0 });
    await store.append(
      job.id,
      [
        { kind: 'INFO', text: 'first' },
        { kind: 'WARNING', text: 'second' },
      ],
      42.4,
    );
    expect((await store.get(job.id))!.progress).toBe(42);
    await store.append(job.id, [], 57);
    expect((await store.get(job.id))!.progress).toBe(57);
    await store.transition(job.id, 'COMPLETE', 'done', { progress: 100 });
    await store.append(job.id, [{ kind: 'INFO', text: 'late' }], 3);
    expect((await store.get(job.id))!.progress).toBe(100);
    const log = await store.logs(job.id);
    expect(log.map((l) => decodeLogLine(l.line)!.text)).toEqual([expect.stringMatching(/created/), 'first', 'second', 'late']);
    const tail = await store.tail(job.id, 0, 100);
    expect(tail!.lines).toEqual(log);
    expect(tail!.row).toEqual(await store.get(job.id));
    expect((await store.tail(job.id, 2, 1))!.lines).toEqual(log.slice(2, 3));
    expect(await store.tail(2_000_000_000, 0, 10)).toBeNull();
  });
});
