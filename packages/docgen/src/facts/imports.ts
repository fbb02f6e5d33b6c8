import { createHash } from 'node:crypto';
import path from 'node:path/posix';
import { perFile } from './cache.ts';
import { codeOf, lineAt, literal } from './source.ts';

/**
 * The import graph: every import statement of every file, resolved to a file
 * (or, for Go packages, Java wildcards and C# namespaces, a folder) of the repository where it
 * can be, else named as an external package. Static reading only: a computed `require(x)` is
 * reported as unresolved, never guessed.
 */
export interface ImportEdge {
  from: string;
  line: number;
  /** the module as written */
  spec: string;
  /** a file or folder of the repository (folders end with '/'), or null */
  to: string | null;
  kind: 'internal' | 'external' | 'unresolved';
  /** for external imports: the package (npm name, Python top-level module, Go module, Java/C# namespace root) */
  package?: string;
}

export interface SourceFile {
  rel: string;
  language: string;
  text: string;
}

interface Context {
  files: ReadonlySet<string>;
  /** Go module path from go.mod, if any */
  goModule: string | null;
  /** files by their path suffix after a Java/Kotlin source root: 'com/x/Y.java' → full paths */
  jvmBySuffix: ReadonlyMap<string, string[]>;
  /** C# namespace → folders of the files that declare it */
  namespaces: ReadonlyMap<string, Set<string>>;
  /** TypeScript / JavaScript path aliases of each tsconfig.json / jsconfig.json, deepest folder first */
  aliases: readonly PathAliases[];
}

/**
 * What a tsconfig.json / jsconfig.json (with what it `extends`) says about bare module names:
 * `compilerOptions.paths` patterns (`"@/*": ["./src/*"]`) and `baseUrl`, as folders of the
 * repository. It applies to the files below `dir`.
 */
export interface PathAliases {
  /** the folder of the config ('' for the root) */
  dir: string;
  /** folder bare names resolve from (`baseUrl`), or null when not set */
  baseUrl: string | null;
  /** pattern → targets, each target a repository path that may hold one `*` */
  paths: Array<[string, string[]]>;
}

/** A JSON-with-comments text (tsconfig.json) as an object, or null. */
function jsonc(text: string): Record<string, unknown> | null {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      const end = /^"(?:[^"\\\n]|\\.)*"/.exec(text.slice(i))?.[0] ?? '"';
      out += end;
      i += end.length - 1;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 1;
    } else out += c;
  }
  try {
    const value: unknown = JSON.parse(out.replace(/,(\s*[}\]])/g, '$1'));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const CONFIG_FILE = /(?:^|\/)(?:ts|js)config(?:\.[\w-]+)?\.json$/;

/**
 * The path aliases of every tsconfig.json / jsconfig.json of the repository (`extends` followed to
 * files of the repository, the child's options over its base's; `paths` are relative to `baseUrl`,
 * else to the config that declares them), deepest folder first. Only `tsconfig.json` /
 * `jsconfig.json` themselves apply to a folder; the other names (`tsconfig.base.json`) are read as bases.
 */
export function pathAliases(configs: readonly SourceFile[]): PathAliases[] {
  const byRel = new Map(configs.filter((c) => CONFIG_FILE.test(c.rel)).map((c) => [c.rel, c]));
  const resolved = (rel: string, depth: number): { baseUrl: string | null; paths: Array<[string, string[]]> | null } => {
    const file = byRel.get(rel);
    const json = file ? jsonc(file.text) : null;
    if (!json || depth > 8) return { baseUrl: null, paths: null };
    const dir = path.dirname(rel) === '.' ? '' : path.dirname(rel);
    const base =
      typeof json.extends === 'string' && json.extends.startsWith('.')
        ? resolved(path.normalize(path.join(dir, json.extends.endsWith('.json') ? json.extends : `${json.extends}.json`)), depth + 1)
        : { baseUrl: null, paths: null };
    const options =
      json.compilerOptions !== null && typeof json.compilerOptions === 'object' ? (json.compilerOptions as Record<string, unknown>) : {};
    const baseUrl =
      typeof options.baseUrl === 'string' ? path.normalize(path.join(dir, options.baseUrl)).replace(/^\.$/, '') : base.baseUrl;
    let paths = base.paths;
    if (options.paths !== null && typeof options.paths === 'object' && !Array.isArray(options.paths)) {
      const from = typeof options.baseUrl === 'string' ? baseUrl! : dir;
      paths = Object.entries(options.paths as Record<string, unknown>).map(([pattern, targets]) => [
        pattern,
        (Array.isArray(targets) ? targets : [])
          .filter((t): t is string => typeof t === 'string')
          .map((t) => path.normalize(path.join(from, t)).replace(/^\.$/, '')),
      ]);
    }
    return { baseUrl, paths };
  };
  // A solution-style tsconfig.json (`"files": []`, `"references": [{ "path": "./tsconfig.app.json" }]`, the
  // Vite and create-vue layout) declares no alias itself: its folder takes those of the configs it references.
  const referenced = (rel: string): { baseUrl: string | null; paths: Array<[string, string[]]> | null } => {
    const json = jsonc(byRel.get(rel)?.text ?? '');
    const dir = path.dirname(rel) === '.' ? '' : path.dirname(rel);
    for (const ref of Array.isArray(json?.references) ? (json.references as unknown[]) : []) {
      const p = ref !== null && typeof ref === 'object' ? (ref as Record<string, unknown>).path : undefined;
      if (typeof p !== 'string') continue;
      const target = path.normalize(path.join(dir, p.endsWith('.json') ? p : path.join(p, 'tsconfig.json')));
      if (target === rel) continue;
      const r = resolved(target, 1);
      if (r.paths !== null) return r;
    }
    return { baseUrl: null, paths: null };
  };
  const out: PathAliases[] = [];
  for (const rel of byRel.keys()) {
    if (!/(?:^|\/)(?:ts|js)config\.json$/.test(rel)) continue;
    const own = resolved(rel, 0);
    const { baseUrl, paths } = own.paths === null ? { ...referenced(rel), ...(own.baseUrl !== null ? { baseUrl: own.baseUrl } : {}) } : own;
    if (baseUrl === null && paths === null) continue;
    out.push({ dir: path.dirname(rel) === '.' ? '' : path.dirname(rel), baseUrl, paths: paths ?? [] });
  }
  return out.sort((a, b) => b.dir.length - a.dir.length || (a.dir < b.dir ? -1 : 1));
}

const JS_EXTENSIONS = ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs', '.mts', '.cts'];

export function importGraph(sources: readonly SourceFile[], goMod: string | null, aliases: readonly PathAliases[] = []): ImportEdge[] {
  const files = new Set(sources.map((s) => s.rel));
  const jvmBySuffix = new Map<string, string[]>();
  const namespaces = new Map<string, Set<string>>();
  for (const s of sources) {
    if (s.language === 'Java' || s.language === 'Kotlin') {
      const pkg = /^\s*package\s+([\w.]+)/m.exec(s.text)?.[1];
      if (pkg) {
        const key = `${pkg.replace(/\./g, '/')}/${path.basename(s.rel)}`;
        jvmBySuffix.set(key, [...(jvmBySuffix.get(key) ?? []), s.rel]);
      }
    } else if (s.language === 'C#') {
      for (const m of s.text.matchAll(/^\s*namespace\s+([\w.]+)/gm)) {
        const set = namespaces.get(m[1]!) ?? new Set<string>();
        set.add(`${path.dirname(s.rel) === '.' ? '' : path.dirname(s.rel) + '/'}`);
        namespaces.set(m[1]!, set);
      }
    }
  }
  const goModule = goMod ? (/^\s*module\s+(\S+)/m.exec(goMod)?.[1] ?? null) : null;
  const ctx: Context = { files, goModule, jvmBySuffix, namespaces, aliases };
  // A file's edges depend on its text and on this context (what exists to resolve to): kept per file under both.
  const ctxKey = createHash('sha1')
    .update(
      JSON.stringify([
        [...files].sort(),
        goModule,
        [...jvmBySuffix].sort(),
        [...namespaces].map(([k, v]) => [k, [...v].sort()]).sort(),
        aliases,
      ]),
    )
    .digest('hex');
  const edges: ImportEdge[] = [];
  for (const s of sources) edges.push(...perFile(s.text, `imports\0${ctxKey}\0${s.rel}\0${s.language}`, () => importsOf(s, ctx)));
  return edges.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : a.line - b.line));
}

function importsOf(s: SourceFile, ctx: Context): ImportEdge[] {
  const code = codeOf(s);
  const out: ImportEdge[] = [];
  const add = (offset: number, spec: string, resolved: Pick<ImportEdge, 'to' | 'kind' | 'package'>): void => {
    out.push({ from: s.rel, line: lineAt(code, offset), spec, ...resolved });
  };
  switch (s.language) {
    case 'JavaScript':
    case 'TypeScript':
    case 'TSX': {
      const re =
        /\b(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?(["'])([^"'\n]+)\1|\b(?:require|import)\s*\(\s*([^)]*?)\s*\)/g;
      for (const m of code.matchAll(re)) {
        if (m[2] !== undefined) add(m.index, m[2], resolveJs(s.rel, m[2], ctx));
        else {
          const value = literal(m[3] ?? '');
          if (value === null) add(m.index, m[3] ?? '', { to: null, kind: 'unresolved' });
          else add(m.index, value, resolveJs(s.rel, value, ctx));
        }
      }
      break;
    }
    case 'Python': {
      for (const m of code.matchAll(/^[ \t]*from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+\(?([\w*, \t\n]+?)\)?[ \t]*$/gm)) {
        const names = m[2]!
          .split(',')
          .map((n) => n.trim().split(/\s+as\s+/)[0]!)
          .filter(Boolean);
        add(m.index, m[1]!, resolvePython(s.rel, m[1]!, names, ctx));
      }
      for (const m of code.matchAll(/^[ \t]*import[ \t]+([\w.]+(?:[ \t]+as[ \t]+\w+)?(?:[ \t]*,[ \t]*[\w.]+(?:[ \t]+as[ \t]+\w+)?)*)/gm)) {
        for (const part of m[1]!.split(',')) {
          const mod = part.trim().split(/\s+as\s+/)[0]!;
          add(m.index, mod, resolvePython(s.rel, mod, [], ctx));
        }
      }
      break;
    }
    case 'Go': {
      for (const m of code.matchAll(/\bimport\s*(?:\(([^)]*)\)|((?:[\w.]+\s+)?"[^"\n]+"))/g)) {
        const block = m[1] ?? m[2] ?? '';
        for (const spec of block.matchAll(/"([^"\n]+)"/g))
          add(m.index + (m[0].indexOf(spec[0]) >= 0 ? m[0].indexOf(spec[0]) : 0), spec[1]!, resolveGo(spec[1]!, ctx));
      }
      break;
    }
    case 'Java':
    case 'Kotlin': {
      for (const m of code.matchAll(/^[ \t]*import[ \t]+(?:static[ \t]+)?([\w.]+(?:\.\*)?)/gm))
        add(m.index, m[1]!, resolveJvm(m[1]!, s.language, ctx));
      break;
    }
    case 'C#': {
      for (const m of code.matchAll(/^[ \t]*(?:global[ \t]+)?using[ \t]+(?:static[ \t]+)?(?:\w+[ \t]*=[ \t]*)?([\w.]+)[ \t]*;/gm)) {
        const dirs = ctx.namespaces.get(m[1]!);
        if (dirs && dirs.size > 0) add(m.index, m[1]!, { to: [...dirs].sort()[0]!, kind: 'internal' });
        else add(m.index, m[1]!, { to: null, kind: 'external', package: m[1]!.split('.').slice(0, 2).join('.') });
      }
      break;
    }
    case 'Rust': {
      for (const m of code.matchAll(/^[ \t]*(?:pub(?:\([\w: ]+\))?[ \t]+)?mod[ \t]+(\w+)[ \t]*;/gm))
        add(m.index, m[1]!, resolveRustMod(s.rel, m[1]!, ctx));
      for (const m of code.matchAll(/^[ \t]*(?:pub(?:\([\w: ]+\))?[ \t]+)?use[ \t]+([\w:]+)/gm)) {
        const spec = m[1]!;
        const root = spec.split('::')[0]!;
        if (root === 'crate' || root === 'self' || root === 'super') add(m.index, spec, resolveRustUse(s.rel, spec, ctx));
        else if (root === 'std' || root === 'core' || root === 'alloc') add(m.index, spec, { to: null, kind: 'external', package: root });
        else add(m.index, spec, { to: null, kind: 'external', package: root });
      }
      break;
    }
    default:
      break;
  }
  return out;
}

function firstExisting(ctx: Context, candidates: readonly string[]): string | null {
  for (const c of candidates) if (ctx.files.has(c)) return c;
  return null;
}

function resolveJs(from: string, spec: string, ctx: Context): Pick<ImportEdge, 'to' | 'kind' | 'package'> {
  if (!spec.startsWith('.') && !spec.startsWith('/')) {
    // A path alias of the nearest tsconfig.json / jsconfig.json (`@/api` → `src/api/index.ts`), or a name under its `baseUrl`.
    const config = ctx.aliases.find((a) => a.dir === '' || from.startsWith(`${a.dir}/`));
    if (config) {
      const candidates: string[] = [];
      for (const [pattern, targets] of config.paths) {
        const star = pattern.indexOf('*');
        if (star < 0 ? spec !== pattern : !spec.startsWith(pattern.slice(0, star)) || !spec.endsWith(pattern.slice(star + 1))) continue;
        const middle = star < 0 ? '' : spec.slice(star, spec.length - (pattern.length - star - 1));
        for (const t of targets) candidates.push(t.replace('*', middle));
      }
      if (config.baseUrl !== null) candidates.push(path.join(config.baseUrl, spec));
      for (const c of candidates) {
        const stem = c.replace(/\.(?:js|jsx|mjs|cjs)$/, '');
        const to = firstExisting(ctx, [c, ...JS_EXTENSIONS.map((e) => stem + e), ...JS_EXTENSIONS.map((e) => `${c}/index${e}`)]);
        if (to) return { to, kind: 'internal' };
      }
    }
    const parts = spec.replace(/^node:/, '').split('/');
    const pkg = spec.startsWith('node:') ? `node:${parts[0]}` : spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
    return { to: null, kind: 'external', package: pkg };
  }
  const base = path.normalize(path.join(path.dirname(from), spec));
  // TypeScript's ESM style names the emitted file: './a.js' is './a.ts' in the sources.
  const stem = base.replace(/\.(?:js|jsx|mjs|cjs)$/, '');
  const to = firstExisting(ctx, [base, ...JS_EXTENSIONS.map((e) => stem + e), ...JS_EXTENSIONS.map((e) => `${base}/index${e}`)]);
  return to ? { to, kind: 'internal' } : { to: null, kind: 'unresolved' };
}

function resolvePython(from: string, spec: string, names: readonly string[], ctx: Context): Pick<ImportEdge, 'to' | 'kind' | 'package'> {
  const dots = /^\.*/.exec(spec)![0].length;
  const rest = spec.slice(dots).split('.').filter(Boolean);
  const roots: string[] = [];
  if (dots > 0) {
    let dir = path.dirname(from);
    for (let i = 1; i < dots; i++) dir = path.dirname(dir);
    roots.push(dir === '.' ? '' : dir);
  } else {
    // Absolute: from the repository root, or a src/ layout; then from a folder above the importing
    // file that holds the top-level package as a regular package (`backend/app/__init__.py` for
    // `from app.models import User` in `backend/app/api/users.py`: the application's own root).
    roots.push('', 'src', 'lib');
    for (let dir = path.dirname(from); dir !== '.' && dir !== ''; dir = path.dirname(dir))
      if (rest[0] && ctx.files.has(`${dir}/${rest[0]}/__init__.py`)) roots.push(dir);
  }
  for (const root of roots) {
    const modPath = [root, ...rest].filter(Boolean).join('/');
    // `from pkg import sub` may import the submodule pkg/sub.py.
    for (const name of names) {
      const sub = firstExisting(ctx, [`${modPath ? modPath + '/' : ''}${name}.py`, `${modPath ? modPath + '/' : ''}${name}/__init__.py`]);
      if (sub) return { to: sub, kind: 'internal' };
    }
    if (!modPath) continue;
    const to = firstExisting(ctx, [`${modPath}.py`, `${modPath}/__init__.py`, `${modPath}.pyi`]);
    if (to) return { to, kind: 'internal' };
  }
  if (dots > 0) return { to: null, kind: 'unresolved' };
  return { to: null, kind: 'external', package: rest[0] ?? spec };
}

function resolveGo(spec: string, ctx: Context): Pick<ImportEdge, 'to' | 'kind' | 'package'> {
  if (ctx.goModule && (spec === ctx.goModule || spec.startsWith(`${ctx.goModule}/`))) {
    const dir = spec.slice(ctx.goModule.length).replace(/^\//, '');
    const prefix = dir ? `${dir}/` : '';
    const exists = [...ctx.files].some((f) => f.startsWith(prefix) && f.endsWith('.go') && !f.slice(prefix.length).includes('/'));
    return exists ? { to: prefix || './', kind: 'internal' } : { to: null, kind: 'unresolved' };
  }
  // Standard library paths have no dot in their first element.
  const first = spec.split('/')[0]!;
  const pkg = first.includes('.') ? spec.split('/').slice(0, 3).join('/') : spec;
  return { to: null, kind: 'external', package: pkg };
}

function resolveJvm(spec: string, language: string, ctx: Context): Pick<ImportEdge, 'to' | 'kind' | 'package'> {
  const parts = spec.split('.');
  if (parts.at(-1) === '*') {
    const dir = parts.slice(0, -1).join('/') + '/';
    for (const [suffix, files] of ctx.jvmBySuffix)
      if (suffix.startsWith(dir) && !suffix.slice(dir.length).includes('/')) return { to: path.dirname(files[0]!) + '/', kind: 'internal' };
  } else {
    // a.b.C or, for static imports, a.b.C.member: try the longest class path first.
    for (let n = parts.length; n >= 2; n--) {
      for (const ext of language === 'Kotlin' ? ['.kt', '.java'] : ['.java', '.kt']) {
        const files = ctx.jvmBySuffix.get(parts.slice(0, n).join('/') + ext);
        if (files) return { to: files[0]!, kind: 'internal' };
      }
    }
  }
  return { to: null, kind: 'external', package: parts.slice(0, Math.min(2, parts.length - 1)).join('.') };
}

function resolveRustMod(from: string, name: string, ctx: Context): Pick<ImportEdge, 'to' | 'kind' | 'package'> {
  const dir = path.dirname(from);
  const base = path.basename(from, '.rs');
  // `mod x;` in lib.rs / main.rs / mod.rs lives beside it; in foo.rs, under foo/.
  const owner = base === 'lib' || base === 'main' || base === 'mod' ? dir : path.join(dir, base);
  const prefix = owner === '.' ? '' : `${owner}/`;
  const to = firstExisting(ctx, [`${prefix}${name}.rs`, `${prefix}${name}/mod.rs`]);
  return to ? { to, kind: 'internal' } : { to: null, kind: 'unresolved' };
}

function resolveRustUse(from: string, spec: string, ctx: Context): Pick<ImportEdge, 'to' | 'kind' | 'package'> {
  const parts = spec.split('::').filter(Boolean);
  const srcRoot = from.includes('src/') ? from.slice(0, from.indexOf('src/') + 3) : '';
  const crateRoot = firstExisting(ctx, [`${srcRoot ? srcRoot + '/' : ''}lib.rs`, `${srcRoot ? srcRoot + '/' : ''}main.rs`]);
  let dir: string;
  let fallback: string | null;
  if (parts[0] === 'crate') {
    dir = srcRoot;
    fallback = crateRoot;
  } else if (parts[0] === 'self') {
    dir = path.dirname(from);
    fallback = from; // an item of this module
  } else {
    // super: the parent module — the folder's mod.rs, the file named after the folder, or the crate root.
    dir = path.dirname(path.dirname(from));
    const parentDir = path.dirname(from);
    fallback = firstExisting(ctx, [`${parentDir}/mod.rs`, `${parentDir}.rs`]) ?? crateRoot;
  }
  const segments = parts.slice(1);
  for (let n = segments.length; n >= 1; n--) {
    const p = [dir === '.' ? '' : dir, ...segments.slice(0, n)].filter(Boolean).join('/');
    const to = firstExisting(ctx, [`${p}.rs`, `${p}/mod.rs`]);
    if (to) return { to, kind: 'internal' };
  }
  // `use crate::Item` / `use crate::{a, b}`: an item of the module itself.
  return fallback ? { to: fallback, kind: 'internal' } : { to: null, kind: 'unresolved' };
}
