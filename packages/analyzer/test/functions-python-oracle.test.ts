import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { extractFunctions } from '../src/functions/index.ts';
import { pythonStdlibDir, runPythonAstOracle } from './helpers/python-ast.ts';

/**
 * Python's own `ast` is the reference: every def/async def it sees must be found, with the
 * same end line, and "documented" must equal `ast.get_docstring(node) is not None` — the
 * docstring text must even be equal. The corpus is the fixtures plus a sample of the installed
 * standard library (real code, different on every Python version).
 */

function stdlibSample(): string[] {
  const dir = pythonStdlibDir();
  const names = readdirSync(dir)
    .filter((n) => n.endsWith('.py'))
    .sort();
  // Every 8th module: ~20 files of varied real code, deterministic for one Python version.
  return names.filter((_, i) => i % 8 === 0).map((n) => path.join(dir, n));
}

const fixtureDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'functions', 'python');

async function compare(files: string[]): Promise<{ functions: number; documented: number; compared: number }> {
  const oracle = runPythonAstOracle(files);
  let functions = 0;
  let documented = 0;
  let compared = 0;
  for (const file of files) {
    const expected = oracle[file];
    if (expected === null || expected === undefined) continue; // ast cannot parse it: no reference
    const got = await extractFunctions(readFileSync(file, 'utf8'), 'Python', file);
    const key = (name: string, end: number, doc: string | null): string => `${name}:${end}:${JSON.stringify(doc)}`;
    const want = expected.map(([n, e, d]) => key(n, e, d)).sort();
    const have = got.map((f) => key(f.name.split('.').pop()!, f.endLine, f.docstring)).sort();
    expect({ file, functions: have }).toEqual({ file, functions: want });
    functions += want.length;
    documented += expected.filter(([, , d]) => d !== null).length;
    compared++;
  }
  return { functions, documented, compared };
}

describe('Python functions agree with python3 ast', () => {
  it('fixtures, including the tricky cases', async () => {
    const files = readdirSync(fixtureDir).map((n) => path.join(fixtureDir, n));
    const totals = await compare(files);
    expect(totals.compared).toBe(files.length - 1); // syntax_error.py has no ast reference
    expect(totals.functions).toBe(13 + 20); // billing.py + tricky.py
  });

  it('tricky.py counts, checked by hand', async () => {
    const file = path.join(fixtureDir, 'tricky.py');
    const got = await extractFunctions(readFileSync(file, 'utf8'), 'Python', file);
    // counted by hand: 20 defs (nested included, the lambda not), 12 with a str docstring
    expect(got.length).toBe(20);
    expect(got.filter((f) => f.docstring !== null).length).toBe(12);
    const byName = new Map(got.map((f) => [f.name, f]));
    expect(byName.get('empty_docstring')?.docstring).toBe('');
    expect(byName.get('bytes_first')?.docstring).toBeNull();
    expect(byName.get('fstring_first')?.docstring).toBeNull();
    expect(byName.get('concatenated_with_f')?.docstring).toBeNull();
    expect(byName.get('concatenated')?.docstring).toBe('one two');
    expect(byName.get('decorated')?.startLine).toBe(47); // decorators included
    expect(byName.get('decorated.inner.innermost')?.docstring).toBe('Nested docstring.');
    expect(byName.get('Outer.__repr__')?.scope).toBe('public');
    expect(byName.get('Outer.__private')?.scope).toBe('private');
    // `*args`/`**kwargs` entries match the splat parameters; b and c are really undocumented
    // (a doc missing parameters is incomplete, not outdated: docs/metrics/outdated.md)
    expect(byName.get('decorated')?.outdated.status).toBe('CURRENT');
    expect(byName.get('decorated')?.docFacts?.missingParams).toEqual(['b', 'c']);
  });

  it('a file with syntax errors still yields what tree-sitter recovers, without throwing', async () => {
    const file = path.join(fixtureDir, 'syntax_error.py');
    const got = await extractFunctions(readFileSync(file, 'utf8'), 'Python', file);
    expect(got.map((f) => f.name)).toContain('fine');
  });

  it('a sample of the installed standard library', async () => {
    const totals = await compare(stdlibSample());
    expect(totals.compared).toBeGreaterThan(15);
    expect(totals.functions).toBeGreaterThan(300);
    expect(totals.documented).toBeGreaterThan(50);
  });
});
