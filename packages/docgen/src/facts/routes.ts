import { applySpringContextPath, SPRING_CONFIG_FILE } from './spring-config.ts';
import { nextjsRoutes } from './nextjs.ts';
import { createHash } from 'node:crypto';
import path from 'node:path/posix';
import YAML from 'yaml';
import type { ImportEdge, SourceFile } from './imports.ts';
import { closing, codeOf, inSpan, lineAt, literal, splitArgs, stringSpans } from './source.ts';
import { perFile } from './cache.ts';
import { SCHEMA, TypeSchemas, typeDecls, type TypeDecl } from './schemas.ts';

/**
 * HTTP routes read statically from the code (docs/docgen-arch-api.md §Routes): Express, Koa, Fastify, NestJS,
 * Flask, FastAPI, Django, Gin, Echo, Spring and ASP.NET Core. Constant prefixes are followed
 * within a file (router groups, blueprint and APIRouter prefixes, class-level mappings) and
 * across files where a router is mounted by name (`app.use('/api', users)` with `users` imported
 * from its file, `include_router(items.router, prefix=…)`, `register_blueprint(bp, url_prefix=…)`,
 * Django's `include('app.urls')`). A prefix that is not a constant string marks the route
 * `resolved: false` instead of being guessed.
 */
export interface Route {
  method: string;
  path: string;
  framework: string;
  file: string;
  line: number;
  /** the handler's name when it is a plain identifier */
  handler?: string;
  /** false when a prefix of the path could not be read statically */
  resolved: boolean;
  /** where the prefix that could not be read is given (`path:line` and the expression), when `resolved` is false */
  unresolvedPrefix?: string;
  /** where a prefix read from an environment variable's default is given (`path:line NAME`): the path holds the default, which the environment may override */
  prefixDefault?: string;
  /** the request body and query parameters the handler declares (FastAPI parameters and pydantic models, Flask `request.form` / `request.args`, WTForms) */
  request?: RouteRequest;
  /** a DRF router registration, expanded into its list / detail / action routes once every file's classes are known */
  drf?: { trailingSlash: string; classFile?: string };
  /** `for route in routes: router.register(route["regex"], route["viewset"])`: the lists of dicts the loop walks, read once every file is known */
  drfLoop?: { sources: Array<{ module: string; name: string }>; prefixKey: string; viewsetKey: string };
  /** NestJS: the versions the controller (`version: '1'`) or the handler (`@Version('2')`) gives, applied with URI versioning, then dropped */
  nestVersion?: string[];
  /** a NestJS route's controller class, until its `RouterModule` path is applied */
  nestController?: string;
  /** what the handler declares by type name (Spring, NestJS, Gin / Echo), resolved to schemas once every file's types are known */
  typed?: TypedRequest;
  /** the responses the handler declares: status, and the body's media type and schema where the code gives them */
  responses?: RouteResponse[];
  /** API-first Spring: the operation of the repository's OpenAPI description the handler implements (its file and path there) */
  describedAt?: { file: string; path: string };
  /**
   * The route is registered only under a condition of the code (`if settings.ENABLE_ADMIN:` around its decorator or
   * around the `include_router` that mounts it): the condition and where it is written (`path:line`)
   */
  condition?: { text: string; source: string };
}

export interface RouteResponse {
  status: string;
  /** the maintainers' own words for it (`@ApiResponse({ description })`) */
  description?: string;
  contentType?: string;
  schema?: Record<string, unknown>;
  source: string;
}

/** A handler's request and responses as written: type names, read into schemas by `resolveTyped`. */
interface TypedRequest {
  language: TypeDecl['language'];
  body?: {
    type?: string;
    fields?: string[];
    files?: string[];
    contentType: string;
    source: string;
    wrap?: string;
    /** an ASP.NET minimal API parameter the framework binds from the body unless its type is a registered service */
    unlessService?: boolean;
    /** Go: the type is declared inside the handler (`type RequestBody struct {…}` in `func login`): that declaration, `path:line` */
    declaredAt?: string;
  };
  query?: Array<{
    name: string;
    type: string;
    required: boolean;
    source: string;
    /** the handler's calls the parameter is handed to (`this.ideas.showAll(page)`): a default there (`showAll(page = 1)`) makes it optional */
    passedTo?: Array<{ method: string; index: number }>;
  }>;
  /** a type whose fields are query parameters (NestJS `@Query() q: ListDto`, Gin `ShouldBindQuery(&q)`) */
  queryType?: { type: string; source: string };
  responses?: Array<{ status: string; contentType?: string; type?: string; description?: string; source: string }>;
}

/** What a handler declares it reads, as JSON Schema (OpenAPI 3.1), each part with the `path:line` it is read from. */
export interface RouteRequest {
  /** `methods`: of an `ANY` route, the methods the body is read on (a Django function view reads `request.POST` on POST only) */
  body?: { contentType: string; schema: Record<string, unknown>; source: string; methods?: string[] };
  query?: Array<{ name: string; required: boolean; schema: Record<string, unknown>; source: string }>;
}

// `del` is koa-router's (and Express 3's) alias of `delete` (docs/docgen-arch-api.md §Routes).
const HTTP = ['get', 'post', 'put', 'patch', 'delete', 'del', 'head', 'options', 'all'];
/** A router verb as the method it serves: `all` answers any method, `del` is DELETE. */
const verbMethod = (verb: string): string => {
  const v = verb.toUpperCase();
  return v === 'ALL' ? 'ANY' : v === 'DEL' ? 'DELETE' : v;
};
/** Receivers whose `.get('/x')` is a request an HTTP client sends, not a route. */
const HTTP_CLIENTS = [
  'axios',
  'ky',
  'got',
  'superagent',
  'request',
  'http',
  'https',
  'fetch',
  '$http',
  'httpClient',
  'HttpClient',
  'apiClient',
  'client',
  'supertest',
  'agent',
  'chai',
];
const STRING = String.raw`("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|` + '`[^`$]*`)';
/**
 * TypeScript type arguments between a route call's verb and its `(` — Fastify's `server.get<{ Querystring: Q }>(…)`,
 * Express's `router.post<Params, Res, Body>(…)` — two levels of `<…>` deep, with the spaces after them.
 */
const TYPE_ARGS = String.raw`(?:<(?:[^<>()]|<(?:[^<>()]|<[^<>()]*>)*>)*>\s*)?`;

/**
 * A path joined from a prefix and a route's own path, with exactly one '/' between parts; a
 * trailing slash of the last part that has one is kept (Flask, FastAPI, Gin, Spring and Django
 * serve `/posts/` and `/posts` as different URLs): `('/api', '/posts/')` → `/api/posts/`.
 */
export function joinPath(...parts: string[]): string {
  const trimmed = parts.map((p) => p.trim()).filter((p) => p !== '');
  const joined = trimmed
    .filter((p) => p !== '/')
    .map((p) => p.replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/');
  const last = trimmed.at(-1);
  return joined === ''
    ? '/'
    : `/${joined}${last !== undefined && last.endsWith('/') && last !== '/' ? '/' : trimmed.length > 1 && last === '/' ? '/' : ''}`;
}

/**
 * Express, Koa and Fastify serve a router's `/` route at its mount path with and without a
 * trailing slash (non-strict routing, Fastify's `prefixTrailingSlash: 'both'`): it is documented
 * as the mount path (`/api/users`).
 */
const jsJoin = (framework: string, prefix: string, own: string): string =>
  own === '/' && ['express', 'koa', 'fastify'].includes(framework) ? joinPath(prefix) : joinPath(prefix, own);

interface Mount {
  /** file whose routes get the prefix */
  target: string;
  /** the mounting file */
  from: string;
  prefix: string | null;
  /** `path:line expression` of a prefix that is not a constant */
  unresolvedAt?: string;
  /** `path:line NAME` of a prefix read from an environment variable's default */
  fromDefault?: string;
  /** a prefix that is a member of an object another module exports (`config.api.prefix`), read once every file is known */
  ref?: { file: string; exported: string | null; members: string[]; at: string };
  /** Fastify: the plugin of `target` registered, by the name `target` exports it under (`register(authRoutes, …)`) */
  plugin?: string;
  /** Fastify: the plugin of `from` (a top-level declaration) whose body makes this registration */
  within?: string;
  /** Fastify: the prefix this registration gives itself (`register(auth, { prefix: '/auth' })`: '/auth') */
  own?: string;
  /**
   * Fastify: `register(router, { prefix: opts.prefix })` in an encapsulated plugin: `opts.prefix` is the prefix the
   * plugin's own registration gives, which its instance already carries — applied once more.
   */
  again?: boolean;
  /** Express: a module namespace mounted in a loop — `target` and every module it re-exports (`export * from`) are mounted */
  spread?: boolean;
}

interface FileRoutes {
  routes: Route[];
  /** prefixes this file gives other files' routers */
  mounts: Mount[];
  /** Flask / FastAPI declarations, resolved across files */
  py?: PyFile;
  /** Gin / Echo functions, resolved across files */
  go?: GoFile;
  /** named imports of a NestJS controller file whose paths are constants (`import { routesV1 } from '@config/app.routes'`) */
  tsImports?: Array<{ name: string; orig: string; spec: string }>;
  /** NestJS `app.setGlobalPrefix('api', { exclude })` written in this file */
  nestPrefix?: Prefix & { exclude: string[] };
  /** NestJS URI versioning enabled in this file (`app.enableVersioning({ type: VersioningType.URI, defaultVersion: '1' })`) */
  nestVersioning?: { prefix: string; defaultVersion: string[] };
  /** NestJS `RouterModule.register([{ path, module, children }])`: each module's path, its parents' joined */
  nestRouterPaths?: Array<{ module: string; path: string }>;
  /** NestJS `@Module({ controllers: [A, B] }) export class M`: the controllers of each module */
  nestModules?: Array<{ name: string; controllers: string[] }>;
  /** `registerAs('app', () => ({ … }))`: a config namespace and its object's text, for `configService.get('app.x')` */
  nestConfig?: Array<{ namespace: string; object: string }>;
  /** `fastify.register(autoload, { dir: path.join(__dirname, 'routes'), options: { prefix } })`: every folder below `dir` is a prefix */
  autoload?: Array<{ dir: string; prefix: Prefix; dirNames: boolean; routeParams: boolean }>;
  /** Spring controllers implementing interfaces (`class OwnerController implements OwnersApi`): their `@Override` methods with no mapping of their own */
  springImpl?: Array<{ interfaces: string[]; prefixes: string[] | null; methods: Array<{ name: string; line: number }> }>;
  /** Express: this file's class mounts the `.router` of each controller its constructor is handed, under `prefix` */
  controllerLoop?: { prefix: string | null; at: string };
  /** `new App([new AuthController(), …])`: the file of the class constructed and the files of the instances handed to it */
  instances?: Array<{ ctor: string; elements: string[] }>;
}

export function extractRoutes(sources: readonly SourceFile[], imports: readonly ImportEdge[]): Route[] {
  return routesAndFiles(sources, imports).routes;
}

/** The routes and every file they were read from: files declaring a route or mounting a router (the HTTP pages' sources). */
export function routesAndFiles(
  sources: readonly SourceFile[],
  imports: readonly ImportEdge[],
  descriptions: readonly SourceFile[] = [],
): { routes: Route[]; files: string[] } {
  const byFile = new Map<string, ImportEdge[]>();
  for (const e of imports) (byFile.get(e.from) ?? byFile.set(e.from, []).get(e.from)!).push(e);
  const found = new Map<string, FileRoutes>();
  const py = new Map<string, PyFile>();
  const go = new Map<string, GoFile>();
  // Modules that make an HTTP client (`export default axios.create({ baseURL: '/api' })`): what another
  // file imports from them is a client, and its `.get('/x')` a request, not a route.
  const clientModules = new Set(sources.filter((s) => JS_LANGUAGES.has(s.language) && CLIENT_FACTORY.test(codeOf(s))).map((s) => s.rel));
  // A module re-exporting a client module (`export * from './api'`, `export { API } from './api'`: a
  // helpers/index.js) hands the same client on.
  for (let grew = true, round = 0; grew && round < 8; round++) {
    grew = false;
    for (const s of sources) {
      if (!JS_LANGUAGES.has(s.language) || clientModules.has(s.rel)) continue;
      const lines = codeOf(s).split('\n');
      const reexports = (byFile.get(s.rel) ?? []).some(
        (e) => e.to !== null && clientModules.has(e.to) && /^\s*export\b[^;]*\bfrom\b/.test(lines[e.line - 1] ?? ''),
      );
      if (reexports) {
        clientModules.add(s.rel);
        grew = true;
      }
    }
  }
  const bySourceRel = new Map(sources.map((x) => [x.rel, x]));
  for (const s of sources) {
    const code = codeOf(s);
    const edges = byFile.get(s.rel) ?? [];
    const clientNames = JS_LANGUAGES.has(s.language)
      ? edges.filter((e) => e.to !== null && clientModules.has(e.to)).flatMap((e) => importedNames(code, e.line))
      : [];
    // The JS modules this file imports: a Fastify route's `schema` may be an object one of them exports.
    const imported = JS_LANGUAGES.has(s.language)
      ? new Map(
          edges
            .filter((e) => e.kind === 'internal' && e.to !== null && bySourceRel.has(e.to))
            .map((e) => [e.spec, codeOf(bySourceRel.get(e.to!)!)] as const),
        )
      : new Map<string, string>();
    // A barrel (`common/index.ts`: `export * from './decorators/api-controller.decorator'`) hands on the modules it
    // re-exports, two levels deep: kept under `spec > re-exported spec`, beside the barrel itself.
    if (JS_LANGUAGES.has(s.language)) {
      let level = edges
        .filter((e) => e.kind === 'internal' && e.to !== null && bySourceRel.has(e.to))
        .map((e) => ({ key: e.spec, to: e.to! }));
      for (let depth = 0; depth < 2 && level.length > 0; depth++) {
        const next: Array<{ key: string; to: string }> = [];
        for (const l of level) {
          const lines = codeOf(bySourceRel.get(l.to)!).split('\n');
          for (const e of byFile.get(l.to) ?? []) {
            if (e.kind !== 'internal' || e.to === null || !bySourceRel.has(e.to)) continue;
            if (!/^\s*export\b[^;]*\bfrom\b/.test(lines[e.line - 1] ?? '')) continue;
            const key = `${l.key} > ${e.spec}`;
            if (imported.has(key)) continue;
            imported.set(key, codeOf(bySourceRel.get(e.to)!));
            next.push({ key, to: e.to });
          }
        }
        level = next;
      }
    }
    const importedKey = createHash('sha1')
      .update([...imported].map(([k, v]) => `${k}\0${v}`).join('\0'))
      .digest('hex');
    const routes = perFile(
      s.text,
      `routes\0${s.rel}\0${s.language}\0${JSON.stringify(edges)}\0${clientNames.join(',')}\0${importedKey}`,
      () => routesOf(s, code, edges, clientNames, imported),
    );
    if (routes.py) py.set(s.rel, routes.py);
    if (routes.go) go.set(s.rel, routes.go);
    const declares =
      (routes.py && (routes.py.routes.length > 0 || routes.py.mounts.length > 0)) ||
      (routes.go && routes.go.funcs.some((f) => f.routes.length > 0 || f.calls.length > 0));
    if (
      routes.routes.length > 0 ||
      routes.mounts.length > 0 ||
      declares ||
      routes.nestPrefix ||
      routes.nestVersioning ||
      routes.nestRouterPaths ||
      routes.nestModules ||
      routes.nestConfig ||
      routes.autoload ||
      routes.springImpl ||
      routes.controllerLoop ||
      routes.instances
    )
      found.set(s.rel, routes);
  }
  // Express class controllers handed to a class that mounts each one's router in a loop (`new App([new
  // AuthController()])`, `controllers.forEach((c) => router.use(c.router))`): each controller's file is mounted there.
  for (const f of [...found.values()]) {
    for (const inst of f.instances ?? []) {
      const host = found.get(inst.ctor);
      const loop = host?.controllerLoop;
      if (!host || !loop) continue;
      const added = inst.elements.map((el): Mount => ({
        target: el,
        from: inst.ctor,
        prefix: loop.prefix,
        ...(loop.prefix === null ? { unresolvedAt: loop.at } : {}),
      }));
      found.set(inst.ctor, { ...host, mounts: [...host.mounts, ...added] });
    }
  }
  // @fastify/autoload: each file below the loaded folder is a plugin registered with the options' prefix
  // and the names of the folders between (`routes/api/tasks/index.ts` → `/api/tasks`), or the options'
  // prefix and the file's own `autoPrefix` when it exports one.
  for (const [from, f] of found) {
    for (const a of f.autoload ?? []) {
      for (const s of sources) {
        if (!JS_LANGUAGES.has(s.language) || !s.rel.startsWith(`${a.dir}/`) || !found.has(s.rel) || s.rel === from) continue;
        const own = new RegExp(String.raw`\bautoPrefix\s*=\s*${STRING}`).exec(codeOf(s));
        const folders = path
          .dirname(s.rel.slice(a.dir.length + 1))
          .split('/')
          .filter((x) => x !== '.' && x !== '')
          .map((x) => (a.routeParams && x.startsWith('_') ? `:${x.slice(1)}` : x));
        const inner = own ? (literal(own[1]!) ?? '') : a.dirNames && folders.length > 0 ? joinPath(...folders) : '';
        const p = joinPrefix(a.prefix, inner);
        found.get(from)!.mounts.push({
          target: s.rel,
          from,
          prefix: p.unresolved ? null : p.path,
          ...(p.unresolved ? { unresolvedAt: p.unresolved } : {}),
        });
      }
    }
  }
  // Prefixes that are members of an object another module exports (`config.api.prefix`): read now.
  const textOf = new Map(sources.map((x) => [x.rel, x]));
  for (const [file, f] of found) {
    if (!f.mounts.some((m) => m.ref)) continue;
    // A new record: the file's own (cached per file text) stays as read.
    const mounts = f.mounts.flatMap((m): Mount[] => {
      if (!m.ref) return [m];
      const { ref, ...rest } = m;
      const source = textOf.get(ref.file);
      const got = source ? exportedMember(codeOf(source), ref.exported, ref.members) : null;
      if (got?.kind === 'other') return [];
      if (!got || rest.prefix === null) return [{ ...rest, prefix: null, unresolvedAt: rest.unresolvedAt ?? ref.at }];
      const where = `${ref.file}:${lineAt(codeOf(source!), got.offset)}`;
      return [{ ...rest, prefix: joinPath(rest.prefix, got.value), ...(got.env ? { fromDefault: `${where} ${got.env}` } : {}) }];
    });
    found.set(file, { ...f, mounts });
  }
  // Prefixes given by mounts, followed up the chain (a router mounted in a router mounted in the app).
  const mountsOf = new Map<string, Mount[]>();
  const pyFiles = new Set(py.keys());
  // A module named in another case than its folder (`include('checkouts.urls')` for `Checkouts/urls.py`, with
  // `INSTALLED_APPS` naming `checkouts` too) is the file a case-insensitive file system imports — when only one
  // file of the repository matches so.
  const lower = new Map<string, string | null>();
  for (const f of pyFiles) lower.set(f.toLowerCase(), lower.has(f.toLowerCase()) ? null : f);
  const lowerFiles = new Set([...lower].filter(([, f]) => f !== null).map(([l]) => l));
  const anyCase = (from: string, spec: string): string | null => {
    const hit = pyModuleFile(lowerFiles, from.toLowerCase(), spec.toLowerCase());
    return hit ? (lower.get(hit) ?? null) : null;
  };
  for (const f of found.values()) {
    for (const m of f.mounts) {
      // Django's include('pkg.urls'): the module's file, relative imports and source roots included.
      const py = /^py:(.*):([^:]+)$/.exec(m.target);
      const target = py ? (pyModuleFile(pyFiles, py[1]!, py[2]!) ?? anyCase(py[1]!, py[2]!)) : m.target;
      if (!target) continue;
      // A namespace mounted in a loop: the module, and the modules it re-exports, two levels deep.
      const targets = [target];
      for (let i = 0; m.spread && i < targets.length && i < 64; i++) {
        const t = targets[i]!;
        if (targets.indexOf(t) !== i || (t !== target && targets.slice(0, i).includes(t))) continue;
        const lines = (textOf.has(t) ? codeOf(textOf.get(t)!) : '').split('\n');
        for (const e of byFile.get(t) ?? [])
          if (
            e.kind === 'internal' &&
            e.to !== null &&
            !targets.includes(e.to) &&
            /^\s*export\s*\*[^;]*\bfrom\b/.test(lines[e.line - 1] ?? '')
          )
            targets.push(e.to);
      }
      for (const t of targets) mountsOf.set(t, [...(mountsOf.get(t) ?? []), { ...m, target: t }]);
    }
  }
  const prefixes = (file: string, seen: Set<string>, within?: string): Prefix[] => {
    const all = mountsOf.get(file);
    if (!all || seen.has(file)) return [{ path: '' }];
    // A registration made inside one plugin of the file (`within`) follows only that plugin's own registrations.
    const own = within === undefined ? [] : all.filter((m) => m.plugin === within);
    const mounts = own.length > 0 ? own : all;
    seen.add(file);
    const out: Prefix[] = [];
    for (const m of mounts) {
      const own: Prefix =
        m.prefix === null
          ? { path: '', unresolved: m.unresolvedAt ?? `${m.from}` }
          : { path: m.prefix, ...(m.fromDefault ? { fromDefault: m.fromDefault } : {}) };
      if (m.again) {
        // `opts.prefix` in an encapsulated plugin: each registration of that plugin gives its prefix twice.
        const every = mountsOf.get(m.from) ?? [];
        const mine = every.filter((x) => x.plugin !== undefined && x.plugin === m.within);
        const regs = mine.length > 0 ? mine : every;
        if (regs.length > 0 && !seen.has(m.from)) {
          seen.add(m.from);
          for (const r of regs)
            for (const outer of prefixes(r.from, seen, r.within))
              out.push(
                joinPrefix(
                  joinPrefix(
                    joinPrefix(outer, r.prefix === null ? { path: '', unresolved: r.unresolvedAt ?? `${r.from}` } : { path: r.prefix }),
                    { path: r.own ?? '' },
                  ),
                  own,
                ),
              );
          seen.delete(m.from);
          continue;
        }
      }
      for (const outer of prefixes(m.from, seen, m.within)) out.push(joinPrefix(outer, own));
    }
    seen.delete(file);
    return out;
  };
  const routes: Route[] = [];
  for (const [file, f] of found) {
    // Fastify: a module exporting several plugins registered apart serves each route under the registrations of the
    // plugin (the top-level declaration) it is declared in.
    const perPlugin = f.routes.some((r) => r.framework === 'fastify') && (mountsOf.get(file) ?? []).some((m) => m.plugin !== undefined);
    const text = perPlugin ? textOf.get(file) : undefined;
    const decls = text
      ? [...codeOf(text).matchAll(/^(?:export\s+)?(?:(?:const|let|var)\s+([\w$]+)|(?:async\s+)?function\s*\*?\s*([\w$]+))/gm)].map((m) => ({
          line: lineAt(codeOf(text), m.index),
          name: (m[1] ?? m[2])!,
        }))
      : [];
    const byPlugin = new Map<string, Prefix[]>();
    const outerOf = (r: Route): Prefix[] => {
      const within = r.framework === 'fastify' ? decls.filter((d) => d.line <= r.line).at(-1)?.name : undefined;
      const key = within ?? '';
      if (!byPlugin.has(key)) byPlugin.set(key, prefixes(file, new Set(), within));
      return byPlugin.get(key)!;
    };
    for (const r of f.routes) {
      for (const p of outerOf(r)) {
        const unresolved = p.unresolved ?? (r.resolved ? undefined : r.unresolvedPrefix);
        routes.push({
          ...r,
          path: p.path === '' ? r.path : jsJoin(r.framework, p.path, r.path),
          resolved: r.resolved && p.unresolved === undefined,
          ...(unresolved ? { unresolvedPrefix: unresolved } : {}),
          ...((p.fromDefault ?? r.prefixDefault) ? { prefixDefault: (p.fromDefault ?? r.prefixDefault)! } : {}),
        });
      }
    }
  }
  // Express routes of a file no mount reaches, on a router that file cannot be serving itself: a router module
  // imported by no file (`employee.route.js` whose `require` is commented out), or an instance of a wrapper class
  // (`export const Posts = new Controller()`, `Posts.get('/posts', …)`, the class calling `this.router.get`) whose
  // router's mount is not followed. Their prefix is unknown: marked unresolved at the declaration, never written as
  // resolved at the root (docs/metrics/arch-api-facts.md, "Nineteenth round: figures").
  const importedFiles = new Set(imports.filter((e) => e.to !== null).map((e) => e.to!));
  for (const r of routes) {
    if (r.framework !== 'express' || !r.resolved || mountsOf.has(r.file)) continue;
    const source = textOf.get(r.file);
    if (!source) continue;
    const code = codeOf(source);
    const receiver = /^\s*([\w$]+)\s*\./.exec(code.split('\n')[r.line - 1] ?? '')?.[1];
    if (!receiver) continue;
    const esc = receiver.replace(/\$/g, '\\$');
    const decl = new RegExp(String.raw`\b(?:const|let|var)\s+${esc}\s*(?::[^=;\n]+)?=\s*(new\s+)?((?:[\w$]+\s*\.\s*)?[\w$]+)\s*\(`).exec(
      code,
    );
    if (!decl) continue;
    const router = /^(?:express\s*\.\s*)?Router$/.test(decl[2]!);
    // The class is the repository's own (declared here or imported by a relative path), not a framework's (`new Hono()`).
    const cls = decl[2]!.replace(/\$/g, '\\$');
    const ownClass =
      new RegExp(String.raw`\bclass\s+${cls}\b`).test(code) ||
      new RegExp(
        String.raw`\bimport\s+(?:\{[^}]*\b${cls}\b[^}]*\}|${cls})\s+from\s*["']\.|\b${cls}\s*\}?\s*=\s*require\s*\(\s*["']\.`,
      ).test(code);
    const wrapperClass = decl[1] !== undefined && !router && ownClass && !/\bexpress\s*\(\s*\)/.test(code);
    const orphan = router && !importedFiles.has(r.file) && !/\bexpress\s*\(\s*\)/.test(code);
    if (!wrapperClass && !orphan) continue;
    r.resolved = false;
    r.unresolvedPrefix = `${r.file}:${lineAt(code, decl.index)} ${receiver}${orphan ? ' (a router imported by no file)' : ''}`;
  }
  // Express / Koa handlers written in another module: `app.post('/users', users.create)` with
  // `const users = require('../controllers/users')` — what `exports.create = …` answers and reads.
  const bySource = new Map(sources.map((x) => [x.rel, x]));
  const handlerFiles = new Set<string>();
  for (let i = 0; i < routes.length; i++) {
    const r = routes[i]!;
    if ((r.framework !== 'express' && r.framework !== 'koa' && r.framework !== 'fastify') || r.responses || r.request?.body) continue;
    const outer = bySource.get(r.file);
    if (!outer) continue;
    const found2 = controllerHandler(codeOf(outer), r.line, byFile.get(r.file) ?? [], bySource, r.method);
    if (!found2) continue;
    const { text, file, at } = found2;
    const where = (offset: number): string => `${file}:${lineAt(text.code, at + offset)}`;
    const handler = text.code.slice(at, text.end);
    const answered = jsStatuses(handler);
    const fields = [
      ...new Set(
        [
          ...handler.matchAll(
            /\b(?:req|request|ctx\.request)\.body(?:\.([\w$]+)(?![\w$])|\[\s*["']([\w$-]+)["']\s*\])(?!\s*(?:[-+*/|&?]{0,2})=(?!=))/g,
          ),
        ].map((m) => (m[1] ?? m[2])!),
      ),
    ];
    // `const { name, motto } = req.body`
    for (const m of handler.matchAll(/\b(?:const|let|var)\s*\{([^}]*)\}\s*=\s*(?:req|request|ctx\.request)\.body\b/g))
      for (const part of m[1]!.split(',')) {
        const name = /^\s*([\w$]+)/.exec(part)?.[1];
        if (name && !part.trim().startsWith('...') && !fields.includes(name)) fields.push(name);
      }
    const firstRead = handler.search(/\b(?:req|request|ctx\.request)\.body\b/);
    const withBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method);
    if (answered.length === 0 && (fields.length === 0 || !withBody)) continue;
    handlerFiles.add(file);
    routes[i] = {
      ...r,
      ...(answered.length > 0 ? { responses: answered.map(({ at: off, ...x }) => ({ ...x, source: where(off) })) } : {}),
      ...(fields.length > 0 && withBody
        ? {
            request: {
              ...r.request,
              body: {
                contentType: 'application/json',
                schema: { type: 'object', properties: Object.fromEntries(fields.map((f) => [f, {}])) },
                source: where(firstRead),
              },
            },
          }
        : {}),
    };
  }
  if (py.size > 0) {
    // DRF registrations in a loop over lists of route dicts (`routes = common_routes + users_routes`, each
    // `[{"regex": r"users", "viewset": UserViewSet, …}]` in its module): one registration per dict, cited at
    // the `register` call; its viewset looked up where the dict names it.
    const pyRels = new Set(py.keys());
    for (let i = 0; i < routes.length; i++) {
      const { drfLoop: loop, ...r } = routes[i]!;
      if (!loop) continue;
      const regs: Route[] = [];
      for (const src of loop.sources) {
        const file = src.module === '' ? r.file : pyModuleFile(pyRels, r.file, src.module);
        const text = file ? bySource.get(file) : undefined;
        if (!file || !text) continue;
        const c = codeOf(text);
        const list = new RegExp(String.raw`^${src.name}[ \t]*=[ \t]*\[`, 'm').exec(c);
        if (!list) continue;
        const open = list.index + list[0].length - 1;
        const body = c.slice(open + 1, closing(c, open) - 1);
        for (const d of splitArgs(body)) {
          const prefix = new RegExp(String.raw`["']${loop.prefixKey}["']\s*:\s*[rRuU]?(${STRING})`).exec(d)?.[1];
          const viewset = new RegExp(String.raw`["']${loop.viewsetKey}["']\s*:\s*([\w.]+)`).exec(d)?.[1];
          const p = prefix === undefined ? null : literal(prefix);
          if (p === null || !viewset) continue;
          regs.push({ ...r, path: joinPath(r.path, p), handler: viewset, drf: { ...r.drf!, classFile: file } });
        }
      }
      routes.splice(i, 1, ...regs);
      i += regs.length - 1;
    }
    const methods = djangoMethods(py);
    const drfRoutes = drfExpander(py);
    const bodyOf = drfBodies(py);
    const { find: findClass } = pyClasses(py);
    for (let i = 0; i < routes.length; i++) {
      const r = routes[i]!;
      if (r.drf) {
        const expanded = drfRoutes(r);
        routes.splice(i, 1, ...expanded);
        i += expanded.length - 1;
        continue;
      }
      const given = r.framework === 'django' && r.method === 'ANY' && r.handler ? methods(r.file, r.handler) : null;
      if (given && given.length === 0) {
        routes.splice(i--, 1);
        continue;
      }
      // A DRF generic view's serializer is the body of its POST / PUT / PATCH — as far as the view's own handler reads it.
      const body = given && r.handler ? bodyOf(r.file, r.handler) : undefined;
      const viewFile = body && r.handler ? findClass(r.file, r.handler)?.file : undefined;
      const viewText = viewFile ? sources.find((x) => x.rel === viewFile)?.text : undefined;
      const bodyFor = (method: string): NonNullable<RouteRequest['body']> | undefined => {
        if (!body || !['POST', 'PUT', 'PATCH'].includes(method)) return undefined;
        const read = viewText && r.handler ? drfReads(viewText, r.handler.split('.').at(-1)!, method) : undefined;
        if (read === null) return undefined;
        const own =
          method === 'PATCH' && !(viewText && r.handler && drfWholePatch(viewText, r.handler.split('.').at(-1)!)) ? partial(body) : body;
        return read ? { ...own, schema: { type: 'object', properties: { [read]: own.schema }, required: [read] } } : own;
      };
      if (given && given.length > 0)
        routes.splice(
          i,
          1,
          ...given.map((method) => ({
            ...r,
            method,
            ...(bodyFor(method) ? { request: { body: bodyFor(method)! } } : {}),
          })),
        );
    }
    // What a Django view answers, where its code writes it (a function view's body, a class view's
    // own `def get` / `def post` …), or where Django's generic view it derives from does.
    const answers = djangoAnswers(py, bySource);
    const forms = djangoFormBodies(py, bySource);
    for (let i = 0; i < routes.length; i++) {
      const r = routes[i]!;
      if (r.framework !== 'django' || !r.handler) continue;
      const form = r.request?.body ? null : forms(r.file, r.handler, r.method);
      if (form) routes[i] = { ...r, request: { ...r.request, body: form } };
      if (r.responses) continue;
      const found3 = answers(r.file, r.handler, r.method, r.line);
      if (found3 && found3.length > 0) routes[i] = { ...routes[i]!, responses: found3 };
    }
    routes.push(...pythonRoutes(py));
  }
  if (go.size > 0) {
    const goOnes = goRoutes(resolveGoStrings(go));
    attachGoRequests(goOnes, go);
    routes.push(...goOnes);
  }
  routes.push(
    ...springApiFirst(
      found,
      sources,
      descriptions.filter((d) => /(?:^|\/)(?:openapi|swagger)\.(?:json|ya?ml)$/.test(d.rel)),
    ),
  );
  const constantFiles = resolveNestConstants(routes, found, sources, byFile);
  for (const f of resolveJavaConstants(routes, sources)) constantFiles.add(f);
  applyNestPrefix(routes, found, exampleEnv(descriptions));
  applySpringContextPath(
    routes,
    descriptions.filter((d) => SPRING_CONFIG_FILE.test(d.rel)),
  );
  // Next.js API routes: given by where a file is (pages/api/**, app/**/route.ts), in a folder whose package.json depends on `next`.
  const nextOnes = nextjsRoutes(sources, descriptions);
  routes.push(...nextOnes);
  // Types named by handlers (DTOs, @RequestBody classes, bound structs) read into schemas; their files are sources too.
  const typeFiles = new Set<string>();
  if (routes.some((r) => r.typed)) {
    const schemas = new TypeSchemas(
      sources
        .filter((s) => ['Java', 'Kotlin', 'TypeScript', 'TSX', 'Go', 'C#'].includes(s.language))
        .flatMap((s) => perFile(s.text, `types\0${s.rel}\0${s.language}`, () => typeDecls(s, codeOf(s)))),
    );
    const services = csServices(sources);
    // A query parameter handed to a method whose parameter there has a default or is optional
    // (`showAll(page: number = 1)`, `find(q?: string)`) is not required of the client.
    const tsCode = sources.filter((x) => x.language === 'TypeScript' || x.language === 'JavaScript').map((x) => codeOf(x));
    const defaultedAt = (method: string, index: number): boolean =>
      tsCode.some((c) => {
        for (const d of c.matchAll(
          new RegExp(
            String.raw`(?:^|\n)[ \t]*(?:(?:public|private|protected|async|static)\s+)*${method.replace(/\$/g, '\\$')}\s*(?:<[^>]*>)?\s*\(`,
            'g',
          ),
        )) {
          const o = d.index + d[0].length - 1;
          const param = splitArgs(c.slice(o + 1, closing(c, o) - 1))[index];
          if (param && /^[\w$]+\?\s*:|^[\w$]+\s*(?::[^=]*)?=(?!>)/.test(param.trim())) return true;
        }
        return false;
      });
    for (let i = 0; i < routes.length; i++) {
      const { typed, ...r } = routes[i]!;
      if (!typed) continue;
      if (typed.query)
        typed.query = typed.query.map(({ passedTo, ...q }) =>
          q.required && passedTo?.some((c) => defaultedAt(c.method, c.index)) ? { ...q, required: false } : q,
        );
      const service = typed.body?.unlessService ? services.get(typed.body.type!.replace(/<.*$/, '')) : undefined;
      if (service) {
        delete typed.body;
        typeFiles.add(service);
      }
      routes[i] = resolveTyped(r, typed, schemas);
    }
    for (const f of schemas.used) if (!found.has(f)) typeFiles.add(f);
  }
  // The same declaration reached twice at the same path (one router mounted by two apps of the repository — a server
  // and a CLI script that builds its own `express()` —, or twice at one prefix) is one route, as it is one operation.
  const seenRoute = new Set<string>();
  for (let i = 0; i < routes.length; i++) {
    const r = routes[i]!;
    const key = `${r.method} ${r.path} ${r.file}:${r.line}`;
    if (seenRoute.has(key)) routes.splice(i--, 1);
    else seenRoute.add(key);
  }
  routes.sort((a, b) =>
    a.path < b.path
      ? -1
      : a.path > b.path
        ? 1
        : a.method < b.method
          ? -1
          : a.method > b.method
            ? 1
            : a.file < b.file
              ? -1
              : a.file > b.file
                ? 1
                : a.line - b.line,
  );
  for (const f of constantFiles) if (!found.has(f)) typeFiles.add(f);
  for (const f of handlerFiles) if (!found.has(f)) typeFiles.add(f);
  for (const r of nextOnes) if (!found.has(r.file)) typeFiles.add(r.file);
  return { routes, files: [...found.keys(), ...typeFiles].sort() };
}

/**
 * The handler of the route declared on `line` of `code` when it is a member of a module this file
 * imports (`users.create`, `const users = require('../controllers/users')` / `import * as users from …`):
 * that module's `exports.create = …` / `module.exports.create = …` / `export function create(…)` /
 * `export const create = …`, one alias deep (`exports.session = login` → `function login(…)`).
 */
function controllerHandler(
  code: string,
  line: number,
  edges: readonly ImportEdge[],
  bySource: ReadonlyMap<string, SourceFile>,
  method?: string,
): { text: { code: string; end: number }; file: string; at: number; end: number } | null {
  const lineStart =
    code
      .split('\n')
      .slice(0, line - 1)
      .join('\n').length + (line > 1 ? 1 : 0);
  // The route's own verb first: in a chain (`.route('/:id').get(…, c.get).delete(…, c.remove)`, every
  // method cited at the `.route` line) each method's handler is the one its own call names.
  const verb = method === undefined ? undefined : method === 'ANY' ? 'all' : method.toLowerCase();
  const call =
    (verb && HTTP.includes(verb) ? new RegExp(String.raw`\.\s*${verb}\s*\(`).exec(code.slice(lineStart)) : null) ??
    new RegExp(String.raw`\.\s*(?:${HTTP.join('|')})\s*\(`).exec(code.slice(lineStart));
  if (!call) return null;
  const open = lineStart + call.index + call[0].length - 1;
  const last =
    splitArgs(code.slice(open + 1, closing(code, open) - 1))
      .at(-1)
      ?.trim() ?? '';
  const member = /^([\w$]+)\.([\w$]+)$/.exec(last);
  if (!member) return null;
  const [, obj, name] = member;
  const esc = (x: string): string => x.replace(/\$/g, '\\$');
  const spec = new RegExp(
    String.raw`(?:\b(?:const|let|var)\s+${esc(obj!)}\s*=\s*require\s*\(\s*|\bimport\s+(?:\*\s+as\s+)?${esc(obj!)}\s+from\s*)(["'])([^"']+)\1`,
  ).exec(code)?.[2];
  const target = spec === undefined ? undefined : edges.find((e) => e.spec === spec && e.to !== null && !e.to.endsWith('/'))?.to;
  const other = target ? bySource.get(target) : undefined;
  if (!other) return null;
  const text = codeOf(other);
  // The exported member first; a name it aliases (`exports.session = login`) is a declaration of the module.
  const find = (n: string, depth: number): { at: number; end: number } | null => {
    const local = String.raw`^(?:async\s+)?function\s*\*?\s*${esc(n)}\s*\(|^(?:const|let|var)\s+${esc(n)}\s*=\s*`;
    const exported = String.raw`\b(?:module\.)?exports\.${esc(n)}\s*=\s*|\bexport\s+(?:async\s+)?function\s+${esc(n)}\s*\(|\bexport\s+const\s+${esc(n)}\s*=\s*`;
    // A method of the object the module exports (`module.exports = { async register(req, res) {…} }`,
    // `export default { register: async (req, reply) => {…} }`).
    const member = /\b(?:module\.exports|export\s+default)\s*=?\s*\{/.test(text)
      ? String.raw`|^[ \t]+(?:async[ \t]+)?${esc(n)}[ \t]*(?:\([^)]*\)[ \t]*\{|:[ \t]*(?:async\b[ \t]*)?(?:function\b[^(]*)?\()`
      : '';
    const m = new RegExp(depth === 0 ? `${exported}|${local}${member}` : local, 'm').exec(text);
    if (!m) return null;
    const rest = text.slice(m.index + m[0].length);
    const alias = /^([\w$]+)\s*;?\s*$/m.exec(rest.split('\n')[0] ?? '')?.[1];
    if (alias && depth < 1 && alias !== n) return find(alias, depth + 1);
    // (A method's own `{` may end the match.)
    const brace = text.indexOf('{', m.index + m[0].length - (m[0].endsWith('{') ? 1 : 0));
    if (brace < 0) return null;
    return { at: m.index, end: closing(text, brace) };
  };
  const hit = find(name!, 0);
  return hit ? { text: { code: text, end: hit.end }, file: other.rel, at: hit.at, end: hit.end } : null;
}

/** JSON Schema of a scalar type name, a string when nothing is known of it. */
const scalarSchema = (schemas: TypeSchemas, type: string, file: string, language: TypeDecl['language']): Record<string, unknown> => {
  const s = schemas.schema(type, file, language);
  return s && s.type !== 'object' ? s : { type: 'string' };
};

/**
 * A route's declared request and responses with their types read into JSON Schemas: a type of the
 * repository gives its fields (nested types too), a type that is not in the repository is named
 * (`title`) and nothing more. A body is documented on POST, PUT, PATCH and DELETE.
 */
function resolveTyped(r: Route, t: TypedRequest, schemas: TypeSchemas): Route {
  const out: Route = { ...r };
  const req: RouteRequest = { ...(r.request ?? {}) };
  const named = (type: string, at?: string): Record<string, unknown> => {
    const schema = schemas.schema(type, r.file, t.language, 0, at);
    if (schema) return schema;
    // Declared more than once, none near the handler: which one is meant is not guessed.
    const bare = type.replace(/^\*/, '').replace(/<.*$/, '');
    const declared = schemas.declared(bare, t.language);
    return {
      title: type.replace(/^\*/, ''),
      description:
        declared.length > 1
          ? `Declared ${declared.length} times in the repository (${declared.join(', ')}); which one the handler means is not read.`
          : 'A type not declared in the repository.',
    };
  };
  // A Go struct a binder fills only from the path, query or headers (`TaskId int \`param:"taskId"\``): no body is read.
  const goDecl =
    t.language === 'go' && t.body?.type ? schemas.find(t.body.type.replace(/^\*/, ''), r.file, 'go', t.body.declaredAt) : undefined;
  const noBody = goDecl !== undefined && goDecl.fields.length === 0 && (goDecl.boundElsewhere ?? 0) > 0;
  if (t.body && !noBody && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method)) {
    let schema: Record<string, unknown> = t.body.type
      ? named(t.body.type, t.body.declaredAt)
      : {
          type: 'object',
          properties: Object.fromEntries(
            (t.body.fields ?? []).map((f) => [f, t.body!.files?.includes(f) ? { type: 'string', format: 'binary' } : { type: 'string' }]),
          ),
        };
    if (t.body.wrap) schema = { type: 'object', properties: { [t.body.wrap]: schema }, required: [t.body.wrap] };
    // A DTO sent with a file (`@Body() dto` and `@UploadedFile()`): the DTO's fields and the file, one multipart form.
    if (t.body.type && t.body.files && t.body.files.length > 0)
      schema = {
        ...schema,
        type: 'object',
        properties: {
          ...((schema.properties as Record<string, unknown> | undefined) ?? {}),
          ...Object.fromEntries(t.body.files.map((f) => [f, { type: 'string', format: 'binary' }])),
        },
      };
    req.body = { contentType: t.body.contentType, schema, source: t.body.source };
  }
  const query = [...(req.query ?? [])];
  for (const q of t.query ?? [])
    if (!query.some((x) => x.name === q.name))
      query.push({ name: q.name, required: q.required, schema: scalarSchema(schemas, q.type, r.file, t.language), source: q.source });
  if (t.queryType) {
    const schema = schemas.schema(t.queryType.type, r.file, t.language);
    const props = (schema?.properties ?? {}) as Record<string, Record<string, unknown>>;
    const required = (schema?.required ?? []) as string[];
    for (const [name, s] of Object.entries(props))
      if (!query.some((x) => x.name === name))
        query.push({ name, required: required.includes(name), schema: s, source: t.queryType.source });
  }
  if (query.length > 0) req.query = query;
  if (req.body || req.query) out.request = req;
  const responses: RouteResponse[] = [];
  for (const x of t.responses ?? []) {
    if (responses.some((y) => y.status === x.status)) continue;
    const schema = x.type ? schemas.schema(x.type, r.file, t.language) : undefined;
    responses.push({
      status: x.status,
      ...(x.description ? { description: x.description } : {}),
      ...(x.contentType ? { contentType: x.contentType } : {}),
      ...(schema ? { schema } : {}),
      source: x.source,
    });
  }
  if (responses.length > 0) out.responses = responses;
  return out;
}

/** Status codes by the names Spring's `HttpStatus` and Go's `net/http` give them. */
const STATUS: Record<string, string> = {
  OK: '200',
  CREATED: '201',
  ACCEPTED: '202',
  NO_CONTENT: '204',
  MOVED_PERMANENTLY: '301',
  FOUND: '302',
  SEE_OTHER: '303',
  NOT_MODIFIED: '304',
  TEMPORARY_REDIRECT: '307',
  PERMANENT_REDIRECT: '308',
  BAD_REQUEST: '400',
  UNAUTHORIZED: '401',
  FORBIDDEN: '403',
  NOT_FOUND: '404',
  METHOD_NOT_ALLOWED: '405',
  NOT_ACCEPTABLE: '406',
  REQUEST_TIMEOUT: '408',
  PRECONDITION_FAILED: '412',
  UNSUPPORTED_MEDIA_TYPE: '415',
  CONFLICT: '409',
  GONE: '410',
  UNPROCESSABLE_ENTITY: '422',
  TOO_MANY_REQUESTS: '429',
  INTERNAL_SERVER_ERROR: '500',
  NOT_IMPLEMENTED: '501',
  BAD_GATEWAY: '502',
  SERVICE_UNAVAILABLE: '503',
  GATEWAY_TIMEOUT: '504',
};
/** `HttpStatus.CREATED`, `http.StatusCreated`, `201` → `201`; null for an expression. */
function statusCode(expr: string): string | null {
  const e = expr.trim();
  if (/^[1-5]\d\d$/.test(e)) return e;
  const spring = /^(?:HttpStatus\.)?([A-Z_]+)$/.exec(e)?.[1];
  if (spring && STATUS[spring]) return STATUS[spring];
  const go = /^(?:http\.)?Status(\w+)$/.exec(e)?.[1];
  if (go) {
    const snake = go.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase();
    return STATUS[snake] ?? (snake === 'UNPROCESSABLE_ENTITY' ? '422' : null);
  }
  return null;
}

const JS_LANGUAGES = new Set(['JavaScript', 'TypeScript', 'TSX']);
const CLIENT_FACTORY = /\b(?:axios|ky|got|superagent)\.(?:create|extend)\s*\(/;

/** The names an `import … from` / `require(…)` statement starting on line `line` binds (`api`, `{ get as g }` → g). */
export function importedNames(code: string, line: number): string[] {
  const lines = code.split('\n');
  const text = lines.slice(line - 1, line + 9).join('\n');
  const esm = /^\s*import\s+(?:type\s+)?(?:([\w$]+)\s*,?\s*)?(?:\{([^}]*)\}\s*)?(?:\*\s*as\s+([\w$]+)\s*)?from\b/.exec(text);
  const cjs = /^\s*(?:const|let|var)\s+(?:([\w$]+)|\{([^}]*)\})\s*=\s*require\s*\(/.exec(text);
  const m = esm ?? cjs;
  if (!m) return [];
  const named = (m[2] ?? '')
    .split(',')
    .map((part) =>
      part
        .trim()
        .split(/\s+as\s+|\s*:\s*/)
        .at(-1)!,
    )
    .filter((n) => /^[\w$]+$/.test(n));
  return [m[1], esm ? m[3] : undefined, ...named].filter((n): n is string => n !== undefined && n !== '');
}

function routesOf(
  s: SourceFile,
  code: string,
  imports: readonly ImportEdge[],
  clientNames: readonly string[] = [],
  imported: ReadonlyMap<string, string> = new Map(),
): FileRoutes {
  switch (s.language) {
    case 'JavaScript':
    case 'TypeScript':
    case 'TSX':
      return {
        ...(/@(?:Controller|JsonController|Get|Post|Put|Patch|Delete)\s*\(/.test(code)
          ? nest(s, code, imported)
          : jsRouters(s, code, imports, clientNames, imported)),
        ...nestGlobalPrefix(s, code, imported),
        ...nestVersioning(s, code),
        ...nestModules(s, code),
      };
    case 'Python':
      return { ...django(s, code), py: pyFile(s, code) };
    case 'Go':
      return { routes: [], mounts: [], go: goFile(s, code) };
    case 'Java':
    case 'Kotlin': {
      const own = spring(s, code);
      const functional = springFunctional(s, code);
      return functional.length > 0 ? { ...own, routes: [...own.routes, ...functional] } : own;
    }
    case 'C#':
      return aspnet(s, code);
    default:
      return { routes: [], mounts: [] };
  }
}

/**
 * The folder an autoload registration names, as path segments relative to the registering file:
 * `{ dir: path.join(__dirname, 'routes') }`, `join(import.meta.dirname, 'src', 'routes')`,
 * `path.resolve(__dirname, './routes')`; null when it is no such constant.
 */
function autoloadDir(options: string): string[] | null {
  const m = new RegExp(
    String.raw`\bdir\s*:\s*(?:path\.)?(?:join|resolve)\s*\(\s*(?:__dirname|import\.meta\.dirname|dirname\s*\([^)]*\))\s*((?:,\s*${STRING}\s*)+)\)`,
  ).exec(options);
  if (!m) return null;
  const parts = [...m[1]!.matchAll(new RegExp(STRING, 'g'))].map((x) => literal(x[1]!));
  return parts.every((x): x is string => x !== null) ? parts : null;
}

/** Express, Koa-router, Fastify: `x.get('/p', h)`, `x.route('/p').get(h)`, `fastify.route({method, url})`, mounts `x.use('/p', r)` / `register(r, {prefix})`. */
function jsRouters(
  s: SourceFile,
  written: string,
  imports: readonly ImportEdge[],
  clientNames: readonly string[] = [],
  imported: ReadonlyMap<string, string> = new Map(),
): FileRoutes {
  // Fastify's `app.withTypeProvider<ZodTypeProvider>().get('/p', …)` is a call on the same instance: read as
  // `app.get(…)`, the name moved to the end of the span it covered (offsets and lines kept).
  const code = written.replace(
    new RegExp(String.raw`\b([\w$]+)\s*\.\s*withTypeProvider\s*${TYPE_ARGS}\(\s*\)`, 'g'),
    (m: string, name: string) => m.slice(0, m.length - name.length).replace(/[^\n]/g, ' ') + name,
  );
  const lookup = (expr: string): string | null => importedObject(code, imported, expr);
  const framework = /\bfastify\b/i.test(code) ? 'fastify' : /\bkoa-router\b|@koa\/router|\bnew Router\(/.test(code) ? 'koa' : 'express';
  const routes: Route[] = [];
  const mounts: Mount[] = [];
  // Prefixes of routers created in this file: new Router({prefix: '/x'}) (Koa).
  const local = new Map<string, string | null>();
  for (const m of code.matchAll(
    new RegExp(String.raw`\b(?:const|let|var)\s+(\w+)\s*=\s*new\s+Router\s*\(\s*\{[^}]*\bprefix\s*:\s*${STRING}`, 'g'),
  ))
    local.set(m[1]!, literal(m[2]!));
  // koa-router's `router.prefix('/api')`.
  for (const m of code.matchAll(new RegExp(String.raw`\b(\w+)\.prefix\s*\(\s*${STRING}\s*\)`, 'g'))) local.set(m[1]!, literal(m[2]!));
  const declared = (name: string): boolean => new RegExp(String.raw`\b(?:const|let|var)\s+${name.replace(/\$/g, '\\$')}\s*=`).test(code);
  const spans0 = stringSpans(s);
  // Routers of this file mounted on another router of this file with a path: `api.use('/v1', users.routes())`
  // (Koa), `app.use('/admin', admin)` (Express); the child's routes take the parent's prefix, the path, then its own.
  const parentOf = new Map<string, { parent: string; path: string | null }>();
  for (const m of code.matchAll(
    new RegExp(String.raw`\b([\w$]+)\s*\.use\s*\(\s*${STRING}\s*,\s*([\w$]+)(?:\s*\.\s*(?:routes|middleware)\s*\(\s*\))?\s*\)`, 'g'),
  )) {
    if (
      m[3] !== m[1] &&
      declared(m[3]!) &&
      !/\b(?:import|require)\b/.test(
        new RegExp(String.raw`\b(?:const|let|var)\s+${m[3]!.replace(/\$/g, '\\$')}\s*=[^;\n]*`).exec(code)?.[0] ?? '',
      )
    )
      parentOf.set(m[3]!, { parent: m[1]!, path: literal(m[2]!) });
  }
  // Class controllers: a string class field (`path = "/auth"`) read as `this.path`, in a route's or a mount's path
  // (`this.path`, `${this.path}/:id`, `this.path + "/x"`); a field declared twice with two values is not read.
  const fields = new Map<string, string | null>();
  for (const m of code.matchAll(
    new RegExp(
      String.raw`^[ \t]*(?:(?:public|private|protected|readonly|static)\s+)*([\w$]+)\s*(?::\s*string\s*)?=\s*${STRING}\s*;?[ \t]*$`,
      'gm',
    ),
  )) {
    if (inSpan(spans0, m.index)) continue;
    const v = literal(m[2]!);
    fields.set(m[1]!, fields.has(m[1]!) && fields.get(m[1]!) !== v ? null : v);
  }
  // A path written with names: a class field (`this.path`), a member of a `const` object of this file or one it
  // imports (`ROUTES.BY_ID` with `const ROUTES = { BY_ID: "/authors/:_id" }`), a `const` string of this file; in a
  // template (`${this.path}/:id`) or joined with `+`. Null when a part is none of these.
  const term = (x: string): string | null => {
    const t = x.trim();
    const lit = literal(t);
    if (lit !== null) return lit;
    const self = /^this\.([\w$]+)$/.exec(t);
    if (self) return fields.get(self[1]!) ?? null;
    const member = /^([A-Za-z_$][\w$]*)\.([\w$]+)$/.exec(t);
    if (member) {
      const v = jsObjectOf(code, member[1]!, lookup)?.[member[2]!];
      return typeof v === 'string' ? v : null;
    }
    if (/^[A-Za-z_$][\w$]*$/.test(t)) {
      const c = new RegExp(String.raw`\bconst\s+${t.replace(/\$/g, '\\$')}\s*(?::\s*string\s*)?=\s*${STRING}\s*[;\n]`).exec(code);
      return c ? literal(c[1]!) : null;
    }
    return null;
  };
  const thisPath = (expr: string): string | null => {
    const e = expr.trim();
    const tpl = /^`((?:[^`\\]|\\.)*)`$/.exec(e);
    if (tpl) {
      let ok = /\$\{/.test(tpl[1]!);
      const v = tpl[1]!.replace(/\$\{([^{}]*)\}/g, (_, n: string) => term(n) ?? ((ok = false), ''));
      return ok && !v.includes('${') ? v : null;
    }
    if (literal(e) !== null) return null;
    const values = e.split(/\s*\+\s*/).map(term);
    return values.every((v): v is string => v !== null) ? values.join('') : null;
  };
  // `this.router.use(this.path, router)`: a local router mounted on the class's own router at the field's path.
  for (const m of code.matchAll(/\b(this\.)?([\w$]+)\s*\.use\s*\(\s*(this\.[\w$]+|`[^`]*`)\s*,\s*([\w$]+)\s*\)/g)) {
    const value = thisPath(m[3]!);
    if (value === null || inSpan(spans0, m.index) || !declared(m[4]!)) continue;
    parentOf.set(m[4]!, { parent: `${m[1] ?? ''}${m[2]}`, path: value });
  }
  /** The prefix a router of this file serves its routes under ('' for none), null when a part is not a constant. */
  const effective = (name: string, depth = 0): string | null => {
    const own = local.has(name) ? local.get(name)! : '';
    const up = parentOf.get(name);
    if (own === null || !up || depth > 8) return own;
    const outer = effective(up.parent, depth + 1);
    return outer === null || up.path === null ? null : joinPath(outer, up.path, own);
  };
  // Fastify plugins declared in this file and registered here with a prefix — a named function
  // (`async function users(f) {…}`, `const users = async (f) => {…}`) or one written inline —
  // give their routes that prefix, nested registrations included.
  const spans = stringSpans(s);
  // @fastify/autoload (also the older `fastify-autoload`) bound by an import: `import AutoLoad from '@fastify/autoload'`.
  const autoloaders = new Set(
    [
      ...code.matchAll(
        /\bimport\s+([\w$]+)\s+from\s*['"](?:@fastify\/autoload|fastify-autoload)['"]|\b(?:const|let|var)\s+([\w$]+)\s*=\s*require\s*\(\s*['"](?:@fastify\/autoload|fastify-autoload)['"]/g,
      ),
    ].map((m) => (m[1] ?? m[2])!),
  );
  const loads: Array<{ at: number; dir: string; optPrefix?: string; dirNames: boolean; routeParams: boolean }> = [];
  const plugins: Array<{ start: number; end: number; at: number; prefix: string | null; expr: string }> = [];
  const registrations: Array<{ at: number; plugin: string; prefix: string | null; expr: string; given: boolean }> = [];
  for (const m of code.matchAll(/\.register\s*\(/g)) {
    if (inSpan(spans, m.index)) continue;
    const open = m.index + m[0].length - 1;
    const args = splitArgs(code.slice(open + 1, closing(code, open) - 1));
    const given = args[1] ? new RegExp(String.raw`\bprefix\s*:\s*(${STRING}|[^,}]+)`).exec(args[1]) : null;
    const prefix = given ? literal(given[1]!.trim()) : '';
    registrations.push({ at: m.index, plugin: args[0] ?? '', prefix, expr: given?.[1]?.trim() ?? '', given: given !== null });
    if (!args[0]) continue;
    const loaded = args[1] && autoloaders.has(args[0]) ? autoloadDir(args[1]) : null;
    if (loaded) {
      const opts = /\boptions\s*:\s*(\{[^}]*\})/.exec(args[1]!)?.[1] ?? '';
      const optPrefix = new RegExp(String.raw`\bprefix\s*:\s*(${STRING}|[^,}]+)`).exec(opts)?.[1]?.trim();
      loads.push({
        at: m.index,
        dir: path.join(path.dirname(s.rel), ...loaded),
        ...(optPrefix !== undefined ? { optPrefix } : {}),
        dirNames: !/\bdirNameRoutePrefix\s*:\s*false\b/.test(args[1]!),
        routeParams: /\brouteParams\s*:\s*true\b/.test(args[1]!),
      });
      continue;
    }
    let start = -1;
    if (/^(?:async\s+)?(?:function\b|\([^)]*\)\s*=>|\w+\s*=>)/.test(args[0])) start = code.indexOf(args[0], open);
    else if (/^[\w$]+$/.test(args[0])) {
      const decl = new RegExp(
        String.raw`(?:\bfunction\s+${args[0]}\s*\(|\b(?:const|let|var)\s+${args[0]}\s*=\s*(?:async\s+)?(?:function\b|\(|\w+\s*=>))`,
      ).exec(code);
      if (decl) start = decl.index;
    }
    if (start < 0) continue;
    const brace = code.indexOf('{', start);
    if (brace < 0) continue;
    plugins.push({ start: brace, end: closing(code, brace), at: m.index, prefix, expr: given?.[1]?.trim() ?? '' });
  }
  const prefixesAt = (offset: number, depth = 0): Prefix[] => {
    const inner = plugins.filter((p) => p.start <= offset && offset < p.end);
    const start = Math.max(-1, ...inner.map((p) => p.start));
    const own = inner.filter((p) => p.start === start);
    if (own.length === 0 || depth > 8) return [{ path: '' }];
    return own.flatMap((p) =>
      prefixesAt(p.at, depth + 1).map((outer) =>
        joinPrefix(outer, p.prefix === null ? { path: '', unresolved: `${s.rel}:${lineAt(code, p.at)} ${p.expr}` } : { path: p.prefix }),
      ),
    );
  };
  // The autoloaded folders, under the prefix of the plugin they are registered in.
  const autoload: NonNullable<FileRoutes['autoload']> = loads.map((l) => {
    const value = l.optPrefix === undefined ? '' : literal(l.optPrefix);
    const own: Prefix = value === null ? { path: '', unresolved: `${s.rel}:${lineAt(code, l.at)} ${l.optPrefix}` } : { path: value };
    return { dir: l.dir, prefix: joinPrefix(prefixesAt(l.at)[0] ?? { path: '' }, own), dirNames: l.dirNames, routeParams: l.routeParams };
  });
  // HTTP clients' calls (`axios.get('/api/orders')` in a front end, `api.get('/x')` on an
  // `axios.create()` instance) are requests, not routes: their receivers are skipped.
  const clients = new Set([...HTTP_CLIENTS, ...clientNames]);
  for (const m of code.matchAll(/\b(?:const|let|var)\s+([\w$]+)\s*=\s*(?:await\s+)?(?:axios|ky|got|superagent)\.(?:create|extend)\s*\(/g))
    clients.add(m[1]!);
  // An Express router this file creates and never hands on — `const router = Router()` (not Koa's `new Router()`)
  // whose name appears only as the receiver of its own calls (not mounted, returned, exported, stored or passed) —
  // serves its routes nowhere: a class controller whose `initializeRoutes()` forgot `this.router.use(this.path,
  // router)`. A name declared twice (two functions' `router`) is used by the other declaration, so kept.
  const unmounted = new Set<string>();
  const SELF_CALL = `(?:${HTTP.join('|')}|route|use|param)`;
  for (const m of code.matchAll(
    /\b(?:const|let|var)\s+([\w$]+)\s*(?::[^=;\n]+)?=\s*(?:express\s*\.\s*)?Router\s*\(\s*(?:\{[^}]*\})?\s*\)/g,
  )) {
    if (inSpan(spans, m.index)) continue;
    const name = m[1]!;
    const esc = name.replace(/\$/g, '\\$');
    const declAt = m.index + m[0].indexOf(name, m[0].search(/\s/));
    const uses = [...code.matchAll(new RegExp(String.raw`(?<![\w$.])${esc}(?![\w$])`, 'g'))].filter(
      (u) => u.index !== declAt && !inSpan(spans, u.index),
    );
    const selfCall = new RegExp(String.raw`^${esc}\s*\.\s*${SELF_CALL}\s*\(`);
    // A class field of the same name (`router = Router();`, read as `this.router`) is another variable.
    const field = new RegExp(String.raw`^${esc}\s*(?::[^=;\n]+)?=(?!=)`);
    const atLineStart = (i: number): boolean =>
      /(?:^|\n)[ \t]*(?:(?:public|private|protected|readonly|static)\s+)*$/.test(code.slice(Math.max(0, i - 80), i));
    if (
      uses.every((u) => {
        const rest = code.slice(u.index, u.index + name.length + 40);
        return selfCall.test(rest) || (field.test(rest) && atLineStart(u.index));
      })
    )
      unmounted.add(name);
  }
  // koa-router names a route with a string before its path: `router.get('user', '/users/:id', show)`.
  const call = new RegExp(
    String.raw`\b(\w+)\.(${HTTP.join('|')})\s*${TYPE_ARGS}\(\s*(?:${STRING.replace('(', '(?:')}\s*,\s*(?=["'\x60]))?${STRING}\s*(?:,\s*(?:[\w.]+\s*,\s*)*(\w+)\s*\))?`,
    'g',
  );
  /** A route written as `receiver.verb('/p', …)`, the call's `(` at `open`, cited at `at`. */
  const addCall = (receiver: string, verb: string, pathExpr: string, at: number, open: number, handler?: string): void => {
    if (unmounted.has(receiver)) return;
    const written = literal(pathExpr);
    // Fastify serves a route written `''` at its plugin's prefix (the root when none).
    const value = written === '' && framework === 'fastify' ? '/' : written;
    if (value === null || (!value.startsWith('/') && value !== '*')) return;
    const koa = effective(receiver);
    // @fastify/websocket: a route with `{ websocket: true }` in its options is a WebSocket, no HTTP operation.
    const options = framework === 'fastify' ? splitArgs(code.slice(open + 1, closing(code, open) - 1))[1] : undefined;
    const websocket = options !== undefined && /^\{[\s\S]*\bwebsocket\s*:\s*true\b/.test(options.trim());
    const method = websocket ? 'WEBSOCKET' : verbMethod(verb);
    const declared = jsRequest(
      code,
      s.rel,
      open,
      method,
      lookup,
      (name) => zodDeclaration(code, imported, name),
      (name) => objectDeclaration(code, imported, name),
    );
    for (const p of prefixesAt(at)) {
      const prefix = koa === null ? null : joinPath(p.path, koa);
      const unresolved = koa === null ? `${s.rel}:${lineAt(code, at)} ${receiver}` : p.unresolved;
      routes.push({
        method,
        path: prefix === null || (prefix === '/' && p.path === '' && koa === '') ? value : jsJoin(framework, prefix, value),
        framework,
        file: s.rel,
        line: lineAt(code, at),
        ...(handler ? { handler } : {}),
        resolved: unresolved === undefined,
        ...(unresolved ? { unresolvedPrefix: unresolved } : {}),
        ...declared,
      });
    }
  };
  /** A route declared at `at` with its own path `value`, once under each prefix its router is mounted at. */
  const addPrefixed = (method: string, value: string, at: number, receiver?: string): void => {
    if (receiver !== undefined && unmounted.has(receiver)) return;
    // The prefix of a router of this file the route is declared on (`app.use('/api', router)`), as `addCall` does.
    const local = receiver === undefined ? '' : effective(receiver);
    for (const p of prefixesAt(at)) {
      const prefix = local === null ? p.path : joinPath(p.path, local);
      const unresolved = local === null ? `${s.rel}:${lineAt(code, at)} ${receiver}` : p.unresolved;
      routes.push({
        method,
        path: prefix === '' || prefix === '/' ? value : jsJoin(framework, prefix, value),
        framework,
        file: s.rel,
        line: lineAt(code, at),
        resolved: unresolved === undefined,
        ...(unresolved ? { unresolvedPrefix: unresolved } : {}),
      });
    }
  };
  for (const m of code.matchAll(call)) {
    if (inSpan(spans, m.index) || clients.has(m[1]!)) continue;
    addCall(m[1]!, m[2]!, m[3]!, m.index, code.indexOf('(', m.index + m[1]!.length), m[4]);
  }
  // Calls chained on one receiver — `fastify\n  .post('/follow', h)\n  .get('/me', h2)`, `app.get(…).post(…)` —:
  // the first call when the receiver and its dot are apart (the pattern above wants them together), then each
  // further call of the chain, walked to each argument list's balanced closing parenthesis.
  const VERB_CALL = new RegExp(String.raw`^\s*\.\s*(${HTTP.join('|')})\s*${TYPE_ARGS}\(\s*${STRING}`);
  for (const m of code.matchAll(new RegExp(String.raw`\b([\w$]+)(\s*)\.\s*(${HTTP.join('|')})\s*${TYPE_ARGS}\(\s*${STRING}`, 'g'))) {
    if (inSpan(spans, m.index) || clients.has(m[1]!)) continue;
    const open = code.indexOf('(', m.index + m[1]!.length + m[2]!.length);
    if (m[2] !== '') addCall(m[1]!, m[3]!, m[4]!, m.index + m[1]!.length + m[2]!.length, open);
    for (let end = closing(code, open), next = VERB_CALL.exec(code.slice(end)); next; next = VERB_CALL.exec(code.slice(end))) {
      const at = end + next[0].indexOf('.');
      const own = end + next[0].indexOf('(', next[0].indexOf(next[1]!));
      addCall(m[1]!, next[1]!, next[2]!, at, own);
      end = closing(code, own);
    }
  }
  // Verbs chained after middleware: `router\n  .use('/', auth, role('seller'))\n  .post('/', h)\n  .get('/', h2)` — `use`
  // hands back the router, so each verb of the chain after it is a route of the receiver.
  const USE_CALL = /^\s*\.\s*use\s*\(/;
  for (const m of code.matchAll(/\b([\w$]+)\s*\.\s*use\s*\(/g)) {
    if (inSpan(spans, m.index) || clients.has(m[1]!)) continue;
    let end = closing(code, m.index + m[0].length - 1);
    for (let more = USE_CALL.exec(code.slice(end)); more; more = USE_CALL.exec(code.slice(end)))
      end = closing(code, end + more[0].length - 1);
    for (let next = VERB_CALL.exec(code.slice(end)); next; next = VERB_CALL.exec(code.slice(end))) {
      const at = end + next[0].indexOf('.');
      const own = end + next[0].indexOf('(', next[0].indexOf(next[1]!));
      addCall(m[1]!, next[1]!, next[2]!, at, own);
      end = closing(code, own);
    }
  }
  // Routes on a path built from names: `this.router.get(`${this.path}/:id`, h)`, `router.get(ROUTES.BY_ID, h)`.
  for (const m of code.matchAll(
    new RegExp(
      String.raw`\b(this\.)?([\w$]+)\s*\.\s*(${HTTP.join('|')})\s*${TYPE_ARGS}\(\s*((?:this\.)?[A-Za-z_$][\w$]*(?:\.[\w$]+)?(?:\s*\+\s*(?:${STRING}|(?:this\.)?[A-Za-z_$][\w$]*(?:\.[\w$]+)?))*|\x60[^\x60]*\x60)\s*[,)]`,
      'g',
    ),
  )) {
    if (inSpan(spans, m.index) || clients.has(m[2]!)) continue;
    const value = thisPath(m[4]!);
    if (value === null) continue;
    const receiver = m[1] && parentOf.get(m[2]!)?.parent === `this.${m[2]}` ? `this.${m[2]}` : m[2]!;
    const at = m.index + (m[1]?.length ?? 0);
    addCall(receiver, m[3]!, JSON.stringify(value), at, code.indexOf('(', at + m[2]!.length));
  }
  // `x.route('/p').get(…).patch(auth('manage'), validate(…), h)`: the chain is walked call by call, each
  // argument list to its balanced closing parenthesis (middleware calls inside it).
  for (const m of code.matchAll(new RegExp(String.raw`\.route\s*\(\s*${STRING}\s*\)`, 'g'))) {
    const value = literal(m[1]!);
    if (value === null) continue;
    if (inSpan(spans, m.index)) continue;
    const verbs: string[] = [];
    const step = new RegExp(String.raw`^\s*\.\s*(${HTTP.join('|')})\s*\(`);
    for (let end = m.index + m[0].length, next = step.exec(code.slice(end)); next; next = step.exec(code.slice(end))) {
      verbs.push(next[1]!);
      end = closing(code, end + next[0].length - 1);
    }
    const receiver = /([\w$]+)\s*$/.exec(code.slice(0, m.index))?.[1];
    for (const verb of verbs) addPrefixed(verbMethod(verb), value, m.index, receiver);
  }
  // `fastify.route({ method, url | path, schema: {…}, handler })`, the object read to its balanced end.
  for (const m of code.matchAll(/\.route\s*\(\s*\{/g)) {
    if (inSpan(spans, m.index)) continue;
    const open = m.index + m[0].length - 1;
    const options = code.slice(open + 1, closing(code, open) - 1);
    const method = /\bmethod\s*:\s*(?:\[\s*)?(["'])(\w+)\1/.exec(options)?.[2];
    const url = new RegExp(String.raw`\b(?:url|path)\s*:\s*${STRING}`).exec(options)?.[1];
    const value = url ? literal(url) : null;
    if (!method) continue;
    if (value !== null) {
      addPrefixed(method.toUpperCase(), value, m.index);
      continue;
    }
    // `path: options.prefix + 'articles'`: the literal end of the path under a prefix this reading cannot
    // know (the plugin's options, a setting), marked unresolved at the route rather than left out.
    const built = new RegExp(String.raw`\b(?:url|path)\s*:\s*([\w$.]+)\s*\+\s*${STRING}\s*(?:,|$)`).exec(options);
    const end = built ? literal(built[2]!) : null;
    if (!built || end === null) continue;
    const at = lineAt(code, m.index);
    for (const p of prefixesAt(m.index))
      routes.push({
        method: method.toUpperCase(),
        path: jsJoin(framework, p.path, end),
        framework,
        file: s.rel,
        line: at,
        resolved: false,
        unresolvedPrefix: p.unresolved ?? `${s.rel}:${at} ${built[1]}`,
      });
  }
  // Mounts: x.use('/p', name | require('./f')) and fastify.register(name | import('./f'), { prefix: '/p' }).
  const target = (expr: string): string | null => {
    const req = /(?:require|import)\s*\(\s*(["'])([^"']+)\1\s*\)/.exec(expr);
    if (req) return imports.find((e) => e.spec === req[2] && e.kind === 'internal')?.to ?? null;
    const name = /^\s*([\w$]+)/.exec(expr)?.[1];
    if (!name) return null;
    // The identifier's import: `import name from './f'` / `const name = require('./f')` on its line.
    const bind = new RegExp(
      String.raw`(?:import\s+(?:\{[^}]*\b${name}\b[^}]*\}|${name})[^;\n]*from\s*(["'])([^"']+)\1|\b${name}\s*=\s*require\s*\(\s*(["'])([^"']+)\3\s*\))`,
    ).exec(code);
    const spec = bind?.[2] ?? bind?.[4];
    return spec ? (imports.find((e) => e.spec === spec && e.kind === 'internal')?.to ?? null) : null;
  };
  /** A mount of `m`: [1] the object mounted on (optional), [2] the path literal, [3] what is mounted. */
  const mountAt = (m: RegExpExecArray): void => {
    // Middleware may stand before what is mounted (`app.use('/hooks', express.raw({…}), hooks)`, `app.use('/api',
    // auth, users)`): each argument after the path that is a module of the repository is mounted there.
    const open = code.indexOf('(', m.index + (m[1]?.length ?? 0));
    const rest = open < 0 ? [] : splitArgs(code.slice(open + 1, closing(code, open) - 1)).slice(1);
    const tos = rest.length > 1 ? [...new Set(rest.map((a) => target(a)).filter((t): t is string => t !== null))] : [];
    for (const to of tos.length > 0 ? tos : [target(m[3]!)]) mountTo(m, to);
  };
  const mountTo = (m: RegExpExecArray, to: string | null): void => {
    const outer = m[1] ? effective(m[1]) : '';
    const own = literal(m[2]!);
    if (to)
      mounts.push({
        target: to,
        from: s.rel,
        prefix: outer === null || own === null ? null : joinPath(outer, own),
        ...(outer === null ? { unresolvedAt: `${s.rel}:${lineAt(code, m.index)} ${m[1]}` } : {}),
      });
  };
  for (const m of code.matchAll(new RegExp(String.raw`(?:\b([\w$]+)\s*)?\.use\s*\(\s*${STRING}\s*,\s*([^)]*\)?)`, 'g'))) mountAt(m);
  // A GraphQL server's Express handler mounted at a path answers there, whatever the method:
  // `app.use('/graphql', cors(), expressMiddleware(server, …))` (Apollo), `graphqlHTTP({…})` (express-graphql),
  // `createHandler({…})` (graphql-http).
  if (framework === 'express')
    for (const m of code.matchAll(new RegExp(String.raw`\b([\w$]+)\s*\.use\s*\(\s*${STRING}\s*,`, 'g'))) {
      if (inSpan(spans, m.index)) continue;
      const open = code.indexOf('(', m.index + m[1]!.length);
      const args = splitArgs(code.slice(open + 1, closing(code, open) - 1));
      const value = literal(m[2]!);
      if (value === null || !value.startsWith('/') || args.length < 2) continue;
      // A type argument may stand between the name and its call (`expressMiddleware<Ctx>(server, …)`).
      if (/^(?:expressMiddleware|graphqlHTTP|createHandler|graphqlExpress)\s*(?:<[^()]*>\s*)?\(/.test(args.at(-1)!.trim()))
        addPrefixed('ANY', value, m.index, m[1]!);
    }
  // Hono's `app.route('/books', books)`: a sub-application mounted at a path (Express's `router.route('/p')` has one argument).
  for (const m of code.matchAll(new RegExp(String.raw`(?:\b([\w$]+)\s*)?\.route\s*\(\s*${STRING}\s*,\s*([\w$]+)\s*\)`, 'g')))
    if (!inSpan(spans, m.index)) mountAt(m);
  // Routers mounted at a path that is no literal: `app.use(config.api.prefix, routes())` (a member of an
  // object another module exports, read once every file is known), `app.use(process.env.API_PREFIX || '/api', r)`
  // (the default, said so), a `const` of this file; else marked unresolved at the call — never dropped.
  for (const m of code.matchAll(/(?:\b([\w$]+)\s*)?\.use\s*\(/g)) {
    if (inSpan(spans, m.index)) continue;
    const open = m.index + m[0].length - 1;
    const args = splitArgs(code.slice(open + 1, closing(code, open) - 1));
    if (args.length < 2 || new RegExp(String.raw`^${STRING}$`).test(args[0]!)) continue;
    const expr = args[0]!;
    const to = target(args.at(-1)!);
    if (!to) continue;
    const line = lineAt(code, m.index);
    const outer = m[1] ? effective(m[1]) : '';
    const at = `${s.rel}:${line} ${expr}`;
    const env = envDefault(expr);
    const local = /^[\w$]+$/.test(expr)
      ? new RegExp(String.raw`\b(?:const|let|var)\s+${expr.replace(/\$/g, '\\$')}\s*(?::[^=]+)?=\s*(${STRING}|[^;\n]+)`).exec(code)?.[1]
      : undefined;
    const localValue = local === undefined ? null : literal(local.trim());
    const localEnv = local === undefined ? null : envDefault(local);
    const member = /^([\w$]+)((?:\.[\w$]+)+)$/.exec(expr);
    const base = { target: to, from: s.rel };
    if (outer === null) mounts.push({ ...base, prefix: null, unresolvedAt: `${s.rel}:${line} ${m[1]}` });
    else if (env) mounts.push({ ...base, prefix: joinPath(outer, env.value), fromDefault: `${s.rel}:${line} ${env.name}` });
    else if (localValue !== null) mounts.push({ ...base, prefix: joinPath(outer, localValue) });
    else if (localEnv) mounts.push({ ...base, prefix: joinPath(outer, localEnv.value), fromDefault: `${s.rel}:${line} ${localEnv.name}` });
    else if (member) {
      // The object's module: `import config from '@/config'` (its default export) or `import { config } from …`.
      const root = member[1]!;
      const bind = new RegExp(
        String.raw`import\s+(?:(${root.replace(/\$/g, '\\$')})|\{[^}]*?\b(?:([\w$]+)\s+as\s+)?${root.replace(/\$/g, '\\$')}\b[^}]*\})[^;\n]*?from\s*(["'])([^"']+)\3|\b${root.replace(/\$/g, '\\$')}\s*=\s*require\s*\(\s*(["'])([^"']+)\5\s*\)`,
      ).exec(code);
      const spec = bind?.[4] ?? bind?.[6];
      const file = spec ? imports.find((e) => e.spec === spec && e.kind === 'internal')?.to : undefined;
      const members = member[2]!.slice(1).split('.');
      if (file)
        mounts.push({
          ...base,
          prefix: outer,
          ref: { file, exported: bind?.[1] !== undefined || bind?.[6] !== undefined ? null : (bind?.[2] ?? root), members, at },
        });
      else if (/(?:prefix|path|url|base|root|mount|api|version)$/i.test(members.at(-1)!))
        mounts.push({ ...base, prefix: null, unresolvedAt: at });
    } else if (/^[\w$]+$/.test(expr) && /(?:prefix|path|url|base|root|mount|api|version)$/i.test(expr))
      mounts.push({ ...base, prefix: null, unresolvedAt: at });
  }
  // A router of this file handed to a function another module exports, which mounts its routers on it:
  // `const app = Router(); auth(app); user(app); return app` with `export default (app: Router) => { app.use('/auth', route) }`.
  for (const m of code.matchAll(/(?<![.\w$])([\w$]+)\s*\(\s*([\w$]+)\s*\)\s*;?/g)) {
    if (
      inSpan(spans, m.index) ||
      !new RegExp(
        String.raw`\b(?:const|let|var)\s+${m[2]!.replace(/\$/g, '\\$')}\s*(?::[^=]+)?=\s*(?:express\s*\.\s*)?(?:Router|express)\s*\(|\b(?:const|let|var)\s+${m[2]!.replace(/\$/g, '\\$')}\s*(?::[^=]+)?=\s*new\s+Router\s*\(`,
      ).test(code)
    )
      continue;
    const to = target(m[1]!);
    if (!to || to === s.rel) continue;
    const outer = effective(m[2]!);
    mounts.push({
      target: to,
      from: s.rel,
      prefix: outer,
      ...(outer === null ? { unresolvedAt: `${s.rel}:${lineAt(code, m.index)} ${m[2]}` } : {}),
    });
  }
  // Routers mounted without a path — `app.use(routes)`, `Router().use(a).use(b)` — take the prefix
  // their local router is mounted at in this file (`Router().use('/api', api)`), else none.
  const localPrefix = new Map<string, string | null>();
  for (const m of code.matchAll(new RegExp(String.raw`\.use\s*\(\s*${STRING}\s*,\s*([\w$]+)\s*\)`, 'g'))) {
    if (target(m[2]!) === null && new RegExp(String.raw`\b(?:const|let|var)\s+${m[2]!.replace(/\$/g, '\\$')}\s*=`).test(code))
      localPrefix.set(m[2]!, literal(m[1]!));
  }
  for (const m of code.matchAll(/\.use\s*\(\s*([\w$]+)\s*\)/g)) {
    const to = target(m[1]!);
    if (!to) continue;
    // The router this call belongs to: `name.use(` directly, or the declaration whose chained statement holds the call.
    const before = code.slice(0, m.index);
    const direct = /([\w$]+)\s*$/.exec(before)?.[1];
    let owner = direct && localPrefix.has(direct) ? direct : undefined;
    if (!owner) {
      const decl = [...before.matchAll(/\b(?:const|let|var)\s+([\w$]+)\s*=/g)].at(-1);
      if (decl && !before.slice(decl.index).includes(';') && !/\n\s*\n/.test(before.slice(decl.index))) owner = decl[1];
    }
    mounts.push({ target: to, from: s.rel, prefix: owner !== undefined && localPrefix.has(owner) ? localPrefix.get(owner)! : '' });
  }
  // Routers mounted from an array of `{ path, route }` objects: `list.forEach((r) => { router.use(r.path, r.route); })`,
  // `list.forEach(({ path, route }) => router.use(path, route))`, `for (const r of list) router.use(r.path, r.route)`.
  // Each element of the array (a `const` of this file) is a mount: its path literal the prefix, else unresolved
  // (cited at the `use` call); its router the file its identifier is imported from.
  const loops: Array<{ list: string; param: string; body: string; at: number }> = [];
  for (const m of code.matchAll(/\b([\w$]+)\s*\.\s*forEach\s*\(\s*(?:async\s*)?(\(\s*[\w$]+\s*\)|[\w$]+|\(\s*\{[^}]*\}\s*\))\s*=>/g)) {
    if (inSpan(spans, m.index)) continue;
    const open = m.index + m[0].slice(0, m[0].indexOf('forEach')).length + 'forEach'.length;
    const paren = code.indexOf('(', open);
    loops.push({
      list: m[1]!,
      param: m[2]!.replace(/^\(\s*|\s*\)$/g, ''),
      body: code.slice(m.index + m[0].length, closing(code, paren)),
      at: m.index,
    });
  }
  for (const m of code.matchAll(/\bfor\s*\(\s*(?:const|let|var)\s+([\w$]+|\{[^}]*\})\s+of\s+([\w$]+)\s*\)/g)) {
    if (inSpan(spans, m.index)) continue;
    const after = m.index + m[0].length;
    const brace = /^\s*\{/.exec(code.slice(after));
    const end = brace
      ? closing(code, after + brace[0].length - 1)
      : code.indexOf(';', after) < 0
        ? code.length
        : code.indexOf(';', after) + 1;
    loops.push({ list: m[2]!, param: m[1]!, body: code.slice(after, end), at: m.index });
  }
  for (const loop of loops) {
    // The loop variable's keys: `r.path` for a plain parameter, the names of a destructuring (`{ path: p }` → p).
    const keyOf = (expr: string): string | undefined => {
      const e = expr.trim();
      if (!loop.param.startsWith('{')) return new RegExp(String.raw`^${loop.param.replace(/\$/g, '\\$')}\s*\.\s*([\w$]+)$`).exec(e)?.[1];
      for (const part of loop.param.slice(1, -1).split(',')) {
        const [key, alias] = part.split(':').map((x) => x.trim());
        if ((alias ?? key) === e) return key;
      }
      return undefined;
    };
    for (const u of loop.body.matchAll(/\b([\w$]+)\s*\.\s*use\s*\(/g)) {
      const open = loop.body.indexOf('(', u.index + u[0].length - 1);
      const args = splitArgs(loop.body.slice(open + 1, closing(loop.body, open) - 1));
      if (args.length !== 2) continue;
      const pathKey = keyOf(args[0]!);
      const routerKey = keyOf(args[1]!);
      if (!pathKey || !routerKey) continue;
      const decl = new RegExp(String.raw`\b(?:const|let|var)\s+${loop.list.replace(/\$/g, '\\$')}\s*=\s*\[`).exec(code);
      if (!decl) continue;
      const open2 = decl.index + decl[0].length - 1;
      const useLine = lineAt(code, loop.at + (code.slice(loop.at).indexOf(u[0]) >= 0 ? code.slice(loop.at).indexOf(u[0]) : 0));
      const outer = effective(u[1]!);
      for (const element of splitArgs(code.slice(open2 + 1, closing(code, open2) - 1))) {
        if (!element.startsWith('{')) continue;
        const fields = new Map(
          splitArgs(element.slice(1, -1)).map((f) => {
            const colon = f.indexOf(':');
            return colon < 0 ? [f.trim(), f.trim()] : [f.slice(0, colon).trim(), f.slice(colon + 1).trim()];
          }),
        );
        const to = fields.has(routerKey) ? target(fields.get(routerKey)!) : null;
        if (!to) continue;
        const given = fields.get(pathKey) ?? '';
        const own = new RegExp(String.raw`^${STRING}$`).test(given) ? literal(given) : null;
        mounts.push({
          target: to,
          from: s.rel,
          prefix: outer === null || own === null ? null : joinPath(outer, own),
          ...(outer === null || own === null ? { unresolvedAt: `${s.rel}:${useLine} ${own === null ? given : u[1]}` } : {}),
        });
      }
    }
  }
  // Plugins of other files registered with a prefix: `register(users, { prefix })`, `register(import('./users'), …)`,
  // under the prefixes of the plugin this registration is written in.
  // The file's top-level declarations, for the plugin a registration is made in; names bound from 'fastify-plugin'.
  const topLevel = [...code.matchAll(/^(?:export\s+)?(?:(?:const|let|var)\s+([\w$]+)|(?:async\s+)?function\s*\*?\s*([\w$]+))/gm)].map(
    (m) => ({ at: m.index, name: (m[1] ?? m[2])!, text: m[0] }),
  );
  const fastifyPlugin = new Set(
    [
      ...code.matchAll(
        /\bimport\s+([\w$]+)\s+from\s*['"]fastify-plugin['"]|\b(?:const|let|var)\s+([\w$]+)\s*=\s*require\s*\(\s*['"]fastify-plugin['"]\s*\)/g,
      ),
    ].map((m) => (m[1] ?? m[2])!),
  );
  for (const r of registrations) {
    const to = target(r.plugin);
    if (!to) continue;
    // The plugin registered, by the name its module exports it under (`import { authRoutes } from './auth'`), and the
    // plugin of this file the registration is made in: a module that exports several plugins (one registering routes,
    // one decorating a service) serves each one's routes only under that plugin's own registration.
    const name = /^[\w$]+$/.test(r.plugin.trim()) ? r.plugin.trim() : null;
    const named =
      name && new RegExp(String.raw`\bimport\s*(?:type\s+)?\{[^}]*(?<![\w$]\s+as\s+)\b${name.replace(/\$/g, '\\$')}\b[^}]*\}`).test(code)
        ? name
        : undefined;
    const decl = topLevel.filter((d) => d.at < r.at).at(-1);
    // `fp(async (fastify, opts) => fastify.register(router, { prefix: opts.prefix }))`: a `fastify-plugin` wrapper is not
    // encapsulated, so the prefix its own registration gives (`register(authRoutes, { prefix: '/auth' })`, applied to
    // this file's mount) is not applied to it — `opts.prefix` hands that same prefix on, once.
    const wrapped =
      decl !== undefined &&
      [...fastifyPlugin].some((f) =>
        new RegExp(String.raw`^\s*=?\s*${f.replace(/\$/g, '\\$')}\s*(?:<[^>]*>\s*)?\(`).test(code.slice(decl.at + decl.text.length, r.at)),
      );
    const param = decl ? /\(\s*[\w$]+\s*(?::[^,)]+)?,\s*([\w$]+)/.exec(code.slice(decl.at, r.at))?.[1] : undefined;
    const passedOn = param !== undefined && r.expr === `${param}.prefix`;
    for (const p of prefixesAt(r.at)) {
      const unresolved = p.unresolved ?? (r.prefix === null && !passedOn ? `${s.rel}:${lineAt(code, r.at)} ${r.expr}` : undefined);
      mounts.push({
        target: to,
        from: s.rel,
        prefix: unresolved ? null : passedOn ? p.path : joinPath(p.path, r.prefix!),
        ...(unresolved ? { unresolvedAt: unresolved } : {}),
        ...(named ? { plugin: named } : {}),
        ...(decl ? { within: decl.name } : {}),
        ...(r.prefix !== null && !passedOn ? { own: r.prefix } : {}),
        // Not a `fastify-plugin` wrapper: the plugin is encapsulated, its instance has its registration's prefix already.
        ...(passedOn && !wrapped && !unresolved ? { again: true } : {}),
      });
    }
  }
  // Class controllers mounted in a loop: `controllers.forEach((c) => router.use(c.router))` (also with a path,
  // and `for (const c of controllers)`), the router mounted in turn (`this.app.use('/api', router)`). A local
  // array of instances (`[new AuthController(), …]`) names their files here; a parameter of the class's
  // constructor or methods, the instances the constructor is handed where it is called (`instances`).
  let controllerLoop: FileRoutes['controllerLoop'];
  for (const m of code.matchAll(
    new RegExp(
      String.raw`(?:\b([\w$.]+)\s*\.\s*forEach\s*\(\s*(?:\(\s*)?([\w$]+)(?:\s*:\s*[\w$<>\[\]]+)?\s*\)?\s*=>|\bfor\s*\(\s*(?:const|let|var)\s+([\w$]+)\s+of\s+([\w$.]+)\s*\))\s*\{?\s*(this\.)?([\w$]+)\s*\.use\s*\(\s*(?:${STRING}\s*,\s*)?([\w$]+)\s*\.\s*router\s*\)`,
      'g',
    ),
  )) {
    const item = m[2] ?? m[3];
    if (inSpan(spans, m.index) || m[8] !== item) continue;
    const list = (m[1] ?? m[4]!).replace(/^this\./, '');
    const own = m[7] ? literal(m[7]) : '';
    const outer = m[5] ? '' : effective(m[6]!);
    const prefix = own === null || outer === null ? null : joinPath(outer, own);
    const at = `${s.rel}:${lineAt(code, m.index)} ${m[6]}`;
    const array = new RegExp(String.raw`\b(?:const|let|var)\s+${list.replace(/\$/g, '\\$')}\s*(?::[^=;]+)?=\s*\[`).exec(code);
    if (array) {
      const open = array.index + array[0].length - 1;
      for (const n of code.slice(open, closing(code, open)).matchAll(/\bnew\s+([\w$]+)\s*\(/g)) {
        const to = target(n[1]!);
        if (to) mounts.push({ target: to, from: s.rel, prefix, ...(prefix === null ? { unresolvedAt: at } : {}) });
      }
    } else if (new RegExp(String.raw`\(\s*[^)]*\b${list.replace(/\$/g, '\\$')}\s*[:,)]`).test(code)) controllerLoop = { prefix, at };
  }
  // Every export of a module namespace mounted in a loop: `import * as Controllers from './controllers'`, then
  // `for (const c in Controllers) app.use('/api/v1', Controllers[c].router)` (or `for (const c of
  // Object.values(Controllers)) app.use(…, c.router)`): the namespace's module and each module it re-exports
  // (`export * from './Posts.js'`) are mounted there (`spread`, followed once every file is read).
  for (const m of code.matchAll(
    new RegExp(
      String.raw`\bfor\s*\(\s*(?:const|let|var)\s+([\w$]+)\s+(?:in\s+([\w$]+)|of\s+Object\s*\.\s*values\s*\(\s*([\w$]+)\s*\))\s*\)\s*\{?\s*(this\.)?([\w$]+)\s*\.use\s*\(\s*(?:${STRING}\s*,\s*)?([\w$]+)(?:\s*\[\s*([\w$]+)\s*\])?\s*\.\s*router\s*\)`,
      'g',
    ),
  )) {
    if (inSpan(spans, m.index)) continue;
    const ns = (m[2] ?? m[3])!;
    const ok = m[2] !== undefined ? m[7] === ns && m[8] === m[1] : m[7] === m[1] && m[8] === undefined;
    if (!ok) continue;
    const spec = new RegExp(String.raw`\bimport\s*\*\s*as\s+${ns.replace(/\$/g, '\\$')}\s+from\s*(["'])([^"']+)\1`).exec(code)?.[2];
    const to = spec ? (imports.find((e) => e.spec === spec && e.kind === 'internal')?.to ?? null) : null;
    if (!to) continue;
    const own = m[6] ? literal(m[6]) : '';
    const outer = m[4] ? '' : effective(m[5]!);
    const prefix = own === null || outer === null ? null : joinPath(outer, own);
    const at = `${s.rel}:${lineAt(code, m.index)} ${m[6] ?? m[5]}`;
    mounts.push({ target: to, from: s.rel, prefix, spread: true, ...(prefix === null ? { unresolvedAt: at } : {}) });
  }
  const instances: NonNullable<FileRoutes['instances']> = [];
  for (const m of code.matchAll(/\bnew\s+([\w$]+)\s*\(\s*\[/g)) {
    if (inSpan(spans, m.index)) continue;
    const ctor = target(m[1]!);
    const open = m.index + m[0].length - 1;
    const elements = [...code.slice(open, closing(code, open)).matchAll(/\bnew\s+([\w$]+)\s*\(/g)]
      .map((n) => target(n[1]!))
      .filter((t): t is string => t !== null);
    if (ctor && elements.length > 0) instances.push({ ctor, elements });
  }
  return {
    routes,
    mounts,
    ...(autoload.length > 0 ? { autoload } : {}),
    ...(controllerLoop ? { controllerLoop } : {}),
    ...(instances.length > 0 ? { instances } : {}),
  };
}

/**
 * A JavaScript object literal as JSON (a Fastify JSON Schema written inline): keys quoted, single
 * quotes made double, trailing commas dropped. Null when anything else is in it (a variable, a
 * call, a spread): the schema is then not guessed.
 */
function jsObjectLiteral(text: string): Record<string, unknown> | null {
  const json = text
    .replace(/'((?:[^'\\\n]|\\.)*)'/g, (_m, body: string) => JSON.stringify(body.replace(/\\(.)/g, '$1')))
    .replace(/([{,]\s*)([A-Za-z_$][\w$]*|\d+)\s*:/g, '$1"$2":')
    .replace(/,(\s*[}\]])/g, '$1');
  try {
    const value: unknown = JSON.parse(json);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * An object literal given inline or by a `const name = {…}` of the same file, or one another module
 * exports (`lookup`: `createSchema` imported by name, `schemas.create` of an imported object), as JSON; null otherwise.
 */
function jsObjectOf(code: string, expr: string, lookup?: (expr: string) => string | null): Record<string, unknown> | null {
  const e = expr.trim();
  if (e.startsWith('{')) return jsObjectLiteral(e.slice(0, closing(e, 0)));
  if (!/^[\w$]+(?:\.[\w$]+)*$/.test(e)) return null;
  const decl = /^[\w$]+$/.test(e) ? new RegExp(String.raw`\b(?:const|let|var)\s+${e.replace(/\$/g, '\\$')}\s*=\s*\{`).exec(code) : null;
  if (!decl) {
    const text = lookup?.(e);
    return text ? jsObjectLiteral(text) : null;
  }
  const open = decl.index + decl[0].length - 1;
  return jsObjectLiteral(code.slice(open, closing(code, open)));
}

/** The text of the object literal at `members` of an object text (`{ body: {…} }`, ['body']), or null. */
function memberObject(text: string, members: readonly string[]): string | null {
  let t = text;
  for (const name of members) {
    const entry = splitArgs(t.slice(1, closing(t, 0) - 1))
      .map((x) => /^(?:["']([\w$-]+)["']|([\w$]+))\s*:\s*([\s\S]*)$/.exec(x))
      .find((m) => m && (m[1] ?? m[2]) === name);
    const value = entry?.[3]?.trim();
    if (!value?.startsWith('{')) return null;
    t = value.slice(0, closing(value, 0));
  }
  return t;
}

/**
 * The object literal an imported name stands for (`import { createUser } from './schemas'`,
 * `const schemas = require('./schemas')` with `schemas.createUser`, `import * as s from …`): the
 * module's `export const createUser = {…}`, `exports.createUser = {…}`, a `const` it exports, or
 * a member of its `export default {…}` / `module.exports = {…}`. Null when it is not such an object.
 */
function importedObject(code: string, imported: ReadonlyMap<string, string>, expr: string): string | null {
  const [root, ...members] = expr.split('.');
  if (!root || imported.size === 0) return null;
  const r = root.replace(/\$/g, '\\$');
  const bind = new RegExp(
    String.raw`\bimport\s+(?:(${r})\s*(?:,\s*\{[^}]*\})?|\*\s+as\s+(${r})|(?:[\w$]+\s*,\s*)?\{[^}]*?\b(?:([\w$]+)\s+as\s+)?(${r})\b[^}]*\})\s*from\s*(["'])([^"']+)\5|\b(?:const|let|var)\s+(?:(${r})|\{[^}]*?\b(?:([\w$]+)\s*:\s*)?(${r})\b[^}]*\})\s*=\s*require\s*\(\s*(["'])([^"']+)\10\s*\)`,
  ).exec(code);
  if (!bind) return null;
  const text = imported.get((bind[6] ?? bind[11])!);
  if (text === undefined) return null;
  const named = bind[4] !== undefined || bind[9] !== undefined ? (bind[3] ?? bind[8] ?? root) : null;
  const namespace = bind[2] !== undefined;
  const objectAt = (re: RegExp): string | null => {
    const m = re.exec(text);
    if (!m) return null;
    let at = m.index + m[0].length;
    const alias = /^([\w$]+)\s*;?/.exec(text.slice(at))?.[1];
    if (alias) {
      const decl = new RegExp(String.raw`\b(?:const|let|var)\s+${alias.replace(/\$/g, '\\$')}\s*(?::[^=]+)?=\s*(?=\{)`).exec(text);
      if (!decl) return null;
      at = decl.index + decl[0].length;
    }
    return text[at] === '{' ? text.slice(at, closing(text, at)) : null;
  };
  const exported = (name: string): string | null =>
    objectAt(
      new RegExp(
        String.raw`\b(?:export\s+(?:const|let|var)\s+${name.replace(/\$/g, '\\$')}\s*(?::[^=]+)?|(?:module\.)?exports\.${name.replace(/\$/g, '\\$')}\s*)=\s*`,
      ),
    ) ??
    (() => {
      const all = objectAt(/\bmodule\.exports\s*=\s*/) ?? objectAt(/\bexport\s+default\s+/);
      if (all) {
        const inner = memberObject(all, [name]);
        if (inner) return inner;
        // `module.exports = { createUser }`: the shorthand names a `const` of the module.
        if (splitArgs(all.slice(1, -1)).includes(name))
          return objectAt(new RegExp(String.raw`\b(?:const|let|var)\s+${name.replace(/\$/g, '\\$')}\s*=\s*`));
      }
      return null;
    })();
  if (named !== null) {
    const obj = exported(named);
    return obj ? memberObject(obj, members) : null;
  }
  if (namespace || members.length > 0) {
    const [first, ...rest] = members;
    if (first === undefined) return null;
    const obj = exported(first);
    return obj ? memberObject(obj, rest) : null;
  }
  const all = objectAt(/\bmodule\.exports\s*=\s*/) ?? objectAt(/\bexport\s+default\s+/);
  return all;
}

/** A zod / Joi `object({ … })` expression as a JSON Schema object, its fields read by `validatorField`; null when none is read. */
function validatorObject(objectExpr: string): Record<string, unknown> | null {
  const inner = /\(\s*\{/.exec(objectExpr);
  if (!inner) return null;
  const brace = inner.index + inner[0].length - 1;
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const entry of splitArgs(objectExpr.slice(brace + 1, closing(objectExpr, brace) - 1))) {
    const m = /^\s*["']?([\w$-]+)["']?\s*:\s*([\s\S]+)$/.exec(entry);
    if (!m) continue;
    const field = validatorField(m[2]!);
    properties[m[1]!] = field.schema;
    if (!field.optional) required.push(m[1]!);
  }
  return Object.keys(properties).length > 0 ? { type: 'object', properties, ...(required.length > 0 ? { required } : {}) } : null;
}

/**
 * The `z.object(…)` expression a name is declared with in this file or in a module it imports the name from
 * (`export const addToCartSchema = z.object({ … })`): a Fastify route's `schema: { body: addToCartSchema }` under
 * fastify-type-provider-zod. Null otherwise.
 */
function zodDeclaration(code: string, imported: ReadonlyMap<string, string>, name: string): string | null {
  if (!/^[\w$]+$/.test(name)) return null;
  const esc = name.replace(/\$/g, '\\$');
  const find = (text: string): string | null => {
    const d = new RegExp(String.raw`\b(?:const|let|var)\s+${esc}\s*(?::[^=]+)?=\s*(z\s*\.\s*(?:strict)?[oO]bject\s*\()`).exec(text);
    if (!d) return null;
    const open = d.index + d[0].length - 1;
    return text.slice(d.index + d[0].length - d[1]!.length, closing(text, open));
  };
  const own = find(code);
  if (own) return own;
  const bind = new RegExp(String.raw`\bimport\s*(?:type\s+)?\{[^}]*\b${esc}\b[^}]*\}\s*from\s*(["'])([^"']+)\1`).exec(code);
  const text = bind ? imported.get(bind[2]!) : undefined;
  return text === undefined ? null : find(text);
}

/**
 * The `{ … }` a name is declared with in this file or in the module it is imported from, under its own name or
 * another (`import { schema as createPostSchema } from './create-post'` with `export const schema = { body: … }`):
 * a Fastify route's `schema: createPostSchema`. Null otherwise.
 */
function objectDeclaration(code: string, imported: ReadonlyMap<string, string>, name: string): string | null {
  if (!/^[\w$]+$/.test(name)) return null;
  const find = (text: string, n: string): string | null => {
    const d = new RegExp(String.raw`\b(?:const|let|var)\s+${n.replace(/\$/g, '\\$')}\s*(?::[^=]+)?=\s*\{`).exec(text);
    if (!d) return null;
    const open = d.index + d[0].length - 1;
    return text.slice(open, closing(text, open));
  };
  const own = find(code, name);
  if (own) return own;
  for (const m of code.matchAll(/\bimport\s*(?:type\s+)?\{([^}]*)\}\s*from\s*(["'])([^"']+)\2/g))
    for (const spec of m[1]!.split(',')) {
      const b = /^\s*([\w$]+)(?:\s+as\s+([\w$]+))?\s*$/.exec(spec);
      const text = b && (b[2] ?? b[1]) === name ? imported.get(m[3]!) : undefined;
      if (text !== undefined) return find(text, b![1]!);
    }
  return null;
}

/** zod / Joi schemas by the call that builds them, as JSON Schema: `z.string().email()`, `Joi.number().required()`. */
function validatorField(expr: string): { schema: Record<string, unknown>; optional: boolean } {
  const base = /^\s*(?:z|Joi|joi|yup)\s*\.\s*(\w+)/.exec(expr)?.[1] ?? '';
  const schema: Record<string, unknown> =
    base === 'string'
      ? /\.email\s*\(/.test(expr)
        ? { type: 'string', format: 'email' }
        : /\.(?:url|uri)\s*\(/.test(expr)
          ? { type: 'string', format: 'uri' }
          : /\.uuid\s*\(/.test(expr)
            ? { type: 'string', format: 'uuid' }
            : { type: 'string' }
      : base === 'number'
        ? /\.int(?:eger)?\s*\(/.test(expr)
          ? { type: 'integer' }
          : { type: 'number' }
        : base === 'boolean'
          ? { type: 'boolean' }
          : base === 'array'
            ? { type: 'array' }
            : base === 'object'
              ? { type: 'object' }
              : base === 'date'
                ? { type: 'string', format: 'date-time' }
                : {};
  // zod: required unless `.optional()` / `.nullish()` / `.default(…)`; Joi and yup: optional unless `.required()`.
  const optional = /^\s*z\s*\./.test(expr) ? /\.(?:optional|nullish|default)\s*\(/.test(expr) : !/\.required\s*\(/.test(expr);
  return { schema, optional };
}

/**
 * What an Express, Koa or Fastify route declares of its request and responses. Fastify: the
 * route options' `schema.body`, `schema.querystring` and `schema.response` when they are object
 * literals (inline or a `const` of the file). Express / Koa: a zod / Joi object written inline or
 * as a `const` of the file that the handler checks `req.body` with, else the fields the handler
 * reads from `req.body` (`req.body.name`, `const { name } = req.body`, Koa's
 * `ctx.request.body`), each as a JSON body's property of unknown type.
 */
function jsRequest(
  code: string,
  file: string,
  open: number,
  method: string,
  lookup?: (expr: string) => string | null,
  zod?: (name: string) => string | null,
  objectText?: (name: string) => string | null,
): { request?: RouteRequest; responses?: RouteResponse[] } {
  const close = closing(code, open);
  const args = splitArgs(code.slice(open + 1, close - 1));
  const at = (offset: number): string => `${file}:${lineAt(code, offset)}`;
  const withBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method);
  const out: { request?: RouteRequest; responses?: RouteResponse[] } = {};
  // Fastify route options.
  for (const a of args.slice(1, -1)) {
    const options = a.trim().startsWith('{') ? a.trim() : null;
    const schemaAt = options ? /\bschema\s*:\s*/.exec(options) : null;
    // `{ schema, handler }`: the shorthand names a variable `schema`.
    const shorthand = options && !schemaAt && splitArgs(options.slice(1, closing(options, 0) - 1)).includes('schema');
    if (!options || (!schemaAt && !shorthand)) continue;
    const schemaExpr = schemaAt ? options.slice(schemaAt.index + schemaAt[0].length) : 'schema';
    const written = schemaExpr.startsWith('{')
      ? schemaExpr.slice(0, closing(schemaExpr, 0))
      : (/^[\w$]+(?:\.[\w$]+)*/.exec(schemaExpr)?.[0] ?? '');
    const routeSchema = written.startsWith('{') ? jsObjectLiteral(written) : jsObjectOf(code, written, lookup);
    // A schema object declared by name with zod calls in it (here or in the module it is imported from): its text.
    const schemaText = routeSchema || written.startsWith('{') ? written : (objectText?.(written) ?? written);
    const part = (key: string): Record<string, unknown> | null => {
      if (routeSchema) return (routeSchema[key] as Record<string, unknown> | undefined) ?? null;
      // A schema object with variables in it: each part on its own (`body: CreateUser`).
      const m = new RegExp(String.raw`\b${key}\s*:\s*`).exec(schemaText);
      if (!m) return null;
      const rest = schemaText.slice(m.index + m[0].length);
      // fastify-type-provider-zod: `body: z.object({ … })` written in the schema object.
      const inline = /^z\s*\.\s*(?:strict)?[oO]bject\s*\(/.exec(rest);
      if (inline) return validatorObject(rest.slice(0, closing(rest, inline[0].length - 1)));
      const name = rest.startsWith('{') ? rest : (/^[\w$]+(?:\.[\w$]+)*/.exec(rest)?.[0] ?? '');
      const object = jsObjectOf(code, name, lookup);
      if (object) return object;
      // fastify-type-provider-zod: `body: addToCartSchema`, a `z.object({ … })`.
      const zodText = zod?.(name);
      return zodText ? validatorObject(zodText) : null;
    };
    const source = at(code.indexOf(a, open));
    const body = part('body');
    if (body && withBody) out.request = { ...out.request, body: { contentType: 'application/json', schema: body, source } };
    const qs = part('querystring') ?? part('query');
    const props = qs?.properties as Record<string, Record<string, unknown>> | undefined;
    if (props) {
      const required = new Set(Array.isArray(qs!.required) ? (qs!.required as string[]) : []);
      out.request = {
        ...out.request,
        query: Object.entries(props).map(([name, schema]) => ({ name, required: required.has(name), schema, source })),
      };
    }
    const response = part('response');
    if (response) {
      const responses = Object.entries(response)
        .filter(([status]) => /^[1-5]\d\d$/.test(status))
        .map(([status, schema]) => ({
          status,
          ...(Object.keys(schema as object).length > 0
            ? { contentType: 'application/json', schema: schema as Record<string, unknown> }
            : {}),
          source,
        }));
      if (responses.length > 0) out.responses = responses.sort((x, y) => (x.status < y.status ? -1 : 1));
    } else {
      // A response schema written with builders (`404: Type.Object({ … })`, TypeBox) or names of another
      // file: its statuses, the keys of the `response` object, even when its schemas are not read.
      const r = /\bresponse\s*:\s*\{/.exec(schemaText);
      if (r) {
        const brace = r.index + r[0].length - 1;
        const keys = splitArgs(schemaText.slice(brace + 1, closing(schemaText, brace) - 1))
          .map((e) => /^\s*["']?([1-5]\d\d)["']?\s*:/.exec(e)?.[1])
          .filter((k): k is string => k !== undefined);
        if (keys.length > 0) out.responses = [...new Set(keys)].sort().map((status) => ({ status, source }));
      }
    }
  }
  // The handler: the last argument written inline, or a function of this file by name.
  const last = args.at(-1)?.trim() ?? '';
  let handler = '';
  let handlerAt = open;
  if (/^(?:async\s+)?(?:function\b|\([^)]*\)\s*=>|[\w$]+\s*=>)/.test(last)) {
    handler = last;
    handlerAt = code.indexOf(last, open);
  } else if (/^[\w$]+$/.test(last)) {
    const decl = new RegExp(
      String.raw`(?:\bfunction\s+${last.replace(/\$/g, '\\$')}\s*\(|\b(?:const|let|var)\s+${last.replace(/\$/g, '\\$')}\s*=\s*(?:async\s+)?(?:function\b|\(|[\w$]+\s*=>))`,
    ).exec(code);
    const brace = decl ? code.indexOf('{', decl.index) : -1;
    if (decl && brace > 0) {
      handler = code.slice(decl.index, closing(code, brace));
      handlerAt = decl.index;
    }
  }
  if (!handler) return out;
  const lineIn = (offset: number): string => at(handlerAt + offset);
  if (!out.responses) {
    const answered = jsStatuses(handler);
    if (answered.length > 0) out.responses = answered.map((r) => ({ ...r, source: lineIn(r.at) })).map(({ at: _at, ...r }) => r);
  }
  if (out.request?.body || !withBody) return out;
  // express-validator chains among the route's middleware: `check('email').isEmail()`, `body('name').notEmpty()`.
  const validated: string[] = [];
  const optional = new Set<string>();
  let validatedAt = -1;
  for (const a of args.slice(1, -1))
    for (const m of a.matchAll(/\b(?:check|body)\s*\(\s*(["'])([\w$.-]+)\1/g)) {
      const name = m[2]!.split('.')[0]!;
      if (!validated.includes(name)) validated.push(name);
      const open = m.index + m[0].length;
      const chain = /^[^,]*?(?=\s*,\s*(?:check|body)\s*\(|$)/.exec(a.slice(open))?.[0] ?? '';
      if (/\.\s*optional\s*\(/.test(chain)) optional.add(name);
      if (validatedAt < 0) validatedAt = code.indexOf(a, open - a.length < 0 ? 0 : open);
    }
  const BODY = String.raw`(?:req|request|ctx\.request)\.body`;
  const NOT_ASSIGNED = String.raw`(?!\s*(?:[-+*/|&?]{0,2})=(?!=))`;
  // A zod / Joi object the handler validates the body with.
  const check = new RegExp(
    String.raw`(?:([\w$]+)|((?:z|Joi|joi)\.object\s*\((?:[^()]|\([^()]*\))*\)))\s*\.\s*(?:parse|safeParse|parseAsync|validate|validateAsync)\s*\(\s*${BODY}\s*[,)]`,
  ).exec(handler);
  if (check) {
    let objectExpr = check[2] ?? '';
    if (check[1]) {
      const decl = new RegExp(String.raw`\b(?:const|let|var)\s+${check[1].replace(/\$/g, '\\$')}\s*=\s*((?:z|Joi|joi)\.object\s*\()`).exec(
        code,
      );
      if (decl) objectExpr = code.slice(decl.index + decl[0].length - decl[1]!.length, closing(code, decl.index + decl[0].length - 1));
    }
    const inner = /\(\s*\{/.exec(objectExpr);
    if (inner) {
      const brace = inner.index + inner[0].length - 1;
      const properties: Record<string, unknown> = {};
      const required: string[] = [];
      for (const entry of splitArgs(objectExpr.slice(brace + 1, closing(objectExpr, brace) - 1))) {
        const m = /^\s*["']?([\w$-]+)["']?\s*:\s*([\s\S]+)$/.exec(entry);
        if (!m) continue;
        const field = validatorField(m[2]!);
        properties[m[1]!] = field.schema;
        if (!field.optional) required.push(m[1]!);
      }
      if (Object.keys(properties).length > 0) {
        out.request = {
          ...out.request,
          body: {
            contentType: 'application/json',
            schema: { type: 'object', properties, ...(required.length > 0 ? { required } : {}) },
            source: lineIn(check.index),
          },
        };
        return out;
      }
    }
  }
  // The fields the handler reads.
  const fields: string[] = [];
  let first = -1;
  // (`req.body.user = req.user.id` is the handler writing a field, not the client sending it.)
  for (const m of handler.matchAll(
    new RegExp(String.raw`${BODY}(?:\.([\w$]+)(?![\w$])|\[\s*["']([\w$-]+)["']\s*\])${NOT_ASSIGNED}`, 'g'),
  )) {
    const name = (m[1] ?? m[2])!;
    if (!fields.includes(name)) fields.push(name);
    if (first < 0) first = m.index;
  }
  for (const m of handler.matchAll(new RegExp(String.raw`\b(?:const|let|var)\s*\{([^}]*)\}\s*=\s*${BODY}\b`, 'g'))) {
    for (const part of m[1]!.split(',')) {
      const name = /^\s*([\w$]+)/.exec(part)?.[1];
      if (name && !part.trim().startsWith('...') && !fields.includes(name)) fields.push(name);
    }
    if (first < 0 || m.index < first) first = m.index;
  }
  if (validated.length > 0) {
    const required = validated.filter((v) => !optional.has(v));
    out.request = {
      ...out.request,
      body: {
        contentType: 'application/json',
        schema: {
          type: 'object',
          properties: Object.fromEntries([...validated, ...fields.filter((f) => !validated.includes(f))].map((f) => [f, {}])),
          ...(required.length > 0 ? { required } : {}),
        },
        source: at(
          code.indexOf(
            args.slice(1, -1).find((a) => /\b(?:check|body)\s*\(/.test(a))!,
            open,
          ),
        ),
      },
    };
    return out;
  }
  if (fields.length > 0)
    out.request = {
      ...out.request,
      body: {
        contentType: 'application/json',
        schema: { type: 'object', properties: Object.fromEntries(fields.map((f) => [f, {}])) },
        source: lineIn(first),
      },
    };
  return out;
}

/** @fastify/sensible's replies by the status they send. */
const SENSIBLE: Record<string, string> = {
  badRequest: '400',
  unauthorized: '401',
  forbidden: '403',
  notFound: '404',
  conflict: '409',
  unprocessableEntity: '422',
  internalServerError: '500',
};

/**
 * The statuses an Express / Koa / Fastify handler answers with, where its body writes them:
 * `res.status(201).json(…)`, `res.sendStatus(204)`, a `res.json(…)` / `res.send(…)` with no status
 * before it (200), `res.render(…)` (200, HTML), `res.redirect(…)` (302); Fastify's `reply.code(201)`
 * / `reply.status(…)` and @fastify/sensible's `reply.notFound()` …. Each with its offset in the handler.
 */
function jsStatuses(handler: string): Array<{ status: string; contentType?: string; at: number }> {
  const out: Array<{ status: string; contentType?: string; at: number }> = [];
  const add = (status: string, at: number, contentType?: string): void => {
    if (!out.some((o) => o.status === status)) out.push({ status, at, ...(contentType ? { contentType } : {}) });
  };
  for (const m of handler.matchAll(
    /\b(res|response|reply|ctx)\s*\.\s*(status|code|sendStatus|json|send|render|redirect|\w+)\s*\(\s*(\d{3})?/g,
  )) {
    const [, , call, digits] = m;
    // The call right after a status is that status's body: `res.status(400).json(…)`.
    const before = handler.slice(Math.max(0, m.index - 40), m.index);
    const chained = /\)\s*\.\s*$/.test(before) || /\.\s*$/.test(before);
    if ((call === 'status' || call === 'code' || call === 'sendStatus') && digits) {
      const next =
        call === 'sendStatus' ? undefined : /^\s*\)\s*\.\s*(json|render|send)\s*\(/.exec(handler.slice(m.index + m[0].length))?.[1];
      add(digits, m.index, next === 'json' ? 'application/json' : next === 'render' ? 'text/html' : undefined);
    } else if (chained) continue;
    else if (call === 'json' || (call === 'send' && m[1] !== 'ctx')) add('200', m.index, call === 'json' ? 'application/json' : undefined);
    else if (call === 'render') add('200', m.index, 'text/html');
    else if (call === 'redirect') add('302', m.index);
    else if (m[1] === 'reply' && SENSIBLE[call!]) add(SENSIBLE[call!]!, m.index);
  }
  // A status set and then answered in a chain on the next lines: `res\n  .status(400)\n  .json(…)`.
  for (const m of handler.matchAll(/\b(?:res|response|reply)\s*\n\s*\.\s*(?:status|code)\s*\(\s*(\d{3})/g)) add(m[1]!, m.index);
  // A Fastify handler (`(request, reply)`, or async without a response object) answers what it returns:
  // 200, unless the handler set a status before that return.
  const params = /^[^(]*\(([^)]*)\)/.exec(handler)?.[1] ?? '';
  const fastifyLike = /\breply\b/.test(params) || (/^\s*async\b/.test(handler) && !/,/.test(params));
  if (fastifyLike)
    for (const m of handler.matchAll(/\breturn\s+(?!(?:reply|res|next|undefined|null)\b|;)\S/g))
      if (!/\breply\s*\.\s*(?:code|status)\s*\(/.test(handler.slice(0, m.index))) add('200', m.index, 'application/json');
  return out.sort((a, b) => (a.status < b.status ? -1 : 1));
}

/** `app.setGlobalPrefix('api')` / `app.setGlobalPrefix(prefix, { exclude: ['health'] })` of a NestJS bootstrap file. */
/** The versions a NestJS `version:` / `@Version(…)` / `defaultVersion:` gives: `'1'`, `['1', '2']` (VERSION_NEUTRAL and constants: none). */
const nestVersions = (expr: string | undefined): string[] =>
  expr === undefined
    ? []
    : [...expr.matchAll(new RegExp(STRING, 'g'))].map((x) => literal(x[1]!)).filter((x): x is string => x !== null && x !== '');

/**
 * NestJS URI versioning (`app.enableVersioning({ type: VersioningType.URI })`, the type Nest uses
 * when none is given): a controller's `version: '1'` or a handler's `@Version('1')`, else the
 * `defaultVersion`, puts `/v1` (the `prefix:` option, `v` by default) before the controller's path.
 */
function nestVersioning(s: SourceFile, code: string): Pick<FileRoutes, 'nestVersioning'> {
  const m = /\.enableVersioning\s*\(/.exec(code);
  if (!m || inSpan(stringSpans(s), m.index)) return {};
  const open = m.index + m[0].length - 1;
  const options = code.slice(open + 1, closing(code, open) - 1);
  if (/\btype\s*:/.test(options) && !/\btype\s*:\s*(?:VersioningType\.)?URI\b/.test(options)) return {};
  const prefixExpr = /\bprefix\s*:\s*([^,}\n]+)/.exec(options)?.[1]?.trim();
  const prefix = prefixExpr === undefined ? 'v' : prefixExpr === 'false' ? '' : (literal(prefixExpr) ?? 'v');
  const dflt = /\bdefaultVersion\s*:\s*(\[[^\]]*\]|[^,}\n]+)/.exec(options)?.[1];
  return { nestVersioning: { prefix, defaultVersion: nestVersions(dflt) } };
}

/**
 * NestJS modules as routing sees them: `RouterModule.register([{ path: '/admin', module: AdminModule,
 * children: [{ path: '/x', module: XModule }] }])` (a child's path after its parent's), the controllers each
 * `@Module` declares, and `registerAs('ns', () => ({ … }))` config factories.
 */
function nestModules(s: SourceFile, code: string): Pick<FileRoutes, 'nestRouterPaths' | 'nestModules' | 'nestConfig'> {
  const out: Pick<FileRoutes, 'nestRouterPaths' | 'nestModules' | 'nestConfig'> = {};
  const spans = stringSpans(s);
  const routes: Array<{ module: string; path: string }> = [];
  const walk = (list: string, parent: string, depth: number): void => {
    if (depth > 6) return;
    for (const entry of splitArgs(list.trim().replace(/^\[|\]$/g, ''))) {
      const e = entry.trim();
      if (!e.startsWith('{')) continue;
      const body = e.slice(1, closing(e, 0) - 1);
      const fields = new Map(
        splitArgs(body).flatMap((f) => {
          const m = /^([\w$]+)\s*:\s*([\s\S]*)$/.exec(f.trim());
          return m ? [[m[1]!, m[2]!.trim()] as const] : [];
        }),
      );
      const own = fields.has('path') ? literal(fields.get('path')!) : '';
      if (own === null) continue;
      const here = joinPath(parent, own);
      const mod = fields.get('module');
      if (mod && /^[\w$]+$/.test(mod)) routes.push({ module: mod, path: here });
      const children = fields.get('children');
      if (children?.startsWith('[')) walk(children.slice(0, closing(children, 0)), here, depth + 1);
    }
  };
  for (const m of code.matchAll(/\b\w*RouterModule\s*\.\s*register\s*\(/g)) {
    if (inSpan(spans, m.index)) continue;
    const open = m.index + m[0].length - 1;
    walk(splitArgs(code.slice(open + 1, closing(code, open) - 1))[0] ?? '', '', 0);
  }
  if (routes.length > 0) out.nestRouterPaths = routes;
  const modules: Array<{ name: string; controllers: string[] }> = [];
  for (const m of code.matchAll(/@Module\s*\(\s*\{/g)) {
    if (inSpan(spans, m.index)) continue;
    const open = m.index + m[0].length - 1;
    const body = code.slice(open, closing(code, open));
    const name = /^\s*\)\s*(?:export\s+)?(?:default\s+)?class\s+(\w+)/.exec(code.slice(open + body.length))?.[1];
    const list = /\bcontrollers\s*:\s*\[([^\]]*)\]/.exec(body)?.[1];
    if (name && list)
      modules.push({
        name,
        controllers: list
          .split(',')
          .map((x) => x.trim())
          .filter((x) => /^\w+$/.test(x)),
      });
  }
  if (modules.length > 0) out.nestModules = modules;
  const config: Array<{ namespace: string; object: string }> = [];
  for (const m of code.matchAll(new RegExp(String.raw`\bregisterAs\s*\(\s*${STRING}\s*,`, 'g'))) {
    const ns = literal(m[1]!);
    const open = code.indexOf('(', m.index);
    const factory = code.slice(m.index + m[0].length, closing(code, open) - 1);
    // `() => ({ … })`, `(): T => ({ … })` or a body `{ return { … }; }`.
    const obj = /=>\s*\(\s*\{/.exec(factory) ?? /\breturn\s*\{/.exec(factory);
    if (ns === null || !obj) continue;
    const at = obj.index + obj[0].length - 1;
    config.push({ namespace: ns, object: factory.slice(at, closing(factory, at)) });
  }
  if (config.length > 0) out.nestConfig = config;
  return out;
}

/** The string literal at a dotted member path of an object literal's text (`{ a: { b: '/api' } }`, ['a', 'b']); null when it is no literal. */
function objectMember(text: string, members: readonly string[]): string | null {
  let obj = text;
  for (let i = 0; i < members.length; i++) {
    if (!obj.startsWith('{')) return null;
    const inner = obj.slice(1, closing(obj, 0) - 1);
    let value: string | undefined;
    for (const entry of splitArgs(inner)) {
      const m = /^(?:["']([\w$-]+)["']|([\w$]+))\s*:\s*([\s\S]*)$/.exec(entry.trim());
      if (m && (m[1] ?? m[2]) === members[i]) value = m[3]!.trim();
    }
    if (value === undefined) return null;
    if (i === members.length - 1) return literal(value);
    obj = value;
  }
  return null;
}

function nestGlobalPrefix(s: SourceFile, code: string, imported: ReadonlyMap<string, string> = new Map()): Pick<FileRoutes, 'nestPrefix'> {
  // routing-controllers: `createExpressServer({ routePrefix: '/api', controllers })` (also `useExpressServer`, Koa's).
  const rc = /\b(?:create|use)(?:Express|Koa)Server\s*\(/.exec(code);
  if (rc && !inSpan(stringSpans(s), rc.index)) {
    const open = rc.index + rc[0].length - 1;
    const given = /\broutePrefix\s*:\s*([^,}\n]+)/.exec(code.slice(open, closing(code, open)))?.[1];
    const prefix = given === undefined ? undefined : prefixArg(given, s.rel, lineAt(code, rc.index));
    // `routePrefix: env.app.routePrefix`, a member of an object an imported module exports that reads an
    // environment variable with no default (`getOsEnv('APP_ROUTE_PREFIX')`): the variable's name, its value
    // looked up in the repository's example environment file once every file is read.
    if (prefix?.unresolved && given !== undefined) {
      const member = /^([\w$]+)((?:\.[\w$]+)+)$/.exec(given.trim());
      const root = member?.[1];
      const spec = root
        ? new RegExp(String.raw`import\s*\{[^}]*?\b${root.replace(/\$/g, '\\$')}\b[^}]*\}\s*from\s*["']([^"']+)["']`).exec(code)?.[1]
        : undefined;
      const text = spec ? imported.get(spec) : undefined;
      const raw = text && member ? exportedRaw(text, root!, member[2]!.slice(1).split('.')) : null;
      const name = raw === null ? null : envName(raw);
      if (name) prefix.envName = name;
    }
    if (prefix) return { nestPrefix: { ...prefix, exclude: [] } };
  }
  const m = /\.setGlobalPrefix\s*\(/.exec(code);
  if (!m || inSpan(stringSpans(s), m.index)) return {};
  const open = m.index + m[0].length - 1;
  const [first, options] = splitArgs(code.slice(open + 1, closing(code, open) - 1));
  // A prefix read from the configuration (`configService.get<string>('app.globalPrefix')`, directly or through a
  // local constant): the key, looked up in the `registerAs` factories once every file is read.
  const local =
    first && /^[\w$]+$/.test(first.trim())
      ? new RegExp(String.raw`\b(?:const|let|var)\s+${first.trim().replace(/\$/g, '\\$')}\s*(?::[^=]+)?=\s*([^;\n]+)`).exec(code)?.[1]
      : undefined;
  const configKey = new RegExp(String.raw`\.get(?:OrThrow)?\s*(?:<[^>]*>)?\s*\(\s*${STRING}`).exec(local ?? first ?? '')?.[1];
  const prefix = prefixArg(first, s.rel, lineAt(code, m.index));
  if (!prefix) return {};
  if (configKey && prefix.unresolved) prefix.configKey = literal(configKey) ?? undefined;
  const excluded = options ? /\bexclude\s*:\s*\[([^\]]*)\]/.exec(options)?.[1] : undefined;
  const exclude = excluded
    ? [...excluded.matchAll(new RegExp(STRING, 'g'))]
        .map((x) => literal(x[1]!))
        .filter((x): x is string => x !== null)
        .map((x) => joinPath(x))
    : [];
  return { nestPrefix: { ...prefix, exclude } };
}

/**
 * NestJS's global prefix on every controller route of its application: the `setGlobalPrefix` of
 * the bootstrap file whose folder (`apps/api/src` → `apps/api`) holds the controller, the nearest
 * one in a monorepo of several applications; a route its `exclude` names keeps its path.
 */
function applyNestPrefix(
  routes: Route[],
  found: ReadonlyMap<string, FileRoutes>,
  env: ReadonlyMap<string, { value: string; at: string }> = new Map(),
): void {
  const versioning = [...found.values()].find((f) => f.nestVersioning)?.nestVersioning;
  // RouterModule paths: a controller's module registered under a path serves the controller below it
  // (after the global prefix and the version).
  const moduleOf = new Map<string, string>();
  for (const f of found.values()) for (const m of f.nestModules ?? []) for (const c of m.controllers) moduleOf.set(c, m.name);
  const modulePath = new Map<string, string>();
  for (const f of found.values()) for (const r of f.nestRouterPaths ?? []) if (!modulePath.has(r.module)) modulePath.set(r.module, r.path);
  for (let i = 0; i < routes.length; i++) {
    const { nestController, ...r } = routes[i]!;
    if (r.framework !== 'nestjs') continue;
    const mod = nestController ? moduleOf.get(nestController) : undefined;
    const under = mod ? modulePath.get(mod) : undefined;
    routes[i] = under && under !== '/' ? { ...r, path: r.path === '/' ? joinPath(under) : joinPath(under, r.path) } : r;
  }
  for (let i = routes.length - 1; i >= 0; i--) {
    const { nestVersion, ...r } = routes[i]!;
    if (r.framework !== 'nestjs') continue;
    const versions = versioning ? (nestVersion && nestVersion.length > 0 ? nestVersion : versioning.defaultVersion) : [];
    routes.splice(
      i,
      1,
      ...(versions.length === 0
        ? [r]
        : versions.map((v) => (v === '' ? r : { ...r, path: joinPath(`${versioning!.prefix}${v}`, r.path) }))),
    );
  }
  const globals = [...found].flatMap(([file, f]) =>
    f.nestPrefix
      ? [
          {
            root: path
              .dirname(file)
              // The application's folder: what precedes its `src` (`src/loaders/server.ts` → the repository's root).
              .replace(/(?:^|\/)src(?:\/.*)?$/, '')
              .replace(/^\.$/, ''),
            p: f.nestPrefix,
          },
        ]
      : [],
  );
  if (globals.length === 0) return;
  // A prefix read from the configuration: the literal at that key of a `registerAs` factory (`app.globalPrefix`
  // → `registerAs('app', () => ({ globalPrefix: '/api' }))`).
  const configs = [...found.values()].flatMap((f) => f.nestConfig ?? []);
  for (const g of globals) {
    const key = g.p.configKey?.split('.');
    if (!key || key.length < 2) continue;
    const value = configs
      .filter((c) => c.namespace === key[0])
      .map((c) => objectMember(c.object, key.slice(1)))
      .find((v): v is string => v !== null);
    if (value !== undefined) g.p = { path: value, exclude: g.p.exclude };
  }
  // A prefix read from an environment variable with no default in the code: written with the value the
  // repository's example environment file gives it (`.env.example`: `APP_ROUTE_PREFIX=/api`), and still
  // marked unresolved with both citations — the environment decides it at run time (as a settings default).
  for (const g of globals) {
    const given = g.p.unresolved && g.p.envName ? env.get(g.p.envName) : undefined;
    if (given)
      g.p = {
        path: given.value,
        exclude: g.p.exclude,
        unresolved: `${g.p.unresolved} (${g.p.envName!} is ${JSON.stringify(given.value)} in ${given.at}, the path's prefix unless the environment sets another)`,
      };
  }
  for (let i = 0; i < routes.length; i++) {
    const r = routes[i]!;
    if (r.framework !== 'nestjs') continue;
    const g = globals.filter((x) => x.root === '' || r.file.startsWith(`${x.root}/`)).sort((a, b) => b.root.length - a.root.length)[0];
    if (!g || g.p.exclude.includes(r.path)) continue;
    routes[i] = {
      ...r,
      path: r.path === '/' ? joinPath(g.p.path) : joinPath(g.p.path, r.path),
      ...(g.p.unresolved && r.resolved ? { resolved: false, unresolvedPrefix: g.p.unresolved } : {}),
      ...(g.p.fromDefault ? { prefixDefault: g.p.fromDefault } : {}),
    };
  }
}

/**
 * The project's own controller decorators among the modules a file imports: a function returning
 * `applyDecorators(Controller(prefix), …)` (`export function ApiController(prefix: string, dto) {…}`) — its name
 * and which of its parameters is the controller's path (or the path it writes itself).
 */
function nestControllerDecorators(imported: ReadonlyMap<string, string>): Map<string, { param: number } | { path: string }> {
  const out = new Map<string, { param: number } | { path: string }>();
  for (const other of imported.values()) {
    if (!/\bapplyDecorators\s*\(/.test(other)) continue;
    for (const f of other.matchAll(/\bexport\s+(?:function\s+(\w+)\s*\(|const\s+(\w+)\s*(?::[^=]+)?=\s*(?:\(|function\s*\())/g)) {
      const open = f.index + f[0].length - 1;
      const close = closing(other, open);
      const params = splitArgs(other.slice(open + 1, close - 1)).map((p) => /^\s*(\w+)/.exec(p)?.[1] ?? '');
      // The body: up to the next top-level export (a function's braces, an arrow's expression).
      const next = other.slice(close).search(/\n\s*export\b/);
      const body = other.slice(close, next < 0 ? other.length : close + next);
      const call = /\bapplyDecorators\s*\([\s\S]*?\bController\s*\(\s*([^)]*?)\s*\)/.exec(body);
      if (!call) continue;
      const arg = call[1]!;
      const lit = arg === '' ? '' : literal(arg);
      const index = params.indexOf(arg);
      if (lit !== null) out.set((f[1] ?? f[2])!, { path: lit });
      else if (index >= 0) out.set((f[1] ?? f[2])!, { param: index });
    }
  }
  return out;
}

/**
 * The project's own method decorators among the modules a file imports: a function returning
 * `applyDecorators(Get(path), …)` (`export function ApiGet(path: string) {…}`) — its name, the Nest method decorator
 * it wraps and which of its parameters is the route's path (or the path it writes itself).
 */
function nestMethodDecorators(
  imported: ReadonlyMap<string, string>,
): Map<string, { method: string } & ({ param: number; fallback: string | null } | { path: string })> {
  const out = new Map<string, { method: string } & ({ param: number; fallback: string | null } | { path: string })>();
  for (const other of imported.values()) {
    if (!/\bapplyDecorators\s*\(/.test(other)) continue;
    for (const f of other.matchAll(/\bexport\s+(?:function\s+(\w+)\s*\(|const\s+(\w+)\s*(?::[^=]+)?=\s*(?:\(|function\s*\())/g)) {
      const open = f.index + f[0].length - 1;
      const close = closing(other, open);
      const rawParams = splitArgs(other.slice(open + 1, close - 1));
      const params = rawParams.map((p) => /^\s*(\w+)/.exec(p)?.[1] ?? '');
      const next = other.slice(close).search(/\n\s*export\b/);
      const body = other.slice(close, next < 0 ? other.length : close + next);
      const call = /\bapplyDecorators\s*\([\s\S]*?\b(Get|Post|Put|Patch|Delete|Head|Options|All)\s*\(\s*([^)]*?)\s*\)/.exec(body);
      if (!call) continue;
      const arg = call[2]!;
      const lit = arg === '' ? '' : literal(arg);
      const index = params.indexOf(arg);
      const name = (f[1] ?? f[2])!;
      if (lit !== null) out.set(name, { method: call[1]!, path: lit });
      else if (index >= 0) {
        // A default the parameter is given (`route = ''`) is the path when the call leaves it out.
        const def = /=\s*([\s\S]+)$/.exec(rawParams[index] ?? '')?.[1]?.trim();
        out.set(name, { method: call[1]!, param: index, fallback: def !== undefined ? literal(def) : null });
      }
    }
  }
  return out;
}

/**
 * The code with each use of a project method decorator (`@ApiGet(':id', 'One item')`) written as the Nest one it
 * wraps (`@Get(':id')`), its line breaks kept so that every line stays where it was (padded with spaces when
 * shorter); a use whose path is not a literal is left as it is.
 */
function nestRewriteMethodDecorators(code: string, imported: ReadonlyMap<string, string>): string {
  const custom = nestMethodDecorators(imported);
  if (custom.size === 0) return code;
  let out = '';
  let at = 0;
  for (const d of code.matchAll(/@(\w+)\s*\(/g)) {
    if (d.index < at) continue;
    const known = custom.get(d[1]!);
    if (!known) continue;
    const open = d.index + d[0].length - 1;
    const end = closing(code, open);
    const args = splitArgs(code.slice(open + 1, end - 1));
    let path: string | null;
    if ('path' in known) path = known.path;
    else {
      const given = args[known.param]?.trim();
      path = given === undefined || given === '' ? known.fallback : literal(given);
    }
    if (path === null) continue;
    const text = `@${known.method}(${JSON.stringify(path)})`;
    const span = code.slice(d.index, end);
    const breaks = span.replace(/[^\n]/g, '');
    out += code.slice(at, d.index) + text + ' '.repeat(Math.max(0, span.length - text.length - breaks.length)) + breaks;
    at = end;
  }
  return out + code.slice(at);
}

/** NestJS: `@Controller('users')` on the class, `@Get(':id')` on the methods. */
function nest(s: SourceFile, original: string, imported: ReadonlyMap<string, string> = new Map()): FileRoutes {
  // `@ApiGet(':id')`, the project's own decorator wrapping `Get(path)`, read as the `@Get(':id')` it stands for.
  const code = nestRewriteMethodDecorators(original, imported);
  const routes: Route[] = [];
  // A path given as a constant (`@Controller(routes.version)`, `@Get(routes.user.root)`) is written `{{routes.version}}`
  // until every file's constants are known (`resolveNestConstants`).
  const controllers: Array<{ index: number; text: string; quoted?: string; name?: string }> = [
    ...code.matchAll(
      // routing-controllers' `@JsonController('/pets')` is a controller's path as Nest's `@Controller` is.
      new RegExp(String.raw`@(?:Json)?Controller\s*\(\s*(?:${STRING}|\{[^}]*\bpath\s*:\s*${STRING}[^}]*\}|([A-Za-z_$][\w$.]*))?\s*\)`, 'g'),
    ),
  ].map((c) => ({
    index: c.index,
    text: c[0],
    ...((c[1] ?? c[2]) !== undefined ? { quoted: (c[1] ?? c[2])! } : {}),
    ...(c[3] ? { name: c[3] } : {}),
  }));
  // The project's own decorator wrapping `Controller(prefix)`: `@ApiController('/api/v1/contacts', Dto)` on a class.
  const custom = nestControllerDecorators(imported);
  if (custom.size > 0) {
    for (const d of code.matchAll(/@(\w+)\s*\(/g)) {
      const known = custom.get(d[1]!);
      if (
        !known ||
        !/^\s*(?:@\w+(?:\s*\((?:[^()]|\([^()]*\))*\))?\s*)*(?:export\s+)?(?:default\s+)?(?:abstract\s+)?class\b/.test(
          code.slice(closing(code, d.index + d[0].length - 1)),
        )
      )
        continue;
      const open = d.index + d[0].length - 1;
      const args = splitArgs(code.slice(open + 1, closing(code, open) - 1));
      const arg = 'path' in known ? JSON.stringify(known.path) : args[known.param]?.trim();
      const quoted = arg !== undefined && literal(arg) !== null ? arg : undefined;
      controllers.push({
        index: d.index,
        text: code.slice(d.index, closing(code, open)),
        ...(quoted !== undefined ? { quoted } : arg !== undefined && /^[A-Za-z_$][\w$.]*$/.test(arg) ? { name: arg } : { quoted: "''" }),
      });
    }
    controllers.sort((a, b) => a.index - b.index);
  }
  for (const m of code.matchAll(
    new RegExp(
      String.raw`@(Get|Post|Put|Patch|Delete|Head|Options|All)\s*\(\s*(?:${STRING}|(\[[^\]]*\])|([A-Za-z_$][\w$.]*))?\s*\)\s*(?:@\w+(?:\.\w+)*\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)\s*)*(?:(?:public|private|protected|async|static)\s+)*(\w+)\s*\(`,
      'g',
    ),
  )) {
    const controller = controllers.filter((c) => c.index < m.index).at(-1);
    const base = controller?.quoted;
    const versionAt = decoratorsStart(code, m.index);
    const own = /@Version\s*\(\s*(\[[^\]]*\]|[^)]*)\)/.exec(code.slice(versionAt, m.index + m[0].length))?.[1];
    const versionExpr = own ?? (controller ? /\bversion\s*:\s*(\[[^\]]*\]|[^,}\n]+)/.exec(controller.text)?.[1] : undefined);
    // `VERSION_NEUTRAL` serves the route with no version (written '' here), alone or beside versions.
    const version = [...nestVersions(versionExpr), ...(versionExpr && /\bVERSION_NEUTRAL\b/.test(versionExpr) ? [''] : [])];
    const prefix = base ? literal(base) : controller?.name ? `{{${controller.name}}}` : '';
    // `@Get(['live', 'alive'])`: one route per path of the array.
    const ownPaths: Array<string | null> = m[2]
      ? [literal(m[2])]
      : m[3]
        ? [...m[3].matchAll(new RegExp(STRING, 'g'))].map((x) => literal(x[1]!))
        : m[4]
          ? [`{{${m[4]}}}`]
          : [''];
    const controllerClass = controller ? /\bclass\s+(\w+)/.exec(code.slice(controller.index))?.[1] : undefined;
    const method = m[1]!.toUpperCase() === 'ALL' ? 'ANY' : m[1]!.toUpperCase();
    const typed = nestTyped(s, code, m.index, m.index + m[0].length - 1, method);
    for (const ownPath of ownPaths.length > 0 ? ownPaths : [null])
      routes.push({
        method,
        // Nest strips a path's trailing slash: `@Get('/')` on `@Controller('hello')` is `/hello`, `@Delete('/users/:id/')` is `…/users/:id`.
        path: joinPath(prefix ?? '', ownPath === '/' ? '' : (ownPath ?? '')).replace(/(.)\/+$/, '$1'),
        framework: 'nestjs',
        file: s.rel,
        line: lineAt(code, m.index),
        handler: m[5]!,
        resolved: prefix !== null && ownPath !== null,
        ...(version.length > 0 ? { nestVersion: version } : {}),
        ...(controllerClass ? { nestController: controllerClass } : {}),
        ...(typed ? { typed } : {}),
      });
  }
  const tsImports: NonNullable<FileRoutes['tsImports']> = [];
  if (routes.some((r) => r.path.includes('{{')))
    for (const i of code.matchAll(/\bimport\s*(?:type\s+)?\{([^}]*)\}\s*from\s*(["'])([^"']+)\2/g))
      for (const part of i[1]!.split(',')) {
        const [orig, alias] = part.trim().split(/\s+as\s+/);
        if (orig && /^\w+$/.test(orig)) tsImports.push({ name: alias ?? orig, orig, spec: i[3]! });
      }
  return { routes, mounts: [], ...(tsImports.length > 0 ? { tsImports } : {}) };
}

/**
 * The string constants a TypeScript / JavaScript file declares, flattened by their dotted names:
 * `const v1 = 'v1'`, `export const routes = { version: v1, user: { delete: `/${users}/:id` } }` →
 * `v1`, `routes.version`, `routes.user.delete`. Values are string literals, templates whose
 * substitutions are such constants, constants by name (shorthand properties too) and nested objects.
 */
function tsConstants(code: string): Map<string, string> {
  const out = new Map<string, string>();
  const value = (expr: string, name: string, depth: number): void => {
    const e = expr.trim().replace(/\s+as\s+const$/, '');
    if (depth > 6) return;
    const lit = literal(e);
    if (lit !== null) {
      out.set(name, lit);
      return;
    }
    if (/^`[^`]*`$/.test(e)) {
      let ok = true;
      const v = e.slice(1, -1).replace(/\$\{\s*([\w.]+)\s*\}/g, (_, x: string) => {
        const got = out.get(x);
        if (got === undefined) ok = false;
        return got ?? '';
      });
      if (ok) out.set(name, v);
      return;
    }
    if (/^[\w.]+$/.test(e) && out.has(e)) {
      out.set(name, out.get(e)!);
      return;
    }
    if (e.startsWith('{') && e.endsWith('}'))
      for (const prop of splitArgs(e.slice(1, -1))) {
        const kv = /^\s*(?:(\w+)|["'](\w+)["'])\s*(?::\s*([\s\S]+))?$/.exec(prop);
        if (!kv) continue;
        const key = (kv[1] ?? kv[2])!;
        value(kv[3] ?? key, `${name}.${key}`, depth + 1);
      }
  };
  for (const m of code.matchAll(/^[ \t]*(?:export[ \t]+)?(?:const|let|var)[ \t]+(\w+)[ \t]*(?::[^=\n]+)?=[ \t]*/gm)) {
    const start = m.index + m[0].length;
    const end = code[start] === '{' ? closing(code, start) : code.indexOf('\n', start) < 0 ? code.length : code.indexOf('\n', start);
    value(code.slice(start, end).replace(/;\s*$/, ''), m[1]!, 0);
  }
  return out;
}

/**
 * NestJS paths given as constants (`{{routesV1.user.root}}`): read from the file's own constants,
 * else from the file its import of the name points at, else from the one file of the repository
 * declaring it. A constant that cannot be read leaves its part out of the path, the route marked
 * unresolved at the decorator.
 */
function resolveNestConstants(
  routes: Route[],
  found: ReadonlyMap<string, FileRoutes>,
  sources: readonly SourceFile[],
  edges: ReadonlyMap<string, ImportEdge[]>,
): Set<string> {
  const used = new Set<string>();
  const pending = routes.filter((r) => r.framework === 'nestjs' && r.path.includes('{{'));
  if (pending.length === 0) return used;
  const ts = sources.filter((x) => ['TypeScript', 'JavaScript', 'TSX'].includes(x.language));
  const byRel = new Map(ts.map((x) => [x.rel, x]));
  const constantsOf = (rel: string): Map<string, string> => {
    const src = byRel.get(rel);
    return src ? perFile(src.text, `tsconst\0${rel}`, () => tsConstants(codeOf(src))) : new Map();
  };
  const lookup = (file: string, expr: string): string | undefined => {
    const own = constantsOf(file).get(expr);
    if (own !== undefined) return own;
    const [first, ...rest] = expr.split('.');
    const imp = found.get(file)?.tsImports?.find((i) => i.name === first);
    if (!imp) return undefined;
    const target = (edges.get(file) ?? []).find((e) => e.spec === imp.spec)?.to;
    const key = [imp.orig, ...rest].join('.');
    const targetFile = target && (target.endsWith('/') ? `${target}index.ts` : target);
    const hit = targetFile ? constantsOf(targetFile).get(key) : undefined;
    if (hit !== undefined) {
      used.add(targetFile!);
      return hit;
    }
    // Re-exported or aliased away: the one value the repository's files give that name.
    const everywhere = ts.flatMap((x) => {
      const v = constantsOf(x.rel).get(key);
      return v === undefined ? [] : [{ rel: x.rel, v }];
    });
    if (everywhere.length === 0 || new Set(everywhere.map((x) => x.v)).size !== 1) return undefined;
    for (const x of everywhere) used.add(x.rel);
    return everywhere[0]!.v;
  };
  for (const r of pending) {
    const missing: string[] = [];
    const parts = r.path.split('/').map((seg) =>
      seg.replace(/\{\{([\w$.]+)\}\}/g, (_, expr: string) => {
        const v = lookup(r.file, expr);
        if (v === undefined) missing.push(expr);
        return v ?? '';
      }),
    );
    r.path = joinPath(...parts.filter((p) => p !== '').map((p) => `/${p}`));
    if (missing.length > 0) {
      r.resolved = false;
      r.unresolvedPrefix ??= `${r.file}:${r.line} ${missing.join(', ')}`;
    }
  }
  return used;
}

/**
 * What a NestJS handler declares: `@Body() dto: CreateDto` (JSON; `@Body('user')` under that key,
 * `@Body('title') title: string` one field), `@Query('limit') limit?: number` and `@Query() q:
 * ListDto` (query parameters), `@UploadedFile()` (multipart), the return type (`Promise<T>`,
 * `Observable<T>`) and the status — `@HttpCode(…)`, else Nest's 201 for POST and 200 otherwise.
 */
function nestTyped(s: SourceFile, code: string, at: number, open: number, method: string): TypedRequest | undefined {
  const close = closing(code, open);
  const start = decoratorsStart(code, at);
  const before = code.slice(start, open);
  const source = `${s.rel}:${lineAt(code, at)}`;
  const t: TypedRequest = { language: 'ts' };
  const fields: string[] = [];
  const files: string[] = [];
  const brace = /^\s*(?::\s*[^{;]+?)?\s*\{/.exec(code.slice(close));
  const body = brace ? code.slice(close + brace[0].length - 1, closing(code, close + brace[0].length - 1)) : '';
  /** The calls of the handler's body that take `name` as an argument, with its position (`this.ideas.showAll(page)` → showAll, 0). */
  const passedTo = (name: string): Array<{ method: string; index: number }> => {
    const out: Array<{ method: string; index: number }> = [];
    for (const c of body.matchAll(/\.\s*([\w$]+)\s*\(/g)) {
      const o = c.index + c[0].length - 1;
      const index = splitArgs(body.slice(o + 1, closing(body, o) - 1)).indexOf(name);
      if (index >= 0) out.push({ method: c[1]!, index });
    }
    return out;
  };
  for (const p of splitArgs(code.slice(open + 1, close - 1))) {
    const d =
      /@(Body|Query|UploadedFile|UploadedFiles)\s*\(\s*(?:(["'`])([^"'`]*)\2)?(?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)\s*(?:(?:public|private|readonly)\s+)*(\w+)(\?)?\s*(?::\s*([\s\S]+))?$/.exec(
        p.trim(),
      );
    if (!d) continue;
    const [, kind, , key, name, optional, type] = d;
    if (kind === 'Body') {
      if (key && type && /^(?:string|number|boolean)$/.test(type.trim())) fields.push(key);
      else
        t.body = {
          ...(type ? { type: type.trim() } : { fields: [] }),
          contentType: 'application/json',
          source,
          ...(key ? { wrap: key } : {}),
        };
    } else if (kind === 'Query') {
      if (key) {
        // `page: number = 1` (a default of the parameter) or `new DefaultValuePipe(1)`: the route answers without it.
        const typed = type ? /^([^=]*?)\s*=(?!>)\s*[\s\S]+$/.exec(type) : null;
        const defaulted = typed !== null || /\bDefaultValuePipe\b/.test(p);
        const calls = optional || defaulted ? [] : passedTo(name!);
        t.query = [
          ...(t.query ?? []),
          {
            name: key,
            type: (typed?.[1] ?? type)?.trim() || 'string',
            required: !optional && !defaulted,
            source,
            ...(calls.length > 0 ? { passedTo: calls } : {}),
          },
        ];
      } else if (type) t.queryType = { type: type.trim(), source };
    } else {
      // The form field of the file: the interceptor's (`FileInterceptor('avatar')`, a decorator naming it `{ name: 'avatar' }`), else the parameter's name.
      const field = /\b\w*File\w*\s*\(\s*(?:\{[^}]*?\bname\s*:\s*)?["'](\w+)["']/.exec(before)?.[1] ?? name!;
      files.push(field);
    }
  }
  // Files with a DTO body: one multipart form of both; files alone: the form's only fields.
  if (files.length > 0)
    t.body = t.body?.type
      ? { ...t.body, files, contentType: 'multipart/form-data' }
      : { fields: [...fields, ...files], files, contentType: 'multipart/form-data', source };
  if (fields.length > 0 && !t.body) t.body = { fields, contentType: 'application/json', source };
  const httpCode = /@HttpCode\s*\(\s*([\w.]+)\s*\)/.exec(before)?.[1];
  const status = (httpCode && statusCode(httpCode.replace(/^HttpStatus\./, ''))) || (method === 'POST' ? '201' : '200');
  // `@Res() res` (without `passthrough: true`): the handler sends its response itself and Nest's status is not
  // sent; its statuses are those it writes (`res.status(201)`, `res.sendStatus(204)`), each cited at its line,
  // else Express's 200 at its first `res.json(…)` / `res.send(…)`; none claimed when it writes neither.
  const resName = splitArgs(code.slice(open + 1, close - 1))
    .map((p) => /^@(?:Res|Response)\s*\(\s*(\{[^}]*\})?\s*\)\s*(?:(?:public|private|readonly)\s+)*(\w+)/.exec(p.trim()))
    .find((m) => m !== null && !/\bpassthrough\s*:\s*true\b/.test(m[1] ?? ''))?.[2];
  const bodyAt = brace ? close + brace[0].length - 1 : close;
  const written: Array<{ status: string; source: string }> = [];
  if (resName) {
    for (const w of body.matchAll(new RegExp(String.raw`\b${resName}\s*\.\s*(?:status|sendStatus)\s*\(\s*([\w.]+)\s*\)`, 'g'))) {
      const st = statusCode(w[1]!);
      if (st && !written.some((x) => x.status === st)) written.push({ status: st, source: `${s.rel}:${lineAt(code, bodyAt + w.index)}` });
    }
    const sent = new RegExp(String.raw`\b${resName}\s*\.\s*(?:json|send)\s*\(`).exec(body);
    if (written.length === 0 && sent) written.push({ status: '200', source: `${s.rel}:${lineAt(code, bodyAt + sent.index)}` });
  }
  const returns = /^\s*:\s*([^{;]+?)\s*\{/.exec(code.slice(close))?.[1];
  const returned = returns && !/^(?:Promise<)?void>?$/.test(returns) ? returns : undefined;
  const declared = nestApiResponses(before, (i) => `${s.rel}:${lineAt(code, start + i)}`);
  const apiBody = /@ApiBody\s*\(\s*\{[^}]*\btype\s*:\s*(\[\s*[\w.]+\s*\]|[\w.]+)/.exec(before)?.[1];
  if (apiBody && !t.body?.type && !t.body?.files)
    t.body = { type: arrayType(apiBody, /\bisArray\s*:\s*true\b/.test(before)), contentType: 'application/json', source };
  const redirect = /@Redirect\s*\(/.test(before);
  if (!redirect) {
    // Declared responses (`@ApiResponse`, `@ApiOkResponse` …) as written; the handler's own status
    // stays unless a declared success replaces it, and it is typed by the return type when no `type:` says.
    const own = { status, ...(returned ? { contentType: 'application/json', type: returned } : {}), source };
    const success = declared.some((d) => /^2/.test(d.status));
    t.responses = [
      ...(success ? [] : resName ? written : [own]),
      ...declared.map((d) => (d.status === status && !d.type && returned ? { ...d, contentType: 'application/json', type: returned } : d)),
    ];
  }
  return t;
}

/** `[Cat]` or `Cat` with `isArray: true` → `Cat[]`. */
const arrayType = (type: string, isArray: boolean): string => {
  const inner = /^\[\s*([\w.]+)\s*\]$/.exec(type)?.[1];
  return inner ? `${inner}[]` : isArray ? `${type}[]` : type;
};

/**
 * The responses a NestJS handler declares with `@nestjs/swagger`: `@ApiResponse({ status: 404 })`
 * (a number or `HttpStatus.X`) and the named shorthands (`@ApiOkResponse`, `@ApiCreatedResponse`,
 * `@ApiNotFoundResponse` …, `@ApiDefaultResponse`), each with its `type:` (`[Cat]` or `isArray: true`
 * for a list) and its `description:` as the maintainers wrote it.
 */
function nestApiResponses(decorators: string, sourceAt: (offset: number) => string): NonNullable<TypedRequest['responses']> {
  const out: NonNullable<TypedRequest['responses']> = [];
  for (const m of decorators.matchAll(/@Api(\w*)Response\s*\(/g)) {
    const open = m.index + m[0].length - 1;
    const args = decorators.slice(open + 1, closing(decorators, open) - 1);
    const status =
      m[1] === ''
        ? statusCode(/\bstatus\s*:\s*([\w.]+)/.exec(args)?.[1] ?? '')
        : m[1] === 'Default'
          ? 'default'
          : statusCode(`Status${m[1]}`);
    if (!status || out.some((x) => x.status === status)) continue;
    const type = /\btype\s*:\s*(\[\s*[\w.]+\s*\]|[\w.]+)/.exec(args)?.[1];
    const description = /\bdescription\s*:\s*(["'`])((?:(?!\1)[^\\\n]|\\.)*)\1/.exec(args)?.[2];
    out.push({
      status,
      ...(type ? { contentType: 'application/json', type: arrayType(type, /\bisArray\s*:\s*true\b/.test(args)) } : {}),
      ...(description ? { description } : {}),
      source: sourceAt(m.index),
    });
  }
  return out;
}

/**
 * Where the decorators stacked right before `at` begin (`@ApiResponse({ … })`, `@HttpCode(204)`,
 * `@UseGuards(A, B)`), walking back over each `@name(…)` whole — its arguments may hold braces.
 */
function decoratorsStart(code: string, at: number): number {
  let start = at;
  for (;;) {
    let i = start - 1;
    while (i >= 0 && /\s/.test(code[i]!)) i--;
    if (code[i] !== ')') return start;
    let depth = 0;
    for (; i >= 0; i--) {
      if (code[i] === ')') depth++;
      else if (code[i] === '(' && --depth === 0) break;
    }
    const name = /@[\w$.]+\s*$/.exec(code.slice(Math.max(0, i - 200), i));
    if (i < 0 || !name) return start;
    start = i - (code.slice(Math.max(0, i - 200), i).length - name.index);
  }
}

/** A prefix as far as it is known: its path, and where a part that could not be read is given. */
interface Prefix {
  path: string;
  /** an environment variable with no default in the code the prefix is read from, looked up in `.env.example` */
  envName?: string;
  /** `path:line expression` of the first part that is not a constant */
  unresolved?: string;
  /** a NestJS configuration key the prefix is read from (`app.globalPrefix`), resolved across files */
  configKey?: string | undefined;
  /** `path:line NAME` of a part read from an environment variable's default */
  fromDefault?: string;
  /** the `if` the mount giving this prefix is nested in (Python: a conditional `include_router`) */
  condition?: { text: string; source: string };
}

const joinPrefix = (a: Prefix, b: string | Prefix): Prefix => {
  const other: Prefix = typeof b === 'string' ? { path: b } : b;
  return {
    path: joinPath(a.path, other.path),
    ...((a.unresolved ?? other.unresolved) ? { unresolved: (a.unresolved ?? other.unresolved)! } : {}),
    ...((a.fromDefault ?? other.fromDefault) ? { fromDefault: (a.fromDefault ?? other.fromDefault)! } : {}),
    ...((a.condition ?? other.condition) ? { condition: (a.condition ?? other.condition)! } : {}),
  };
};

/**
 * The `if` a Python statement (1-based `line`) is nested in, with the file and line of the `if` (an `elif` / `else`
 * branch: its own header). `if __name__ == "__main__":` is the script's entry, no condition on a route.
 */
function pyCondition(code: string, file: string, line: number): { text: string; source: string } | undefined {
  const lines = code.split('\n');
  const at = lines[line - 1];
  if (at === undefined) return undefined;
  let indent = /^[ \t]*/.exec(at)![0].length;
  for (let i = line - 2; i >= 0 && indent > 0; i--) {
    const l = lines[i]!;
    if (l.trim() === '' || l.trim().startsWith('#') || l.trim().startsWith('@')) continue;
    const own = /^[ \t]*/.exec(l)![0].length;
    if (own >= indent) continue;
    indent = own;
    const m = /^[ \t]*(if|elif|else)\b[ \t]*([^\n]*?):[ \t]*(?:#.*)?$/.exec(l);
    if (!m) continue;
    if (/__name__\s*==/.test(m[2]!)) return undefined;
    return { text: m[1] === 'else' ? 'else (of the if above)' : m[2]!.trim(), source: `${file}:${i + 1}` };
  }
  return undefined;
}

/**
 * An environment variable read with a literal default — `process.env.API_PREFIX || '/api'` (also
 * `??`, `process.env['X']`), Python's `os.getenv('X', '/api')` / `os.environ.get('X', '/api')` —:
 * the variable's name and the default. Null for anything else.
 */
export function envDefault(expr: string): { name: string; value: string } | null {
  const e = expr.trim();
  const js = new RegExp(String.raw`^process\.env(?:\.([\w$]+)|\[\s*["']([\w$]+)["']\s*\])\s*(?:\|\||\?\?)\s*${STRING}$`).exec(e);
  if (js) {
    const value = literal(js[3]!);
    return value === null ? null : { name: (js[1] ?? js[2])!, value };
  }
  const py = new RegExp(String.raw`^os\.(?:getenv|environ\.get)\(\s*["']([\w]+)["']\s*,\s*${STRING}\s*\)$`).exec(e);
  if (py) {
    const value = literal(py[2]!);
    return value === null ? null : { name: py[1]!, value };
  }
  return null;
}

/** The name of an environment variable read with no default: `process.env.X`, `process.env['X']`, a one-argument reader (`getOsEnv('X')`, `readEnv('X')`, `env('X')`). */
export function envName(expr: string): string | null {
  const e = expr.trim();
  const m =
    /^process\.env(?:\.([\w$]+)|\[\s*["']([\w$]+)["']\s*\])$/.exec(e) ??
    /^(?:[\w$]+\.)?[\w$]*[Ee]nv[\w$]*\s*\(\s*["'](\w+)["']\s*\)$/.exec(e);
  return m ? (m[1] ?? m[2] ?? m[3] ?? null) : null;
}

/** The text of `members` of the object a module exports as `export const <exported> = {…}`; null when not there. */
function exportedRaw(code: string, exported: string, members: readonly string[]): string | null {
  const head = new RegExp(String.raw`\bexport\s+(?:const|let|var)\s+${exported.replace(/\$/g, '\\$')}\s*(?::[^=]+)?=\s*\{`).exec(code);
  if (!head) return null;
  const open = head.index + head[0].length - 1;
  let obj = code.slice(open, closing(code, open));
  for (let i = 0; i < members.length; i++) {
    if (!obj.startsWith('{')) return null;
    let value: string | undefined;
    for (const entry of splitArgs(obj.slice(1, -1))) {
      const m = /^(?:["']([\w$-]+)["']|([\w$]+))\s*:\s*([\s\S]*)$/.exec(entry.trim());
      if (m && (m[1] ?? m[2]) === members[i]) value = m[3]!.trim();
    }
    if (value === undefined) return null;
    if (i === members.length - 1) return value;
    obj = value.startsWith('{') ? value.slice(0, closing(value, 0)) : value;
  }
  return null;
}

/** `NAME=value` lines of example environment files (`.env.example`, `.env.sample`): each name's value and where. */
export function exampleEnv(files: readonly SourceFile[]): Map<string, { value: string; at: string }> {
  const out = new Map<string, { value: string; at: string }>();
  for (const f of files) {
    if (!ENV_EXAMPLE.test(f.rel)) continue;
    f.text.split('\n').forEach((line, i) => {
      const m = /^\s*(?:export\s+)?([A-Za-z_]\w*)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s#]*))/.exec(line);
      if (m && !out.has(m[1]!)) out.set(m[1]!, { value: m[2] ?? m[3] ?? m[4] ?? '', at: `${f.rel}:${i + 1}` });
    });
  }
  return out;
}

/** An example environment file, committed to show the settings: never a real `.env`. */
export const ENV_EXAMPLE = /(?:^|\/)\.env\.(?:example|sample|template|dist)$/;

/** A prefix argument: its constant value, an environment variable's default (said so), or unresolved with its citation. */
function prefixArg(expr: string | undefined, file: string, line: number): Prefix | undefined {
  if (expr === undefined) return undefined;
  const value = literal(expr.trim());
  if (value !== null) return { path: value };
  const env = envDefault(expr);
  if (env) return { path: env.value, fromDefault: `${file}:${line} ${env.name}` };
  return { path: '', unresolved: `${file}:${line} ${expr.trim()}` };
}

/**
 * The value of `members` (`['api', 'prefix']`) of the object a module exports (`export default {
 * api: { prefix: '/api' } }`, `module.exports = {…}`, `export const config = {…}` for `exported`
 * 'config', or a `const` it exports by name), read from its text: a string literal, or an
 * environment variable's default. `kind` 'other' when the member is there but is no string (a
 * function: the argument is middleware, not a path); null when it cannot be read.
 */
export function exportedMember(
  code: string,
  exported: string | null,
  members: readonly string[],
): { kind: 'value'; value: string; env?: string; offset: number } | { kind: 'other' } | null {
  const heads =
    exported === null
      ? [/\bexport\s+default\s+/, /\bmodule\.exports\s*=\s*/]
      : [new RegExp(String.raw`\bexport\s+(?:const|let|var)\s+${exported.replace(/\$/g, '\\$')}\s*(?::[^=]+)?=\s*`)];
  let open = -1;
  for (const h of heads) {
    const m = h.exec(code);
    if (!m) continue;
    let at = m.index + m[0].length;
    // `export default config` with `const config = {…}` (maybe `as const`).
    const name = /^([\w$]+)\s*;?/.exec(code.slice(at))?.[1];
    if (name && name !== 'function' && name !== 'class') {
      const decl = new RegExp(String.raw`\b(?:const|let|var)\s+${name.replace(/\$/g, '\\$')}\s*(?::[^=]+)?=\s*`).exec(code);
      if (!decl) continue;
      at = decl.index + decl[0].length;
    }
    if (code[at] === '{') {
      open = at;
      break;
    }
  }
  if (open < 0) return null;
  let text = code.slice(open, closing(code, open));
  let offset = open;
  for (let i = 0; i < members.length; i++) {
    const inner = text.slice(1, -1);
    let found: { value: string; at: number } | null = null;
    let from = 0;
    for (const entry of splitArgs(inner)) {
      const at = inner.indexOf(entry, from);
      from = at + entry.length;
      const m = /^(?:["']([\w$-]+)["']|([\w$]+))\s*:\s*/.exec(entry);
      if (m && (m[1] ?? m[2]) === members[i]) found = { value: entry.slice(m[0].length).trim(), at: offset + 1 + at + m[0].length };
      // `{ prefix }` shorthand is a variable: unknown here.
      else if (entry === members[i]) return null;
    }
    if (!found) return null;
    if (i === members.length - 1) {
      const value = literal(found.value.replace(/\s+as\s+const$/, ''));
      if (value !== null) return { kind: 'value', value, offset: found.at };
      const env = envDefault(found.value);
      if (env) return { kind: 'value', value: env.value, env: env.name, offset: found.at };
      if (/^(?:async\s+)?(?:function\b|\([^)]*\)\s*=>|[\w$]+\s*=>)/.test(found.value)) return { kind: 'other' };
      return null;
    }
    if (!found.value.startsWith('{')) return null;
    text = found.value.slice(0, closing(found.value, 0));
    offset = found.at;
  }
  return null;
}

/** What one Python file declares for Flask / FastAPI: router objects, routes on them, mounts, and its imported names. */
interface PyFile {
  /** the file's code, comments blanked (read again when a router is followed through calls) */
  code: string;
  /** `bp = Blueprint(…, url_prefix=…)`, `router = APIRouter(prefix=…)`, `app = Flask(…)` / `FastAPI(…)` */
  objects: Array<{ name: string; kind: 'flask' | 'fastapi'; prefix?: Prefix }>;
  /** other names of those objects: `users_router = r = APIRouter()`, `bp = blueprint` */
  aliases?: Array<{ name: string; of: string }>;
  routes: Array<{
    obj: string;
    method: string;
    path: string;
    line: number;
    handler: string;
    fastapi: boolean;
    def?: { params: string; body: string; line: number; bodyAt: number; bodyLine: number; returns?: string; decorators?: string };
    /** FastAPI's `response_model=` and `status_code=` as written in the decorator */
    responseModel?: string;
    statusCode?: string;
    /** the object is a parameter of the function the route is declared in (`def generate(router): @router.get(…)`) */
    param?: { fn: string; index: number; name: string };
    /** the function the route is declared in, and its parameters (closure values a handler's defaults may name) */
    outer?: { fn: string; params: string[] };
    /** the path is a name imported from another module (`@app.route(METRICS_PATH)`), resolved across files */
    pathConst?: string;
    /** Flask-RESTful `api.add_resource(BookApi, '/books')`: the `Resource` class whose methods the route answers */
    resource?: string;
    /** the file `resource` is named in, when not this one (a route table of another module) */
    resourceFile?: string;
  }>;
  /** Flask-RESTful `[api.add_resource(*r) for r in routes]`: `api` registers each `(Resource, "/path", …)` of the table `routes` */
  resourceTables?: Array<{ obj: string; table: string; line: number }>;
  /** `parent.register_blueprint(child, url_prefix=…)` / `parent.include_router(child, prefix=…)` */
  mounts: Array<{
    parent: string;
    child: string;
    prefix?: Prefix;
    line: number;
    childArgs?: string[];
    /** `orders = build_orders()` then `register_blueprint(orders)`: the variable and the function it is assigned in */
    childVar?: { name: string; fn?: string };
  }>;
  /** local name → imported module (`from M import orig as name`: orig; `import M as name`: null) */
  imports: Array<{ name: string; module: string; orig: string | null }>;
  /** modules the file star-imports (`from .order import *`): a package's `__init__.py` re-exporting its modules */
  stars?: string[];
  /** string defaults of settings classes' fields (`api_prefix: str = "/api"` in `class AppSettings(BaseSettings)`) */
  defaults: Array<{ name: string; value: string; line: number }>;
  /** classes with their bases and the HTTP-method handlers they define (`def get(self, …)`): Django views */
  classes: Array<{
    name: string;
    bases: string[];
    methods: string[];
    line?: number;
    fields?: Array<{ name: string; type: string; line: number; hasDefault: boolean; form?: string; args?: string }>;
    /** DRF: `serializer_class = X`; a serializer's `Meta.fields` and `Meta.read_only_fields` */
    serializer?: string;
    metaFields?: string[];
    readOnly?: string[];
    /** DRF ModelSerializer: `Meta.model`, and the fields `Meta.extra_kwargs` names */
    metaModel?: string;
    extraKwargs?: string[];
    /** every method the class body defines (`def list`, `def create`…: a DRF viewset's actions) */
    defs?: string[];
    /** DRF `@action(detail=…, methods=[…], url_path=…)` methods */
    actions?: Array<{ name: string; detail: boolean; methods: string[]; urlPath: string; line: number }>;
    /** DRF `lookup_url_kwarg` / `lookup_field` */
    lookup?: string;
    /** `http_method_names = [...]` */
    httpMethods?: string[];
  }>;
  /** functions with the methods a decorator limits them to (`@api_view(['GET'])`, `@require_POST`) */
  functions: Array<{ name: string; methods: string[] }>;
  /** FastAPI dependency aliases: `SessionDep = Annotated[Session, Depends(get_db)]` */
  dependencies?: string[];
  /** module-level instances of a class: `post_schema = PostSchema()`, `update_schema = UserSchema(partial=True)` */
  instances?: Array<{ name: string; cls: string; args: string }>;
}

const PY_VERBS = 'route|get|post|put|patch|delete|head|options|api_route|websocket';

/** Flask and FastAPI declarations of one file (prefixes are resolved across files by `pythonRoutes`). */
function pyFile(s: SourceFile, code: string): PyFile {
  const spans = stringSpans(s);
  const out: PyFile = { code, objects: [], routes: [], mounts: [], imports: [], defaults: [], classes: [], functions: [] };
  const dependencies = [
    ...code.matchAll(/^(\w+)[ \t]*(?::[ \t]*TypeAlias[ \t]*)?=[ \t]*(?:typing\.)?Annotated\[[^\n]*?\b(?:Depends|Security)\s*\(/gm),
    // `current_user_dependency = Depends(get_current_user)`: a default of this name is the dependency, not a parameter.
    ...code.matchAll(/^(\w+)[ \t]*(?::[^=\n]+)?=[ \t]*(?:fastapi\.)?(?:Depends|Security)\s*\(/gm),
  ].map((m) => m[1]!);
  if (dependencies.length > 0) out.dependencies = dependencies;
  const instances = [...code.matchAll(/^(\w+)[ \t]*=[ \t]*([A-Z]\w*)[ \t]*\(([^\n]*)\)[ \t]*$/gm)].map((m) => ({
    name: m[1]!,
    cls: m[2]!,
    args: m[3]!,
  }));
  if (instances.length > 0) out.instances = instances;
  for (const m of code.matchAll(/^class[ \t]+(\w+)[ \t]*(?:\(([^)]*)\))?[ \t]*:[^\n]*\n((?:(?:[ \t]+[^\n]*)?\n)*)/gm)) {
    // The body's indentation is its first line with code (a comment, blanked to spaces, sets none).
    const indent = /^([ \t]+)\S/m.exec(m[3]!)?.[1] ?? '';
    const methods = [
      ...m[3]!.matchAll(new RegExp(String.raw`^${indent}(?:async[ \t]+)?def[ \t]+(get|post|put|patch|delete|head|options)[ \t]*\(`, 'gm')),
    ].map((x) => x[1]!.toUpperCase());
    // Annotated fields (pydantic: `email: str`, `bio: Optional[str] = None`) and WTForms fields (`email = StringField(…)`).
    const bodyAt = m.index + m[0].length - m[3]!.length;
    const fields: NonNullable<PyFile['classes'][number]['fields']> = [];
    // (An annotation's own `=` inside parentheses or brackets, `constr(min_length=1)`, is no default.)
    for (const f of m[3]!.matchAll(
      new RegExp(String.raw`^${indent}(\w+)[ \t]*(?::[ \t]*((?:[^=\n(\[]|\([^)\n]*\)|\[[^\]\n]*\])+?))?[ \t]*(?:=[ \t]*([^\n]*))?$`, 'gm'),
    )) {
      if (f[1] === 'class' || f[1] === 'def' || f[1]!.startsWith('_')) continue;
      const form = f[3]
        ? /^(?:\w+\.)?(\w+Field|\w+Serializer|auto_field|String|Str|Integer|Int|Float|Boolean|Bool|Email|Url|URL|DateTime|Date|Nested|List|Dict|UUID|Decimal|Number)\s*\(/.exec(
            f[3],
          )?.[1]
        : undefined;
      if (f[2] === undefined && !form) continue;
      fields.push({
        name: f[1]!,
        type: (f[2] ?? '').trim(),
        line: lineAt(code, bodyAt + f.index),
        // (A `Field(` whose arguments go on over the next lines is read to its closing parenthesis.)
        hasDefault: hasPyDefault(
          f[3] !== undefined && /\bField\s*\(\s*$/.test(f[3])
            ? (() => {
                const open = f.index + f[0].lastIndexOf('(');
                return `Field(${m[3]!.slice(open + 1, closing(m[3]!, open) - 1).trim()})`;
              })()
            : f[3],
        ),
        // The field's arguments, over several lines too (`many=True` on the next line).
        ...(form
          ? (() => {
              // The class's name after the `=` (a field named `tagList` holds `List` too).
              const at = f[0].indexOf(form, f[0].indexOf('='));
              const open = f.index + at + form.length + (/^\s*/.exec(f[0].slice(at + form.length))?.[0].length ?? 0);
              return { form, args: m[3]![open] === '(' ? m[3]!.slice(open + 1, closing(m[3]!, open) - 1) : f[3]! };
            })()
          : {}),
      });
    }
    const serializer = new RegExp(String.raw`^${indent}serializer_class[ \t]*=[ \t]*([\w.]+)`, 'm').exec(m[3]!)?.[1];
    const names = (key: string): string[] | undefined => {
      const list = new RegExp(String.raw`^[ \t]+${key}[ \t]*=[ \t]*[[(]([^\])]*)[\])]`, 'm').exec(m[3]!)?.[1];
      return list === undefined ? undefined : [...list.matchAll(/["'](\w+)["']/g)].map((x) => x[1]!);
    };
    const metaFields = names('fields');
    const readOnly = names('read_only_fields');
    const meta = new RegExp(String.raw`^${indent}class[ \t]+Meta\b[^\n]*:\n((?:(?:${indent}[ \t]+[^\n]*|[ \t]*)\n?)*)`, 'm').exec(
      m[3]!,
    )?.[1];
    const metaModel = meta ? /^[ \t]+model[ \t]*=[ \t]*([\w.]+)[ \t]*(?:#.*)?$/m.exec(meta)?.[1] : undefined;
    const extra = meta ? /\bextra_kwargs[ \t]*=[ \t]*\{/.exec(meta) : null;
    const extraKwargs = extra
      ? [...meta!.slice(extra.index, closing(meta!, extra.index + extra[0].length - 1)).matchAll(/["'](\w+)["']\s*:/g)].map((x) => x[1]!)
      : undefined;
    const defs = [...m[3]!.matchAll(new RegExp(String.raw`^${indent}(?:async[ \t]+)?def[ \t]+(\w+)`, 'gm'))].map((x) => x[1]!);
    // DRF extra actions: `@action(detail=True, methods=['post'], url_path='x')` (and the older `@detail_route` / `@list_route`).
    const actions: NonNullable<PyFile['classes'][number]['actions']> = [];
    for (const a of m[3]!.matchAll(
      new RegExp(
        String.raw`^${indent}@(?:\w+\.)*(action|detail_route|list_route)\b([^\n]*(?:\n(?!${indent}(?:@|(?:async[ \t]+)?def\b))[^\n]*)*)\n((?:${indent}@[^\n]*\n)*)${indent}(?:async[ \t]+)?def[ \t]+(\w+)`,
        'gm',
      ),
    )) {
      const args = a[2]!;
      const list = /\bmethods\s*=\s*[[(]([^\])]*)[\])]/.exec(args)?.[1];
      actions.push({
        name: a[4]!,
        detail: a[1] === 'detail_route' || (a[1] === 'action' && /\bdetail\s*=\s*True\b/.test(args)),
        methods: list ? [...list.matchAll(/["'](\w+)["']/g)].map((x) => x[1]!.toUpperCase()) : ['GET'],
        urlPath: /\burl_path\s*=\s*[rR]?["']([^"']*)["']/.exec(args)?.[1] ?? a[4]!,
        line: lineAt(code, bodyAt + a.index),
      });
    }
    const lookup =
      new RegExp(String.raw`^${indent}lookup_url_kwarg[ \t]*=[ \t]*["'](\w+)["']`, 'm').exec(m[3]!)?.[1] ??
      new RegExp(String.raw`^${indent}lookup_field[ \t]*=[ \t]*["'](\w+)["']`, 'm').exec(m[3]!)?.[1];
    const allowed = new RegExp(String.raw`^${indent}http_method_names[ \t]*=[ \t]*[[(]([^\])]*)[\])]`, 'm').exec(m[3]!)?.[1];
    // A `@dataclass` (also `@dataclasses.dataclass(…)`, pydantic's) decorating the class.
    const dataclass = /(?:^|\n)[ \t]*@(?:\w+\.)*dataclass\b[^\n]*\n(?:[ \t]*@[^\n]*\n)*$/.test(
      code.slice(Math.max(0, m.index - 400), m.index),
    );
    out.classes.push({
      name: m[1]!,
      bases: [
        ...(m[2] ?? '')
          .split(',')
          .map((b) => b.trim().split('.').at(-1)!)
          .filter((b) => /^\w+$/.test(b)),
        ...(dataclass ? ['@dataclass'] : []),
      ],
      methods,
      line: lineAt(code, m.index),
      fields,
      defs,
      ...(serializer ? { serializer } : {}),
      ...(metaFields ? { metaFields } : {}),
      ...(readOnly ? { readOnly } : {}),
      ...(metaModel ? { metaModel } : {}),
      ...(extraKwargs ? { extraKwargs } : {}),
      ...(actions.length > 0 ? { actions } : {}),
      ...(lookup ? { lookup } : {}),
      ...(allowed !== undefined ? { httpMethods: [...allowed.matchAll(/["'](\w+)["']/g)].map((x) => x[1]!.toUpperCase()) } : {}),
    });
  }
  for (const m of code.matchAll(/((?:^[ \t]*@[^\n]*\n)+)[ \t]*(?:async[ \t]+)?def[ \t]+(\w+)/gm)) {
    const deco = m[1]!;
    const list = /@(?:\w+\.)*(?:api_view|require_http_methods)\s*\(\s*(?:http_method_names\s*=\s*)?[[(]([^\])]*)[\])]/.exec(deco)?.[1];
    const methods =
      list !== undefined
        ? [...list.matchAll(/["'](\w+)["']/g)].map((x) => x[1]!.toUpperCase())
        : // DRF's `@api_view` / `@api_view()` with no method list answers GET only (its default).
          /@(?:\w+\.)*api_view[ \t]*(?:\([ \t]*\))?[ \t]*$/m.test(deco)
          ? ['GET']
          : /@(?:\w+\.)*require_(GET|POST|safe)\b/.exec(deco)?.[1]?.replace('safe', 'GET').split(',');
    if (methods && methods.length > 0) out.functions.push({ name: m[2]!, methods });
  }
  for (const m of code.matchAll(/^class[ \t]+(\w+)[ \t]*(?:\(([^)]*)\))?[ \t]*:[^\n]*\n((?:(?:[ \t]+[^\n]*)?\n)*)/gm)) {
    if (!/Settings|Config/.test(`${m[1]} ${m[2] ?? ''}`)) continue;
    const bodyAt = m.index + m[0].length - m[3]!.length;
    for (const f of m[3]!.matchAll(new RegExp(String.raw`^([ \t]+)(\w+)[ \t]*(?::[^=\n]+)?=[ \t]*${STRING}[ \t]*$`, 'gm'))) {
      const value = literal(f[3]!);
      if (value !== null && f[1] === /^[ \t]+/.exec(m[3]!)?.[0])
        out.defaults.push({ name: f[2]!, value, line: lineAt(code, bodyAt + f.index) });
    }
  }
  const fastapi = /\bfastapi\b/.test(code) || /\bAPIRouter\s*\(/.test(code);
  // One object may be bound to several names at once (`users_router = r = APIRouter()`): the first
  // names it, the others are its aliases, and routes declared on either are its routes.
  const aliases: NonNullable<PyFile['aliases']> = [];
  for (const m of code.matchAll(
    /^[ \t]*(\w+)[ \t]*(?::[^=\n]+)?=[ \t]*((?:\w+[ \t]*=[ \t]*)*)(?:\w+\.)*(Blueprint|APIRouter|Flask|FastAPI|Namespace|Api|\w+Router)\s*\(/gm,
  )) {
    if (inSpan(spans, m.index)) continue;
    const open = m.index + m[0].length - 1;
    const args = splitArgs(code.slice(open + 1, closing(code, open) - 1));
    // flask-restx's `Namespace('users', path='/users')`: its own prefix; `Api(bp)`: mounted on the blueprint or app it is given.
    if (m[3] === 'Api' && !/\bflask_restx|flask_restplus|flask_restful\b/.test(code)) continue;
    // A library's `APIRouter` subclass (`ErrorAwareRouter(…)`) is a FastAPI router; Django REST framework's routers are not.
    if (/^(?:Default|Simple)Router$/.test(m[3]!) || (m[3]!.endsWith('Router') && m[3] !== 'APIRouter' && /\brest_framework\b/.test(code)))
      continue;
    const given = args
      .map((a) => (m[3] === 'Namespace' ? /^path\s*=\s*([\s\S]+)$/ : /^(?:url_prefix|prefix)\s*=\s*([\s\S]+)$/).exec(a)?.[1])
      .find((x) => x !== undefined);
    const kind = m[3] === 'FastAPI' || m[3]!.endsWith('Router') ? 'fastapi' : 'flask';
    // An object made inside a function is that function's local (`router@get_router`): two functions' `router`s are two objects.
    const fn = pyEnclosingDef(code, m.index)?.name;
    const local = (n: string): string => (fn ? `${n}@${fn}` : n);
    if (m[3] === 'Api' && args[0] && /^\w+$/.test(args[0].trim()))
      out.mounts.push({ parent: local(args[0].trim()), child: local(m[1]!), line: lineAt(code, m.index) });
    out.objects.push({
      name: local(m[1]!),
      kind,
      ...(given !== undefined ? { prefix: prefixArg(pyFString(given, code, m.index) ?? given, s.rel, lineAt(code, m.index))! } : {}),
    });
    for (const other of m[2]!.split('=')) if (/^\s*\w+\s*$/.test(other)) aliases.push({ name: local(other.trim()), of: local(m[1]!) });
  }
  // A name as read at an offset: the enclosing function's local object of that name, else the module's.
  const scoped = (name: string, at: number): string => {
    const fn = pyEnclosingDef(code, at)?.name;
    return fn && (out.objects.some((o) => o.name === `${name}@${fn}`) || aliases.some((a) => a.name === `${name}@${fn}`))
      ? `${name}@${fn}`
      : name;
  };
  // A module-level alias of such an object: `r = router`.
  for (const m of code.matchAll(/^(\w+)[ \t]*=[ \t]*(\w+)[ \t]*$/gm))
    if (!inSpan(spans, m.index) && out.objects.some((o) => o.name === m[2]) && !out.objects.some((o) => o.name === m[1]))
      aliases.push({ name: m[1]!, of: m[2]! });
  // A function that builds such an object and returns it (`def create_bp(): bp = Blueprint(…); …; return bp`):
  // its name stands for the object, so `register_blueprint(create_bp(), url_prefix=…)` mounts it.
  for (const r of code.matchAll(/^([ \t]+)return[ \t]+(\w+)[ \t]*$/gm)) {
    const returned = scoped(r[2]!, r.index);
    if (inSpan(spans, r.index) || !out.objects.some((o) => o.name === returned)) continue;
    const def = [...code.slice(0, r.index).matchAll(/^([ \t]*)def[ \t]+(\w+)[ \t]*\(/gm)].filter((d) => d[1]!.length < r[1]!.length).at(-1);
    if (def && !aliases.some((a) => a.name === def[2]) && !out.objects.some((o) => o.name === def[2]))
      aliases.push({ name: def[2]!, of: returned });
  }
  if (aliases.length > 0) out.aliases = aliases;
  for (const m of code.matchAll(new RegExp(String.raw`^[ \t]*@(\w+)\.(${PY_VERBS})\s*\(`, 'gm'))) {
    if (inSpan(spans, m.index)) continue;
    const open = m.index + m[0].length - 1;
    const end = closing(code, open);
    const args = splitArgs(code.slice(open + 1, end - 1));
    // The path positional or by keyword (`@router.get(path="", …)`, Flask's `rule=`).
    const pathArg =
      args[0] !== undefined && !/^\w+\s*=[^=]/.test(args[0])
        ? args[0]
        : args.map((a) => /^(?:path|rule)\s*=\s*([\s\S]+)$/.exec(a)?.[1]).find((x) => x !== undefined);
    // A module constant (`@app.route(METRICS_PATH)`): its value; an imported one is resolved across files.
    const constName = pathArg !== undefined && /^[A-Za-z_]\w*$/.test(pathArg.trim()) ? pathArg.trim() : undefined;
    const own = pathArg !== undefined ? (literal(pathArg.trim()) ?? (constName ? pyConstant(code, constName) : null)) : null;
    const pathConst = own === null ? constName : undefined;
    if (own === null && !pathConst) continue;
    // flask-restx / Flask-RESTful: `@ns.route('/x')` on a `Resource` class answers the methods the class defines.
    const decoratedClass = m[2] === 'route' ? /^[ \t]*\n?(?:[ \t]*@[^\n]*\n)*[ \t]*class[ \t]+(\w+)/.exec(code.slice(end)) : null;
    if (decoratedClass) {
      const cls = out.classes.find((c) => c.name === decoratedClass[1]);
      for (const method of cls && cls.methods.length > 0 ? cls.methods : ['GET'])
        out.routes.push({
          obj: scoped(m[1]!, m.index),
          method,
          path: own ?? '',
          line: lineAt(code, m.index),
          handler: decoratedClass[1]!,
          fastapi,
          ...(pathConst ? { pathConst } : {}),
        });
      continue;
    }
    // The decorated function: the next `def` after this decorator and any stacked below it.
    const def = /^[ \t]*(?:async[ \t]+)?def[ \t]+(\w+)[ \t]*\(/m.exec(code.slice(end));
    let sig:
      { params: string; body: string; line: number; bodyAt: number; bodyLine: number; returns?: string; decorators?: string } | undefined;
    if (def) {
      const open = end + def.index + def[0].length - 1;
      const close = closing(code, open);
      const arrow = /^\s*->/.test(code.slice(close));
      const colon = code.indexOf(':', arrow ? code.indexOf('->', close) : close);
      // `-> X:` — the annotation's own colons (`dict[str, int]` has none; a slice would) are not looked for.
      const returns = arrow ? code.slice(code.indexOf('->', close) + 2, code.indexOf(':', code.indexOf('->', close))).trim() : '';
      const bodyStart = code.indexOf('\n', colon) + 1;
      // The body's indentation is its first non-blank line's (a blank line may follow the `def`).
      const indent = /^(?:[ \t]*\n)*([ \t]*)/.exec(code.slice(bodyStart))![1]!;
      const rest = code.slice(bodyStart);
      const stop = indent === '' ? rest.length : rest.search(new RegExp(String.raw`\n(?!${indent}|[ \t]*\n)`));
      sig = {
        params: code.slice(open + 1, close - 1),
        body: rest.slice(0, stop < 0 ? rest.length : stop),
        line: lineAt(code, end + def.index),
        bodyAt: bodyStart,
        // The body's first line: after a signature over several lines (`async def login(` ⏎ `data: X,` ⏎ `):`).
        bodyLine: lineAt(code, bodyStart),
        ...(returns ? { returns } : {}),
        // The decorators stacked between the route's and the `def` (`@body(post_schema)`, `@use_kwargs(…)`).
        decorators: code.slice(end, end + def.index),
      };
    }
    const named = (key: string): string | undefined =>
      args.map((a) => new RegExp(String.raw`^${key}\s*=\s*([\s\S]+)$`).exec(a)?.[1]?.trim()).find((x) => x !== undefined);
    const responseModel = named('response_model');
    const statusCode = named('status_code');
    let methods = [m[2]!.toUpperCase()];
    if (m[2] === 'route' || m[2] === 'api_route') {
      const list = args.map((a) => /^methods\s*=\s*[[(]([^\])]*)[\])]/.exec(a)?.[1]).find((x) => x !== undefined);
      methods = list ? [...list.matchAll(/["'](\w+)["']/g)].map((x) => x[1]!.toUpperCase()) : ['GET'];
    }
    // A WebSocket endpoint is no HTTP operation: marked as such (openapi.json leaves it out, the route tables show it).
    if (m[2] === 'websocket') methods = ['WEBSOCKET'];
    // An object that is a parameter of the enclosing function (`def generate_endpoint(router: APIRouter)`):
    // the routers its callers hand in are followed across files by `pythonRoutes`.
    const obj = scoped(m[1]!, m.index);
    const known = out.objects.some((o) => o.name === obj) || aliases.some((a) => a.name === obj);
    const enclosing = pyEnclosingDef(code, m.index);
    const index = enclosing && !known ? enclosing.params.indexOf(m[1]!) : -1;
    for (const method of methods)
      out.routes.push({
        obj,
        method,
        path: own ?? '',
        ...(pathConst ? { pathConst } : {}),
        ...(enclosing && index >= 0 ? { param: { fn: enclosing.name, index, name: m[1]! } } : {}),
        ...(enclosing ? { outer: { fn: enclosing.name, params: enclosing.params } } : {}),
        line: lineAt(code, m.index),
        handler: def?.[1] ?? '',
        fastapi,
        ...(sig ? { def: sig } : {}),
        ...(responseModel ? { responseModel } : {}),
        ...(statusCode ? { statusCode } : {}),
      });
  }
  // Flask's `bp.add_url_rule('/p', view_func=View.as_view('name'), methods=[…])` (also the endpoint and the view
  // positional) and FastAPI's `router.add_api_route('/p', endpoint, methods=[…])`: a `MethodView` of this file
  // answers the methods it defines when none are given; a function, GET.
  for (const m of code.matchAll(/\b(\w+)\.(add_url_rule|add_api_route)\s*\(/g)) {
    if (inSpan(spans, m.index)) continue;
    const open = m.index + m[0].length - 1;
    const args = splitArgs(code.slice(open + 1, closing(code, open) - 1)).map((a) => a.trim());
    const positional = args.filter((a) => !/^\w+\s*=[^=]/.test(a));
    const kw = (k: string): string | undefined =>
      args.map((a) => new RegExp(String.raw`^${k}\s*=\s*([\s\S]+)$`).exec(a)?.[1]?.trim()).find((x) => x !== undefined);
    const rule = kw(m[2] === 'add_url_rule' ? 'rule' : 'path') ?? positional[0];
    const own = rule !== undefined ? literal(rule) : null;
    if (own === null) continue;
    const view = m[2] === 'add_url_rule' ? (kw('view_func') ?? positional[2]) : (kw('endpoint') ?? positional[1]);
    if (view === undefined) continue;
    const viewName = /^([\w.]+?)(?:\.as_view\s*\([\s\S]*\))?$/.exec(view)?.[1];
    if (!viewName) continue;
    const list = kw('methods');
    const cls = out.classes.find((c) => c.name === viewName.split('.').at(-1));
    const methods = list
      ? [...list.matchAll(/["'](\w+)["']/g)].map((x) => x[1]!.toUpperCase())
      : /\.as_view\s*\(/.test(view) && cls && cls.methods.length > 0
        ? cls.methods
        : ['GET'];
    for (const method of methods)
      out.routes.push({
        obj: scoped(m[1]!, m.index),
        method,
        path: own,
        line: lineAt(code, m.index),
        handler: viewName,
        fastapi: m[2] === 'add_api_route',
      });
  }
  // Flask-RESTful / flask-restx `api.add_resource(BookApi, '/books', '/books/<id>', endpoint=…)`: one route per
  // URL, answering the methods the `Resource` class defines (found across files by `pythonRoutes`).
  for (const m of code.matchAll(/\b(\w+)\.add_resource\s*\(/g)) {
    if (inSpan(spans, m.index)) continue;
    const open = m.index + m[0].length - 1;
    const positional = splitArgs(code.slice(open + 1, closing(code, open) - 1))
      .map((a) => a.trim())
      .filter((a) => !/^\w+\s*=[^=]/.test(a));
    const cls = positional[0];
    if (!cls || !/^[\w.]+$/.test(cls)) continue;
    for (const url of positional.slice(1)) {
      const own = literal(url);
      if (own !== null)
        out.routes.push({
          obj: scoped(m[1]!, m.index),
          method: '',
          path: own,
          line: lineAt(code, m.index),
          handler: cls.split('.').at(-1)!,
          fastapi: false,
          resource: cls,
        });
    }
  }
  // `[api.add_resource(*r) for r in routes]` / `for r in routes:\n    api.add_resource(*r)`: every tuple of the table
  // `routes` (this module's or one it imports, read by `pythonRoutes`) is an `add_resource` call.
  for (const m of code.matchAll(
    /\[\s*(\w+)\.add_resource\s*\(\s*\*\s*(\w+)\s*\)\s+for\s+(\w+)\s+in\s+(\w+)\s*\]|^[ \t]*for[ \t]+(\w+)[ \t]+in[ \t]+(\w+)[ \t]*:\s*(\w+)\.add_resource\s*\(\s*\*\s*(\w+)\s*\)/gm,
  )) {
    if (inSpan(spans, m.index)) continue;
    const [obj, item, loopVar, table] = m[1] !== undefined ? [m[1], m[2], m[3], m[4]] : [m[7], m[8], m[5], m[6]];
    if (item !== loopVar) continue;
    (out.resourceTables ??= []).push({
      obj: scoped(obj!, m.index),
      table: table!,
      line: lineAt(code, m.index + m[0].indexOf('add_resource')),
    });
  }
  for (const m of code.matchAll(/\b(\w+)\.(include_router|register_blueprint|add_namespace)\s*\(/g)) {
    if (inSpan(spans, m.index)) continue;
    const open = m.index + m[0].length - 1;
    // The child positional or by keyword (`include_router(router=users_router, prefix=…)`).
    const args = splitArgs(code.slice(open + 1, closing(code, open) - 1)).map((a, i) =>
      i === 0 ? a.trim().replace(/^(?:router|blueprint|ns)\s*=\s*/, '') : a,
    );
    // A blueprint a function returns: `register_blueprint(create_bp(), …)`, or `bp = create_bp()` then
    // `register_blueprint(bp, …)` — the function's name, resolved like an object's (its returned object).
    const calledMatch = args[0] ? /^([\w.]+)\s*\(([\s\S]*)\)$/.exec(args[0].trim()) : null;
    const called = calledMatch?.[1];
    const childArgs = calledMatch ? splitArgs(calledMatch[2]!) : undefined;
    const assigned =
      args[0] && /^\w+$/.test(args[0]) && !out.objects.some((o) => o.name === scoped(args[0]!, m.index))
        ? new RegExp(String.raw`^[ \t]*${args[0]}[ \t]*=[ \t]*([\w.]+)\s*\(`, 'm').exec(code.slice(0, m.index))
        : null;
    let childVar: { name: string; fn?: string } | undefined;
    if (called) args[0] = called;
    else if (
      assigned &&
      !inSpan(spans, assigned.index) &&
      !/^(?:\w+\.)*(?:Blueprint|APIRouter|Flask|FastAPI|Namespace|Api|\w+Router)$/.test(assigned[1]!)
    ) {
      const fn = pyEnclosingDef(code, m.index)?.name;
      childVar = { name: args[0]!, ...(fn ? { fn } : {}) };
      args[0] = assigned[1]!;
    }
    if (!args[0] || !/^[\w.]+$/.test(args[0])) continue;
    const given = args
      .slice(1)
      .map((a) => (m[2] === 'add_namespace' ? /^path\s*=\s*([\s\S]+)$/ : /^(?:url_prefix|prefix)\s*=\s*([\s\S]+)$/).exec(a)?.[1])
      .find((x) => x !== undefined);
    const line = lineAt(code, m.index);
    // An f-string of module constants and the enclosing function's parameter defaults (`f"/{root}/{BASE_ROUTE}"`).
    const value = given === undefined ? undefined : (pyFString(given, code, m.index) ?? given);
    // A loop's variable (`for bp in (todos.blp, tags.blp): api.register_blueprint(bp)`): each element is mounted.
    const children = (!called && pyLoopElements(code, m.index, args[0])) || [args[0]];
    for (const child of children)
      out.mounts.push({
        parent: scoped(m[1]!, m.index),
        child: /^\w+$/.test(child) ? scoped(child, m.index) : child,
        line,
        ...(value !== undefined ? { prefix: prefixArg(value, s.rel, line)! } : {}),
        ...(called && childArgs ? { childArgs } : {}),
        ...(childVar ? { childVar } : {}),
      });
  }
  // (A line continued with a backslash is one import: `from .views import A, \` ⏎ `B`.)
  for (const m of code.matchAll(/^[ \t]*from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+(\([^)]*\)|(?:[^\n\\]|\\[\s\S])*)/gm)) {
    for (const part of m[2]!.replace(/[()\\]/g, ' ').split(',')) {
      const [orig, alias] = part.trim().split(/\s+as\s+/);
      if (orig && /^\w+$/.test(orig)) out.imports.push({ name: alias ?? orig, module: m[1]!, orig });
      else if (orig === '*') (out.stars ??= []).push(m[1]!);
    }
  }
  for (const m of code.matchAll(/^[ \t]*import[ \t]+([\w.]+)(?:[ \t]+as[ \t]+(\w+))?/gm))
    out.imports.push({ name: m[2] ?? m[1]!.split('.')[0]!, module: m[2] ? m[1]! : m[1]!.split('.')[0]!, orig: null });
  return out;
}

/**
 * A Python f-string's value as a quoted literal when each `{name}` is a module constant (`BASE = "x"`) or a
 * parameter default of the function the expression is in (`def register(api, root="api")`); else null.
 */
function pyFString(expr: string, code: string, at: number, depth = 0): string | null {
  const f = /^[fF]([rR]?)(["'])(.*)\2$/.exec(expr.trim());
  if (!f) return null;
  const defs = [...code.slice(0, at).matchAll(/^[ \t]*(?:async[ \t]+)?def[ \t]+\w+[ \t]*\(/gm)];
  const last = defs.at(-1);
  const params = last ? code.slice(last.index + last[0].length, closing(code, last.index + last[0].length - 1) - 1) : '';
  let ok = true;
  const value = f[3]!.replace(/\{(\w+)\}/g, (_, name: string) => {
    const def = new RegExp(String.raw`\b${name}\s*(?::[^=,]+)?=\s*(["'])([^"'\n]*)\1`).exec(params)?.[2];
    const constant = new RegExp(String.raw`^${name}[ \t]*(?::[^=\n]+)?=[ \t]*(["'])([^"'\n]*)\1`, 'm').exec(code)?.[2];
    // A module constant that is itself an f-string of constants (`baseURL = f"/api/{version}"`), a few levels deep.
    const fConstant =
      constant === undefined && depth < 3
        ? new RegExp(String.raw`^${name}[ \t]*(?::[^=\n]+)?=[ \t]*([fF][rR]?(["'])[^"'\n]*\2)[ \t]*(?:#.*)?$`, 'm').exec(code)?.[1]
        : undefined;
    const fValue = fConstant === undefined ? null : pyFString(fConstant, code, 0, depth + 1);
    const v = def ?? constant ?? (fValue === null ? undefined : (JSON.parse(fValue) as string));
    if (v === undefined) ok = false;
    return v ?? '';
  });
  return ok && !/[{}]/.test(value) ? JSON.stringify(value) : null;
}

/** A module-level string constant of a Python file (`METRICS_PATH = "/metrics"`), or null. */
function pyConstant(code: string, name: string): string | null {
  const m = new RegExp(String.raw`^${name}[ \t]*(?::[^=\n]+)?=[ \t]*${STRING}[ \t]*$`, 'm').exec(code);
  return m ? literal(m[1]!) : null;
}

/** The function a Python offset is inside (the nearest `def` above with less indentation), with its parameters' names. */
export function pyEnclosingDef(code: string, at: number): { name: string; params: string[]; at: number } | null {
  const lineStart = code.lastIndexOf('\n', at - 1) + 1;
  let indent = /^[ \t]*/.exec(code.slice(lineStart))![0].length;
  let end = lineStart - 1;
  while (end > 0) {
    const start = code.lastIndexOf('\n', end - 1) + 1;
    const line = code.slice(start, end);
    end = start - 1;
    if (line.trim() === '' || /^[ \t]*[)\]]/.test(line)) continue;
    const ind = /^[ \t]*/.exec(line)![0].length;
    if (ind >= indent) continue;
    const d = /^[ \t]*(?:async[ \t]+)?def[ \t]+(\w+)[ \t]*\(/.exec(line);
    if (d) {
      const open = start + d[0].length - 1;
      const params = splitArgs(code.slice(open + 1, closing(code, open) - 1)).map((p) => /^\**(\w+)/.exec(p)?.[1] ?? '');
      return { name: d[1]!, params, at: start };
    }
    if (ind === 0) return null;
    indent = ind;
  }
  return null;
}

/**
 * The elements a loop variable takes when the offset is inside `for name in (a, b.c):` (a tuple or list written
 * there, or a module-level one named: `BLUEPRINTS = [a, b]`); null when it is no loop's variable.
 */
function pyLoopElements(code: string, at: number, name: string): string[] | null {
  const lineStart = code.lastIndexOf('\n', at - 1) + 1;
  const indent = /^[ \t]*/.exec(code.slice(lineStart))![0].length;
  const loops = [...code.slice(0, lineStart).matchAll(new RegExp(String.raw`^([ \t]*)for[ \t]+${name}[ \t]+in[ \t]+`, 'gm'))];
  const loop = loops.at(-1);
  if (!loop || loop[1]!.length >= indent) return null;
  let rest = code.slice(loop.index + loop[0].length).trimStart();
  if (/^\w+[ \t]*:/.test(rest)) {
    const list = new RegExp(String.raw`^${/^\w+/.exec(rest)![0]}[ \t]*(?::[^=\n]+)?=[ \t]*([[(])`, 'm').exec(code);
    if (!list) return null;
    rest = code.slice(list.index + list[0].length - 1);
  }
  if (!/^[[(]/.test(rest)) return null;
  const items = splitArgs(rest.slice(1, closing(rest, 0) - 1));
  return items.length > 0 && items.every((i) => /^[\w.]+$/.test(i)) ? items : null;
}

/** The file of a Python module named in `from` (`.views`, `..api`, `blog.urls`), among `all`; null when it is not in the repository. */
function pyModuleFile(all: ReadonlySet<string>, from: string, spec: string): string | null {
  const dots = /^\.*/.exec(spec)![0].length;
  const rest = spec.slice(dots).replace(/\./g, '/');
  let base = '';
  if (dots > 0) {
    base = path.dirname(from);
    for (let i = 1; i < dots; i++) base = path.dirname(base);
    if (base === '.') base = '';
  }
  const stem = [base, rest].filter(Boolean).join('/');
  for (const c of stem === '' ? ['__init__.py'] : [`${stem}.py`, `${stem}/__init__.py`]) if (all.has(c)) return c;
  if (dots === 0 && rest !== '') {
    // A source root below the repository's (src/app/…): the shortest path ending with the module's — first among
    // those under a root the importing file is in too (services that each have their own `src` package).
    const hits = [...all]
      .filter((f) => f.endsWith(`/${rest}.py`) || f.endsWith(`/${rest}/__init__.py`))
      .sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
    const root = (f: string): string => f.slice(0, f.length - (f.endsWith('/__init__.py') ? `/${rest}/__init__.py` : `/${rest}.py`).length);
    const own = hits.find((f) => from.startsWith(`${root(f)}/`));
    if (own ?? hits[0]) return (own ?? hits[0])!;
  }
  return null;
}

/** What Django's and DRF's generic class-based views answer, by class name. */
const DJANGO_GENERIC: Record<string, string[]> = {
  TemplateView: ['GET'],
  ListView: ['GET'],
  DetailView: ['GET'],
  ArchiveIndexView: ['GET'],
  YearArchiveView: ['GET'],
  MonthArchiveView: ['GET'],
  DayArchiveView: ['GET'],
  // ProcessFormView's `put` is its `post`; DeletionMixin adds `delete`; RedirectView answers every method.
  FormView: ['GET', 'POST', 'PUT'],
  CreateView: ['GET', 'POST', 'PUT'],
  UpdateView: ['GET', 'POST', 'PUT'],
  DeleteView: ['GET', 'POST', 'DELETE'],
  // The bases of the edit views (django.views.generic.edit), with the same handlers and no template of their own.
  BaseDeleteView: ['GET', 'POST', 'DELETE'],
  BaseCreateView: ['GET', 'POST', 'PUT'],
  BaseUpdateView: ['GET', 'POST', 'PUT'],
  BaseFormView: ['GET', 'POST', 'PUT'],
  LoginView: ['GET', 'POST', 'PUT'],
  LogoutView: ['POST'],
  RedirectView: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
  ListAPIView: ['GET'],
  RetrieveAPIView: ['GET'],
  CreateAPIView: ['POST'],
  DestroyAPIView: ['DELETE'],
  UpdateAPIView: ['PUT', 'PATCH'],
  ListCreateAPIView: ['GET', 'POST'],
  RetrieveUpdateAPIView: ['GET', 'PUT', 'PATCH'],
  RetrieveDestroyAPIView: ['GET', 'DELETE'],
  RetrieveUpdateDestroyAPIView: ['GET', 'PUT', 'PATCH', 'DELETE'],
  ObtainJSONWebToken: ['POST'],
  ObtainAuthToken: ['POST'],
  TokenObtainPairView: ['POST'],
  TokenRefreshView: ['POST'],
  TokenVerifyView: ['POST'],
  // simplejwt's other views (token_blacklist, sliding tokens) answer POST too
  TokenBlacklistView: ['POST'],
  TokenObtainSlidingView: ['POST'],
  TokenRefreshSlidingView: ['POST'],
  // drf-spectacular's schema and documentation views
  SpectacularAPIView: ['GET'],
  SpectacularJSONAPIView: ['GET'],
  SpectacularYAMLAPIView: ['GET'],
  SpectacularSwaggerView: ['GET'],
  SpectacularSwaggerSplitView: ['GET'],
  SpectacularRedocView: ['GET'],
  // DRF's and drf-yasg's schema view factories: `schema_view = get_schema_view(…)` serves the schema by GET
  // (drf-yasg's `schema_view.with_ui('swagger')` too)
  get_schema_view: ['GET'],
  // graphene-django's and strawberry's GraphQL endpoints answer queries by GET and POST
  GraphQLView: ['GET', 'POST'],
  AsyncGraphQLView: ['GET', 'POST'],
};

/** Views of libraries whose names are also Django's (dj-rest-auth's `LoginView` answers POST, Django's auth form GET, POST, PUT), by module. */
const LIBRARY_VIEWS: Record<string, string[]> = {
  'dj_rest_auth.views.LoginView': ['POST'],
  'dj_rest_auth.views.LogoutView': ['POST'],
  'dj_rest_auth.views.PasswordChangeView': ['POST'],
  'dj_rest_auth.views.PasswordResetView': ['POST'],
  'dj_rest_auth.views.PasswordResetConfirmView': ['POST'],
  'dj_rest_auth.views.UserDetailsView': ['GET', 'PUT', 'PATCH'],
  'dj_rest_auth.registration.views.RegisterView': ['POST'],
  'dj_rest_auth.registration.views.VerifyEmailView': ['POST'],
};

/**
 * The HTTP methods a Django view answers, as its code declares them: a class-based view's
 * `def get` / `def post` … (its bases' in the repository included, Django's and DRF's generic views
 * by name), a function view's `@api_view([...])` / `@require_http_methods([...])` / `@require_POST`.
 * A view found by its name as the urls file imports it; null when nothing declares its methods (the
 * route stays `ANY`).
 */
/**
 * Classes of the repository's Python files: `origin(file, name)` is the file a name used in `file`
 * comes from when the file imports it; `find(file, dotted)` the class a (dotted) name used in
 * `file` refers to — in the file its import names, else in `file`, else the only class of that name.
 */
function pyClasses(files: ReadonlyMap<string, PyFile>): {
  origin: (file: string, name: string) => string | null;
  find: (file: string, dotted: string) => { file: string; c: PyFile['classes'][number] } | null;
  /** the class `name` declared in `file`, else the only class of that name */
  classIn: (file: string | null, name: string) => { file: string; c: PyFile['classes'][number] } | null;
} {
  const all = new Set(files.keys());
  const classesByName = new Map<string, Array<{ file: string; c: PyFile['classes'][number] }>>();
  for (const [file, f] of files)
    for (const c of f.classes) (classesByName.get(c.name) ?? classesByName.set(c.name, []).get(c.name)!).push({ file, c });
  const origin = (file: string, name: string): string | null => {
    const imp = [...(files.get(file)?.imports ?? [])].reverse().find((i) => i.name === name);
    if (!imp) return null;
    if (imp.orig === null) return pyModuleFile(all, file, imp.module);
    return (
      pyModuleFile(all, file, imp.module.endsWith('.') ? `${imp.module}${imp.orig}` : `${imp.module}.${imp.orig}`) ??
      pyModuleFile(all, file, imp.module)
    );
  };
  // A class a file has by a star import (`from .order import *` in a views package's `__init__.py`), a few levels deep.
  const starred = (file: string, name: string, depth: number): { file: string; c: PyFile['classes'][number] } | null => {
    if (depth > 3) return null;
    for (const module of files.get(file)?.stars ?? []) {
      const from = pyModuleFile(all, file, module);
      if (!from || from === file) continue;
      const hit = (classesByName.get(name) ?? []).find((x) => x.file === from) ?? starred(from, name, depth + 1);
      if (hit) return hit;
    }
    return null;
  };
  const classIn = (file: string | null, name: string): { file: string; c: PyFile['classes'][number] } | null => {
    const candidates = classesByName.get(name) ?? [];
    return (
      candidates.find((x) => x.file === file) ??
      (file === null ? null : starred(file, name, 0)) ??
      (candidates.length === 1 ? candidates[0]! : null)
    );
  };
  const find = (file: string, dotted: string): { file: string; c: PyFile['classes'][number] } | null => {
    const parts = dotted.split('.');
    const name = parts.at(-1)!;
    return classIn(parts.length > 1 ? origin(file, parts[0]!) : (origin(file, name) ?? file), name);
  };
  return { origin, find, classIn };
}

function djangoMethods(files: ReadonlyMap<string, PyFile>): (urlsFile: string, handler: string) => string[] | null {
  const { origin, classIn } = pyClasses(files);
  const classMethods = (file: string | null, name: string, depth: number): string[] => {
    if (depth > 8) return [];
    const hit = classIn(file, name);
    if (!hit) {
      // A library's view of a name Django also uses (dj-rest-auth's `LoginView`, an API view): by the module it is imported from.
      const imp = file === null ? undefined : [...(files.get(file)?.imports ?? [])].reverse().find((i) => i.name === name);
      const library =
        imp && imp.orig !== null ? LIBRARY_VIEWS[`${imp.module.replace(/^rest_auth\b/, 'dj_rest_auth')}.${imp.orig}`] : undefined;
      return library ?? DJANGO_GENERIC[name] ?? DJANGO_GENERIC[name.replace(/View$/, '')] ?? [];
    }
    const own = new Set(hit.c.methods);
    for (const b of hit.c.bases) for (const m of classMethods(origin(hit.file, b) ?? hit.file, b, depth + 1)) own.add(m);
    return [...own];
  };
  const bareView = (file: string | null, name: string, depth: number): boolean => {
    const hit = depth > 8 ? null : classIn(file, name);
    if (!hit || hit.c.methods.length > 0 || hit.c.bases.length === 0) return false;
    return hit.c.bases.every((b) => {
      const imp = [...(files.get(hit.file)?.imports ?? [])].reverse().find((i) => i.name === b.split('.')[0]);
      // Django's `View` as imported: `from django.views import View`, `from django.views import generic` → `generic.View`.
      if (b === 'View') return imp?.orig === 'View' && /^django\.views(?:\.generic)?$/.test(imp.module);
      if (b === 'generic.View') return imp?.orig === 'generic' && imp.module === 'django.views';
      if (b === 'views.View') return imp?.orig === 'views' && imp.module === 'django';
      return bareView(origin(hit.file, b) ?? hit.file, b, depth + 1);
    });
  };
  return (urlsFile, handler) => {
    const parts = handler.split('.');
    const name = parts.at(-1)!;
    // `views.Index` → the file `views` names; `Index` → the file it is imported from; else this file.
    const file = parts.length > 1 ? origin(urlsFile, parts[0]!) : (origin(urlsFile, name) ?? urlsFile);
    const fn = [...files].flatMap(([f, x]) => x.functions.filter((g) => g.name === name).map((g) => ({ f, g })));
    const fnHit = fn.find((x) => x.f === file) ?? (fn.length === 1 ? fn[0] : undefined);
    if (fnHit) return fnHit.g.methods;
    // A view a library's factory makes, assigned in the urls file: `schema_view = get_schema_view(title=…)`.
    const factory =
      parts.length === 1
        ? new RegExp(String.raw`^[ \t]*${name}[ \t]*=[ \t]*(?:[\w.]+\.)?(\w+)\s*\(`, 'm').exec(files.get(urlsFile)?.code ?? '')?.[1]
        : undefined;
    // … by the name it is imported under (`from drf_yasg.views import get_schema_view as yasg_view`).
    const made = factory && ([...(files.get(urlsFile)?.imports ?? [])].reverse().find((i) => i.name === factory)?.orig ?? factory);
    const methods = made && DJANGO_GENERIC[made] ? [...DJANGO_GENERIC[made]] : classMethods(file, name, 0);
    const order = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
    if (methods.length > 0) return methods.sort((a, b) => order.indexOf(a) - order.indexOf(b));
    // A class of the repository deriving, through classes of the repository only, from Django's bare `View` with no
    // handler of its own (`class Login(View): pass`) answers no method (`View.dispatch` sends 405): none.
    return !made && bareView(file, name, 0) ? [] : null;
  };
}

/** The statuses a Django view's code writes: `render` (200, HTML), `redirect` (302), `JsonResponse`, `Http404` …, each at its line. */
function djangoStatuses(body: string, lineOf: (offset: number) => number, file: string): RouteResponse[] {
  const out: RouteResponse[] = [];
  const add = (status: string, at: number, contentType?: string): void => {
    if (!out.some((o) => o.status === status))
      out.push({ status, ...(contentType ? { contentType } : {}), source: `${file}:${lineOf(at)}` });
  };
  for (const m of body.matchAll(
    /\b(?:return\s+(render|render_to_response|TemplateResponse|redirect|HttpResponseRedirect|HttpResponsePermanentRedirect|JsonResponse|HttpResponseBadRequest|HttpResponseForbidden|HttpResponseNotFound|HttpResponseNotAllowed|HttpResponse)\s*\(|raise\s+(Http404|PermissionDenied)\b|(get_object_or_404|get_list_or_404)\s*\()/g,
  )) {
    const call = m[1];
    const open = m.index + m[0].length - 1;
    const args = call ? body.slice(open + 1, closing(body, open) - 1) : '';
    const given = /\bstatus\s*=\s*(\d{3})\b/.exec(args)?.[1];
    if (m[2] === 'Http404' || m[3]) add('404', m.index);
    else if (m[2] === 'PermissionDenied') add('403', m.index);
    else if (call === 'redirect' || call === 'HttpResponseRedirect') add('302', m.index);
    else if (call === 'HttpResponsePermanentRedirect') add('301', m.index);
    else if (call === 'HttpResponseBadRequest') add('400', m.index);
    else if (call === 'HttpResponseForbidden') add('403', m.index);
    else if (call === 'HttpResponseNotFound') add('404', m.index);
    else if (call === 'HttpResponseNotAllowed') add('405', m.index);
    else if (call === 'JsonResponse') add(given ?? '200', m.index, 'application/json');
    else if (call === 'HttpResponse') add(given ?? '200', m.index);
    else add(given ?? '200', m.index, 'text/html');
  }
  return out.sort((a, b) => (a.status < b.status ? -1 : 1));
}

/** Django's generic views' answers by method: a page, and for a posted form its redirect on success (the page again when invalid). */
const DJANGO_GENERIC_ANSWERS: Record<string, Record<string, string[]>> = {
  TemplateView: { GET: ['200'] },
  ListView: { GET: ['200'] },
  DetailView: { GET: ['200'] },
  FormView: { GET: ['200'], POST: ['200', '302'], PUT: ['200', '302'] },
  CreateView: { GET: ['200'], POST: ['200', '302'], PUT: ['200', '302'] },
  UpdateView: { GET: ['200'], POST: ['200', '302'], PUT: ['200', '302'] },
  DeleteView: { GET: ['200'], POST: ['302'], DELETE: ['302'] },
  RedirectView: { GET: ['302'], POST: ['302'], PUT: ['302'], PATCH: ['302'], DELETE: ['302'] },
};

function djangoAnswers(
  files: ReadonlyMap<string, PyFile>,
  bySource: ReadonlyMap<string, SourceFile>,
): (urlsFile: string, handler: string, method: string, line: number) => RouteResponse[] | null {
  const { origin, classIn } = pyClasses(files);
  /** The `def name(` at `indent` in `code` and its body (the lines indented deeper). */
  const defBody = (code: string, name: string, indent: string): { body: string; at: number } | null => {
    const m = new RegExp(String.raw`^${indent}(?:async[ \t]+)?def[ \t]+${name}[ \t]*\(`, 'm').exec(code);
    if (!m) return null;
    const colon = code.indexOf(':', closing(code, m.index + m[0].length - 1));
    const start = code.indexOf('\n', colon) + 1;
    const rest = code.slice(start);
    const stop = rest.search(new RegExp(String.raw`^(?!${indent}[ \t]+|[ \t]*$)`, 'm'));
    return { body: rest.slice(0, stop < 0 ? rest.length : stop), at: start };
  };
  const generic = (file: string | null, name: string, method: string, depth: number): string[] | null => {
    if (depth > 8) return null;
    const own = DJANGO_GENERIC_ANSWERS[name]?.[method];
    if (own) return own;
    const hit = classIn(file, name);
    if (!hit) return null;
    for (const b of hit.c.bases) {
      const found = generic(origin(hit.file, b) ?? hit.file, b, method, depth + 1);
      if (found) return found;
    }
    return null;
  };
  return (urlsFile, handler, method, line) => {
    const parts = handler.split('.');
    const name = parts.at(-1)!;
    const named = parts.length > 1 ? origin(urlsFile, parts[0]!) : (origin(urlsFile, name) ?? urlsFile);
    // A class the named file has by a star import (a views package's `__init__.py`): read and cited in its own file.
    const elsewhere = named && !files.get(named)?.classes.some((c) => c.name === name) ? classIn(named, name) : null;
    const file = elsewhere && !files.get(named!)?.functions.some((f) => f.name === name) ? elsewhere.file : named;
    const src = file ? bySource.get(file) : undefined;
    // Django's own generic view used as it is (`TemplateView.as_view(template_name=…)`), cited at the route.
    const known = DJANGO_GENERIC_ANSWERS[name]?.[method];
    if (known && (!file || !src || !classIn(file, name)))
      return known.map((status) => ({ status, ...(status === '200' ? { contentType: 'text/html' } : {}), source: `${urlsFile}:${line}` }));
    if (!file || !src) return null;
    const code = codeOf(src);
    const lineOf = (base: number) => (offset: number) => lineAt(code, base + offset);
    const fn = defBody(code, name, '');
    if (fn) return djangoStatuses(fn.body, lineOf(fn.at), file);
    const cls = classIn(file, name);
    if (!cls) return null;
    const clsAt = new RegExp(String.raw`^class[ \t]+${name}\b`, 'm').exec(code);
    if (clsAt) {
      // The class's block: up to the next line that is not indented.
      const rest = code.slice(clsAt.index);
      const firstLine = rest.indexOf('\n') + 1;
      const end = rest.slice(firstLine).search(/^(?![ \t]|$)/m);
      const after = end < 0 ? rest : rest.slice(0, firstLine + end);
      const indent = /\n([ \t]+)\S/.exec(after)?.[1] ?? '    ';
      const own = defBody(after, method.toLowerCase(), indent);
      if (own) return djangoStatuses(own.body, lineOf(clsAt.index + own.at), file);
    }
    const statuses = generic(file, name, method, 0);
    return statuses
      ? statuses.map((status) => ({
          status,
          ...(status === '200' ? { contentType: 'text/html' } : {}),
          source: `${file}:${cls.c.line ?? 1}`,
        }))
      : null;
  };
}

/**
 * The form a Django view reads on POST (and PUT, which Django's form views answer as POST): a function
 * view's `SomeForm(request.POST)` (`data=request.POST`, `request.POST or None`) — that form class's
 * fields, required unless `required=False` — else the fields it reads itself (`request.POST["x"]`,
 * `request.POST.get("x")`); a class view's `form_class = SomeForm`, or its `fields = [...]` (with
 * `model = M`, the model's field types). Sent as `application/x-www-form-urlencoded`.
 */
function djangoFormBodies(
  files: ReadonlyMap<string, PyFile>,
  bySource: ReadonlyMap<string, SourceFile>,
): (urlsFile: string, handler: string, method: string) => NonNullable<RouteRequest['body']> | null {
  const { origin, classIn } = pyClasses(files);
  const block = (code: string, re: RegExp): { text: string; at: number } | null => {
    const m = re.exec(code);
    if (!m) return null;
    const rest = code.slice(m.index);
    const firstLine = rest.indexOf('\n') + 1;
    const end = rest.slice(firstLine).search(/^(?![ \t]|$)/m);
    return { text: end < 0 ? rest : rest.slice(0, firstLine + end), at: m.index };
  };
  /** A form class's fields (its bases' first), as JSON Schema. */
  const formSchema = (
    file: string,
    name: string,
    depth = 0,
  ): { properties: Record<string, unknown>; required: string[]; line: number; file: string } | null => {
    const hit = classIn(origin(file, name) ?? file, name);
    if (!hit || depth > 4) return null;
    const properties: Record<string, unknown> = {};
    const required: string[] = [];
    for (const b of hit.c.bases) {
      const inherited = formSchema(hit.file, b, depth + 1);
      if (inherited) {
        Object.assign(properties, inherited.properties);
        required.push(...inherited.required);
      }
    }
    for (const f of hit.c.fields ?? []) {
      if (!f.form) continue;
      properties[f.name] = FIELD_CLASSES[f.form] ?? { type: 'string' };
      if (!/\brequired\s*=\s*False\b/.test(f.args ?? '') && !required.includes(f.name)) required.push(f.name);
    }
    return Object.keys(properties).length > 0 ? { properties, required, line: hit.c.line ?? 1, file: hit.file } : null;
  };
  const body = (properties: Record<string, unknown>, required: string[], source: string): NonNullable<RouteRequest['body']> => ({
    contentType: 'application/x-www-form-urlencoded',
    schema: { type: 'object', properties, ...(required.length > 0 ? { required } : {}) },
    source,
  });
  return (urlsFile, handler, method) => {
    if (method !== 'POST' && method !== 'PUT' && method !== 'ANY') return null;
    const parts = handler.split('.');
    const name = parts.at(-1)!;
    const file = parts.length > 1 ? origin(urlsFile, parts[0]!) : (origin(urlsFile, name) ?? urlsFile);
    const src = file ? bySource.get(file) : undefined;
    if (!file || !src) return null;
    const code = codeOf(src);
    const fn = block(code, new RegExp(String.raw`^(?:async[ \t]+)?def[ \t]+${name}[ \t]*\(`, 'm'));
    if (fn) {
      if (method === 'PUT') return null;
      const onPost = (b: NonNullable<RouteRequest['body']>): NonNullable<RouteRequest['body']> =>
        method === 'ANY' ? { ...b, methods: ['POST'] } : b;
      const bound = /\b(\w+)\s*\(\s*(?:data\s*=\s*)?request\.POST\b/.exec(fn.text);
      const form = bound ? formSchema(file, bound[1]!) : null;
      if (form && bound) return onPost(body(form.properties, form.required, `${form.file}:${form.line}`));
      const properties: Record<string, unknown> = {};
      const required: string[] = [];
      let first = -1;
      for (const m of fn.text.matchAll(/\brequest\.POST\s*(?:\[\s*["']([\w-]+)["']\s*\]|\.(?:get|getlist)\s*\(\s*["']([\w-]+)["'])/g)) {
        const field = (m[1] ?? m[2])!;
        properties[field] = { type: 'string' };
        if (m[1] !== undefined && !required.includes(field)) required.push(field);
        if (first < 0) first = m.index;
      }
      return first < 0 ? null : onPost(body(properties, required, `${file}:${lineAt(code, fn.at + first)}`));
    }
    if (method === 'ANY') return null;
    const cls = block(code, new RegExp(String.raw`^class[ \t]+${name}\b`, 'm'));
    if (!cls) return null;
    const formClass = /^[ \t]+form_class[ \t]*=[ \t]*([\w.]+)/m.exec(cls.text);
    if (formClass) {
      const form = formSchema(file, formClass[1]!.split('.').pop()!);
      return form ? body(form.properties, form.required, `${form.file}:${form.line}`) : null;
    }
    const listed = /^[ \t]+fields[ \t]*=[ \t]*[[(]([^\])]*)[\])]/m.exec(cls.text);
    if (!listed) return null;
    const names = [...listed[1]!.matchAll(/["'](\w+)["']/g)].map((m) => m[1]!);
    if (names.length === 0) return null;
    const model = /^[ \t]+model[ \t]*=[ \t]*([\w.]+)/m.exec(cls.text)?.[1]?.split('.').pop();
    const modelFields = model ? (classIn(origin(file, model) ?? file, model)?.c.fields ?? []) : [];
    const properties = Object.fromEntries(
      names.map((n) => {
        const f = modelFields.find((x) => x.name === n);
        return [n, (f?.form && FIELD_CLASSES[f.form]) || { type: 'string' }];
      }),
    );
    const required = names.filter((n) => {
      const f = modelFields.find((x) => x.name === n);
      return f?.form !== undefined && !/\b(?:blank\s*=\s*True|default\s*=)/.test(f.args ?? '');
    });
    return body(properties, required, `${file}:${lineAt(code, cls.at + listed.index)}`);
  };
}

/** What DRF's mixins and viewsets give a viewset, by class name. */
const DRF_VIEWSETS: Record<string, string[]> = {
  ModelViewSet: ['list', 'create', 'retrieve', 'update', 'partial_update', 'destroy'],
  ReadOnlyModelViewSet: ['list', 'retrieve'],
  ListModelMixin: ['list'],
  CreateModelMixin: ['create'],
  RetrieveModelMixin: ['retrieve'],
  UpdateModelMixin: ['update', 'partial_update'],
  DestroyModelMixin: ['destroy'],
};
/** The routes a DRF router generates for a viewset, in its order: the list, the list actions, the detail, the detail actions. */
const DRF_LIST = [
  ['GET', 'list'],
  ['POST', 'create'],
] as const;
const DRF_DETAIL = [
  ['GET', 'retrieve'],
  ['PUT', 'update'],
  ['PATCH', 'partial_update'],
  ['DELETE', 'destroy'],
] as const;

/**
 * A DRF router registration (`router.register('recipes', RecipeViewSet)`) as the routes the router
 * generates: `recipes/` for `list` (GET) and `create` (POST), `recipes/{lookup}/` for `retrieve`,
 * `update`, `partial_update` and `destroy` (GET, PUT, PATCH, DELETE), and each `@action` at
 * `recipes/<url_path>/` or `recipes/{lookup}/<url_path>/` with its methods (GET by default). The
 * actions a viewset has are those it defines and those its bases give (DRF's `ModelViewSet`,
 * `ReadOnlyModelViewSet` and mixins by name, bases of the repository followed), limited by
 * `http_method_names`; the lookup is `lookup_url_kwarg`, else `lookup_field`, else `pk`. A viewset
 * that is not found stays one `ANY` route at its prefix.
 */
/** A body for PATCH (DRF's `partial=True`): no field is required. */
function partial(body: NonNullable<RouteRequest['body']>): NonNullable<RouteRequest['body']> {
  const { required: _required, ...schema } = body.schema;
  return { ...body, schema };
}

/**
 * Form and serializer field classes that Django forms, DRF serializers and WTForms name alike,
 * as JSON Schema: the base of both tables below.
 */
const FIELD_CLASSES: Record<string, Record<string, unknown>> = {
  IntegerField: SCHEMA.integer,
  FloatField: SCHEMA.number,
  DecimalField: SCHEMA.number,
  BooleanField: SCHEMA.boolean,
  EmailField: SCHEMA.email,
  DateTimeField: SCHEMA.dateTime,
  DateField: SCHEMA.date,
  FileField: SCHEMA.binary,
};

/** DRF serializer fields as JSON Schema, by field class. */
const DRF_FIELDS: Record<string, Record<string, unknown>> = {
  ...FIELD_CLASSES,
  URLField: SCHEMA.uri,
  UUIDField: SCHEMA.uuid,
  ImageField: SCHEMA.binary,
  ListField: SCHEMA.array,
  MultipleChoiceField: SCHEMA.array,
  JSONField: SCHEMA.any,
  DictField: SCHEMA.object,
  PrimaryKeyRelatedField: SCHEMA.any,
};

/**
 * The request body a DRF view's `serializer_class` takes (its bases followed): the serializer's
 * declared fields (`title = serializers.CharField(…)`; `read_only=True`, `SerializerMethodField`
 * and `HiddenField` left out, `required=False` or a `default=` not required) and its
 * `Meta.fields` names less `read_only_fields` (their types are the model's, not read: `{}`).
 * JSON, or multipart when a field is a file.
 */
/**
 * How a DRF view's own handler for a method (`def post` / `create`, `def put` / `update`, `def patch`
 * / `partial_update` / `update`) reads the request body, when the view class in `text` defines one:
 * `null` when it never reads `request.data` (the serializer only writes the answer), the key when it
 * reads one key of it (`request.data.get('user', {})`: the body is `{"user": …}`), `undefined` when
 * it reads the whole body or the view leaves the method to its base class.
 */
function drfReads(text: string, view: string, method: string): string | null | undefined {
  const cls = new RegExp(String.raw`^class[ \t]+${view}\b[^\n]*\n((?:(?:[ \t]+[^\n]*)?\n)*)`, 'm').exec(text);
  if (!cls) return undefined;
  const names = method === 'POST' ? ['post', 'create'] : method === 'PUT' ? ['put', 'update'] : ['patch', 'partial_update', 'update'];
  for (const name of names) {
    const def = new RegExp(String.raw`^([ \t]+)def[ \t]+${name}[ \t]*\([^\n]*\n((?:(?:\1[ \t]+[^\n]*|[ \t]*)\n)*)`, 'm').exec(cls[1]!);
    if (!def) continue;
    const body = def[2]!;
    if (!/\brequest\.data\b/.test(body)) return /\bsuper\(\)\.\w+\(/.test(body) ? undefined : null;
    const key = /\brequest\.data(?:\.get\s*\(\s*|\[\s*)["'](\w+)["']/.exec(body)?.[1];
    return key && !/\brequest\.data\s*[,)]/.test(body) ? key : undefined;
  }
  return undefined;
}

/**
 * Whether a DRF view's own `def patch` validates the whole body: it builds its serializer without `partial=True` and
 * hands nothing to `partial_update` / `super()` — then PATCH requires the serializer's required fields, as POST does.
 */
function drfWholePatch(text: string, view: string): boolean {
  const cls = new RegExp(String.raw`^class[ \t]+${view}\b[^\n]*\n((?:(?:[ \t]+[^\n]*)?\n)*)`, 'm').exec(text);
  const def = cls ? /^([ \t]+)def[ \t]+patch[ \t]*\([^\n]*\n((?:(?:\1[ \t]+[^\n]*|[ \t]*)\n)*)/m.exec(cls[1]!) : null;
  if (!def) return false;
  const body = def[2]!;
  return /\bdata\s*=\s*request\.data\b/.test(body) && !/\bpartial\s*=|\bpartial_update\s*\(|\bsuper\(\)/.test(body);
}

function drfBodies(files: ReadonlyMap<string, PyFile>): (file: string, view: string) => RouteRequest['body'] | undefined {
  const { find } = pyClasses(files);
  return (file, view) => {
    let serializer: { file: string; name: string } | undefined;
    const walk = (hit: { file: string; c: PyFile['classes'][number] } | null, depth: number): void => {
      if (!hit || depth > 8 || serializer) return;
      if (hit.c.serializer) serializer = { file: hit.file, name: hit.c.serializer };
      else for (const b of hit.c.bases) walk(find(hit.file, b), depth + 1);
    };
    walk(find(file, view), 0);
    const s = serializer && find(serializer.file, serializer.name);
    if (!s) return undefined;
    // A field of a class of the repository (`email = CustomEmailSerializer(…)` deriving from `serializers.EmailField`,
    // `profile = ProfileSerializer(many=False)`): the DRF field it derives from, or a nested serializer's object.
    const drfField = (at: string, form: string, depth = 0): Record<string, unknown> | undefined => {
      if (DRF_FIELDS[form]) return DRF_FIELDS[form];
      const hit = depth < 5 ? find(at, form) : null;
      if (!hit) return undefined;
      for (const b of hit.c.bases) {
        const base = b.split('.').pop()!;
        if (DRF_FIELDS[base]) return DRF_FIELDS[base];
        if (/^(?:Hyperlinked)?(?:Model)?Serializer$/.test(base)) return { type: 'object', title: form };
        const deeper = drfField(hit.file, base, depth + 1);
        if (deeper) return deeper;
      }
      return undefined;
    };
    // The serializer and its bases of the repository (`AdminColorSerializer(ColorSerializer)`): declared fields are
    // inherited (the subclass's win), and `Meta` is the nearest class's that has one (Python finds it on the base).
    const chain: Array<NonNullable<typeof s>> = [s];
    for (let i = 0; i < chain.length && chain.length < 6; i++)
      for (const b of chain[i]!.c.bases) {
        const hit = find(chain[i]!.file, b);
        if (hit && !chain.some((x) => x.file === hit.file && x.c.name === hit.c.name)) chain.push(hit);
      }
    const meta = chain.find((x) => x.c.metaFields !== undefined) ?? s;
    const declared: Array<{ field: NonNullable<PyFile['classes'][number]['fields']>[number]; file: string }> = [];
    for (const x of chain)
      for (const field of x.c.fields ?? []) if (!declared.some((d) => d.field.name === field.name)) declared.push({ field, file: x.file });
    const properties: Record<string, unknown> = {};
    const required: string[] = [];
    const skip = new Set(meta.c.readOnly ?? []);
    for (const { field: f, file: at } of declared) {
      if (!f.form) continue;
      skip.add(f.name);
      if (
        /^(?:SerializerMethodField|HiddenField|ReadOnlyField|HyperlinkedIdentityField)$/.test(f.form) ||
        /\bread_only\s*=\s*True\b/.test(f.args ?? '')
      )
        continue;
      properties[f.name] = /\bmany\s*=\s*True\b/.test(f.args ?? '') ? { type: 'array' } : (drfField(at, f.form) ?? { type: 'string' });
      if (!/\brequired\s*=\s*False\b|\bdefault\s*=|\ballow_null\s*=\s*True\b/.test(f.args ?? '')) required.push(f.name);
    }
    // A ModelSerializer's `id` / `pk` of `Meta.fields` is the model's automatic primary key, read-only: no request sends it.
    const modelSerializer = (hit: ReturnType<typeof find>, depth: number): boolean =>
      !!hit &&
      depth < 5 &&
      hit.c.bases.some((b) => /(?:^|\.)(?:Hyperlinked)?ModelSerializer$/.test(b) || modelSerializer(find(hit.file, b), depth + 1));
    if (modelSerializer(s, 0)) skip.add('id').add('pk');
    // A field of `Meta.fields` is the model's: DRF requires it unless the model field may be left out (`null=True`,
    // `blank=True`, a `default`, `auto_now`, not editable, the primary key, a boolean); unknown when the model or the
    // field is not found, or `extra_kwargs` sets its options.
    const model = meta.c.metaModel ? find(meta.file, meta.c.metaModel) : null;
    const modelRequired = (hit: ReturnType<typeof find>, name: string, depth = 0): boolean | undefined => {
      if (!hit || depth > 5 || hit.c.line === undefined) return undefined;
      const code = files.get(hit.file)?.code ?? '';
      const lines = code.split('\n');
      const head = lines[hit.c.line - 1] ?? '';
      const indent = /^[ \t]*/.exec(head)![0].length;
      let end = hit.c.line;
      while (end < lines.length && (lines[end]!.trim() === '' || /^[ \t]*/.exec(lines[end]!)![0].length > indent)) end++;
      const body = lines.slice(hit.c.line, end).join('\n');
      const f = new RegExp(String.raw`^[ \t]+${name}[ \t]*=[ \t]*(?:\w+\.)*(\w+)[ \t]*\(`, 'm').exec(body);
      if (!f) {
        for (const b of hit.c.bases) {
          const r = modelRequired(find(hit.file, b), name, depth + 1);
          if (r !== undefined) return r;
        }
        return undefined;
      }
      if (!/(?:Field|^ForeignKey)$/.test(f[1]!)) return undefined;
      const open = f.index + f[0].length - 1;
      const args = body.slice(open + 1, closing(body, open) - 1);
      return !(
        /^(?:Auto|BigAuto|SmallAuto|Boolean|NullBoolean)Field$/.test(f[1]!) ||
        /\b(?:null|blank)\s*=\s*True\b|\bdefault\s*=|\bauto_now(?:_add)?\s*=\s*True\b|\beditable\s*=\s*False\b|\bprimary_key\s*=\s*True\b/.test(
          args,
        )
      );
    };
    for (const name of meta.c.metaFields ?? []) {
      if (skip.has(name) || name in properties) continue;
      properties[name] = {};
      if (model && !(meta.c.extraKwargs ?? []).includes(name) && modelRequired(model, name) === true) required.push(name);
    }
    if (Object.keys(properties).length === 0) return undefined;
    const source = `${s.file}:${s.c.line}`;
    const multipart = Object.values(properties).some((p) => (p as Record<string, unknown>).format === 'binary');
    return {
      contentType: multipart ? 'multipart/form-data' : 'application/json',
      schema: { type: 'object', title: s.c.name, properties, ...(required.length > 0 ? { required } : {}), 'x-source': source },
      source,
    };
  };
}

/**
 * The text of the method `action` (`def create(self, request, …)`) the class or its first base of the repository that
 * defines it holds, with its file and first line; undefined when only a library class has it.
 */
function overriddenAction(
  files: ReadonlyMap<string, PyFile>,
  find: (file: string, name: string) => { file: string; c: PyFile['classes'][number] } | null,
  start: { file: string; c: PyFile['classes'][number] } | null,
  action: string,
): { body: string; file: string; line: number } | undefined {
  let hit = start;
  const seen = new Set<string>();
  for (let depth = 0; hit && depth < 8; depth++) {
    const h = hit;
    if (seen.has(`${h.file}#${h.c.name}`)) return undefined;
    seen.add(`${h.file}#${h.c.name}`);
    if (h.c.defs?.includes(action) && h.c.line !== undefined) {
      const code = files.get(h.file)?.code ?? '';
      const from = code.split('\n').slice(0, h.c.line).join('\n').length;
      const m = new RegExp(String.raw`^([ \t]+)(?:async[ \t]+)?def[ \t]+${action}[ \t]*\(`, 'm').exec(code.slice(from));
      if (!m) return undefined;
      const at = from + m.index;
      const lines = code.slice(at).split('\n');
      let n = 1;
      while (n < lines.length && (lines[n]!.trim() === '' || /^[ \t]*/.exec(lines[n]!)![0].length > m[1]!.length)) n++;
      return { body: lines.slice(0, n).join('\n'), file: h.file, line: code.slice(0, at).split('\n').length };
    }
    hit = h.c.bases.map((b) => find(h.file, b)).find((x) => x !== null) ?? null;
  }
  return undefined;
}

function drfExpander(files: ReadonlyMap<string, PyFile>): (r: Route) => Route[] {
  const { find } = pyClasses(files);
  const bodyOf = drfBodies(files);
  return (r) => {
    const { drf: given, ...route } = r;
    const slash = given!.trailingSlash;
    // The viewset is looked up where it is named: the route dict's module for a registration in a loop.
    const classFile = given!.classFile ?? r.file;
    const start = find(classFile, r.handler!);
    if (!start) return [{ ...route, path: joinPath(r.path) + slash }];
    const has = new Set<string>();
    const actions: NonNullable<PyFile['classes'][number]['actions']> = [];
    let lookup: string | undefined;
    let allowed: string[] | undefined;
    const walk = (hit: { file: string; c: PyFile['classes'][number] } | null, name: string, depth: number): void => {
      if (depth > 8) return;
      if (!hit) {
        for (const a of DRF_VIEWSETS[name] ?? []) has.add(a);
        return;
      }
      for (const d of hit.c.defs ?? []) has.add(d);
      for (const a of hit.c.actions ?? []) if (!actions.some((x) => x.name === a.name)) actions.push(a);
      lookup ??= hit.c.lookup;
      allowed ??= hit.c.httpMethods;
      for (const b of hit.c.bases) walk(find(hit.file, b), b, depth + 1);
    };
    walk(start, r.handler!, 0);
    const name = r.handler!.split('.').at(-1)!;
    const ok = (method: string): boolean => !allowed || allowed.includes(method);
    // A viewset registered at the empty prefix (`router.register(r"", V)`) serves the include's own path: the
    // mount's trailing slash is no segment of its own (`meetings/` + `` → `/meetings/`, not `/meetings//`).
    const base = r.path.replace(/\/+$/, '');
    const detail = `${base}/{${lookup ?? 'pk'}}`;
    const out: Route[] = [];
    // The serializer's fields are the body of create / update / partial_update (an action's own body is not read).
    const body = bodyOf(classFile, r.handler!);
    // An action the viewset (or a base of the repository) overrides that reads `request.data` itself, never building
    // the serializer (`get_serializer(`, `serializer_class(`, `super().create(`): the keys it reads, else no body.
    const bodyFor = (action: string): RouteRequest['body'] | undefined => {
      const own = overriddenAction(files, find, start, action);
      if (!own || /\bget_serializer\s*\(|\bserializer_class\s*\(|\bsuper\s*\([^)]*\)\s*\.\s*\w+\s*\(|Serializer\s*\(/.test(own.body))
        return body && (action === 'partial_update' ? partial(body) : body);
      const keys = [
        ...new Set(
          [...own.body.matchAll(/\brequest\.data\s*(?:\[\s*["'](\w+)["']\s*\]|\.get\s*\(\s*["'](\w+)["'])/g)].map((m) => (m[1] ?? m[2])!),
        ),
      ];
      const first = own.body.search(/\brequest\.data\b/);
      if (keys.length === 0 || first < 0) return undefined;
      return {
        contentType: 'application/json',
        schema: { type: 'object', properties: Object.fromEntries(keys.map((k) => [k, {}])) },
        source: `${own.file}:${own.line + own.body.slice(0, first).split('\n').length - 1}`,
      };
    };
    const add = (method: string, path: string, action: string, line: number): void => {
      const b = ['create', 'update', 'partial_update'].includes(action) ? bodyFor(action) : undefined;
      if (ok(method))
        out.push({
          ...route,
          method,
          path: joinPath(path) + (path === '' && slash === '/' ? '' : slash),
          handler: `${name}.${action}`,
          line,
          ...(b ? { request: { body: b } } : {}),
        });
    };
    for (const [method, action] of DRF_LIST) if (has.has(action)) add(method, base, action, r.line);
    for (const a of actions.filter((x) => !x.detail)) for (const m of a.methods) add(m, `${base}/${a.urlPath}`, a.name, r.line);
    for (const [method, action] of DRF_DETAIL) if (has.has(action)) add(method, detail, action, r.line);
    for (const a of actions.filter((x) => x.detail)) for (const m of a.methods) add(m, `${detail}/${a.urlPath}`, a.name, r.line);
    return out;
  };
}

/** JSON Schemas of the repository's pydantic models and WTForms forms, by class name. */
interface PySchemas {
  model: (name: string) => { schema: Record<string, unknown>; source: string } | null;
  /** a type annotation (`Item`, `list[Item]`, `Optional[Item]`, `int`) as JSON Schema; null when nothing is known of it */
  type: (annotation: string) => Record<string, unknown> | null;
  form: (name: string) => { schema: Record<string, unknown>; source: string; multipart: boolean } | null;
  /**
   * A marshmallow schema named in a decorator (`@body(post_schema)` of APIFairy, `@use_kwargs(ArticleSchema())`
   * of flask-apispec): an instance of the file (`post_schema = PostSchema()`) or of the repository, or the class.
   */
  marshmallow: (expr: string, file: string, dump?: boolean) => { schema: Record<string, unknown>; source: string } | null;
  /** whether a name is a dependency alias (`SessionDep = Annotated[Session, Depends(get_db)]`): such a parameter is injected, not read from the request */
  dependency: (name: string) => boolean;
}

const PY_SCALARS: Record<string, Record<string, unknown>> = {
  str: SCHEMA.string,
  int: SCHEMA.integer,
  float: SCHEMA.number,
  bool: SCHEMA.boolean,
  bytes: SCHEMA.string,
  EmailStr: SCHEMA.email,
  HttpUrl: SCHEMA.uri,
  AnyUrl: SCHEMA.uri,
  datetime: SCHEMA.dateTime,
  date: SCHEMA.date,
  UUID: SCHEMA.uuid,
  Decimal: SCHEMA.number,
  dict: SCHEMA.object,
  Dict: SCHEMA.object,
  Any: SCHEMA.any,
};
const WTF_FIELDS: Record<string, Record<string, unknown>> = {
  ...FIELD_CLASSES,
  MultipleFileField: { type: 'array', items: { type: 'string', format: 'binary' } },
  SelectMultipleField: { type: 'array', items: { type: 'string' } },
};

/**
 * Whether a class field's value gives it a default: any value does, except pydantic's / SQLModel's
 * `Field(…)` without one (`Field(max_length=255)`, `Field(...)`: required); `Field(None)`,
 * `Field(default=…)` and `Field(default_factory=…)` do.
 */
function hasPyDefault(value: string | undefined): boolean {
  if (value === undefined) return false;
  const field = /^(?:\w+\.)?Field\s*\(([\s\S]*)$/.exec(value.trim());
  if (!field) return true;
  const args = field[1]!.trim();
  if (args === '') return true; // the arguments go on over the next lines: not read
  if (/^(?:\.\.\.)?\s*[,)]/.test(args)) return false;
  if (/\bdefault(?:_factory)?\s*=/.test(args)) return true;
  return !/^\w+\s*=/.test(args);
}

/** The roots of pydantic models: `BaseModel`, and SQLModel's `SQLModel` (a pydantic model too). */
// (`@dataclass` is read as a base of that name: FastAPI reads a dataclass parameter as the body, like a model.)
const PYDANTIC = /^(?:BaseModel|SQLModel|@dataclass)$/;
const SCHEMA_ROOTS = /^(?:BaseModel|SQLModel|FlaskForm|Form|Schema|SQLAlchemySchema|SQLAlchemyAutoSchema|Serializer|ModelSerializer)$/;

function pythonSchemas(files: ReadonlyMap<string, PyFile>): PySchemas {
  const byName = new Map<string, { file: string; c: PyFile['classes'][number] }>();
  const all = new Map<string, Array<{ file: string; c: PyFile['classes'][number] }>>();
  for (const [file, f] of files)
    for (const c of f.classes) {
      if (!byName.has(c.name)) byName.set(c.name, { file, c });
      (all.get(c.name) ?? all.set(c.name, []).get(c.name)!).push({ file, c });
    }
  // A class named through the module that holds it (`login_data: schemas.UserLogin`, `response_model=models.User`):
  // the class of that name, when no class is named with the dots.
  const plain = (name: string): string => (byName.has(name) ? name : (/^(?:\w+\.)+(\w+)$/.exec(name)?.[1] ?? name));
  const derives = (name: string, roots: RegExp, depth = 0): boolean => {
    if (roots.test(name)) return true;
    const hit = byName.get(name);
    return !!hit && depth < 8 && hit.c.bases.some((b) => derives(b, roots, depth + 1));
  };
  // Two classes of one name (an ORM model `User` in models.py, the pydantic `User` in schemas.py): as a
  // request or response type the name is the schema class — pydantic, WTForms or marshmallow.
  for (const [name, list] of all)
    if (list.length > 1) {
      const schema = list.find((x) => x.c.bases.some((b) => b !== name && derives(b, SCHEMA_ROOTS)));
      if (schema) byName.set(name, schema);
    }
  const fieldsOf = (name: string, depth = 0): NonNullable<PyFile['classes'][number]['fields']> => {
    const hit = byName.get(name);
    if (!hit || depth > 8) return [];
    const inherited = hit.c.bases.flatMap((b) => fieldsOf(b, depth + 1));
    const own = hit.c.fields ?? [];
    return [...inherited.filter((f) => !own.some((o) => o.name === f.name)), ...own];
  };
  const typeSchema = (t: string, depth: number): { schema: Record<string, unknown>; optional: boolean } => {
    t = t.trim().replace(/^(?:typing|t)\./, '');
    const union = /^(.+?)\s*\|\s*None$/.exec(t) ?? /^Optional\[(.+)\]$/.exec(t);
    if (union) return { schema: typeSchema(union[1]!, depth).schema, optional: true };
    const generic = /^(\w+)\[(.+)\]$/.exec(t);
    if (generic && /^(?:List|list|Sequence|Set|set|Tuple|tuple|conlist)$/.test(generic[1]!))
      return { schema: { type: 'array', items: typeSchema(splitArgs(generic[2]!)[0] ?? '', depth).schema }, optional: false };
    if (generic && /^(?:Dict|dict|Mapping)$/.test(generic[1]!)) return { schema: { type: 'object' }, optional: false };
    if (PY_SCALARS[t]) return { schema: PY_SCALARS[t]!, optional: false };
    if (/^con(?:str|int|float)\(/.test(t))
      return { schema: { type: t.startsWith('constr') ? 'string' : t.startsWith('conint') ? 'integer' : 'number' }, optional: false };
    t = plain(t);
    if (depth < 3 && byName.has(t) && derives(t, PYDANTIC)) return { schema: modelSchema(t, depth + 1)!.schema, optional: false };
    return { schema: {}, optional: false };
  };
  /** a class's fields as an object schema, cited at the class */
  const objectSchema = (
    name: string,
    hit: { file: string; c: { line?: number | undefined } },
    properties: Record<string, unknown>,
    required: string[],
  ): { schema: Record<string, unknown>; source: string } => ({
    schema: {
      type: 'object',
      title: name,
      properties,
      ...(required.length > 0 ? { required } : {}),
      'x-source': `${hit.file}:${hit.c.line}`,
    },
    source: `${hit.file}:${hit.c.line}`,
  });
  const modelSchema = (name: string, depth = 0): { schema: Record<string, unknown>; source: string } | null => {
    name = plain(name);
    const hit = byName.get(name);
    if (!hit || !derives(name, PYDANTIC)) return null;
    const properties: Record<string, unknown> = {};
    const required: string[] = [];
    for (const f of fieldsOf(name)) {
      if (f.form || f.type === '' || /^(?:ClassVar|Config)\b/.test(f.type)) continue;
      const { schema, optional } = typeSchema(f.type, depth);
      properties[f.name] = schema;
      if (!optional && !f.hasDefault) required.push(f.name);
    }
    return objectSchema(name, hit, properties, required);
  };
  const form = (name: string): ReturnType<PySchemas['form']> => {
    const hit = byName.get(name);
    if (!hit || !derives(name, /^(?:FlaskForm|Form)$/)) return null;
    const properties: Record<string, unknown> = {};
    const required: string[] = [];
    let multipart = false;
    for (const f of fieldsOf(name)) {
      if (!f.form || /^(?:SubmitField|FormField|FieldList)$/.test(f.form)) continue;
      properties[f.name] = WTF_FIELDS[f.form] ?? { type: 'string' };
      // WTForms' `DataRequired()` / `InputRequired()` validators (also by the older `Required()`).
      if (/\b(?:DataRequired|InputRequired|Required)\s*\(/.test(f.args ?? '') && !required.includes(f.name)) required.push(f.name);
      if (/File/.test(f.form)) multipart = true;
    }
    return { ...objectSchema(name, hit, properties, required), multipart };
  };
  const type = (annotation: string): Record<string, unknown> | null => {
    const { schema } = typeSchema(annotation, 0);
    return Object.keys(schema).length > 0 ? schema : null;
  };
  const dependencies = new Set([...files.values()].flatMap((f) => f.dependencies ?? []));
  const MARSHMALLOW_TYPES: Record<string, Record<string, unknown>> = {
    String: SCHEMA.string,
    Str: SCHEMA.string,
    Integer: SCHEMA.integer,
    Int: SCHEMA.integer,
    Float: SCHEMA.number,
    Number: SCHEMA.number,
    Decimal: SCHEMA.number,
    Boolean: SCHEMA.boolean,
    Bool: SCHEMA.boolean,
    Email: SCHEMA.email,
    Url: SCHEMA.uri,
    URL: SCHEMA.uri,
    DateTime: SCHEMA.dateTime,
    Date: SCHEMA.date,
    UUID: SCHEMA.uuid,
    Dict: SCHEMA.object,
  };
  /** As loaded from a request (`dump_only` fields left out), or as dumped into a response (`load_only` left out, nothing required). */
  const marshmallowClass = (
    name: string,
    partial: boolean,
    depth: number,
    dump = false,
  ): { schema: Record<string, unknown>; source: string } | null => {
    const hit = byName.get(name);
    if (!hit || !derives(name, /^(?:Schema|SQLAlchemySchema|SQLAlchemyAutoSchema|ModelSchema)$/) || depth > 3) return null;
    const properties: Record<string, unknown> = {};
    const required: string[] = [];
    for (const f of fieldsOf(name)) {
      if (!f.form || f.args === undefined) continue;
      // Fields only dumped are not read from the request; fields only loaded are not in a response.
      if (new RegExp(String.raw`\b${dump ? 'load_only' : 'dump_only'}\s*=\s*True\b`).test(f.args)) continue;
      const key = /\bdata_key\s*=\s*["']([^"']+)["']/.exec(f.args)?.[1] ?? f.name;
      let schema: Record<string, unknown> = MARSHMALLOW_TYPES[f.form] ?? {};
      if (f.form === 'Nested') {
        const target = /^\s*["']?(\w+)/.exec(f.args)?.[1] ?? '';
        // `partial` goes down to nested schemas, as marshmallow applies it.
        const nested = marshmallowClass(target, partial, depth + 1, dump)?.schema ?? {};
        schema = /\bmany\s*=\s*True\b/.test(f.args) ? { type: 'array', items: nested } : nested;
      } else if (f.form === 'List') {
        const item = /^\s*(?:\w+\.)?(\w+)\s*\(/.exec(f.args)?.[1] ?? '';
        schema = { type: 'array', items: MARSHMALLOW_TYPES[item] ?? {} };
      }
      properties[key] = schema;
      if (!partial && !dump && /\brequired\s*=\s*True\b/.test(f.args)) required.push(key);
    }
    const source = `${hit.file}:${hit.c.line}`;
    return {
      schema: { type: 'object', title: name, properties, ...(required.length > 0 ? { required } : {}), 'x-source': source },
      source,
    };
  };
  const marshmallow = (expr: string, file: string, dump = false): ReturnType<PySchemas['marshmallow']> => {
    const e = expr.trim();
    // `PostSchema(many=True)`: an array of them.
    const of = (cls: string, args: string): ReturnType<PySchemas['marshmallow']> => {
      const one = marshmallowClass(cls, /\bpartial\s*=\s*True\b/.test(args), 0, dump);
      return one && /\bmany\s*=\s*True\b/.test(args) ? { ...one, schema: { type: 'array', items: one.schema } } : one;
    };
    const call = /^(\w+)\s*\(([^)]*)\)$/.exec(e);
    if (call) return of(call[1]!, call[2]!);
    if (!/^\w+$/.test(e)) return null;
    if (byName.has(e)) return of(e, '');
    // The instance of this file, else the only one of that name in the repository.
    const own = files.get(file)?.instances?.find((i) => i.name === e);
    const all = [...files.values()].flatMap((f) => (f.instances ?? []).filter((i) => i.name === e));
    const hit = own ?? (all.length === 1 ? all[0] : undefined);
    return hit ? of(hit.cls, hit.args) : null;
  };
  return { model: (n) => modelSchema(n), form, type, dependency: (n) => dependencies.has(n), marshmallow };
}

/**
 * The responses a Flask or FastAPI handler declares. FastAPI: `response_model=` (else the return
 * annotation) read as a schema — a pydantic model, a list of them, a scalar — under
 * `status_code=` (else 200). Flask: each `return jsonify(…)` whose keys are literal (a dict
 * literal with string keys, or keyword arguments) as an object with those keys, under the status
 * written after it (`return jsonify(…), 201`), else 200; a `jsonify` of anything else is left out.
 */
function pyResponses(file: string, r: PyFile['routes'][number], framework: string, schemas: PySchemas): RouteResponse[] | undefined {
  if (framework === 'fastapi') {
    const type = r.responseModel ?? r.def?.returns;
    // `status_code=201`, `status.HTTP_201_CREATED`: the three digits.
    const given = r.statusCode ? /(?:^|\D)([1-5]\d\d)(?!\d)/.exec(r.statusCode)?.[1] : undefined;
    // Starlette's `JSONResponse`, `HTMLResponse` … are no schema; a pydantic model named `UserResponse` is one.
    const schema = type && (schemas.model(type) || !/^(?:None|Response|\w+Response)$/.test(type)) ? schemas.type(type) : null;
    const own: RouteResponse[] = schema
      ? [{ status: given ?? '200', contentType: 'application/json', schema, source: `${file}:${r.responseModel ? r.line : r.def!.line}` }]
      : given
        ? [{ status: given, source: `${file}:${r.line}` }]
        : [];
    // `raise HTTPException(status_code=404, detail="Note not found")` (also positional, `status.HTTP_404_NOT_FOUND`)
    // in the handler's body: a status it answers, with the detail as its description.
    const body = r.def?.body ?? '';
    // String literals blanked (same length) so that a `raise …` written inside one is not read.
    const blanked = body.replace(/"""[\s\S]*?"""|'''[\s\S]*?'''|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g, (x) => x.replace(/[^\n]/g, ' '));
    for (const m of blanked.matchAll(/\braise\s+(?:fastapi\.)?(?:HTTPException|StarletteHTTPException)\s*\(/g)) {
      const open = m.index + m[0].length - 1;
      const args = splitArgs(body.slice(open + 1, closing(body, open) - 1));
      const code = args
        .map((a) => /^(?:status_code\s*=\s*)?(?:status\.HTTP_)?([1-5]\d\d)(?!\d)/.exec(a.trim())?.[1])
        .find((x) => x !== undefined);
      if (!code || own.some((x) => x.status === code)) continue;
      const detail = args
        .map(
          (a, i) => (i === 1 ? /^(?:detail\s*=\s*)?(["'])((?:(?!\1).)*)\1$/ : /^detail\s*=\s*(["'])((?:(?!\1).)*)\1$/).exec(a.trim())?.[2],
        )
        .find((x) => x !== undefined);
      own.push({
        status: code,
        ...(detail ? { description: detail } : {}),
        source: `${file}:${r.def!.bodyLine + (body.slice(0, m.index).match(/\n/g)?.length ?? 0)}`,
      });
    }
    // `return JSONResponse(content=…, status_code=…)`: the status it names (a response returned directly is sent
    // as it is); with none, and no `status_code=` on the route, FastAPI answers 200.
    for (const m of blanked.matchAll(/\breturn\s+(?:\w+\.)?(?:JSON|ORJSON|UJSON|HTML|PlainText|Redirect)?Response\s*\(/g)) {
      const open = m.index + m[0].length - 1;
      const args = splitArgs(body.slice(open + 1, closing(body, open) - 1));
      const named = args
        .map((a) => /^status_code\s*=\s*(?:status\.HTTP_)?([1-5]\d\d)(?!\d)/.exec(a.trim())?.[1])
        .find((x) => x !== undefined);
      const code = named ?? (given ? undefined : /Redirect/.test(m[0]) ? '307' : '200');
      if (!code || own.some((x) => x.status === code)) continue;
      own.push({ status: code, source: `${file}:${r.def!.bodyLine + (body.slice(0, m.index).match(/\n/g)?.length ?? 0)}` });
    }
    return own.length > 0 ? own.sort((a, b) => (a.status < b.status ? -1 : 1)) : undefined;
  }
  if (!r.def) return undefined;
  const out: RouteResponse[] = [];
  // APIFairy's `@response(schema, 201)` / `@other_responses({404: 'Post not found'})`, flask-apispec's `@marshal_with(schema, code=201)`.
  const decorators = r.def.decorators ?? '';
  const lineOf = (offset: number): number => r.def!.line - (decorators.slice(offset).match(/\n/g)?.length ?? 0);
  for (const d of decorators.matchAll(/^[ \t]*@(?:\w+\.)?(response|marshal_with|other_responses)\s*\(/gm)) {
    const open = d.index + d[0].length - 1;
    const args = splitArgs(decorators.slice(open + 1, closing(decorators, open) - 1));
    const source = `${file}:${lineOf(d.index)}`;
    if (d[1] === 'other_responses') {
      const dict = args[0]?.trim() ?? '';
      if (!dict.startsWith('{')) continue;
      for (const e of splitArgs(dict.slice(1, closing(dict, 0) - 1))) {
        const m = /^(\d{3})\s*:\s*(["'])((?:(?!\2).)*)\2\s*$/.exec(e.trim());
        if (m && !out.some((x) => x.status === m[1])) out.push({ status: m[1]!, description: m[3]!, source });
      }
      continue;
    }
    const found = args[0] ? schemas.marshmallow(args[0], file, true) : null;
    const status =
      args
        .slice(1)
        .map((a) => /^(?:(?:status_code|code)\s*=\s*)?(\d{3})$/.exec(a.trim())?.[1])
        .find((x) => x !== undefined) ?? '200';
    const description = args.map((a) => /^description\s*=\s*(["'])((?:(?!\1).)*)\1$/.exec(a.trim())?.[2]).find((x) => x !== undefined);
    if (out.some((x) => x.status === status)) continue;
    out.push({
      status,
      ...(description ? { description } : {}),
      ...(found ? { contentType: 'application/json', schema: found.schema } : {}),
      source,
    });
  }
  const body = r.def.body;
  for (const m of body.matchAll(/\breturn\s+(?:flask\.)?jsonify\s*\(/g)) {
    const open = m.index + m[0].length - 1;
    const close = closing(body, open);
    const args = splitArgs(body.slice(open + 1, close - 1));
    let keys: string[] | null = null;
    if (args.length === 1 && args[0]!.trim().startsWith('{')) {
      const inner = args[0]!.trim();
      const entries = splitArgs(inner.slice(1, closing(inner, 0) - 1));
      const names = entries.map((e) => /^\s*["']([\w-]+)["']\s*:/.exec(e)?.[1]);
      if (entries.length > 0 && names.every((n) => n !== undefined)) keys = names as string[];
    } else if (args.length > 0 && args.every((a) => /^\s*\w+\s*=(?!=)/.test(a))) keys = args.map((a) => /^\s*(\w+)/.exec(a)![1]!);
    if (!keys) continue;
    const status = /^\s*,\s*(\d{3})\b/.exec(body.slice(close))?.[1] ?? '200';
    if (out.some((x) => x.status === status)) continue;
    const line = r.def.bodyLine + (body.slice(0, m.index).match(/\n/g)?.length ?? 0);
    out.push({
      status,
      contentType: 'application/json',
      schema: { type: 'object', properties: Object.fromEntries(keys.map((k) => [k, {}])) },
      source: `${file}:${line}`,
    });
  }
  // An HTML view: `return render_template(…)` is a page (200), `return redirect(…)` a redirect (302), `abort(404)` that status.
  const htmlLine = (offset: number): string => `${file}:${r.def!.bodyLine + (body.slice(0, offset).match(/\n/g)?.length ?? 0)}`;
  // What a form view does once the form is posted (`if form.validate_on_submit():`, `if request.method == 'POST':`)
  // is no answer to a GET.
  const posted: Array<[number, number]> = [];
  for (const m of body.matchAll(
    /^([ \t]*)if\s+(?:request\.method\s*==\s*["'](?:POST|PUT|PATCH|DELETE)["']|[\w.]+\.validate_on_submit\s*\(\s*\))[^\n]*:[ \t]*\n/gm,
  )) {
    const start = m.index + m[0].length;
    const end = body.slice(start).search(new RegExp(String.raw`^(?!${m[1]}[ \t]+|[ \t]*$)`, 'm'));
    posted.push([start, end < 0 ? body.length : start + end]);
  }
  for (const m of body.matchAll(
    /\breturn\s+(?:flask\.)?(render_template|render_template_string|redirect)\s*\(|\babort\s*\(\s*(\d{3})\b/g,
  )) {
    if (r.method === 'GET' && posted.some(([a, b]) => a <= m.index && m.index < b)) continue;
    const status = m[2] ?? (m[1] === 'redirect' ? '302' : '200');
    if (out.some((x) => x.status === status)) continue;
    out.push({ status, ...(status === '200' ? { contentType: 'text/html' } : {}), source: htmlLine(m.index) });
  }
  return out.length > 0 ? out.sort((a, b) => (a.status < b.status ? -1 : 1)) : undefined;
}

/**
 * What a Flask or FastAPI handler reads besides its path. FastAPI: a parameter typed by a
 * pydantic model (or `= Body(…)`, `embed=True` under its alias) is the JSON body, `= Form(…)` a
 * form field, `File`/`UploadFile` a multipart part, any other plain parameter not in the path a
 * query parameter (required without a default); `Depends`, `Header`, `Cookie`, `Path` and the
 * framework's own types are not. Flask: `request.form[…]` / `.get(…)` are form fields,
 * `request.args…` query parameters, `request.files` multipart parts, `request.get_json()` /
 * `request.json` a JSON body, and a WTForms form the handler instantiates its fields. A body is
 * documented on POST, PUT, PATCH and DELETE only.
 */
function requestOf(
  file: string,
  def: { params: string; body: string; line: number; bodyAt: number; bodyLine: number; decorators?: string },
  method: string,
  routePath: string,
  framework: string,
  schemas: PySchemas,
  closureDeps: ReadonlySet<string> = new Set(),
): RouteRequest | undefined {
  const query: NonNullable<RouteRequest['query']> = [];
  const bodyProps: Record<string, unknown> = {};
  const required: string[] = [];
  let json: Record<string, unknown> | null = null;
  let contentType: string | null = null;
  const source = `${file}:${def.line}`;
  const lineIn = (offset: number): number => def.bodyLine + (def.body.slice(0, offset).match(/\n/g)?.length ?? 0);
  let bodySource = source;
  const inPath = new Set([...routePath.matchAll(/[{<](?:\w+:)?(\w+)[}>]/g)].map((m) => m[1]!));
  if (framework === 'fastapi') {
    const bodies: Array<{ name: string; schema: Record<string, unknown>; embed: boolean }> = [];
    for (const p of splitArgs(def.params)) {
      const m = /^(\w+)\s*(?::\s*([^=]+?))?\s*(?:=\s*([\s\S]+))?$/.exec(p.trim());
      if (!m || m[1] === 'self' || inPath.has(m[1]!) || p.trim().startsWith('*')) continue;
      const [, name, type = '', dflt = ''] = m;
      // FastAPI's OAuth2 password form (`form_data: OAuth2PasswordRequestForm = Depends()`, also in `Annotated[…]`)
      // is the form body the OAuth2 password flow posts.
      const oauth = /^(?:(?:typing\.)?Annotated\[\s*)?(?:[\w.]*\.)?OAuth2PasswordRequestForm(Strict)?\b/.exec(type.trim());
      if (oauth) {
        contentType = contentType === 'multipart/form-data' ? contentType : 'application/x-www-form-urlencoded';
        Object.assign(bodyProps, {
          grant_type: oauth[1] ? { type: 'string', const: 'password' } : { type: 'string', pattern: '^password$' },
          username: { type: 'string' },
          password: { type: 'string' },
          scope: { type: 'string', default: '' },
          client_id: { type: 'string' },
          client_secret: { type: 'string' },
        });
        required.push(...(oauth[1] ? ['grant_type'] : []), 'username', 'password');
        continue;
      }
      if (
        /\b(?:Depends|Security|Header|Cookie|Path)\s*\(/.test(dflt) ||
        /^(?:Request|Response|WebSocket|BackgroundTasks|Session|AsyncSession|HTTPConnection)\b/.test(type.trim()) ||
        // `Annotated[Session, Depends(get_db)]` written inline, or through an alias of it (`session: SessionDep`)
        /^(?:typing\.)?Annotated\[[\s\S]*\b(?:Depends|Security|Header|Cookie|Path)\s*\(/.test(type.trim()) ||
        schemas.dependency(type.trim()) ||
        // injected by a container (dishka's `FromDishka[X]`, dependency-injector's `Provide[…]`)
        /^(?:FromDishka|FromComponent|Inject|Injected|Provide)\[/.test(type.trim()) ||
        /^(?:\w+\.)*(?:Provide|Inject)\[/.test(dflt.trim()) ||
        // a default naming a dependency (`user: User = current_user_dependency`), module-level or handed in
        schemas.dependency(dflt.trim().split('.').at(-1)!) ||
        closureDeps.has(dflt.trim())
      )
        continue;
      const model = schemas.model(type.trim().replace(/^Optional\[(.+)\]$/, '$1'));
      if (/\bForm\s*\(/.test(dflt) || /\bFile\s*\(/.test(dflt) || /UploadFile/.test(type)) {
        const file = /\bFile\s*\(/.test(dflt) || /UploadFile/.test(type);
        contentType = file || contentType === 'multipart/form-data' ? 'multipart/form-data' : 'application/x-www-form-urlencoded';
        bodyProps[name!] = file ? { type: 'string', format: 'binary' } : (PY_SCALARS[type.trim()] ?? { type: 'string' });
        if (!/\b(?:Form|File)\s*\(\s*(?:default\s*=\s*)?(?!\.\.\.)[^),]/.test(dflt)) required.push(name!);
        continue;
      }
      // A Pydantic model declared with `Query(…)` (`filters: Filters = Query(None)`, FastAPI ≥ 0.115): its fields are
      // query parameters, required when the model requires them and the parameter has no default.
      if (model && /^Query\s*\(/.test(dflt.trim())) {
        const whole = /^Query\s*\(\s*(?:(?:default\s*=\s*)?\.\.\.)?\s*[,)]/.test(dflt.trim());
        const req = (model.schema.required as string[] | undefined) ?? [];
        for (const [field, schema] of Object.entries((model.schema.properties as Record<string, Record<string, unknown>>) ?? {}))
          if (!query.some((q) => q.name === field))
            query.push({ name: field, required: whole && req.includes(field), schema, source: model.source });
        continue;
      }
      if (model || /\bBody\s*\(/.test(dflt)) {
        const alias = /\balias\s*=\s*["']([^"']+)["']/.exec(dflt)?.[1];
        bodies.push({
          name: alias ?? name!,
          schema: model?.schema ?? PY_SCALARS[type.trim()] ?? {},
          embed: /\bembed\s*=\s*True\b/.test(dflt) || !model,
        });
        continue;
      }
      const scalar =
        PY_SCALARS[type.trim().replace(/^Optional\[(.+)\]$/, '$1')] ??
        (/^(?:List|list)\[/.test(type.trim()) ? { type: 'array', items: { type: 'string' } } : { type: 'string' });
      const optional = /Optional\[|\|\s*None/.test(type) || (dflt !== '' && !/^Query\s*\(\s*(?:default\s*=\s*)?\.\.\./.test(dflt.trim()));
      query.push({ name: name!, required: !optional, schema: scalar, source });
    }
    if (bodies.length === 1 && !bodies[0]!.embed) json = bodies[0]!.schema;
    else if (bodies.length > 0)
      json = { type: 'object', properties: Object.fromEntries(bodies.map((b) => [b.name, b.schema])), required: bodies.map((b) => b.name) };
  } else {
    for (const m of def.body.matchAll(
      /\brequest\.(form|args|files|values)\s*(?:\[\s*["']([\w-]+)["']\s*\]|\.(?:get|getlist)\s*\(\s*["']([\w-]+)["'])/g,
    )) {
      const name = (m[2] ?? m[3])!;
      if (m[1] === 'args' || m[1] === 'values') {
        if (!query.some((q) => q.name === name))
          query.push({ name, required: m[2] !== undefined, schema: { type: 'string' }, source: `${file}:${lineIn(m.index)}` });
        continue;
      }
      contentType = m[1] === 'files' || contentType === 'multipart/form-data' ? 'multipart/form-data' : 'application/x-www-form-urlencoded';
      bodyProps[name] = m[1] === 'files' ? { type: 'string', format: 'binary' } : { type: 'string' };
      if (m[2] !== undefined && !required.includes(name)) required.push(name);
      if (bodySource === source) bodySource = `${file}:${lineIn(m.index)}`;
    }
    const j = /\brequest\.(?:get_json\s*\(|json\b)/.exec(def.body);
    if (j) {
      json = { type: 'object' };
      bodySource = `${file}:${lineIn(j.index)}`;
      // The keys the handler reads from it (`data = request.get_json()` then `data["title"]`, `data.get("tags")`;
      // `request.json["title"]`), each a property of unknown type — as Express's `req.body.name`.
      const holders = [
        String.raw`request\.(?:get_json\s*\([^)]*\)|json)`,
        ...[...def.body.matchAll(/^[ \t]*(\w+)[ \t]*=[ \t]*request\.(?:get_json\s*\([^)]*\)|json)[ \t]*(?:#.*)?$/gm)].map((m) => m[1]!),
      ];
      const keys: string[] = [];
      for (const h of holders)
        for (const k of def.body.matchAll(
          new RegExp(String.raw`\b${h}(?:\[\s*["']([\w-]+)["']\s*\](?!\s*=(?!=))|\.get\(\s*["']([\w-]+)["'])`, 'g'),
        ))
          if (!keys.includes((k[1] ?? k[2])!)) keys.push((k[1] ?? k[2])!);
      if (keys.length > 0) json = { type: 'object', properties: Object.fromEntries(keys.map((k) => [k, {}])) };
    }
    // A marshmallow schema declared by a decorator: APIFairy's `@body(schema)` / `@arguments(schema)`,
    // flask-apispec's `@use_kwargs(schema)` (`location='query'` for query parameters).
    for (const d of (def.decorators ?? '').matchAll(/^[ \t]*@(?:\w+\.)?(body|arguments|use_kwargs)\s*\(/gm)) {
      const open = d.index + d[0].length - 1;
      const args = splitArgs((def.decorators ?? '').slice(open + 1, closing(def.decorators ?? '', open) - 1));
      const found = args[0] ? schemas.marshmallow(args[0], file) : null;
      if (!found) continue;
      const location = /["'](query|querystring|form|json)["']/.exec(args.slice(1).find((a) => /\blocation\s*=/.test(a)) ?? '')?.[1];
      if (d[1] === 'arguments' || location === 'query' || location === 'querystring') {
        const req = (found.schema.required as string[] | undefined) ?? [];
        for (const [name, schema] of Object.entries((found.schema.properties as Record<string, Record<string, unknown>>) ?? {}))
          if (!query.some((q) => q.name === name)) query.push({ name, required: req.includes(name), schema, source: found.source });
      } else if (location === 'form') {
        Object.assign(bodyProps, found.schema.properties as Record<string, unknown>);
        required.push(...((found.schema.required as string[] | undefined) ?? []));
        contentType = 'application/x-www-form-urlencoded';
        bodySource = found.source;
      } else {
        json = found.schema;
        bodySource = found.source;
      }
    }
    for (const m of def.body.matchAll(/\b\w+\s*=\s*(\w+)\s*\(/g)) {
      const form = schemas.form(m[1]!);
      if (!form) continue;
      Object.assign(bodyProps, (form.schema.properties as Record<string, unknown>) ?? {});
      for (const r of (form.schema.required as string[] | undefined) ?? []) if (!required.includes(r)) required.push(r);
      contentType = form.multipart ? 'multipart/form-data' : (contentType ?? 'application/x-www-form-urlencoded');
      bodySource = form.source;
    }
  }
  const out: RouteRequest = {};
  const withBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method);
  if (withBody && contentType && Object.keys(bodyProps).length > 0)
    out.body = {
      contentType,
      schema: { type: 'object', properties: bodyProps, ...(required.length > 0 ? { required } : {}) },
      source: bodySource,
    };
  else if (withBody && json)
    out.body = {
      contentType: 'application/json',
      schema: json,
      source: typeof json['x-source'] === 'string' ? (json['x-source'] as string) : bodySource,
    };
  if (query.length > 0) out.query = query;
  return out.body || out.query ? out : undefined;
}

/**
 * Flask and FastAPI routes with their full paths: each route is declared on an object (a
 * blueprint, a router, the app); the object is found through the file's imports wherever it was
 * created (`from . import auth`, `from .api import api as api_blueprint`, re-exports), and its
 * prefixes are those of every place it is mounted, followed up to the app — through an application
 * factory and nested blueprints alike. Flask: a `url_prefix` given at registration replaces the
 * blueprint's own. FastAPI: the `include_router` prefix comes before the router's own.
 */
function pythonRoutes(files: ReadonlyMap<string, PyFile>): Route[] {
  const all = new Set(files.keys());
  const moduleFile = (from: string, spec: string): string | null => pyModuleFile(all, from, spec);
  type Ref = { module: string } | { object: string };
  const resolveName = (file: string, name: string, depth = 0): Ref | null => {
    const f = files.get(file);
    if (!f || depth > 8) return null;
    if (f.objects.some((o) => o.name === name)) return { object: `${file}#${name}` };
    const alias = f.aliases?.find((a) => a.name === name);
    if (alias) return { object: `${file}#${alias.of}` };
    const made = factoryObject(file, name, depth);
    if (made) return { object: made };
    // A function returning a name of its own (`def get_router(): router = build(…); …; return router`).
    const returned = f.code.includes(`def ${name}`) ? defOf(file, name) : null;
    const back = returned ? /^[ \t]+return[ \t]+(\w+)[ \t]*$/m.exec(returned.body)?.[1] : undefined;
    if (back && back !== name && !returned!.params.some((p) => p.name === back)) {
      const ref = localObject(file, back, name, depth + 1) ?? resolveName(file, back, depth + 1);
      if (ref) return typeof ref === 'string' ? { object: ref } : ref;
    }
    const imp = [...f.imports].reverse().find((i) => i.name === name);
    if (!imp) return null;
    if (imp.orig === null) {
      const mod = moduleFile(file, imp.module);
      return mod ? { module: mod } : null;
    }
    const sub = moduleFile(file, imp.module.endsWith('.') ? `${imp.module}${imp.orig}` : `${imp.module}.${imp.orig}`);
    if (sub) return { module: sub };
    const mod = moduleFile(file, imp.module);
    return mod ? resolveName(mod, imp.orig, depth + 1) : null;
  };
  // A dotted name (`pkg.mod.obj`) followed module by module from `file`.
  const resolvePath = (file: string, dotted: string): Ref | null => {
    const [first, ...rest] = dotted.split('.');
    let ref = resolveName(file, first!);
    for (const part of rest) ref = ref && 'module' in ref ? resolveName(ref.module, part) : null;
    return ref;
  };
  const resolveExpr = (file: string, expr: string): string | null => {
    const ref = resolvePath(file, expr);
    return ref && 'object' in ref ? ref.object : null;
  };
  // A function by the name a file uses for it (defined there, imported, or `module.fn`): its file and own name.
  const resolveFn = (file: string, name: string, depth = 0): { file: string; name: string } | null => {
    const f = files.get(file);
    if (!f || depth > 8) return null;
    const dot = name.lastIndexOf('.');
    if (dot > 0) {
      const ref = resolvePath(file, name.slice(0, dot));
      return ref && 'module' in ref ? resolveFn(ref.module, name.slice(dot + 1), depth + 1) : null;
    }
    if (new RegExp(String.raw`^[ \t]*(?:async[ \t]+)?def[ \t]+${name}[ \t]*\(`, 'm').test(f.code)) return { file, name };
    const imp = [...f.imports].reverse().find((i) => i.name === name);
    if (!imp || imp.orig === null) return null;
    const mod = moduleFile(file, imp.module);
    return mod ? resolveFn(mod, imp.orig, depth + 1) : null;
  };
  // A function's definition: its parameters (with their default expressions), its body and where it starts.
  const defOf = (file: string, name: string): { params: Array<{ name: string; dflt?: string }>; body: string; at: number } | null => {
    const code = files.get(file)?.code;
    const d = code ? new RegExp(String.raw`^([ \t]*)(?:async[ \t]+)?def[ \t]+${name}[ \t]*\(`, 'm').exec(code) : null;
    if (!code || !d) return null;
    const open = d.index + d[0].length - 1;
    const close = closing(code, open);
    const params = splitArgs(code.slice(open + 1, close - 1)).map((p) => {
      const m = /^\**(\w+)\s*(?::[^=]+)?(?:=\s*([\s\S]+))?$/.exec(p.trim());
      return { name: m?.[1] ?? '', ...(m?.[2] ? { dflt: m[2].trim() } : {}) };
    });
    const colon = /:[ \t]*(?:#[^\n]*)?\n/.exec(code.slice(close));
    const bodyStart = close + (colon ? colon.index + colon[0].length : 0);
    const rest = code.slice(bodyStart);
    const stop = rest.search(new RegExp(String.raw`\n(?!${d[1]}[ \t]+|[ \t]*\n)`));
    // Functions nested in it are blanked (their `return`s are not its own), offsets kept.
    let nested: number | null = null;
    const body = rest
      .slice(0, stop < 0 ? rest.length : stop)
      .split('\n')
      .map((l) => {
        const ind = /^[ \t]*/.exec(l)![0].length;
        if (nested !== null && (l.trim() === '' || ind > nested)) return ' '.repeat(l.length);
        nested = null;
        const d = /^([ \t]*)(?:async[ \t]+)?def[ \t]/.exec(l);
        if (!d) return l;
        nested = d[1]!.length;
        return ' '.repeat(l.length);
      })
      .join('\n');
    return { params, body, at: bodyStart };
  };
  // The arguments a call binds to a function's parameters, by position or keyword.
  const argFor = (args: readonly string[], params: ReadonlyArray<{ name: string }>, index: number): string | undefined => {
    const name = params[index]?.name;
    const kw = args.map((a) => new RegExp(String.raw`^${name}\s*=\s*([\s\S]+)$`).exec(a.trim())?.[1]).find((x) => x !== undefined);
    if (kw !== undefined) return kw.trim();
    const positional = args.filter((a) => !/^\w+\s*=[^=]/.test(a.trim()));
    return positional[index]?.trim();
  };
  // A string a Python expression evaluates to where each name is bound (a parameter to its argument) or a
  // module constant of `code`: a literal, a name, an f-string of names, or a `+` of those; else null.
  const evalString = (expr: string, bind: ReadonlyMap<string, string>, code: string): string | null => {
    const e = expr.trim();
    const lit = literal(e);
    if (lit !== null) return lit;
    if (/^\w+$/.test(e)) return bind.get(e) ?? pyConstant(code, e);
    const f = /^[fF]([rR]?)(["'])(.*)\2$/.exec(e);
    if (f) {
      let ok = true;
      const value = f[3]!.replace(/\{([\w.]+)\}/g, (_, n: string) => {
        const v = bind.get(n) ?? (/^\w+$/.test(n) ? pyConstant(code, n) : null);
        if (v === null || v === undefined) ok = false;
        return v ?? '';
      });
      return ok && !/[{}]/.test(value) ? value : null;
    }
    const parts = e.split('+');
    if (parts.length > 1) {
      const values = parts.map((x) => evalString(x, bind, code));
      return values.every((v): v is string => v !== null) ? values.join('') : null;
    }
    return null;
  };
  // `blp = api_blueprint("todos", "/todos")` at a module's top level, where the function returns a
  // `Blueprint(…, url_prefix=f"{API_PREFIX}{path}")` / `APIRouter(prefix=…)` it builds: an object of this
  // module whose prefix is the factory's, its parameters bound to the call's arguments (unresolved, with the
  // factory's citation, when a part is no constant).
  const made = new Map<string, string | null>();
  // An instance a factory call made → the factory's own local object it is a copy of.
  const sourceOf = new Map<string, string>();
  // Whether an instance's prefix is its own (the factory's depends on the call's arguments), not the factory object's.
  const ownPrefix = (inst: string): boolean => {
    const source = sourceOf.get(inst);
    const a = objects.get(inst)?.prefix;
    const b = source ? objects.get(source)?.prefix : undefined;
    return source === undefined || JSON.stringify(a ?? { path: '' }) !== JSON.stringify(b ?? { path: '' });
  };
  // A function's local name (`router` in `def get_router`): the object made there, or one a factory it calls makes.
  const localObject = (file: string, name: string, fn: string, depth: number): string | null => {
    const key = `${file}#${name}@${fn}`;
    if (files.get(file)?.objects.some((o) => o.name === `${name}@${fn}`)) return key;
    const alias = files.get(file)?.aliases?.find((a) => a.name === `${name}@${fn}`);
    if (alias) return `${file}#${alias.of}`;
    return factoryObject(file, name, depth, fn);
  };
  // The string attributes an instance gets from its constructor's arguments: `x = Cls("users", …)` in `text`, with
  // `Cls.__init__(self, url_prefix, …)` setting `self.url_prefix = url_prefix`.
  const instanceAttributes = (file: string, text: string, name: string): Map<string, string> => {
    const out = new Map<string, string>();
    const built = new RegExp(String.raw`^[ \t]*${name}[ \t]*(?::[^=\n]+)?=[ \t]*([\w.]+)[ \t]*\(`, 'm').exec(text);
    const cls = built ? resolveClass(file, built[1]!) : null;
    if (!built || !cls) return out;
    const open = built.index + built[0].length - 1;
    const args = splitArgs(text.slice(open + 1, closing(text, open) - 1));
    const clsCode = files.get(cls.file)!.code;
    const start = [...clsCode.matchAll(new RegExp(String.raw`^class[ \t]+${cls.c.name}\b`, 'gm'))][0]?.index;
    const init = start === undefined ? null : /^([ \t]+)def[ \t]+__init__[ \t]*\(/m.exec(clsCode.slice(start));
    if (start === undefined || !init) return out;
    const initOpen = start + init.index + init[0].length - 1;
    const params = splitArgs(clsCode.slice(initOpen + 1, closing(clsCode, initOpen) - 1))
      .map((x) => ({ name: /^\**(\w+)/.exec(x.trim())?.[1] ?? '' }))
      .filter((x) => x.name !== 'self');
    const body = clsCode.slice(closing(clsCode, initOpen)).split(/\n(?=[ \t]{0,4}\S)/)[0] ?? '';
    for (const m of body.matchAll(/^[ \t]+self\.(\w+)[ \t]*(?::[^=\n]+)?=[ \t]*(\w+)[ \t]*$/gm)) {
      const at = params.findIndex((x) => x.name === m[2]);
      const arg = at >= 0 ? argFor(args, params, at) : undefined;
      const v = arg === undefined ? null : evalString(arg, new Map(), files.get(file)!.code);
      if (v !== null) out.set(m[1]!, v);
    }
    return out;
  };
  const factoryObject = (file: string, name: string, depth: number, scope?: string): string | null => {
    const key = scope ? `${file}#${name}@${scope}` : `${file}#${name}`;
    if (made.has(key)) return made.get(key)!;
    made.set(key, null);
    const f = files.get(file)!;
    const within = scope ? defOf(file, scope) : null;
    if (scope && !within) return null;
    const text = within ? within.body : f.code;
    const assign = new RegExp(String.raw`^${scope ? '[ \\t]+' : ''}${name}[ \t]*(?::[^=\n]+)?=[ \t]*([\w.]+)[ \t]*\(`, 'm').exec(text);
    const call = assign ? { index: assign.index + (within?.at ?? 0), 0: assign[0], 1: assign[1]! } : null;
    if (!call || depth > 8) return null;
    const open = call.index + call[0].length - 1;
    const args = splitArgs(f.code.slice(open + 1, closing(f.code, open) - 1));
    const fn = resolveFn(file, call[1]!);
    const def = fn ? defOf(fn.file, fn.name) : null;
    if (!fn || !def) return null;
    const fnCode = files.get(fn.file)!.code;
    const returned = /^[ \t]+return[ \t]+(?:(\w+)[ \t]*$|(?:\w+\.)*(Blueprint|\w*Router)\s*\()/m.exec(def.body);
    if (!returned) return null;
    let ctorAt: number;
    let kindName: string;
    if (returned[2]) {
      ctorAt = def.at + returned.index + returned[0].length - 1;
      kindName = returned[2];
    } else {
      const built = new RegExp(String.raw`^[ \t]+${returned[1]}[ \t]*(?::[^=\n]+)?=[ \t]*(?:\w+\.)*(Blueprint|\w*Router)\s*\(`, 'm').exec(
        def.body,
      );
      if (!built) return null;
      ctorAt = def.at + built.index + built[0].length - 1;
      kindName = built[1]!;
    }
    const ctorArgs = splitArgs(fnCode.slice(ctorAt + 1, closing(fnCode, ctorAt) - 1));
    const given = ctorArgs.map((a) => /^(?:url_prefix|prefix)\s*=\s*([\s\S]+)$/.exec(a.trim())?.[1]).find((x) => x !== undefined);
    const bind = new Map<string, string>();
    def.params.forEach((p, i) => {
      const arg = argFor(args, def.params, i) ?? p.dflt;
      const v = arg === undefined ? null : evalString(arg, new Map(), arg === p.dflt ? fnCode : f.code);
      if (v !== null) bind.set(p.name, v);
      // An instance built where the call is (`configs = ResourceConfigurations("users", …)`): the attributes its
      // `__init__` sets from its parameters (`self.url_prefix = url_prefix`) are `p.url_prefix`.
      if (arg !== undefined && arg !== p.dflt && /^\w+$/.test(arg))
        for (const [attr, value] of instanceAttributes(file, text, arg)) bind.set(`${p.name}.${attr}`, value);
    });
    const value = given === undefined ? '' : evalString(given, bind, fnCode);
    const line = lineAt(fnCode, ctorAt);
    const prefix: Prefix = value !== null ? { path: value } : { path: '', unresolved: `${fn.file}:${line} ${given!.trim()}` };
    objects.set(key, { kind: kindName === 'Blueprint' ? 'flask' : 'fastapi', prefix });
    if (returned[1]) sourceOf.set(key, `${fn.file}#${returned[1]}@${fn.name}`);
    made.set(key, key);
    return key;
  };
  // A prefix read from a settings field (`settings.api_prefix`) whose settings classes all declare one
  // default (`api_prefix: str = "/api"`) is that default, the value the code itself gives: the path is
  // written with it, and stays marked unresolved with both citations (the environment may set another).
  const defaultOf = (field: string): { value: string; at: string } | null => {
    const found: Array<{ value: string; at: string }> = [];
    for (const [file, f] of files)
      for (const d of f.defaults) if (d.name === field) found.push({ value: d.value, at: `${file}:${d.line}` });
    return found.length === 0 || found.some((d) => d.value !== found[0]!.value) ? null : found[0]!;
  };
  const withDefault = (p: Prefix): Prefix => {
    // An f-string of settings fields and literal text (`f'{settings.API_V1_PATH}/emails'`): each field's default.
    const fstring = p.unresolved ? /\sf(["'])((?:(?!\1).)*)\1$/.exec(p.unresolved) : null;
    if (fstring) {
      const parts = fstring[2]!.split(/(\{[^{}]*\})/);
      const used: string[] = [];
      let value = '';
      for (const part of parts) {
        const name = /^\{\s*(?:\w+\.)+(\w+)\s*\}$/.exec(part)?.[1];
        if (part.startsWith('{') && !name) return p;
        const d = name ? defaultOf(name) : null;
        if (name && !d) return p;
        if (d) used.push(`${JSON.stringify(d.value)} at ${d.at}`);
        value += d ? d.value : part;
      }
      if (used.length === 0) return p;
      return {
        path: value,
        unresolved: `${p.unresolved} (default ${used.join(', ')}, the path's prefix unless the environment sets another)`,
      };
    }
    const field = p.unresolved ? /\.(\w+)$/.exec(p.unresolved)?.[1] : undefined;
    const d = field ? defaultOf(field) : null;
    if (!d) return p;
    return {
      path: d.value,
      unresolved: `${p.unresolved} (default ${JSON.stringify(d.value)} at ${d.at}, the path's prefix unless the environment sets another)`,
    };
  };
  // The objects the callers of `fn` (in `file`) hand in as its parameter `index`: a router object where the call
  // is, or — the call inside a function that got it as its own parameter — that function's callers', in turn.
  // Every call of `fn` (defined in `file`) in the repository, with the argument it passes as parameter `index`.
  const callsMemo = new Map<string, Array<{ file: string; arg: string; at: number }>>();
  const argsPassed = (file: string, fn: string, index: number): Array<{ file: string; arg: string; at: number }> => {
    const memo = `${file}#${fn}#${index}`;
    const hit = callsMemo.get(memo);
    if (hit) return hit;
    const out: Array<{ file: string; arg: string; at: number }> = [];
    callsMemo.set(memo, out);
    const def = defOf(file, fn);
    if (!def) return out;
    for (const [g, gf] of files) {
      const names = new Set([fn, ...gf.imports.filter((i) => i.orig === fn).map((i) => i.name)]);
      if (![...names].some((n) => gf.code.includes(n))) continue;
      const spans = stringSpans({ text: gf.code, language: 'Python' });
      for (const c of gf.code.matchAll(new RegExp(String.raw`(?<![\w.])((?:\w+\.)*(\w+))[ \t]*\(`, 'g'))) {
        if (!names.has(c[2]!) || inSpan(spans, c.index) || /\bdef[ \t]+$/.test(gf.code.slice(Math.max(0, c.index - 12), c.index))) continue;
        const target = resolveFn(g, c[1]!);
        if (!target || target.file !== file || target.name !== fn) continue;
        const open = c.index + c[0].length - 1;
        const arg = index < 0 ? '' : argFor(splitArgs(gf.code.slice(open + 1, closing(gf.code, open) - 1)), def.params, index);
        if (arg !== undefined && (arg !== '' || index < 0)) out.push({ file: g, arg, at: c.index });
      }
    }
    return out;
  };
  // A factory's own router (`router@make_crud` in `def make_crud(cfg): router = APIRouter(prefix=f"/{cfg.name}");
  // …; return router`) is a new router at each call: the routes declared on it are served under each instance a
  // caller names (`router = make_crud(configs)` in `def get_router`), and under the factory's own object — its
  // prefix as far as it is known — for a call that names none (`include_router(make_crud(c))` in a loop).
  const instancesOf = (key: string): string[] => {
    const m = /^(.*)#(\w+)@(\w+)$/.exec(key);
    const def = m ? defOf(m[1]!, m[3]!) : null;
    if (!m || !def || !new RegExp(String.raw`^[ \t]+return[ \t]+${m[2]}[ \t]*$`, 'm').test(def.body)) return [key];
    const out = new Set<string>();
    const calls = argsPassed(m[1]!, m[3]!, -1);
    for (const c of calls) {
      const code = files.get(c.file)!.code;
      const assigned = /(?:^|\n)[ \t]*(\w+)[ \t]*(?::[^=\n]+)?=[ \t]*(?:\(\s*)?(?:\w+\.)*$/.exec(
        code.slice(code.lastIndexOf('\n', c.at - 1) + 1, c.at),
      );
      const caller = pyEnclosingDef(code, c.at);
      const inst = assigned ? factoryObject(c.file, assigned[1]!, 0, caller?.name) : null;
      out.add(inst && ownPrefix(inst) ? inst : key);
    }
    return out.size > 0 ? [...out] : [key];
  };
  const handedIn = (file: string, fn: string, index: number, depth = 0, seen = new Set<string>()): string[] => {
    const memo = `${file}#${fn}#${index}`;
    if (depth > 6 || seen.has(memo)) return [];
    seen.add(memo);
    const out: string[] = [];
    for (const c of argsPassed(file, fn, index)) {
      if (!/^[\w.]+$/.test(c.arg)) continue;
      const caller = /^\w+$/.test(c.arg) ? pyEnclosingDef(files.get(c.file)!.code, c.at) : null;
      const key = (caller ? localObject(c.file, c.arg, caller.name, depth) : null) ?? resolveExpr(c.file, c.arg);
      if (key) {
        out.push(key);
        continue;
      }
      const code = files.get(c.file)!.code;
      const outer = pyEnclosingDef(code, c.at);
      const at = outer ? outer.params.indexOf(c.arg) : -1;
      if (outer && at >= 0) out.push(...handedIn(c.file, outer.name, at, depth + 1, seen));
    }
    return [...new Set(out)];
  };
  // Whether every caller of `fn` passes a FastAPI dependency as its parameter `index`: `Depends(…)` /
  // `Security(…)` itself, a name bound to one, a call of a function returning one, or its own caller's
  // parameter that is one in turn — a handler's default of that closure variable is no request parameter.
  const dependencyNames = new Set([...files.values()].flatMap((f) => f.dependencies ?? []));
  const passesDependency = (file: string, fn: string, index: number, depth = 0): boolean => {
    const calls = argsPassed(file, fn, index);
    return (
      depth <= 6 &&
      calls.length > 0 &&
      calls.every((c) => {
        if (/^(?:fastapi\.)?(?:Depends|Security)\s*\(/.test(c.arg) || dependencyNames.has(c.arg.split('.').at(-1)!)) return true;
        const called = /^([\w.]+)\s*\(/.exec(c.arg)?.[1];
        const target = called ? resolveFn(c.file, called) : null;
        const body = target ? defOf(target.file, target.name)?.body : undefined;
        if (body && /^[ \t]+return[ \t]+(?:fastapi\.)?(?:Depends|Security)\s*\(/m.test(body)) return true;
        const outer = /^\w+$/.test(c.arg) ? pyEnclosingDef(files.get(c.file)!.code, c.at) : null;
        const at = outer ? outer.params.indexOf(c.arg) : -1;
        return outer !== null && at >= 0 && passesDependency(c.file, outer.name, at, depth + 1);
      })
    );
  };
  // `build(api)` where `build` returns its parameter: the object handed in.
  const passedThrough = (file: string, callee: string, args: readonly string[]): string | null => {
    const fn = resolveFn(file, callee);
    const def = fn ? defOf(fn.file, fn.name) : null;
    const returned = def ? /^[ \t]+return[ \t]+(\w+)[ \t]*$/m.exec(def.body)?.[1] : undefined;
    const index = def && returned ? def.params.findIndex((p) => p.name === returned) : -1;
    const arg = def && index >= 0 ? argFor(args, def.params, index) : undefined;
    return arg && /^[\w.]+$/.test(arg) ? resolveExpr(file, arg) : null;
  };
  // A class by the name a file uses for it (defined there, imported, or `module.Class`).
  const resolveClass = (file: string, name: string, depth = 0): { file: string; c: PyFile['classes'][number] } | null => {
    const f = files.get(file);
    if (!f || depth > 8) return null;
    const dot = name.lastIndexOf('.');
    if (dot > 0) {
      const ref = resolvePath(file, name.slice(0, dot));
      return ref && 'module' in ref ? resolveClass(ref.module, name.slice(dot + 1), depth + 1) : null;
    }
    const own = f.classes.find((c) => c.name === name);
    if (own) return { file, c: own };
    const imp = [...f.imports].reverse().find((i) => i.name === name);
    const mod = imp && imp.orig !== null ? moduleFile(file, imp.module) : null;
    return mod && imp?.orig ? resolveClass(mod, imp.orig, depth + 1) : null;
  };
  // A name a route's path is (`@app.route(METRICS_PATH)`), imported from another module: its constant value.
  const constantOf = (file: string, name: string, depth = 0): string | null => {
    const f = files.get(file);
    if (!f || depth > 8) return null;
    const own = pyConstant(f.code, name);
    if (own !== null) return own;
    const imp = [...f.imports].reverse().find((i) => i.name === name);
    const mod = imp && imp.orig !== null ? moduleFile(file, imp.module) : null;
    return mod && imp?.orig ? constantOf(mod, imp.orig, depth + 1) : null;
  };
  // A prefix given by a name (`include_router(r, prefix=API_PREFIX)`, `APIRouter(prefix=ITEMS)`) that is a string
  // constant of the module or of one it imports (`API_PREFIX = "/api/v1"`): that value, as for a route's own path.
  const resolvePrefix = (file: string, p: Prefix): Prefix => {
    const name = p.unresolved ? /^\S+:\d+ (\w+)$/.exec(p.unresolved)?.[1] : undefined;
    const value = name ? constantOf(file, name) : null;
    if (value === null) return withDefault(p);
    const out: Prefix = { ...p, path: value };
    delete out.unresolved;
    return out;
  };
  const objects = new Map<string, { kind: 'flask' | 'fastapi'; prefix?: Prefix }>();
  for (const [file, f] of files)
    for (const o of f.objects) objects.set(`${file}#${o.name}`, o.prefix?.unresolved ? { ...o, prefix: resolvePrefix(file, o.prefix) } : o);
  const mountsOf = new Map<string, Array<{ parent: string | null; prefix?: Prefix; condition?: Prefix['condition'] }>>();
  for (const [file, f] of files) {
    for (const m of f.mounts) {
      // A function handing back the router it is given (`include_router(build(api))`, `def build(r): …; return r`).
      // (An instance a factory made with its own prefix — `orders = make_crud(cfg)` — is mounted itself.)
      const inst = m.childVar
        ? m.childVar.fn
          ? localObject(file, m.childVar.name, m.childVar.fn, 0)
          : factoryObject(file, m.childVar.name, 0)
        : null;
      const child =
        (inst && ownPrefix(inst) ? inst : null) ??
        resolveExpr(file, m.child) ??
        (m.childArgs ? passedThrough(file, m.child, m.childArgs) : null);
      if (!child) continue;
      const list = mountsOf.get(child) ?? mountsOf.set(child, []).get(child)!;
      const condition = pyCondition(f.code, file, m.line);
      list.push({
        parent: resolveExpr(file, m.parent),
        ...(m.prefix ? { prefix: m.prefix.unresolved ? resolvePrefix(file, m.prefix) : m.prefix } : {}),
        ...(condition ? { condition } : {}),
      });
    }
  }
  const prefixesOf = (key: string, seen: Set<string>): Prefix[] => {
    const o = objects.get(key);
    const own = o?.prefix ?? { path: '' };
    const mounts = mountsOf.get(key);
    if (!mounts || seen.has(key)) return [own];
    seen.add(key);
    const out: Prefix[] = [];
    for (const m of mounts) {
      const outer = m.parent ? prefixesOf(m.parent, seen) : [{ path: '' }];
      // Flask: the registration's url_prefix replaces the blueprint's; FastAPI: it comes before the router's.
      const inner = o?.kind === 'fastapi' ? joinPrefix(m.prefix ?? { path: '' }, own) : (m.prefix ?? own);
      for (const p of outer) out.push(joinPrefix(p, m.condition ? { ...inner, condition: m.condition } : inner));
    }
    seen.delete(key);
    // One prefix once, however many paths lead to it.
    return [...new Map(out.map((p) => [`${p.path}\0${p.unresolved ?? ''}`, p])).values()];
  };
  // A Flask-RESTful route table (`routes = ((Logout, "/logout"), …)`) of this module or one it imports by name: one
  // `add_resource` route per URL of each tuple, the class named in the table's module.
  const resourceTable = (file: string, t: NonNullable<PyFile['resourceTables']>[number]): PyFile['routes'] => {
    let where = file;
    let name = t.table;
    if (
      pyConstant(files.get(file)!.code, name) === null &&
      !new RegExp(String.raw`^${name}[ \t]*(?::[^=\n]+)?=[ \t]*[[(]`, 'm').test(files.get(file)!.code)
    ) {
      const imp = [...files.get(file)!.imports].reverse().find((i) => i.name === name);
      const mod = imp && imp.orig !== null ? moduleFile(file, imp.module) : null;
      if (!mod || !imp?.orig) return [];
      where = mod;
      name = imp.orig;
    }
    const code = files.get(where)?.code ?? '';
    const decl = new RegExp(String.raw`^${name}[ \t]*(?::[^=\n]+)?=[ \t]*([[(])`, 'm').exec(code);
    if (!decl) return [];
    const open = decl.index + decl[0].length - 1;
    const out: PyFile['routes'] = [];
    for (const item of splitArgs(code.slice(open + 1, closing(code, open) - 1))) {
      const tuple = /^\s*[([]([\s\S]*)[)\]]\s*$/.exec(item);
      if (!tuple) continue;
      const parts = splitArgs(tuple[1]!)
        .map((a) => a.trim())
        .filter((a) => a !== '' && !/^\w+\s*=[^=]/.test(a));
      const cls = parts[0];
      if (!cls || !/^[\w.]+$/.test(cls)) continue;
      for (const url of parts.slice(1)) {
        const own = literal(url);
        if (own === null) continue;
        out.push({
          obj: t.obj,
          method: '',
          path: own,
          line: t.line,
          handler: cls.split('.').at(-1)!,
          fastapi: false,
          resource: cls,
          ...(where !== file ? { resourceFile: where } : {}),
        });
      }
    }
    return out;
  };
  const pySchemas = pythonSchemas(files);
  const routes: Route[] = [];
  for (const [file, f] of files) {
    // A Flask-RESTful resource's route once per method its class defines.
    const tabled = (f.resourceTables ?? []).flatMap((t) => resourceTable(file, t));
    const expanded = [...f.routes, ...tabled].flatMap((route) => {
      if (!route.resource) return [route];
      const cls = resolveClass(route.resourceFile ?? file, route.resource)?.c;
      return (cls?.methods ?? []).map((method) => ({ ...route, method }));
    });
    for (const route of expanded) {
      const constant = route.pathConst ? constantOf(file, route.pathConst) : null;
      if (route.pathConst && constant === null) continue;
      const r = constant !== null ? { ...route, path: constant } : route;
      const key = resolveExpr(file, r.obj) ?? (r.outer && /^\w+$/.test(r.obj) ? localObject(file, r.obj, r.outer.fn, 0) : null);
      const handed = !key && r.param ? handedIn(file, r.param.fn, r.param.index) : [];
      const framework = r.fastapi || (key !== null && objects.get(key)?.kind === 'fastapi') ? 'fastapi' : 'flask';
      // An object found nowhere — a router handed in as a parameter (`def generate_endpoint(router: APIRouter)`),
      // a blueprint an imported factory returns (`blp = api_blueprint("todos", "/todos")`) — serves its routes
      // under a prefix this reading does not know: marked unresolved at the route, not said to be the root.
      // The application object itself (`app`, `application`) has none.
      const unknown: Prefix[] = /^(?:app|application)$/.test(r.obj)
        ? [{ path: '' }]
        : [{ path: '', unresolved: `${file}:${r.line} ${r.obj}` }];
      const keys = (key ? [key] : handed).flatMap(instancesOf);
      const prefixes =
        keys.length > 0
          ? [...new Map(keys.flatMap((k) => prefixesOf(k, new Set())).map((p) => [`${p.path}\0${p.unresolved ?? ''}`, p])).values()]
          : unknown;
      for (const p of prefixes) {
        const closureDeps = new Set(
          framework === 'fastapi' && r.outer
            ? r.outer.params.filter((name, i) => name !== '' && passesDependency(file, r.outer!.fn, i))
            : [],
        );
        const request = r.def ? requestOf(file, r.def, r.method, r.path, framework, pySchemas, closureDeps) : undefined;
        const responses = pyResponses(file, r, framework, pySchemas);
        const condition = pyCondition(f.code, file, r.line) ?? p.condition;
        routes.push({
          method: r.method,
          path: joinPath(p.path, r.path),
          framework,
          file,
          line: r.line,
          ...(condition ? { condition } : {}),
          ...(r.handler ? { handler: r.handler } : {}),
          resolved: p.unresolved === undefined,
          ...(p.unresolved ? { unresolvedPrefix: p.unresolved } : {}),
          ...(p.fromDefault ? { prefixDefault: p.fromDefault } : {}),
          ...(request ? { request } : {}),
          ...(responses ? { responses } : {}),
        });
      }
    }
  }
  return routes;
}

/**
 * Django's urls.py: `path('x/', view)`, `re_path(r'^x$', view)`, Django 1.x/2.x `url(r'^x/$', view)`,
 * and `include()` in each of its shapes — a module by name (`include('blog.urls')`), a
 * `(module, namespace)` tuple, `namespace=`, an imported urls module (`include(blog_urls)`), an
 * inline list of patterns (`include([path(…), …])`, also in a tuple) and a list variable of the
 * same file (`include(extra_patterns)`), nested to any depth. `admin.site.urls` and other
 * generated urlconfs (`router.urls`) are mounts of code outside the repository, not views.
 */
function django(s: SourceFile, code: string): FileRoutes {
  const routes: Route[] = [];
  const mounts: Mount[] = [];
  if (!/\burlpatterns\b/.test(code) && !/Router\s*\(/.test(code)) return { routes, mounts };
  const spans = stringSpans(s);
  // DRF routers of this file: `router = DefaultRouter(trailing_slash=False)`, `router.register(r'users', UserViewSet)`.
  const routers = new Map<
    string,
    {
      root: boolean;
      /** Wagtail's `WagtailAPIRouter`: each endpoint serves a listing, a detail and `find/` (GET only) */
      wagtail?: boolean;
      trailingSlash: string;
      line: number;
      regs: Array<{ prefix: string; viewset: string; line: number }>;
      loops: Array<{ line: number; prefixKey: string; viewsetKey: string; sources: Array<{ module: string; name: string }> }>;
    }
  >();
  for (const m of code.matchAll(
    /^[ \t]*(\w+)[ \t]*(?::[^=\n]+)?=[ \t]*(?:\w+\.)*(\w*(?:DefaultRouter|SimpleRouter)|WagtailAPIRouter)\s*\(/gm,
  )) {
    if (inSpan(spans, m.index)) continue;
    const open = m.index + m[0].length - 1;
    const args = code.slice(open + 1, closing(code, open) - 1);
    routers.set(m[1]!, {
      root: m[2]!.endsWith('DefaultRouter'),
      ...(m[2] === 'WagtailAPIRouter' ? { wagtail: true } : {}),
      trailingSlash: /\btrailing_slash\s*=\s*False\b/.test(args) ? '' : '/',
      line: lineAt(code, m.index),
      regs: [],
      loops: [],
    });
  }
  // `NAME = [...]` / `NAME = A + B` / `from M import orig as NAME`: where a list of route dicts comes from.
  const listSources = (name: string, depth = 0): Array<{ module: string; name: string }> => {
    const sum = new RegExp(String.raw`^${name}[ \t]*=[ \t]*([\w \t+]+)$`, 'm').exec(code)?.[1];
    if (sum && depth < 3 && sum.includes('+')) return sum.split('+').flatMap((part) => listSources(part.trim(), depth + 1));
    if (new RegExp(String.raw`^${name}[ \t]*=[ \t]*\[`, 'm').test(code)) return [{ module: '', name }];
    const from = new RegExp(
      String.raw`^from[ \t]+([\w.]+)[ \t]+import[ \t]+[^\n]*?\b(\w+)[ \t]+as[ \t]+${name}\b|^from[ \t]+([\w.]+)[ \t]+import[ \t]+[^\n]*?\b${name}\b`,
      'm',
    ).exec(code);
    if (from?.[1]) return [{ module: from[1], name: from[2]! }];
    if (from?.[3]) return [{ module: from[3], name }];
    return [];
  };
  for (const m of code.matchAll(/\b(\w+)\.(register|register_endpoint)\s*\(/g)) {
    const router = routers.get(m[1]!);
    // Wagtail's `api_router.register_endpoint('pages', PagesAPIViewSet)`; DRF's `router.register(…)`.
    if (!router || inSpan(spans, m.index) || (m[2] === 'register_endpoint') !== (router.wagtail === true)) continue;
    const open = m.index + m[0].length - 1;
    const args = splitArgs(code.slice(open + 1, closing(code, open) - 1));
    // In a loop over route dicts: `for route in routes: router.register(route["regex"], route["viewset"], …)`.
    const key = (a: string | undefined): [string, string] | null => {
      const k = /^(\w+)\s*\[\s*["'](\w+)["']\s*\]$/.exec(a?.trim() ?? '');
      return k ? [k[1]!, k[2]!] : null;
    };
    const [kp, kv] = [key(args[0]), key(args[1])];
    const loop =
      kp && kv && kp[0] === kv[0]
        ? [...code.slice(0, m.index).matchAll(new RegExp(String.raw`^[ \t]*for[ \t]+${kp[0]}[ \t]+in[ \t]+(\w+)[ \t]*:`, 'gm'))].at(-1)
        : undefined;
    if (loop) {
      const sources = listSources(loop[1]!);
      if (sources.length > 0) router.loops.push({ line: lineAt(code, m.index), prefixKey: kp![1], viewsetKey: kv![1], sources });
      continue;
    }
    // (An f-string with no placeholder, `f"schools"`, is that string.)
    const written = args[0]?.trim().replace(/^[rRuU]+(?=["'])|^[fF][rR]?(?=["'][^{}]*["']$)/, '');
    const prefix = written !== undefined ? literal(written) : null;
    const viewset = args[1]?.trim();
    if (prefix === null || !viewset || !/^[\w.]+$/.test(viewset)) continue;
    router.regs.push({ prefix, viewset, line: lineAt(code, m.index) });
  }
  /** A router's registrations as routes below `prefix`, expanded later into list / detail / action routes; DefaultRouter's API root view. */
  const routerRoutes = (name: string, prefix: string): void => {
    const router = routers.get(name)!;
    // A registration at the empty prefix comes before the API root DefaultRouter appends at the same path: Django
    // matches that pattern first, whatever the method, so the root is never reached.
    if (router.root && !router.regs.some((r) => r.prefix.replace(/^\/+|\/+$/g, '') === ''))
      routes.push({
        method: 'GET',
        path: joinPath(prefix),
        framework: 'django',
        file: s.rel,
        line: router.line,
        handler: 'APIRootView',
        resolved: true,
      });
    if (router.wagtail) {
      // Wagtail's API endpoints: `''` (listing), `'<int:pk>/'` (detail), `'find/'`, each answering GET.
      for (const r of router.regs)
        for (const sub of ['/', '<int:pk>/', 'find/'])
          routes.push({
            method: 'GET',
            path: joinPath(prefix, `${r.prefix.replace(/\/+$/, '')}/`, sub),
            framework: 'django',
            file: s.rel,
            line: r.line,
            handler: r.viewset,
            resolved: true,
          });
      return;
    }
    for (const r of router.regs)
      routes.push({
        method: 'ANY',
        path: joinPath(prefix, r.prefix),
        framework: 'django',
        file: s.rel,
        line: r.line,
        handler: r.viewset,
        resolved: true,
        drf: { trailingSlash: router.trailingSlash },
      });
    for (const l of router.loops)
      routes.push({
        method: 'ANY',
        path: joinPath(prefix),
        framework: 'django',
        file: s.rel,
        line: l.line,
        resolved: true,
        drf: { trailingSlash: router.trailingSlash },
        drfLoop: { sources: l.sources, prefixKey: l.prefixKey, viewsetKey: l.viewsetKey },
      });
  };
  const routersIncluded = new Set<string>();
  const calls: Array<{ kind: string; at: number; open: number; end: number; args: string[] }> = [];
  // Django Channels' `URLRouter([...])` routes WebSocket consumers, not HTTP requests.
  const sockets: Array<[number, number]> = [...code.matchAll(/\bURLRouter\s*\(/g)].map((m) => [
    m.index,
    closing(code, m.index + m[0].length - 1),
  ]);
  for (const m of code.matchAll(/^[ \t]*websocket_urlpatterns[ \t]*(?::[^=\n]*)?\+?=[ \t]*\[/gm))
    sockets.push([m.index, closing(code, m.index + m[0].length - 1)]);
  for (const m of code.matchAll(/(?<![.\w])(path|re_path|url)\s*\(/g)) {
    if (inSpan(spans, m.index) || sockets.some(([a, b]) => a < m.index && m.index < b)) continue;
    const open = m.index + m[0].length - 1;
    const end = closing(code, open);
    // The pattern and the view may be given by keyword: `url(regex=r"^$", view=V.as_view(), name="list")`.
    const all = splitArgs(code.slice(open + 1, end - 1));
    const named = (key: string): string | undefined =>
      all.map((a) => new RegExp(String.raw`^\s*${key}\s*=\s*([\s\S]+)$`).exec(a)?.[1]).find((x) => x !== undefined);
    const positional = all.filter((a) => !/^\s*\w+\s*=(?!=)/.test(a));
    const pattern = named('route') ?? named('regex') ?? positional[0];
    const view = named('view') ?? positional[pattern === positional[0] ? 1 : 0];
    const args =
      pattern === undefined ? [] : view === undefined ? [pattern] : [pattern, view, ...all.filter((a) => a !== pattern && a !== view)];
    if (/\.as_asgi\s*\(/.test(view ?? '')) continue;
    calls.push({ kind: m[1]!, at: m.index, open, end, args });
  }
  // List variables of this file (`extra = [path(…)]`), by name: the spans their patterns are written in.
  const lists = new Map<string, Array<[number, number]>>();
  for (const m of code.matchAll(/^[ \t]*(\w+)[ \t]*(?::[^=\n]*)?\+?=[ \t]*\[/gm)) {
    const open = m.index + m[0].length - 1;
    (lists.get(m[1]!) ?? lists.set(m[1]!, []).get(m[1]!)!).push([open, closing(code, open)]);
  }
  // Imported names: `from blog import urls as blog_urls` → `blog.urls`, `import blog.urls` → itself.
  const imported = new Map<string, string>();
  for (const m of code.matchAll(/^[ \t]*from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n]*)/gm)) {
    for (const part of m[2]!.replace(/[()\\]/g, ' ').split(',')) {
      const [orig, alias] = part.trim().split(/\s+as\s+/);
      if (orig && /^\w+$/.test(orig)) imported.set(alias ?? orig, m[1]!.endsWith('.') ? `${m[1]}${orig}` : `${m[1]}.${orig}`);
    }
  }
  for (const m of code.matchAll(/^[ \t]*import[ \t]+([\w.]+)(?:[ \t]+as[ \t]+(\w+))?/gm)) imported.set(m[2] ?? m[1]!, m[1]!);
  const included = new Set<string>();
  for (const m of code.matchAll(/\binclude\s*\(\s*\(?\s*(\w+)\s*[,)]/g))
    if (lists.has(m[1]!) && !inSpan(spans, m.index)) included.add(m[1]!);
  const within = (range: [number, number]) =>
    calls.filter(
      (c) => c.at > range[0] && c.end <= range[1] && !calls.some((o) => o !== c && o.open < c.at && c.end <= o.end && o.at > range[0]),
    );
  const visit = (list: typeof calls, prefix: string, depth: number): void => {
    for (const c of list) {
      const written = c.args[0] !== undefined ? literal(c.args[0].replace(/^[rRuUbB]+(?=["'])/, '')) : null;
      if (written === null || c.args[1] === undefined) continue;
      // path() routes are written as they are served; re_path()/url() ones are regular expressions.
      const route = joinPath(prefix, c.kind === 'path' ? written : djangoRegexPath(written));
      const target = c.args[1].trim();
      const include = /^include\s*\(/.exec(target);
      if (include) {
        const inc = /\binclude\s*\(/.exec(code.slice(c.open, c.end))!;
        const open = c.open + inc.index + inc[0].length - 1;
        const [first] = splitArgs(code.slice(open + 1, closing(code, open) - 1));
        // include((X, 'namespace')) is include(X) under a namespace.
        let x = (first ?? '').trim();
        let xAt = code.indexOf(x, open);
        const tuple = /^\(([\s\S]*)\)$/.exec(x);
        if (tuple) {
          const inner = splitArgs(tuple[1]!)[0]?.trim() ?? '';
          xAt = code.indexOf(inner, xAt + 1);
          x = inner;
        }
        if (depth > 8) continue;
        const routerUrls = /^(\w+)\.urls$/.exec(x)?.[1];
        if (routerUrls && routers.has(routerUrls)) {
          routersIncluded.add(routerUrls);
          routerRoutes(routerUrls, route);
        } else if (routerUrls && imported.has(routerUrls)) {
          // A router of another module (`from .routers import router`): its file's routes take this prefix.
          const module = imported.get(routerUrls)!.replace(/\.?\w+$/, '');
          if (module) mounts.push({ target: `py:${s.rel}:${module}`, from: s.rel, prefix: route });
        } else if (x.startsWith('[')) visit(within([xAt, closing(code, xAt)]), route, depth + 1);
        else if (lists.has(x)) for (const range of lists.get(x)!) visit(within(range), route, depth + 1);
        else {
          const module = literal(x) ?? (/^\w+$/.test(x) ? imported.get(x) : undefined);
          // The included module's file is found among the repository's files (a module outside it matches none).
          if (module) mounts.push({ target: `py:${s.rel}:${module}`, from: s.rel, prefix: route });
        }
        continue;
      }
      // `path('api/v2/', api_router.urls)`: Wagtail's API router gives a urlconf tuple, read as an include of it.
      const routerUrls = /^(\w+)\.urls$/.exec(target)?.[1];
      if (routerUrls && routers.get(routerUrls)?.wagtail) {
        routersIncluded.add(routerUrls);
        routerRoutes(routerUrls, route);
        continue;
      } else if (routerUrls && imported.has(routerUrls) && !routers.has(routerUrls)) {
        const module = imported.get(routerUrls)!.replace(/\.?\w+$/, '');
        if (module) mounts.push({ target: `py:${s.rel}:${module}`, from: s.rel, prefix: route });
        continue;
      }
      if (/^[\w.]+\.urls$/.test(target)) continue; // admin.site.urls, router.urls: a generated urlconf
      // A library's URL set made by a call, `include_docs_urls(title=…)` (DRF's documentation pages): not the app's views.
      if (/^(?:[\w.]+\.)?include_\w+\s*\(/.test(target)) continue;
      // A view by reference (views.index, View.as_view(…), drf-yasg's `schema_view.with_ui('swagger')`), a library
      // factory's view made in place (`get_schema_view(title=…)`) or, in Django 1.x, a dotted name as a string.
      const handler =
        literal(target) ??
        // `View().as_view()`: `as_view` (a classonlymethod) reached through an instance is the class's.
        /^([\w.]+?)(?:(?:\(\s*\))?\.as_view\s*\([\s\S]*\)|\.(?:with_ui|without_ui)\s*\([\s\S]*\))?$/.exec(target)?.[1] ??
        /^(?:[\w.]+\.)?(get_schema_view)\s*\(/.exec(target)?.[1];
      routes.push({
        method: 'ANY',
        path: route,
        framework: 'django',
        file: s.rel,
        line: lineAt(code, c.at),
        ...(handler ? { handler } : {}),
        resolved: true,
      });
    }
  };
  // The patterns outside any other call, except those of a list variable reached only through include().
  const hidden = [...included].flatMap((name) => lists.get(name)!);
  visit(
    within([-1, code.length]).filter((c) => !hidden.some(([a, b]) => c.at > a && c.end <= b)),
    '',
    0,
  );
  // A router of another module (`from .routers import router`) whose urls this list takes in (`urlpatterns =
  // [...] + router.urls`, `urlpatterns += router.urls`): its module's routes are served where this file is.
  for (const m of code.matchAll(/(?:\+=|\]\s*\+|^urlpatterns\s*=)\s*(\w+)\.urls\b/gm)) {
    const name = m[1]!;
    if (routers.has(name) || !imported.has(name)) continue;
    const module = imported.get(name)!.replace(/\.?\w+$/, '');
    if (module) mounts.push({ target: `py:${s.rel}:${module}`, from: s.rel, prefix: '' });
  }
  // A router not included here is served where its urls are: `urlpatterns += router.urls` here, or a file that includes it.
  for (const name of routers.keys()) {
    if (routersIncluded.has(name)) continue;
    const before = routes.length;
    routerRoutes(name, '');
    // `urlpatterns += router.urls` (or `[...] + router.urls`) puts the router's patterns after the list: a pattern
    // of the list at `''` is matched first (Django matches the path, whatever the method), and the DefaultRouter's
    // API root there is never reached.
    const after = new RegExp(String.raw`(?:\+=|\]\s*\+)\s*${name}\.urls\b`).test(code);
    const root = routes.findIndex((r, i) => i >= before && r.handler === 'APIRootView');
    if (after && root >= 0 && routes.some((r, i) => i < before && r.path === routes[root]!.path)) routes.splice(root, 1);
  }
  return { routes, mounts };
}

/**
 * The path a Django regular-expression route serves, in OpenAPI's notation: the anchors dropped,
 * named groups `(?P<year>[0-9]{4})` as `{year}`, unnamed groups as `{arg1}`…, optional trailing
 * slashes and escapes removed (`^feeds/(?P<kind>\w+)\.xml/?$` → `feeds/{kind}.xml`).
 */
export function djangoRegexPath(pattern: string): string {
  let out = '';
  let unnamed = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      out += pattern[i + 1] ?? '';
      i++;
    } else if (c === '(') {
      // The group's end, nested groups and escapes included.
      let depth = 0;
      let j = i;
      for (; j < pattern.length; j++) {
        if (pattern[j] === '\\') j++;
        else if (pattern[j] === '(') depth++;
        else if (pattern[j] === ')' && --depth === 0) break;
      }
      const named = /^\(\?P<(\w+)>/.exec(pattern.slice(i));
      if (named) out += `{${named[1]}}`;
      else if (!pattern.startsWith('(?:', i) && !pattern.startsWith('(?=', i) && !pattern.startsWith('(?!', i)) out += `{arg${++unnamed}}`;
      i = j;
      if (pattern[i + 1] === '?') i++; // an optional group: its parameter stands
    } else if ((c === '^' && i === 0) || (c === '$' && i === pattern.length - 1)) {
      continue;
    } else if ((c === '?' || c === '*' || c === '+') && out.endsWith('/')) {
      continue; // `/?`: the slash is optional, keep it
    } else out += c;
  }
  return out;
}

/** A Go function as far as routing goes: its router parameters, group variables, routes, and calls passing routers on. */
interface GoFunc {
  name: string;
  line: number;
  /** parameters in order, with their types */
  params: Array<{ name: string; type: string }>;
  /** `x := expr` / `x = expr` / `var x = expr`, in order */
  assigns: Array<{ name: string; expr: string; offset: number; line: number }>;
  routes: Array<{
    recv: string;
    method: string;
    path: string;
    line: number;
    handler?: string;
    offset: number;
    /** oapi-codegen's `r.Get(options.BaseURL+"/x", …)`: the parameter whose `BaseURL` field goes before the path */
    base?: string;
    /** a path naming string constants of another file of the package (`apiPrefix + "/users"`), read once every file is known; `path` is the prefix of its groups */
    pending?: string;
  }>;
  /** calls of other functions with their argument texts: `h.Register(v1)`, `users.Routes(api.Group("/users"))` */
  calls: Array<{ callee: string; args: string[]; offset: number; line: number; qualifier?: string }>;
  /** the expression after `return` when the function returns a router group */
  returns: string | null;
  /** what the function reads and answers as a handler (`c.ShouldBindJSON(&req)`, `c.Query("q")`, `c.JSON(http.StatusOK, …)`) */
  typed?: TypedRequest;
  /** a method's receiver: `h` of type `UserHandler` in `func (h *UserHandler) get(…)` */
  receiver?: { name: string; type: string };
  /** Chi's `r.Mount("/p", x.Router())`: a router built elsewhere served under the receiver's prefix and the path */
  mounts: Array<{ recv: string; path: string | null; pathExpr: string; expr: string; offset: number; line: number }>;
  /** the identifier the function returns (`return r`), whatever its type */
  returned: string | null;
  /** the call the function returns (`return HandlerWithOptions(si, …)`), whatever its type */
  returnedCall: string | null;
  /** functions appended to a slice: `routerCheckRole = append(routerCheckRole, registerUserRouter)` */
  appends: Array<{ slice: string; name: string }>;
  /** loops over a slice of functions: `for _, f := range routerCheckRole { f(v1, auth) }` */
  ranges: Array<{ slice: string; loopVar: string }>;
  /** the variable a package-qualified call was assigned to: `authResource, err := auth.NewResource()` → auth */
  packageOf: Map<string, string>;
}

interface GoFile {
  framework: 'gin' | 'echo' | 'chi' | 'fiber' | 'gorilla' | 'net/http';
  /** the `package` clause */
  pkg: string;
  funcs: GoFunc[];
  /** struct fields' types: `Accounts *AccountResource` → AccountResource */
  fieldTypes?: Map<string, string>;
  /** the imported packages by the name the file calls them by (an alias, else the path's last part) → import path */
  imports?: Map<string, string>;
  /** the file's top-level string constants and variables (a name given two values: null) */
  strings?: Map<string, string | null>;
}

/** The offset past the string literal starting at `at`. */
function skipString(code: string, at: number): number {
  const q = code[at]!;
  let i = at + 1;
  for (; i < code.length && code[i] !== q; i++) if (code[i] === '\\' && q !== '`') i++;
  return i + 1;
}

const GO_STRING = String.raw`"(?:[^"\\\n]|\\.)*"|\x60[^\x60]*\x60`;
/** A Go name, or one of another package (`config.APIPrefix`). */
const GO_NAME = String.raw`[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)?`;

/** The string constants and variables a Go text declares with one value (`const base = "/api"`, `apiBaseURL := "/api/v1/"`). */
function goStrings(text: string, into = new Map<string, string | null>()): Map<string, string | null> {
  const set = (name: string, quoted: string): void => {
    const value = literal(quoted);
    if (value === null) return;
    // A name given two values (two functions' `base`) is none of them.
    into.set(name, into.has(name) && into.get(name) !== value ? null : value);
  };
  for (const m of text.matchAll(
    new RegExp(
      String.raw`(?:^|[\n;{])[ \t]*(?:(?:const|var)[ \t]+)?(\w+)[ \t]*(?:string[ \t]*)?:?=[ \t]*(${GO_STRING})[ \t]*(?=$|[\n;}])`,
      'gm',
    ),
  ))
    set(m[1]!, m[2]!);
  for (const b of text.matchAll(/^[ \t]*(?:const|var)[ \t]*\(([^)]*)\)/gm))
    for (const m of b[1]!.matchAll(new RegExp(String.raw`^[ \t]*(\w+)[ \t]*(?:string[ \t]*)?=[ \t]*(${GO_STRING})[ \t]*$`, 'gm')))
      set(m[1]!, m[2]!);
  return into;
}

/**
 * Route paths naming string constants of another file of their package (`const apiPrefix = "/api"` in
 * constants.go, `e.GET(apiPrefix + "/users", h)` in router.go): read with the folder's files' constants; a route
 * whose path is still not known is left out, as before.
 */
function resolveGoStrings(files: ReadonlyMap<string, GoFile>): Map<string, GoFile> {
  const byDir = new Map<string, Map<string, string | null>>();
  for (const [file, f] of files) {
    const into = byDir.get(path.dirname(file)) ?? byDir.set(path.dirname(file), new Map()).get(path.dirname(file))!;
    for (const [name, value] of f.strings ?? []) into.set(name, into.has(name) && into.get(name) !== value ? null : value);
  }
  const out = new Map<string, GoFile>();
  for (const [file, f] of files) {
    if (!f.funcs.some((fn) => fn.routes.some((r) => r.pending !== undefined))) {
      out.set(file, f);
      continue;
    }
    const names = new Map(byDir.get(path.dirname(file))!);
    // Another package's exported constants, by the name this file imports it by (`config.APIPrefix`): the folder
    // whose path ends the import path (the longest such).
    for (const [name, importPath] of f.imports ?? []) {
      const dir = [...byDir.keys()]
        .filter((d) => d !== '.' && (importPath === d || importPath.endsWith(`/${d}`)))
        .sort((a, b) => b.length - a.length)[0];
      for (const [k, v] of (dir !== undefined ? byDir.get(dir) : undefined) ?? []) if (/^[A-Z]/.test(k)) names.set(`${name}.${k}`, v);
    }
    const funcs = f.funcs.map((fn) => ({
      ...fn,
      routes: fn.routes.flatMap((r) => {
        if (r.pending === undefined) return [r];
        const value = goStringValue(r.pending, names);
        if (value === null) return [];
        const { pending: _, ...rest } = r;
        return [{ ...rest, path: r.path === '/' ? value : joinPath(r.path, value) }];
      }),
    }));
    out.set(file, { ...f, funcs });
  }
  return out;
}

/** A Go string expression of literals and such names joined by `+` (`apiBaseURL+"job"`), or null. */
function goStringValue(expr: string, names: ReadonlyMap<string, string | null>): string | null {
  const e = expr.trim();
  const direct = literal(e);
  if (direct !== null) return direct;
  // `fmt.Sprintf("%s/users", base)`: each `%s` / `%v` takes the string value of its argument.
  const sprintf = /^fmt\.Sprintf\s*\(([\s\S]*)\)$/.exec(e);
  if (sprintf) {
    const args = splitArgs(sprintf[1]!).map((a) => a.trim());
    const format = args[0] !== undefined ? literal(args[0]) : null;
    if (format === null) return null;
    const values = args.slice(1).map((a) => goStringValue(a, names));
    let i = 0;
    let ok = true;
    const out = format.replace(/%[sv%]|%./g, (v) => {
      if (v === '%%') return '%';
      const value = v === '%s' || v === '%v' ? values[i++] : null;
      if (value === null || value === undefined) ok = false;
      return value ?? '';
    });
    return ok && i === values.length ? out : null;
  }
  const parts = [...e.matchAll(new RegExp(String.raw`(${GO_STRING}|${GO_NAME})`, 'g'))];
  if (parts.length === 0 || e.replace(new RegExp(String.raw`${GO_STRING}|${GO_NAME}`, 'g'), '').replace(/[\s+]/g, '') !== '') return null;
  let out = '';
  for (const p of parts) {
    const v = literal(p[1]!) ?? names.get(p[1]!) ?? null;
    if (v === null) return null;
    out += v;
  }
  return out;
}

const GO_VERBS = 'GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|Any|Match';
/** Chi's verbs (`r.Get("/p", h)`), `Method("GET", "/p", h)` and `Handle` / `HandleFunc` (every method). */
const CHI_VERBS = 'Get|Post|Put|Patch|Delete|Head|Options|Connect|Trace|Method|MethodFunc|HandleFunc';
/** Parameter types that are a router whose prefix comes from the caller (an engine is the root). */
const GO_GROUP_TYPE = /\b(?:RouterGroup|Group|IRouter|IRoutes)\b|\b(?:chi\.(?:Router|Mux)|fiber\.Router|mux\.Router|http\.ServeMux)\b/;
/** A call building a new root router: `chi.NewRouter()` / `chi.NewMux()`, gorilla's `mux.NewRouter()`, `http.NewServeMux()`, `fiber.New(…)`. */
const GO_NEW_ROUTER = /^(?:(?:chi|mux|http)\.)?New(?:Router|Mux|ServeMux)\s*\(\s*\)$|^fiber\.New\s*\([\s\S]*\)$/;
/** Fiber's verbs (`app.Get("/p", h)`, `All`) and `Add(method, path, h)`. */
const FIBER_VERBS = 'Get|Post|Put|Patch|Delete|Head|Options|Connect|Trace|All|Add';

/** The first call a Go function body returns (`return HandlerWithOptions(si, opts)`), or null. */
function returnedCall(body: string): string | null {
  const m = /\breturn[ \t]+((?:\w+\.)*\w+)[ \t]*\(/.exec(body);
  if (!m) return null;
  const open = m.index + m[0].length - 1;
  return body.slice(m.index + m[0].indexOf(m[1]!), closing(body, open));
}

function goFile(s: SourceFile, code: string): GoFile {
  // Echo, or a wrapper of it registering with Echo's `Add(http.MethodGet, "/p", h)` and no Gin import.
  const framework: GoFile['framework'] = /"github\.com\/go-chi\/chi(?:\/v\d+)?"/.test(code)
    ? 'chi'
    : /"github\.com\/gofiber\/fiber(?:\/v\d+)?"/.test(code)
      ? 'fiber'
      : /"github\.com\/gorilla\/mux"/.test(code)
        ? 'gorilla'
        : /labstack\/echo/.test(code) || (!/gin-gonic\/gin/.test(code) && /\.Add\s*\(\s*http\.Method\w+\s*,/.test(code))
          ? 'echo'
          : !/gin-gonic\/gin/.test(code) && /"net\/http"/.test(code) && /\.Handle(?:Func)?\s*\(\s*"(?:[A-Z]+ )?\//.test(code)
            ? 'net/http'
            : 'gin';
  // Chi, Fiber, gorilla/mux and net/http register with their own verbs; Chi and Fiber nest routers in closures.
  const chi = framework === 'chi' || framework === 'fiber' || framework === 'gorilla' || framework === 'net/http';
  const closuresToo = framework === 'chi' || framework === 'fiber';
  const spans = stringSpans(s);
  const funcs: GoFunc[] = [];
  // The file's imported package names (`slog` of "log/slog", `echo` of ".../echo/v4", an alias): a call
  // on a package (`slog.Any("error", err)`) is a function of it, not a route on a router.
  const packages = new Set<string>();
  const imports = new Map<string, string>();
  for (const block of code.matchAll(/\bimport\s*(?:\(([^)]*)\)|((?:\w+\s+)?"[^"]+"))/g))
    for (const i of (block[1] ?? block[2] ?? '').matchAll(/(?:^|\n)\s*(?:(\w+)\s+)?"([^"]+)"/g)) {
      const parts = i[2]!.split('/');
      const last = /^v\d+$/.test(parts.at(-1)!) && parts.length > 1 ? parts.at(-2)! : parts.at(-1)!;
      packages.add(i[1] ?? last.replace(/[^\w]/g, '_'));
      imports.set(i[1] ?? parts.at(-1)!.replace(/[^\w]/g, '_'), i[2]!);
    }
  // The file's top-level string constants (function bodies are read per function below).
  const topLevel = code.replace(/^func\b[^\n]*\{[\s\S]*?^\}/gm, '');
  const fileStrings = goStrings(topLevel);
  // Top-level functions, and the function literal a cobra command runs (`var serve = &cobra.Command{ Run: func(cmd
  // *cobra.Command, args []string) { r := gin.Default(); r.GET("/ping", …) } }`), read as a function `serve.Run`.
  const heads: Array<{ index: number; text: string; recv?: string; name: string }> = [
    ...[...code.matchAll(/^func[ \t]+(?:\(([^)]*)\)[ \t]*)?(\w+)[ \t]*(?:\[[^\]]*\])?\(/gm)].map((m) => ({
      index: m.index,
      text: m[0],
      ...(m[1] !== undefined ? { recv: m[1] } : {}),
      name: m[2]!,
    })),
    ...[...code.matchAll(/^[ \t]+(Run|RunE|PreRun|PreRunE|PersistentPreRun|PersistentPreRunE)[ \t]*:[ \t]*func[ \t]*\(/gm)]
      .filter((m) => !inSpan(spans, m.index))
      .map((m) => {
        const owner = [...code.slice(0, m.index).matchAll(/^var[ \t]+(\w+)[ \t]*=[ \t]*&?[ \t]*cobra\.Command[ \t]*\{/gm)].at(-1);
        return owner && !/^\S/m.test(code.slice(owner.index + owner[0].length, m.index))
          ? { index: m.index, text: m[0], name: `${owner[1]}.${m[1]}` }
          : null;
      })
      .filter((h): h is { index: number; text: string; name: string } => h !== null),
  ];
  for (const h of heads) {
    const m = Object.assign([h.text, h.recv, h.name] as [string, string | undefined, string], { index: h.index });
    const paramsEnd = closing(code, m.index + m[0].length - 1);
    const brace = code.indexOf('{', paramsEnd);
    if (brace === -1) continue;
    const resultType = code.slice(paramsEnd, brace);
    const bodyEnd = closing(code, brace);
    const body = code.slice(brace, bodyEnd);
    // A path may be built from the function's and the file's string constants: `e.POST(apiBaseURL+"job", h)`.
    const strings = goStrings(body, new Map(fileStrings));
    const str = (expr: string): string | null => goStringValue(expr, strings);
    // A path of literals and names this file does not declare (`apiPrefix + "/users"`): the expression with this
    // function's and file's names written in, for the package's other files (`resolveGoStrings`).
    const pendingOf = (expr: string): string | undefined => {
      const e = expr.trim();
      const term = String.raw`(?:${GO_NAME}|${GO_STRING})`;
      if (
        !new RegExp(String.raw`^${term}(?:\s*\+\s*${term})*$`).test(e) &&
        !new RegExp(String.raw`^fmt\.Sprintf\s*\(\s*${term}(?:\s*,\s*${term})*\s*\)$`).test(e)
      )
        return undefined;
      if (params.some((p) => new RegExp(String.raw`(?<![\w".])${p.name}(?![\w"])`).test(e))) return undefined;
      return e.replace(new RegExp(String.raw`${GO_STRING}|${GO_NAME}`, 'g'), (t) => {
        const v = literal(t) === null ? strings.get(t) : null;
        return typeof v === 'string' ? JSON.stringify(v) : t;
      });
    };
    const params: GoFunc['params'] = [];
    // `a, b *gin.RouterGroup, c string`: a name without a type takes the next one's.
    let pending: string[] = [];
    for (const p of splitArgs(code.slice(m.index + m[0].length, paramsEnd - 1))) {
      const [name, ...type] = p.split(/\s+/);
      if (type.length === 0) pending.push(name!);
      else {
        for (const n of [...pending, name!]) params.push({ name: n, type: type.join(' ') });
        pending = [];
      }
    }
    // A method's receiver (`func (h *UserHandler) get(…)`): its name and type.
    const recv = m[1] ? /^\s*(\w+)\s+\*?(\w+)/.exec(m[1]) : null;
    const fn: GoFunc = {
      name: m[2]!,
      line: lineAt(code, m.index),
      params,
      assigns: [],
      routes: [],
      calls: [],
      returns: null,
      ...(recv ? { receiver: { name: recv[1]!, type: recv[2]! } } : {}),
      mounts: [],
      returned: /\breturn[ \t]+(\w+)[ \t]*(?:\n|;|\})/.exec(body)?.[1] ?? null,
      returnedCall: returnedCall(body),
      appends: [],
      ranges: [],
      packageOf: new Map(),
    };
    for (const a of body.matchAll(/\b(\w+)[ \t]*=[ \t]*append\(\s*(\w+)\s*,([\w.,\s]+)\)/g))
      if (a[1] === a[2])
        for (const name of a[3]!.split(',')) if (/^\w+$/.test(name.trim())) fn.appends.push({ slice: a[1]!, name: name.trim() });
    for (const r of body.matchAll(/\bfor[ \t]+\w+[ \t]*,[ \t]*(\w+)[ \t]*:?=[ \t]*range[ \t]+(\w+)[ \t]*\{/g))
      fn.ranges.push({ slice: r[2]!, loopVar: r[1]! });
    for (const a of body.matchAll(/\b(\w+)(?:[ \t]*,[ \t]*\w+)*[ \t]*:?=[ \t]*&?(\w+)\.\w+[ \t]*[({]/g))
      if (packages.has(a[2]!)) fn.packageOf.set(a[1]!, a[2]!);
    // Chi's sub-routers written as closures: `r.Route("/p", func(r chi.Router) {…})` (the path a prefix) and
    // `r.Group(func(r chi.Router) {…})` (none). A route on the closure's parameter is one on the caller's
    // router under that path; closures nest.
    const closures: Array<{ param: string; start: number; end: number; owner: string; path: string | null; at: number }> = [];
    if (closuresToo)
      // (`r.With(mw).Route(…)`: `With` hands back a router of the same mux, the closure's routes under the same path.)
      for (const c of body.matchAll(/\b(\w+)(?:\s*\.\s*With\s*\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\))*\.(Route|Group)\s*\(/g)) {
        if (inSpan(spans, brace + c.index)) continue;
        const open = brace + c.index + c[0].length - 1;
        const args = splitArgs(code.slice(open + 1, closing(code, open) - 1));
        const lit = c[2] === 'Route' ? args[0] : undefined;
        const fnArg = c[2] === 'Route' ? args[1] : args[0];
        const param = fnArg ? /^func\s*\(\s*(\w+)\s+[\w.*]+\s*\)\s*\{/.exec(fnArg.trim()) : null;
        if (!param) continue;
        const start = code.indexOf('{', code.indexOf(fnArg!.trim(), open));
        closures.push({
          param: param[1]!,
          start,
          end: closing(code, start),
          owner: c[1]!,
          path: lit === undefined ? '' : str(lit),
          at: brace + c.index,
        });
      }
    /** The router expression a receiver names at `offset`: a closure's parameter is its owner's router (under its path). */
    const through = (recvName: string, offset: number): { recv: string; offset: number } => {
      let expr = '';
      let name = recvName;
      let at = offset;
      for (let guard = 0; guard < 16; guard++) {
        const c = closures.filter((x) => x.param === name && x.start < at && at < x.end).sort((a, b) => b.start - a.start)[0];
        if (!c) break;
        expr = (c.path === null ? '.Group(?)' : c.path === '' ? '' : `.Group(${JSON.stringify(c.path)})`) + expr;
        name = c.owner;
        at = c.at;
      }
      return { recv: name + expr, offset: at };
    };
    if (closuresToo)
      for (const mt of body.matchAll(/\b(\w+)\.Mount\s*\(/g)) {
        if (inSpan(spans, brace + mt.index)) continue;
        const open = brace + mt.index + mt[0].length - 1;
        const args = splitArgs(code.slice(open + 1, closing(code, open) - 1));
        if (args.length < 2) continue;
        const via = through(mt[1]!, brace + mt.index);
        fn.mounts.push({
          recv: via.recv,
          path: literal(args[0]!),
          pathExpr: args[0]!.trim(),
          expr: args[1]!.trim(),
          offset: via.offset,
          line: lineAt(code, brace + mt.index),
        });
      }
    for (const a of body.matchAll(/(?:\bvar[ \t]+)?\b(\w+)[ \t]*(?::=|=(?!=))[ \t]*/g)) {
      // The right-hand side up to the end of its statement, brackets spanning lines included.
      const start = brace + a.index + a[0].length;
      let end = start;
      // (A chain written over lines, `v1.Group("/p").` then `Use(auth)`, goes on past a line ending in a dot.)
      while (
        end < bodyEnd &&
        ((code[end] !== '\n' && code[end] !== ';') || (code[end] === '\n' && /\.[ \t]*$/.test(code.slice(start, end))))
      )
        end = '([{'.includes(code[end]!) ? closing(code, end) : code[end] === '"' || code[end] === '`' ? skipString(code, end) : end + 1;
      // A group's path built from string constants (`e.Group(apiBase + "/v1")`) is written as the path it makes.
      const expr = code
        .slice(start, end)
        .trim()
        .replace(/\.(Group|PathPrefix)\s*\(\s*([^,()]+?)\s*([,)])/g, (all, call: string, arg: string, after: string) => {
          const value = literal(arg) === null ? str(arg) : null;
          return value !== null ? `.${call}(${JSON.stringify(value)}${after}` : all;
        });
      fn.assigns.push({ name: a[1]!, expr, offset: brace + a.index, line: lineAt(code, brace + a.index) });
    }
    const verbRe =
      framework === 'chi'
        ? String.raw`\b(\w+)(?:\.With\s*\((?:[^()]|\([^()]*\))*\))?\.(${CHI_VERBS}|Handle)\s*\(`
        : framework === 'fiber'
          ? String.raw`\b(\w+)\.(${FIBER_VERBS})\s*\(`
          : chi
            ? String.raw`\b(\w+)\.(HandleFunc|Handle)\s*\(`
            : // Gin / Echo, also on a chain of groups and middleware: `g.Group("/user").Use(auth).POST("", h)`.
              String.raw`\b(\w+)(?:\.(?:Group|Use)\s*\((?:[^()]|\([^()]*\))*\))*\.(${GO_VERBS}|Add|Handle)\s*\(`;
    for (const r of body.matchAll(new RegExp(verbRe, 'g'))) {
      // A call on a package is a function of it — but net/http's `http.HandleFunc` registers on its default mux.
      if (inSpan(spans, brace + r.index) || (packages.has(r[1]!) && !(framework === 'net/http' && r[1] === 'http'))) continue;
      const open = brace + r.index + r[0].length - 1;
      const close = closing(code, open);
      const args = splitArgs(code.slice(open + 1, close - 1));
      if (chi) {
        // Chi: `Get("/p", h)`, `Method("GET", "/p", h)`, `Handle("/p", h)` / `HandleFunc` (every method); Fiber's
        // verbs and `Add("GET", "/p", h)`; gorilla/mux's `HandleFunc("/p", h).Methods("GET", …)`; net/http's
        // `HandleFunc("GET /items/{id}", h)` (Go 1.22 patterns; no method: every one).
        const named = r[2] === 'Method' || r[2] === 'MethodFunc' || (framework === 'fiber' && r[2] === 'Add');
        const method = named ? /^(?:http\.Method(\w+)|fiber\.Method(\w+)|"([A-Za-z]+)")$/.exec(args[0]?.trim() ?? '') : null;
        if (named && !method) continue;
        const pathArg = named ? args[1] : args[0];
        // oapi-codegen's generated Chi server: `r.Get(options.BaseURL+"/users", …)`, the BaseURL a field of
        // the options parameter its callers fill in.
        const based = framework === 'chi' && pathArg !== undefined ? /^(\w+)\.BaseURL\s*\+\s*("[^"]*")$/.exec(pathArg.trim()) : null;
        const base = based && params.some((p) => p.name === based[1]) ? based[1]! : undefined;
        let own = pathArg !== undefined ? (base !== undefined ? literal(based![2]!) : str(pathArg)) : null;
        let methods: string[] = method
          ? [(method[1] ?? method[2] ?? method[3])!.toUpperCase()]
          : r[2] === 'Handle' || r[2] === 'HandleFunc' || r[2] === 'All'
            ? ['ANY']
            : [r[2]!.toUpperCase()];
        const pattern = own !== null ? /^([A-Z]+)\s+(\/.*)$/.exec(own) : null;
        if (framework === 'net/http' && pattern) {
          methods = [pattern[1]!];
          own = pattern[2]!;
        }
        if (framework === 'gorilla') {
          const listed = /^\s*\.\s*Methods\s*\(([^)]*)\)/.exec(code.slice(close))?.[1];
          if (listed) methods = [...listed.matchAll(/http\.Method(\w+)|"([A-Za-z]+)"/g)].map((x) => (x[1] ?? x[2])!.toUpperCase());
        }
        if (own === null || !own.startsWith('/') || methods.length === 0) continue;
        const handler = args.at(-1)?.trim();
        const via = through(r[1]!, brace + r.index);
        for (const m of methods)
          fn.routes.push({
            recv: via.recv,
            method: m,
            path: own,
            line: lineAt(code, brace + r.index),
            ...(handler && handler !== pathArg && /^[\w.]+$/.test(handler) ? { handler } : {}),
            offset: via.offset,
            ...(base !== undefined ? { base } : {}),
          });
        continue;
      }
      // Echo's `Add(method, path, h)` / Gin's `Handle(method, path, h)`: the method a constant (`http.MethodGet`, `"GET"`, `echo.GET`).
      const given =
        // (An HTTP method only: `query.Add("sslmode", "disable")` of a URL builder is no route; Gin has no `Add`.)
        (r[2] === 'Add' && framework === 'echo') || r[2] === 'Handle'
          ? /^(?:http\.Method(\w+)|"(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|CONNECT|TRACE)"|echo\.([A-Z]+))$/i.exec(args[0]?.trim() ?? '')
          : null;
      if ((r[2] === 'Add' || r[2] === 'Handle') && !given) continue;
      const verbs = given
        ? [(given[1] ?? given[2] ?? given[3])!.toUpperCase()]
        : r[2] === 'Match'
          ? [...(args[0] ?? '').matchAll(/(?:http\.Method|"|echo\.)(\w+)/g)].map((x) => x[1]!.toUpperCase())
          : [r[2] === 'Any' ? 'ANY' : r[2]!];
      const pathArg = r[2] === 'Match' || given ? args[1] : args[0];
      const written = pathArg !== undefined ? str(pathArg) : null;
      // The groups of a chain (`g.Group("/user").Use(auth).POST("", h)`) prefix the route's own path.
      const chain = r[0].slice(r[1]!.length, r[0].lastIndexOf('.'));
      const groups = [...chain.matchAll(/\.Group\s*\(\s*([^,)]*)/g)].map((g) => str(g[1]!.trim()));
      const pending = written === null && pathArg !== undefined && !groups.some((g) => g === null) ? pendingOf(pathArg) : undefined;
      if ((written === null && pending === undefined) || groups.some((g) => g === null)) continue;
      const own =
        pending !== undefined
          ? joinPath(...(groups as string[]))
          : groups.length > 0
            ? joinPath(...(groups as string[]), written!)
            : written!;
      const handler = args.at(-1);
      for (const method of verbs)
        fn.routes.push({
          recv: r[1]!,
          method,
          path: own,
          line: lineAt(code, brace + r.index),
          ...(handler && handler !== pathArg && /^[\w.]+$/.test(handler) ? { handler } : {}),
          offset: brace + r.index,
          ...(pending !== undefined ? { pending } : {}),
        });
    }
    for (const c of body.matchAll(/\b(\w+)\s*\(/g)) {
      if (/^(?:if|for|switch|func|return|make|len|append|new|Group)$/.test(c[1]!)) continue;
      const open = brace + c.index + c[0].length - 1;
      const args = splitArgs(code.slice(open + 1, closing(code, open) - 1));
      // The package or receiver a call is made on (`usersapi.HandlerWithOptions(…)`): usersapi.
      const qualifier = /([\w.]*\w)\.$/.exec(body.slice(Math.max(0, c.index - 80), c.index))?.[1];
      if (args.length > 0)
        fn.calls.push({
          callee: c[1]!,
          args,
          offset: brace + c.index,
          line: lineAt(code, brace + c.index),
          ...(qualifier ? { qualifier } : {}),
        });
    }
    if (GO_GROUP_TYPE.test(resultType)) fn.returns = /\breturn[ \t]+([^\n;]+)/.exec(body)?.[1]?.trim() ?? null;
    if (/\*gin\.Context\b|\becho\.Context\b/.test(code.slice(m.index, paramsEnd))) {
      const typed = goTyped(s, code, body, brace, fn);
      if (typed) fn.typed = typed;
    }
    funcs.push(fn);
  }
  const fieldTypes = new Map<string, string>();
  for (const st of code.matchAll(/\btype[ \t]+\w+[ \t]+struct[ \t]*\{/g)) {
    const open = st.index + st[0].length - 1;
    for (const fl of code
      .slice(open + 1, closing(code, open) - 1)
      .matchAll(/^[ \t]*([A-Za-z_]\w*)[ \t]+\*?(?:\w+\.)?(\w+)[ \t]*(?:`[^`]*`)?[ \t]*$/gm))
      fieldTypes.set(fl[1]!, fl[2]!);
  }
  return {
    framework,
    pkg: /^package[ \t]+(\w+)/m.exec(code)?.[1] ?? '',
    funcs,
    ...(fieldTypes.size > 0 ? { fieldTypes } : {}),
    ...(imports.size > 0 ? { imports } : {}),
    ...(fileStrings.size > 0 ? { strings: fileStrings } : {}),
  };
}

/**
 * What a Gin or Echo handler reads and answers: a struct bound with `ShouldBindJSON` / `BindJSON` /
 * Echo's `Bind` (JSON), `ShouldBind` / `Bind` of a struct with `form:` tags (a form), `ShouldBindQuery`
 * (query parameters), `c.Query("q")` / `c.DefaultQuery` / `c.QueryParam`, `c.PostForm("x")` /
 * `c.FormValue`, `c.FormFile` (multipart), and the status codes of `c.JSON(http.StatusOK, …)`,
 * `c.String`, `c.HTML`, `c.NoContent`, `c.Redirect`, `c.AbortWithStatusJSON`. The bound variable's
 * type comes from `var req T`, `req := T{}`, `&T{}` or `new(T)`.
 */
function goTyped(s: SourceFile, code: string, body: string, at: number, fn: GoFunc): TypedRequest | undefined {
  const src = (offset: number) => `${s.rel}:${lineAt(code, at + offset)}`;
  const varType = (name: string): string | undefined => {
    const decl = new RegExp(String.raw`\bvar[ \t]+${name}[ \t]+(\*?[\w.]+)`).exec(body)?.[1];
    if (decl) return decl;
    const a = fn.assigns.find((x) => x.name === name);
    return a ? (/^&?([\w.]+)\s*\{/.exec(a.expr)?.[1] ?? /^new\(\s*([\w.]+)\s*\)/.exec(a.expr)?.[1]) : undefined;
  };
  const t: TypedRequest = { language: 'go' };
  for (const b of body.matchAll(
    /\b\w+\.(ShouldBindJSON|BindJSON|ShouldBindWith|MustBindWith|ShouldBind|Bind|ShouldBindQuery|BindQuery)\s*\(\s*&?(\w+)/g,
  )) {
    const type = varType(b[2]!);
    if (!type) continue;
    if (/Query/.test(b[1]!)) t.queryType = { type, source: src(b.index) };
    else {
      // Gin's ShouldBind / Bind read the body by its Content-Type: a struct with form tags is a form's.
      const formTags =
        /^(?:ShouldBind|Bind)$/.test(b[1]!) &&
        new RegExp(String.raw`\btype[ \t]+${type.replace(/^.*\./, '')}[ \t]+struct[ \t]*\{[^}]*\bform:"`).test(code);
      // A struct declared in the handler itself: that one, though other handlers of the package declare one of the same name.
      const local = new RegExp(String.raw`\btype[ \t]+${type.replace(/^\*/, '')}[ \t]+struct[ \t]*\{`).exec(body);
      t.body = {
        type,
        contentType: formTags ? 'application/x-www-form-urlencoded' : 'application/json',
        source: src(b.index),
        ...(local ? { declaredAt: src(local.index) } : {}),
      };
    }
  }
  for (const q of body.matchAll(/\b\w+\.(Query|DefaultQuery|GetQuery|QueryParam|QueryArray)\s*\(\s*"([^"]+)"/g))
    if (!t.query?.some((x) => x.name === q[2]))
      t.query = [...(t.query ?? []), { name: q[2]!, type: 'string', required: false, source: src(q.index) }];
  // Echo's fluent binder: `echo.QueryParamsBinder(c).Int("limit", &p.Limit).MustString("type", &k).BindError()` —
  // each typed call of the chain a query parameter of its Go type (`Strings` a `[]string`), a `Must…` one required.
  for (const b of body.matchAll(/\bQueryParamsBinder\s*\(\s*\w+\s*\)/g)) {
    const step = /^\s*\.\s*(Must)?([A-Z]\w*)\s*\(\s*"([^"]+)"/;
    for (let end = b.index + b[0].length, next = step.exec(body.slice(end)); next; next = step.exec(body.slice(end))) {
      const plural = /^(?:Int|Uint|Float|Bool|String|Time|Duration)\d*s$/.test(next[2]!);
      const base = plural ? next[2]!.slice(0, -1) : next[2]!;
      const go =
        base === 'Time'
          ? 'time.Time'
          : base === 'Duration'
            ? 'time.Duration'
            : /^(?:Int|Uint|Float|Bool|String)\d*$/.test(base)
              ? base.toLowerCase()
              : 'string';
      if (!t.query?.some((x) => x.name === next[3]))
        t.query = [
          ...(t.query ?? []),
          { name: next[3]!, type: plural ? `[]${go}` : go, required: next[1] === 'Must', source: src(end + next[0].indexOf('.')) },
        ];
      end = closing(body, end + next[0].lastIndexOf('('));
    }
  }
  const form: string[] = [];
  const files: string[] = [];
  let formAt = -1;
  for (const f of body.matchAll(/\b\w+\.(PostForm|DefaultPostForm|GetPostForm|FormValue|FormFile)\s*\(\s*"([^"]+)"/g)) {
    if (!form.includes(f[2]!)) form.push(f[2]!);
    if (f[1] === 'FormFile') files.push(f[2]!);
    if (formAt < 0) formAt = f.index;
  }
  if (form.length > 0 && !t.body)
    t.body = {
      fields: form,
      files,
      contentType: files.length > 0 ? 'multipart/form-data' : 'application/x-www-form-urlencoded',
      source: src(formAt),
    };
  const responses: NonNullable<TypedRequest['responses']> = [];
  for (const r of body.matchAll(
    /\b\w+\.(JSON|IndentedJSON|PureJSON|AbortWithStatusJSON|String|HTML|NoContent|Redirect|AbortWithStatus|Status|XML|Data|File)\s*\(\s*([\w.]+)/g,
  )) {
    const status = r[1] === 'File' ? '200' : statusCode(r[2]!);
    if (!status || responses.some((x) => x.status === status)) continue;
    const contentType = /JSON/.test(r[1]!)
      ? 'application/json'
      : r[1] === 'String'
        ? 'text/plain'
        : r[1] === 'HTML'
          ? 'text/html'
          : r[1] === 'XML'
            ? 'application/xml'
            : undefined;
    responses.push({ status, ...(contentType ? { contentType } : {}), source: src(r.index) });
  }
  // A status handed to a helper with the context (`responses.Response(c, http.StatusCreated, …)`) or
  // to Echo's `echo.NewHTTPError(http.StatusNotFound, …)`.
  for (const r of body.matchAll(/\b(?:[\w.]+\s*\(\s*(?:c|ctx|context)\s*,|echo\.NewHTTPError\s*\()\s*(http\.Status\w+)/g)) {
    const status = statusCode(r[1]!);
    if (status && !responses.some((x) => x.status === status)) responses.push({ status, source: src(r.index) });
  }
  if (responses.length > 0) t.responses = responses.sort((a, b) => (a.status < b.status ? -1 : a.status > b.status ? 1 : 0));
  return t.body || t.query || t.queryType || t.responses ? t : undefined;
}

/** Each Gin / Echo route takes what its handler function declares: the function of that name, in the package its qualifier names when several have it. */
function attachGoRequests(routes: Route[], files: ReadonlyMap<string, GoFile>): void {
  const byName = new Map<string, Array<{ file: string; fn: GoFunc }>>();
  for (const [file, f] of files)
    for (const fn of f.funcs) (byName.get(fn.name) ?? byName.set(fn.name, []).get(fn.name)!).push({ file, fn });
  for (const r of routes) {
    if (!r.handler) continue;
    const parts = r.handler.split('.');
    // Only functions taking the framework's context are handlers (a model's `Login` is not).
    const all = (byName.get(parts.at(-1)!) ?? []).filter((x) => x.fn.params.some((p) => /\b(?:gin|echo)\.Context\b/.test(p.type)));
    const pkg = parts.length > 1 ? parts[0]! : null;
    // `h.get` registered in a method of `h` (`func (h *UserHandler) Register(…)`): the `get` of that receiver's type.
    const enclosing = files.get(r.file)?.funcs.find((fn) => fn.routes.some((x) => x.line === r.line));
    const ownType = enclosing?.receiver && pkg === enclosing.receiver.name ? enclosing.receiver.type : undefined;
    const hit =
      all.length === 1
        ? all[0]
        : ((ownType ? all.find((x) => x.fn.receiver?.type === ownType && path.dirname(x.file) === path.dirname(r.file)) : undefined) ??
          all.find((x) => pkg !== null && path.basename(path.dirname(x.file)) === pkg) ??
          all.find((x) => path.dirname(x.file) === path.dirname(r.file)));
    if (hit?.fn.typed) r.typed = hit.fn.typed;
  }
}

/**
 * Gin and Echo routes with their full paths, followed as the router flows: group variables
 * (`v1 := r.Group("/v1")`), groups passed to functions (`RegisterUsers(v1.Group("/users"))`,
 * `h.Register(v1)`: the function's routes on that parameter take every prefix a caller gives it)
 * and groups returned from functions (`api := apiGroup(r)`). A router parameter no caller in the
 * repository passes is marked unresolved at the parameter.
 */
function goRoutes(files: ReadonlyMap<string, GoFile>): Route[] {
  const byName = new Map<string, Array<{ file: string; fn: GoFunc }>>();
  for (const [file, f] of files)
    for (const fn of f.funcs) (byName.get(fn.name) ?? byName.set(fn.name, []).get(fn.name)!).push({ file, fn });
  const memo = new Map<string, Prefix[]>();
  const active = new Set<string>();
  const unique = (ps: Prefix[]): Prefix[] => [...new Map(ps.map((p) => [`${p.path}\0${p.unresolved ?? ''}`, p])).values()].slice(0, 64);
  /** The prefixes a router expression has at `offset` in a function, parameters bound to `bound` when given. */
  const evalExpr = (file: string, fn: GoFunc, expr: string, offset: number, depth: number, bound?: Map<string, Prefix[]>): Prefix[] => {
    // gorilla/mux's sub-router: `r.PathPrefix("/api").Subrouter()` is a group under that path.
    expr = expr
      .trim()
      .replace(/^&/, '')
      .replace(/\.PathPrefix\s*\(([^()]*)\)\s*\.\s*Subrouter\s*\(\s*\)$/, '.Group($1)')
      // Middleware on a group (`v1.Group("/user").Use(auth).Use(role)`) leaves its prefix as it is.
      .replace(/(?:\s*\.\s*Use\s*\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\))+$/, '');
    if (depth > 12) return [{ path: '', unresolved: `${file}:${fn.line} ${expr}` }];
    // x.Group("/p", middleware…)
    const group = /^([\s\S]+)\.Group\s*\(([\s\S]*)\)$/.exec(expr);
    if (group) {
      const arg = splitArgs(group[2]!)[0] ?? '""';
      const value = literal(arg);
      const own: Prefix = value === null ? { path: '', unresolved: `${file}:${lineOf(file, fn, offset)} ${arg}` } : { path: value };
      return unique(evalExpr(file, fn, group[1]!, offset, depth + 1, bound).map((p) => joinPrefix(p, own)));
    }
    // f(args) / pkg.f(args) / recv.f(args) returning a group
    const call = /^(?:[\w.]+\.)?(\w+)\s*\(([\s\S]*)\)$/.exec(expr);
    if (call) {
      const targets = (byName.get(call[1]!) ?? []).filter((t) => t.fn.returns !== null);
      if (targets.length === 0) return [{ path: '' }];
      const args = splitArgs(call[2]!);
      const out: Prefix[] = [];
      for (const t of targets) {
        const binding = new Map<string, Prefix[]>();
        t.fn.params.forEach((p, i) => {
          if (args[i] !== undefined) binding.set(p.name, evalExpr(file, fn, args[i]!, offset, depth + 1, bound));
        });
        out.push(...evalExpr(t.file, t.fn, t.fn.returns!, Infinity, depth + 1, binding));
      }
      return unique(out);
    }
    if (!/^\w+$/.test(expr)) return [{ path: '' }];
    const assigned = fn.assigns.filter((a) => a.name === expr && a.offset < offset).at(-1);
    // A router this function builds and returns (`r := chi.NewRouter(); …; return r`): served where it is mounted.
    if (assigned && GO_NEW_ROUTER.test(assigned.expr)) return fn.returned === expr ? mountedPrefixes(file, fn, depth + 1) : [{ path: '' }];
    if (assigned && assigned.expr !== expr) return evalExpr(file, fn, assigned.expr, assigned.offset, depth + 1, bound);
    const idx = fn.params.findIndex((p) => p.name === expr);
    if (idx >= 0) {
      if (bound?.has(expr)) return bound.get(expr)!;
      if (!GO_GROUP_TYPE.test(fn.params[idx]!.type)) return [{ path: '' }];
      return paramPrefixes(file, fn, idx, depth + 1);
    }
    // The engine (gin.Default(), echo.New()) or a router this reading does not follow: no prefix.
    return [{ path: '' }];
  };
  const lineOf = (_file: string, fn: GoFunc, offset: number): number =>
    [...fn.routes, ...fn.assigns, ...fn.calls].find((x) => x.offset === offset)?.line ?? fn.line;
  /**
   * The functions a Chi `Mount` names (`x.Router()`, `pkg.Routes()`, `a.Accounts.router()`, or a
   * variable assigned one of these): among the repository's functions of that name, those of the package
   * the receiver variable was built by (`authResource := auth.NewResource()`), of the named package, of
   * the struct field's type (`Accounts *AccountResource`), else of the mounting file's package.
   */
  const mountTargets = (file: string, fn: GoFunc, expr: string, depth = 0): Array<{ file: string; fn: GoFunc }> => {
    if (/^\w+$/.test(expr) && depth < 4) {
      const a = fn.assigns.filter((x) => x.name === expr).at(-1);
      return a ? mountTargets(file, fn, a.expr, depth + 1) : [];
    }
    // A method of a composite literal (`item.ItemsResource{}.Routes()`, `(&api.Handler{}).Routes()`) is the method
    // of that type, looked up as a function of its package (`item.Routes()`) whose receiver is that type.
    const literalType = /^(?:\(\s*&?\s*)?(?:(\w+)\.)?(\w+)\s*\{[^{}]*\}\s*\)?\.(\w+\s*\([\s\S]*\))$/.exec(expr);
    if (literalType && depth < 4) {
      const targets = mountTargets(file, fn, `${literalType[1] ? `${literalType[1]}.` : ''}${literalType[3]!}`, depth + 1);
      const typed = targets.filter((t) => t.fn.receiver?.type.replace(/^\*/, '') === literalType[2]);
      return typed.length > 0 ? typed : targets;
    }
    const m = /^(?:([\w.]+)\.)?(\w+)\s*\([\s\S]*\)$/.exec(expr);
    if (!m) return [];
    const all = byName.get(m[2]!) ?? [];
    if (all.length <= 1) return all;
    const pkgOfFile = (f: string): string => files.get(f)?.pkg ?? '';
    const chain = m[1]?.split('.') ?? [];
    const head = chain[0];
    const inPkg = (pkg: string) => all.filter((t) => pkgOfFile(t.file) === pkg);
    if (head !== undefined) {
      const viaVar = fn.packageOf.get(head);
      if (viaVar && inPkg(viaVar).length > 0) return inPkg(viaVar);
      // A package the calling file imports (`apiv1 "example.com/app/api/v1"`, `".../api/v1/user"`): the functions of the
      // repository folder the import path ends with — several packages may each have an `ApplyRoutes`.
      const imported = chain.length === 1 && !fn.params.some((p) => p.name === head) ? files.get(file)?.imports?.get(head) : undefined;
      if (imported !== undefined) {
        // The folders whose trailing parts match most of the import path's (a module in a sub-folder of the repository too).
        const tail = (dir: string): number => {
          const a = dir.split('/');
          const b = imported.split('/');
          let k = 0;
          while (k < a.length && k < b.length && a[a.length - 1 - k] === b[b.length - 1 - k]) k++;
          return dir === '.' ? 0 : k;
        };
        const best = Math.max(0, ...all.map((t) => tail(path.dirname(t.file))));
        if (best > 0) return all.filter((t) => tail(path.dirname(t.file)) === best);
      }
      if (chain.length === 1 && !fn.params.some((p) => p.name === head) && inPkg(head).length > 0 && head !== fn.receiver?.name)
        return inPkg(head);
    }
    const own = all.filter((t) => path.dirname(t.file) === path.dirname(file));
    const field = chain.at(-1);
    if (field !== undefined && chain.length >= 2) {
      for (const [f, gf] of files) {
        if (path.dirname(f) !== path.dirname(file) || !gf) continue;
        const text = gf.fieldTypes?.get(field);
        if (text) {
          const typed = own.filter((t) => t.fn.receiver?.type === text);
          if (typed.length > 0) return typed;
        }
      }
    }
    return own.length > 0 ? own : all;
  };
  /**
   * The functions whose router a handler expression serves: the mount targets, the functions their
   * returned calls reach (`HandlerFromMux` returns `HandlerWithOptions(…)`), and, for a call of a
   * function-typed parameter (`rootRouter.Mount("/api", createHandler(apiRouter))`), what the callers
   * pass for it — a function literal's returned call, or a parameter of their own handed on.
   */
  const servedBy = (file: string, fn: GoFunc, expr: string, depth: number): Array<{ file: string; fn: GoFunc }> => {
    if (depth > 8) return [];
    const out: Array<{ file: string; fn: GoFunc }> = [];
    const viaParam = /^(\w+)\s*\([\s\S]*\)$/.exec(expr.trim());
    const idx = viaParam ? fn.params.findIndex((p) => p.name === viaParam[1] && /^func\b/.test(p.type)) : -1;
    if (idx >= 0) {
      for (const [cf, f] of files)
        for (const caller of f.funcs)
          for (const c of caller.calls) {
            if (c.callee !== fn.name || c.args.length !== fn.params.length) continue;
            const arg = c.args[idx]!.trim();
            const lit = /^func\s*\(/.test(arg) ? returnedCall(arg) : null;
            if (lit) out.push(...servedBy(cf, caller, lit, depth + 1));
            else if (/^\w+$/.test(arg)) out.push(...servedBy(cf, caller, `${arg}()`, depth + 1));
          }
      return out;
    }
    for (const t of mountTargets(file, fn, expr)) {
      out.push(t);
      if (t.fn.returnedCall && t.fn !== fn) out.push(...servedBy(t.file, t.fn, t.fn.returnedCall, depth + 1));
    }
    return out;
  };
  /** Whether a function is called anywhere in the repository (by its name and, when qualified, its package). */
  const called = (file: string, fn: GoFunc): boolean =>
    [...files].some(([cf, f]) =>
      f.funcs.some((caller) =>
        caller.calls.some(
          (c) =>
            c.callee === fn.name &&
            mountTargets(cf, caller, `${c.qualifier ? `${c.qualifier}.` : ''}${c.callee}()`).some((t) => t.file === file && t.fn === fn),
        ),
      ),
    );
  /**
   * The values a string (or an options struct's `BaseURL` field, `field` given) has where a parameter
   * of `fn` is filled in: literals joined, a caller's own parameter followed to its callers, anything
   * else unresolved at the caller. A wrapper in the same file (oapi-codegen's `Handler`, `HandlerFromMux`)
   * counts only where something calls it.
   */
  const paramValues = (file: string, fn: GoFunc, idx: number, field: string | null, depth: number): Prefix[] => {
    if (depth > 6) return [{ path: '', unresolved: `${file}:${fn.line} parameter ${fn.params[idx]!.name}` }];
    const out: Prefix[] = [];
    for (const [cf, f] of files)
      for (const caller of f.funcs)
        for (const c of caller.calls) {
          if (c.callee !== fn.name || c.args.length !== fn.params.length) continue;
          const name = `${c.qualifier ? `${c.qualifier}.` : ''}${c.callee}()`;
          if (!mountTargets(cf, caller, name).some((t) => t.file === file && t.fn === fn)) continue;
          if (cf === file && !called(cf, caller)) continue;
          let arg = c.args[idx]!.trim();
          const assigned = /^\w+$/.test(arg) ? caller.assigns.filter((a) => a.name === arg && a.offset < c.offset).at(-1) : undefined;
          if (assigned) arg = assigned.expr;
          if (field !== null) {
            const struct = /^&?(?:\w+\.)?\w+\s*\{([\s\S]*)\}$/.exec(arg);
            if (!struct) {
              out.push({ path: '', unresolved: `${cf}:${c.line} ${arg}` });
              continue;
            }
            const value = splitArgs(struct[1]!)
              .map((x) => new RegExp(String.raw`^\s*${field}\s*:\s*([\s\S]+)$`).exec(x)?.[1]?.trim())
              .find((x) => x !== undefined);
            if (value === undefined) {
              out.push({ path: '' });
              continue;
            }
            arg = value;
          }
          const lit = literal(arg);
          const own = /^\w+$/.test(arg) ? caller.params.findIndex((p) => p.name === arg) : -1;
          if (lit !== null) out.push({ path: lit });
          else if (own >= 0) out.push(...paramValues(cf, caller, own, null, depth + 1));
          else out.push({ path: '', unresolved: `${cf}:${c.line} ${field ?? 'value'} ${arg}` });
        }
    return out.length > 0 ? unique(out) : [{ path: '', unresolved: `${file}:${fn.line} parameter ${fn.params[idx]!.name}` }];
  };
  /** Every prefix a router built and returned by `fn` is mounted under; none mounted: the root. */
  const mountedPrefixes = (file: string, fn: GoFunc, depth: number): Prefix[] => {
    const key = `mount#${file}#${fn.name}#${fn.line}`;
    const known = memo.get(key);
    if (known) return known;
    if (active.has(key)) return [];
    active.add(key);
    const out: Prefix[] = [];
    for (const [mf, f] of files)
      for (const caller of f.funcs)
        for (const mt of caller.mounts) {
          if (!servedBy(mf, caller, mt.expr, 0).some((t) => t.file === file && t.fn === fn)) continue;
          const own: Prefix = mt.path === null ? { path: '', unresolved: `${mf}:${mt.line} ${mt.pathExpr}` } : { path: mt.path };
          out.push(...evalExpr(mf, caller, mt.recv, mt.offset, depth + 1).map((p) => joinPrefix(p, own)));
        }
    active.delete(key);
    const result = out.length > 0 ? unique(out) : [{ path: '' }];
    memo.set(key, result);
    return result;
  };
  /** Every prefix the callers in the repository give a function's router parameter. */
  const paramPrefixes = (file: string, fn: GoFunc, idx: number, depth: number): Prefix[] => {
    const key = `${file}#${fn.name}#${fn.line}#${idx}`;
    const known = memo.get(key);
    if (known) return known;
    if (active.has(key)) return [];
    active.add(key);
    const out: Prefix[] = [];
    for (const [callerFile, f] of files) {
      for (const caller of f.funcs) {
        for (const c of caller.calls) {
          if (c.callee !== fn.name || c.args.length !== fn.params.length || c.args[idx] === undefined) continue;
          // `user.ApplyRoutes(v1)` calls the `ApplyRoutes` of the package it names, not every function of that name.
          // (A qualifier that is a variable — an interface's `c.Register(g)` — is left as it was: any function of the name.)
          if (
            c.qualifier &&
            f.imports?.has(c.qualifier) &&
            !caller.params.some((p) => p.name === c.qualifier) &&
            !mountTargets(callerFile, caller, `${c.qualifier}.${c.callee}()`).some((t) => t.file === file && t.fn === fn)
          )
            continue;
          out.push(...evalExpr(callerFile, caller, c.args[idx]!, c.offset, depth + 1));
        }
      }
    }
    // A function appended to a package's slice (`routerCheckRole = append(routerCheckRole, registerUserRouter)`,
    // in an `init()`) and called in a loop over it (`for _, f := range routerCheckRole { f(v1, auth) }`).
    const dir = path.dirname(file);
    const slices = new Set<string>();
    for (const [af, f] of files)
      if (path.dirname(af) === dir) for (const g of f.funcs) for (const a of g.appends) if (a.name === fn.name) slices.add(a.slice);
    for (const [callerFile, f] of files) {
      if (slices.size === 0 || path.dirname(callerFile) !== dir) continue;
      for (const caller of f.funcs)
        for (const r of caller.ranges) {
          if (!slices.has(r.slice)) continue;
          for (const c of caller.calls)
            if (c.callee === r.loopVar && c.args.length === fn.params.length && c.args[idx] !== undefined)
              out.push(...evalExpr(callerFile, caller, c.args[idx]!, c.offset, depth + 1));
        }
    }
    active.delete(key);
    const result = out.length > 0 ? unique(out) : [{ path: '', unresolved: `${file}:${fn.line} parameter ${fn.params[idx]!.name}` }];
    memo.set(key, result);
    return result;
  };
  const routes: Route[] = [];
  for (const [file, f] of files) {
    for (const fn of f.funcs) {
      for (const r of fn.routes) {
        // oapi-codegen: the BaseURL its callers give, after the router's own prefix.
        const bases =
          r.base !== undefined
            ? paramValues(
                file,
                fn,
                fn.params.findIndex((x) => x.name === r.base),
                'BaseURL',
                0,
              )
            : [{ path: '' }];
        const prefixes = evalExpr(file, fn, r.recv, r.offset, 0).flatMap((p) => bases.map((b) => joinPrefix(p, b)));
        for (const p of unique(prefixes)) {
          routes.push({
            method: r.method,
            // Chi serves a mounted router's `/` at the mount path itself.
            path:
              (f.framework === 'chi' || f.framework === 'fiber') && r.path === '/' && p.path !== ''
                ? joinPath(p.path)
                : joinPath(p.path, r.path),
            framework: f.framework,
            file,
            line: r.line,
            ...(r.handler ? { handler: r.handler } : {}),
            resolved: p.unresolved === undefined,
            ...(p.unresolved ? { unresolvedPrefix: p.unresolved } : {}),
          });
        }
      }
    }
  }
  return routes;
}

/**
 * A Spring mapping's path given as constants (`Routes.Auth.BASE`, `API_BASE + "/users"`): a template
 * with each name as `{{name}}` and each literal as written, resolved once every file's constants are
 * known (`resolveJavaConstants`); null for anything else (a method call, a property placeholder).
 */
function javaConstantTemplate(expr: string): string | null {
  const parts = splitPlus(expr);
  if (parts.length === 0) return null;
  let out = '';
  for (const part of parts) {
    const lit = literal(part);
    if (lit !== null) out += lit;
    else if (/^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/.test(part)) out += `{{${part}}}`;
    else return null;
  }
  return out;
}

/** The operands of a `+` concatenation, split outside string literals and parentheses. */
function splitPlus(expr: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < expr.length; i++) {
    const c = expr[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '+' && depth === 0) {
      parts.push(expr.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(expr.slice(start).trim());
  return parts.some((p) => p === '') ? [] : parts;
}

interface JavaConstant {
  /** the enclosing classes' names and the constant's, outermost first: `['Routes', 'Auth', 'BASE']` */
  qualified: string[];
  expr: string;
  file: string;
}

/**
 * The string constants of a Java / Kotlin file with the names of the classes they are declared in:
 * `static final String X = …;` (and an interface's `String X = …;`), Kotlin `const val X = …`.
 */
function javaConstants(s: SourceFile, code: string): JavaConstant[] {
  const classes: Array<{ name: string; start: number; end: number; iface: boolean }> = [];
  for (const m of code.matchAll(/\b(class|interface|enum|object)\s+(\w+)[^{;=]*?\{/g)) {
    const open = m.index + m[0].length - 1;
    classes.push({ name: m[2]!, start: open, end: closing(code, open), iface: m[1] === 'interface' });
  }
  const out: JavaConstant[] = [];
  const add = (name: string, expr: string, at: number, inInterfaceOnly: boolean): void => {
    const chain = classes.filter((c) => c.start < at && at < c.end);
    if (inInterfaceOnly && !chain.at(-1)?.iface) return;
    out.push({ qualified: [...chain.map((c) => c.name), name], expr: expr.trim(), file: s.rel });
  };
  for (const m of code.matchAll(/((?:\b(?:public|private|protected|static|final)\s+)*)\bString\s+(\w+)\s*=\s*([^;]+);/g)) {
    const mods = m[1] ?? '';
    add(m[2]!, m[3]!, m.index, !(/\bstatic\b/.test(mods) && /\bfinal\b/.test(mods)));
  }
  if (s.language === 'Kotlin')
    for (const m of code.matchAll(/\bconst\s+val\s+(\w+)\s*(?::\s*String\s*)?=\s*([^\n;]+)/g)) add(m[1]!, m[2]!, m.index, false);
  return out;
}

/**
 * Spring paths given as constants (`{{Routes.Auth.BASE}}`): a name is looked up in the route's own
 * file, then among the constants of the repository whose qualified name ends with it (a static
 * import's class first), the one value they agree on; a constant's own operands are looked up
 * from the classes it is declared in outwards. A name that cannot be read leaves its part out of
 * the path, the route marked unresolved at its annotation.
 */
function resolveJavaConstants(routes: Route[], sources: readonly SourceFile[]): Set<string> {
  const used = new Set<string>();
  const pending = routes.filter((r) => r.framework === 'spring' && r.path.includes('{{'));
  if (pending.length === 0) return used;
  const all = sources
    .filter((x) => x.language === 'Java' || x.language === 'Kotlin')
    .flatMap((x) => perFile(x.text, `javaconst\0${x.rel}\0${x.language}`, () => javaConstants(x, codeOf(x))));
  const bySource = new Map(sources.map((x) => [x.rel, x]));
  const endsWith = (q: string[], name: string[]): boolean =>
    q.length >= name.length && name.every((n, i) => q[q.length - name.length + i] === n);
  const value = (c: JavaConstant, depth: number): string | undefined => {
    if (depth > 8) return undefined;
    let out = '';
    for (const part of splitPlus(c.expr)) {
      const lit = literal(part);
      if (lit !== null) {
        out += lit;
        continue;
      }
      if (!/^[\w$.]+$/.test(part)) return undefined;
      const name = part.split('.');
      // From the innermost enclosing class outwards, then the repository.
      let found: string | undefined;
      for (let k = c.qualified.length - 1; k >= 0 && found === undefined; k--) {
        const scope = c.qualified.slice(0, k);
        const hit = all.find((x) => x.file === c.file && x.qualified.join('.') === [...scope, ...name].join('.'));
        if (hit) found = value(hit, depth + 1);
      }
      found ??= lookup(name, undefined, depth + 1);
      if (found === undefined) return undefined;
      out += found;
    }
    used.add(c.file);
    return out;
  };
  const lookup = (name: string[], file: string | undefined, depth: number): string | undefined => {
    const candidates = file ? all.filter((x) => x.file === file && endsWith(x.qualified, name)) : [];
    const src = file ? bySource.get(file) : undefined;
    if (candidates.length === 0 && src) {
      // `import static com.x.Routes.Auth.BASE;` / `import static com.x.Routes.Auth.*;`
      for (const m of codeOf(src).matchAll(/^\s*import\s+static\s+[\w.]*?(\w+)\.(\w+|\*)\s*;/gm)) {
        if (m[2] !== '*' && m[2] !== name[0]) continue;
        candidates.push(...all.filter((x) => endsWith(x.qualified, [m[1]!, ...name])));
      }
    }
    if (candidates.length === 0) candidates.push(...all.filter((x) => endsWith(x.qualified, name)));
    const values = new Set(candidates.map((c) => value(c, depth)));
    return values.size === 1 ? [...values][0] : undefined;
  };
  for (const r of pending) {
    const missing: string[] = [];
    const p = r.path.replace(/\{\{([\w$.]+)\}\}/g, (_, expr: string) => {
      const v = lookup(expr.split('.'), r.file, 0);
      if (v === undefined) missing.push(expr);
      return v ?? '';
    });
    r.path = joinPath(...p.split('/').map((x) => `/${x}`));
    if (missing.length > 0) {
      r.path = r.path.replace(/(.)\/$/, '$1');
      r.resolved = false;
      r.unresolvedPrefix ??= `${r.file}:${r.line} ${missing.join(', ')}`;
    }
  }
  return used;
}

/**
 * Spring: class-level `@RequestMapping("/api")`, method-level `@GetMapping("/x")` /
 * `@RequestMapping(value = "/x", method = RequestMethod.GET)` / `method = POST` (static import);
 * arrays (`@GetMapping({"/vets", "/vets.html"})`, `path = {…}`) give one route per path, at the
 * class level too.
 */
/**
 * Spring's functional endpoints (WebMvc.fn / WebFlux.fn) in a file that uses `RouterFunction`s: the
 * builder's verbs (`route().GET("/x", h).POST("/y", h)`), request predicates (`route(GET("/x"), h)`,
 * `.andRoute(POST("/y"), h)`, `RequestPredicates.GET(…)`), under the paths of the builder's `.path("/p", b -> …)`
 * and `.nest(path("/p"), …)` calls that enclose them. Each route is cited at its verb.
 */
function springFunctional(s: SourceFile, code: string): Route[] {
  if (!/\bRouterFunctions?\b|\bcoRouter\b/.test(code)) return [];
  const spans = stringSpans(s);
  // Enclosing prefixes: `.path("/p", builder -> …)`, `nest(path("/p"), …)` and `.andNest(path("/p"), …)`, each with its argument list's extent.
  const scopes: Array<{ from: number; to: number; prefix: string }> = [];
  for (const m of code.matchAll(/(?<![\w$])(path|nest|andNest)\s*\(/g)) {
    if (inSpan(spans, m.index)) continue;
    const open = m.index + m[0].length - 1;
    const end = closing(code, open);
    const args = splitArgs(code.slice(open + 1, end - 1));
    if (args.length < 2) continue;
    const given =
      m[1] === 'path' ? literal(args[0]!.trim()) : /^\s*(?:RequestPredicates\.)?path\s*\(\s*("(?:[^"\\]|\\.)*")\s*\)/.exec(args[0]!)?.[1];
    const prefix = given === undefined || given === null ? null : m[1] === 'path' ? given : literal(given);
    if (prefix !== null) scopes.push({ from: open, to: end, prefix });
  }
  const routes: Route[] = [];
  for (const m of code.matchAll(/(?<![\w$])(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s*\(\s*("(?:[^"\\\n]|\\.)*")/g)) {
    if (inSpan(spans, m.index)) continue;
    const own = literal(m[2]!);
    if (own === null || (own !== '' && !own.startsWith('/'))) continue;
    const outer = scopes.filter((x) => x.from < m.index && m.index < x.to).sort((a, b) => a.from - b.from);
    const open = m.index + m[0].indexOf('(');
    const args = splitArgs(code.slice(open + 1, closing(code, open) - 1));
    // The handler: the builder's second argument, or the argument after the predicate in `route(GET("/x"), h)`.
    let handler = args[1]?.trim();
    if (handler === undefined) {
      const call = /\b(?:route|andRoute)\s*\(\s*(?:RequestPredicates\s*\.\s*)?$/.exec(code.slice(Math.max(0, m.index - 60), m.index));
      if (call) {
        const start = code.lastIndexOf('(', m.index);
        handler = splitArgs(code.slice(start + 1, closing(code, start) - 1))[1]?.trim();
      }
    }
    const name = handler && /^[\w$.]+(?:::[\w$]+)?$/.test(handler) ? handler.replace(/^.*(?:::|\.)/, '') : undefined;
    routes.push({
      method: m[1]!,
      path: joinPath(...outer.map((x) => x.prefix), own),
      framework: 'spring',
      file: s.rel,
      line: lineAt(code, m.index),
      ...(name ? { handler: name } : {}),
      resolved: true,
    });
  }
  return routes;
}

/**
 * The bodies of HTTP client interfaces (`@FeignClient(name = "employee-service") interface EmployeeClient`):
 * their `@GetMapping`s describe requests the service sends to another one, not routes it serves.
 */
export function httpClientSpans(code: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const m of code.matchAll(/@(?:\w+\.)*FeignClient\b[\s\S]*?\binterface\s+\w+[^{]*\{/g)) {
    const open = m.index + m[0].length - 1;
    out.push([m.index, closing(code, open)]);
  }
  return out;
}

function spring(s: SourceFile, code: string): FileRoutes {
  const routes: Route[] = [];
  const spans = stringSpans(s);
  const clients = httpClientSpans(code);
  /** The paths an annotation's arguments map: [''] for none, null when one is not a constant. */
  const mappingPaths = (args: string): string[] | null => {
    const list = splitArgs(args);
    const given =
      list.find((a) => !/^\w+\s*=/.test(a)) ??
      list.map((a) => /^(?:value|path)\s*=\s*([\s\S]+)$/.exec(a)?.[1]).find((x) => x !== undefined);
    if (given === undefined) return [''];
    const items = /^\{([\s\S]*)\}$/.exec(given.trim());
    const values = (items ? splitArgs(items[1]!) : [given]).map((v) => literal(v.trim()) ?? javaConstantTemplate(v.trim()));
    if (values.length === 0) return [''];
    return values.some((v) => v === null) ? null : (values as string[]);
  };
  const annotationArgs = (at: number): { args: string; end: number } => {
    const open = /^\s*\(/.exec(code.slice(at));
    if (!open) return { args: '', end: at };
    const start = at + open[0].length - 1;
    const end = closing(code, start);
    return { args: code.slice(start + 1, end - 1), end };
  };
  const classes: Array<{ index: number; paths: string[] | null }> = [];
  // A @RestController's (or @ResponseBody class's) methods answer with their return value as the body; a @Controller's String is a view name.
  const rest = /@(?:RestController|ResponseBody)\b/.test(code);
  for (const m of code.matchAll(/@RequestMapping\b/g)) {
    if (inSpan(spans, m.index)) continue;
    const { args, end } = annotationArgs(m.index + m[0].length);
    if (
      /^\s*(?:@\w+(?:\s*\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\))?\s*)*(?:(?:public|abstract|final|open|private|protected|static)\s+)*(?:class|interface)\s+\w+/.test(
        code.slice(end),
      )
    )
      classes.push({ index: m.index, paths: mappingPaths(args) });
  }
  for (const m of code.matchAll(/@(Get|Post|Put|Patch|Delete|Request)Mapping\b/g)) {
    if (inSpan(spans, m.index) || inSpan(clients, m.index) || classes.some((c) => c.index === m.index)) continue;
    const { args, end } = annotationArgs(m.index + m[0].length);
    const sig =
      /^\s*(?:@\w+(?:\s*\((?:[^()]|\([^()]*\))*\))?\s*)*(?:(?:public|private|protected|static|final|suspend|fun|override|synchronized)\s+)*(?:((?:[\w<>[\],.? ]|@\w+)+)\s+)?(\w+)\s*\(/.exec(
        code.slice(end),
      );
    if (!sig) continue;
    // Type-use annotations in the return type (`ResponseEntity<@NonNull PostDetail>`) are no part of the type.
    const returned = sig[1]?.replace(/@\w+\s*/g, '').trim();
    const typed = springTyped(s, code, m.index, end + sig.index + sig[0].length - 1, returned, rest);
    const cls = classes.filter((c) => c.index < m.index).at(-1);
    const prefixes = cls ? cls.paths : [''];
    const own = mappingPaths(args);
    let methods = [m[1]!.toUpperCase()];
    if (methods[0] === 'REQUEST') {
      const given = /\bmethod\s*=\s*(\{[^}]*\}|[\w.]+)/.exec(args)?.[1];
      methods = given
        ? [...given.matchAll(/(?:RequestMethod\.)?\b(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|TRACE)\b/g)].map((x) => x[1]!)
        : [];
      if (methods.length === 0) methods = ['ANY'];
    }
    const resolved = prefixes !== null && own !== null;
    const line = lineAt(code, m.index);
    for (const prefix of prefixes ?? ['']) {
      for (const p of own ?? ['']) {
        for (const method of methods)
          routes.push({
            method,
            path: joinPath(prefix, p),
            framework: 'spring',
            file: s.rel,
            line,
            handler: sig[2]!,
            resolved,
            ...(resolved ? {} : { unresolvedPrefix: `${s.rel}:${line} ${args.trim()}` }),
            ...(typed ? { typed } : {}),
          });
      }
    }
  }
  // API-first controllers: `class OwnerController implements OwnersApi` whose `@Override` methods carry no
  // mapping — the interface (generated from an OpenAPI description at build time) does.
  const springImpl: NonNullable<FileRoutes['springImpl']> = [];
  if (/@(?:RestController|Controller)\b/.test(code))
    for (const m of code.matchAll(/\bclass\s+\w+[^{;]*?\bimplements\s+([\w.<>,\s]+?)\s*\{/g)) {
      if (inSpan(spans, m.index)) continue;
      const open = m.index + m[0].length - 1;
      const end = closing(code, open);
      const body = code.slice(open, end);
      const methods: Array<{ name: string; line: number }> = [];
      for (const o of body.matchAll(
        /@Override\b((?:\s*@\w+(?:\s*\((?:[^()]|\([^()]*\))*\))?)*)\s*(?:(?:public|protected|final|synchronized)\s+)*(?:(?:[\w<>[\],.? ]|@\w+)+)\s+(\w+)\s*\(/g,
      ))
        if (!/@(?:Get|Post|Put|Patch|Delete|Request)Mapping\b/.test(o[1] ?? ''))
          methods.push({ name: o[2]!, line: lineAt(code, open + o.index) });
      const cls = classes.filter((c) => c.index < m.index).at(-1);
      const interfaces = m[1]!.split(',').map((x) =>
        x
          .trim()
          .replace(/<[\s\S]*$/, '')
          .split('.')
          .pop()!,
      );
      if (methods.length > 0) springImpl.push({ interfaces, prefixes: cls ? cls.paths : [''], methods });
    }
  return { routes, mounts: [], ...(springImpl.length > 0 ? { springImpl } : {}) };
}

/**
 * API-first Spring: a controller implementing an interface the repository does not declare (generated
 * at build time from an OpenAPI description, as `openapi-generator`'s `interfaceOnly` does) serves the
 * description's operations whose `operationId` its `@Override` methods bear, at the description's path
 * under the controller's own `@RequestMapping`.
 */
function springApiFirst(
  found: ReadonlyMap<string, FileRoutes>,
  sources: readonly SourceFile[],
  descriptions: readonly SourceFile[],
): Route[] {
  const impls = [...found].flatMap(([file, f]) => (f.springImpl ?? []).map((x) => ({ file, ...x })));
  if (impls.length === 0 || descriptions.length === 0) return [];
  const declared = new Set(
    sources
      .filter((x) => x.language === 'Java' || x.language === 'Kotlin')
      .flatMap((x) => [...codeOf(x).matchAll(/\binterface\s+(\w+)/g)].map((m) => m[1]!)),
  );
  const operations = new Map<string, Array<{ method: string; path: string; file: string }>>();
  for (const d of descriptions) {
    let data: unknown;
    try {
      data = d.rel.endsWith('.json') ? JSON.parse(d.text) : YAML.parse(d.text, { maxAliasCount: 100 });
    } catch {
      continue;
    }
    const paths = typeof data === 'object' && data !== null ? (data as { paths?: unknown }).paths : undefined;
    if (typeof paths !== 'object' || paths === null) continue;
    for (const [p, item] of Object.entries(paths as Record<string, unknown>)) {
      if (typeof item !== 'object' || item === null) continue;
      for (const [method, op] of Object.entries(item as Record<string, unknown>)) {
        const id = typeof op === 'object' && op !== null ? (op as { operationId?: unknown }).operationId : undefined;
        if (typeof id !== 'string' || !HTTP_METHODS.has(method.toUpperCase())) continue;
        operations.set(id, [...(operations.get(id) ?? []), { method: method.toUpperCase(), path: p, file: d.rel }]);
      }
    }
  }
  const out: Route[] = [];
  for (const impl of impls) {
    if (impl.interfaces.every((i) => declared.has(i))) continue;
    for (const m of impl.methods)
      for (const op of operations.get(m.name) ?? [])
        for (const prefix of impl.prefixes ?? [''])
          out.push({
            method: op.method,
            path: joinPath(prefix, op.path),
            framework: 'spring',
            file: impl.file,
            line: m.line,
            handler: m.name,
            resolved: impl.prefixes !== null,
            ...(impl.prefixes === null ? { unresolvedPrefix: `${impl.file}:${m.line} class mapping` } : {}),
            describedAt: { file: op.file, path: op.path },
          });
  }
  return out;
}

const HTTP_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE']);

/** Spring handler parameters that are the framework's, not the request's. */
const SPRING_SKIP =
  /^(?:HttpServletRequest|HttpServletResponse|ServletRequest|ServletResponse|HttpSession|Model|ModelMap|ModelAndView|BindingResult|Errors|Principal|Authentication|Pageable|Sort|Locale|SessionStatus|RedirectAttributes|WebRequest|ServerWebExchange|UriComponentsBuilder)$/;

/**
 * What a Spring handler declares: `@RequestBody T` (JSON), `@ModelAttribute T` or an unannotated
 * class of the repository in a form controller (`application/x-www-form-urlencoded` on POST/PUT),
 * `@RequestParam` (query parameters; required unless `required = false`, a `defaultValue` or
 * `Optional`; a `MultipartFile` is a multipart part), the return type (`ResponseEntity<T>`, `T`,
 * `List<T>`; a `String` of a view controller is an HTML page) and `@ResponseStatus`.
 */
function springTyped(
  s: SourceFile,
  code: string,
  at: number,
  open: number,
  returns: string | undefined,
  rest: boolean,
): TypedRequest | undefined {
  const close = closing(code, open);
  // The method's annotations: from the end of the previous member to its name.
  const before = code.slice(Math.max(code.lastIndexOf(';', at), code.lastIndexOf('}', at), code.lastIndexOf('{', at)) + 1, open);
  const kotlin = s.language === 'Kotlin';
  const kotlinReturn = kotlin ? /^\s*:\s*([\w<>[\],.? ]+?)\s*(?:\{|=)/.exec(code.slice(close))?.[1] : undefined;
  const returnType = kotlin ? kotlinReturn : returns?.replace(/^(?:public|private|protected|static|final|synchronized)\s+/g, '');
  const line = lineAt(code, at);
  const source = `${s.rel}:${line}`;
  const t: TypedRequest = { language: 'java' };
  const form: Array<{ type: string; valid: boolean }> = [];
  // Types a `@ModelAttribute("owner") public Owner findOwner(…)` method of the controller supplies: loaded by it, not posted.
  const supplied = new Set(
    [...code.matchAll(/@ModelAttribute\s*(?:\([^)]*\))?\s*(?:(?:public|protected|private)\s+)?([A-Z]\w*)\s+\w+\s*\(/g)].map((m) => m[1]!),
  );
  for (const p of splitArgs(code.slice(open + 1, close - 1))) {
    const annotations = [...p.matchAll(/@(\w+)(?:\s*\(((?:[^()]|\([^()]*\))*)\))?/g)];
    const bare = p
      .replace(/@\w+(?:\s*\((?:[^()]|\([^()]*\))*\))?/g, ' ')
      .replace(/\bfinal\s+/, '')
      .trim();
    const kt = /^(\w+)\s*:\s*(.+)$/.exec(bare);
    const java = /^([\s\S]+?)\s+(\w+)$/.exec(bare);
    const [type, name] = kt ? [kt[2]!.trim(), kt[1]!] : java ? [java[1]!.trim(), java[2]!] : [bare, ''];
    const names = annotations.map((a) => a[1]!);
    const ann = (n: string) => annotations.find((a) => a[1] === n)?.[2] ?? '';
    if (names.includes('RequestBody')) t.body = { type, contentType: 'application/json', source };
    else if (names.includes('RequestParam')) {
      const a = ann('RequestParam');
      const given = /^\s*"([^"]+)"/.exec(a)?.[1] ?? /\b(?:value|name)\s*=\s*"([^"]+)"/.exec(a)?.[1] ?? name;
      if (/MultipartFile/.test(type)) {
        t.body = {
          fields: [...(t.body?.fields ?? []), given],
          files: [...(t.body?.files ?? []), given],
          contentType: 'multipart/form-data',
          source,
        };
        continue;
      }
      t.query = [
        ...(t.query ?? []),
        {
          name: given,
          type: type.replace(/^Optional<(.+)>$/, '$1'),
          required: !/\brequired\s*=\s*false\b|\bdefaultValue\s*=/.test(a) && !/^Optional</.test(type) && !type.endsWith('?'),
          source,
        },
      ];
    } else if (
      names.includes('ModelAttribute') ||
      (!names.some((n) =>
        /^(?:PathVariable|RequestHeader|CookieValue|RequestAttribute|SessionAttribute|AuthenticationPrincipal|CurrentUser|RequestPart|MatrixVariable|Value)$/.test(
          n,
        ),
      ) &&
        !rest &&
        /^[A-Z]\w*$/.test(type) &&
        !SPRING_SKIP.test(type) &&
        !/^(?:String|Integer|Long|Boolean|Double|Float|Map)$/.test(type))
    ) {
      if (!supplied.has(type) || names.includes('Valid') || names.includes('Validated'))
        form.push({ type, valid: names.includes('Valid') || names.includes('Validated') });
    }
  }
  // The validated object is the form when there are several.
  const posted = form.find((f) => f.valid) ?? form[0];
  if (posted && !t.body) t.body = { type: posted.type, contentType: 'application/x-www-form-urlencoded', source };
  const status = /@ResponseStatus\s*\(\s*(?:(?:code|value)\s*=\s*)?([\w.]+)/.exec(before)?.[1];
  const code_ = (status && statusCode(status)) ?? '200';
  const responseBody = rest || /@ResponseBody\b/.test(before);
  if (returnType && !/^(?:void|Unit)$/.test(returnType)) {
    if (!responseBody && /^(?:String|ModelAndView|View)$/.test(returnType)) {
      // A view name; `"redirect:…"` answers with a redirect (302) instead of a page.
      const brace = code.indexOf('{', close);
      const body = brace < 0 ? '' : code.slice(brace, closing(code, brace));
      const redirects = /\breturn\s+"redirect:/.test(body);
      const pages = !redirects || /\breturn\s+(?!"redirect:)/.test(body);
      t.responses = [
        ...(pages ? [{ status: code_, contentType: 'text/html', source }] : []),
        ...(redirects ? [{ status: '302', source }] : []),
      ];
    } else if (/^(?:String|CharSequence)$/.test(returnType))
      // A String answered as the body is written as text (StringHttpMessageConverter), not JSON.
      t.responses = [{ status: code_, contentType: 'text/plain', type: returnType, source }];
    else {
      const contentType = /^ResponseEntity\s*<\s*(?:String|CharSequence)\s*>$/.test(returnType) ? 'text/plain' : 'application/json';
      const given = status ? [] : responseEntityStatuses(code, close);
      t.responses =
        given.length === 0
          ? [{ status: code_, contentType, type: returnType, source }]
          : given.map((g) =>
              /^2\d\d$/.test(g) && g !== '204' ? { status: g, contentType, type: returnType, source } : { status: g, source },
            );
    }
  } else if (returnType) t.responses = [{ status: status ? code_ : '200', source }];
  return t.body || t.query || t.responses ? t : undefined;
}

/** `ResponseEntity.ok(…)` and its other shorthands, by the status they answer with. */
const RESPONSE_ENTITY: Record<string, string> = {
  ok: '200',
  created: '201',
  accepted: '202',
  noContent: '204',
  badRequest: '400',
  notFound: '404',
  unprocessableEntity: '422',
  internalServerError: '500',
};

/**
 * The statuses a Spring handler returning `ResponseEntity` answers with, in the order its body
 * writes them: `new ResponseEntity<>(body, HttpStatus.CREATED)` (the status is the last argument),
 * `ResponseEntity.ok(…)`, `.created(…)`, `.noContent()`, `.notFound()`, `ResponseEntity.status(HttpStatus.X)`;
 * none when the body gives no constant status. `close` is the end of the method's parameter list.
 */
function responseEntityStatuses(code: string, close: number): string[] {
  const brace = code.indexOf('{', close);
  if (brace < 0 || code.slice(close, brace).includes(';')) return [];
  const body = code.slice(brace, closing(code, brace));
  const out: string[] = [];
  for (const m of body.matchAll(/\bnew\s+ResponseEntity\s*(?:<[^>]*>)?\s*\(|\bResponseEntity\s*\.\s*(\w+)\s*\(/g)) {
    const open = m.index + m[0].length - 1;
    let found: string | null | undefined;
    if (m[1] === undefined) found = statusCode(splitArgs(body.slice(open + 1, closing(body, open) - 1)).at(-1) ?? '');
    else if (m[1] === 'status') found = statusCode(body.slice(open + 1, closing(body, open) - 1));
    else found = RESPONSE_ENTITY[m[1]];
    if (found && !out.includes(found)) out.push(found);
  }
  return out;
}

/**
 * ASP.NET Core attribute routing: a controller's `[Route("api/[controller]")]` (several give one
 * route each; `[ApiController, Route(…)]` in one list too) before its action's `[HttpGet("{id}")]`
 * (`Name =`/`Order =` arguments aside) and/or `[Route("x")]` on the action; a template starting
 * with `/` or `~/` ignores the controller's; the tokens `[controller]` and `[action]` become the
 * class name without `Controller` and the method's name. Minimal APIs: `app.MapGet("/x", …)`, also
 * on a `MapGroup("/api")` variable.
 */
const CS_SCALAR = /^(?:string|int|long|short|byte|bool|decimal|double|float|Guid|DateTime|DateTimeOffset|char|uint|ulong)\??$/;

/**
 * What an ASP.NET controller action declares (C#): `[FromBody]` / `[FromForm]` / `[FromQuery]`
 * parameters, and — as an `[ApiController]` binds them — a parameter of a complex type not in
 * the route as the JSON body and a scalar one as a query parameter; the responses from
 * `[ProducesResponseType]`, else from the results the body returns (`Ok`, `CreatedAtAction`,
 * `NoContent`, `NotFound`, `BadRequest`), the 2xx one typed by `ActionResult<T>` or a plain return
 * type.
 */
function aspnetTyped(
  code: string,
  source: string,
  at: number,
  header: string,
  attrs: string,
): ((method: string, path: string) => TypedRequest) | undefined {
  const open = at + header.length - 1;
  const close = closing(code, open);
  const sig = header.slice(attrs.length);
  const returnType =
    /^(?:(?:public|private|protected|internal|static|virtual|override|async|new)\s+)+([\w<>[\],.? ]+?)\s+\w+\s*(?:<[^>]*>)?\s*\($/
      .exec(sig)?.[1]
      ?.trim();
  const params = splitArgs(code.slice(open + 1, close - 1)).map((p) => {
    const m = /^((?:\[[^\]]*\]\s*)*)([\w<>[\],.?]+)\s+(\w+)\s*(=.*)?$/.exec(p.trim());
    return m ? { attrs: m[1]!, type: m[2]!, name: m[3]!, optional: m[4] !== undefined || m[2]!.endsWith('?') } : null;
  });
  const brace = code.indexOf('{', close);
  const body = brace < 0 || /^\s*=>/.test(code.slice(close, brace)) ? '' : code.slice(brace, closing(code, brace));
  const inner = returnType?.replace(/^(?:Task|ValueTask)<(.+)>$/, '$1');
  const resultType = inner && /^ActionResult<(.+)>$/.exec(inner)?.[1];
  const plain = inner && !/^(?:void|Task|ValueTask|IActionResult|ActionResult|IResult)$/.test(inner) && !resultType ? inner : undefined;
  const returned = resultType ?? plain;
  const responses: NonNullable<TypedRequest['responses']> = [];
  for (const r of attrs.matchAll(/\bProducesResponseType\s*\(([^\]]*)\)/g)) {
    const type = /typeof\s*\(\s*([\w<>[\],.?]+)\s*\)/.exec(r[1]!)?.[1];
    const status = /(?:Status|\b)([1-5]\d\d)\b/.exec(r[1]!)?.[1];
    if (status && !responses.some((x) => x.status === status))
      responses.push({ status, ...(type ? { contentType: 'application/json', type } : {}), source });
  }
  if (responses.length === 0) {
    const results: Array<[RegExp, string]> = [
      [/\breturn\s+(?:Ok|Json)\s*\(/, '200'],
      [/\breturn\s+Created(?:AtAction|AtRoute)?\s*\(/, '201'],
      [/\breturn\s+Accepted\w*\s*\(/, '202'],
      [/\breturn\s+NoContent\s*\(/, '204'],
      [/\breturn\s+BadRequest\s*\(/, '400'],
      [/\breturn\s+Unauthorized\s*\(/, '401'],
      [/\breturn\s+Forbid\s*\(/, '403'],
      [/\breturn\s+NotFound\s*\(/, '404'],
      [/\breturn\s+Conflict\s*\(/, '409'],
    ];
    for (const [re, status] of results)
      if (re.test(body))
        responses.push({
          status,
          ...(returned && /^2/.test(status) && status !== '204' ? { contentType: 'application/json', type: returned } : {}),
          source,
        });
    if (responses.length === 0 && returned) responses.push({ status: '200', contentType: 'application/json', type: returned, source });
  }
  return (method, path) => {
    const t: TypedRequest = { language: 'cs' };
    const inPath = new Set([...path.matchAll(/\{(\w+)/g)].map((x) => x[1]!.toLowerCase()));
    for (const p of params) {
      if (!p || /\bFrom(?:Services|Header|Route)\b/.test(p.attrs) || /^(?:CancellationToken|HttpContext|HttpRequest)$/.test(p.type))
        continue;
      if (
        /\bFromBody\b/.test(p.attrs) ||
        (!p.attrs.trim() &&
          !inPath.has(p.name.toLowerCase()) &&
          !CS_SCALAR.test(p.type) &&
          !/^(?:IFormFile|List<|IEnumerable<)/.test(p.type))
      ) {
        if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(method) && !t.body)
          t.body = { type: p.type, contentType: 'application/json', source };
      } else if (/\bFromForm\b/.test(p.attrs) || p.type === 'IFormFile') {
        if (!t.body)
          t.body =
            p.type === 'IFormFile'
              ? { fields: [p.name], files: [p.name], contentType: 'multipart/form-data', source }
              : { type: p.type, contentType: 'application/x-www-form-urlencoded', source };
      } else if (!inPath.has(p.name.toLowerCase())) {
        const name = /\bName\s*=\s*"([^"]+)"/.exec(p.attrs)?.[1] ?? p.name;
        if (CS_SCALAR.test(p.type))
          t.query = [...(t.query ?? []), { name, type: p.type.replace(/\?$/, ''), required: !p.optional, source }];
        else t.queryType = { type: p.type, source };
      }
    }
    if (responses.length > 0) t.responses = [...responses].sort((a, b) => (a.status < b.status ? -1 : 1));
    return t;
  };
}

/**
 * The types the C# code registers with dependency injection (`services.AddScoped<CurrentUser>()`,
 * `AddSingleton<IFoo, Foo>()`, `AddDbContext<AppDb>(…)`, `AddHttpClient<AuthClient>(…)`, `AddSqlite<TodoDb>(…)`),
 * by name, each with the file it is registered in: a minimal API binds such a parameter from the services, not the body.
 */
function csServices(sources: readonly SourceFile[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const s of sources) {
    if (s.language !== 'C#') continue;
    for (const m of codeOf(s).matchAll(/\.Add\w*\s*<\s*([\w.]+)(?:\s*,\s*([\w.]+))?\s*>\s*\(/g))
      for (const t of [m[1], m[2]]) if (t && !out.has(t.replace(/^.*\./, ''))) out.set(t.replace(/^.*\./, ''), s.rel);
  }
  return out;
}

/** Parameter types a minimal API binds from the request context or the services, never from the body. */
const CS_CONTEXT =
  /^(?:HttpContext|HttpRequest|HttpResponse|CancellationToken|ClaimsPrincipal|Stream|PipeReader|LinkGenerator|I[A-Z]\w*(?:<.*>)?|(?:UserManager|SignInManager|RoleManager)<.*>|\w+DbContext)$/;

/** Status codes of the `Results.X(…)` / `TypedResults.X(…)` factories and of the result types (`Ok<T>`, `NotFound`) a handler declares. */
const CS_RESULTS: Record<string, string> = {
  Ok: '200',
  Json: '200',
  Created: '201',
  CreatedAtRoute: '201',
  Accepted: '202',
  AcceptedAtRoute: '202',
  NoContent: '204',
  Redirect: '302',
  RedirectToRoute: '302',
  BadRequest: '400',
  ValidationProblem: '400',
  Unauthorized: '401',
  UnauthorizedHttpResult: '401',
  Forbid: '403',
  ForbidHttpResult: '403',
  NotFound: '404',
  Conflict: '409',
  UnprocessableEntity: '422',
  Problem: '500',
  ProblemHttpResult: '500',
};

/**
 * What an ASP.NET Core minimal API handler declares (`app.MapPost("/todos", async (Todo todo,
 * TodoDb db) => …)` or a method group `MapGet("/", GetAll)` of the same file): a parameter named
 * in the route is a path parameter; `[FromBody]`/`[FromForm]`/`[FromQuery]` say where one comes
 * from; a scalar is a query parameter; `IFormFile` a multipart file; another type is the JSON body
 * (POST/PUT/PATCH/DELETE) unless it is context (`HttpContext`, an interface, a `DbContext`) or a
 * registered service. Responses from the declared result type (`Task<Results<Ok<Todo>, NotFound>>`),
 * `.Produces<T>(201)` after the call, else the `Results.X(…)`/`TypedResults.X(…)` the body returns.
 */
function minimalTyped(
  code: string,
  source: string,
  handler: string,
  chain: string,
): ((method: string, path: string) => TypedRequest) | undefined {
  let text = handler.trim();
  let returnType: string | undefined;
  let body = '';
  const group =
    /^[\w.]+$/.exec(text) &&
    new RegExp(String.raw`\b(?:static\s+)?(?:async\s+)?([\w<>[\],.? ]+?)\s+${text.replace(/^.*\./, '')}\s*\(`).exec(code);
  if (group) {
    // A method group: the method's own parameters, return type and body.
    const open = group.index + group[0].length - 1;
    const close = closing(code, open);
    returnType = group[1]!.replace(/^(?:public|private|internal|protected|static|async)\s+/g, '').trim();
    const after = code.slice(close);
    const brace = /^\s*\{/.test(after) ? close + after.indexOf('{') : -1;
    body = brace >= 0 ? code.slice(brace, closing(code, brace)) : (/^\s*=>([^;]*)/.exec(after)?.[1] ?? '');
    text = code.slice(open, close);
  } else {
    const lambda = /^(?:static\s+)?(?:async\s+)?(?:([\w<>[\],.? ]+?)\s*)?\(/.exec(text);
    if (!lambda) return undefined;
    const open = lambda[0].length - 1;
    const close = closing(text, open);
    if (!/^\s*=>/.test(text.slice(close))) return undefined;
    returnType = lambda[1]?.trim() || undefined;
    body = text.slice(close).replace(/^\s*=>/, '');
    text = text.slice(open, close);
  }
  const params = splitArgs(text.slice(1, -1)).map((p) => {
    const m = /^((?:\[[^\]]*\]\s*)*)([\w<>[\],.?]+)\s+(\w+)\s*(=.*)?$/.exec(p.trim());
    return m ? { attrs: m[1]!, type: m[2]!, name: m[3]!, optional: m[4] !== undefined || m[2]!.endsWith('?') } : null;
  });
  const responses: NonNullable<TypedRequest['responses']> = [];
  const add = (status: string, type?: string): void => {
    if (!responses.some((r) => r.status === status))
      responses.push({ status, ...(type && status !== '204' ? { contentType: 'application/json', type } : {}), source });
  };
  for (const p of chain.matchAll(
    /\.Produces(?:<\s*([\w<>[\],.?]+?)\s*>)?\s*\(\s*(?:(?:statusCode\s*:\s*)?(?:StatusCodes\.Status)?(\d{3})\w*)?/g,
  ))
    add(p[2] ?? '200', p[1]);
  for (const p of chain.matchAll(/\.Produces(Problem|ValidationProblem)\s*\(\s*(?:(?:StatusCodes\.Status)?(\d{3}))?/g))
    add(p[2] ?? (p[1] === 'Problem' ? '500' : '400'));
  const declared = returnType?.replace(/^(?:Task|ValueTask)<(.+)>$/, '$1');
  if (responses.length === 0 && declared && !/^(?:IResult|Task|ValueTask|void)$/.test(declared)) {
    // `Results<Ok<Todo>, NotFound>`, `Created<Todo>`, `Ok`, or a plain type (200).
    const union = /^Results<(.+)>$/.exec(declared)?.[1];
    for (const part of union ? splitTypeArgs(union) : [declared]) {
      const m = /^(\w+)(?:<(.+)>)?$/.exec(part.trim());
      if (m && CS_RESULTS[m[1]!]) add(CS_RESULTS[m[1]!]!, m[2]);
      else if (m && !union && !/HttpResult$/.test(m[1]!)) add('200', part.trim());
    }
  }
  if (responses.length === 0) {
    for (const r of body.matchAll(/\b(?:Typed)?Results\.(\w+)\s*[(<]/g)) if (CS_RESULTS[r[1]!]) add(CS_RESULTS[r[1]!]!);
    // Whatever else a handler returns is written with 200.
    const expression = body.trim() !== '' && !/^\s*\{/.test(body);
    if (responses.length === 0 && (expression || /\breturn\s+[^;]/.test(body))) add('200');
  }
  responses.sort((a, b) => (a.status < b.status ? -1 : 1));
  return (method, path) => {
    const t: TypedRequest = { language: 'cs' };
    const inPath = new Set([...path.matchAll(/\{(\w+)/g)].map((x) => x[1]!.toLowerCase()));
    for (const p of params) {
      if (!p || /\bFrom(?:Services|Header|Route|Keyed\w*)\b|\bAsParameters\b/.test(p.attrs)) continue;
      if (CS_CONTEXT.test(p.type) && !/^IForm(?:File|FileCollection)$/.test(p.type)) continue;
      if (/\bFromForm\b/.test(p.attrs) || /^IForm(?:File|FileCollection)$/.test(p.type)) {
        if (!t.body)
          t.body = /^IForm/.test(p.type)
            ? { fields: [p.name], files: [p.name], contentType: 'multipart/form-data', source }
            : { type: p.type, contentType: 'application/x-www-form-urlencoded', source };
      } else if (/\bFromQuery\b/.test(p.attrs) || (!/\bFromBody\b/.test(p.attrs) && CS_SCALAR.test(p.type))) {
        if (inPath.has(p.name.toLowerCase())) continue;
        const name = /\bName\s*=\s*"([^"]+)"/.exec(p.attrs)?.[1] ?? p.name;
        t.query = [...(t.query ?? []), { name, type: p.type.replace(/\?$/, ''), required: !p.optional, source }];
      } else if (!inPath.has(p.name.toLowerCase()) && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method) && !t.body)
        t.body = {
          type: p.type,
          contentType: 'application/json',
          source,
          ...(/\bFromBody\b/.test(p.attrs) ? {} : { unlessService: true }),
        };
    }
    if (responses.length > 0) t.responses = responses;
    return t;
  };
}

/** `Ok<Todo>, NotFound, Ok<List<A, B>>` → its parts, split at the top-level commas only. */
function splitTypeArgs(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '<') depth++;
    else if (text[i] === '>') depth--;
    else if (text[i] === ',' && depth === 0) {
      out.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(text.slice(start).trim());
  return out;
}

function aspnet(s: SourceFile, code: string): FileRoutes {
  const routes: Route[] = [];
  const spans = stringSpans(s);
  /** The attribute lists (`[A] [B, C(…)]`) right before `at`, as one text. */
  const ATTRS = String.raw`((?:\[(?:[^\[\]"]|"(?:[^"\\]|\\.)*"|\[[^\]]*\])*\]\s*)+)`;
  const templates = (attrs: string, name: string): Array<string | null> =>
    [...attrs.matchAll(new RegExp(String.raw`\b${name}\s*\(\s*(?:(?:template\s*:\s*)?${STRING})?`, 'g'))].map((m) =>
      m[1] === undefined ? '' : literal(m[1]),
    );
  const classes: Array<{ at: number; name: string; prefixes: Array<string | null> }> = [];
  for (const m of code.matchAll(
    new RegExp(String.raw`${ATTRS}(?:(?:public|internal|sealed|abstract|partial|static)\s+)*class\s+(\w+)`, 'g'),
  )) {
    if (inSpan(spans, m.index)) continue;
    classes.push({ at: m.index + m[0].length, name: m[2]!, prefixes: templates(m[1]!, 'Route') });
  }
  // Classes without attributes still name the controller of their actions.
  for (const m of code.matchAll(/\bclass\s+(\w+)/g))
    if (!classes.some((c) => c.at === m.index + m[0].length)) classes.push({ at: m.index + m[0].length, name: m[1]!, prefixes: [] });
  classes.sort((a, b) => a.at - b.at);
  const VERB = /\bHttp(Get|Post|Put|Patch|Delete|Head|Options)\b/g;
  for (const m of code.matchAll(
    new RegExp(
      String.raw`${ATTRS}(?:(?:public|private|protected|internal|static|virtual|override|async|new)\s+)+[\w<>[\],.? ]+?\s+(\w+)\s*(?:<[^>]*>)?\s*\(`,
      'g',
    ),
  )) {
    if (inSpan(spans, m.index)) continue;
    const attrs = m[1]!;
    // A type with a primary constructor (`public class TagsController(IMediator m)`, a record) is no action.
    if (/\b(?:class|record|struct|interface)\s+\w+\s*(?:<[^>]*>)?\s*\($/.test(m[0])) continue;
    const verbs = [...attrs.matchAll(VERB)].map((v) => ({
      method: v[1]!.toUpperCase(),
      template: templates(attrs.slice(v.index), `Http${v[1]}`)[0] ?? '',
    }));
    const own = templates(attrs, 'Route');
    if (verbs.length === 0 && own.length === 0) continue;
    const cls = classes.filter((c) => c.at < m.index).at(-1);
    const controller = cls ? cls.name.replace(/Controller$/, '') : '';
    const action = m[2]!;
    const fill = (t: string): string => t.replace(/\[controller\]/gi, controller).replace(/\[action\]/gi, action);
    const prefixes = cls && cls.prefixes.length > 0 ? cls.prefixes : [''];
    // An action's [Route] templates combine with each verb attribute that has none of its own.
    const pairs: Array<{ method: string; template: string | null }> = [];
    for (const v of verbs.length > 0 ? verbs : [{ method: 'ANY', template: '' }]) {
      if (v.template !== '' || own.length === 0) pairs.push(v);
      else for (const t of own) pairs.push({ method: v.method, template: t });
    }
    // The line of the first verb attribute (else the action's [Route]).
    const line = lineAt(
      code,
      m.index + (/\bHttp(?:Get|Post|Put|Patch|Delete|Head|Options)\b/.exec(attrs)?.index ?? /\bRoute\b/.exec(attrs)?.index ?? 0),
    );
    const typed = aspnetTyped(code, `${s.rel}:${lineAt(code, m.index + attrs.length)}`, m.index, m[0], attrs);
    for (const p of pairs) {
      for (const prefix of prefixes) {
        const resolved = p.template !== null && prefix !== null;
        const t = p.template ?? '';
        const full = /^~?\//.test(t) ? joinPath(fill(t.replace(/^~/, ''))) : joinPath(fill(prefix ?? ''), fill(t));
        routes.push({
          method: p.method,
          path: full,
          framework: 'aspnet',
          file: s.rel,
          line,
          handler: action,
          resolved,
          ...(resolved ? {} : { unresolvedPrefix: `${s.rel}:${line} ${attrs.trim()}` }),
          ...(typed ? { typed: typed(p.method, full) } : {}),
        });
      }
    }
  }
  // Minimal APIs, on the app or on a route group variable (`var api = app.MapGroup("/api");`).
  const groups = new Map<string, string | null>();
  for (const m of code.matchAll(
    new RegExp(String.raw`\b(?:var|RouteGroupBuilder)\s+(\w+)\s*=\s*(\w+)\.MapGroup\s*\(\s*${STRING}\s*\)`, 'g'),
  )) {
    const outer = groups.has(m[2]!) ? groups.get(m[2]!)! : '';
    const own = literal(m[3]!);
    groups.set(m[1]!, outer === null || own === null ? null : joinPath(outer, own));
  }
  for (const m of code.matchAll(new RegExp(String.raw`\b(\w+)\.Map(Get|Post|Put|Patch|Delete)\s*\(\s*${STRING}`, 'g'))) {
    if (inSpan(spans, m.index)) continue;
    const own = literal(m[3]!);
    const group = groups.has(m[1]!) ? groups.get(m[1]!)! : '';
    if (own === null) continue;
    const method = m[2]!.toUpperCase();
    const path = group === null ? joinPath(own) : joinPath(group, own);
    // The handler: what follows the path argument up to the call's closing parenthesis; then the call's chain (`.Produces<T>(201)`).
    const open = m.index + m[0].lastIndexOf('(', m[0].length - m[3]!.length);
    const close = closing(code, open);
    const rest = code.slice(m.index + m[0].length, close - 1).replace(/^\s*,/, '');
    let end = close;
    for (
      let next = /^\s*\.\s*\w+\s*(?:<[^>;]*>)?\s*\(/.exec(code.slice(end));
      next;
      next = /^\s*\.\s*\w+\s*(?:<[^>;]*>)?\s*\(/.exec(code.slice(end))
    )
      end = closing(code, end + next[0].length - 1);
    const handler = /^\s*([A-Za-z_][\w.]*)\s*$/.exec(rest)?.[1];
    const typed = minimalTyped(code, `${s.rel}:${lineAt(code, m.index)}`, rest, code.slice(close, end));
    routes.push({
      method,
      path,
      framework: 'aspnet',
      file: s.rel,
      line: lineAt(code, m.index),
      ...(handler ? { handler } : {}),
      resolved: group !== null,
      ...(group === null ? { unresolvedPrefix: `${s.rel}:${lineAt(code, m.index)} ${m[1]}` } : {}),
      ...(typed ? { typed: typed(method, path) } : {}),
    });
  }
  return { routes, mounts: [] };
}
