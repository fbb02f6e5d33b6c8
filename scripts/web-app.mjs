// The web app's part of `npm start` and `npm run build` (scripts/start.mjs, docs/deployment.md):
// Vite runs only when the app's inputs changed since the build recorded in
// apps/web/dist/.docent-inputs, so a second start with nothing changed serves the built app as is.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { hashInputs } from './hashed-bundle.mjs';

/** Where the hash of the inputs a build was made from is kept, beside the build. */
export const WEB_STAMP = '.docent-inputs';

/** Everything the built web app of `webDir` is made of (its tests aside). */
export function webInputsHash(repoRoot, webDir = path.join(repoRoot, 'apps/web')) {
  return hashInputs({
    repoRoot,
    sourceDirs: ['src', 'public', 'scripts'].map((dir) => path.join(webDir, dir)).concat(path.join(repoRoot, 'packages/contracts/src')),
    files: ['index.html', 'vite.config.ts', 'package.json', 'tsconfig.json']
      .map((file) => path.join(webDir, file))
      .concat(path.join(repoRoot, 'packages/contracts/package.json'), path.join(repoRoot, 'package-lock.json')),
    exclude: /\.test\.tsx?$/,
  });
}

/** True when Vite is installed (not with `npm ci --omit=dev`). */
function viteInstalled() {
  try {
    import.meta.resolve('vite/package.json');
    return true;
  } catch {
    return false;
  }
}

/**
 * @typedef {object} WebAppOptions
 * @property {string} repoRoot the checkout
 * @property {string} [webDir] the web app (default <repoRoot>/apps/web)
 * @property {(text: string) => void} say progress lines
 * @property {() => void} [build] runs the build into <webDir>/dist (default `npm run build -w apps/web`)
 * @property {boolean} [canBuild] whether the build tool is installed (default: Vite resolves)
 */

/**
 * Builds the web app unless the build in <webDir>/dist was made from the current inputs.
 * @param {WebAppOptions} options
 * @returns {'up to date' | 'built' | 'kept'} what happened: nothing to do, a build, or a stale build served (no Vite)
 */
export function ensureWebApp({ repoRoot, webDir = path.join(repoRoot, 'apps/web'), say, build, canBuild }) {
  const started = performance.now();
  const ms = () => `${Math.round(performance.now() - started)} ms`;
  const dist = path.join(webDir, 'dist');
  const stamp = path.join(dist, WEB_STAMP);
  const key = webInputsHash(repoRoot, webDir);
  const built = fs.existsSync(path.join(dist, 'index.html'));
  if (built && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8').trim() === key) {
    say(`web app up to date (${ms()})`);
    return 'up to date';
  }
  if (!(canBuild ?? viteInstalled())) {
    // An install without devDependencies serves the web app it was given.
    if (built) {
      say('web app sources changed since apps/web/dist was built, and Vite is not installed (npm ci --omit=dev): serving the built one');
      return 'kept';
    }
    throw new Error('the web app is not built and Vite is not installed: run `npm ci && npm run build` first (docs/deployment.md)');
  }
  say('building the web app (its sources changed)…');
  (build ?? (() => viteBuild(repoRoot)))();
  fs.writeFileSync(stamp, `${key}\n`);
  say(`web app built (${ms()})`);
  return 'built';
}

function viteBuild(repoRoot) {
  const run = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: repoRoot, stdio: 'inherit' });
  if (run.status !== 0) throw new Error(`the web app's build failed (exit ${run.status ?? run.signal})`);
}
