import { createServer, connect, type AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inBackground, InteractiveFirstLock, InteractiveFirstPGliteDialect, isBackground } from './interactive-first.ts';

describe('InteractiveFirstLock', () => {
  it('hands the connection to a waiting request before background work that queued first', async () => {
    const lock = new InteractiveFirstLock();
    const order: string[] = [];
    await lock.acquire(false); // a request holds it
    const background = [1, 2, 3].map((n) => lock.acquire(true).then(() => order.push(`background ${n}`)));
    const request = lock.acquire(false).then(() => order.push('request'));
    expect(lock.waiting).toEqual([1, 3]);
    lock.release();
    await request;
    lock.release();
    for (const b of background) {
      await b;
      lock.release();
    }
    expect(order).toEqual(['request', 'background 1', 'background 2', 'background 3']);
  });

  it('gives the event loop a turn before a background statement, so a request that arrived meanwhile goes first', async () => {
    const lock = new InteractiveFirstLock();
    const order: string[] = [];
    // a loopback socket: what it reads is handled in the poll phase, as an arriving request is
    const server = createServer((socket) => socket.on('data', () => void lock.acquire(false).then(() => order.push('request'))));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const client = connect((server.address() as AddressInfo).port, '127.0.0.1');
    await new Promise((r) => client.once('connect', r));
    await new Promise((r) => setTimeout(r, 20)); // the server side has accepted it

    await lock.acquire(true);
    const next = lock.acquire(true).then(() => order.push('background'));
    client.write('GET /api/v1/user');
    await new Promise((r) => setTimeout(r, 5)); // arrived in the kernel, not yet read
    lock.release();
    await Promise.race([next, new Promise((r) => setTimeout(r, 200))]);
    expect(order).toEqual(['request']);
    lock.release();
    await next;
    expect(order).toEqual(['request', 'background']);
    lock.release();
    client.destroy();
    server.close();
  });

  it('marks what inBackground starts, and only that', async () => {
    expect(isBackground()).toBe(false);
    const seen = await inBackground(async () => {
      await new Promise((r) => setTimeout(r, 1));
      return isBackground();
    });
    expect(seen).toBe(true);
    expect(isBackground()).toBe(false);
  });
});

describe('InteractiveFirstPGliteDialect', () => {
  let pglite: PGlite;
  let db: Kysely<{ t: { n: number } }>;
  beforeAll(async () => {
    pglite = new PGlite();
    await pglite.waitReady;
    db = new Kysely({ dialect: new InteractiveFirstPGliteDialect({ pglite }) });
    await sql`create table t (n int)`.execute(db);
  });
  afterAll(async () => {
    await db.destroy();
  });

  it("answers a request's statement before a queue of background statements sent earlier", async () => {
    const done: string[] = [];
    const background = inBackground(() =>
      Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          db
            .insertInto('t')
            .values({ n: i })
            .execute()
            .then(() => done.push('background')),
        ),
      ),
    );
    const request = db
      .selectFrom('t')
      .select((eb) => eb.fn.countAll<number>().as('c'))
      .executeTakeFirstOrThrow()
      .then(() => done.push('request'));
    await Promise.all([background, request]);
    // first come, first served would answer it 41st
    expect(done.indexOf('request')).toBeLessThanOrEqual(1);
    expect(done).toHaveLength(41);
  });

  it('keeps a transaction to itself: a request waits for its commit, and sees all of it', async () => {
    let inside = 0;
    const tx = inBackground(() =>
      db.transaction().execute(async (trx) => {
        await trx.deleteFrom('t').execute();
        for (let i = 0; i < 5; i++) {
          await trx.insertInto('t').values({ n: i }).execute();
          inside++;
        }
      }),
    );
    await new Promise((r) => setImmediate(r));
    const count = await db
      .selectFrom('t')
      .select((eb) => eb.fn.countAll<string>().as('c'))
      .executeTakeFirstOrThrow();
    await tx;
    expect(inside).toBe(5);
    expect(Number(count.c)).toBe(5);
  });
});
