import Fastify from 'fastify';
import path from 'node:path';
import { loadConfig } from './config.ts';
import { migrateToLatest, openDatabase } from './db/index.ts';
import { loadSecrets } from './secrets.ts';
import { preparePrivateDataDir } from './data-dir.ts';
import { createJobCore } from './app.ts';
import { loggerOptions } from './http/logging.ts';
import { initObservability, installProcessHandlers } from './observability/index.ts';
import { askedIdle, askedNice, lowerThisProcess } from './jobs/lower-priority.ts';

/**
 * `npm run worker`: a process that only runs jobs (scale-out, docs/design.md §3). It needs the
 * shared PostgreSQL server (DATABASE_URL) and the same ENCRYPTION_KEY as the API processes.
 */
async function main(): Promise<void> {
  // Started by `npm start` beside the API (jobs/worker-process.ts): the jobs give way to requests.
  lowerThisProcess(askedNice(), askedIdle());
  const config = loadConfig();
  const log = Fastify({ logger: loggerOptions(config.logLevel) }).log;
  initObservability(config, log);
  installProcessHandlers();
  if (!config.databaseUrl) {
    log.error(
      'npm run worker needs DATABASE_URL: the embedded database (PGlite) serves one process only, and `npm start` already runs workers in-process.',
    );
    process.exit(2);
  }
  await preparePrivateDataDir(config.dataDir);
  const secrets = await loadSecrets(config);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
  await migrateToLatest(database.db);
  const core = createJobCore({ config, database, secrets, log, work: true });
  await core.bus.start();
  await core.engine.start();
  log.info({ workerId: core.engine.workerId, concurrency: config.workerConcurrency }, 'worker started');

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await core.engine.stop();
    await core.bus.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

main().catch((err) => {
  console.error(`Docent worker failed to start: ${(err as Error).stack ?? err}`);
  process.exit(1);
});
