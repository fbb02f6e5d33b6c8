import { Worker } from 'node:worker_threads';
import { fromWireError, type FromDatabase, type StartOptions, type ToDatabase } from './pglite-thread-protocol.ts';

/**
 * Worker entry: a small .mjs that registers tsx in the new thread, then loads
 * pglite-thread-worker.ts; in the server bundle (apps/server/build/bundle.mjs) this name is the
 * bundled worker itself.
 */
const ENTRY = new URL('./pglite-thread-worker-bootstrap.mjs', import.meta.url);

export interface ThreadQueryResults<T> {
  rows: T[];
  affectedRows?: number;
  fields: { name: string; dataTypeID: number }[];
}

export interface ThreadTransaction {
  query<T>(sql: string, params?: unknown[]): Promise<ThreadQueryResults<T>>;
  exec(sql: string): Promise<ThreadQueryResults<Record<string, unknown>>[]>;
  rollback(): Promise<void>;
}

/**
 * The embedded database (PGlite) run on a thread of its own, with the part of PGlite's interface
 * Kysely's dialect and pg-boss's adapter use. PGlite runs every statement synchronously in
 * WebAssembly: in-process, a 10–30 ms statement (an analysis's details) stalled the API's event
 * loop and every request waiting on it; here the API's thread only posts the statement and reads
 * the answer (docs/decisions.md "The embedded database runs on its own thread",
 * docs/performance.md "Round 14").
 */
export class PGliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  #next = 1;
  #closed = false;
  #ready = false;
  /** why the thread stopped, once it did */
  #stopped: Error | null = null;
  readonly waitReady: Promise<void>;

  private constructor(options: StartOptions) {
    this.#worker = new Worker(ENTRY, { workerData: options, execArgv: [...process.execArgv], stdout: false, stderr: false });
    this.waitReady = new Promise<void>((resolve, reject) => {
      this.#worker.on('message', (m: FromDatabase) => {
        if ('op' in m) {
          if (m.op === 'ready') {
            this.#ready = true;
            resolve();
          } else reject(fromWireError(m.error));
          return;
        }
        const waiting = this.#pending.get(m.id);
        if (!waiting) return;
        this.#pending.delete(m.id);
        if (m.ok) waiting.resolve(m.value);
        else waiting.reject(fromWireError(m.error));
      });
      const stop = (err: Error): void => {
        this.#closed = true;
        this.#stopped ??= err;
        reject(err);
        for (const waiting of this.#pending.values()) waiting.reject(err);
        this.#pending.clear();
      };
      this.#worker.on('error', (err) => stop(new Error(`The embedded database's thread failed: ${err.message}`)));
      this.#worker.on('exit', (code) => stop(new Error(`The embedded database's thread stopped (exit code ${code})`)));
    });
    this.waitReady.catch(() => undefined);
  }

  /** Starts PGlite on its own thread; resolves once it is ready. */
  static async start(options: StartOptions): Promise<PGliteThread> {
    const thread = new PGliteThread(options);
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

  query<T>(sql: string, params: unknown[] = []): Promise<ThreadQueryResults<T>> {
    return this.#call({ op: 'query', sql, params }) as Promise<ThreadQueryResults<T>>;
  }

  exec(sql: string): Promise<ThreadQueryResults<Record<string, unknown>>[]> {
    return this.#call({ op: 'exec', sql }) as Promise<ThreadQueryResults<Record<string, unknown>>[]>;
  }

  /**
   * PGlite's exclusive transaction: other statements wait until it ends. Committed when
   * `callback` resolves, rolled back when it throws or called `rollback()`.
   */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const id = this.#next++;
    await this.#send({ id, op: 'begin' });
    let rolledBack = false;
    const tx: ThreadTransaction = {
      query: <R>(sql: string, params: unknown[] = []) => this.#call({ op: 'query', sql, params, tx: id }) as Promise<ThreadQueryResults<R>>,
      exec: (sql: string) => this.#call({ op: 'exec', sql, tx: id }) as Promise<ThreadQueryResults<Record<string, unknown>>[]>,
      rollback: async () => {
        rolledBack = true;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (err) {
      await this.#send({ id: this.#next++, op: 'end', tx: id, commit: false }).catch(() => undefined);
      throw err;
    }
    await this.#send({ id: this.#next++, op: 'end', tx: id, commit: !rolledBack });
    return result;
  }

  /** The data directory as a gzip tarball (the tests' migrated template). */
  async dumpDataDir(): Promise<Uint8Array> {
    return (await this.#call({ op: 'dump' })) as Uint8Array;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    await this.#call({ op: 'close' }).catch(() => undefined);
    this.#closed = true;
    await this.#worker.terminate();
  }

  #call(message: DistributiveOmit<ToDatabase, 'id'>): Promise<unknown> {
    return this.#send({ ...message, id: this.#next++ } as ToDatabase);
  }

  #send(message: ToDatabase): Promise<unknown> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    if (this.#closed && message.op !== 'close') return Promise.reject(new Error('The embedded database is closed'));
    return new Promise((resolve, reject) => {
      this.#pending.set(message.id, { resolve, reject });
      this.#worker.postMessage(message);
    });
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
