import { describe, expect, it } from 'vitest';
import { gatedAndStable } from './gated-run.ts';

/** docs/metrics/docgen-quality.md, "Set 33" (held out) and "Set 33 causes fixed (tuning)". */

describe('set 33: a PHP exception thrown fully qualified', () => {
  it('keeps its backslash in a namespaced file that imports a class of the same short name', async () => {
    const src =
      "<?php\n\nnamespace Dotenv\\Parser;\n\nuse GrahamCampbell\\ResultType\\Error;\n\nfinal class EntryParser\n{\n    /**\n     * Process the given token.\n     *\n     * @param int $state the current state\n     *\n     * @return string\n     */\n    private static function processToken(int $state)\n    {\n        if ($state > 3) {\n            throw new \\Error('Parser entered invalid state.');\n        }\n        return Error::create('x');\n    }\n}\n";
    const r = await gatedAndStable(src, 'PHP', 'src/Parser/EntryParser.php', 'phpdoc');
    expect(r.output).toContain('     * @throws \\Error If');
  });

  it('keeps it in a namespaced file with no import of that name; drops it in a file with neither', async () => {
    const body =
      "final class Cache\n{\n    /**\n     * Reads one entry.\n     *\n     * @param string $key the entry's key\n     */\n    public function read(string $key): string\n    {\n        if ($key === '') {\n            throw new \\InvalidArgumentException('Empty key.');\n        }\n        return $key;\n    }\n}\n";
    const spaced = await gatedAndStable(`<?php\n\nnamespace App;\n\n${body}`, 'PHP', 'src/Cache.php', 'phpdoc');
    expect(spaced.output).toContain('@throws \\InvalidArgumentException If');
    const global = await gatedAndStable(`<?php\n\n${body}`, 'PHP', 'src/Cache.php', 'phpdoc');
    expect(global.output).toContain('@throws InvalidArgumentException If');
    // a file that imports the same short name (no namespace) keeps it too
    const imported = await gatedAndStable(
      `<?php\n\nuse Foo\\{Bar, InvalidArgumentException};\n\n${body}`,
      'PHP',
      'src/Cache.php',
      'phpdoc',
    );
    expect(imported.output).toContain('@throws \\InvalidArgumentException If');
  });

  it('a doc that already names it (with or without the backslash) gets no second tag', async () => {
    for (const named of ['\\Error', 'Error']) {
      const src = `<?php\n\nnamespace App;\n\nfinal class P\n{\n    /**\n     * Runs.\n     *\n     * @param int $s the state\n     *\n     * @throws ${named} when the state is out of range\n     */\n    public function run(int $s): void\n    {\n        if ($s > 3) {\n            throw new \\Error('Invalid state.');\n        }\n    }\n}\n`;
      const r = await gatedAndStable(src, 'PHP', 'src/P.php', 'phpdoc');
      expect(r.output).toBe(src);
    }
  });
});

describe('set 33: a throw the interface documents, reached through an interface whose parents run over lines', () => {
  it('PHP: `{@inheritDoc}` under `interface X extends\\n    A,\\n    B\\n{` gets no repeated `@throws`', async () => {
    const src =
      '<?php\n\nnamespace Psl\\IO;\n\ninterface SeekHandleInterface\n{\n    /**\n     * Move to a specific offset within a handle.\n     *\n     * @param int<0, max> $offset\n     *\n     * @throws Exception\\AlreadyClosedException If the handle has been already closed.\n     * @throws Exception\\RuntimeException If an error occurred during the operation.\n     */\n    public function seek(int $offset): void;\n}\n\n' +
      'interface CloseSeekHandleInterface extends\n    CloseHandleInterface,\n    SeekHandleInterface\n{\n}\n\n' +
      "class ResourceHandle implements CloseSeekHandleInterface\n{\n    /**\n     * {@inheritDoc}\n     */\n    public function seek(int $offset): void\n    {\n        if ($offset > 10) {\n            throw new Exception\\AlreadyClosedException('Handle has already been closed.');\n        }\n        if ($offset < 0) {\n            throw new Exception\\RuntimeException('Failed to seek the specified position.');\n        }\n    }\n}\n";
    const r = await gatedAndStable(src, 'PHP', 'src/Psl/IO/ResourceHandle.php', 'phpdoc');
    expect(r.output).toBe(src);
  });
});

describe('set 33: a parameter list added to a doc that had none is complete or not added', () => {
  const callee =
    'def design(sampling_rate, n_bins):\n    """\n    Design a filter.\n\n    Parameters\n    ----------\n    sampling_rate : int\n        The sampling rate of the filter in Hz.\n    n_bins : int\n        The number of frequency bins of the filter.\n\n    Returns\n    -------\n    filter : Filter\n        The designed filter.\n    """\n    return Filter(sampling_rate, n_bins)\n\n\n';

  it('Python (NumPy): a prose docstring whose wrapper has one parameter with no grounded entry gets no Parameters section', async () => {
    const src =
      callee +
      'def _design_cached(target, sampling_rate, n_bins):\n    """Cached version of the design, for speed."""\n    if target == "A":\n        return design(sampling_rate, n_bins)\n    return design(sampling_rate, n_bins)\n';
    const r = await gatedAndStable(src, 'Python', 'pkg/weighting.py', 'numpy');
    expect(r.output.slice(r.output.indexOf('def _design_cached'))).not.toContain('Parameters');
    expect(r.output.split('Parameters\n').length - 1).toBe(1);
  });

  it('Python (NumPy): the same wrapper with every parameter grounded gets its section', async () => {
    const src =
      callee +
      'def _design_cached(sampling_rate, n_bins):\n    """Cached version of the design, for speed."""\n    return design(sampling_rate, n_bins)\n';
    const r = await gatedAndStable(src, 'Python', 'pkg/weighting.py', 'numpy');
    expect(r.output.split('Parameters\n').length - 1).toBe(2);
  });

  it('JavaScript (JSDoc): a new doc lists no `@param` when one parameter has nothing grounded', async () => {
    const src =
      '/**\n * Sends the body.\n *\n * @param {string} body the text to send, UTF-8\n */\nfunction send(body) {\n  return body;\n}\n\n' +
      '/**\n * Sends the body twice.\n */\nfunction sendTwice(body, times) {\n  for (let i = 0; i < times; i++) send(body);\n}\n';
    const r = await gatedAndStable(src, 'JavaScript', 'lib/send.js', 'jsdoc');
    expect(r.output.split('@param').length - 1).toBe(1);
  });
});

describe('set 33: a doc with sections but no parameter list yet gets a complete one or none', () => {
  it('Python (Google): a `Returns:` section alone gets no `Args:` with one of two parameters', async () => {
    const src =
      'def load(path, encoding=None):\n    """Load a file.\n\n    Args:\n        path: Absolute or relative path to the file.\n    """\n    return bool(path)\n\n\n' +
      'def load_key(path, key):\n    """Load one key of a file.\n\n    Returns:\n        The value stored under the key.\n    """\n    return load(path)[key]\n';
    const r = await gatedAndStable(src, 'Python', 'dotenv/main.py', 'google');
    expect(r.output).toBe(src);
  });
});
