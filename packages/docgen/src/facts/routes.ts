import path from 'node:path/posix';
import type { ImportEdge, SourceFile } from './imports.ts';
import { codeOf, lineAt, literal } from './source.ts';
import { perFile } from './cache.ts';

/**
 * HTTP routes read statically from the code (issue 12, item 1): Express, Koa, Fastify, NestJS,
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
}

const HTTP = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'all'];
const STRING = String.raw`("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|` + '`[^`$]*`)';

/** A path joined from a prefix and a route's own path, with exactly one '/' between parts. */
export function joinPath(...parts: string[]): string {
  const joined = parts
    .map((p) => p.trim())
    .filter((p) => p !== '' && p !== '/')
    .map((p) => p.replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/');
  return `/${joined}`;
}

interface Mount {
  /** file whose routes get the prefix */
  target: string;
  /** the mounting file */
  from: string;
  prefix: string | null;
}

interface FileRoutes {
  routes: Route[];
  /** prefixes this file gives other files' routers */
  mounts: Mount[];
}

export function extractRoutes(sources: readonly SourceFile[], imports: readonly ImportEdge[]): Route[] {
  return routesAndFiles(sources, imports).routes;
}

/** The routes and every file they were read from: files declaring a route or mounting a router (the HTTP pages' sources). */
export function routesAndFiles(sources: readonly SourceFile[], imports: readonly ImportEdge[]): { routes: Route[]; files: string[] } {
  const byFile = new Map<string, ImportEdge[]>();
  for (const e of imports) (byFile.get(e.from) ?? byFile.set(e.from, []).get(e.from)!).push(e);
  const found = new Map<string, FileRoutes>();
  for (const s of sources) {
    const code = codeOf(s);
    const edges = byFile.get(s.rel) ?? [];
    const routes = perFile(s.text, `routes\0${s.rel}\0${s.language}\0${JSON.stringify(edges)}`, () => routesOf(s, code, edges));
    if (routes.routes.length > 0 || routes.mounts.length > 0) found.set(s.rel, routes);
  }
  // Prefixes given by mounts, followed up the chain (a router mounted in a router mounted in the app).
  const mountsOf = new Map<string, Mount[]>();
  for (const f of found.values()) for (const m of f.mounts) mountsOf.set(m.target, [...(mountsOf.get(m.target) ?? []), m]);
  const prefixes = (file: string, seen: Set<string>): Array<string | null> => {
    const mounts = mountsOf.get(file);
    if (!mounts || seen.has(file)) return [''];
    seen.add(file);
    const out: Array<string | null> = [];
    for (const m of mounts) for (const outer of prefixes(m.from, seen)) out.push(outer === null || m.prefix === null ? null : joinPath(outer, m.prefix));
    seen.delete(file);
    return out;
  };
  const routes: Route[] = [];
  for (const [file, f] of found) {
    const outer = prefixes(file, new Set());
    for (const r of f.routes) {
      for (const p of outer) routes.push(p === null ? { ...r, resolved: false } : { ...r, path: p === '' ? r.path : joinPath(p, r.path) });
    }
  }
  routes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.method < b.method ? -1 : a.method > b.method ? 1 : a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
  return { routes, files: [...found.keys()].sort() };
}

function routesOf(s: SourceFile, code: string, imports: readonly ImportEdge[]): FileRoutes {
  switch (s.language) {
    case 'JavaScript':
    case 'TypeScript':
    case 'TSX':
      return /@(?:Controller|Get|Post|Put|Patch|Delete)\s*\(/.test(code) ? nest(s, code) : jsRouters(s, code, imports);
    case 'Python':
      return python(s, code, imports);
    case 'Go':
      return goRouters(s, code);
    case 'Java':
    case 'Kotlin':
      return spring(s, code);
    case 'C#':
      return aspnet(s, code);
    default:
      return { routes: [], mounts: [] };
  }
}

/** Express, Koa-router, Fastify: `x.get('/p', h)`, `x.route('/p').get(h)`, `fastify.route({method, url})`, mounts `x.use('/p', r)` / `register(r, {prefix})`. */
function jsRouters(s: SourceFile, code: string, imports: readonly ImportEdge[]): FileRoutes {
  const framework = /\bfastify\b/i.test(code) ? 'fastify' : /\bkoa-router\b|@koa\/router|\bnew Router\(/.test(code) ? 'koa' : 'express';
  const routes: Route[] = [];
  const mounts: Mount[] = [];
  // Prefixes of routers created in this file: new Router({prefix: '/x'}) (Koa).
  const local = new Map<string, string | null>();
  for (const m of code.matchAll(new RegExp(String.raw`\b(?:const|let|var)\s+(\w+)\s*=\s*new\s+Router\s*\(\s*\{[^}]*\bprefix\s*:\s*${STRING}`, 'g'))) local.set(m[1]!, literal(m[2]!));
  const call = new RegExp(String.raw`\b(\w+)\.(${HTTP.join('|')})\s*\(\s*${STRING}\s*(?:,\s*(?:[\w.]+\s*,\s*)*(\w+)\s*\))?`, 'g');
  for (const m of code.matchAll(call)) {
    const value = literal(m[3]!);
    if (value === null || !value.startsWith('/') && value !== '*') continue;
    const prefix = local.has(m[1]!) ? local.get(m[1]!)! : '';
    routes.push({ method: m[2]!.toUpperCase() === 'ALL' ? 'ANY' : m[2]!.toUpperCase(), path: prefix === null ? value : joinPath(prefix, value), framework, file: s.rel, line: lineAt(code, m.index), ...(m[4] ? { handler: m[4] } : {}), resolved: prefix !== null });
  }
  for (const m of code.matchAll(new RegExp(String.raw`\.route\s*\(\s*${STRING}\s*\)((?:\s*\.\s*(?:${HTTP.join('|')})\s*\([^)]*\))+)`, 'g'))) {
    const value = literal(m[1]!);
    if (value === null) continue;
    for (const verb of m[2]!.matchAll(new RegExp(String.raw`\.\s*(${HTTP.join('|')})\s*\(`, 'g'))) {
      routes.push({ method: verb[1]!.toUpperCase() === 'ALL' ? 'ANY' : verb[1]!.toUpperCase(), path: value, framework, file: s.rel, line: lineAt(code, m.index), resolved: true });
    }
  }
  for (const m of code.matchAll(/\.route\s*\(\s*\{([^{}]*)\}/g)) {
    const method = /\bmethod\s*:\s*(?:\[\s*)?(["'])(\w+)\1/.exec(m[1]!)?.[2];
    const url = new RegExp(String.raw`\b(?:url|path)\s*:\s*${STRING}`).exec(m[1]!)?.[1];
    const value = url ? literal(url) : null;
    if (method && value) routes.push({ method: method.toUpperCase(), path: value, framework, file: s.rel, line: lineAt(code, m.index), resolved: true });
  }
  // Mounts: x.use('/p', name | require('./f')) and fastify.register(name | import('./f'), { prefix: '/p' }).
  const target = (expr: string): string | null => {
    const req = /(?:require|import)\s*\(\s*(["'])([^"']+)\1\s*\)/.exec(expr);
    if (req) return imports.find((e) => e.spec === req[2] && e.kind === 'internal')?.to ?? null;
    const name = /^\s*([\w$]+)/.exec(expr)?.[1];
    if (!name) return null;
    // The identifier's import: `import name from './f'` / `const name = require('./f')` on its line.
    const bind = new RegExp(String.raw`(?:import\s+(?:\{[^}]*\b${name}\b[^}]*\}|${name})[^;\n]*from\s*(["'])([^"']+)\1|\b${name}\s*=\s*require\s*\(\s*(["'])([^"']+)\3\s*\))`).exec(code);
    const spec = bind?.[2] ?? bind?.[4];
    return spec ? (imports.find((e) => e.spec === spec && e.kind === 'internal')?.to ?? null) : null;
  };
  for (const m of code.matchAll(new RegExp(String.raw`\.use\s*\(\s*${STRING}\s*,\s*([^)]*\)?)`, 'g'))) {
    const to = target(m[2]!);
    if (to) mounts.push({ target: to, from: s.rel, prefix: literal(m[1]!) });
  }
  // Routers mounted without a path — `app.use(routes)`, `Router().use(a).use(b)` — take the prefix
  // their local router is mounted at in this file (`Router().use('/api', api)`), else none.
  const localPrefix = new Map<string, string | null>();
  for (const m of code.matchAll(new RegExp(String.raw`\.use\s*\(\s*${STRING}\s*,\s*([\w$]+)\s*\)`, 'g'))) {
    if (target(m[2]!) === null && new RegExp(String.raw`\b(?:const|let|var)\s+${m[2]!.replace(/\$/g, '\\$')}\s*=`).test(code)) localPrefix.set(m[2]!, literal(m[1]!));
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
  for (const m of code.matchAll(new RegExp(String.raw`\.register\s*\(\s*([^,]+?)\s*,\s*\{[^}]*\bprefix\s*:\s*${STRING}`, 'g'))) {
    const to = target(m[1]!);
    if (to) mounts.push({ target: to, from: s.rel, prefix: literal(m[2]!) });
  }
  return { routes, mounts };
}

/** NestJS: `@Controller('users')` on the class, `@Get(':id')` on the methods. */
function nest(s: SourceFile, code: string): FileRoutes {
  const routes: Route[] = [];
  const controllers = [...code.matchAll(new RegExp(String.raw`@Controller\s*\(\s*(?:${STRING}|\{[^}]*\bpath\s*:\s*${STRING}[^}]*\})?\s*\)`, 'g'))];
  for (const m of code.matchAll(new RegExp(String.raw`@(Get|Post|Put|Patch|Delete|Head|Options|All)\s*\(\s*(?:${STRING})?\s*\)\s*(?:@\w+\([^)]*\)\s*)*(?:(?:public|private|protected|async|static)\s+)*(\w+)\s*\(`, 'g'))) {
    const controller = controllers.filter((c) => c.index < m.index).at(-1);
    const base = controller ? (controller[1] ?? controller[2]) : undefined;
    const prefix = base ? literal(base) : '';
    const own = m[2] ? literal(m[2]) : '';
    routes.push({ method: m[1]!.toUpperCase() === 'ALL' ? 'ANY' : m[1]!.toUpperCase(), path: joinPath(prefix ?? '', own ?? ''), framework: 'nestjs', file: s.rel, line: lineAt(code, m.index), handler: m[3]!, resolved: prefix !== null && own !== null });
  }
  return { routes, mounts: [] };
}

/** Flask, FastAPI and Django. */
function python(s: SourceFile, code: string, imports: readonly ImportEdge[]): FileRoutes {
  const routes: Route[] = [];
  const mounts: Mount[] = [];
  const fastapi = /\bfastapi\b/.test(code) || /\bAPIRouter\s*\(/.test(code);
  // Router objects with their own prefix: Blueprint(..., url_prefix='/x'), APIRouter(prefix='/x').
  const local = new Map<string, string | null>();
  for (const m of code.matchAll(/^[ \t]*(\w+)[ \t]*=[ \t]*(?:\w+\.)?(Blueprint|APIRouter)\s*\(([^)]*)\)/gm)) {
    const p = new RegExp(String.raw`\b(?:url_prefix|prefix)\s*=\s*${STRING}`).exec(m[3]!);
    local.set(m[1]!, p ? literal(p[1]!) : '');
  }
  const decorator = new RegExp(String.raw`^[ \t]*@(\w+)\.(route|get|post|put|patch|delete|head|options|api_route|websocket)\s*\(\s*${STRING}([^\n]*)\n(?:[ \t]*@[^\n]*\n)*[ \t]*(?:async[ \t]+)?def[ \t]+(\w+)`, 'gm');
  for (const m of code.matchAll(decorator)) {
    const own = literal(m[3]!);
    if (own === null) continue;
    const prefix = local.has(m[1]!) ? local.get(m[1]!)! : '';
    let methods = [m[2]!.toUpperCase()];
    if (m[2] === 'route' || m[2] === 'api_route') {
      const list = /methods\s*=\s*[[(]([^\])]*)[\])]/.exec(m[4]!)?.[1];
      methods = list ? [...list.matchAll(/["'](\w+)["']/g)].map((x) => x[1]!.toUpperCase()) : ['GET'];
    }
    for (const method of methods) {
      routes.push({ method, path: prefix === null ? own : joinPath(prefix, own), framework: fastapi ? 'fastapi' : 'flask', file: s.rel, line: lineAt(code, m.index), handler: m[5]!, resolved: prefix !== null });
    }
  }
  // Mounts: app.include_router(mod.router, prefix='/x'), app.register_blueprint(bp, url_prefix='/x').
  const moduleFile = (name: string): string | null => {
    // `from .routers import items` → the edge whose names included it resolved to routers/items.py.
    const edge = imports.find((e) => e.kind === 'internal' && e.to && (path.basename(e.to, '.py') === name || path.basename(path.dirname(e.to)) === name));
    if (edge?.to) return edge.to;
    const from = new RegExp(String.raw`^[ \t]*from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+[^\n]*\b${name}\b`, 'm').exec(code);
    return from ? (imports.find((e) => e.spec === from[1] && e.kind === 'internal')?.to ?? null) : null;
  };
  for (const m of code.matchAll(new RegExp(String.raw`\.(include_router|register_blueprint)\s*\(\s*([\w.]+)\s*(?:,([^)]*))?\)`, 'g'))) {
    const p = m[3] ? new RegExp(String.raw`\b(?:prefix|url_prefix)\s*=\s*${STRING}`).exec(m[3]) : null;
    const root = m[2]!.split('.')[0]!;
    const to = moduleFile(root);
    if (to && to !== s.rel) mounts.push({ target: to, from: s.rel, prefix: p ? literal(p[1]!) : '' });
  }
  // Django urls.py: path('x/', view), re_path(r'^x$', view), Django 1.x/2.x url(r'^x/$', view), include('app.urls').
  if (/\burlpatterns\b/.test(code)) {
    for (const m of code.matchAll(new RegExp(String.raw`(?<![.\w])(path|re_path|url)\s*\(\s*r?${STRING}\s*,\s*([^,)]+(?:\([^)]*\))?)`, 'g'))) {
      const written = literal(m[2]!);
      if (written === null) continue;
      // path() routes are written as they are served; re_path()/url() ones are regular expressions.
      const route = m[1] === 'path' ? written : djangoRegexPath(written);
      const target = m[3]!.trim();
      const include = /^include\s*\(\s*(["'])([\w.]+)\1/.exec(target);
      if (include) {
        // The included module's file (a module that is not in the repository simply matches no file).
        mounts.push({ target: `${include[2]!.replace(/\./g, '/')}.py`, from: s.rel, prefix: route });
        continue;
      }
      // A view by reference (views.index, View.as_view()) or, in Django 1.x, by its dotted name as a string.
      const handler = literal(target) ?? /^([\w.]+)$/.exec(target.replace(/\.as_view\(\)?$/, ''))?.[1];
      routes.push({ method: 'ANY', path: joinPath(route), framework: 'django', file: s.rel, line: lineAt(code, m.index), ...(handler ? { handler } : {}), resolved: true });
    }
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

/** Gin and Echo: `r.GET("/p", h)`, groups `v1 := r.Group("/v1")`. */
function goRouters(s: SourceFile, code: string): FileRoutes {
  const framework = /labstack\/echo/.test(code) ? 'echo' : 'gin';
  const groups = new Map<string, { parent: string; prefix: string | null }>();
  // Any first argument: a prefix that is not a string literal is unknown (null), not empty.
  for (const m of code.matchAll(/(\w+)\s*:?=\s*(\w+)\.Group\s*\(\s*([^,)]*)/g)) groups.set(m[1]!, { parent: m[2]!, prefix: literal(m[3]!.trim()) });
  const prefixOf = (name: string, depth = 0): string | null => {
    const g = groups.get(name);
    if (!g || depth > 16) return '';
    const outer = prefixOf(g.parent, depth + 1);
    return outer === null || g.prefix === null ? null : joinPath(outer, g.prefix);
  };
  const routes: Route[] = [];
  for (const m of code.matchAll(new RegExp(String.raw`\b(\w+)\.(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|Any)\s*\(\s*${STRING}\s*(?:,\s*(?:[\w.]+\s*,\s*)*([\w.]+)\s*\))?`, 'g'))) {
    const own = literal(m[3]!);
    if (own === null) continue;
    const prefix = prefixOf(m[1]!);
    routes.push({ method: m[2] === 'Any' ? 'ANY' : m[2]!, path: prefix === null ? own : joinPath(prefix, own), framework, file: s.rel, line: lineAt(code, m.index), ...(m[4] ? { handler: m[4] } : {}), resolved: prefix !== null });
  }
  return { routes, mounts: [] };
}

/** Spring: class-level `@RequestMapping("/api")`, method-level `@GetMapping("/x")` / `@RequestMapping(value = "/x", method = RequestMethod.GET)`. */
function spring(s: SourceFile, code: string): FileRoutes {
  const routes: Route[] = [];
  const mappingPath = (args: string): string | null => {
    const p = new RegExp(String.raw`^\s*${STRING}|\b(?:value|path)\s*=\s*\{?\s*${STRING}`).exec(args);
    if (!p) return args.trim() === '' ? '' : null;
    return literal(p[1] ?? p[2]!);
  };
  const classes = [...code.matchAll(/@RequestMapping\s*\(([^)]*)\)\s*(?:@\w+(?:\([^)]*\))?\s*)*(?:public\s+|abstract\s+|final\s+|open\s+)*(?:class|interface)\s+\w+/g)];
  const methodRe = /@(Get|Post|Put|Patch|Delete|Request)Mapping\s*(?:\(([^)]*)\))?\s*(?:@\w+(?:\([^)]*\))?\s*)*(?:(?:public|private|protected|static|final|suspend|fun|override)\s+)*(?:[\w<>[\],.? ]+\s+)?(\w+)\s*\(/g;
  for (const m of code.matchAll(methodRe)) {
    if (classes.some((c) => c.index === m.index)) continue;
    const cls = classes.filter((c) => c.index < m.index).at(-1);
    const prefix = cls ? mappingPath(cls[1]!) : '';
    const own = mappingPath(m[2] ?? '');
    let method = m[1]!.toUpperCase();
    if (method === 'REQUEST') method = /RequestMethod\.(\w+)/.exec(m[2] ?? '')?.[1] ?? 'ANY';
    routes.push({ method, path: joinPath(prefix ?? '', own ?? ''), framework: 'spring', file: s.rel, line: lineAt(code, m.index), handler: m[3]!, resolved: prefix !== null && own !== null });
  }
  return { routes, mounts: [] };
}

/** ASP.NET Core: `[Route("api/[controller]")]` + `[HttpGet("{id}")]`, and minimal APIs `app.MapGet("/x", …)`. */
function aspnet(s: SourceFile, code: string): FileRoutes {
  const routes: Route[] = [];
  const classes = [...code.matchAll(new RegExp(String.raw`\[Route\s*\(\s*${STRING}\s*\)\][\s\S]*?\bclass\s+(\w+)`, 'g'))];
  for (const m of code.matchAll(new RegExp(String.raw`\[Http(Get|Post|Put|Patch|Delete|Head|Options)(?:\s*\(\s*${STRING}\s*\))?\][\s\S]*?\b(\w+)\s*\(`, 'g'))) {
    const cls = classes.filter((c) => c.index < m.index).at(-1);
    const controller = cls ? cls[2]!.replace(/Controller$/, '') : '';
    const prefix = cls ? (literal(cls[1]!) ?? '').replace(/\[controller\]/gi, controller) : '';
    const own = m[2] ? literal(m[2]) : '';
    routes.push({ method: m[1]!.toUpperCase(), path: joinPath(prefix, own ?? ''), framework: 'aspnet', file: s.rel, line: lineAt(code, m.index), handler: m[3]!, resolved: own !== null });
  }
  for (const m of code.matchAll(new RegExp(String.raw`\.Map(Get|Post|Put|Patch|Delete)\s*\(\s*${STRING}`, 'g'))) {
    const own = literal(m[2]!);
    if (own !== null) routes.push({ method: m[1]!.toUpperCase(), path: joinPath(own), framework: 'aspnet', file: s.rel, line: lineAt(code, m.index), resolved: true });
  }
  return { routes, mounts: [] };
}
