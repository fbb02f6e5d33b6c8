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
  if (repoOnly.length > 0) {
    blocks.push(paragraph('Operations described only in the repository’s API description (no route for them was found in the code):'));
    blocks.push(
      table(
        ['Method', 'Path', 'Described in'],
        repoOnly.map((o) => [o.method.toUpperCase(), code(o.path), code(String(o.op['x-described-in'] ?? ''))]),
      ),
    );
  }
  blocks.push(heading(2, 'Request samples'));
  if (ops.length > MAX_SAMPLED_OPERATIONS)
    blocks.push(
      paragraph(
        `The first ${MAX_SAMPLED_OPERATIONS} operations; openapi.json has samples for all ${ops.length} as `,
        code('x-codeSamples'),
        '.',
      ),
    );
  for (const o of ops.slice(0, MAX_SAMPLED_OPERATIONS)) {
    blocks.push(heading(3, `${o.method.toUpperCase()} ${o.path}`));
    const where = o.op['x-source'] ?? o.op['x-described-in'];
    blocks.push(
      paragraph('Operation ', code(String(o.op.operationId ?? '')), where ? ', ' : '', ...(where ? [code(String(where))] : []), '.'),
    );
    for (const sample of (o.op['x-codeSamples'] as CodeSample[] | undefined) ?? []) {
      blocks.push(paragraph(sample.label));
      blocks.push({ type: 'code', lang: LANG[sample.lang] ?? null, value: sample.source });
    }
  }
  return blocks;
}
