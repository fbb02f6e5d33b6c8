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

/** Functions that document `limit`: the merged entry comes from the one `limit` is passed to (docs/docgen.md). */
const PY_SIBLING = `\n\ndef page(limit=10):\n    """Page.\n\n    Args:\n        limit: How many items at most, counted after filtering.\n    """\n    return limit\n\n\ndef last_page(limit=10):\n    """Last page.\n\n    Args:\n        limit: How many items at most, counted after filtering.\n    """\n    return limit\n`;

describe('merge into an existing doc', () => {
  it("google: adds the missing parameter (grounded in a sibling's doc) after the existing entries, keeps every human line, flags the stale one, adds no ungrounded Returns", async () => {
    const doc = `        """Items since a moment.\n\n        Careful: the clock is UTC,   spacing kept.\n\n        Args:\n            since: The moment (human words).\n            until: Gone.\n\n        Raises:\n            KeyError: never.\n        """`;
    const src = `class S:\n    def items_since(self, since, limit=10):\n${doc}\n        return self.items[since:page(limit)]\n${PY_SIBLING}`;
    const r = await generateFile(src, 'Python', 's.py', cfg('google'), { explain: true });
    expect(r.outcomes).toEqual([
      {
        name: 'S.items_since',
        line: 2,
        action: 'updated',
        sources: ['param limit: the doc of `page` (s.py:17), which it is passed to'],
      },
    ]);
    expect(keepsInOrder(r.output, doc)).toBe(true);
    expect(r.output).toContain(
      // wrapped at the file's own width (its longest line: 20+ lines)
      '            until: Gone.\n            limit: How many items at most, counted after\n                filtering. Defaults to 10.\n\n        Raises:',
    );
    expect(r.output).not.toContain('Returns:');
    expect(r.staleParams).toEqual([{ name: 'S.items_since', params: ['until'] }]);
    expect((await gateFile(r, 'Python', 's.py', cfg('google'))).problems).toEqual([]);
  });

  it('a prose docstring whose text starts under its quotes keeps that layout: human lines are not moved', async () => {
    const src = `class P:\n    def __getattr__(self, name):\n        """\n        Build the logger on first use.\n        """\n        if name == "x":\n            raise AttributeError\n        return 1\n${PY_SIBLING}`;
    const r = await generateFile(src, 'Python', 'p.py', cfg('google'), { includeInherited: true });
    expect(r.output).toContain(
      '    def __getattr__(self, name):\n        """\n        Build the logger on first use.\n\n        Raises:\n            AttributeError: If name == "x".\n        """\n',
    );
    expect((await gateFile(r, 'Python', 'p.py', cfg('google'))).problems).toEqual([]);
  });

  it('a parameter of the same name is not reused from a doc about another signature or another type', async () => {
    const setter = `\n    def set_sort(self, value: bool):\n        """Sort or not.\n\n        Args:\n            other: Unused.\n        """\n        self._s = value\n`;
    // the getter's doc describes the setter's `value`: not a parameter of its own
    const getter = `class R:\n    @property\n    def columns(self):\n        """The columns.\n\n        Args:\n            value: A list of column objects defining the order of the output.\n        """\n        return self._c\n${setter}`;
    // a `value: list[int]` is not a `value: bool`
    const typed = `class R:\n    def load(self, value: list[int]):\n        """Load.\n\n        Args:\n            value: The integers to load into the table, in order.\n        """\n        self._v = value\n${setter}`;
    for (const src of [getter, typed]) {
      const r = await generateFile(src, 'Python', 'r.py', cfg('google'));
      expect(r.output).toBe(src);
    }
  });

  it('nothing grounded: a sectioned doc missing a parameter is left as it is (no "The b.")', async () => {
    const src = `def f(a, b):\n    """Eff.\n\n    Args:\n        a: First.\n    """\n    print(a, b)\n`;
    const r = await generateFile(src, 'Python', 'f.py', cfg('google'));
    expect(r.output).toBe(src);
    expect(r.edits).toEqual([]);
  });

  it('numpy: a missing parameter joins the Parameters section', async () => {
    const sib = `\n\ndef g(divisor):\n    """Gee.\n\n    Parameters\n    ----------\n    divisor : int\n        The divisor; never zero.\n    """\n    return divisor\n\n\ndef h(divisor):\n    """Aitch.\n\n    Parameters\n    ----------\n    divisor : int\n        The divisor; never zero.\n    """\n    return divisor\n`;
    const src = `def f(a, divisor):\n    """Eff.\n\n    Parameters\n    ----------\n    a : int\n        First.\n    """\n    print(a, g(divisor))\n${sib}`;
    const r = await generateFile(src, 'Python', 'f.py', cfg('numpy'));
    expect(r.output).toContain('    a : int\n        First.\n    divisor\n        The divisor; never zero.\n    """');
  });

  it('jsdoc: @param goes after the last @param, with the text the callee documents', async () => {
    const callee = `/**\n * Divides.\n * @param {number} b - the divisor, never zero\n */\nfunction div(a, b) {\n  return a / b;\n}\n`;
    const src = `/**\n * Adds.\n * @param {number} a - first\n * @throws {Error} never\n */\nfunction add(a, b) {\n  return a + div(a, b);\n}\n${callee}`;
    const r = await generateFile(src, 'JavaScript', 'a.js', cfg('jsdoc'));
    expect(r.output).toBe(
      `/**\n * Adds.\n * @param {number} a - first\n * @param b - the divisor, never zero\n * @throws {Error} never\n */\nfunction add(a, b) {\n  return a + div(a, b);\n}\n${callee}`,
    );
  });

  it("a doc in another style than the configured one is extended in its own style (the file's style wins)", async () => {
    const src = `def f(a, b):\n    """Eff.\n\n    :param a: A.\n    """\n    return g(a, b)\n\n\ndef g(a, b):\n    """Gee.\n\n    :param b: The second operand, in metres.\n    """\n    return b\n`;
    const r = await generateFile(src, 'Python', 'f.py', cfg('google'));
    expect(r.output).toContain('    :param a: A.\n    :param b: The second operand, in metres.\n    """');
    expect(r.style).toBe('rest');
  });

  it('a complete doc is not touched', async () => {
    const src = `def f(a):\n    """Eff.\n\n    Args:\n        a: A.\n    """\n    print(a)\n`;
    const r = await generateFile(src, 'Python', 'f.py', cfg('google'));
    expect(r.edits).toEqual([]);
    expect(r.outcomes).toEqual([]);
  });

  it('a prose docstring gets no parameter section when the file writes none, even with a grounded entry', async () => {
    const src = `def f(path):\n    """Reads it, carefully."""\n    return g(path)\n\n\ndef g(path):\n    """Gee. The path, relative to the root, is what g opens."""\n    return path\n`;
    const r = await generateFile(src, 'Python', 'f.py', cfg('google'));
    expect(r.output).toBe(src);
  });

  it('a prose docstring gets a grounded section when the file already writes sections', async () => {
    const src = `def f(path):\n    """Reads it, carefully."""\n    return g(path)\n\n\ndef g(path):\n    """Gee.\n\n    Args:\n        path: Where to read from, relative to the root.\n    """\n    return path\n`;
    const r = await generateFile(src, 'Python', 'f.py', cfg('google'));
    expect(r.output).toContain(
      'def f(path):\n    """Reads it, carefully.\n\n    Args:\n        path: Where to read from, relative to the root.\n    """\n',
    );
  });
});

describe('raises already named', () => {
  it('a doc with only a @throws line gets no second one', async () => {
    const src =
      'class A {\n  /**\n   * Runs.\n   *\n   * @throws IllegalStateException when closed\n   */\n  void run() {\n    throw new IllegalStateException();\n  }\n}\n';
    const r = await generateFile(src, 'Java', 'A.java', cfg('javadoc'));
    expect(r.edits).toEqual([]);
  });
});

describe('merge into a C# XML doc', () => {
  const sibling = `    /// <summary>Subtracts.</summary>\n    /// <param name="amount">The amount to take away, in cents.</param>\n    public int Sub(int a, int amount)\n    {\n        return a - amount;\n    }\n`;
  it('adds a grounded <param> after the last one, keeping every line; no ungrounded <returns>', async () => {
    const doc = `    /// <summary>\n    /// Adds two numbers, carefully.\n    /// </summary>\n    /// <param name="a">The first, by hand.</param>\n    /// <remarks>Kept.</remarks>`;
    const src = `class C\n{\n${doc}\n    public int Add(int a, int amount)\n    {\n        return a + Sub(0, amount);\n    }\n${sibling}}\n`;
    const r = await generateFile(src, 'C#', 'c.cs', cfg('xmldoc'));
    expect(r.outcomes).toEqual([{ name: 'C.Add', line: 8, action: 'updated' }]);
    expect(keepsInOrder(r.output, doc)).toBe(true);
    expect(r.output).toContain(
      '    /// <param name="a">The first, by hand.</param>\n    /// <param name="amount">The amount to take away, in cents.</param>\n    /// <remarks>Kept.</remarks>',
    );
    expect(r.output).not.toContain('<returns>');
    expect((await gateFile(r, 'C#', 'c.cs', cfg('xmldoc'))).problems).toEqual([]);
    const again = await generateFile(r.output, 'C#', 'c.cs', cfg('xmldoc'));
    expect(again.edits).toEqual([]); // idempotent
  });

  // (one parameter: a list of one of two would be partial, CS1573; docs/decisions.md, "A parameter list added is complete or not added")
  it('a summary-only doc gets its grounded entries after </summary>, nothing else', async () => {
    const src = `class C\n{\n    /// <summary>Gets the name.</summary>\n    public string Name(int amount)\n    {\n        return "x" + Sub(0, amount);\n    }\n${sibling}}\n`;
    const r = await generateFile(src, 'C#', 'c.cs', cfg('xmldoc'));
    expect(r.output).toContain(
      '    /// <summary>Gets the name.</summary>\n    /// <param name="amount">The amount to take away, in cents.</param>\n    public string Name',
    );
  });
});

describe('new block tags join the doc’s own block, in the conventional order', () => {
  const builder = (doc: string, body = '        return withDelayFnOn(delayFunction, null);\n') =>
    `package p;\n\nclass Builder {\n    /**\n     * Sets the delay function for the next attempt.\n     *\n     * @param delayFunction the function to use to compute the delay before a next attempt\n     * @param result the result to match\n     */\n    public Builder withDelayFnOn(Function delayFunction, Object result) {\n        return this;\n    }\n\n${doc}    public Builder withDelayFn(Function delayFunction) {\n${body}    }\n}\n`;
  it('Javadoc: a @param goes before the doc’s @throws and @see, a @throws after its own, not after @see set off by a blank line', async () => {
    const doc =
      '    /**\n     * Sets the delay function.\n     *\n     * @throws IllegalStateException if already built\n     * @see #withDelayFnOn(Function, Object)\n     */\n';
    const src = builder(doc, '        Objects.requireNonNull(delayFunction);\n        return withDelayFnOn(delayFunction, null);\n');
    const r = await generateFile(src, 'Java', 'src/main/java/p/Builder.java', cfg('javadoc', 100));
    expect(r.output).toContain(
      '    /**\n     * Sets the delay function.\n     *\n     * @param delayFunction the function to use to compute the delay before a next attempt\n     * @throws IllegalStateException if already built\n     * @throws NullPointerException If {@code delayFunction} is null.\n     * @see #withDelayFnOn(Function, Object)\n     */\n',
    );
    expect((await gateFile(r, 'Java', 'src/main/java/p/Builder.java', cfg('javadoc', 100), src)).problems).toEqual([]);
  });
  it('an annotation inside a <pre> sample is no block tag: the entries follow the sample’s doc as before', async () => {
    const doc = '    /**\n     * Sets the delay function, as in:\n     * <pre>\n     * @Override\n     * </pre>\n     */\n';
    const r = await generateFile(builder(doc), 'Java', 'src/main/java/p/Builder.java', cfg('javadoc', 100));
    expect(r.output).toContain(
      '     * <pre>\n     * @Override\n     * </pre>\n     *\n     * @param delayFunction the function to use to compute the delay before a next attempt\n     */\n',
    );
  });
  it('JSDoc: a @param before the doc’s @see, human lines kept', async () => {
    const src =
      '/**\n * Runs the job.\n *\n * @param {string} name - the name of the job, as listed by `jobs list`\n */\nfunction run(name) {\n  return name;\n}\n\n/**\n * Runs the job later.\n * @see run\n */\nfunction later(name) {\n  return run(name);\n}\n';
    const r = await generateFile(src, 'JavaScript', 'jobs.js', cfg('jsdoc'));
    expect(r.output).toContain(
      '/**\n * Runs the job later.\n * @param name - the name of the job, as listed by `jobs list`\n * @see run\n */\nfunction later(',
    );
  });
});
