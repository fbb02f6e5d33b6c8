import { snippetz } from '@scalar/snippetz';
import YAML from 'yaml';
import type { Route, SourceFile } from './facts/index.ts';

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
        ...(r.request?.body && method !== 'get' && method !== 'head'
          ? {
              requestBody: {
                required: true,
                content: { [r.request.body.contentType]: { schema: r.request.body.schema } },
                'x-source': r.request.body.source,
              },
            }
          : {}),
        responses: { default: { description: 'Not described in the code.' } },
        'x-source': source,
        'x-framework': r.framework,
        ...(r.resolved ? {} : { 'x-unresolved-prefix': r.unresolvedPrefix ?? true }),
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
      const existing = Object.keys(out.paths).find((q) => shape(q) === shape(p));
      const target = existing ?? p;
      const merged: Record<string, unknown> = { ...(out.paths[target] ?? {}) };
      for (const [method, op] of Object.entries(item)) {
        if ((METHODS as readonly string[]).includes(method) && isObject(op)) {
          const ours = isObject(merged[method]) ? (merged[method] as Operation) : {};
          // The repository's parameters use its own names; ours would then name a template variable that is no longer there.
          const { parameters: _ours, ...oursRest } = ours;
          merged[method] = { ...oursRest, ...structuredClone(op), 'x-described-in': rel };
        } else merged[method] = structuredClone(op);
      }
      if (existing !== undefined && existing !== p) delete out.paths[existing];
      out.paths[p] = merged;
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

/** Request samples of an operation (path parameters filled with their names in capitals: `/users/ID`). */
export function codeSamples(server: string, path: string, method: string, op: Operation): CodeSample[] {
  const url = server.replace(/\/+$/, '') + path.replace(/\{([^}]+)\}/g, (_, n: string) => n.toUpperCase());
  const hasBody = isObject(op.requestBody) || ['post', 'put', 'patch'].includes(method);
  const request = {
    method: method.toUpperCase(),
    url,
    headers: hasBody ? [{ name: 'Content-Type', value: 'application/json' }] : [],
    ...(hasBody ? { postData: { mimeType: 'application/json', text: '{}' } } : {}),
  };
  const s = snippetz();
  return TARGETS.map((t) => ({ lang: t.lang, label: t.label, source: s.print(t.target, t.client as never, request) ?? '' }));
}

/** Adds `x-codeSamples` to every operation (the repository's own samples are kept). */
export function withCodeSamples(doc: OpenApiDocument): OpenApiDocument {
  const server = doc.servers?.[0]?.url && /^https?:\/\//.test(doc.servers[0].url) ? doc.servers[0].url : SAMPLE_SERVER;
  for (const [p, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method] as Operation | undefined;
      if (op && !op['x-codeSamples']) op['x-codeSamples'] = codeSamples(server, p, method, op);
    }
  }
  return doc;
}

/** The full document of a repository: routes + its API description files + samples. */
export function buildOpenApi(
  routes: readonly Route[],
  projectFiles: readonly SourceFile[],
  title: string,
): { doc: OpenApiDocument; described: string[] } {
  const repository = projectFiles
    .filter((f) => /(?:^|\/)(?:openapi|swagger)\.(?:json|ya?ml)$/.test(f.rel))
    .map((f) => ({ rel: f.rel, doc: readApiDescription(f) }))
    .filter((x): x is { rel: string; doc: OpenApiDocument } => x.doc !== null);
  return { doc: withCodeSamples(mergeOpenApi(openApiFromRoutes(routes, title), repository)), described: repository.map((r) => r.rel) };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function sortKeys<T>(o: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(o).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)));
}
