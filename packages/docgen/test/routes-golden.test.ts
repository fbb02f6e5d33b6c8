import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryFacts } from '../src/facts/index.ts';
import { djangoRegexPath } from '../src/facts/routes.ts';

/**
 * Golden tests of the HTTP routes of small fixture repositories (test/fixtures/routes/<name>):
 * every route as `METHOD path handler file:line`, written out in test/golden/routes/<name>.txt
 * (checked by hand against the fixture; `UPDATE_GOLDEN=1` rewrites them — then read the diff).
 */
const FIXTURES = path.join(import.meta.dirname, 'fixtures/routes');
const GOLDEN = path.join(import.meta.dirname, 'golden/routes');

describe('routes (golden)', () => {
  it.each(fs.readdirSync(FIXTURES).sort())('%s', async (name) => {
    const facts = await repositoryFacts(path.join(FIXTURES, name));
    const text =
      facts.routes
        .map(
          (r) =>
            `${r.method} ${r.path} ${r.handler ?? '-'} ${r.file}:${r.line}${r.resolved ? '' : ` (unresolved prefix: ${r.unresolvedPrefix ?? '?'})`}${r.prefixDefault ? ` (prefix default: ${r.prefixDefault})` : ''}`,
        )
        .join('\n') + '\n';
    if (process.env.UPDATE_GOLDEN) fs.writeFileSync(path.join(GOLDEN, `${name}.txt`), text);
    expect(text).toBe(fs.readFileSync(path.join(GOLDEN, `${name}.txt`), 'utf8'));
  });
});

describe("Django's regular-expression routes as paths", () => {
  it.each([
    ['^$', ''],
    ['^archive/$', 'archive/'],
    ['^archive/?$', 'archive/'],
    ['^(?P<year>[0-9]{4})/(?P<slug>[-\\w]+)/$', '{year}/{slug}/'],
    ['^feeds/(?P<kind>\\w+)\\.xml$', 'feeds/{kind}.xml'],
    ['^tags/([\\w-]+)/(\\d+)/$', 'tags/{arg1}/{arg2}/'],
    ['^a/(?P<x>(b|c))/$', 'a/{x}/'],
    ['^page/(?P<n>\\d+)?$', 'page/{n}'],
  ])('%s → %s', (pattern, expected) => {
    expect(djangoRegexPath(pattern)).toBe(expected);
  });
});
