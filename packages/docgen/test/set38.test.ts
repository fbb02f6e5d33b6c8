import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateRepository } from '../src/index.ts';
import { fixtureRepos, writeRun, read } from './support/fixture-repo.ts';

/** docs/metrics/docgen-quality.md, "Set 38" (held out). */

const repo = fixtureRepos('s38');

describe('set 38 cause 1: a body that is one call holding a huge literal does not crash the run', () => {
  it('Python: `return np.array([...])` of 20000 numbers — the run completes and the wrapper rule still holds', async () => {
    const numbers = Array.from({ length: 20000 }, (_, i) => String(20000 + ((i * 7919) % 9973))).join(', ');
    const root = repo({
      'pkg/datasets.py':
        `import numpy as np\n\n\ndef load_wineind():\n    """Load the wine dataset.\n\n    Returns\n    -------\n    ndarray\n        The series.\n    """\n    return np.array([${numbers}])\n\n\n` +
        'def scale(x, factor):\n    """Scale a series.\n\n    Parameters\n    ----------\n    x : ndarray\n        The series to scale.\n    factor : float\n        The factor.\n\n    Returns\n    -------\n    ndarray\n        The scaled series.\n    """\n    return x * factor\n\n\ndef scaled(x, factor):\n    return scale(x, factor)\n',
    });
    const r = await generateRepository(root);
    const out = r.changes.find((c) => c.path === 'pkg/datasets.py')?.after ?? '';
    expect(out).toContain('def scaled(x, factor):\n    """Same as `scale()`.');
    fs.writeFileSync(path.join(root, 'pkg/datasets.py'), out);
    expect((await generateRepository(root)).changes).toEqual([]);
  });
});

describe('set 38 cause 2: a generator’s line marker is no summary, and its file is generated', () => {
  const body = (marker: string): string =>
    `<?php\n\n${marker}\n\nnamespace Smarty\\Parser;\n\nclass TemplateParser\n{\n    /**\n     * Returns the token name.\n     *\n     * @param int $tokenType the token\n     * @return string the name\n     */\n    public function tokenName($tokenType)\n    {\n        return 'x';\n    }\n\n    public function yy_syntax_error($yymajor, $TOKEN)\n    {\n// line 225 "src/Parser/TemplateParser.y"\n\n    $this->internalError = true;\n    $this->yymajor = $yymajor;\n    }\n}\n`;
  it('PHP: `// line 11 "src/Parser/TemplateParser.y"` atop the file leaves it alone', async () => {
    const files = { 'src/Parser/TemplateParser.php': body('// line 11 "src/Parser/TemplateParser.y"') };
    const root = repo(files);
    const r = await writeRun(root);
    expect(r.changes).toEqual([]);
    expect(r.summary.leftAlone.map((l) => l.path)).toContain('src/Parser/TemplateParser.php');
  });
  it('PHP: without the header, the body’s `// line 225 "…"` marker is still no summary', async () => {
    const root = repo({ 'src/Parser/TemplateParser.php': body('// The template parser.') });
    await writeRun(root);
    expect(read(root, 'src/Parser/TemplateParser.php')).not.toContain('/** Line 225');
  });
});

describe('set 38 cause 3: new NumPy sections go before the doc’s own later sections', () => {
  it('Python: Raises before a prose doc’s `Notes`, Parameters before its `References`', async () => {
    const root = repo({
      'pkg/mat.py':
        'def validate_shape(data):\n    """Validate the data array shape.\n\n    Notes\n    -----\n    Accepts arguments instead of inspecting attributes.\n\n    """\n    if 0 in data.shape:\n        raise ValueError("Data must be at least 1x1 in size.")\n\n\ndef check(attr):\n    """Check an attribute.\n\n    Parameters\n    ----------\n    attr : str\n        The attribute to check the calling object for.\n\n    Returns\n    -------\n    bool\n        Whether it is there.\n    """\n    return bool(attr)\n\n\ndef delegate(attr):\n    """Compat method for the delegate decorator.\n\n    References\n    ----------\n    .. [1] https://example.org/delegate\n    """\n    print(attr)\n    return check(attr)\n',
    });
    await writeRun(root);
    const out = read(root, 'pkg/mat.py');
    expect(out).toContain(
      '    """Validate the data array shape.\n\n    Raises\n    ------\n    ValueError\n        Data must be at least 1x1 in size.\n\n    Notes\n    -----\n    Accepts arguments instead of inspecting attributes.\n\n    """\n',
    );
    expect(out).toContain(
      '    """Compat method for the delegate decorator.\n\n    Parameters\n    ----------\n    attr\n        The attribute to check the calling object for.\n',
    );
    expect(out.indexOf('    References\n    ----------\n    .. [1] https://example.org/delegate')).toBeGreaterThan(
      out.indexOf('def delegate'),
    );
    expect((await generateRepository(root)).changes).toEqual([]);
  });
});

describe('set 39 cause 1: one global class thrown as `X` and `\\X` is one tag', () => {
  it('PHP: `use RuntimeException;` — `\\RuntimeException` joins the `RuntimeException` tag', async () => {
    const root = repo({
      'src/UserObject.php':
        "<?php\n\nnamespace Grav\\Common\\Flex\\Types\\Users;\n\nuse RuntimeException;\n\nclass UserObject\n{\n    /**\n     * Save the user.\n     *\n     * @param string $key the key\n     * @return static\n     */\n    public function save($key)\n    {\n        if ($key === '') {\n            throw new RuntimeException('User account with this username already exists');\n        }\n        if ($key === 'x') {\n            throw new \\RuntimeException('Passwords did not match.');\n        }\n        return $this;\n    }\n}\n",
    });
    await writeRun(root);
    const out = read(root, 'src/UserObject.php');
    expect(out).toContain("     * @throws RuntimeException If $key === '', or if $key === 'x'.\n");
    expect(out).not.toContain('@throws \\RuntimeException');
  });
});

describe('set 39 cause 2: a PHP file part of another project than the repository’s is a copy', () => {
  const file = (header: string): string =>
    `<?php\n\n/*\n * ${header}\n *\n * (c) Someone\n */\n\nnamespace Pimple;\n\nclass Container\n{\n    /**\n     * Sets a parameter or an object.\n     *\n     * @param string $id the unique identifier\n     * @param mixed $value the value\n     */\n    public function offsetSet($id, $value)\n    {\n        if (!is_string($id)) {\n            throw new \\InvalidArgumentException('Identifier must be a string.');\n        }\n    }\n}\n`;
  it('PHP: "This file is part of Pimple." in getgrav/grav is left alone; "…part of Grav." is not', async () => {
    const root = repo({
      'composer.json': '{"name": "getgrav/grav"}\n',
      'system/src/Pimple/Container.php': file('This file is part of Pimple.'),
      'system/src/Grav/Container.php': file('This file is part of Grav.').replace('namespace Pimple;', 'namespace Grav;'),
    });
    const r = await writeRun(root);
    expect(r.changes.map((c) => c.path)).toEqual(['system/src/Grav/Container.php']);
    expect(r.summary.leftAlone.find((l) => l.path === 'system/src/Pimple/Container.php')?.reason).toMatch(/part of Pimple/);
  });
});
