import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteThread, PGliteThreadError } from './pglite-thread.ts';

/** Timer turns the API's thread gets while `work` runs. */
async function turnsDuring(work: Promise<unknown>): Promise<number> {
  let done = false;
  void work.finally(() => (done = true)).catch(() => undefined);
  let turns = 0;
  while (!done) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    turns += 1;
  }
  return turns;
}

describe('the embedded database in its own thread', () => {
  let db: PGliteThread;
  beforeAll(async () => {
    db = await PGliteThread.create();
    await db.exec('create table t (id int primary key, note text, at timestamptz, data jsonb, bytes bytea)');
  }, 60_000);
  afterAll(() => db.close());

  it('answers statements with their rows, types parsed as PGlite parses them', async () => {
    const at = new Date('2026-11-27T04:00:00Z');
    const inserted = await db.query('insert into t values ($1, $2, $3, $4, $5)', [1, 'one', at, { a: [1, 2] }, new Uint8Array([0, 255])]);
    expect(inserted.affectedRows).toBe(1);
    const { rows } = await db.query<{ id: number; at: Date; data: unknown; bytes: Uint8Array }>('select id, at, data, bytes from t', [], {
      rowMode: 'object',
    });
    expect(rows).toEqual([{ id: 1, at, data: { a: [1, 2] }, bytes: new Uint8Array([0, 255]) }]);
  });

  it("keeps a database error's code and detail, never the statement's values", async () => {
    const err = await db.query('insert into t (id, note) values ($1, $2)', [1, 'secret value']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PGliteThreadError);
    expect(err).toMatchObject({ code: '23505', message: expect.stringContaining('duplicate key') });
    expect(JSON.stringify(Object.entries(err as object))).not.toContain('secret value');
  });

  it('commits a transaction whose callback resolves and rolls back one that throws; other statements wait for it', async () => {
    await db.transaction(async (tx) => {
      await tx.query('insert into t (id, note) values (2, $1)', ['two']);
    });
    let outsideRanAt = 0;
    let insideEndedAt = 0;
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into t (id, note) values (3, 'three')");
        // a statement from outside the transaction is held until it ends
        void db.query('select 1').then(() => (outsideRanAt = performance.now()));
        await new Promise((resolve) => setTimeout(resolve, 50));
        insideEndedAt = performance.now();
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await db.query('select 1');
    expect(outsideRanAt).toBeGreaterThanOrEqual(insideEndedAt);
    const { rows } = await db.query<{ id: number }>('select id from t order by id', [], { rowMode: 'object' });
    expect(rows.map((r) => r.id)).toEqual([1, 2]);
  });

  it("leaves the API's thread free while a long statement runs", async () => {
    const heavy = db.query('select count(*) from generate_series(1, 3000000)');
    // PGlite in the calling thread runs the statement in one turn: a timer would get ~1 turn
    expect(await turnsDuring(heavy)).toBeGreaterThanOrEqual(5);
  });

  it('dumps its files as a tarball another thread starts from', async () => {
    const dump = await db.dumpDataDir('gzip');
    const copy = await PGliteThread.create({ loadDataDir: dump });
    try {
      const { rows } = await copy.query<{ n: number }>('select count(*)::int as n from t', [], { rowMode: 'object' });
      expect(rows[0]!.n).toBe(2);
    } finally {
      await copy.close();
    }
    await expect(copy.query('select 1')).rejects.toThrow('closed');
  }, 60_000);
});
