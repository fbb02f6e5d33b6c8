import { perFile } from './cache.ts';
import type { ImportEdge, SourceFile } from './imports.ts';
import type { Route } from './routes.ts';
import { closing, codeOf, inSpan, lineAt, literal, splitArgs, stringSpans } from './source.ts';
import { httpClientSpans, importedNames } from './routes.ts';

/**
 * Code that looks like a route registration the route reader did not turn into a route
 * (docs/docgen-arch-api.md §Possible routes not understood): listed with its `path:line` on the
 * HTTP API page and in openapi.json (`x-possible-routes-not-understood`), never read into a route.
 */
export interface RouteNotice {
  file: string;
  line: number;
  /** the call or decorator as written, on one line, up to 120 characters */
  text: string;
  /** why it is listed: `no route read from it`, `no route under its prefix`, `prefix not read` */
  why: string;
}

/** A registration-like call or decorator of one file, before the routes read are compared with it. */
interface Candidate {
  line: number;
  /** the last line of the call (a call written over several lines) */
  endLine: number;
  text: string;
  /** `declare`: it declares routes itself (a route is read at its lines); `mount`: it gives routes a prefix; `class`: a class-level path (Spring / Nest / JAX-RS) */
  kind: 'declare' | 'mount' | 'class' | 'either';
  /** the path literals it gives (a mount's prefixes) */
  paths: string[];
  /** the object called (`app`, `router`), when it is a call */
  receiver?: string;
  /** a mount whose prefix is not a literal */
  nonLiteral: boolean;
  /** Django `include('pkg.urls')` / `include(pkg.urls)`: the module included (a library's when no file of the repository is it) */
  module?: string;
}

const JS = new Set(['JavaScript', 'TypeScript', 'TSX']);
const CLIENT_FACTORY = /\b(?:axios|ky|got|superagent)\.(?:create|extend)\s*\(/;
const STR = String.raw`(?:"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|` + '`[^`$\\n]*`)';
/** A literal that is a URL path (or the empty path of a decorator / verb): `/x`, `/users/:id`, `''`. */
const PATH_LIKE = /^(?:\/[\w\-.~:{}<>*/[\]$@+=,;()|^?]*|)$/;
/** Receivers whose `.get('/x')` is an HTTP client's request, a map's lookup or a response, not a route. */
const NOT_ROUTERS =
  /^(?:axios|ky|got|superagent|request|https?|fetch|\$http|httpClient|HttpClient|apiClient|client|supertest|agent|chai|res|response|req|ctx\.request|ctx\.response|reply|cache|map|params|headers|searchParams|query|localStorage|sessionStorage|store|cookies|config|settings|os|path|fs|url|session|redis|db|Object|Reflect|cy|page|browser|window|document|location|history|navigator|\$|jQuery|this\.http|this\.\$http|this\.\$axios|this\.axios|this\.client|api\.client)$/;
/** Mounted things that are no API routes: static files, API explorers, body parsers. */
const MIDDLEWARE =
  /\b(?:static|serveStatic|serve-static|koaStatic|sendFile|swagger\w*|redoc\w*|favicon|cors|json|urlencoded|bodyParser|helmet|morgan|compression|cookieParser|csrf|rateLimit\w*|limiter|express\.raw|express\.text|history)\b/i;

const oneLine = (s: string): string => {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > 120 ? `${t.slice(0, 117)}…` : t;
};

/** The argument list of the call whose `(` is at `open`, its text and the offset after `)`. */
function argsAt(code: string, open: number): { args: string[]; end: number } {
  const end = closing(code, open);
  return { args: splitArgs(code.slice(open + 1, Math.max(open + 1, end - 1))), end };
}

const lit = (arg: string | undefined): string | null => {
  const a = arg?.trim();
  // A Python f-string with a substitution is an expression, not a literal.
  if (!a || !/^[rbuf]*["'`]/i.test(a) || (/^[rb]*f/i.test(a) && a.includes('{'))) return null;
  return literal(a.replace(/^[rbuf]+(?=["'])/i, ''));
};

/** Every candidate of one file (cached by its text). */
function candidatesOf(s: SourceFile): Candidate[] {
  return perFile(s.text, `unread-routes\0${s.rel}\0${s.language}`, () => scan(s));
}

function scan(s: SourceFile): Candidate[] {
  const code = codeOf(s);
  // A registration written inside a string (an example in a docstring, a snippet in a message) is none.
  const spans = stringSpans(s);
  const clients = s.language === 'Java' || s.language === 'Kotlin' ? httpClientSpans(code) : [];
  const out: Candidate[] = [];
  /** offsets already taken: a call matched by a specific rule and by the general one is one candidate */
  const seen = new Set<number>();
  let receiver: string | undefined;
  const push = (at: number, end: number, kind: Candidate['kind'], paths: string[], nonLiteral = false, upTo = end): void => {
    const line = lineAt(code, at);
    if (inSpan(spans, at) || inSpan(clients, at) || seen.has(at)) return;
    seen.add(at);
    out.push({
      line,
      endLine: lineAt(code, Math.max(at, upTo - 1)),
      text: oneLine(code.slice(at, end)),
      kind,
      paths,
      nonLiteral,
      ...(receiver ? { receiver } : {}),
    });
  };
  /** A decorator's or annotation's reach: up to the declaration it decorates (its `def` / its body's `{`), at most 15 lines on. */
  const reach = (end: number, re: RegExp): number => {
    const rest = code.slice(end);
    const m = re.exec(rest);
    const limit = rest.split('\n').slice(0, 15).join('\n').length;
    return end + (m && m.index < limit ? m.index + 1 : 0);
  };
  /** `recv.method(` calls: kind from the method, paths from the arguments. */
  const calls = (
    re: RegExp,
    classify: (recv: string, method: string, args: string[], at: number) => Candidate['kind'] | 'mount-args' | 'mount-expr' | null,
  ): void => {
    for (const m of code.matchAll(re)) {
      const recv = m[1] ?? '';
      const method = m[2]!;
      const open = m.index + m[0].length - 1;
      const { args, end } = argsAt(code, open);
      const kind = classify(recv, method, args, m.index);
      if (!kind) continue;
      receiver = recv || undefined;
      const at = m.index + (m[0].length - m[0].trimStart().length);
      if (kind === 'mount-expr') push(at, end, 'mount', [], true);
      else if (kind === 'mount-args') {
        // A mount: its path literals (positional or `prefix=` / `url_prefix=` / `path=` / `prefix:`), or its non-literal prefix.
        const paths: string[] = [];
        let nonLiteral = false;
        for (const a of args) {
          const kw = /^\s*(?:url_prefix|prefix|path|basePath)\s*[=:]\s*([\s\S]+)$/.exec(a);
          const v = kw ? kw[1]! : a;
          const l = lit(v);
          if (l !== null && PATH_LIKE.test(l.startsWith('/') || l === '' ? l : `/${l}`) && (kw || l.startsWith('/'))) paths.push(l);
          else if (kw) nonLiteral = true;
          for (const p of v.matchAll(new RegExp(String.raw`\bpath\s*:\s*(${STR})`, 'g'))) {
            const l2 = literal(p[1]!);
            if (l2 !== null) paths.push(l2);
          }
        }
        if (paths.length === 0 && !nonLiteral) continue;
        push(at, end, 'mount', paths, nonLiteral);
      } else push(at, end, kind, []);
      receiver = undefined;
    }
  };
  const pathArg = (args: string[], i = 0): boolean => {
    const l = lit(args[i]);
    return l !== null && l.startsWith('/') && PATH_LIKE.test(l);
  };
  /** A verb's path: a path literal, the empty path of a group's own route, or a path joined to a base (`options.BaseURL+"/users"`). */
  const verbPath = (args: string[], i = 0): boolean =>
    pathArg(args, i) || lit(args[i]) === '' || /^\s*[\w$.]+\s*\+\s*["'`]\//.test(args[i] ?? '');
  const lastName = (recv: string): string => recv.replace(/^.*\.(?=[\w$]+$)/, '');
  /** A path given by a setting's member (`env.graphql.route`, `config.api.prefix`): an expression the reader may not know. */
  const namedPath = (arg: string | undefined): boolean =>
    /^\s*[\w$]+(?:\.[\w$]+)+\s*$/.test(arg ?? '') && /(?:route|path|prefix|url|uri|endpoint)\s*$/i.test(arg ?? '');

  if (JS.has(s.language)) {
    calls(
      /(?<![\w$])([\w$]+(?:\.[\w$]+)*)\s*\.\s*(get|post|put|patch|delete|del|head|options|all|route|add)\s*\(/g,
      (recv, method, args) => {
        if (NOT_ROUTERS.test(recv) || NOT_ROUTERS.test(lastName(recv))) return null;
        if (namedPath(args[0]) && args.length > 1 && method !== 'route') return 'declare';
        if (!pathArg(args) && !(lit(args[0]) === '' && args.length > 1)) return null;
        // Hono's `app.route('/p', sub)`: a mount; Express's `router.route('/p')`: a route chain.
        if (method === 'route' && args.length > 1) return 'mount-args';
        if (method === 'add' && args.length < 2) return null;
        return 'declare';
      },
    );
    calls(/(?<![\w$])([\w$]+(?:\.[\w$]+)*)\s*\.\s*(use|register|mount|basePath|group|prefix|forRoutes)\s*\(/g, (recv, method, args) => {
      if (NOT_ROUTERS.test(recv) || NOT_ROUTERS.test(lastName(recv))) return null;
      if (args.slice(1).some((a) => MIDDLEWARE.test(a)) || (args.length === 1 && MIDDLEWARE.test(args[0]!))) return null;
      // `app.use(env.graphql.route, handler)`: a path from a setting — read (cited at the call) or listed.
      if (method === 'use' && namedPath(args[0]) && args.length > 1) return 'mount-expr';
      if (method === 'use' && !pathArg(args)) return null;
      if (method === 'register' && !/\bprefix\s*:|\bpath\s*:/.test(args.join(','))) return null;
      return 'mount-args';
    });
    for (const m of code.matchAll(/@(Get|Post|Put|Patch|Delete|Head|Options|All|Controller|JsonController|Route|Path)\s*\(/g)) {
      const { end } = argsAt(code, m.index + m[0].length - 1);
      push(
        m.index,
        end,
        /Controller|Route|Path/.test(m[1]!) && classFollows(code, end) ? 'class' : 'declare',
        [],
        false,
        reach(end, /[{;]/),
      );
    }
  } else if (s.language === 'Python') {
    for (const m of code.matchAll(
      /^[ \t]*@(?:([\w.]+)\.(route|get|post|put|patch|delete|head|options|api_route|websocket|trace)|(route|re_path|path))\s*\(/gm,
    )) {
      const { end } = argsAt(code, m.index + m[0].length - 1);
      push(m.index, end, 'declare', [], false, reach(end, /\bdef\b/));
    }
    calls(
      /(?<![\w.])([\w.]+)\.(add_url_rule|add_api_route|add_route|add_resource|add_api_websocket_route|add_websocket_route|register)\s*\(/g,
      (recv, method, args) => {
        if (method === 'register' && (args.length < 2 || /admin|site|signal|atexit|template|filter|library|tag/i.test(recv))) return null;
        return 'declare';
      },
    );
    calls(/(?<![\w.])([\w.]+)\.(register_blueprint|include_router|mount|add_namespace)\s*\(/g, () => 'mount-args');
    if (/\burlpatterns\b/.test(code))
      for (const m of code.matchAll(/(?<![\w.])(?:path|re_path|url)\s*\(/g)) {
        const open = m.index + m[0].length - 1;
        const { args, end } = argsAt(code, open);
        const p = lit(args[0]);
        if (p === null && !/^\s*[\w.]+\s*$/.test(args[0] ?? '')) continue;
        // `admin.site.urls`: Django's admin, a library's routes.
        if (/^\s*admin\.site\.urls\s*$/.test(args[1] ?? '')) continue;
        const inc = /\binclude\s*\(\s*(?:["']([\w.]+)["']|([\w.]+)\s*[,)])/.exec(args[1] ?? '');
        if (/\binclude\s*\(/.test(args[1] ?? '')) {
          push(m.index, end, 'mount', p === null ? [] : [p], p === null);
          const module = inc?.[1] ?? inc?.[2];
          if (module && out.at(-1)?.line === lineAt(code, m.index)) out.at(-1)!.module = module;
        } else push(m.index, end, 'declare', []);
      }
  } else if (s.language === 'Java' || s.language === 'Kotlin') {
    for (const m of code.matchAll(/@(?:(Get|Post|Put|Delete|Patch|Request)Mapping|Path|GET|POST|PUT|DELETE|PATCH)\b(\s*\()?/g)) {
      const end = m[2] ? closing(code, m.index + m[0].length - 1) : m.index + m[0].length;
      push(m.index, end, classFollows(code, end) ? 'class' : 'declare', [], false, reach(end, /[{;=]/));
    }
    calls(/(?<![\w$])()(GET|POST|PUT|DELETE|PATCH|HEAD|OPTIONS|route|andRoute|add)\s*\(/g, (_recv, method, args) =>
      pathArg(args) ? (method === 'route' || method === 'andRoute' ? 'either' : 'declare') : null,
    );
    calls(/(?<![\w$])()(nest|path)\s*\(/g, (_recv, _m, args) => (pathArg(args) ? 'mount-args' : null));
  } else if (s.language === 'Go') {
    calls(
      /(?:(?<![\w.])([\w.]+)|(?<=\)))\.(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|Any|Match|Get|Post|Put|Patch|Delete|Head|Options|Connect|Trace|All|Handle|HandleFunc|Method|MethodFunc|Add)\s*\(/g,
      (recv, method, args) => {
        if (/^(?:http|c|ctx|r\.URL\.Query\(\)|q|query|header|w\.Header\(\)|os)$/.test(recv)) return null;
        const i = ['Method', 'MethodFunc', 'Add', 'Match'].includes(method) ? 1 : 0;
        return verbPath(args, i) || (i === 1 && pathArg(args, 0)) ? 'declare' : null;
      },
    );
    calls(/(?<![\w.])([\w.]+)\.(Group|Route|Mount|PathPrefix|Prefix)\s*\(/g, (_r, _m, args) => (pathArg(args) ? 'mount-args' : null));
  } else if (s.language === 'C#') {
    for (const m of code.matchAll(/\[\s*(?:Http(?:Get|Post|Put|Patch|Delete|Head|Options)|Route)\s*(\()?/g)) {
      const end = m[1] ? closing(code, m.index + m[0].length - 1) : m.index + m[0].length;
      push(m.index, end, classFollows(code, end) ? 'class' : 'declare', [], false, reach(end, /[{;]|=>/));
    }
    calls(/(?<![\w.])([\w.]+)\.(Map(?:Get|Post|Put|Patch|Delete|Methods)?|MapGroup)\s*\(/g, (_r, method, args) =>
      pathArg(args) ? (method === 'MapGroup' ? 'mount-args' : 'declare') : null,
    );
  }
  // Any other method of an object named as a router or an application, given a URL path literal
  // (`app.on('GET', '/x', h)`, `server.addRoute('/x', h)`): a registration form not known above.
  if (JS.has(s.language) || ['Python', 'Go', 'Java', 'Kotlin', 'C#'].includes(s.language))
    calls(new RegExp(String.raw`(?<![\w$.])(${ROUTERISH})\s*\.\s*([A-Za-z_]\w*)\s*\(`, 'g'), (_recv, method, args) => {
      if (NOT_ROUTE_METHODS.test(method) || args.slice(1).some((a) => MIDDLEWARE.test(a))) return null;
      return args.slice(0, 2).some((_, i) => pathArg(args, i)) ? 'either' : null;
    });
  return out.sort((a, b) => a.line - b.line);
}

/** Names of objects that are routers or applications. */
const ROUTERISH = String.raw`app|application|server|srv|router|routes|route|api|mux|bp|blueprint|ns|namespace|web|v\d+|[a-z]\w*(?:Router|Routes|App|Api|API|Mux|Blueprint|Server|Group)|(?:[a-z]\w*_)?(?:router|routes|app|api|blueprint|group)`;
/** Methods of such objects that are no registration (a redirect, a URL built, a setting, a test request). */
const NOT_ROUTE_METHODS =
  /^(?:redirect|url_for|url|reverse|render|send|sendFile|sendfile|json|set|enable|disable|locals|listen|close|emit|inject|request|fetch|test_client|test_request_context|join|resolve|static|use_static|Static|StaticFS|StaticFile|File|FileFromFS|ServeFiles|staticFiles|mount_static|engine|LoadHTMLGlob|LoadHTMLFiles|setGlobalPrefix|config|logger|log|info|debug|warn|error|getenv|headers?|param|query|cookie|setHeader|header|redirect_to|push|replace|navigate|navigateByUrl|go|open|load|loadURL|readFile|writeFile|exists|create|getUrl|url_path_for|add_middleware|middleware|exception_handler|errorhandler|register_error_handler)$/;

/** Whether a class / interface declaration follows (after other annotations or decorators) — the path is the class's. */
function classFollows(code: string, end: number): boolean {
  const rest = code.slice(end, end + 600);
  return /^(?:\s*(?:@[\w.]+(?:\s*\((?:[^()]|\([^()]*\))*\))?|\[[^\]]*\]))*\s*(?:(?:public|private|protected|internal|abstract|final|open|sealed|partial|static|export|default|data)\s+)*(?:class|interface|object)\b/.test(
    rest,
  );
}

/** `/users/:id/` → `/users/{}`: parameters of every style alike, no trailing slash. */
const normal = (p: string): string =>
  `/${p
    .split('/')
    .filter(Boolean)
    .map((seg) => (/^[:*]|^\{.*\}$|^<.*>$|^\(.*\)$/.test(seg) ? '{}' : seg.replace(/^\^|\$$/g, '')))
    .join('/')}`;

/**
 * The registration-like code of the given files that produced no route: a declaration with no route
 * read at its lines, a mount none of whose prefixes starts a route read, a mount whose prefix is an
 * expression in a file nothing was read from. Example programs' and tests' files are left to the caller.
 */
export function unreadRegistrations(
  sources: readonly SourceFile[],
  routes: readonly Route[],
  routeFiles: readonly string[],
  imports: readonly ImportEdge[] = [],
): RouteNotice[] {
  // HTTP clients: what a module making one (`export default ky.create({ prefixUrl })`) exports, imported
  // elsewhere, and a client made in the file itself — their `.get('/x')` is a request, not a route.
  const clientModules = new Set(sources.filter((x) => JS.has(x.language) && CLIENT_FACTORY.test(codeOf(x))).map((x) => x.rel));
  const clientsOf = (x: SourceFile): Set<string> => {
    const code = codeOf(x);
    const names = imports
      .filter((e) => e.from === x.rel && e.to !== null && clientModules.has(e.to))
      .flatMap((e) => importedNames(code, e.line));
    for (const m of code.matchAll(/\b([\w$]+)\s*=\s*(?:await\s+)?(?:axios|ky|got|superagent)\.(?:create|extend)\s*\(/g)) names.push(m[1]!);
    return new Set(names);
  };
  const linesOf = new Map<string, number[]>();
  for (const r of routes) (linesOf.get(r.file) ?? linesOf.set(r.file, []).get(r.file)!).push(r.line);
  const cited = new Set(routes.flatMap((r) => [r.unresolvedPrefix, r.prefixDefault]).map((x) => x?.split(' ')[0]));
  const read = new Set(routeFiles);
  const paths = [...new Set(routes.map((r) => `${normal(r.path)}/`))];
  const out: RouteNotice[] = [];
  // A module of the repository: `pkg/urls.py`, `pkg/urls/__init__.py`, under any source root.
  const pyModules = sources.filter((s) => s.language === 'Python').map((s) => `/${s.rel.replace(/(?:\/__init__)?\.py$/, '')}`);
  const inRepository = (module: string): boolean => {
    const tail = `/${module.replace(/\./g, '/')}`;
    return pyModules.some((m) => m.endsWith(tail));
  };
  for (const s of sources) {
    const lines = linesOf.get(s.rel) ?? [];
    const clients = JS.has(s.language) ? clientsOf(s) : new Set<string>();
    for (const c of candidatesOf(s)) {
      if (c.receiver && clients.has(c.receiver.split('.')[0]!)) continue;
      // A library's URLconf (`include('allauth.urls')`): its routes are the library's, not read from this repository.
      if (c.module && !inRepository(c.module)) continue;
      const at = (lo: number, hi: number): boolean => lines.some((l) => l >= lo && l <= hi);
      const declared = at(c.line, c.endLine);
      const under = (p: string): boolean => {
        const n = normal(p);
        return n === '/' ? routes.length > 0 : paths.some((x) => x.includes(`${n}/`));
      };
      let why: string | null = null;
      if (c.kind === 'declare')
        why = declared || at(c.line, c.endLine + 2) || cited.has(`${s.rel}:${c.line}`) ? null : 'no route read from it';
      else if (c.kind === 'class') why = lines.length > 0 ? null : 'no route read from its class';
      else if (c.kind === 'either') why = declared || (c.paths.length > 0 && c.paths.every(under)) ? null : 'no route read from it';
      else if (c.paths.length > 0) why = declared || c.paths.every(under) ? null : 'no route under its prefix';
      else if (c.nonLiteral) why = read.has(s.rel) || cited.has(`${s.rel}:${c.line}`) ? null : 'its prefix not read';
      if (why) out.push({ file: s.rel, line: c.line, text: c.text, why });
    }
  }
  return out;
}
