import { snippetz } from '@scalar/snippetz';
import YAML from 'yaml';
import type { Route, RouteNotice, SourceFile } from './facts/index.ts';
import { isExample } from './pages/overview.ts';

/**
 * The HTTP API as an OpenAPI 3.1 document (docs/docgen-arch-api.md §OpenAPI): one operation
 * per extracted route — path parameters from `:id`, `{id}` and `<id>`, the handler's name as
 * operationId, `x-source: path:L` — merged with the OpenAPI or Swagger files the repository
 * already has (their content wins where both describe an operation), with request samples in
 * curl, JavaScript (fetch), Python (requests) and Go (net/http) as `x-codeSamples`.
 */
export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; [k: string]: unknown };
  servers?: Array<{ url: string; [k: string]: unknown }>;
  paths: Record<string, Record<string, unknown>>;
  [k: string]: unknown;
};

type Operation = Record<string, unknown> & { parameters?: Array<Record<string, unknown>> };

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
/** What `ANY` (Express `all`, Flask without methods…) is documented as. */
const ANY = ['get', 'post', 'put', 'patch', 'delete'] as const;
/** The server the samples address when the repository's own description names none. */
export const SAMPLE_SERVER = 'http://localhost:3000';

/** A route path as an OpenAPI template and its parameter names: `:id`, `<int:id>`, `{id:int}`, `*` → `{id}` … */
export function openApiPath(routePath: string): { path: string; params: string[] } {
  const params: string[] = [];
  const add = (name: string): string => {
    let n = name.replace(/[^\w.-]/g, '') || 'param';
    while (params.includes(n)) n += '_';
    params.push(n);
    return `{${n}}`;
  };
  const segments = routePath.split('/').map((seg) => {
    if (seg === '*' || seg === '**') return add('wildcard');
    // One pass, so a template written by one style is not read again by another.
    return seg.replace(/:(\w+)[?+*]?|<(?:[\w.]+:)?(\w+)>|\{\*?(\w+)(?::[^}]*)?\??\}/g, (_, a?: string, b?: string, c?: string) =>
      add((a ?? b ?? c)!),
    );
  });
  const path = segments.join('/') || '/';
  return { path: path.startsWith('/') ? path : `/${path}`, params };
}

/** `/users/{id}` and `/users/{userId}` describe the same operation. */
const shape = (p: string): string => p.replace(/\{[^}]*\}/g, '{}').replace(/\/+$/, '') || '/';

function operationId(route: Route, method: string, path: string, used: Set<string>): string {
  const base =
    route.handler ??
    `${method}${path.replace(/\{(\w+)\}/g, 'By_$1').replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`;
  // One handler serving several methods: the later ones are told apart by their method.
  let id = used.has(base) && route.handler ? `${base}_${method}` : base;
  const first = id;
  for (let n = 2; used.has(id); n++) id = `${first}${n}`;
  used.add(id);
  return id;
}

/**
 * The document built from the routes alone. Routes whose paths differ only in their parameters'
 * names (`/users/{id}`, `/users/{userId}`) share the first one's path. Two routes with the same
 * method and path from different declarations are never merged: the first declared is the
 * operation, each other one is kept whole under the path item's `x-conflicts`
 * (`[{ method, operation }]`, docs/docgen-arch-api.md §Conflicting routes). The same declaration
 * reached twice (a router mounted twice at one prefix) is one operation.
 */
export function openApiFromRoutes(routes: readonly Route[], title: string): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const used = new Set<string>();
  const byShape = new Map<string, string>();
  for (const r of routes) {
    const own = openApiPath(r.path);
    const key = byShape.get(templateShape(own.path)) ?? own.path;
    byShape.set(templateShape(own.path), key);
    const params = key === own.path ? own.params : [...key.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
    const methods = r.method === 'ANY' ? ANY : METHODS.filter((m) => m === r.method.toLowerCase());
    for (const method of methods) {
      const item = (paths[key] ??= {});
      const existing = item[method] as Operation | undefined;
      const source = `${r.file}:${r.line}`;
      const conflicts = (item['x-conflicts'] ?? []) as Array<{ method: string; operation: Operation }>;
      if (existing?.['x-source'] === source || conflicts.some((c) => c.method === method && c.operation['x-source'] === source)) continue;
      const op: Operation = {
        operationId: operationId(r, method, key, used),
        summary: `${r.method} ${r.path}`,
        ...(params.length > 0 || r.request?.query
          ? {
              parameters: [
                ...params.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
                ...(r.request?.query ?? []).map((q) => ({
                  name: q.name,
                  in: 'query',
                  required: q.required,
                  schema: q.schema,
                  'x-source': q.source,
                })),
              ],
            }
          : {}),
        // The body the handler declares (a pydantic model, form fields, WTForms), cited where it is read.
        ...(r.request?.body && method !== 'get' && method !== 'head' && (r.request.body.methods?.includes(method.toUpperCase()) ?? true)
          ? {
              requestBody: {
                required: true,
                content: { [r.request.body.contentType]: { schema: r.request.body.schema } },
                'x-source': r.request.body.source,
              },
            }
          : {}),
        responses:
          r.responses && r.responses.length > 0
            ? Object.fromEntries(
                r.responses.map((x) => [
                  x.status,
                  {
                    description: x.description
                      ? `${x.description}${/[.!?]$/.test(x.description) ? '' : '.'} (${x.source})`
                      : `${STATUS_TEXT[x.status] ?? 'Status ' + x.status}, as the handler answers (${x.source}).`,
                    ...(x.contentType ? { content: { [x.contentType]: { schema: x.schema ?? {} } } } : {}),
                    'x-source': x.source,
                  },
                ]),
              )
            : { default: { description: 'Not described in the code.' } },
        'x-source': source,
        'x-framework': r.framework,
        // OpenAPI has no "any method": a handler with no method restriction is written once per method, each marked.
        ...(r.method === 'ANY' ? { 'x-any-method': true } : {}),
        // Registered only under a condition of the code (`if settings.ENABLE_ADMIN:`): the condition, where it is written.
        ...(r.condition ? { 'x-condition': { if: r.condition.text, 'x-source': r.condition.source } } : {}),
        ...(r.resolved ? {} : { 'x-unresolved-prefix': r.unresolvedPrefix ?? true }),
        // A prefix read from an environment variable's default: the path holds the default, the variable may change it.
        ...(r.prefixDefault ? { 'x-prefix-default': r.prefixDefault } : {}),
      };
      if (existing) item['x-conflicts'] = [...conflicts, { method, operation: op }];
      else item[method] = op;
    }
  }
  return { openapi: '3.1.0', info: { title, version: '0.0.0' }, paths: sortKeys(paths) };
}

/** A path template with its parameters' names dropped (the trailing slash counts). */
const templateShape = (p: string): string => p.replace(/\{[^}]*\}/g, '{}');

/** An OpenAPI 3.x or Swagger 2 file of the repository, as OpenAPI 3.1-shaped data; null when it is neither. */
export function readApiDescription(file: SourceFile): OpenApiDocument | null {
  let data: unknown;
  try {
    data = file.rel.endsWith('.json') ? JSON.parse(file.text) : YAML.parse(file.text, { maxAliasCount: 100 });
  } catch {
    return null;
  }
  if (!isObject(data) || !isObject(data.paths)) return null;
  if (typeof data.openapi === 'string' && data.openapi.startsWith('3.')) return data as OpenApiDocument;
  if (data.swagger === '2.0') return fromSwagger2(data);
  return null;
}

/** Swagger 2 → OpenAPI 3.1, minimally: paths under basePath, body/form parameters as requestBody, typed parameters as schemas, responses' schemas as JSON content, definitions as components. */
function fromSwagger2(doc: Record<string, unknown>): OpenApiDocument {
  const fixRefs = (v: unknown): unknown =>
    JSON.parse(JSON.stringify(v ?? null).replace(/"#\/definitions\//g, '"#/components/schemas/')) as unknown;
  // A template left unfilled (`{{.BasePath}}` of swag's docs template) is no path: the paths stand alone.
  const base = typeof doc.basePath === 'string' && !/[{}]/.test(doc.basePath) ? doc.basePath.replace(/\/+$/, '') : '';
  const consumes = Array.isArray(doc.consumes) && typeof doc.consumes[0] === 'string' ? (doc.consumes[0] as string) : 'application/json';
  const paths: OpenApiDocument['paths'] = {};
  for (const [p, item] of Object.entries(doc.paths as Record<string, unknown>)) {
    if (!isObject(item)) continue;
    const out: Record<string, unknown> = {};
    for (const [method, op] of Object.entries(item)) {
      if (!(METHODS as readonly string[]).includes(method) || !isObject(op)) continue;
      const { parameters, responses, consumes: _c, produces: _p, ...rest } = op;
      const converted: Operation = { ...(fixRefs(rest) as Record<string, unknown>) };
      const params: Array<Record<string, unknown>> = [];
      for (const param of Array.isArray(parameters) ? parameters : []) {
        if (!isObject(param)) continue;
        if (param.in === 'body')
          converted.requestBody = {
            content: { [consumes]: { schema: fixRefs(param.schema ?? {}) } },
            ...(param.required ? { required: true } : {}),
          };
        else if (param.in === 'formData')
          converted.requestBody = { content: { 'application/x-www-form-urlencoded': { schema: { type: 'object' } } } };
        else {
          const { type, format, items, enum: en, default: def, collectionFormat: _cf, ...p2 } = param;
          params.push({
            ...p2,
            schema: {
              ...(type ? { type } : {}),
              ...(format ? { format } : {}),
              ...(items ? { items } : {}),
              ...(en ? { enum: en } : {}),
              ...(def !== undefined ? { default: def } : {}),
            },
          });
        }
      }
      if (params.length > 0) converted.parameters = params;
      const res: Record<string, unknown> = {};
      for (const [code, r] of Object.entries(isObject(responses) ? responses : {})) {
        if (!isObject(r)) continue;
        const { schema, examples: _e, headers: _h, ...r2 } = r;
        res[code] = {
          description: typeof r2.description === 'string' ? r2.description : '',
          ...(schema ? { content: { 'application/json': { schema: fixRefs(schema) } } } : {}),
        };
      }
      if (Object.keys(res).length > 0) converted.responses = res;
      out[method] = converted;
    }
    paths[`${base}${p}` || '/'] = out;
  }
  const info = isObject(doc.info) ? (doc.info as OpenApiDocument['info']) : { title: 'API', version: '0.0.0' };
  const host = typeof doc.host === 'string' ? doc.host : null;
  const scheme = Array.isArray(doc.schemes) && typeof doc.schemes[0] === 'string' ? doc.schemes[0] : 'https';
  return {
    openapi: '3.1.0',
    info,
    ...(host ? { servers: [{ url: `${scheme}://${host}` }] } : {}),
    paths,
    ...(isObject(doc.definitions) ? { components: { schemas: fixRefs(doc.definitions) } } : {}),
  };
}

/**
 * The routes' document merged with the repository's descriptions (in the order given): an
 * operation both describe takes the repository's fields, keeping the generated `x-source`; an
 * operation only the repository describes is kept as it is; info, servers and components come
 * from the repository where it has them.
 */
export function mergeOpenApi(
  generated: OpenApiDocument,
  repository: ReadonlyArray<{ rel: string; doc: OpenApiDocument }>,
): OpenApiDocument {
  const out: OpenApiDocument = structuredClone(generated);
  for (const { rel, doc } of repository) {
    for (const key of Object.keys(doc))
      if (key !== 'paths' && key !== 'openapi' && !(key in out && key !== 'info')) out[key] = structuredClone(doc[key]);
    if (doc.info) out.info = { ...out.info, ...structuredClone(doc.info) };
    for (const [p, item] of Object.entries(doc.paths)) {
      if (!isObject(item)) continue;
      const existing = p in out.paths ? p : Object.keys(out.paths).find((q) => shape(q) === shape(p));
      // A path the code serves with a trailing slash the description leaves out (or the other way round)
      // keeps the code's form: that is the URL the application answers on.
      const key = existing !== undefined && existing !== p && existing.replace(/\/$/, '') === p.replace(/\/$/, '') ? existing : p;
      const target = existing ?? p;
      const merged: Record<string, unknown> = { ...(out.paths[target] ?? {}) };
      for (const [method, op] of Object.entries(item)) {
        if ((METHODS as readonly string[]).includes(method) && isObject(op)) {
          const ours = isObject(merged[method]) ? (merged[method] as Operation) : {};
          // The repository's parameters use its own names; ours would then name a template variable that is no longer there.
          const { parameters: _ours, ...oursRest } = ours;
          const theirs = structuredClone(op);
          // A body the description gives is cited there: the code's citation was for the code's body, which it replaces.
          if (isObject(theirs.requestBody) && theirs.requestBody['x-source'] === undefined)
            theirs.requestBody = { ...theirs.requestBody, 'x-described-in': rel };
          merged[method] = { ...oursRest, ...theirs, 'x-described-in': rel };
        } else merged[method] = structuredClone(op);
      }
      if (existing !== undefined && existing !== key) delete out.paths[existing];
      out.paths[key] = merged;
    }
  }
  // Parameters of generated operations that were renamed by the repository's path: the path's names win.
  for (const [p, item] of Object.entries(out.paths)) {
    const names = [...p.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
    for (const method of METHODS) {
      const op = item[method] as Operation | undefined;
      if (!op || op['x-described-in'] || !op.parameters) continue;
      const pathParams = op.parameters.filter((x) => x.in === 'path');
      if (pathParams.length === names.length) pathParams.forEach((x, i) => (x.name = names[i]));
    }
  }
  out.openapi = '3.1.0';
  out.paths = sortKeys(out.paths);
  return out;
}

export interface CodeSample {
  lang: string;
  label: string;
  source: string;
}

const TARGETS = [
  { target: 'shell', client: 'curl', lang: 'Shell', label: 'curl' },
  { target: 'js', client: 'fetch', lang: 'JavaScript', label: 'JavaScript (fetch)' },
  { target: 'python', client: 'requests', lang: 'Python', label: 'Python (requests)' },
  { target: 'go', client: 'native', lang: 'Go', label: 'Go (net/http)' },
] as const;

const STATUS_TEXT: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted',
  '204': 'No Content',
  '301': 'Moved Permanently',
  '302': 'Found',
  '303': 'See Other',
  '307': 'Temporary Redirect',
  '400': 'Bad Request',
  '401': 'Unauthorized',
  '403': 'Forbidden',
  '404': 'Not Found',
  '409': 'Conflict',
  '422': 'Unprocessable Entity',
  '500': 'Internal Server Error',
};

/** A value of a JSON Schema for a sample: each property filled by its type (`"string"`, 0, false, one item of an array). */
export function sampleOf(schema: unknown, depth = 0): unknown {
  if (!isObject(schema) || depth > 4) return null;
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(isObject(schema.properties) ? schema.properties : {}).map(([k, v]) => [k, sampleOf(v, depth + 1)]),
      );
    case 'array':
      return [sampleOf(schema.items, depth + 1)];
    case 'integer':
    case 'number':
      return 0;
    case 'boolean':
      return false;
    case 'string':
      return schema.format === 'email'
        ? 'user@example.com'
        : schema.format === 'date-time'
          ? '2024-01-01T00:00:00Z'
          : schema.format === 'date'
            ? '2024-01-01'
            : schema.format === 'uuid'
              ? '00000000-0000-0000-0000-000000000000'
              : schema.format === 'uri'
                ? 'https://example.com'
                : 'string';
    default:
      return null;
  }
}

/**
 * Request samples of an operation (path parameters filled with their names in capitals: `/users/ID`):
 * the body only where the operation declares one, built from its schema — JSON, or form fields for
 * `application/x-www-form-urlencoded` and `multipart/form-data` —, and its required query parameters.
 */
export function codeSamples(server: string, path: string, method: string, op: Operation): CodeSample[] {
  const url = server.replace(/\/+$/, '') + path.replace(/\{([^}]+)\}/g, (_, n: string) => n.toUpperCase());
  const content = isObject(op.requestBody) && isObject(op.requestBody.content) ? op.requestBody.content : null;
  const mime = content ? Object.keys(content)[0] : undefined;
  const schema = mime && isObject(content![mime]) ? (content![mime] as Record<string, unknown>).schema : undefined;
  const value = sampleOf(schema);
  const form = mime === 'application/x-www-form-urlencoded' || mime === 'multipart/form-data';
  const query = (op.parameters ?? [])
    .filter((p) => p.in === 'query' && p.required === true)
    .map((p) => ({ name: String(p.name), value: String(sampleOf(p.schema) ?? '') }));
  const request = {
    method: method.toUpperCase(),
    // In the URL itself: every client's sample shows it (snippetz's Go client leaves `queryString` out).
    url: query.length > 0 ? `${url}?${new URLSearchParams(query.map((q): [string, string] => [q.name, q.value])).toString()}` : url,
    headers: mime && mime !== 'multipart/form-data' ? [{ name: 'Content-Type', value: mime }] : [],
    ...(mime
      ? {
          postData: form
            ? {
                mimeType: mime,
                params: Object.entries(isObject(value) ? value : {}).map(([name, v]) => ({
                  name,
                  value: typeof v === 'string' ? v : v === null ? '' : JSON.stringify(v),
                })),
              }
            : { mimeType: mime, text: JSON.stringify(value ?? {}) },
        }
      : {}),
  };
  const s = snippetz();
  return TARGETS.map((t) => ({ lang: t.lang, label: t.label, source: s.print(t.target, t.client as never, request) ?? '' }));
}

/** Adds `x-codeSamples` to every operation (the repository's own samples are kept). */
export function withCodeSamples(doc: OpenApiDocument, fallback = SAMPLE_SERVER): OpenApiDocument {
  const server = doc.servers?.[0]?.url && /^https?:\/\//.test(doc.servers[0].url) ? doc.servers[0].url : fallback;
  for (const [p, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method] as Operation | undefined;
      if (op && !op['x-codeSamples'] && op['x-no-code-route'] !== true) op['x-codeSamples'] = codeSamples(server, p, method, op);
    }
  }
  return doc;
}

/** Ports the frameworks listen on when the code names none. */
const DEFAULT_PORTS: Record<string, number> = {
  express: 3000,
  koa: 3000,
  fastify: 3000,
  nestjs: 3000,
  flask: 5000,
  fastapi: 8000,
  django: 8000,
  spring: 8080,
  gin: 8080,
  echo: 1323,
  aspnet: 5000,
};

/**
 * The local address the application listens on, as its code or configuration gives it:
 * Spring's `server.port` (application.properties / .yml), `app.listen(8080)` / `PORT || 8080`,
 * Fastify's `listen({ port })`, Gin's `r.Run(":8081")` / Echo's `e.Start(":1323")` / `Addr: ":80"`,
 * Python's `app.run(port=…)` / `uvicorn.run(…, port=…)` / `runserver 0.0.0.0:8000`, a Dockerfile's
 * `EXPOSE`; else the default port of the framework most routes come from. `source` cites where the
 * port is written (none for a default).
 */
export function appServer(routes: readonly Route[], files: readonly SourceFile[]): { url: string; source?: string } {
  const rules: Array<[RegExp, RegExp]> = [
    [/(?:^|\/)(?:application|bootstrap)[\w-]*\.properties$/, /^[ \t]*server\.port[ \t]*[=:][ \t]*\$?\{?(?:[\w.]+:)?(\d{2,5})/m],
    [
      /(?:^|\/)(?:application|bootstrap)[\w-]*\.ya?ml$/,
      /^server:[ \t]*\n(?:[ \t]+[^\n]*\n)*?[ \t]+port:[ \t]*["']?\$?\{?(?:[\w.]+:)?(\d{2,5})/m,
    ],
    [/\.(?:[cm]?[jt]sx?)$/, /\.listen\(\s*(?:\{[^}]*\bport\s*:\s*)?(?:[\w.]+\s*(?:\|\||\?\?)\s*)?["']?(\d{2,5})\b/],
    [/\.(?:[cm]?[jt]sx?)$/, /\bPORT\s*(?:\|\||\?\?)\s*["']?(\d{2,5})\b/],
    [/\.go$/, /\.(?:Run|Start|ListenAndServe)\(\s*"[\w.]*:(\d{2,5})"/],
    [/\.go$/, /\bAddr\s*:\s*"[\w.]*:(\d{2,5})"/],
    [/\.py$/, /\.run\([^)]*\bport\s*=\s*(\d{2,5})/],
    [/(?:^|\/)(?:Dockerfile|docker-compose\.ya?ml|Procfile|[\w.-]*\.sh)$/, /\brunserver\s+(?:[\d.]+:)?(\d{2,5})\b/],
    [/(?:^|\/)Dockerfile[\w.-]*$/, /^[ \t]*EXPOSE[ \t]+(\d{2,5})/m],
  ];
  const sorted = [...files].sort(
    (a, b) => a.rel.split('/').length - b.rel.split('/').length || (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0),
  );
  for (const [name, re] of rules) {
    for (const f of sorted) {
      if (!name.test(f.rel) || /(?:^|\/)(?:test|tests|__tests__|examples?|node_modules)\//.test(f.rel) || /\.(?:test|spec)\./.test(f.rel))
        continue;
      const m = re.exec(f.text);
      if (m)
        return { url: `http://localhost:${m[1]}`, source: `${f.rel}:${f.text.slice(0, m.index + m[0].indexOf(m[1]!)).split('\n').length}` };
    }
  }
  const count = new Map<string, number>();
  for (const r of routes) count.set(r.framework, (count.get(r.framework) ?? 0) + 1);
  const top = [...count].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0];
  return { url: `http://localhost:${(top && DEFAULT_PORTS[top]) ?? 3000}` };
}

/** The full document of a repository: routes + its API description files + samples addressed to the app's own port. */
export function buildOpenApi(
  allRoutes: readonly Route[],
  projectFiles: readonly SourceFile[],
  title: string,
  sources: readonly SourceFile[] = [],
  notices: readonly RouteNotice[] = [],
): { doc: OpenApiDocument; described: string[]; server: { url: string; source?: string } } {
  // Example programs' routes are no operation of the system: listed apart (`x-example-routes`), as the HTTP page does.
  const routes = allRoutes.filter((r) => !isExample(r.file));
  const examples = allRoutes.filter((r) => isExample(r.file));
  const own = notices.filter((n) => !isExample(n.file));
  // An operation an API-first controller implements is the code's route: the description's path is
  // moved to the one the code serves (`/owners` under the controller's `/api`) so the two are one.
  const moved = new Map(
    routes.filter((r) => r.describedAt).map((r) => [`${r.describedAt!.file}\0${r.describedAt!.path}`, openApiPath(r.path).path]),
  );
  const repository = projectFiles
    .filter((f) => /(?:^|\/)(?:openapi|swagger)\.(?:json|ya?ml)$/.test(f.rel))
    .map((f) => ({ rel: f.rel, doc: readApiDescription(f) }))
    .filter((x): x is { rel: string; doc: OpenApiDocument } => x.doc !== null)
    .map(({ rel, doc }) => ({
      rel,
      doc: { ...doc, paths: Object.fromEntries(Object.entries(doc.paths).map(([p, item]) => [moved.get(`${rel}\0${p}`) ?? p, item])) },
    }));
  const server = appServer(routes, [...projectFiles, ...sources]);
  const merged = mergeOpenApi(openApiFromRoutes(routes, title), repository);
  // An operation only the repository's file describes, when the code's routes were read, matches no route of the code
  // (a stale or hand-kept file, a base path the mounts contradict): marked, listed as such, given no request sample
  // (docs/docgen-arch-api.md §Repository API descriptions). With no route read, the file is all there is and stays as before.
  if (routes.length > 0)
    for (const item of Object.values(merged.paths))
      for (const method of METHODS) {
        const op = item[method] as Operation | undefined;
        if (op && op['x-source'] === undefined && op['x-described-in'] !== undefined) op['x-no-code-route'] = true;
      }
  if (!merged.servers && routes.length > 0)
    merged.servers = [
      {
        url: server.url,
        description: server.source ? `The port the code configures (${server.source}).` : 'The framework’s default port.',
      },
    ];
  if (examples.length > 0)
    merged['x-example-routes'] = examples.map((r) => ({ method: r.method, path: r.path, 'x-source': `${r.file}:${r.line}` }));
  // Code that looks like a route registration and gave no route (docs/docgen-arch-api.md §Possible routes not understood): cited, never read into an operation.
  if (own.length > 0)
    merged['x-possible-routes-not-understood'] = own.map((n) => ({ code: n.text, why: n.why, 'x-source': `${n.file}:${n.line}` }));
  return { doc: withCodeSamples(merged, server.url), described: repository.map((r) => r.rel), server };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function sortKeys<T>(o: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(o).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)));
}
