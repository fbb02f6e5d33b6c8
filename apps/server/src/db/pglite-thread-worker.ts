import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { toWireError, type FromDatabase, type StartOptions, type ToDatabase } from './pglite-thread-protocol.ts';

/**
 * The embedded database's own thread: one PGlite instance, answering the API thread's requests
 * (docs/decisions.md "The embedded database runs on its own thread"). PGlite's own lock orders
 * them: a statement outside a transaction waits for an open transaction to end, as in-process.
 */
const port = parentPort!;
const options = workerData as StartOptions;
const send = (message: FromDatabase): void => port.postMessage(message);

/** Thrown inside a transaction's callback to roll it back; not an error for the caller. */
class RollBack extends Error {}

interface OpenTransaction {
  tx: Transaction;
  end: (commit: boolean) => void;
  outcome: Promise<void>;
}

async function main(): Promise<void> {
  let pglite: PGlite;
  try {
    pglite = new PGlite({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: new Blob([options.loadDataDir]) } : {}),
    });
    await pglite.waitReady;
  } catch (err) {
    send({ id: 0, op: 'failed', error: toWireError(err) });
    return;
  }
  const open = new Map<number, OpenTransaction>();
  const target = (tx: number | undefined): PGlite | Transaction => {
    if (tx === undefined) return pglite;
    const t = open.get(tx);
    if (!t) throw new Error(`No open transaction ${tx} on the embedded database`);
    return t.tx;
  };

  const begin = (id: number): void => {
    let begun = false;
    let end!: (commit: boolean) => void;
    const ended = new Promise<boolean>((resolve) => (end = resolve));
    const outcome = pglite
      .transaction(async (tx) => {
        begun = true;
        open.set(id, { tx, end, outcome });
        send({ id, ok: true, value: null });
        if (!(await ended)) throw new RollBack();
      })
      .catch((err: unknown) => {
        if (err instanceof RollBack) return;
        if (!begun) send({ id, ok: false, error: toWireError(err) });
        throw err;
      })
      .finally(() => open.delete(id));
    // a failure before the callback ran was answered above; after it, `end` reports it
    outcome.catch(() => undefined);
  };

  const handle = async (m: ToDatabase): Promise<unknown> => {
    switch (m.op) {
      case 'query': {
        const r = await target(m.tx).query(m.sql, m.params, { rowMode: 'object' });
        return { rows: r.rows, affectedRows: r.affectedRows, fields: r.fields };
      }
      case 'exec': {
        const results = await target(m.tx).exec(m.sql);
        return results.map((r) => ({ rows: r.rows, affectedRows: r.affectedRows, fields: r.fields }));
      }
      case 'end': {
        const t = open.get(m.tx);
        if (!t) throw new Error(`No open transaction ${m.tx} on the embedded database`);
        t.end(m.commit);
        await t.outcome;
        return null;
      }
      case 'dump': {
        const dump = await pglite.dumpDataDir('gzip');
        return new Uint8Array(await dump.arrayBuffer());
      }
      case 'close':
        if (!pglite.closed) await pglite.close();
        return null;
      case 'begin':
        throw new Error('begin is answered by itself');
    }
  };

  port.on('message', (m: ToDatabase) => {
    if (m.op === 'begin') {
      begin(m.id);
      return;
    }
    handle(m).then(
      (value) => {
        if (value instanceof Uint8Array)
          port.postMessage({ id: m.id, ok: true, value } satisfies FromDatabase, [value.buffer as ArrayBuffer]);
        else send({ id: m.id, ok: true, value });
        if (m.op === 'close') port.close();
      },
      (err: unknown) => send({ id: m.id, ok: false, error: toWireError(err) }),
    );
  });
  send({ id: 0, op: 'ready' });
}

await main();
