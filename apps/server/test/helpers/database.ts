import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../src/db/index.ts';

/**
 * A fresh, migrated database for one test file: PGlite from the template by default, or a
 * throwaway database on the PostgreSQL server in TEST_DATABASE_URL when DOCENT_TEST_DB=postgres.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (process.env.DOCENT_TEST_DB === 'postgres') {
    const admin = process.env.TEST_DATABASE_URL;
    if (!admin) throw new Error('DOCENT_TEST_DB=postgres needs TEST_DATABASE_URL');
    const name = `docent_test_${randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    const url = new URL(admin);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ databaseUrl: url.toString() });
    await migrateToLatest(handle.db);
    return {
      ...handle,
      close: async () => {
        await handle.close();
        const c = new pg.Client({ connectionString: admin });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const tarball = await readFile(inject('pgliteTemplate'));
  const handle = await openDatabase({ databaseUrl: null, pgliteDir: null, pgliteLoadDataDir: new Blob([tarball]) });
  await migrateToLatest(handle.db); // no-op on the template; keeps the contract obvious
  return handle;
}
