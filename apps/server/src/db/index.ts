import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import { Migrator, type MigrationProvider } from 'kysely/migration';
import pg from 'pg';
import type { Database } from './schema.ts';
import { migrations } from './migrations/index.ts';
import { InteractiveFirstPGliteDialect } from './interactive-first.ts';
import { PGliteThread } from './pglite-thread.ts';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** the server URL in PostgreSQL mode (pg-boss and LISTEN/NOTIFY open their own connections) */
  url: string | null;
  /** the embedded database (PGlite on its own thread) in embedded mode (pg-boss uses it directly) */
  pglite: PGliteThread | null;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL server URL; null → PGlite */
  databaseUrl: string | null;
  /** PGlite data directory; null → in memory */
  pgliteDir?: string | null;
  /** a dumpDataDir() tarball to start PGlite from (tests start from a migrated template) */
  pgliteLoadDataDir?: Blob | File;
}

export async function openDatabase(opts: OpenOptions): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle client that errors (server restart) must not crash the process.
    pool.on('error', () => undefined);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', url: opts.databaseUrl, pglite: null, close: () => db.destroy() };
  }
  if (opts.pgliteDir) await mkdir(path.dirname(opts.pgliteDir), { recursive: true });
  const pglite = await PGliteThread.start({
    ...(opts.pgliteDir ? { dataDir: opts.pgliteDir } : {}),
    ...(opts.pgliteLoadDataDir ? { loadDataDir: new Uint8Array(await opts.pgliteLoadDataDir.arrayBuffer()) } : {}),
  });
  const db = new Kysely<Database>({ dialect: new InteractiveFirstPGliteDialect({ pglite }) });
  return {
    db,
    kind: 'pglite',
    url: null,
    pglite,
    close: async () => {
      await db.destroy(); // the dialect closes the PGlite instance it was given
      if (!pglite.closed) await pglite.close();
    },
  };
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${(error as Error).message}`);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
