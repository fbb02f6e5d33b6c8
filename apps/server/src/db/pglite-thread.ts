import { Worker } from 'node:worker_threads';

/**
 * The embedded database (PGlite, PostgreSQL compiled to WebAssembly) runs in a thread of its own
 * and the API's thread talks to it by message (docs/decisions.md "The embedded database in its own
 * thread", docs/performance.md "Round 11"). PGlite executes every statement synchronously on the
 * thread that owns it: on the API's thread, a job's log lines, saves and its streams' reads took
 * turns with the requests' own statements, and a request waited for WebAssembly it did not ask for.
 * Here the API's thread only sends the statement and receives the rows (structured clones).
 *
 * `PGliteThread` has the part of PGlite's interface that Kysely's PGlite dialect and pg-boss's
 * `fromPglite` adapter use (query, exec, transaction, ready, close), plus `dumpDataDir` for the
 * tests' migrated template.
 *
 * Messages to the thread: `{ id, op: 'query', sql, params, options, tx? }`, `{ id, op: 'exec',
 * sql, tx? }`, `{ id, op: 'begin', tx }`, `{ id, op: 'end', tx, commit }`, `{ id, op: 'dump',
 * compression }`, `{ id, op: 'close' }`; answers `{ id, ok: true, value }` or `{ id, ok: false,
 * error: { message, name, fields } }`, and `{ id: 0 }` once the database is ready.
 */

const WORKER = new URL('./pglite-worker.mjs', import.meta.url);

export interface PGliteThreadOptions {
  /** data directory; absent → in memory */
  dataDir?: string;
  /** a dumpDataDir() tarball to start from */
  loadDataDir?: Blob;
}

export interface QueryResult<T> {
  rows: T[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

export interface QueryOptions {
  rowMode?: 'array' | 'object';
}

/** A transaction's handle, as PGlite's `transaction(cb)` hands one to its callback. */
export interface PGliteThreadTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult<T>>;
  exec(sql: string): Promise<QueryResult<Record<string, unknown>>[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

type Request =
  | { op: 'query'; sql: string; params: unknown[]; options: QueryOptions | undefined; tx?: number }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'begin'; tx: number }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'dump'; compression: 'none' | 'gzip' | 'auto' }
  | { op: 'close' };

interface WireError {
  message: string;
  name: string;
  fields: Record<string, string | number | boolean | null>;
}

type Answer = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: WireError };

/** A database error as the thread saw it: the message, and its fields (`code`, `detail`, …) as own properties. */
export class PGliteThreadError extends Error {
  [field: string]: unknown;
  constructor(wire: WireError) {
    super(wire.message);
    for (const [key, value] of Object.entries(wire.fields)) {
      if (key !== 'message' && key !== 'stack') this[key] = value;
    }
    this.name = wire.name;
  }
}

export class PGliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  #nextId = 1;
  #nextTx = 1;
  #closed = false;
  #ready = false;
  readonly waitReady: Promise<void>;

  constructor(opts: PGliteThreadOptions = {}, loadDataDir?: ArrayBuffer) {
    this.#worker = new Worker(WORKER, {
      workerData: { dataDir: opts.dataDir, loadDataDir },
      transferList: loadDataDir ? [loadDataDir] : [],
    });
    this.waitReady = new Promise<void>((resolve, reject) => {
      this.#pending.set(0, {
        resolve: () => {
          this.#ready = true;
          resolve();
        },
        reject,
      });
    });
    // A failed start rejects waitReady; nobody else needs to hear of it here.
    this.waitReady.catch(() => undefined);
    this.#worker.on('message', (answer: Answer) => this.#answer(answer));
    this.#worker.on('error', (err) => this.#fail(err));
    this.#worker.on('exit', (code) => this.#fail(new Error(`the embedded database's thread stopped (exit code ${code})`)));
    this.#idle();
  }

  /** Starts the thread and waits until the database is ready. */
  static async create(opts: PGliteThreadOptions = {}): Promise<PGliteThread> {
    const bytes = opts.loadDataDir ? await opts.loadDataDir.arrayBuffer() : undefined;
    const thread = new PGliteThread(opts, bytes);
    try {
      await thread.waitReady;
    } catch (err) {
      await thread.#worker.terminate();
      throw err;
    }
    return thread;
  }

  get ready(): boolean {
    return this.#ready && !this.#closed;
  }

  get closed(): boolean {
    return this.#closed;
  }

  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<QueryResult<T>> {
    return this.#call({ op: 'query', sql, params, options }) as Promise<QueryResult<T>>;
  }

  exec(sql: string): Promise<QueryResult<Record<string, unknown>>[]> {
    return this.#call({ op: 'exec', sql }) as Promise<QueryResult<Record<string, unknown>>[]>;
  }

  /**
   * Runs `callback` inside one transaction of the thread's PGlite (which holds every other
   * statement until it ends): committed when the callback resolves, rolled back when it throws.
   */
  async transaction<T>(callback: (tx: PGliteThreadTransaction) => Promise<T>): Promise<T> {
    const id = this.#nextTx++;
    await this.#call({ op: 'begin', tx: id });
    let ended = false;
    const tx: PGliteThreadTransaction = {
      query: <R>(sql: string, params: unknown[] = [], options?: QueryOptions) =>
        this.#call({ op: 'query', sql, params, options, tx: id }) as Promise<QueryResult<R>>,
      exec: (sql: string) => this.#call({ op: 'exec', sql, tx: id }) as Promise<QueryResult<Record<string, unknown>>[]>,
      rollback: async () => {
        if (ended) return;
        ended = true;
        await this.#call({ op: 'end', tx: id, commit: false });
      },
      get closed() {
        return ended;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (err) {
      if (!ended) {
        ended = true;
        await this.#call({ op: 'end', tx: id, commit: false }).catch(() => undefined);
      }
      throw err;
    }
    if (!ended) {
      ended = true;
      await this.#call({ op: 'end', tx: id, commit: true });
    }
    return result;
  }

  /** The database's files as a tarball (PGlite's `dumpDataDir`). */
  async dumpDataDir(compression: 'none' | 'gzip' | 'auto' = 'auto'): Promise<File> {
    const { bytes, name, type } = (await this.#call({ op: 'dump', compression })) as { bytes: ArrayBuffer; name: string; type: string };
    return new File([new Uint8Array(bytes)], name, { type });
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    await this.#call({ op: 'close' }).catch(() => undefined);
    this.#closed = true;
    await this.#worker.terminate();
  }

  #call(request: Request): Promise<unknown> {
    if (this.#closed) return Promise.reject(new Error('the embedded database is closed'));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.ref(); // an answer is owed: the process waits for it
      this.#worker.postMessage({ id, ...request });
    });
  }

  #answer(answer: Answer): void {
    const waiting = this.#pending.get(answer.id);
    if (!waiting) return;
    this.#pending.delete(answer.id);
    if (answer.ok) waiting.resolve(answer.value);
    else waiting.reject(new PGliteThreadError(answer.error));
    this.#idle();
  }

  /** With nothing owed, the thread does not keep the process alive (as a PGlite in the thread itself would not). */
  #idle(): void {
    if (this.#pending.size === 0) this.#worker.unref();
  }

  #fail(err: Error): void {
    this.#closed = true;
    for (const { reject } of this.#pending.values()) reject(err);
    this.#pending.clear();
  }
}
