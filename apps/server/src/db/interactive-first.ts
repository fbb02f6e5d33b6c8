import { AsyncLocalStorage } from 'node:async_hooks';
import {
  PGliteAdapter,
  PGliteDialect,
  type AbortableOperationOptions,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  type QueryCompiler,
  type TransactionSettings,
} from 'kysely';

/**
 * The embedded database answers one statement at a time (on its own thread since the API's thread
 * handed it over: docs/decisions.md "The embedded database runs on its own thread"). Work nobody is
 * waiting for — a job's log lines and saves, its streams' reads, credential re-checks — used to
 * queue its statements in front of a user's request, and a request's statement waited for the
 * whole queue (in-process, a request that arrived meanwhile was not even read). Here the
 * single connection goes to a request's statements first, and before each background statement
 * the event loop gets one turn to read what has arrived (docs/decisions.md "Requests before
 * background work on the embedded database", docs/performance.md "Round 8").
 */
const background = new AsyncLocalStorage<true>();

/** Runs `fn` (and everything it starts) as background work: its statements wait for requests'. */
export function inBackground<T>(fn: () => T): T {
  return background.run(true, fn);
}

/** Whether the caller runs as background work. */
export function isBackground(): boolean {
  return background.getStore() === true;
}

/**
 * The one connection, handed out requests first. A background turn is granted after
 * `setImmediate`: the poll phase before it reads arriving requests, whose statements then go first.
 */
export class InteractiveFirstLock {
  #held = false;
  readonly #interactive: Array<() => void> = [];
  readonly #background: Array<() => void> = [];
  #handing = false;

  acquire(backgroundWork: boolean): Promise<void> {
    if (!this.#held && !backgroundWork) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      (backgroundWork ? this.#background : this.#interactive).push(resolve);
      if (!this.#held) this.#handOver();
    });
  }

  release(): void {
    this.#held = false;
    this.#handOver();
  }

  /** Waiting statements, for tests: [interactive, background]. */
  get waiting(): [number, number] {
    return [this.#interactive.length, this.#background.length];
  }

  #handOver(): void {
    if (this.#held || this.#handing) return;
    const next = this.#interactive.shift();
    if (next) {
      this.#held = true;
      next();
      return;
    }
    if (this.#background.length === 0) return;
    // Reserved until the turn after the poll phase, when requests read meanwhile go first.
    this.#handing = true;
    setImmediate(() => {
      this.#handing = false;
      if (this.#held) return;
      const first = this.#interactive.shift() ?? this.#background.shift();
      if (!first) return;
      this.#held = true;
      first();
    });
  }
}

/** PGlite's Kysely driver behind an InteractiveFirstLock instead of Kysely's first-come mutex. */
class InteractiveFirstDriver implements Driver {
  readonly #lock = new InteractiveFirstLock();
  constructor(private readonly inner: Driver) {}

  init(options?: AbortableOperationOptions): Promise<void> {
    return this.inner.init(options);
  }
  async acquireConnection(options?: AbortableOperationOptions): Promise<DatabaseConnection> {
    await this.#lock.acquire(isBackground());
    try {
      return await this.inner.acquireConnection(options);
    } catch (err) {
      this.#lock.release();
      throw err;
    }
  }
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(connection, settings);
  }
  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }
  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection);
  }
  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.savepoint?.(connection, name, compile);
  }
  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.rollbackToSavepoint?.(connection, name, compile);
  }
  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.releaseSavepoint?.(connection, name, compile);
  }
  async releaseConnection(connection: DatabaseConnection, options?: AbortableOperationOptions): Promise<void> {
    try {
      await this.inner.releaseConnection(connection, options);
    } finally {
      this.#lock.release();
    }
  }
  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** Says "several connections" only so that Kysely adds no first-come mutex of its own. */
class InteractiveFirstAdapter extends PGliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

/**
 * Kysely's PGlite dialect with the one connection handed out requests first (the driver's lock
 * still lets one caller at a time use it).
 */
export class InteractiveFirstPGliteDialect extends PGliteDialect {
  override createDriver(): Driver {
    return new InteractiveFirstDriver(super.createDriver());
  }
  override createAdapter(): DialectAdapter {
    return new InteractiveFirstAdapter();
  }
}
