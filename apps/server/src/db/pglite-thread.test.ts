import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers/database.ts';
import type { DatabaseHandle } from './index.ts';

/** The longest gap between 5 ms timer ticks while `work` runs: how long the event loop was held. */
async function longestStall(work: () => Promise<unknown>): Promise<number> {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  try {
    await work();
    return Math.max(longest, performance.now() - last);
  } finally {
    clearInterval(timer);
  }
}

describe('the embedded database on its own thread (docs/decisions.md "The embedded database runs on its own thread")', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
    await sql`create table t (id int primary key, note text)`.execute(handle.db);
  });
  afterAll(() => handle.close());

  it("runs a long statement without holding the caller's event loop", async () => {
    let took = 0;
    const stall = await longestStall(async () => {
      const start = performance.now();
      // a few hundred milliseconds of work inside PGlite's WebAssembly
      await sql`select count(*) from generate_series(1, 1000000) g where md5(g::text) like 'a%'`.execute(handle.db);
      took = performance.now() - start;
    });
    expect(took).toBeGreaterThan(150);
    // in-process, the whole statement was one stall of the event loop
    expect(stall).toBeLessThan(took / 2);
  });

  it("keeps a database error's code and constraint across the thread", async () => {
    await sql`insert into t values (1, 'a')`.execute(handle.db);
    const err = await sql`insert into t values (1, 'b')`.execute(handle.db).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ code: '23505', constraint: 't_pkey' });
  });

  it('commits a transaction that ends well and rolls back one that throws; other statements wait for it', async () => {
    await handle.db.transaction().execute(async (trx) => {
      await sql`insert into t values (2, 'kept')`.execute(trx);
    });
    const failed = handle.db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into t values (3, 'dropped')`.execute(trx);
        throw new Error('no');
      })
      .catch((e: unknown) => (e as Error).message);
    expect(await failed).toBe('no');

    // a statement outside an open transaction sees it only after it commits
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const tx = handle.db.transaction().execute(async (trx) => {
      await sql`insert into t values (4, 'late')`.execute(trx);
      await held;
    });
    await new Promise((r) => setTimeout(r, 20));
    const outside = sql<{ n: number }>`select count(*)::int as n from t where id = 4`.execute(handle.db);
    await new Promise((r) => setTimeout(r, 20));
    release();
    await tx;
    expect((await outside).rows[0]!.n).toBe(1);
    const ids = await sql<{ id: number }>`select id from t order by id`.execute(handle.db);
    expect(ids.rows.map((r) => r.id)).toEqual([1, 2, 4]);
  });

  it('hands bytes, dates and JSON over unchanged', async () => {
    const bytes = new Uint8Array([0, 1, 254, 255]);
    const when = new Date('2026-11-27T10:00:00.000Z');
    const r = await sql<{
      b: Uint8Array;
      d: Date;
      j: { a: number[] };
    }>`select ${bytes}::bytea as b, ${when}::timestamptz as d, ${JSON.stringify({ a: [1, 2] })}::jsonb as j`.execute(handle.db);
    expect([...r.rows[0]!.b]).toEqual([0, 1, 254, 255]);
    expect(r.rows[0]!.d.toISOString()).toBe(when.toISOString());
    expect(r.rows[0]!.j).toEqual({ a: [1, 2] });
  });
});
