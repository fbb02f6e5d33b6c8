import path from 'node:path';
import { build, defineConfig, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { directImports } from './scripts/direct-imports.mjs';
import { pureSchemas } from './scripts/pure-schemas.mjs';
import { textSections } from './scripts/text-sections.mjs';
import { FIRST_PAINT_ROUTES, SIGN_IN_ROUTES, firstLoadBudget, loadedChunks } from './scripts/first-load.mjs';

const root = import.meta.dirname;
const LIBS = /node_modules[\\/]/;
const REACT = /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;
/**
 * Modules that only declare things (no bare imports, no global effects), declared side-effect free
 * as antd declares itself: the contracts' schemas and antd's rc-component packages. A barrel's
 * other exports then stay out when one is imported (antd's Modal reaching rc-form's FormProvider
 * brought all of rc-form and async-validator to the dashboard; one constant from @docent/contracts, zod).
 */
const CONTRACTS = /[\\/]packages[\\/]contracts[\\/]src[\\/]/;
const PURE_MODULES = /[\\/](packages[\\/]contracts[\\/]src|node_modules[\\/]@rc-component)[\\/]/;

/** Set while the first, analysing build runs (its chunks are automatic: one per set of importers). */
const ANALYSE = 'DOCENT_WEB_CHUNK_ANALYSIS';

/** What the first loads run, module by module (see firstPaintModules). */
interface FirstPaint {
  boot: Set<string>;
  /** what both the dashboard and the sign-in page add to `boot` */
  both: Set<string>;
  dashboard: Set<string>;
  signIn: Set<string>;
}

/**
 * Which modules the first loads of the dashboard and the sign-in page run, from a first build
 * left in memory: `boot`, what every page loads before its route (the entry and its static
 * imports); `dashboard`, what the signed-in layout and the dashboard page add; `signIn`, what the
 * sign-in page adds; `both`, what those two share (the language and observability keep chunks of
 * their own). Exact after tree-shaking, which the import graph alone is not (a barrel names every
 * module it re-exports).
 */
async function firstPaintModules(): Promise<FirstPaint> {
  process.env[ANALYSE] = '1';
  try {
    const result = await build({
      root,
      configFile: path.join(root, 'vite.config.ts'),
      logLevel: 'silent',
      build: { write: false, minify: false, emptyOutDir: false },
    });
    const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
    const chunks = outputs.flatMap((o) => o.output).filter((o): o is Rolldown.OutputChunk => o.type === 'chunk');
    const boot = new Set(loadedChunks(chunks).flatMap((c: Rolldown.OutputChunk) => c.moduleIds));
    const routeModules = (routes: string[]) =>
      new Set(
        loadedChunks(
          chunks,
          routes.map((m: string) => path.join(root, m)),
        )
          .flatMap((c: Rolldown.OutputChunk) => c.moduleIds)
          .filter((id: string) => !boot.has(id)),
      );
    const dashboard = routeModules(FIRST_PAINT_ROUTES);
    const signIn = routeModules(SIGN_IN_ROUTES);
    const both = new Set([...dashboard].filter((id) => signIn.has(id)));
    for (const id of both) {
      dashboard.delete(id);
      signIn.delete(id);
    }
    return { boot, both, dashboard, signIn };
  } finally {
    delete process.env[ANALYSE];
  }
}

/** The first-paint chunk a module goes to, if any. */
function firstPaintChunk(firstPaint: FirstPaint, id: string): string | null {
  if (firstPaint.boot.has(id)) return 'boot';
  if (firstPaint.both.has(id)) return 'first';
  if (firstPaint.dashboard.has(id)) return 'dashboard';
  if (firstPaint.signIn.has(id)) return 'sign-in';
  return null;
}

// The server (apps/server) serves `dist` in production; in development Vite proxies /api to it.
export default defineConfig(async ({ command }) => {
  const analysing = !!process.env[ANALYSE];
  const firstPaint = command === 'build' && !analysing ? await firstPaintModules() : null;
  return {
    plugins: [
      react(),
      directImports(),
      pureSchemas({ include: CONTRACTS }),
      textSections({ i18nDir: path.join(root, 'src/i18n') }),
      ...(analysing ? [] : [firstLoadBudget({ root })]),
    ],
    server: {
      port: 5173,
      proxy: {
        '/api': { target: 'http://localhost:8080', changeOrigin: true },
        '/docs': { target: 'http://localhost:8080', changeOrigin: true },
      },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      rolldownOptions: {
        treeshake: { moduleSideEffects: (id: string) => !PURE_MODULES.test(id), manualPureFunctions: ['z'] },
        output: {
          // A group's chunk is named after every page that loads it (`libs~ApiKeysPage~…`); the
          // entry lists each chunk's file name for preloading, so those names were 2 kB of the
          // first load: a group's files are `libs-<hash>.js` and `shared-<hash>.js`.
          chunkFileNames: (chunk: { name: string }) =>
            chunk.name.includes('~') ? `assets/${chunk.name.split('~')[0]}-[hash].js` : 'assets/[name]-[hash].js',
          assetFileNames: (asset: { names: string[] }) =>
            asset.names[0]?.includes('~') ? `assets/${asset.names[0].split('~')[0]}-[hash][extname]` : 'assets/[name]-[hash][extname]',
          // Few chunks, and in the ones the first loads of the dashboard and the sign-in page fetch
          // only what they run (docs/performance.md, "First load"): React and the router; what every
          // page runs before its route; what both add; what each adds; then the rest by the pages that use it.
          codeSplitting: firstPaint
            ? {
                groups: [
                  { name: 'react', test: REACT },
                  {
                    debugName: 'first-paint',
                    // the sets are closed over what the bundle keeps; the import graph would add whole barrels
                    includeDependenciesRecursively: false,
                    name: (id: string) => firstPaintChunk(firstPaint, id),
                  },
                  // antd's other components and the other libraries, grouped by the pages that use them
                  { name: 'libs', test: LIBS, entriesAware: true, entriesAwareMergeThreshold: 40_000 },
                  // the app's own modules that two or more pages share
                  {
                    name: 'shared',
                    test: /[\\/]src[\\/](?!auth[\\/])/,
                    minShareCount: 2,
                    entriesAware: true,
                    entriesAwareMergeThreshold: 20_000,
                  },
                ],
              }
            : undefined,
        },
      },
    },
  };
});
