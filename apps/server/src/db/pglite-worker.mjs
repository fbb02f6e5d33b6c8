// The embedded database's own thread (docs/decisions.md "The embedded database in its own
// thread"): one PGlite instance, driven by messages from pglite-thread.ts in the API's thread.
// Plain JavaScript so that it starts without a TypeScript loader, under vitest, `node --import
// tsx` and in the server bundle alike. The message shapes are documented in pglite-thread.ts.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

if (!parentPort) throw new Error('pglite-worker.mjs runs as a worker thread only');
const port = parentPort;

/** An error as plain data: message, name and the primitive fields of a database error (code, detail, …). */
function errorData(err) {
  const data = { message: err instanceof Error ? err.message : String(err), name: err instanceof Error ? err.name : 'Error', fields: {} };
  if (err && typeof err === 'object') {
    for (const [key, value] of Object.entries(err)) {
      if (key === 'params' || key === 'queryOptions') continue; // a query's values stay in this thread
      if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) data.fields[key] = value;
    }
  }
  return data;
}

const { dataDir, loadDataDir } = workerData ?? {};
const pglite = new PGlite({
  ...(dataDir ? { dataDir } : {}),
  ...(loadDataDir ? { loadDataDir: new Blob([loadDataDir]) } : {}),
});

/** Open transactions by id: the handle to run their statements on and how to end them. */
const transactions = new Map();

async function run(msg) {
  switch (msg.op) {
    case 'query': {
      const target = msg.tx === undefined ? pglite : transactions.get(msg.tx)?.tx;
      if (!target) throw new Error(`transaction ${msg.tx} is not open`);
      const result = await target.query(msg.sql, msg.params, msg.options);
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
    }
    case 'exec': {
      const target = msg.tx === undefined ? pglite : transactions.get(msg.tx)?.tx;
      if (!target) throw new Error(`transaction ${msg.tx} is not open`);
      const results = await target.exec(msg.sql);
      return results.map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows }));
    }
    case 'begin':
      return new Promise((begun, failedToBegin) => {
        let started = false;
        const ended = pglite.transaction(
          (tx) =>
            new Promise((commit, rollback) => {
              started = true;
              transactions.set(msg.tx, { tx, commit, rollback, ended: null });
              begun(null);
            }),
        );
        ended.catch((err) => (started ? undefined : failedToBegin(err)));
        // the outcome is reported to the 'end' message that asked for it
        const entry = () => transactions.get(msg.tx);
        void ended.then(
          () => entry()?.ended?.resolve(null),
          (err) => entry()?.ended?.reject(err),
        );
      });
    case 'end': {
      const open = transactions.get(msg.tx);
      if (!open) throw new Error(`transaction ${msg.tx} is not open`);
      const outcome = new Promise((resolve, reject) => (open.ended = { resolve, reject }));
      if (msg.commit) open.commit(null);
      else open.rollback(new Error('rolled back'));
      try {
        await outcome;
      } catch (err) {
        if (msg.commit) throw err; // a failed commit is the caller's error; a rollback's rethrow is not
      } finally {
        transactions.delete(msg.tx);
      }
      return null;
    }
    case 'dump': {
      const file = await pglite.dumpDataDir(msg.compression);
      return { bytes: await file.arrayBuffer(), name: file.name, type: file.type };
    }
    case 'close':
      if (!pglite.closed) await pglite.close();
      return null;
    default:
      throw new Error(`unknown operation ${String(msg.op)}`);
  }
}

port.on('message', (msg) => {
  run(msg).then(
    (value) => {
      const transfer = value && value.bytes instanceof ArrayBuffer ? [value.bytes] : [];
      port.postMessage({ id: msg.id, ok: true, value }, transfer);
      if (msg.op === 'close') port.close();
    },
    (err) => port.postMessage({ id: msg.id, ok: false, error: errorData(err) }),
  );
});

pglite.waitReady.then(
  () => port.postMessage({ id: 0, ok: true, value: 'ready' }),
  (err) => port.postMessage({ id: 0, ok: false, error: errorData(err) }),
);
