import path from 'node:path';
import type { BlockContent, PhrasingContent, Root } from 'mdast';
import { extractFunctions, isTestFile, signatureFactsOf } from '@docent/analyzer';
import type { RepositoryFacts, SourceFile } from '../facts/index.ts';
import { code, heading, list, paragraph, root, source, table } from './blocks.ts';
import { pageLink, type PageMeta, type PageSpec } from './arch.ts';
import { paramRows } from './params.ts';
import { isExample } from './overview.ts';
import { noticeBlocks, ownNotices } from './notices.ts';

export interface ApiSymbol {
  file: string;
  name: string;
  startLine: number;
  endLine: number;
  documented: boolean;
  /** the doc's first line, if any */
  summary: string | null;
  /** the parameters as declared, with the doc's type, default and description where it gives them */
  params: ReturnType<typeof paramRows>;
}

/** Public functions and methods per file (tests left out), as the analyzer parses them. */
export async function publicSymbols(sources: readonly SourceFile[]): Promise<ApiSymbol[]> {
  const out: ApiSymbol[] = [];
  for (const s of sources) {
    if (isTestFile(s.rel)) continue;
    let functions;
    try {
      // With each parameter's declared type and default: Python from the analyzer's fast scanner
      // (tree-sitter when it declines), the other languages from tree-sitter.
      functions = await extractFunctions(s.text, s.language, s.rel, { signatureFacts: true });
    } catch {
      continue; // a file that does not parse has no reference entry
    }
    for (const fn of functions) {
      if (fn.scope !== 'public') continue;
      // Python's convention: a leading underscore is private.
      if (s.language === 'Python' && fn.name.split('.').some((part) => part.startsWith('_') && !/^__\w+__$/.test(part))) continue;
      const summary =
        fn.docstring
          ?.split('\n')
          .map((l) => l.trim())
          .find((l) => l !== '') ?? null;
      const params = paramRows(signatureFactsOf.get(fn)?.params ?? [], fn.docstring);
      out.push({
        file: s.rel,
        name: fn.name,
        startLine: fn.startLine,
        endLine: fn.endLine,
        documented: fn.docstring !== null,
        summary,
        params,
      });
    }
  }
  return out;
}

/** The folder a file's public symbols are listed under (its module or package page). */
export const moduleOf = (file: string): string => path.posix.dirname(file);

/** Page ids from folder names: lower-case, dashes, unique (a number is added on a clash). */
function moduleIds(folders: readonly string[]): Map<string, string> {
  const ids = new Map<string, string>();
  const used = new Set<string>();
  for (const folder of folders) ids.set(folder, unusedId(`api-m-${folder === '.' ? 'root' : slug(folder)}`, used));
  return ids;
}

/** Lower case, runs of anything else than letters and digits as one dash, none at the ends; `x` when nothing is left. */
const slug = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'x';

/** `base`, or `base-2`, `base-3`… whichever is not in `used` yet; recorded there. */
function unusedId(base: string, used: Set<string>): string {
  let id = base;
  for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
  used.add(id);
  return id;
}

/**
 * A module whose files hold more source text than this gets one page per file (its files listed
 * under the module in the index): one changed file then rebuilds one file's page, not the
 * thousands of functions of a large package (SQLAlchemy's `orm`, `sql`).
 */
export const SPLIT_MODULE_CHARS = 64 * 1024;

/**
 * The library reference as one page per module (folder) — pkgsite's layout: the module's files,
 * each with its public functions and methods, where they are defined and whether Docent found
 * them documented. A page reads only its folder's files; a large module is split into one page
 * per file (SPLIT_MODULE_CHARS).
 */
export function apiModulePages(sources: readonly SourceFile[]): PageSpec[] {
  const byFolder = new Map<string, SourceFile[]>();
  for (const s of sources)
    if (!isTestFile(s.rel)) (byFolder.get(moduleOf(s.rel)) ?? byFolder.set(moduleOf(s.rel), []).get(moduleOf(s.rel))!).push(s);
  const folders = [...byFolder.keys()].sort();
  const ids = moduleIds(folders);
  const used = new Set(ids.values());
  return folders.flatMap((folder) => {
    const files = byFolder.get(folder)!;
    const name = folder === '.' ? '(top level)' : folder;
    const large = files.length > 1 && files.reduce((n, f) => n + f.text.length, 0) > SPLIT_MODULE_CHARS;
    if (!large) return [modulePage(ids.get(folder)!, name, `Module ${name}`, files)];
    return [...files]
      .sort((a, b) => (a.rel < b.rel ? -1 : 1))
      .map((file) => {
        const id = unusedId(`${ids.get(folder)!}--${slug(path.posix.basename(file.rel))}`, used);
        return modulePage(id, `${name}: ${path.posix.basename(file.rel)}`, `Module ${name}: ${path.posix.basename(file.rel)}`, [file]);
      });
  });
}

function modulePage(id: string, title: string, headingText: string, files: readonly SourceFile[]): PageSpec {
  return {
    id,
    title,
    sources: files.map((f) => f.rel).sort(),
    build: async () => {
      const symbols = await publicSymbols(files);
      const documented = symbols.filter((s) => s.documented).length;
      const blocks: BlockContent[] = [heading(1, headingText)];
      blocks.push(paragraph(`${files.length} file(s), ${symbols.length} public functions and methods (${documented} documented).`));
      const byFile = new Map<string, ApiSymbol[]>();
      for (const sym of symbols) byFile.set(sym.file, [...(byFile.get(sym.file) ?? []), sym]);
      if (symbols.length === 0) blocks.push(paragraph('No public function was found.'));
      for (const [file, list] of [...byFile].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
        blocks.push(heading(2, file));
        blocks.push(
          table(
            ['Name', 'Summary', 'Documented', 'Defined in'],
            list.map((sym) => [
              code(sym.name),
              sym.summary ?? '',
              sym.documented ? '✓' : '✗',
              source(sym.file, sym.startLine, sym.endLine),
            ]),
          ),
        );
        // docs/design.md §7, API docs: the params table — type, default, required, description (from the doc).
        const rows = list.flatMap((sym) =>
          sym.params.map((p) => [
            code(sym.name),
            code(p.name),
            p.type ? code(p.type) : '',
            p.default ? code(p.default) : '',
            p.required ? 'yes' : 'no',
            p.text,
          ]),
        );
        if (rows.length > 0) {
          // Under the file's heading (no heading of its own): a search for a function leads to its file's section.
          blocks.push(paragraph(`Parameters of the functions of ${path.posix.basename(file)}:`));
          blocks.push(table(['Function', 'Parameter', 'Type', 'Default', 'Required', 'Description'], rows));
        }
      }
      return { tree: root(blocks), assets: [] };
    },
  };
}

/** `path:line expression` → its citation and expression. */
function citation(text: string): Array<PhrasingContent | string> {
  const m = /^(.+?):(\d+)(?: (.*))?$/.exec(text);
  return m ? [source(m[1]!, Number(m[2])), ...(m[3] ? [' ', code(m[3])] : [])] : [code(text)];
}

/**
 * What the user must know about the routes' paths (docs/docgen-arch-api.md §Routes): the routes
 * whose prefix is not a constant, each with where that prefix is given, and the method + path
 * pairs declared by more than one handler (both kept; openapi.json keeps the others under the
 * path's `x-conflicts`).
 */
export function routeNotes(routes: RepositoryFacts['routes']): BlockContent[] {
  const blocks: BlockContent[] = [];
  const unresolved = routes.filter((r) => !r.resolved);
  if (unresolved.length > 0) {
    blocks.push(
      paragraph(
        `${unresolved.length} route(s) have a prefix these docs do not resolve; their paths are shown without it, and the prefix is where it is given:`,
      ),
    );
    blocks.push(
      table(
        ['Method', 'Path shown', 'Defined in', 'Unresolved prefix'],
        unresolved.map((r) => [r.method, code(r.path), source(r.file, r.line), r.unresolvedPrefix ? citation(r.unresolvedPrefix) : '']),
      ),
    );
  }
  const byKey = new Map<string, RepositoryFacts['routes']>();
  for (const r of routes) {
    const key = `${r.method} ${r.path.replace(/:\w+|<(?:[\w.]+:)?\w+>|\{[^}]*\}/g, '{}')}`;
    const list = byKey.get(key) ?? byKey.set(key, []).get(key)!;
    if (!list.some((x) => x.file === r.file && x.line === r.line)) list.push(r);
  }
  const clashes = [...byKey.values()].filter((l) => l.length > 1);
  if (clashes.length > 0) {
    blocks.push(
      paragraph(
        `${clashes.length} method and path pair(s) are declared by more than one route; each is listed, none merged (the framework's registration order decides which one answers):`,
      ),
    );
    blocks.push(
      table(
        ['Method', 'Path', 'Handler', 'Defined in'],
        clashes.flat().map((r) => [r.method, code(r.path), r.handler ? code(r.handler) : '', source(r.file, r.line)]),
      ),
    );
  }
  return blocks;
}

/**
 * The routes of the HTTP API page by group (their first path segment), in page order: the
 * system's own routes; routes of example programs are kept apart (`examples`).
 */
export function routeGroups(routes: RepositoryFacts['routes']): {
  groups: Array<[string, RepositoryFacts['routes']]>;
  examples: RepositoryFacts['routes'];
} {
  const groups = new Map<string, RepositoryFacts['routes']>();
  for (const r of routes) {
    if (isExample(r.file)) continue;
    const group = `/${r.path.split('/').filter(Boolean)[0] ?? ''}`;
    groups.set(group, [...(groups.get(group) ?? []), r]);
  }
  return { groups: [...groups], examples: routes.filter((r) => isExample(r.file)) };
}

const routeTable = (routes: RepositoryFacts['routes']): BlockContent =>
  table(
    ['Method', 'Path', 'Handler', 'Defined in'],
    routes.map((r) => [
      r.method,
      // A route registered only under a condition of the code says so, with the condition and where it is written.
      r.condition ? [code(r.path), ' — only if ', code(r.condition.text), ' (', code(r.condition.source), ')'] : code(r.path),
      r.handler ? code(r.handler) : '',
      source(r.file, r.line),
    ]),
  );

/** The HTTP API page: the extracted routes grouped by their first path segment, example programs' routes apart. */
export function apiHttpPage(facts: RepositoryFacts, extraSources: readonly string[] = [], more: () => BlockContent[] = () => []): PageSpec {
  return {
    id: 'api-http',
    title: 'HTTP API',
    sources: [...new Set([...facts.routeFiles, ...extraSources, ...ownNotices(facts).map((n) => n.file)])].sort(),
    build: () => {
      const blocks: BlockContent[] = [heading(1, 'HTTP API')];
      if (facts.routes.length === 0) blocks.push(paragraph('No HTTP route was found.'));
      else {
        const { groups, examples } = routeGroups(facts.routes);
        for (const [group, routes] of groups) blocks.push(heading(2, group), routeTable(routes));
        if (examples.length > 0)
          blocks.push(
            heading(2, 'Examples'),
            paragraph(`${examples.length} route(s) are declared by example programs, not by the system itself:`),
            routeTable(examples),
          );
        const notes = routeNotes(facts.routes);
        if (notes.length > 0) blocks.push(heading(2, 'Paths to check'), ...notes);
      }
      blocks.push(...noticeBlocks(facts));
      blocks.push(...more());
      return { tree: root(blocks), assets: [] };
    },
  };
}

/** The API index: the overview, then the contents — the HTTP API first when the system declares routes, else the library reference (a library's API), examples apart (rebuilt on every run; it names the commit). */
export function apiIndex(
  facts: RepositoryFacts,
  meta: PageMeta,
  pages: ReadonlyArray<{ id: string; title: string }>,
  overview: readonly BlockContent[] = [],
): Root {
  const title = `${meta.name} — API`;
  const modules = pages.filter((p) => p.id.startsWith('api-m-'));
  const own = modules.filter((p) => !isExample(`${p.title}/`));
  const examples = modules.filter((p) => isExample(`${p.title}/`));
  // A large module's pages are its files ('folder: file'): the module counts once.
  const moduleCount = new Set(own.map((p) => (p.id.includes('--') ? p.title.slice(0, p.title.lastIndexOf(': ')) : p.title))).size;
  const ownRoutes = facts.routes.filter((r) => !isExample(r.file)).length;
  const notices = ownNotices(facts).length;
  const http = [heading(2, 'HTTP API'), list([[pageLink('api-http', 'HTTP API')]])];
  const reference = [
    heading(2, 'Library reference'),
    own.length === 0 ? paragraph('No module with source files was found.') : list(own.map((p) => [pageLink(p.id, p.title)])),
  ];
  return root([
    heading(1, title),
    paragraph(
      `Generated by Docent from the code${meta.commit ? ` at commit ${meta.commit}` : ''}: ${ownRoutes} HTTP routes, ${moduleCount} modules${examples.length > 0 ? ` (examples apart)` : ''}.${ownRoutes === 0 ? ' No HTTP route is declared outside examples: the library reference is the API.' : ''}${notices > 0 ? ` ${notices} place(s) look like route registrations Docent did not read (listed on the HTTP API page).` : ''}`,
    ),
    ...(overview.length > 0
      ? [heading(2, 'Overview'), ...overview.map((b) => (b.type === 'heading' ? { ...b, depth: 3 as const } : b))]
      : []),
    ...(ownRoutes > 0 ? [...http, ...reference] : [...reference, ...(facts.routes.length > 0 || notices > 0 ? http : [])]),
    ...(examples.length > 0 ? [heading(2, 'Examples'), list(examples.map((p) => [pageLink(p.id, p.title)]))] : []),
  ]);
}
