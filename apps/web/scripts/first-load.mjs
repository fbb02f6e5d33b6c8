// The dashboard's first load (docs/performance.md, "First load"): which built files a signed-in
// user's first visit to /repositories downloads, and the budget they must keep. vite.config.ts
// uses the same reckoning to put what that visit needs into its own chunks, and `firstLoadBudget()`
// fails the build when the budget is exceeded.
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The route modules the dashboard renders at its first paint: the signed-in shell and the page. */
export const FIRST_PAINT_ROUTES = ['src/shell/AppLayout.tsx', 'src/repositories/RepositoriesPage.tsx'];
/**
 * What start-up imports on every load besides the routes: the first part of the interface
 * language's texts (English by default; scripts/text-sections.mjs) and observability.
 */
export const FIRST_LOAD_IMPORTS = ['src/i18n/en.first.texts.js', 'src/observability/index.ts'];
/** The goal: at most 250 kB of gzipped JavaScript and 20 requests. */
export const TARGET = { jsGzipBytes: 250 * 1024, requests: 20 };
/**
 * What the build enforces: 20 requests, and the JavaScript the dashboard needs today (251.8 kB
 * gzipped, as written to dist) with a little room; 2 kB short of TARGET.
 */
export const BUDGET = { jsGzipBytes: 253 * 1024, requests: TARGET.requests };
/**
 * Requests of that visit that are not built chunks: index.html, favicon.svg and the dashboard's
 * four API calls (client config, user, vendor connections, repository list), as
 * `npm run bench:web -- --list` shows them.
 */
export const OTHER_REQUESTS = 6;

/**
 * The chunks a page load fetches: the entry chunks, the chunks holding `dynamic` (absolute module
 * ids, imported at run time), and everything those import statically. `chunks` are the bundle's
 * output chunks ({ fileName, isEntry, imports, moduleIds, css? }).
 */
export function loadedChunks(chunks, dynamic = []) {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const roots = chunks.filter((c) => c.isEntry);
  for (const id of dynamic) {
    const holder = chunks.find((c) => c.moduleIds.includes(id));
    if (!holder) throw new Error(`no chunk holds ${id}`);
    roots.push(holder);
  }
  const seen = new Map();
  const visit = (chunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const file of chunk.imports) {
      const dep = byFile.get(file);
      if (dep) visit(dep);
    }
  };
  roots.forEach(visit);
  return [...seen.values()];
}

/** The dashboard's first load among a bundle's chunks (`root`: the web app's directory). */
export function dashboardFirstLoad(chunks, root) {
  return loadedChunks(
    chunks,
    [...FIRST_PAINT_ROUTES, ...FIRST_LOAD_IMPORTS].map((m) => path.join(root, m)),
  );
}

/** What exceeds the budget, as sentences (none when the figures keep it). */
export function budgetProblems({ jsGzipBytes, requests }, budget = BUDGET) {
  const problems = [];
  if (jsGzipBytes > budget.jsGzipBytes)
    problems.push(`JavaScript ${kb(jsGzipBytes)} gzipped exceeds the dashboard's first-load budget of ${kb(budget.jsGzipBytes)}`);
  if (requests > budget.requests) problems.push(`${requests} requests exceed the dashboard's first-load budget of ${budget.requests}`);
  return problems;
}

/** The figures of a first load: gzipped JavaScript bytes (gzip -9, as the precompress step writes) and requests. */
export function firstLoadFigures(loaded) {
  const css = new Set(loaded.flatMap((c) => c.css ?? []));
  const js = loaded.map((c) => ({ file: c.fileName, gzip: gzipSync(c.code, { level: 9 }).length }));
  return { js, css: [...css], jsGzipBytes: js.reduce((n, f) => n + f.gzip, 0), requests: js.length + css.size + OTHER_REQUESTS };
}

const kb = (n) => `${(n / 1024).toFixed(1)} kB`;

/**
 * A Vite plugin that prints the dashboard's first-load figures at the end of a build and fails
 * the build when they exceed the budget (docs/performance.md, "First load").
 * @param {{ root: string, budget?: typeof BUDGET }} options
 * @returns {import('vite').Plugin}
 */
export function firstLoadBudget({ root, budget = BUDGET }) {
  return {
    name: 'docent:first-load-budget',
    apply: 'build',
    // the files as written: Vite adds the preload lists to the entry after generateBundle
    writeBundle(_options, bundle) {
      const chunks = Object.values(bundle)
        .filter((o) => o.type === 'chunk')
        .map((c) => ({ ...c, css: [...(c.viteMetadata?.importedCss ?? [])] }));
      const figures = firstLoadFigures(dashboardFirstLoad(chunks, root));
      this.info(
        `dashboard first load: ${kb(figures.jsGzipBytes)} of JavaScript gzipped in ${figures.js.length} files, ` +
          `${figures.requests} requests (${figures.css.length} CSS, ${OTHER_REQUESTS} other)`,
      );
      const problems = budgetProblems(figures, budget);
      if (problems.length) this.error(`${problems.join('; ')} (docs/performance.md, "First load")`);
    },
  };
}
