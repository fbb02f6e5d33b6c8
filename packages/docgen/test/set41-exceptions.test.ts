import { describe, expect, it } from 'vitest';
import { fixtureRepos, read, writeRun } from './support/fixture-repo.ts';

/**
 * docs/docgen.md, "The repository's convention for exceptions": a repository that, in one
 * language, documents ten or more functions and not one exception gets no exception section in
 * that language (set C1: jwt-framework writes no `@throws` and got 73).
 */

const repo = fixtureRepos('s41x');

const phpGetters = (n: number): string =>
  Array.from(
    { length: n },
    (_, i) =>
      `    /**\n     * Returns the width of part ${i}, in pixels.\n     */\n    public function part${i}(): int\n    {\n        return ${i};\n    }\n`,
  ).join('\n');

const phpFile = (extraDoc: string): string =>
  `<?php\n\nnamespace App;\n\nclass Box\n{\n${phpGetters(10)}\n    /**\n     * Sets the width of the box, in pixels.\n${extraDoc}     */\n    public function setWidth(int $width): void\n    {\n        if ($width < 0) {\n            throw new \\InvalidArgumentException('The width must not be negative.');\n        }\n        $this->width = $width;\n    }\n\n    /**\n     * Sets the height of the box, in pixels.\n     */\n    public function setHeight(int $height): void\n    {\n        if ($height < 0) {\n            throw new \\InvalidArgumentException('The height must not be negative.');\n        }\n        $this->height = $height;\n    }\n}\n`;

const pyFunctions = (n: number): string =>
  Array.from(
    { length: n },
    (_, i) =>
      `def part${i}(scale):\n    """Return the width of part ${i}.\n\n    Args:\n        scale: The factor the width is multiplied by.\n    """\n    return ${i} * scale\n`,
  ).join('\n\n');

const pyFile = (raisesDoc: string): string =>
  `${pyFunctions(10)}\n\ndef set_width(box, width):\n    """Set the width of the box.\n\n    Args:\n        box: The box to change.\n        width: The new width, in pixels.\n${raisesDoc}    """\n    if width < 0:\n        raise ValueError("negative width")\n    box.width = width\n\n\ndef set_height(box, height):\n    """Set the height of the box.\n\n    Args:\n        box: The box to change.\n        height: The new height, in pixels.\n    """\n    if height < 0:\n        raise ValueError("negative height")\n    box.height = height\n`;

describe("set 41: the repository's convention for exceptions", () => {
  it('PHP: eleven documented methods, no @throws anywhere — none is added, and the run says why once', async () => {
    const root = repo({ 'src/Box.php': phpFile('') });
    const r = await writeRun(root);
    const out = read(root, 'src/Box.php');
    expect(out).not.toContain('@throws');
    expect(r.summary.notes).toEqual(['the repository documents no exceptions in PHP; none added']);
    expect(r.summary.exceptionless).toEqual(['PHP']);
  });

  it('PHP: the same code with one documented @throws keeps adding them', async () => {
    const root = repo({ 'src/Box.php': phpFile('     *\n     * @throws \\InvalidArgumentException If the width is negative.\n') });
    const r = await writeRun(root);
    expect(read(root, 'src/Box.php')).toContain(
      '     * Sets the height of the box, in pixels.\n     *\n     * @throws \\InvalidArgumentException If $height < 0.\n',
    );
    expect(r.summary.notes).toEqual([]);
  });

  it('PHP: under ten documented methods is no convention — the @throws is added', async () => {
    const root = repo({ 'src/Box.php': phpFile('').replace(phpGetters(10), phpGetters(3)) });
    await writeRun(root);
    expect(read(root, 'src/Box.php')).toContain('@throws \\InvalidArgumentException If $height < 0.');
  });

  it('Python: twelve Google docstrings, no Raises section anywhere — none is added', async () => {
    const root = repo({ 'box.py': pyFile('') });
    const r = await writeRun(root);
    expect(read(root, 'box.py')).not.toContain('Raises');
    expect(r.summary.notes).toEqual(['the repository documents no exceptions in Python; none added']);
  });

  it('Python: one Raises section in the repository — the others get theirs', async () => {
    const root = repo({ 'box.py': pyFile('\n    Raises:\n        ValueError: If the width is negative.\n') });
    await writeRun(root);
    expect(read(root, 'box.py')).toContain(
      '        height: The new height, in pixels.\n\n    Raises:\n        ValueError: If height < 0.\n    """',
    );
  });

  it("the convention is per language: a PHP repository's @throws does not open Python's", async () => {
    const root = repo({
      'box.py': pyFile(''),
      'src/Box.php': phpFile('     *\n     * @throws \\InvalidArgumentException If the width is negative.\n'),
    });
    const r = await writeRun(root);
    expect(read(root, 'box.py')).not.toContain('Raises');
    expect(read(root, 'src/Box.php')).toContain('@throws \\InvalidArgumentException If $height < 0.');
    expect(r.summary.notes).toEqual(['the repository documents no exceptions in Python; none added']);
  });
});
