import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractWithoutParser } from '../../src/functions/index.ts';
import { indexDefs, pythonFragment } from '../../src/engine/python-fragment.ts';
import { pythonStdlibDir } from '../helpers/python-ast.ts';

/**
 * The fragment must give exactly what a scan of the whole file gives for that function (code,
 * lines relative to the def, doc, signature facts), or be refused. Checked on every function of
 * hand-written tricky cases and of the whole installed standard library.
 */

type Scanned = NonNullable<ReturnType<typeof extractWithoutParser>>[number];

/** What the engine runs on Python text: the scanner, without typing.overload stubs. */
const scan = (text: string) => extractWithoutParser(text, 'Python', { signatureFacts: true });

// Not the scope: a module's __all__ makes its classes' methods private, and the history pass
// never reads an old version's scope.
const comparable = (fn: Scanned) => ({
  name: fn.name,
  content: fn.content,
  docstring: fn.docstring,
  lines: fn.endLine - fn.startLine,
  docFacts: fn.docFacts,
  complexity: fn.complexity,
});

/** For each function of `text` with a unique name: 'same', 'refused', or a difference. */
function check(text: string): { same: number; refused: number; wrong: Array<{ name: string; want: unknown; got: unknown }> } {
  const whole = scan(text);
  const result = { same: 0, refused: 0, wrong: [] as Array<{ name: string; want: unknown; got: unknown }> };
  if (!whole) return result;
  const counts = new Map<string, number>();
  for (const fn of whole) counts.set(fn.name, (counts.get(fn.name) ?? 0) + 1);
  const names = new Set(whole.map((fn) => fn.name));
  const defs = indexDefs(text);
  for (const fn of whole) {
    if (counts.get(fn.name) !== 1) continue;
    const fragment = pythonFragment(text, fn.name, (prefix) => names.has(prefix), defs);
    // 'absent' for a function the scan found would drop it: always wrong.
    if (fragment === 'absent') {
      result.wrong.push({ name: fn.name, want: 'present', got: 'absent' });
      continue;
    }
    const found = fragment ? scan(fragment.text)?.filter((f) => f.name === fn.name) : null;
    if (!found || found.length !== 1) {
      result.refused++;
      continue;
    }
    const want = comparable(fn);
    const got = comparable(found[0]!);
    if (JSON.stringify(want) === JSON.stringify(got)) result.same++;
    else result.wrong.push({ name: fn.name, want, got });
  }
  return result;
}

describe('pythonFragment', () => {
  it('a file that opens with a blank line: the walk up from a def stops at the first line', () => {
    const text = '\n# a comment\n\ndef f(x):\n    return x\n';
    expect(check(text)).toEqual({ same: 1, refused: 0, wrong: [] });
  });
  it('cuts decorated, nested, split-header and conditional functions as the whole scan sees them', () => {
    const text = [
      'import x',
      '',
      'class A(',
      '    Base,',
      '):',
      '    """A class."""',
      '',
      '    @property',
      '    # a comment among decorators',
      '    @functools.lru_cache(',
      '        maxsize=None,',
      '    )',
      '    def f(',
      '        self,',
      '        a: int = 1,',
      '    ) -> int:',
      '        """Doc of f."""',
      '        return a',
      '',
      '    if TYPE_CHECKING:',
      '        def g(self, b):',
      '            """Doc of g."""',
      '            def inner():',
      '                return b',
      '            return inner',
      '',
      '    class B:',
      '        async def h(self, *args, **kw):',
      '            """Doc of h."""',
      '            x = 1 + \\',
      '                2',
      '            return x',
      '',
      'def top(c):',
      '    """Top."""',
      '    sql = """',
      'SELECT 1',
      '"""',
      '    return c',
      '',
      'def below():',
      '    return 2',
    ].join('\n');
    const result = check(text);
    expect(result.wrong).toEqual([]);
    // top holds a string with a line at column 0: known as string text, not a dedent.
    expect(result).toMatchObject({ same: 6, refused: 0 });
    // Brackets are not followed: a continuation line at column 0 could be a statement, so a
    // method below it cannot be placed, and is refused (the whole version is scanned instead).
    const bracket = 'class C:\n    x = foo(\n1)\n    def m(self):\n        return 3\n';
    expect(pythonFragment(bracket, 'C.m', () => false)).toBeNull();
    expect(check(bracket)).toMatchObject({ same: 0, refused: 1 });
    // typing.overload stubs are not functions: the implementation is cut out.
    const overloads =
      '@overload\ndef f(a: int) -> int: ...\n\n\n@typing.overload\ndef f(a: str) -> str: ...\n\n\ndef f(a):\n    """Doc of f."""\n    return a\n';
    expect(check(overloads)).toMatchObject({ same: 1, refused: 0, wrong: [] });
    // An example in a docstring is not a definition.
    const example = 'def g():\n    """Use it so::\n\n        def g():\n            pass\n    """\n    return 1\n';
    expect(check(example)).toMatchObject({ same: 1, refused: 0, wrong: [] });
    // A triple quote inside a one-line string or a comment opens no string.
    const quotes =
      'class C:\n    def a(self, line):\n        # """ in a comment\n        return line[:3] == \'"""\'\n\n    def b(self):\n        """Doc of b."""\n        return 2\n';
    expect(check(quotes)).toMatchObject({ same: 2, refused: 0, wrong: [] });
  });

  it('refuses what it cannot place: two definitions of one path, a decorator above a blank line', () => {
    const twice = 'if PY2:\n    def f(a):\n        return a\nelse:\n    def f(a, b):\n        return b\n';
    expect(pythonFragment(twice, 'f', () => false)).toBeNull();
    const blank = '@outer\n\n@inner\ndef f():\n    return 1\n';
    expect(pythonFragment(blank, 'f', () => false)).toBeNull();
    expect(pythonFragment('def g():\n    return 1\n', 'f', () => false)).toBe('absent');
    // Renamed class: the method is not in this version under its new path.
    expect(pythonFragment('class Old:\n    def m(self):\n        return 1\n', 'New.m', () => false)).toBe('absent');
  });

  it('agrees with the whole scan on every function of the installed standard library', () => {
    const dir = pythonStdlibDir();
    let same = 0;
    let refused = 0;
    const wrong: unknown[] = [];
    for (const name of readdirSync(dir)
      .filter((n) => n.endsWith('.py'))
      .sort()) {
      const result = check(readFileSync(path.join(dir, name), 'utf8'));
      same += result.same;
      refused += result.refused;
      wrong.push(...result.wrong.map((w) => ({ file: name, ...w })));
    }
    expect(wrong).toEqual([]);
    // Nearly every function is cut out; the rest fall back to the whole scan.
    expect(same).toBeGreaterThan(2000);
    expect(refused / (same + refused)).toBeLessThan(0.02);
    console.log(`python fragments, standard library: ${same} same as the whole scan, ${refused} refused`);
  }, 60_000);
});
