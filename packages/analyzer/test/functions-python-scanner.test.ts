import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { extractWithTreeSitter } from '../src/functions/index.ts';
import { scanPython } from '../src/functions/python-scanner.ts';
import { pythonStdlibDir, runPythonAstOracle } from './helpers/python-ast.ts';

/**
 * The Python scanner must give exactly what the tree-sitter path gives, or decline (null) so that
 * tree-sitter decides. Checked three ways: against the tree-sitter path on real code, against
 * python3's `ast` (names, end lines, docstrings), and on hand-written cases with hand-counted
 * figures. (bench/compare-python-scanner.ts runs the first check over whole folders.)
 */

const fixtureDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'functions', 'python');

function stdlibSample(step: number): string[] {
  const dir = pythonStdlibDir();
  const names = readdirSync(dir)
    .filter((n) => n.endsWith('.py'))
    .sort();
  return names.filter((_, i) => i % step === 1).map((n) => path.join(dir, n));
}

function scan(source: string): NonNullable<ReturnType<typeof scanPython>> {
  const result = scanPython(source);
  if (result === null) throw new Error('scanner declined');
  return result;
}

describe('Python scanner agrees with the tree-sitter path', () => {
  it('on the fixtures and a quarter of the standard library, file by file', async () => {
    const files = [
      ...readdirSync(fixtureDir)
        .filter((n) => n !== 'syntax_error.py')
        .map((n) => path.join(fixtureDir, n)),
      ...stdlibSample(4),
    ];
    let scanned = 0;
    let functions = 0;
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      const fast = scanPython(source);
      if (fast === null) continue;
      scanned++;
      functions += fast.length;
      expect({ file, fast }).toEqual({ file, fast: await extractWithTreeSitter(source, 'Python', file) });
    }
    // The scanner must actually take most files, or it saves nothing.
    expect(scanned).toBeGreaterThan(files.length * 0.9);
    expect(functions).toBeGreaterThan(1000);
  }, 120_000);

  it('hand-written corner cases, each also checked against tree-sitter', async () => {
    const cases = [
      // lambda commas inside a default value are not parameter separators
      'def f(a, key=lambda x, y: x, *args, b: int = 2, **kw) -> None:\n    """Doc.\n\n    Args:\n        a: x\n    """\n',
      // one-line bodies, `;`, decorators with comments between, async
      '@dec  # c\n# between\n@other(a if b else c)\nasync def g(): return 1; pass\nclass K: pass\n',
      // stub bodies and return checks
      'def stub():\n    """Returns:\n        int: x\n    """\n    raise NotImplementedError\ndef gen():\n    """Returns:\n        int: x\n    """\n    yield 1\n',
      // f-string fields with decision keywords count
      'def fs(x):\n    return f"{x if x else 0} {[i for i in x if i]} {{literal if}}"\n',
      // __all__ forms
      '__all__ = ["pub"] + ["also"]\n__all__ += ("more",)\n__all__.append("late")\ndef pub(): pass\ndef hidden(): pass\ndef late(): pass\n',
      // docstring variants: parenthesised, concatenated, escapes, raw
      'def d1():\n    ("a"\n     "b")\ndef d2():\n    "tab\\there \\x41 \\N{DASH}"\ndef d3():\n    r"raw \\n"\n',
      // comments after the last statement do not belong to the function
      'def tail():\n    x = 1\n    # trailing\n\n# outside\nx = 2\n',
      // match statements: wildcard arms, guards, nested matches, `match`/`case` as plain names
      'def m(x, y):\n    match x:\n        case 1 | 2:\n            return 1\n        case [a, *rest] if a:\n            match y:\n                case {"k": v}: return v\n                case _: pass\n        case _ if y:\n            return 2\n        case _:\n            return 3\n    match = {1: 2}\n    case = match\n    return case\n',
      // nested classes and functions, private names, CRLF line ends
      'class _P:\r\n    def m(self):\r\n        def inner(): pass\r\n        return inner\r\n',
    ];
    for (const source of cases) {
      expect({ source, fast: scan(source) }).toEqual({ source, fast: await extractWithTreeSitter(source, 'Python', 'case.py') });
    }
  });

  it('figures counted by hand', () => {
    const [fs] = scan('def fs(x):\n    return f"{x if x else 0} {[i for i in x if i]} {{literal if}}"\n');
    expect(fs!.complexity).toBe(1 + 3); // ternary if, comprehension for, comprehension if
    const byName = new Map(
      scan('__all__ = ["pub"] + ["also"]\n__all__.append("late")\ndef pub(): pass\ndef hidden(): pass\ndef late(): pass\n').map((f) => [
        f.name,
        f.scope,
      ]),
    );
    expect(Object.fromEntries(byName)).toEqual({ pub: 'public', hidden: 'private', late: 'public' });
    const [f] = scan('def f(a, key=lambda x, y: x, *args, b=2, **kw):\n    """Doc.\n\n    Args:\n        a: x\n    """\n');
    expect(f!.outdated.status).toBe('CURRENT');
    expect(f!.docFacts?.missingParams).toEqual(['key', 'b']);
    const [tail] = scan('def tail():\n    x = 1\n    # trailing\n\nx = 2\n');
    expect([tail!.startLine, tail!.endLine, tail!.content]).toEqual([1, 2, 'def tail():\n    x = 1']);
    const returnsDoc = '"""Do.\n\n    Returns:\n        int: x\n    """';
    const [stub, gen, none] = scan(
      `def stub():\n    ${returnsDoc}\n    raise NotImplementedError\ndef gen():\n    ${returnsDoc}\n    yield 1\ndef none():\n    ${returnsDoc}\n    print(1)\n`,
    );
    expect([stub!.outdated.status, gen!.outdated.status, none!.outdated.status]).toEqual(['CURRENT', 'CURRENT', 'OUTDATED']);
  });

  it('counts match arms but not the wildcard arm (counted by hand)', () => {
    const [m] = scan(
      'def m(x, y):\n    match x:\n        case 1 | 2:\n            return 1\n        case [a, *rest] if a:\n            match y:\n                case {"k": v}: return v\n                case _: pass\n        case _ if y:\n            return 2\n        case _:\n            return 3\n',
    );
    // 1 + `case 1 | 2` + `case [a, *rest]` + its `if` + `case {"k": v}` + the guard's `if` = 6
    expect(m!.complexity).toBe(6);
  });

  it('declines what it does not model, so tree-sitter decides', () => {
    const declined = [
      'def f():\n\treturn 1\n', // tab indentation
      'def f(x):\n    match x:\n        y = 1\n', // a match block without case clauses
      'case: int = 1\n', // `case` as an annotated name outside a match
      'def f(:\n    pass\n', // syntax error
      'def f[T](x: T) -> T:\n    return x\n', // PEP 695
      'def f():\r    return 1\r', // lone CR line ends
      'def f(x):\n    return f"{(lambda: 1)()}"\n', // lambda in an f-string field
      'def f(a, (b, c)):\n    pass\n', // Python 2 tuple parameter
      'def f():\n    """doc""",\n', // a one-element tuple: ast and tree-sitter disagree
      'def f():\n    x = 1\n      y = 2\n', // unexpected indent
      'def f():\n    return 1if x else 2\n', // number glued to a keyword
      '\ufeffdef f(): pass\n', // byte order mark
    ];
    for (const source of declined) expect({ source, result: scanPython(source) }).toEqual({ source, result: null });
  });

  it('never throws on hostile input', () => {
    const nasty = [
      '((((('.repeat(20_000),
      '"""unterminated',
      "x = '\n",
      '\\',
      '@\n',
      'def',
      '['.repeat(100_000) + ']'.repeat(100_000),
      '__all__ = ' + '['.repeat(50_000) + ']'.repeat(50_000),
    ];
    // No timing assertion (speed is the benchmark's business): quadratic work on these 100–200 KB
    // inputs would take tens of seconds and trip the test timeout (nested `__all__` brackets once did).
    for (const source of nasty) expect(() => scanPython(source)).not.toThrow();
  }, 10_000);
});

describe('Python scanner agrees with python3 ast', () => {
  it('names, end lines and docstrings on the fixtures and a sample of the standard library', () => {
    const files = [path.join(fixtureDir, 'billing.py'), path.join(fixtureDir, 'tricky.py'), ...stdlibSample(6)];
    const oracle = runPythonAstOracle(files);
    let compared = 0;
    let functions = 0;
    for (const file of files) {
      const expected = oracle[file];
      const got = scanPython(readFileSync(file, 'utf8'));
      if (!expected || !got) continue;
      const key = (name: string, end: number, doc: string | null): string => `${name}:${end}:${JSON.stringify(doc)}`;
      expect({ file, functions: got.map((f) => key(f.name.split('.').pop()!, f.endLine, f.docstring)).sort() }).toEqual({
        file,
        functions: expected.map(([n, e, d]) => key(n, e, d)).sort(),
      });
      compared++;
      functions += expected.length;
    }
    expect(compared).toBeGreaterThan(files.length * 0.85);
    expect(functions).toBeGreaterThan(500);
    // tricky.py indents one function with a tab, so it goes to tree-sitter; without the tab it
    // is scanned. billing.py (with a match statement) is scanned.
    expect(scanPython(readFileSync(path.join(fixtureDir, 'tricky.py'), 'utf8'))).toBeNull();
    expect(scanPython(readFileSync(path.join(fixtureDir, 'billing.py'), 'utf8'))?.length).toBe(13);
    expect(scanPython(readFileSync(path.join(fixtureDir, 'tricky.py'), 'utf8').replace(/\t/g, '    '))?.length).toBe(20);
  });
});
