import { describe, expect, it } from 'vitest';
import { extractFunctions } from '../../src/functions/index.ts';
import { endsCleanly, fragmentFor, Text } from '../../src/engine/version-fragment.ts';

/** The old version's function as the history pass gets it from a fragment, or null. */
async function viaFragment(now: string, then: string, name: string, language: string, rel: string) {
  const fn = (await extractFunctions(now, language, rel)).find((f) => f.name === name)!;
  const start = Math.min(fn.startLine, fn.docStartLine ?? fn.startLine);
  const end = Math.max(fn.endLine, fn.docEndLine ?? fn.endLine);
  const fragment = fragmentFor(new Text(now), new Text(then), start, end, language);
  if (!fragment) return null;
  const found = (await extractFunctions(fragment.text, language, rel)).filter(
    (f) => f.name === name && f.startLine >= fragment.firstRegionLine && endsCleanly(fragment, f.startLine, f.endLine),
  );
  return found.length === 1 ? { fragment, fn: found[0]! } : null;
}

const JAVA_THEN = `package p;

/** A store. */
public final class Store {
  private int size;

  /**
   * Puts a value.
   * @param key the key
   */
  public void put(String key) {
    size++;
  }

  /** Size. */
  public int size() {
    return size;
  }
}
`;
const JAVA_NOW = JAVA_THEN.replace(
  '  public void put(String key) {\n    size++;\n  }',
  '  public void put(String key, int ttl) {\n    size++;\n    if (ttl < 0) throw new IllegalArgumentException("ttl");\n  }',
).replace('private int size;', 'private int size;\n  private final Object lock = new Object();');

describe('old versions as fragments', () => {
  it('Java: the method with its class line, parsed as the whole old file parses it', async () => {
    const got = await viaFragment(JAVA_NOW, JAVA_THEN, 'Store.put', 'Java', 'Store.java');
    expect(got).not.toBeNull();
    expect(got!.fragment.text.split('\n')[0]).toBe('public final class Store {');
    expect(got!.fragment.text).not.toContain('size()'); // only the one method
    const whole = (await extractFunctions(JAVA_THEN, 'Java', 'Store.java')).find((f) => f.name === 'Store.put')!;
    expect(got!.fn.content).toBe(whole.content);
    expect(got!.fn.docFacts?.signature?.names).toEqual(['key']);
  });

  it('Go: a top-level function whose signature changed is found between the lines around it', async () => {
    const then =
      'package gin\n\n// Handle serves one request.\nfunc Handle(c *Context) {\n\tc.Next()\n}\n\n// Other is unrelated.\nfunc Other() {}\n';
    const now = then.replace('func Handle(c *Context) {', 'func Handle(c *Context, opts Options) {\n\tc.apply(opts)');
    const got = await viaFragment(now, then, 'Handle', 'Go', 'gin.go');
    expect(got!.fn.docFacts?.signature?.names).toEqual(['c']);
    expect(got!.fn.content).toContain('c.Next()');
    expect(got!.fn.content).not.toContain('opts');
  });

  it('C#: braces on their own lines and #if lines above the class are understood', async () => {
    const then = [
      'namespace N',
      '{',
      '#if !NET20',
      '    internal interface I',
      '    {',
      '    }',
      '#endif',
      '',
      '    public class Conv',
      '    {',
      '        /// <summary>Writes.</summary>',
      '        /// <param name="w">The writer.</param>',
      '        public void Write(Writer w)',
      '        {',
      '            w.Flush();',
      '        }',
      '    }',
      '}',
      '',
    ].join('\n');
    const now = then.replace('            w.Flush();', '            w.Flush();\n            w.Close();');
    const got = await viaFragment(now, then, 'Conv.Write', 'C#', 'Conv.cs');
    expect(got).not.toBeNull();
    expect(got!.fragment.text.startsWith('namespace N {\n    public class Conv {\n')).toBe(true);
    expect(got!.fn.content).not.toContain('Close');
  });

  it('picks the overload at the same place, where counting namesakes would pick another', async () => {
    const then = 'class A {\n  /** One. */\n  void f(int a) {\n    g(a);\n  }\n}\n';
    // A new overload above, and the old one's body changed.
    const now = 'class A {\n  /** Zero. */\n  void f() {\n    f(0);\n  }\n\n  /** One. */\n  void f(int a) {\n    g(a + 1);\n  }\n}\n';
    const fns = (await extractFunctions(now, 'Java', 'A.java')).filter((f) => f.name === 'A.f');
    const second = fns[1]!;
    const fragment = fragmentFor(new Text(now), new Text(then), second.docStartLine!, second.endLine, 'Java')!;
    const found = (await extractFunctions(fragment.text, 'Java', 'A.java')).filter((f) => f.name === 'A.f');
    expect(found).toHaveLength(1);
    expect(found[0]!.docFacts?.signature?.names).toEqual(['a']);
  });

  it('a region cut short inside the old body is refused, so the whole version is parsed', () => {
    const then = 'func F() {\n\ta()\n\tif x {\n\t\tb()\n\t}\n}\n';
    const fragment = { text: '', firstRegionLine: 1, from: 1, to: 3, lines: then.split('\n') };
    expect(endsCleanly(fragment, 1, 3)).toBe(false); // `\t\tb()` follows, deeper than `func F`
    expect(endsCleanly(fragment, 1, 6)).toBe(true);
  });

  it('languages without fragments, and headers over several lines, give none', () => {
    const py = new Text('def f():\n    pass\n');
    expect(fragmentFor(py, py, 1, 2, 'Python')).toBeNull();
    const then = 'public final class Store\n    extends Base {\n  void put() {\n    a();\n  }\n}\n';
    const now = then.replace('a();', 'b();');
    expect(fragmentFor(new Text(now), new Text(then), 3, 5, 'Java')).toBeNull();
  });
});

describe('a function the old version has no place for', () => {
  it('gives no fragment (and does not throw) when every line after the anchor above is a closing bracket', () => {
    // commons-exec: the new method's first line is new, the line above it is found once, and the
    // old version has nothing but closing brackets after that line, and no final newline.
    const then = 'class A {\n  int x;\n}'; // no final newline
    const now = 'class A {\n  int x;\n  void f() {\n  }\n}\n';
    expect(fragmentFor(new Text(now), new Text(then), 3, 4, 'Java')).toBeNull();
  });
});
