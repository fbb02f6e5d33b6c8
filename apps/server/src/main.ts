import path from 'node:path';
import { loadConfig } from './config.ts';
import { migrateToLatest, openDatabase } from './db/index.ts';
import { loadSecrets } from './secrets.ts';
import { preparePrivateDataDir } from './data-dir.ts';
import { buildApp } from './app.ts';
import { installProcessHandlers } from './observability/index.ts';

/** `npm start`: one process serving the web app and /api (embedded PGlite unless DATABASE_URL). */
async function main(): Promise<void> {
  const config = loadConfig();
  await preparePrivateDataDir(config.dataDir);
  const secrets = await loadSecrets(config);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
  await migrateToLatest(database.db);
  const app = await buildApp({ config, database, secrets });
  installProcessHandlers();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Docent is running at ${config.appUrl} (database: ${database.kind}, data: ${config.dataDir})`);
}

main().catch((err) => {
  console.error(`Docent failed to start: ${(err as Error).stack ?? err}`);
  process.exit(1);
});
