/**
 * docs/spec-conformance.md keeps itself honest: every test file a row's "proved by" column cites
 * exists, and every test name it quotes ("…" marks an elided part) is written in one of the files
 * that row cites. A row that names a test which was renamed or removed fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const TEST_FILE = /^[\w./-]+\.(?:test|spec)\.tsx?$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', 'test-results', 'playwright-report', 'data']);

function testFiles(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) {
      if (!SKIP_DIRS.has(e.name)) testFiles(path.join(dir, e.name), out);
    } else if (/\.(?:test|spec)\.tsx?$/.test(e.name)) out.push(path.relative(root, path.join(dir, e.name)));
  }
  return out;
}

interface Citation {
  line: number;
  files: string[];
  names: string[];
}

/** The "proved by" cell of each table row: cited test files (in backticks) and quoted test names. */
function citations(markdown: string): Citation[] {
  const rows: Citation[] = [];
  markdown.split('\n').forEach((text, i) => {
    if (!text.startsWith('|') || /^\|\s*-/.test(text)) return;
    const cells = text.split(/(?<!\\)\|/).slice(1, -1);
    const proved = cells.at(-1) ?? '';
    const quoted = [...proved.matchAll(/`([^`]+)`/g)].map((m) => m[1]!.replace(/:\d+$/, '')).filter((f) => TEST_FILE.test(f));
    // a spec file may also be named in passing, without backticks or extension ("repositories.spec")
    const named = [...proved.replace(/`[^`]*`|"[^"]*"/g, '').matchAll(/\b([\w-]+\.(?:spec|test))\b(?!\.)/g)].map((m) => m[1]!);
    const files = [...quoted, ...named];
    const names = [...proved.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
    if (files.length > 0 || names.length > 0) rows.push({ line: i + 1, files, names });
  });
  return rows;
}

describe('docs/spec-conformance.md', () => {
  const all = testFiles(root);
  const byName = new Map<string, string[]>();
  for (const f of all) byName.set(path.basename(f), [...(byName.get(path.basename(f)) ?? []), f]);
  // a cited path may be relative to its package's folder (`repositories/grouping.test.ts`)
  const resolve = (cited: string): string[] => {
    if (!/\.tsx?$/.test(cited)) return [...(byName.get(`${cited}.ts`) ?? []), ...(byName.get(`${cited}.tsx`) ?? [])];
    return cited.includes('/') ? all.filter((f) => f === cited || f.endsWith(`/${cited}`)) : (byName.get(cited) ?? []);
  };
  const rows = citations(readFileSync(path.join(root, 'docs/spec-conformance.md'), 'utf8'));
  const source = new Map<string, string>();
  // test names as the reader sees them: `user\'s` in a single-quoted name reads user's
  const read = (f: string): string =>
    source.get(f) ?? (source.set(f, readFileSync(path.join(root, f), 'utf8').replaceAll("\\'", "'")), source.get(f)!);

  it('cites only test files that exist', () => {
    const missing = rows.flatMap((r) => r.files.filter((f) => resolve(f).length === 0).map((f) => `line ${r.line}: ${f}`));
    expect(missing).toEqual([]);
  });

  it('quotes only test names written in a file the row cites', () => {
    const unfound: string[] = [];
    for (const r of rows) {
      const files = r.files.flatMap(resolve);
      for (const name of r.names) {
        // "…" elides part of a long name; each written part must be in one of the row's files
        const parts = name
          .split('…')
          .map((p) => p.trim())
          .filter((p) => p.length >= 4);
        const found = files.some((f) => parts.every((p) => read(f).includes(p)));
        if (!found) unfound.push(`line ${r.line}: "${name}"`);
      }
    }
    expect(unfound).toEqual([]);
  });
});
