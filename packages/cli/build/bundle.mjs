// The CLI's prebuilt bundle (docs/performance.md, "Start-up"; docs/cli.md): esbuild compiles the
// command line, the analyzer with its parse and README workers, and docgen into plain JavaScript
// under dist/<inputs hash>/, so that a `docent` run does not pay for loading some 300 TypeScript
// modules through tsx (most of a second of CPU, most of it in the transform). Plain JavaScript
// itself, so it runs before anything is compiled.
//
//   node packages/cli/build/bundle.mjs     build now (npm's `prepare` runs it after `npm ci`)
//   loadBundle('cli')                      the fresh bundle's module, building it when the
//                                          sources changed; null when it cannot be built
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashAnalyzerSources } from '@docent/analyzer/source-version';
import { hashedBundle, srcOf } from '../../../scripts/hashed-bundle.mjs';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(packageDir, '../..');
const analyzerSrc = srcOf('@docent/analyzer');

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

/** Everything the bundle is made of: the four workspaces' sources, the lockfile (dependencies), this file. */
const bundle = hashedBundle({
  repoRoot,
  outDir: path.join(packageDir, 'dist'),
  sourceDirs: [path.join(packageDir, 'src'), analyzerSrc, srcOf('@docent/docgen'), srcOf('@docent/contracts')],
  files: [
    ...['.', 'packages/cli', 'packages/analyzer', 'packages/docgen', 'packages/contracts'].map((pkg) =>
      path.join(repoRoot, pkg, 'package.json'),
    ),
    path.join(repoRoot, 'package-lock.json'),
    fileURLToPath(import.meta.url),
  ],
  options: () => ({
    absWorkingDir: packageDir,
    entryPoints: ENTRIES,
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
    banner: {
      js: "import { createRequire as __docentCreateRequire } from 'node:module'; const require = __docentCreateRequire(import.meta.url);",
    },
    define: { __DOCENT_SOURCE_VERSION__: JSON.stringify(hashAnalyzerSources(analyzerSrc)) },
  }),
});

/** The folder of the bundle built from the current sources, or null when there is none yet. */
export function freshBundleDir() {
  return bundle.freshDir();
}

/**
 * Builds the bundle for the current sources (a no-op when it exists); concurrent builders and
 * readers never see half a bundle (scripts/hashed-bundle.mjs).
 */
export async function buildBundle() {
  return (await bundle.build()).dir;
}

/**
 * The bundle's `entry` module (a key of ENTRIES), built first when the sources changed since the
 * last build. Null when it cannot be built (no esbuild, read-only install): callers then load
 * the TypeScript sources through tsx.
 */
export async function loadBundle(entry) {
  return bundle.load(entry);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  try {
    const dir = await buildBundle();
    process.stdout.write(`docent: CLI bundle ready in ${path.relative(repoRoot, dir)} (${Math.round(performance.now() - started)} ms)\n`);
  } catch (error) {
    // Never fail an install over it: the CLI falls back to the TypeScript sources.
    process.stderr.write(
      `docent: could not build the CLI bundle (${error instanceof Error ? error.message : error}); the CLI will load the sources through tsx\n`,
    );
  }
}
