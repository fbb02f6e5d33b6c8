/**
 * Code comments point inside the repository: to docs/design.md, docs/architecture.md,
 * docs/spec-conformance.md (the product specification's rules by section) and the other pages
 * of docs/. A comment that cites the design briefs the project started from, a bare section of
 * the specification, or a tracker item by number sends a newcomer to something they cannot open.
 */
import { describe, expect, it } from 'vitest';
import { commentsOf, readSource, sourceFiles } from './comments.ts';

/** What a comment may not cite, each with the reason shown on failure. */
const OUTSIDE: readonly [RegExp, string][] = [
  [/\b(?:DESIGN|DOCGEN)\.md\b/, 'a design brief outside the repository: cite docs/design.md, docs/docgen.md or docs/architecture.md'],
  [/\bSTACK-NOTES\b|product-spec/, 'a file outside the repository'],
  [/(?<![\w-])[Ss]pec §/, 'a bare specification section: cite docs/spec-conformance.md §N'],
  [/\b[Ii]ssues? #?\d+/, 'a tracker item: say what it means, or cite the docs/ page that does'],
];
const ANY = new RegExp(OUTSIDE.map(([re]) => re.source).join('|'));

/**
 * Files other changes still have to rewrite. Remove a file from this list once its comments
 * cite only the repository; the last test below fails while a listed file is already clean.
 */
const PENDING: ReadonlySet<string> = new Set([
  'apps/server/src/analysis/handler.ts',
  'apps/server/src/app.ts',
  'apps/server/src/auth/api-key-routes.ts',
  'apps/server/src/auth/routes.ts',
  'apps/server/src/billing/cashfree-routes.ts',
  'apps/server/src/billing/coupons.ts',
  'apps/server/src/billing/location.ts',
  'apps/server/src/billing/paypal-routes.ts',
  'apps/server/src/billing/routes.ts',
  'apps/server/src/docgen/handler.ts',
  'apps/server/src/docgen/routes.ts',
  'apps/server/src/docsets/auto.ts',
  'apps/server/src/docsets/routes.ts',
  'apps/server/src/jobs/engine.ts',
  'apps/server/src/jobs/log-bus.ts',
  'apps/server/src/jobs/queue.ts',
  'apps/server/src/jobs/store.ts',
  'apps/server/src/oauth/routes.ts',
  'apps/server/src/users/routes.ts',
  'apps/server/src/vendors/git/url.ts',
  'apps/server/src/vendors/hosted-types.ts',
  'apps/server/src/vendors/routes.ts',
  'apps/server/src/vendors/sync.ts',
  'apps/server/src/webhooks/auto-docs.ts',
  'apps/server/src/webhooks/dispatch.ts',
  'apps/web/src/jobs/JobsPage.test.tsx',
  'apps/web/src/jobs/JobsPage.tsx',
  'apps/web/src/jobs/JobsTable.test.tsx',
  'apps/web/src/jobs/JobsTable.tsx',
  'apps/web/src/jobs/api.ts',
  'apps/web/src/jobs/constants.ts',
  'apps/web/src/jobs/jobDisplay.ts',
  'apps/web/src/jobs/jobLabels.test.tsx',
  'apps/web/src/jobs/jobLabels.ts',
  'apps/web/src/jobs/jobsQuery.ts',
  'apps/web/src/jobs/polling.test.tsx',
  'apps/web/src/jobs/useRefreshedJobs.ts',
  'packages/analyzer/src/engine/analyze.ts',
  'packages/analyzer/src/engine/doc-history.ts',
  'packages/analyzer/src/engine/entries.ts',
  'packages/analyzer/src/engine/formatting-hunk.ts',
  'packages/analyzer/src/engine/history.ts',
  'packages/analyzer/src/engine/test-files.ts',
  'packages/analyzer/src/functions/contract.ts',
  'packages/docgen/bench/docs.ts',
  'packages/docgen/bench/roundtrip.ts',
  'packages/docgen/src/diagrams.ts',
  'packages/docgen/src/enrich.ts',
  'packages/docgen/src/facts/cache.ts',
  'packages/docgen/src/facts/imports.ts',
  'packages/docgen/src/facts/index.ts',
  'packages/docgen/src/facts/models.ts',
  'packages/docgen/src/facts/routes.ts',
  'packages/docgen/src/gate.ts',
  'packages/docgen/src/generate.ts',
  'packages/docgen/src/index.ts',
  'packages/docgen/src/languages.ts',
  'packages/docgen/src/model.ts',
  'packages/docgen/src/openapi.ts',
  'packages/docgen/src/pages/api.ts',
  'packages/docgen/src/pages/arch-more.ts',
  'packages/docgen/src/pages/arch.ts',
  'packages/docgen/src/pages/blocks.ts',
  'packages/docgen/src/render/pdf.ts',
  'packages/docgen/src/render/rst.ts',
  'packages/docgen/src/repo.ts',
  'packages/docgen/src/search.ts',
  'packages/docgen/test/docset-sources.test.ts',
  'packages/docgen/test/enrich.test.ts',
  'packages/docgen/test/formats.test.ts',
  'packages/docgen/test/html-search.test.ts',
]);

/** Only files with a raw match are parsed (~100 of them), but on a busy machine that takes a while. */
const PARSE_TIMEOUT = 60_000;

interface Hit {
  file: string;
  line: number;
  text: string;
  why: string;
}

/** The comments of a source text that cite something outside the repository. */
export function outsideReferences(file: string, text: string): Hit[] {
  if (!ANY.test(text)) return [];
  const hits: Hit[] = [];
  for (const c of commentsOf(file, text)) {
    c.text.split('\n').forEach((line, i) => {
      const found = OUTSIDE.find(([re]) => re.test(line));
      if (found) hits.push({ file, line: c.line + i, text: line.trim(), why: found[1] });
    });
  }
  return hits;
}

describe('comments cite only the repository', () => {
  const files = sourceFiles();

  it('finds a reference in a comment and not in a string, template or regular expression', () => {
    const text = [
      "const a = 'see issue 12'; // plain",
      'const b = `DESIGN.md ${a} spec §4`;',
      'const c = /issue 3/;',
      '/** The rule of DESIGN.md §5. */',
      'function f() {',
      '  return <div>{/* spec §2 */}</div>;',
      '  // after issue #7',
      '}',
      '/* docs/spec-conformance.md §4 and docs/design.md are inside */',
    ].join('\n');
    expect(outsideReferences('x.tsx', text).map((h) => h.line)).toEqual([4, 6, 7]);
  });

  it('no source comment outside the pending list cites DESIGN.md, DOCGEN.md, a bare spec section or an issue number', () => {
    const hits = files.filter((f) => !PENDING.has(f)).flatMap((f) => outsideReferences(f, readSource(f)));
    expect(hits.map((h) => `${h.file}:${h.line}: ${h.text} — ${h.why}`)).toEqual([]);
  }, PARSE_TIMEOUT);

  it('the pending list names only files that exist and still cite something outside', () => {
    const all = new Set(files);
    const clean = [...PENDING].filter((f) => !all.has(f) || outsideReferences(f, readSource(f)).length === 0);
    expect(clean).toEqual([]);
  }, PARSE_TIMEOUT);
});
