import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanPython } from '../../src/functions/python-scanner.ts';
import { pythonFragment } from '../../src/engine/python-fragment.ts';
import { pythonStdlibDir } from '../helpers/python-ast.ts';

/**
 * The fragment must give exactly what a scan of the whole file gives for that function (code,
 * lines relative to the def, doc, signature facts), or be refused. Checked on every function of
 * hand-written tricky cases and of the whole installed standard library.
 */

type Scanned = NonNullable<ReturnType<typeof scanPython>>[number];

// Not the scope: a module's __all__ makes its classes' methods private, and the history pass
// never reads an old version's scope.
const comparable = (fn: Scanned) => ({ name: fn.name, content: fn.content, docstring: fn.docstring, lines: fn.endLine - fn.startLine, docFacts: fn.docFacts, complexity: fn.complexity });

/** For each function of `text` with a unique name: 'same', 'refused', or a difference. */
function check(text: string): { same: number; refused: number; wrong: Array<{ name: string; want: unknown; got: unknown }> } {
  const whole = scanPython(text, { signatureFacts: true });
  const result = { same: 0, refused: 0, wrong: [] as Array<{ name: string; want: unknown; got: unknown }> };
  if (!whole) return result;
  const counts = new Map<string, number>();
  for (const fn of whole) counts.set(fn.name, (counts.get(fn.name) ?? 0) + 1);
  const names = new Set(whole.map((fn) => fn.name));
  for (const fn of whole) {
    if (counts.get(fn.name) !== 1) continue;
    const fragment = pythonFragment(text, fn.name, (prefix) => names.has(prefix));
    const found = fragment ? scanPython(fragment.text, { signatureFacts: true })?.filter((f) => f.name === fn.name) : null;
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
    // top holds a string with a line at column 0: the cut falls inside it and the scanner
    // rejects the fragment (the whole version is scanned instead). below, at the top level, is
    // placed whatever lies above it.
    expect(result).toMatchObject({ same: 5, refused: 1 });
    // A method below such a line cannot be placed (the line could be code): refused.
    expect(pythonFragment(`${text}\nclass C:\n    def m(self):\n        return 3\n`.replace('def below', 'def below_'), 'C.m', () => false)).not.toBeNull();
    expect(pythonFragment(text.replace('def below():\n    return 2', 'class C:\n    x = """\nraw\n"""\n    def m(self):\n        return 3'), 'C.m', () => false)).toBeNull();
  });

  it('refuses what it cannot place: two definitions of one path, a decorator above a blank line', () => {
    const twice = 'if PY2:\n    def f(a):\n        return a\nelse:\n    def f(a, b):\n        return b\n';
    expect(pythonFragment(twice, 'f', () => false)).toBeNull();
    const blank = '@outer\n\n@inner\ndef f():\n    return 1\n';
    expect(pythonFragment(blank, 'f', () => false)).toBeNull();
    expect(pythonFragment('def g():\n    return 1\n', 'f', () => false)).toBeNull();
  });

  it('agrees with the whole scan on every function of the installed standard library', () => {
    const dir = pythonStdlibDir();
    let same = 0;
    let refused = 0;
    const wrong: unknown[] = [];
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.py')).sort()) {
      const result = check(readFileSync(path.join(dir, name), 'utf8'));
      same += result.same;
      refused += result.refused;
      wrong.push(...result.wrong.map((w) => ({ file: name, ...w })));
    }
    expect(wrong).toEqual([]);
    // Most functions are cut out; the rest fall back to the whole scan.
    expect(same).toBeGreaterThan(2000);
    expect(refused / (same + refused)).toBeLessThan(0.1);
    console.log(`python fragments, standard library: ${same} same as the whole scan, ${refused} refused`);
  }, 60_000);
});
