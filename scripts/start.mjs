// `npm start`, `npm run worker`, `npm run build` (docs/deployment.md): builds only what changed,
// then runs the server or the job-only worker from its bundle.
//
//   node scripts/start.mjs server    the web app and the server bundle if their inputs changed, then the server
//   node scripts/start.mjs worker    the server bundle if its inputs changed, then a job-only worker
//   node scripts/start.mjs build     the web app, the server bundle and the CLI bundle, if changed
//   node scripts/start.mjs admin …   the server bundle if its inputs changed, then the operator's command
//
// "Changed" is a hash of the inputs (scripts/hashed-bundle.mjs): the web app is rebuilt (Vite)
// only when its sources, the contracts or the lockfile changed since the build recorded in
// apps/web/dist/.docent-inputs; the server bundle lives under apps/server/dist/<inputs hash>/.
//
// NODE_ENV is `production` unless set. Neither Docent nor its server's dependencies read it;
// what it decides is the fallback: with NODE_ENV=production a server bundle that cannot be built
// is an error, never a silent run through tsx (a devDependency); with any other NODE_ENV
// (`development`) the TypeScript sources run through tsx when no bundle can be built.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureWebApp as ensureWebAppIn } from './web-app.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

process.env.NODE_ENV ||= 'production';
const production = process.env.NODE_ENV === 'production';

const say = (text) => process.stderr.write(`docent: ${text}\n`);
const ms = (since) => `${Math.round(performance.now() - since)} ms`;

/** Builds the web app unless the build in apps/web/dist was made from the current inputs (scripts/web-app.mjs). */
const ensureWebApp = () => ensureWebAppIn({ repoRoot, say });

/** The server bundle for the current sources (built when they changed), or null when it cannot be built. */
async function ensureServerBundle() {
  const started = performance.now();
  const { buildBundle } = await import('../apps/server/build/bundle.mjs');
  try {
    const { dir, built } = await buildBundle();
    say(`server bundle ${built ? 'built' : 'up to date'} in ${path.relative(repoRoot, dir)} (${ms(started)})`);
    return dir;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (production) throw new Error(`could not build the server bundle: ${reason}`);
    say(`could not build the server bundle (${reason}); NODE_ENV=${process.env.NODE_ENV}: running the sources through tsx`);
    return null;
  }
}

/** Ends esbuild's service process, which a build leaves running. */
async function stopEsbuild() {
  try {
    await (await import('esbuild')).stop();
  } catch {
    // not installed, nothing to stop
  }
}

const SOURCES = { server: 'apps/server/src/main.ts', worker: 'apps/server/src/worker.ts', admin: 'apps/server/src/admin.ts' };
const ENTRY = { server: 'main', worker: 'worker', admin: 'admin' };

async function main(command) {
  if (command === 'build') {
    ensureWebApp();
    await ensureServerBundle();
    const started = performance.now();
    const { buildBundle } = await import('../packages/cli/build/bundle.mjs');
    say(`CLI bundle ready in ${path.relative(repoRoot, await buildBundle())} (${ms(started)})`);
    await stopEsbuild();
    return;
  }
  if (!(command in SOURCES)) throw new Error(`usage: node scripts/start.mjs server|worker|admin|build (got ${command ?? 'nothing'})`);
  if (command === 'server') ensureWebApp();
  const dir = await ensureServerBundle();
  await stopEsbuild();
  const entry = dir ? path.join(dir, `${ENTRY[command]}.mjs`) : path.join(repoRoot, SOURCES[command]);
  if (!dir) (await import('tsx/esm/api')).register();
  // The entry sees the command line it would see when run by itself (admin.ts checks argv[1]).
  process.argv.splice(1, 2, entry);
  await import(pathToFileURL(entry).href);
}

main(process.argv[2]).catch((error) => {
  process.stderr.write(`docent: ${error instanceof Error ? error.message : error}\n`);
  process.exit(1);
});
