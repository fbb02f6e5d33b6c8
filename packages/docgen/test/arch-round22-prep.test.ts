import { describe, expect, it } from 'vitest';
import { readCheckout, repositoryFacts } from '../src/facts/index.ts';
import { buildOpenApi } from '../src/openapi.ts';
import { openApiBlocks } from '../src/pages/openapi.ts';
import { fixtureRepos } from './support/fixture-repo.ts';

/**
 * The items the twenty-first round left (docs/metrics/arch-api-facts.md, "What the twenty-first round leaves"), fixed
 * as tuning before the twenty-second round's run: fixture repositories written here, in a temporary folder.
 */
const repo = fixtureRepos('r22p');

const textOf = (node: unknown): string =>
  typeof node === 'object' && node !== null
    ? 'value' in node && typeof node.value === 'string'
      ? node.value
      : 'children' in node && Array.isArray(node.children)
        ? node.children.map(textOf).join('')
        : ''
    : '';

describe("a repository's OpenAPI file describing operations no route of the code matches", () => {
  it('marks them `x-no-code-route`, lists them as such, and gives them no request sample', async () => {
    const root = repo({
      'package.json': '{"name":"shop","dependencies":{"express":"^4.0.0"}}',
      'src/app.js':
        "const express = require('express');\nconst items = require('./items');\nconst app = express();\napp.use('/api/items', items);\napp.listen(3000);\n",
      'src/items.js':
        "const { Router } = require('express');\nconst router = Router();\nrouter.get('/', (req, res) => res.json([]));\nmodule.exports = router;\n",
      'src/swagger.json': JSON.stringify({
        swagger: '2.0',
        info: { title: 'shop', version: '1.0.0' },
        basePath: '/',
        paths: {
          '/api/items/': { get: { summary: 'List the items', responses: { '200': { description: 'OK' } } } },
          '/items/{id}': {
            delete: {
              parameters: [{ name: 'parseAsync(req', in: 'body', schema: { type: 'object' } }],
              responses: { '204': { description: 'gone' } },
            },
          },
        },
      }),
    });
    const facts = await repositoryFacts(root);
    const { projectFiles, sources } = await readCheckout(root);
    const { doc, described } = buildOpenApi(facts.routes, projectFiles, 'shop', sources);
    const served = doc.paths['/api/items']!.get as Record<string, unknown>;
    const stale = doc.paths['/items/{id}']!.delete as Record<string, unknown>;
    expect(served['x-source']).toBe('src/items.js:3');
    expect(served['x-no-code-route']).toBeUndefined();
    expect(stale['x-no-code-route']).toBe(true);
    expect(stale['x-codeSamples']).toBeUndefined();
    const blocks = openApiBlocks(doc, described);
    const headings = blocks.filter((b) => b.type === 'heading').map(textOf);
    expect(headings).toContain('GET /api/items');
    expect(headings).not.toContain('DELETE /items/{id}');
    const all = blocks.map(textOf).join('\n');
    expect(all).toContain('no route of the code matches');
  });
});
