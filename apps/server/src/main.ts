import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config.ts';
import { migrateToLatest, openDatabase } from './db/index.ts';
import { loadSecrets } from './secrets.ts';
import { preparePrivateDataDir } from './data-dir.ts';
import { buildApp } from './app.ts';
import { installProcessHandlers } from './observability/index.ts';
import { WorkerProcess } from './jobs/worker-process.ts';

/** `npm run worker`'s entry beside this one: `worker.mjs` in the bundle, `worker.ts` in the sources */
function workerEntry(): string {
  const self = fileURLToPath(import.meta.url);
  return path.join(path.dirname(self), self.endsWith('.ts') ? 'worker.ts' : 'worker.mjs');
}

/**
 * `npm start`: one process serving the web app and /api (embedded PGlite unless DATABASE_URL); it
 * runs the jobs itself on PGlite, and in a worker process it supervises on PostgreSQL.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  await preparePrivateDataDir(config.dataDir);
  const secrets = await loadSecrets(config);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
  await migrateToLatest(database.db);
  // On PostgreSQL the jobs run in a worker process, out of the API's event loop.
  const app = await buildApp({ config: config.workerProcess ? { ...config, runWorkers: false } : config, database, secrets });
  installProcessHandlers();
  const jobWorker = config.workerProcess ? new WorkerProcess({ entry: workerEntry(), log: app.log }) : null;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await jobWorker?.stop().catch(() => undefined);
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  jobWorker?.start();
  app.log.info(`Docent is running at ${config.appUrl} (database: ${database.kind}, data: ${config.dataDir})`);
}

main().catch((err) => {
  console.error(`Docent failed to start: ${(err as Error).stack ?? err}`);
  process.exit(1);
});
