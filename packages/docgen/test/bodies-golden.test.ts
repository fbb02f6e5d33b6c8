import fs from 'node:fs';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { factsOf, readCheckout } from '../src/facts/index.ts';
import { buildOpenApi, type CodeSample } from '../src/openapi.ts';

/**
 * Golden tests of the request bodies, query parameters, responses and request samples that
 * openapi.json documents for small fixture applications (test/fixtures/bodies/<name>): the server
 * the samples address, then per operation its query parameters, request body and responses as
 * JSON and its curl sample, written out in test/golden/bodies/<name>.txt (checked by hand against
 * the fixture; `UPDATE_GOLDEN=1` rewrites them — then read the diff). Each document is valid OpenAPI 3.1.
 */
const FIXTURES = path.join(import.meta.dirname, 'fixtures/bodies');
const GOLDEN = path.join(import.meta.dirname, 'golden/bodies');

describe('request bodies and responses (golden)', () => {
  it.each(fs.readdirSync(FIXTURES).sort())('%s', async (name) => {
    const { sources, goMod, projectFiles } = await readCheckout(path.join(FIXTURES, name));
    const facts = factsOf(sources, goMod);
    const { doc } = buildOpenApi(facts.routes, projectFiles, name, sources);
    expect((await new Validator().validate(doc as Parameters<Validator['validate']>[0])).valid).toBe(true);
    const lines = [`servers: ${JSON.stringify(doc.servers)}`];
    for (const [p, item] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(item as Record<string, Record<string, unknown>>)) {
        const { parameters, requestBody, responses } = op as {
          parameters?: Array<{ in: string }>;
          requestBody?: unknown;
          responses?: unknown;
        };
        lines.push(
          '',
          `${method.toUpperCase()} ${p}`,
          JSON.stringify(
            {
              query: parameters?.filter((x) => x.in === 'query').length ? parameters.filter((x) => x.in === 'query') : undefined,
              requestBody,
              responses,
            },
            null,
            2,
          ),
          ((op['x-codeSamples'] as CodeSample[])[0]?.source ?? '').trim(),
        );
      }
    const text = `${lines.join('\n')}\n`;
    if (process.env.UPDATE_GOLDEN) {
      fs.mkdirSync(GOLDEN, { recursive: true });
      fs.writeFileSync(path.join(GOLDEN, `${name}.txt`), text);
    }
    expect(text).toBe(fs.readFileSync(path.join(GOLDEN, `${name}.txt`), 'utf8'));
  });
});
