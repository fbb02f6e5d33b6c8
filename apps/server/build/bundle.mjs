// The server's production bundle (docs/deployment.md, docs/performance.md "Start-up"): esbuild
// compiles the server (main.ts), the job-only worker process (worker.ts), the admin command, and
// every worker thread they start — the off-thread job worker and the analyzer's parse and README
// workers — with the analyzer, docgen and contracts into plain JavaScript under
// dist/<inputs hash>/ (scripts/hashed-bundle.mjs: rebuilt only when an input changed). npm
// dependencies stay imports of node_modules, so the bundle runs on an install without
// devDependencies (`npm ci --omit=dev`) and with no tsx. Plain JavaScript itself.
//
//   node apps/server/build/bundle.mjs      build now (`npm run build`, `npm start` do it when needed)
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashAnalyzerSources } from '@docent/analyzer/source-version';
import { hashedBundle, srcOf } from '../../../scripts/hashed-bundle.mjs';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(serverDir, '../..');
const outDir = path.join(serverDir, 'dist');
const serverSrc = path.join(serverDir, 'src');
const analyzerSrc = srcOf('@docent/analyzer');

/**
 * Output name → source. A worker thread is emitted under its bootstrap's name: off-thread.ts,
 * worker-pool.ts and readme-thread.ts start `./<name>-bootstrap.mjs` next to their own module,
 * which in the bundle is the bundled worker itself instead of the tsx bootstrap of the sources.
 */
export const ENTRIES = {
  main: path.join(serverSrc, 'main.ts'),
  worker: path.join(serverSrc, 'worker.ts'),
  admin: path.join(serverSrc, 'admin.ts'),
  'off-thread-worker-bootstrap': path.join(serverSrc, 'jobs/off-thread-worker.ts'),
  'pglite-thread-worker-bootstrap': path.join(serverSrc, 'db/pglite-thread-worker.ts'),
  'parse-worker-bootstrap': path.join(analyzerSrc, 'engine/parse-worker.ts'),
  'readme-worker-bootstrap': path.join(analyzerSrc, 'engine/readme-worker.ts'),
};

/** npm packages stay imports (resolved in node_modules at run time); the workspaces are compiled in. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@docent/') || path.isAbsolute(args.path)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * A bundled module no longer sits in its source folder: `import.meta.dirname` in the sources
 * (config.ts finds the built web app from it) becomes that source folder, computed from the
 * bundle's own location so that the repository can move after the build.
 */
function sourceDirname(bundleDir) {
  const toRoot = JSON.stringify(path.relative(bundleDir, repoRoot));
  return {
    banner:
      "import { createRequire as __docentCreateRequire } from 'node:module'; import __docentPath from 'node:path'; " +
      'const require = __docentCreateRequire(import.meta.url); ' +
      `const __docentSourceDir = (dir) => __docentPath.resolve(import.meta.dirname, ${toRoot}, dir);`,
    plugin: {
      name: 'source-dirname',
      setup(build) {
        build.onLoad({ filter: /\.ts$/ }, async (args) => {
          const fs = await import('node:fs/promises');
          const text = await fs.readFile(args.path, 'utf8');
          if (!text.includes('import.meta.dirname')) return undefined;
          const dir = JSON.stringify(path.relative(repoRoot, path.dirname(args.path)).split(path.sep).join('/'));
          return { contents: text.replaceAll('import.meta.dirname', `__docentSourceDir(${dir})`), loader: 'ts' };
        });
      },
    },
  };
}

const bundle = hashedBundle({
  repoRoot,
  outDir,
  sourceDirs: [serverSrc, analyzerSrc, srcOf('@docent/docgen'), srcOf('@docent/contracts')],
  files: [
    ...['.', 'apps/server', 'packages/analyzer', 'packages/docgen', 'packages/contracts'].map((pkg) =>
      path.join(repoRoot, pkg, 'package.json'),
    ),
    path.join(repoRoot, 'package-lock.json'),
    fileURLToPath(import.meta.url),
  ],
  options: (dir) => {
    const dirname = sourceDirname(dir);
    return {
      absWorkingDir: serverDir,
      entryPoints: ENTRIES,
      entryNames: '[name]',
      chunkNames: 'chunk-[hash]',
      outExtension: { '.js': '.mjs' },
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      plugins: [externalPackages, dirname.plugin],
      banner: { js: dirname.banner },
      define: { __DOCENT_SOURCE_VERSION__: JSON.stringify(hashAnalyzerSources(analyzerSrc)) },
    };
  },
});

/** The folder of the bundle built from the current sources, or null when there is none yet. */
export function freshBundleDir() {
  return bundle.freshDir();
}

/** Builds the bundle for the current sources; `built` is false when it already existed. */
export async function buildBundle() {
  return bundle.build();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const { dir, built } = await buildBundle();
  process.stdout.write(
    `docent: server bundle ${built ? 'built' : 'up to date'} in ${path.relative(repoRoot, dir)} (${Math.round(performance.now() - started)} ms)\n`,
  );
}
