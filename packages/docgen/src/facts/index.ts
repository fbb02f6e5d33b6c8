import path from 'node:path';
import { isTestFile } from '@docent/analyzer';
import { languageOfPath } from '../languages.ts';
import { listFiles } from '../repo.ts';
import { readInsideCheckout } from '../safe-write.ts';
import { importGraph, pathAliases, type ImportEdge, type SourceFile } from './imports.ts';
import { ENV_EXAMPLE, routesAndFiles, type Route } from './routes.ts';
import { perFile } from './cache.ts';
import { unreadRegistrations, type RouteNotice } from './unread-routes.ts';
import { SPRING_CLOUD_CONFIG_FILE, SPRING_CONFIG_FILE } from './spring-config.ts';
import { codeOf, lineAt } from './source.ts';

export { importGraph, type ImportEdge, type SourceFile } from './imports.ts';
export { extractRoutes, joinPath, routesAndFiles, type Route } from './routes.ts';
export { unreadRegistrations, type RouteNotice } from './unread-routes.ts';

/**
 * What the architecture and API docs are built from (docs/design.md §7, Pipeline step 1):
 * read from the code, each fact with the file and line it comes from.
 */
export interface RepositoryFacts {
  files: number;
  imports: ImportEdge[];
  /** per file: files it imports (internal) and files importing it */
  coupling: Array<{ file: string; fanOut: number; fanIn: number }>;
  /** import cycles between folders, largest first (tests left out) */
  cycles: FolderCycle[];
  routes: Route[];
  /** files the routes were read from: route declarations and router mounts */
  routeFiles: string[];
  /** code that looks like a route registration the reader did not read into a route (tests left out): listed, never guessed */
  routeNotices: RouteNotice[];
  entryPoints: Array<{ file: string; line: number; kind: string }>;
  /** external packages by how many files (tests left out) import them */
  packages: Array<{ name: string; files: number }>;
  /** environment variables the code reads */
  envVars: Array<{ name: string; file: string; line: number }>;
}

/**
 * Folders that import each other (a strongly connected component of the folder import graph) and
 * one shortest cycle through them as real imports: each step names the import statement that makes
 * it (`a/x.ts:1` imports `b/y.ts`), so the cycle can be checked and broken where it is written.
 */
export interface FolderCycle {
  /** every folder of the component, sorted */
  folders: string[];
  /** a cycle from the first folder back to it, one import per step */
  path: Array<{ from: string; to: string; file: string; line: number; target: string }>;
}

const MAX_FACT_FILE_BYTES = 512 * 1024;

/**
 * Project files that are no source code but describe the system (docs/design.md §7, Architecture docs):
 * API descriptions, schemas and migrations, deployables, CI, decisions. Read as language `text`.
 */
export const PROJECT_FILE =
  /(?:^|\/)(?:(?:openapi|swagger)\.(?:json|ya?ml)|(?:ts|js)config(?:\.[\w-]+)?\.json|[^/]+\.sql|[^/]+\.prisma|Dockerfile(?:\.[\w.-]+)?|[^/]*\.Dockerfile|(?:docker-)?compose(?:\.[\w-]+)?\.ya?ml|Procfile|package\.json|(?:application|bootstrap)[\w-]*\.(?:properties|ya?ml)|\.gitlab-ci\.yml|Jenkinsfile|azure-pipelines\.ya?ml|\.circleci\/config\.ya?ml|\.github\/workflows\/[^/]+\.ya?ml|(?:docs?|architecture)\/(?:adr|adrs|decisions|architecture\/decisions)\/[^/]+\.(?:md|rst|txt)|\.env\.(?:example|sample|template|dist))$/;

/** The root README (`README`, `README.md`, `.rst`, `.txt`): the overview quotes its opening paragraph. */
export const README_FILE = /^readme(?:\.(?:md|markdown|rst|txt))?$/i;

/**
 * Folders of code copied from other projects, by Linguist's vendored rule (its `vendor.yml`):
 * `vendor/` / `Vendor/` / `vendors/`, `third_party/` / `third-party/` / `3rdparty/`, `extern/` /
 * `external/`, `dependencies/`, `deps/` at the root, `bower_components/`, `node_modules/`. A route
 * in one is another project's, not the application's (docs/metrics/arch-api-facts.md, ninth round).
 */
export const VENDORED_FOLDER =
  /(?:^|\/)(?:[Vv]+endors?|(?:3rd|[Tt]hird)[-_]?[Pp]arty|[Ee]xtern(?:als?)?|[Dd]ependencies|bower_components|node_modules)\/|^deps\//;

/** Whether the architecture / API docs read a file of this path (a source, a project file or go.mod). */
export function docSetReads(rel: string): boolean {
  return (
    languageOfPath(rel) !== null ||
    PROJECT_FILE.test(rel) ||
    SPRING_CLOUD_CONFIG_FILE.test(rel) ||
    README_FILE.test(rel) ||
    rel === 'go.mod'
  );
}

/** A checkout's source files (by the docgen languages, up to 512 KB each, listing order), its project files (`language: 'text'`) and its go.mod. */
export async function readCheckout(root: string): Promise<{ sources: SourceFile[]; goMod: string | null; projectFiles: SourceFile[] }> {
  const rels = await listFiles(
    root,
    (rel) => languageOfPath(rel) !== null || PROJECT_FILE.test(rel) || SPRING_CLOUD_CONFIG_FILE.test(rel) || README_FILE.test(rel),
  );
  // Every read goes through the guarded reader (docs/security.md, "Reading a checkout for the
  // docs"): a file reached through a symbolic link — a linked file, a linked folder, a go.mod that
  // points at /etc/passwd — is not read, so nothing outside the checkout reaches hosted docs.
  const read = async (rel: string): Promise<SourceFile | null> => {
    const language =
      languageOfPath(rel) ?? (PROJECT_FILE.test(rel) || SPRING_CLOUD_CONFIG_FILE.test(rel) || README_FILE.test(rel) ? 'text' : null);
    if (!language) return null;
    const text = await readInsideCheckout(root, rel, MAX_FACT_FILE_BYTES);
    return text === null ? null : { rel, language, text };
  };
  const sources: SourceFile[] = [];
  // Read 32 at a time: the disk's latency overlaps, the order stays the listing's.
  for (let i = 0; i < rels.length; i += 32) for (const s of await Promise.all(rels.slice(i, i + 32).map(read))) if (s) sources.push(s);
  const goMod = await readInsideCheckout(root, 'go.mod', MAX_FACT_FILE_BYTES).catch(() => null);
  return { sources: sources.filter((s) => s.language !== 'text'), goMod, projectFiles: sources.filter((s) => s.language === 'text') };
}

export async function repositoryFacts(root: string): Promise<RepositoryFacts> {
  const { sources, goMod, projectFiles } = await readCheckout(root);
  return factsOf(sources, goMod, projectFiles);
}

/** The facts of already-read sources (pure: the tests' entry point). */
export function factsOf(sources: readonly SourceFile[], goMod: string | null, projectFiles: readonly SourceFile[] = []): RepositoryFacts {
  // tsconfig.json / jsconfig.json path aliases (`import routes from '@/api'`) resolve to the repository's files.
  const imports = importGraph(sources, goMod, pathAliases(projectFiles));
  // Routes and entry points of tests (a framework's own test servers) describe no deployable.
  const shipped = sources.filter((s) => !isTestFile(s.rel));
  // The repository's OpenAPI / Swagger descriptions: what an API-first controller implements.
  // Example environment files (`.env.example`) give the values of settings the code reads with no default.
  // Spring's application / bootstrap files and a config server's give the servlet context path.
  const descriptions = projectFiles.filter(
    (f) =>
      /(?:^|\/)(?:openapi|swagger)\.(?:json|ya?ml)$/.test(f.rel) ||
      ENV_EXAMPLE.test(f.rel) ||
      SPRING_CONFIG_FILE.test(f.rel) ||
      // package.json: which folders are Next.js applications (their API routes are given by file paths).
      /(?:^|\/)package\.json$/.test(f.rel),
  );
  const read = routesAndFiles(shipped, imports, descriptions);
  const routeFiles = read.files;
  const routes = read.routes.filter((r) => !VENDORED_FOLDER.test(r.file));
  return {
    files: sources.length,
    imports,
    coupling: coupling(sources, imports),
    cycles: folderCycles(imports.filter((e) => !isTestFile(e.from))),
    routes,
    routeFiles,
    // (A vendored copy's registrations are no application route left unread either.)
    routeNotices: unreadRegistrations(
      shipped.filter((s) => !VENDORED_FOLDER.test(s.rel)),
      routes,
      routeFiles,
      imports,
    ),
    // A build tool's wrapper (`.mvn/wrapper/MavenWrapperDownloader.java`) is no entry point of the system.
    entryPoints: shipped
      .filter((s) => !/(?:^|\/)(?:\.mvn|gradle\/wrapper)\//.test(s.rel))
      .flatMap((s) => perFile(s.text, `entry\0${s.rel}\0${s.language}`, () => entryPointsOf(s)))
      .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line)),
    packages: packageCounts(imports.filter((e) => !isTestFile(e.from))),
    envVars: sources
      .flatMap((s) => perFile(s.text, `env\0${s.rel}\0${s.language}`, () => envVarsOf(s)))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line)),
  };
}

function coupling(sources: readonly SourceFile[], imports: readonly ImportEdge[]): RepositoryFacts['coupling'] {
  const out = new Map<string, Set<string>>();
  const inn = new Map<string, Set<string>>();
  for (const e of imports) {
    // A test importing its subject is no coupling of the system (and no hotspot).
    if (e.kind !== 'internal' || !e.to || e.to === e.from || isTestFile(e.from)) continue;
    (out.get(e.from) ?? out.set(e.from, new Set()).get(e.from)!).add(e.to);
    (inn.get(e.to) ?? inn.set(e.to, new Set()).get(e.to)!).add(e.from);
  }
  return sources.map((s) => ({ file: s.rel, fanOut: out.get(s.rel)?.size ?? 0, fanIn: inn.get(s.rel)?.size ?? 0 }));
}

const folderOf = (p: string): string => (p.endsWith('/') ? p.slice(0, -1) || '.' : path.posix.dirname(p));

/** Strongly connected components of the folder import graph with more than one folder (Tarjan), each with one real cycle. */
export function folderCycles(imports: readonly ImportEdge[]): FolderCycle[] {
  const graph = new Map<string, Set<string>>();
  /** the first import (by file, then line) that makes each folder edge */
  const evidence = new Map<string, ImportEdge>();
  for (const e of imports) {
    if (e.kind !== 'internal' || !e.to) continue;
    const a = folderOf(e.from);
    const b = folderOf(e.to);
    if (a === b) continue;
    (graph.get(a) ?? graph.set(a, new Set()).get(a)!).add(b);
    if (!graph.has(b)) graph.set(b, new Set());
    const key = `${a}\0${b}`;
    const seen = evidence.get(key);
    if (!seen || e.from < seen.from || (e.from === seen.from && e.line < seen.line)) evidence.set(key, e);
  }
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) out.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!idx.has(v)) visit(v);
  return out
    .sort((a, b) => b.length - a.length || (a[0]! < b[0]! ? -1 : 1))
    .map((folders) => {
      // Breadth-first from the first folder, inside the component, to the nearest folder that imports it back.
      const inside = new Set(folders);
      const start = folders[0]!;
      const parent = new Map<string, string>([[start, '']]);
      const queue = [start];
      let last: string | null = null;
      while (queue.length > 0 && last === null) {
        const v = queue.shift()!;
        for (const w of [...(graph.get(v) ?? [])].sort()) {
          if (w === start) {
            last = v;
            break;
          }
          if (inside.has(w) && !parent.has(w)) {
            parent.set(w, v);
            queue.push(w);
          }
        }
      }
      const nodes = [start];
      for (let v = last!; v !== start; v = parent.get(v)!) nodes.splice(1, 0, v);
      nodes.push(start);
      const path = nodes.slice(0, -1).map((a, i) => {
        const b = nodes[i + 1]!;
        const e = evidence.get(`${a}\0${b}`)!;
        return { from: a, to: b, file: e.from, line: e.line, target: e.to! };
      });
      return { folders, path };
    });
}

function entryPointsOf(s: SourceFile): RepositoryFacts['entryPoints'] {
  const code = codeOf(s);
  const found: RepositoryFacts['entryPoints'] = [];
  const add = (re: RegExp, kind: string): void => {
    const m = re.exec(code);
    if (m) found.push({ file: s.rel, line: lineAt(code, m.index), kind });
  };
  switch (s.language) {
    case 'Python':
      add(/^if\s+__name__\s*==\s*["']__main__["']\s*:/m, 'python __main__');
      break;
    case 'Go':
      if (/^\s*package\s+main\b/m.test(code)) add(/^func\s+main\s*\(\s*\)/m, 'go main');
      break;
    case 'Java':
      add(/\bpublic\s+static\s+void\s+main\s*\(/, 'java main');
      break;
    case 'Kotlin':
      add(/^\s*fun\s+main\s*\(/m, 'kotlin main');
      break;
    case 'Rust':
      if (/(^|\/)src\/main\.rs$|(^|\/)src\/bin\/[^/]+\.rs$/.test(s.rel)) add(/\bfn\s+main\s*\(/, 'rust binary');
      break;
    case 'C#':
      add(/\bstatic\s+(?:async\s+)?(?:void|int|Task(?:<int>)?)\s+Main\s*\(/, 'c# Main');
      if (found.length === 0 && /(^|\/)Program\.cs$/.test(s.rel)) add(/\S/, 'c# top-level program');
      break;
    default:
      add(/\b(?:app|server|fastify)\.listen\s*\(/, 'http server');
      break;
  }
  return found;
}

function envVarsOf(s: SourceFile): RepositoryFacts['envVars'] {
  const code = codeOf(s);
  const patterns: RegExp[] = [
    /\bprocess\.env\.([A-Z_][A-Z0-9_]*)/g,
    /\bprocess\.env\[\s*["']([A-Z_][A-Z0-9_]*)["']\s*\]/g,
    /\bos\.(?:environ\.get|getenv)\s*\(\s*["']([A-Z_][A-Z0-9_]*)["']/g,
    /\bos\.environ\[\s*["']([A-Z_][A-Z0-9_]*)["']\s*\]/g,
    /\bos\.(?:Getenv|LookupEnv)\s*\(\s*"([A-Z_][A-Z0-9_]*)"/g,
    /\bSystem\.getenv\s*\(\s*"([A-Z_][A-Z0-9_]*)"/g,
    /\b(?:std::)?env::var\s*\(\s*"([A-Z_][A-Z0-9_]*)"/g,
    /\bEnvironment\.GetEnvironmentVariable\s*\(\s*"([A-Z_][A-Z0-9_]*)"/g,
  ];
  const out: RepositoryFacts['envVars'] = [];
  const seen = new Set<string>();
  for (const re of patterns) {
    for (const m of code.matchAll(re)) {
      if (seen.has(m[1]!)) continue;
      seen.add(m[1]!);
      out.push({ name: m[1]!, file: s.rel, line: lineAt(code, m.index) });
    }
  }
  return out;
}

function packageCounts(imports: readonly ImportEdge[]): RepositoryFacts['packages'] {
  const files = new Map<string, Set<string>>();
  for (const e of imports)
    if (e.kind === 'external' && e.package) (files.get(e.package) ?? files.set(e.package, new Set()).get(e.package)!).add(e.from);
  return [...files].map(([name, set]) => ({ name, files: set.size })).sort((a, b) => b.files - a.files || (a.name < b.name ? -1 : 1));
}
