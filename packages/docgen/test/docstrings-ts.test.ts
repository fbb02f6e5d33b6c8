import { describe, expect, it } from 'vitest';
import { gateFile, generateFile } from '../src/index.ts';

/** docs/docgen.md, "Raises": a doc that already has entries is completed with the raises its code states. */

const run = async (src: string, language: string, file: string, style: string) => {
  const cfg = { docstringStyle: style, maxDocStringLength: 100 };
  const r = await generateFile(src, language, file, cfg, { explain: true });
  expect((await gateFile(r, language, file, cfg, src)).problems).toEqual([]);
  return r;
};

describe('TS/JS grounding', () => {
  it('a TSDoc with @param entries gets the @throws its guard states, after its @param and @returns', async () => {
    const src =
      '/**\n * Opens a file.\n *\n * @param path - the path of the file to open\n * @returns the file handle\n */\nexport function open(path: string, mode: string): number {\n  if (mode !== "r") throw new TypeError("mode must be r");\n  return path.length;\n}\n';
    const r = await run(src, 'TypeScript', 'src/open.ts', 'tsdoc');
    expect(r.output).toContain(' * @returns the file handle\n * @throws {@link TypeError} If `mode !== "r"`.\n */\nexport function open(');
    // a second run changes nothing
    expect((await run(r.output, 'TypeScript', 'src/open.ts', 'tsdoc')).output).toBe(r.output);
  });
  it('a JSDoc that already names the thrown type gets nothing more', async () => {
    const src =
      '/**\n * Checks a port.\n *\n * @param {number} port the port to check\n * @throws {RangeError} when negative\n */\nfunction check(port) {\n  if (port < 0) throw new RangeError("negative");\n}\n';
    expect((await run(src, 'JavaScript', 'lib/check.js', 'jsdoc')).output).toBe(src);
  });
});

describe('raises on docs with entries, other styles', () => {
  it('a Google docstring with Args gets a Raises section from its guard', async () => {
    const src =
      'def width(n):\n    """Sets the width.\n\n    Args:\n        n: the number of columns to use\n    """\n    if n < 0:\n        raise ValueError("negative width")\n    return n\n';
    const r = await run(src, 'Python', 'pkg/w.py', 'google');
    expect(r.output).toContain('        n: the number of columns to use\n\n    Raises:\n        ValueError: If n < 0.\n    """');
  });
  it('a Javadoc with @param gets the @throws of requireNonNull after it', async () => {
    const src =
      'class A {\n    /**\n     * Writes a string.\n     *\n     * @param str the string to write\n     */\n    public void write(String str) {\n        java.util.Objects.requireNonNull(str);\n        System.out.print(str);\n    }\n}\n';
    const r = await run(src, 'Java', 'src/A.java', 'javadoc');
    expect(r.output).toContain(
      '     * @param str the string to write\n     * @throws NullPointerException If {@code str} is null.\n     */',
    );
  });
});
