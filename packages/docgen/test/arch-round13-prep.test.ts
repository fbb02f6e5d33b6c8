import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { toMarkdown } from 'mdast-util-to-markdown';
import { afterAll, describe, expect, it } from 'vitest';
import type { Route } from '../src/facts/index.ts';
import { repositoryFacts } from '../src/facts/index.ts';
import { mergeOpenApi, openApiFromRoutes } from '../src/openapi.ts';
import { openApiBlocks } from '../src/pages/openapi.ts';

/**
 * The twelfth round's leftovers (docs/metrics/arch-api-facts.md, "What the twelfth round leaves"), each at its
 * general cause: fixture repositories written here, in a temporary folder.
 */
const roots: string[] = [];
function repo(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docent-r13-'));
  roots.push(root);
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
  return root;
}
afterAll(() => {
  for (const r of roots) fs.rmSync(r, { recursive: true, force: true });
});
const list = (routes: readonly Route[]): string[] => routes.map((r) => `${r.method} ${r.path}`).sort();
const page = (doc: Parameters<typeof openApiBlocks>[0], described: string[] = []): string =>
  toMarkdown({ type: 'root', children: openApiBlocks(doc, described) });

describe('a handler with no method restriction is one ANY entry', () => {
  const route: Route = { method: 'ANY', path: '/legacy', framework: 'spring', file: 'src/Legacy.java', line: 12, resolved: true };
  it('openapi.json marks each of the methods it writes it under', () => {
    const doc = openApiFromRoutes([route], 't');
    const item = doc.paths['/legacy']!;
    const ops = Object.entries(item).filter(([m]) => !m.startsWith('x-'));
    expect(ops.length).toBeGreaterThan(1);
    for (const [, op] of ops) expect((op as Record<string, unknown>)['x-any-method']).toBe(true);
  });
  it('the HTTP page shows it once, as ANY', () => {
    const md = page(openApiFromRoutes([route], 't'));
    expect(md).toContain('### ANY /legacy');
    expect(md).not.toContain('### POST /legacy');
    expect(md).toContain('accepts any method');
  });
});

describe('a body the repository’s API description gives is cited', () => {
  it('to the description file', () => {
    const ours = openApiFromRoutes(
      [{ method: 'POST', path: '/pets', framework: 'express', file: 'src/app.js', line: 3, resolved: true }],
      't',
    );
    const theirs = {
      openapi: '3.0.0',
      info: { title: 'x', version: '1' },
      paths: {
        '/pets': {
          post: {
            requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string' } } } } } },
            responses: { '201': { description: 'created' } },
          },
        },
      },
    };
    const merged = mergeOpenApi(ours, [{ rel: 'api/swagger.yaml', doc: theirs }]);
    const body = (merged.paths['/pets']!.post as Record<string, Record<string, unknown>>).requestBody!;
    expect(body['x-described-in']).toBe('api/swagger.yaml');
    expect(page(merged, ['api/swagger.yaml'])).toContain('(as api/swagger.yaml describes it)');
  });
});
