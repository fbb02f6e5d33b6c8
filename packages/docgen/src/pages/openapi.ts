import type { BlockContent } from 'mdast';
import type { CodeSample, OpenApiDocument } from '../openapi.ts';
import { code, heading, paragraph, table } from './blocks.ts';

/** Operations shown with their request samples on the HTTP page; openapi.json has them all. */
export const MAX_SAMPLED_OPERATIONS = 40;

const LANG: Record<string, string> = { Shell: 'shell', JavaScript: 'javascript', Python: 'python', Go: 'go' };

/** The HTTP page's OpenAPI part: operations only the repository's files describe, then request samples per operation. */
export function openApiBlocks(doc: OpenApiDocument, described: readonly string[]): BlockContent[] {
  const blocks: BlockContent[] = [heading(2, 'OpenAPI')];
  const ops: Array<{ method: string; path: string; op: Record<string, unknown> }> = [];
  for (const [p, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item))
      if (typeof op === 'object' && op !== null && ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'].includes(method))
        ops.push({ method, path: p, op: op as Record<string, unknown> });
  }
  blocks.push(
    paragraph(
      `An OpenAPI 3.1 description of ${ops.length} operation(s) is in `,
      { type: 'link', url: 'openapi.json', children: [{ type: 'inlineCode', value: 'openapi.json' }] },
      described.length > 0
        ? `, merged with the repository's ${described.join(', ')} (its descriptions win where both describe an operation).`
        : '.',
    ),
  );
  const repoOnly = ops.filter((o) => o.op['x-source'] === undefined);
  const unmatched = repoOnly.filter((o) => o.op['x-no-code-route'] === true);
  if (repoOnly.length > 0) {
    blocks.push(
      paragraph(
        unmatched.length > 0
          ? 'Operations described only in the repository’s API description: no route of the code matches them (the file may be stale, or give another base path than the code’s mounts), so they have no request sample below (openapi.json marks them '
          : 'Operations described only in the repository’s API description (no route for them was found in the code):',
        ...(unmatched.length > 0 ? [code('x-no-code-route'), '):'] : []),
      ),
    );
    blocks.push(
      table(
        ['Method', 'Path', 'Described in'],
        repoOnly.map((o) => [o.method.toUpperCase(), code(o.path), code(String(o.op['x-described-in'] ?? ''))]),
      ),
    );
  }
  // A handler with no method restriction (`x-any-method`: Express `all`, Spring `@RequestMapping` without `method`, chi's
  // `Handle`) is one entry, `ANY`, though openapi.json writes it once per method.
  const shown: typeof ops = [];
  for (const o of ops) {
    if (o.op['x-no-code-route'] === true) continue;
    if (o.op['x-any-method'] !== true) shown.push(o);
    else if (!shown.some((x) => x.method === 'any' && x.path === o.path && x.op['x-source'] === o.op['x-source']))
      shown.push({ ...o, method: 'any' });
  }
  blocks.push(heading(2, 'Request samples'));
  const server = doc.servers?.[0];
  if (server)
    blocks.push(
      paragraph('The samples address ', code(server.url), typeof server.description === 'string' ? ` — ${server.description}` : '.'),
    );
  if (shown.length > MAX_SAMPLED_OPERATIONS)
    blocks.push(
      paragraph(
        `The first ${MAX_SAMPLED_OPERATIONS} operations; openapi.json has samples for all ${ops.length} as `,
        code('x-codeSamples'),
        '.',
      ),
    );
  for (const o of shown.slice(0, MAX_SAMPLED_OPERATIONS)) {
    blocks.push(heading(3, `${o.method.toUpperCase()} ${o.path}`));
    const where = o.op['x-source'] ?? o.op['x-described-in'];
    blocks.push(
      paragraph('Operation ', code(String(o.op.operationId ?? '')), where ? ', ' : '', ...(where ? [code(String(where))] : []), '.'),
    );
    if (o.method === 'any')
      blocks.push(
        paragraph(
          'The handler accepts any method (no method restriction in the code); openapi.json, which has no such method, writes it once per method (',
          code('x-any-method'),
          '). The samples send GET.',
        ),
      );
    blocks.push(...requestAndResponses(o.op));
    for (const sample of (o.op['x-codeSamples'] as CodeSample[] | undefined) ?? []) {
      blocks.push(paragraph(sample.label));
      blocks.push({ type: 'code', lang: LANG[sample.lang] ?? null, value: sample.source });
    }
  }
  return blocks;
}

/** A schema in a few words: `CreateUserDto { email*, age*, tags[] }`, `array of UserDto`, `string`. */
function describeSchema(schema: unknown, depth = 0): string {
  if (typeof schema !== 'object' || schema === null) return 'any';
  const s = schema as Record<string, unknown>;
  if (s.type === 'array') return `array of ${describeSchema(s.items, depth)}`;
  if (s.type === 'object' || s.properties) {
    const required = new Set((s.required as string[] | undefined) ?? []);
    const props = Object.keys((s.properties as Record<string, unknown> | undefined) ?? {});
    const fields = depth > 0 || props.length === 0 ? '' : ` { ${props.map((p) => `${p}${required.has(p) ? '*' : ''}`).join(', ')} }`;
    return `${typeof s.title === 'string' ? s.title : 'object'}${fields}`;
  }
  if (typeof s.title === 'string') return s.title;
  return typeof s.type === 'string' ? `${s.type}${typeof s.format === 'string' ? ` (${s.format})` : ''}` : 'any';
}

/** The operation's declared query parameters, request body and responses, each with where the code declares it. */
function requestAndResponses(op: Record<string, unknown>): BlockContent[] {
  const out: BlockContent[] = [];
  const query = ((op.parameters as Array<Record<string, unknown>> | undefined) ?? []).filter((p) => p.in === 'query');
  if (query.length > 0)
    out.push(
      paragraph(
        'Query: ',
        ...query.flatMap((q, i) => [...(i > 0 ? [', '] : []), code(`${String(q.name)}${q.required ? '*' : ''}`)]),
        typeof query[0]!['x-source'] === 'string' ? ` (${String(query[0]!['x-source'])}).` : '.',
      ),
    );
  const body = op.requestBody as Record<string, unknown> | undefined;
  const content = body?.content as Record<string, { schema?: unknown }> | undefined;
  if (content) {
    const [mime, media] = Object.entries(content)[0]!;
    out.push(
      paragraph(
        'Request body: ',
        code(mime),
        ', ',
        code(describeSchema(media.schema)),
        typeof body!['x-source'] === 'string'
          ? ` (${String(body!['x-source'])}).`
          : typeof body!['x-described-in'] === 'string'
            ? ` (as ${String(body!['x-described-in'])} describes it).`
            : '.',
      ),
    );
  }
  const responses = Object.entries((op.responses as Record<string, Record<string, unknown>> | undefined) ?? {}).filter(
    ([status]) => status !== 'default',
  );
  if (responses.length > 0)
    out.push(
      paragraph(
        'Responses: ',
        ...responses.flatMap(([status, r], i) => {
          const media = Object.entries((r.content as Record<string, { schema?: unknown }> | undefined) ?? {})[0];
          const schema = media && media[1].schema && Object.keys(media[1].schema).length > 0 ? ` ${describeSchema(media[1].schema)}` : '';
          return [...(i > 0 ? ['; '] : []), code(`${status}${media ? ` ${media[0]}` : ''}${schema}`)];
        }),
        '.',
      ),
    );
  return out;
}
