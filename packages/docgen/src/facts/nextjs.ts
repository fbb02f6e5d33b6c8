import path from 'node:path/posix';
import type { SourceFile } from './imports.ts';
import type { Route } from './routes.ts';
import { closing, codeOf, lineAt, literal } from './source.ts';

/**
 * Next.js API routes (docs/docgen-arch-api.md §Routes, Next.js): routes given by where a file is, not by a call.
 * In a folder whose package.json depends on `next`:
 *
 * - Pages router: every module below `pages/api/` (or `src/pages/api/`) with a default export is a handler with no
 *   method restriction (`ANY`) at its path: `index` is its folder, `[id]` a parameter (`:id`), `[...slug]` a
 *   catch-all of one or more segments (`:slug+`), `[[...slug]]` of zero or more (`:slug*`) — path-to-regexp's
 *   notation, which Next.js itself uses in `next.config.js` rewrites.
 * - App router: every `route.js` / `route.ts` below `app/` (or `src/app/`) answers the methods it exports
 *   (`export async function GET`, `export const POST = …`, `export { handler as GET }`, `export const { GET, POST } =
 *   handlers`), each cited at its export; route groups `(name)` and parallel-route slots `@name` add no segment, and a
 *   private folder `_name` is not routable.
 *
 * A literal `basePath` of the folder's `next.config.*` prefixes every route; one that is not a constant marks them
 * unresolved with its citation.
 */
const APP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];
const JS = /\.(?:[cm]?js|jsx|[cm]?ts|tsx)$/;

/** The folders (`''` for the repository root) whose package.json depends on `next`. */
function nextRoots(projectFiles: readonly SourceFile[]): string[] {
  const roots: string[] = [];
  for (const f of projectFiles) {
    if (path.basename(f.rel) !== 'package.json' || f.rel.includes('node_modules/')) continue;
    let pkg: unknown;
    try {
      pkg = JSON.parse(f.text);
    } catch {
      continue;
    }
    if (typeof pkg !== 'object' || pkg === null) continue;
    const deps = ['dependencies', 'devDependencies', 'peerDependencies'].map((k) => (pkg as Record<string, unknown>)[k]);
    if (deps.some((d) => typeof d === 'object' && d !== null && 'next' in d))
      roots.push(path.dirname(f.rel) === '.' ? '' : path.dirname(f.rel));
  }
  // The deepest folder first: a file belongs to the nearest Next.js application above it.
  return roots.sort((a, b) => b.length - a.length);
}

/** A folder or file name of the pages / app tree as a path segment; null when it adds none. */
function segment(name: string): string | null {
  let m = /^\[\[\.\.\.(\w+)\]\]$/.exec(name);
  if (m) return `:${m[1]}*`;
  m = /^\[\.\.\.(\w+)\]$/.exec(name);
  if (m) return `:${m[1]}+`;
  m = /^\[(\w+)\]$/.exec(name);
  if (m) return `:${m[1]}`;
  return name;
}

/** The application's `next.config.*`, if any. */
const nextConfig = (sources: readonly SourceFile[], root: string): SourceFile | undefined =>
  sources.find((s) => s.rel === path.join(root, path.basename(s.rel)) && /^next\.config\.[cm]?[jt]s$/.test(path.basename(s.rel)));

/**
 * `pageExtensions` of the application's `next.config.*` (`['page.tsx', 'api.ts']`): only files ending so are pages
 * and API routes, the extension dropped from the path; Next.js's own default when none is set.
 */
function pageExtensions(config: SourceFile | undefined): string[] {
  const m = config ? /\bpageExtensions\s*:\s*\[([^\]]*)\]/.exec(codeOf(config)) : null;
  const given = m ? [...m[1]!.matchAll(/["'`]([\w.]+)["'`]/g)].map((x) => x[1]!) : [];
  return (given.length > 0 ? given : ['tsx', 'ts', 'jsx', 'js']).sort((a, b) => b.length - a.length);
}

/** `basePath` of the application's `next.config.*`: its value, or unresolved with its citation; '' when none is set. */
function basePath(config: SourceFile | undefined): { value: string } | { unresolved: string } {
  if (!config) return { value: '' };
  const code = codeOf(config);
  const m = /\bbasePath\s*:\s*([^,\n}]+)/.exec(code);
  if (!m) return { value: '' };
  const value = literal(m[1]!.trim());
  return value !== null ? { value } : { unresolved: `${config.rel}:${lineAt(code, m.index)} basePath: ${m[1]!.trim()}` };
}

/**
 * The methods a `pages/api` handler answers when it first refuses every other one and ends the request there:
 * `if (req.method !== 'GET') { res.status(405).end(); return }`, `if (req.method != "POST") return res.status(405)…`,
 * `if (!['GET', 'POST'].includes(req.method)) return …`; null when it does not (Next.js itself restricts no method).
 */
function onlyMethods(code: string): string[] | null {
  return refusingGuard(code) ?? methodBranches(code);
}

/** `if (req.method !== 'GET') { …; return }` first: that method (see onlyMethods). */
function refusingGuard(code: string): string[] | null {
  const guard =
    /\bif\s*\(\s*(?:\w+\.method\s*!==?\s*["'`]([A-Za-z]+)["'`]|!\s*\[([^\]]*)\]\s*\.includes\s*\(\s*\w+\.method\s*\))\s*\)\s*/.exec(code);
  if (!guard) return null;
  // A method handled before the guard (`if (req.method === 'POST') {…}` above it) is answered too: not this shape.
  if (/\.method\s*===?|\bcase\s+["'`]/.test(code.slice(0, guard.index))) return null;
  const after = code.slice(guard.index + guard[0].length);
  const branch = after.startsWith('{') ? after.slice(0, closing(after, 0)) : (after.split('\n')[0] ?? '');
  if (!/\breturn\b/.test(branch)) return null;
  const methods = (guard[1] ? [guard[1]] : [...guard[2]!.matchAll(/["'`]([A-Za-z]+)["'`]/g)].map((x) => x[1]!)).map((x) => x.toUpperCase());
  return methods.length > 0 && methods.every((x) => APP_METHODS.includes(x)) ? [...new Set(methods)] : null;
}

/**
 * A handler whose every answer is inside `if (req.method === 'POST') {…}` branches (or `switch (req.method)` cases):
 * those methods. What stays outside the branches may only refuse (`res.status(405)`, a 4xx) or answer an error in a
 * `catch` block; any other answer there (common code every method reaches) leaves the handler `ANY`.
 */
function methodBranches(code: string): string[] | null {
  const methods: string[] = [];
  let rest = code;
  const blank = (from: number, to: number): void => {
    rest = rest.slice(0, from) + ' '.repeat(to - from) + rest.slice(to);
  };
  for (const m of code.matchAll(/\bif\s*\(\s*\w+\.method\s*===?\s*["'`]([A-Za-z]+)["'`]\s*\)\s*\{/g)) {
    methods.push(m[1]!.toUpperCase());
    blank(m.index, closing(code, m.index + m[0].length - 1));
  }
  for (const m of code.matchAll(/\bswitch\s*\(\s*\w+\.method\s*\)\s*\{/g)) {
    const end = closing(code, m.index + m[0].length - 1);
    const body = code.slice(m.index + m[0].length, end - 1);
    for (const c of body.matchAll(/\bcase\s+["'`]([A-Za-z]+)["'`]\s*:/g)) methods.push(c[1]!.toUpperCase());
    // The `default:` of the switch stays to be judged with the rest of the handler.
    const dflt = /\bdefault\s*:/.exec(body);
    blank(m.index, dflt ? m.index + m[0].length + dflt.index : end);
  }
  if (methods.length === 0 || !methods.every((x) => APP_METHODS.includes(x))) return null;
  // Error answers of `catch` blocks outside the branches (a database that cannot be reached) answer no method.
  for (const c of rest.matchAll(/\bcatch\s*(?:\([^)]*\))?\s*\{/g)) blank(c.index, closing(rest, c.index + c[0].length - 1));
  for (const r of rest.matchAll(/\b(?:res|response)\s*\.\s*(\w+)\s*\(\s*(\d*)/g)) {
    if (r[1] === 'status' && /^4\d\d$/.test(r[2]!)) continue;
    if (/^(?:status|json|send|end|redirect|write|writeHead|sendStatus)$/.test(r[1]!)) return null;
  }
  return [...new Set(methods)];
}

export function nextjsRoutes(sources: readonly SourceFile[], projectFiles: readonly SourceFile[]): Route[] {
  const roots = nextRoots(projectFiles);
  if (roots.length === 0) return [];
  const routes: Route[] = [];
  const configs = new Map(roots.map((r) => [r, nextConfig(sources, r)] as const));
  const bases = new Map(roots.map((r) => [r, basePath(configs.get(r))] as const));
  const extensions = new Map(roots.map((r) => [r, pageExtensions(configs.get(r))] as const));
  for (const s of sources) {
    if (!JS.test(s.rel) || /\.d\.[cm]?ts$/.test(s.rel)) continue;
    const root = roots.find((r) => r === '' || s.rel.startsWith(`${r}/`));
    if (root === undefined) continue;
    const rest = root === '' ? s.rel : s.rel.slice(root.length + 1);
    const base = bases.get(root)!;
    const at = (r: Omit<Route, 'resolved' | 'path'> & { path: string }): Route => ({
      ...r,
      path: 'value' in base && base.value !== '' ? `${base.value.replace(/\/+$/, '')}${r.path}` : r.path,
      resolved: !('unresolved' in base),
      ...('unresolved' in base ? { unresolvedPrefix: base.unresolved } : {}),
    });
    const pages = /^(?:src\/)?pages\/(api(?:\/.*)?)$/.exec(rest);
    if (pages) {
      const code = codeOf(s);
      const exported = /^[ \t]*export\s+default\b|^[ \t]*module\.exports\s*=|^[ \t]*export\s*\{[^}]*\bas\s+default\b/m.exec(code);
      if (!exported) continue;
      const ext = extensions.get(root)!.find((x) => pages[1]!.endsWith(`.${x}`));
      if (!ext) continue;
      const parts = pages[1]!.slice(0, -ext.length - 1).split('/');
      if (parts.at(-1) === 'index') parts.pop();
      const handler =
        /^[ \t]*export\s+default\s+(?:async\s+)?function\s+([A-Za-z_$][\w$]*)|^[ \t]*export\s+default\s+([A-Za-z_$][\w$]*)\s*;?\s*$/m.exec(
          code,
        );
      const only = onlyMethods(code);
      for (const method of only ?? ['ANY'])
        routes.push(
          at({
            method,
            path: `/${parts.map(segment).join('/')}`,
            framework: 'nextjs',
            file: s.rel,
            line: lineAt(code, exported.index + exported[0].length - exported[0].trimStart().length),
            ...(handler ? { handler: (handler[1] ?? handler[2])! } : {}),
          }),
        );
      continue;
    }
    const app = /^(?:src\/)?app\/(?:(.*)\/)?route\.[^/]+$/.exec(rest);
    if (!app) continue;
    const folders = app[1] ? app[1].split('/') : [];
    if (folders.some((f) => f.startsWith('_'))) continue;
    const parts = folders.filter((f) => !/^\(.*\)$/.test(f) && !f.startsWith('@')).map(segment);
    const code = codeOf(s);
    const seen = new Set<string>();
    const add = (method: string, offset: number, handler?: string): void => {
      if (!APP_METHODS.includes(method) || seen.has(method)) return;
      seen.add(method);
      routes.push(
        at({
          method,
          path: `/${parts.join('/')}`,
          framework: 'nextjs',
          file: s.rel,
          line: lineAt(code, offset),
          ...(handler ? { handler } : {}),
        }),
      );
    };
    for (const m of code.matchAll(/^[ \t]*export\s+(?:async\s+function\s*\*?|function\s*\*?|const|let|var)\s+([A-Z]+)\b/gm))
      add(m[1]!, m.index + m[0].length - m[0].trimStart().length);
    for (const m of code.matchAll(/^[ \t]*export\s*(?:const|let|var)?\s*\{([^}]*)\}/gm))
      for (const item of m[1]!.split(',')) {
        const x = /^\s*([A-Za-z_$][\w$]*)(?:\s*(?:as|:)\s*([A-Za-z_$][\w$]*))?\s*$/.exec(item);
        if (!x) continue;
        // What is exported is the name written last: `export { handler as GET }`, `export const { GET } = handlers`.
        add(x[2] ?? x[1]!, m.index + m[0].length - m[0].trimStart().length, /\bas\b/.test(item) ? x[1] : undefined);
      }
  }
  return routes;
}
