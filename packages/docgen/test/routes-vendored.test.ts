import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryFacts, VENDORED_FOLDER } from '../src/facts/index.ts';

/**
 * Code copied from other projects into vendored folders (Linguist's rule) serves no route of the
 * application, and its registrations are no route left unread (docs/metrics/arch-api-facts.md, ninth round).
 */
describe('vendored folders', () => {
  it('their registrations are neither routes nor unread-route notices', async () => {
    const facts = await repositoryFacts(path.join(import.meta.dirname, 'fixtures/routes/vendored-folders'));
    expect(facts.routes.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /health', 'POST /orders']);
    expect(facts.routeNotices.filter((n) => VENDORED_FOLDER.test(n.file))).toEqual([]);
  });

  it.each([
    ['third_party/x/app.py', true],
    ['lib/third-party/x.js', true],
    ['3rdparty/a.go', true],
    ['Vendor/a.php', true],
    ['vendors/a.js', true],
    ['external/mock/server.js', true],
    ['deps/a.js', true],
    ['src/deps/a.js', false],
    ['src/vendorship/a.js', false],
    ['app/thirdparty_api.py', false],
  ])('%s vendored: %s', (rel, vendored) => {
    expect(VENDORED_FOLDER.test(rel)).toBe(vendored);
  });
});
