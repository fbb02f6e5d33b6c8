import { describe, expect, it } from 'vitest';
import { gateFile, generateFile } from '../src/index.ts';

const cfg = (docstringStyle: string, maxDocStringLength = 80) => ({ docstringStyle, maxDocStringLength });

/** Every line of `kept` appears in `text`, in the same order. */
function keepsInOrder(text: string, kept: string): boolean {
  const lines = text.split('\n');
  let at = 0;
  for (const k of kept.split('\n')) {
    const i = lines.indexOf(k, at);
    if (i < 0) return false;
    at = i + 1;
  }
  return true;
}

describe('merge into an existing doc', () => {
  it('google: adds the missing parameter and return after the existing entries, keeps every human line, flags the stale one', async () => {
    const doc = `        """Items since a moment.\n\n        Careful: the clock is UTC,   spacing kept.\n\n        Args:\n            since: The moment (human words).\n            until: Gone.\n\n        Raises:\n            KeyError: never.\n        """`;
    const src = `class S:\n    def items_since(self, since, limit=10):\n${doc}\n        return self.items[since:limit]\n`;
    const r = await generateFile(src, 'Python', 's.py', cfg('google'));
    expect(r.outcomes).toEqual([{ name: 'S.items_since', line: 2, action: 'updated' }]);
    expect(keepsInOrder(r.output, doc)).toBe(true);
    expect(r.output).toContain('            until: Gone.\n            limit: The limit. Defaults to 10.\n\n        Returns:\n            The result.\n\n        Raises:');
    expect(r.staleParams).toEqual([{ name: 'S.items_since', params: ['until'] }]);
    expect((await gateFile(r, 'Python', 's.py', cfg('google'))).problems).toEqual([]);
  });

  it('numpy: a missing parameter joins the Parameters section', async () => {
    const src = `def f(a, b):\n    """Eff.\n\n    Parameters\n    ----------\n    a : int\n        First.\n    """\n    print(a, b)\n`;
    const r = await generateFile(src, 'Python', 'f.py', cfg('numpy'));
    expect(r.output).toContain('    a : int\n        First.\n    b\n        The b.\n    """');
  });

  it('jsdoc: @param goes after the last @param, @returns after it', async () => {
    const src = `/**\n * Adds.\n * @param {number} a - first\n * @throws {Error} never\n */\nfunction add(a, b) {\n  return a + b;\n}\n`;
    const r = await generateFile(src, 'JavaScript', 'a.js', cfg('jsdoc'));
    expect(r.output).toBe(`/**\n * Adds.\n * @param {number} a - first\n * @param b - The b.\n * @returns The result.\n * @throws {Error} never\n */\nfunction add(a, b) {\n  return a + b;\n}\n`);
  });

  it('a doc in another style is left alone, with the reason', async () => {
    const src = `def f(a, b):\n    """Eff.\n\n    :param a: A.\n    """\n    print(a, b)\n`;
    const r = await generateFile(src, 'Python', 'f.py', cfg('google'));
    expect(r.output).toBe(src);
    expect(r.outcomes[0]).toMatchObject({ action: 'skipped', reason: expect.stringContaining('rest style, not google') });
    const converted = await generateFile(src, 'Python', 'f.py', cfg('rest'));
    expect(converted.output).toContain('    :param a: A.\n    :param b: The b.\n    """');
  });

  it('a complete doc is not touched', async () => {
    const src = `def f(a):\n    """Eff.\n\n    Args:\n        a: A.\n    """\n    print(a)\n`;
    const r = await generateFile(src, 'Python', 'f.py', cfg('google'));
    expect(r.edits).toEqual([]);
    expect(r.outcomes).toEqual([]);
  });
});

describe('google heads', () => {
  it('leaves out a type with parentheses, which the head cannot hold', async () => {
    const src = 'def f(hooks: None | (typing.Mapping[str, int]) = None, n: int = 1):\n    print(hooks, n)\n';
    const r = await generateFile(src, 'Python', 'f.py', cfg('google'));
    expect(r.output).toContain('        hooks: The hooks. Defaults to None.\n        n (int): The n. Defaults to 1.');
    expect((await gateFile(r, 'Python', 'f.py', cfg('google'))).problems).toEqual([]);
  });
});

describe('yields', () => {
  it('a yield inside a nested function gives the outer one no Yields section', async () => {
    const src = 'async def test_stream():\n    async def hello():\n        yield b"x"\n    await run(hello)\n';
    const r = await generateFile(src, 'Python', 't.py', cfg('google'));
    expect(r.output).toContain('    """Test stream."""\n');
    expect(r.output).toContain('        """Hello.\n\n        Yields:\n            The next value.\n        """');
    expect((await gateFile(r, 'Python', 't.py', cfg('google'))).problems).toEqual([]);
  });
});

describe('raises already named', () => {
  it('a doc with only a @throws line gets no second one', async () => {
    const src = 'class A {\n  /**\n   * Runs.\n   *\n   * @throws IllegalStateException when closed\n   */\n  void run() {\n    throw new IllegalStateException();\n  }\n}\n';
    const r = await generateFile(src, 'Java', 'A.java', cfg('javadoc'));
    expect(r.edits).toEqual([]);
  });
});

describe('merge into a C# XML doc', () => {
  it('adds <param> after the last one and <returns> after the parameters, keeping every line', async () => {
    const doc = `    /// <summary>\n    /// Adds two numbers, carefully.\n    /// </summary>\n    /// <param name="a">The first, by hand.</param>\n    /// <remarks>Kept.</remarks>`;
    const src = `class C\n{\n${doc}\n    public int Add(int a, int b)\n    {\n        return a + b;\n    }\n}\n`;
    const r = await generateFile(src, 'C#', 'c.cs', cfg('xmldoc'));
    expect(r.outcomes).toEqual([{ name: 'C.Add', line: 8, action: 'updated' }]);
    expect(keepsInOrder(r.output, doc)).toBe(true);
    expect(r.output).toContain('    /// <param name="a">The first, by hand.</param>\n    /// <param name="b">The b.</param>\n    /// <returns>The result.</returns>\n    /// <remarks>Kept.</remarks>');
    expect((await gateFile(r, 'C#', 'c.cs', cfg('xmldoc'))).problems).toEqual([]);
    const again = await generateFile(r.output, 'C#', 'c.cs', cfg('xmldoc'));
    expect(again.edits).toEqual([]); // idempotent
  });

  it('a summary-only doc gets its entries after </summary>', async () => {
    const src = `class C\n{\n    /// <summary>Gets the name.</summary>\n    public string Name(string prefix)\n    {\n        return prefix + "x";\n    }\n}\n`;
    const r = await generateFile(src, 'C#', 'c.cs', cfg('xmldoc'));
    expect(r.output).toContain('    /// <summary>Gets the name.</summary>\n    /// <param name="prefix">The prefix.</param>\n    /// <returns>The result.</returns>\n    public string Name');
  });
});
