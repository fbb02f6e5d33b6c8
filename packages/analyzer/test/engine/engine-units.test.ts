import { describe, expect, it } from 'vitest';
import { compactFunctions, hydrateFunctions } from '../../src/engine/function-content.ts';
import { complexityCategory, isUrgent } from '../../src/engine/entries.ts';
import { gitBlobId } from '../../src/engine/blob-id.ts';
import { isTestFile, isUnderDocsDirectory } from '../../src/engine/test-files.ts';
import { changedAfterDoc } from '../../src/engine/doc-history.ts';
import type { ParsedFunctionLike } from '../../src/engine/types.ts';

const fn = (over: Partial<ParsedFunctionLike>): ParsedFunctionLike => ({
  name: 'f',
  startLine: 1,
  endLine: 1,
  content: '',
  docstring: null,
  docStartLine: null,
  docEndLine: null,
  scope: 'public',
  complexity: 1,
  outdated: { status: 'CURRENT', explanation: '' },
  docFacts: null,
  ...over,
});

describe('cached function content', () => {
  it('stores offsets instead of code and restores it exactly (indent, CRLF, no final newline, odd content)', () => {
    const text = 'class A:\r\n    def m(self):\r\n        return 1\r\n\r\ndef g(): return 2';
    const fns = [
      fn({ name: 'm', startLine: 2, endLine: 3, content: 'def m(self):\r\n        return 1' }),
      fn({ name: 'g', startLine: 5, endLine: 5, content: 'def g(): return 2' }),
      fn({ name: 'weird', startLine: 1, endLine: 1, content: 'not in the source' }),
    ];
    const stored = compactFunctions(text, fns);
    expect(stored[0]).toMatchObject({ cs: 4, ce: 1 }); // skips the indent and the trailing \r
    expect(stored[0]).not.toHaveProperty('content');
    expect(stored[2]).toMatchObject({ content: 'not in the source' });
    expect(hydrateFunctions(text, JSON.parse(JSON.stringify(stored)))).toEqual(fns);
    // Without the source (file changed since), content is empty rather than wrong.
    expect(hydrateFunctions(null, stored)[0]!.content).toBe('');
  });
});

describe('metric rules', () => {
  it('complexity categories: low ≤ 5, medium 6–10, high > 10', () => {
    expect([1, 5, 6, 10, 11].map(complexityCategory)).toEqual(['low', 'low', 'medium', 'medium', 'high']);
  });

  it('urgent: undocumented, public, high — or medium and ≥ 50 lines', () => {
    const base = { docstring: null, scope: 'public' as const, startLine: 1 };
    expect(isUrgent({ ...base, complexity: 11, endLine: 3 })).toBe(true);
    expect(isUrgent({ ...base, complexity: 6, endLine: 50 })).toBe(true); // 50 lines
    expect(isUrgent({ ...base, complexity: 6, endLine: 49 })).toBe(false);
    expect(isUrgent({ ...base, complexity: 5, endLine: 500 })).toBe(false);
    expect(isUrgent({ ...base, complexity: 20, endLine: 3, scope: 'private' })).toBe(false);
    expect(isUrgent({ ...base, complexity: 20, endLine: 3, docstring: 'x' })).toBe(false);
  });

  it('test-file rule (docs/design.md)', () => {
    const tests = [
      'test/a.py',
      'src/tests/b.ts',
      'x/__tests__/c.js',
      'test_x.py',
      'pkg/x_test.py',
      'x_test.go',
      'a.test.ts',
      'b.spec.js',
      'FooTest.java',
      'FooTests.java',
      'conftest.py',
    ];
    const notTests = [
      'src/testing.py',
      'latest.py',
      'contest.py',
      'src/attest/a.py',
      'x_test.rb',
      'Testimony.java',
      'spec.md',
      'src/protest.ts',
    ];
    expect(tests.filter(isTestFile)).toEqual(tests);
    expect(notTests.filter(isTestFile)).toEqual([]);
    expect(['doc/a.py', 'x/docs/b.py', 'Docs/c.py'].every(isUnderDocsDirectory)).toBe(true);
    expect(['docs.py', 'src/doctor/a.py', 'documentation.py'].some(isUnderDocsDirectory)).toBe(false);
  });

  it('git blob id matches `git hash-object`', () => {
    // printf 'hello\n' | git hash-object --stdin
    expect(gitBlobId(Buffer.from('hello\n'))).toBe('ce013625030ba8dba906f756967f9e9ca394464a');
    expect(gitBlobId(new Uint8Array())).toBe('e69de29bb2d1d6434b8b29ae775ad8c2e48c5391');
  });
});

describe('history candidates', () => {
  // Lines 1–2 doc (commit 0, 2025-11-20), lines 3–5 body; line 4 changed in commit 1 (2026-03-02).
  const summary = {
    key: 'k',
    commits: [
      ['aaaaaaa', Date.UTC(2025, 10, 20) / 1000],
      ['bbbbbbb', Date.UTC(2026, 2, 2) / 1000],
      ['^ccccccc', Date.UTC(2024, 0, 1) / 1000],
    ] as Array<[string, number]>,
    runs: [1, 3, 0, 4, 1, 1, 5, 1, 0, 10, 3, 2],
  };
  const at = (startLine: number, endLine: number, docStartLine: number, docEndLine: number) =>
    fn({ startLine, endLine, docStartLine, docEndLine, docstring: 'doc' });
  it('finds a body changed after its doc, with both commits', () => {
    expect(changedAfterDoc(summary, at(1, 5, 1, 2))).toEqual({
      doc: { sha: 'aaaaaaa', time: Date.UTC(2025, 10, 20) / 1000 },
      body: { sha: 'bbbbbbb', time: Date.UTC(2026, 2, 2) / 1000 },
    });
  });
  it('is silent when the doc is as new as the body', () => {
    expect(changedAfterDoc(summary, at(1, 3, 1, 2))).toBeNull();
  });
  it('reads a doc older than the history window as written at the boundary', () => {
    // Doc at lines 10–11 (boundary), body line 12 (boundary too) → same time → nothing to judge;
    // a body line from commit 1 makes it a candidate, the doc dated at the boundary commit.
    expect(changedAfterDoc(summary, at(10, 12, 10, 11))).toBeNull();
    const mixed = { ...summary, runs: [...summary.runs, 13, 1, 1] };
    expect(changedAfterDoc(mixed, at(10, 13, 10, 11))?.doc).toEqual({ sha: '^ccccccc', time: Date.UTC(2024, 0, 1) / 1000 });
  });
});
