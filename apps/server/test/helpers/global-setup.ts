import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateToLatest, openDatabase } from '../../src/db/index.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * PGlite's first start of a fresh cluster takes seconds; every test database instead starts
 * from one migrated template made here (loadDataDir, ~1 s).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'docent-pglite-template-'));
  const file = path.join(dir, 'template.tar.gz');
  const handle = await openDatabase({ databaseUrl: null, pgliteDir: null });
  await migrateToLatest(handle.db);
  await writeFile(file, await handle.pglite!.dumpDataDir());
  await handle.close();
  project.provide('pgliteTemplate', file);
  return () => rm(dir, { recursive: true, force: true });
}
