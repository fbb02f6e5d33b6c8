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
const PENDING: ReadonlySet<string> = new Set([]);

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

  it(
    'no source comment outside the pending list cites DESIGN.md, DOCGEN.md, a bare spec section or an issue number',
    () => {
      const hits = files.filter((f) => !PENDING.has(f)).flatMap((f) => outsideReferences(f, readSource(f)));
      expect(hits.map((h) => `${h.file}:${h.line}: ${h.text} — ${h.why}`)).toEqual([]);
    },
    PARSE_TIMEOUT,
  );

  it(
    'the pending list names only files that exist and still cite something outside',
    () => {
      const all = new Set(files);
      const clean = [...PENDING].filter((f) => !all.has(f) || outsideReferences(f, readSource(f)).length === 0);
      expect(clean).toEqual([]);
    },
    PARSE_TIMEOUT,
  );
});
