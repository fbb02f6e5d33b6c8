/**
 * Messages between the API's thread and the embedded database's own thread (pglite-thread.ts,
 * pglite-thread-worker.ts; docs/decisions.md "The embedded database runs on its own thread").
 * Every request carries an id its answer repeats; `tx` names an open transaction.
 */

export interface StartOptions {
  /** PGlite data directory; absent → in memory */
  dataDir?: string;
  /** a dumpDataDir() tarball to start from, as bytes (tests start from a migrated template) */
  loadDataDir?: Uint8Array;
}

export type ToDatabase =
  | { id: number; op: 'query'; sql: string; params: unknown[]; tx?: number }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  /** opens a transaction; its id is the transaction's name in later requests */
  | { id: number; op: 'begin' }
  /** ends transaction `tx`: commit, or roll back; the answer is the transaction's outcome */
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'dump' }
  | { id: number; op: 'close' };

/** A database error's fields (code, detail, constraint, position…) kept across the thread. */
export interface WireDatabaseError {
  name: string;
  message: string;
  fields: Record<string, unknown>;
}

export type FromDatabase =
  | { id: 0; op: 'ready' }
  | { id: 0; op: 'failed'; error: WireDatabaseError }
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: WireDatabaseError };

/** Own enumerable fields that clone (strings, numbers, booleans), beside name and message. */
export function toWireError(err: unknown): WireDatabaseError {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(err)) {
    if (value === undefined || value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return { name: err.name, message: err.message, fields };
}

export function fromWireError(wire: WireDatabaseError): Error {
  const err = new Error(wire.message);
  err.name = wire.name;
  return Object.assign(err, wire.fields);
}
