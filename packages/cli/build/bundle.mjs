// The CLI's prebuilt bundle (docs/performance.md, "Start-up"; docs/cli.md): esbuild compiles the
// command line, the analyzer with its parse and README workers, and docgen into plain JavaScript
// under dist/<inputs hash>/, so that a `docent` run does not pay for loading some 300 TypeScript
// modules through tsx (most of a second of CPU, most of it in the transform). Plain JavaScript
// itself, so it runs before anything is compiled.
//
//   node packages/cli/build/bundle.mjs     build now (npm's `prepare` runs it after `npm ci`)
//   loadBundle('cli')                      the fresh bundle's module, building it when the
//                                          sources changed; null when it cannot be built
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { hashAnalyzerSources, listSourceFiles } from '@docent/analyzer/source-version';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(packageDir, '../..');
const distDir = path.join(packageDir, 'dist');

/** The src folder of a workspace package (its main entry is src/index.ts). */
const srcOf = (name) => path.dirname(fileURLToPath(import.meta.resolve(name)));
const analyzerSrc = srcOf('@docent/analyzer');
const SOURCE_DIRS = [path.join(packageDir, 'src'), analyzerSrc, srcOf('@docent/docgen'), srcOf('@docent/contracts')];

/**
 * Output name → source. The workers keep their bootstrap's name: worker-pool.ts and
 * readme-thread.ts start `./<name>-bootstrap.mjs` next to their own (bundled) module, which in
 * the bundle is the bundled worker instead of the tsx bootstrap. `analyze` is the engine alone,
 * for the analyzer's benchmark (packages/analyzer/bench).
 */
const ENTRIES = {
  cli: path.join(packageDir, 'src/cli.ts'),
  analyze: path.join(analyzerSrc, 'engine/analyze.ts'),
  'parse-worker-bootstrap': path.join(analyzerSrc, 'engine/parse-worker.ts'),
  'readme-worker-bootstrap': path.join(analyzerSrc, 'engine/readme-worker.ts'),
};

/** Packages that find their own files next to their module (WASM, dictionaries): left as imports. */
const EXTERNAL = ['web-tree-sitter', 'dictionary-en'];

const STALE_AFTER_MS = 10 * 60 * 1000;

/** Everything the bundle is made of: the four workspaces' sources, the lockfile (dependencies), this file. */
function inputsHash() {
  const hash = createHash('sha1');
  const add = (file) => {
    hash.update(path.relative(repoRoot, file)).update('\0');
    try {
      hash.update(fs.readFileSync(file));
    } catch {
      hash.update('missing');
    }
    hash.update('\0');
  };
  for (const dir of SOURCE_DIRS) {
    for (const file of listSourceFiles(dir)) add(file);
  }
  for (const pkg of ['.', 'packages/cli', 'packages/analyzer', 'packages/docgen', 'packages/contracts']) add(path.join(repoRoot, pkg, 'package.json'));
  add(path.join(repoRoot, 'package-lock.json'));
  add(fileURLToPath(import.meta.url));
  hash.update(process.version.split('.')[0]);
  return hash.digest('hex').slice(0, 16);
}

/** The folder of the bundle built from the current sources, or null when there is none yet. */
export function freshBundleDir() {
  const dir = path.join(distDir, inputsHash());
  return fs.existsSync(path.join(dir, 'complete')) ? dir : null;
}

/**
 * Builds the bundle for the current sources (a no-op when it exists). Writes to a private
 * temporary folder renamed into place, so concurrent builders and readers never see half a
 * bundle; older bundles are removed afterwards.
 */
export async function buildBundle() {
  const key = inputsHash();
  const dir = path.join(distDir, key);
  if (fs.existsSync(path.join(dir, 'complete'))) return dir;
  const { build } = await import('esbuild');
  const tmp = path.join(distDir, `.tmp-${key}-${process.pid}-${Date.now()}`);
  try {
    await build({
      absWorkingDir: packageDir,
      entryPoints: ENTRIES,
      outdir: tmp,
      entryNames: '[name]',
      chunkNames: 'chunk-[hash]',
      outExtension: { '.js': '.mjs' },
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      external: EXTERNAL,
      // Bundled CommonJS dependencies call require(); ESM output has none of its own.
      banner: { js: "import { createRequire as __docentCreateRequire } from 'node:module'; const require = __docentCreateRequire(import.meta.url);" },
      define: { __DOCENT_SOURCE_VERSION__: JSON.stringify(hashAnalyzerSources(analyzerSrc)) },
      logLevel: 'silent',
    });
    fs.writeFileSync(path.join(tmp, 'complete'), `${key}\n`);
    try {
      fs.renameSync(tmp, dir);
    } catch (error) {
      // Another process finished the same bundle first: use theirs.
      if (!fs.existsSync(path.join(dir, 'complete'))) throw error;
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  // Older bundles go once no run can still be starting workers from them.
  for (const name of fs.readdirSync(distDir)) {
    const old = path.join(distDir, name);
    if (name !== key && Date.now() - fs.statSync(old).mtimeMs > STALE_AFTER_MS) fs.rmSync(old, { recursive: true, force: true });
  }
  return dir;
}

/**
 * The bundle's `entry` module (a key of ENTRIES), built first when the sources changed since the
 * last build. Null when it cannot be built (no esbuild, read-only install): callers then load
 * the TypeScript sources through tsx.
 */
export async function loadBundle(entry) {
  let dir = freshBundleDir();
  if (!dir) {
    try {
      dir = await buildBundle();
    } catch {
      return null;
    }
  }
  return import(pathToFileURL(path.join(dir, `${entry}.mjs`)).href);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  try {
    const dir = await buildBundle();
    process.stdout.write(`docent: CLI bundle ready in ${path.relative(repoRoot, dir)} (${Math.round(performance.now() - started)} ms)\n`);
  } catch (error) {
    // Never fail an install over it: the CLI falls back to the TypeScript sources.
    process.stderr.write(`docent: could not build the CLI bundle (${error instanceof Error ? error.message : error}); the CLI will load the sources through tsx\n`);
  }
}
