// The first loads of the two screens a visit starts on (docs/performance.md, "First load"): which
// built files a signed-in user's first visit to /repositories and a new user's first visit to
// /auth/login download, and the budget each must keep. vite.config.ts uses the same reckoning to
// put what those visits need into their own chunks, and `firstLoadBudget()` fails the build when
// either exceeds the budget.
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The route modules the dashboard renders at its first paint: the signed-in shell and the page. */
export const FIRST_PAINT_ROUTES = ['src/shell/AppLayout.tsx', 'src/repositories/RepositoriesPage.tsx'];
/** The route module the sign-in page renders at its first paint. */
export const SIGN_IN_ROUTES = ['src/auth/LoginPage.tsx'];
/**
 * What start-up imports on every load besides the routes: the first part of the interface
 * language's texts (English by default; scripts/text-sections.mjs) and observability.
 */
export const FIRST_LOAD_IMPORTS = ['src/i18n/en.first.texts.js', 'src/observability/index.ts'];
/** The goal: at most 250 kB of gzipped JavaScript and 20 requests. */
export const TARGET = { jsGzipBytes: 250 * 1024, requests: 20 };
/** What the build enforces, for each entry screen: the target. */
export const BUDGET = TARGET;
/**
 * Requests of the dashboard's first visit that are not built chunks: index.html, favicon.svg and
 * the dashboard's four API calls (client config, user, vendor connections, repository list), as
 * `npm run bench:web -- --list` shows them.
 */
export const OTHER_REQUESTS = 6;

/**
 * The screens a first visit starts on, each with its route modules and the requests of its load
 * that are not built chunks (the sign-in page's: index.html, favicon.svg, the client config and
 * the configured sign-in providers, as `npm run bench:web -- --list` shows them).
 */
export const ENTRY_SCREENS = [
  { name: 'dashboard', url: '/repositories', routes: FIRST_PAINT_ROUTES, otherRequests: OTHER_REQUESTS },
  { name: 'sign-in page', url: '/auth/login', routes: SIGN_IN_ROUTES, otherRequests: 4 },
];

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

/** A screen's first load among a bundle's chunks (`root`: the web app's directory; `routes`: its route modules). */
export function screenFirstLoad(chunks, root, routes) {
  return loadedChunks(
    chunks,
    [...routes, ...FIRST_LOAD_IMPORTS].map((m) => path.join(root, m)),
  );
}

/** The dashboard's first load among a bundle's chunks (`root`: the web app's directory). */
export function dashboardFirstLoad(chunks, root) {
  return screenFirstLoad(chunks, root, FIRST_PAINT_ROUTES);
}

/** What exceeds the budget, as sentences (none when the figures keep it). */
export function budgetProblems({ jsGzipBytes, requests }, budget = BUDGET, screen = 'dashboard') {
  const problems = [];
  if (jsGzipBytes > budget.jsGzipBytes)
    problems.push(`JavaScript ${kb(jsGzipBytes)} gzipped exceeds the ${screen}'s first-load budget of ${kb(budget.jsGzipBytes)}`);
  if (requests > budget.requests) problems.push(`${requests} requests exceed the ${screen}'s first-load budget of ${budget.requests}`);
  return problems;
}

/**
 * The figures of a first load: gzipped JavaScript bytes (gzip -9, as the precompress step writes)
 * and requests (`otherRequests`: those that are not built files).
 */
export function firstLoadFigures(loaded, otherRequests = OTHER_REQUESTS) {
  const css = new Set(loaded.flatMap((c) => c.css ?? []));
  const js = loaded.map((c) => ({ file: c.fileName, gzip: gzipSync(c.code, { level: 9 }).length }));
  return { js, css: [...css], jsGzipBytes: js.reduce((n, f) => n + f.gzip, 0), requests: js.length + css.size + otherRequests };
}

const kb = (n) => `${(n / 1024).toFixed(1)} kB`;

/**
 * A Vite plugin that prints the first-load figures of the dashboard and the sign-in page at the
 * end of a build and fails the build when either exceeds the budget (docs/performance.md, "First load").
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
      const problems = [];
      for (const screen of ENTRY_SCREENS) {
        const figures = firstLoadFigures(screenFirstLoad(chunks, root, screen.routes), screen.otherRequests);
        this.info(
          `${screen.name} first load: ${kb(figures.jsGzipBytes)} of JavaScript gzipped in ${figures.js.length} files, ` +
            `${figures.requests} requests (${figures.css.length} CSS, ${screen.otherRequests} other)`,
        );
        problems.push(...budgetProblems(figures, budget, screen.name));
      }
      if (problems.length) this.error(`${problems.join('; ')} (docs/performance.md, "First load")`);
    },
  };
}
