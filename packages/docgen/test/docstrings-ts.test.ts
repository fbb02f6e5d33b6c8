import { describe, expect, it } from 'vitest';
import { gated } from './gated-run.ts';

/** docs/docgen.md, "Raises": a doc that already has entries is completed with the raises its code states. */

const run = gated;

describe('TS/JS grounding', () => {
  it('a TSDoc with @param entries gets the @throws its guard states, after its @param and @returns', async () => {
    const src =
      '/**\n * Opens a file.\n *\n * @param path - the path of the file to open\n * @returns the file handle\n */\nexport function open(path: string, mode: string): number {\n  if (mode !== "r") throw new TypeError("mode must be r");\n  return path.length;\n}\n';
    const r = await run(src, 'TypeScript', 'src/open.ts', 'tsdoc');
    expect(r.output).toContain(' * @returns the file handle\n * @throws {@link TypeError} If `mode !== "r"`.\n */\nexport function open(');
    // a second run changes nothing
    expect((await run(r.output, 'TypeScript', 'src/open.ts', 'tsdoc')).output).toBe(r.output);
  });
  it('a prose-only TSDoc in a file whose docs list no tags gets the @throws of its guard, and no @param', async () => {
    const src =
      '/**\n * Parses a size.\n * @param text the size text, such as "5 MB"\n */\nexport function parseSize(text: string): number {\n  return text.length;\n}\n\n' +
      '/**\n * Reads a size option.\n */\nexport function readSize(text: string, max: number): number {\n  if (max < 0) throw new RangeError("max must not be negative");\n  return parseSize(text);\n}\n';
    // the file has no tagged doc once the first one is prose only
    const plain = src.replace(' * @param text the size text, such as "5 MB"\n', '');
    const r = await run(plain, 'TypeScript', 'src/size.ts', 'tsdoc');
    expect(r.output).toContain(
      '/**\n * Reads a size option.\n *\n * @throws {@link RangeError} If `max < 0`.\n */\nexport function readSize(',
    );
    expect(r.output).not.toContain('@param');
  });
  it('a throw under an if nested in another block is described by its message, not by the inner guard', async () => {
    const src =
      '/**\n * Handles a value.\n *\n * @param kind the kind of value\n */\nfunction handle(kind, checker) {\n  if (kind === "user") {\n    if (!checker) throw new TypeError("no checker is set");\n  }\n  return kind;\n}\n';
    const r = await run(src, 'JavaScript', 'lib/handle.js', 'jsdoc');
    expect(r.output).toContain('@throws {TypeError} No checker is set.');
    expect(r.output).not.toContain('If `!checker`');
  });
  it('an @Name in a raise message is written as code, so no wrap can make it a block tag', async () => {
    const src =
      '/**\n * Gets a parameter of the request.\n *\n * @param kind the kind of parameter to read\n */\nfunction param(kind) {\n  switch (kind) {\n    case "state":\n      throw new Error("@State decorators are not supported by the express driver.");\n  }\n  return kind;\n}\n';
    const r = await run(src, 'JavaScript', 'lib/param.js', 'jsdoc');
    expect(r.output).toContain('`@State` decorators are not supported');
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

describe('set 18 causes', () => {
  it('a <placeholder> in a JS raise message is written as code, not as an HTML tag', async () => {
    const src =
      '/**\n * Truncates a geometry.\n *\n * @param {number} precision the number of decimals to keep\n */\nfunction truncate(precision) {\n  if (typeof precision !== "number") throw new Error("<precision> must be a number");\n  return precision;\n}\n';
    const r = await run(src, 'JavaScript', 'lib/truncate.js', 'jsdoc');
    expect(r.output).toContain('@throws {Error} If `typeof precision !== "number"`.');
    const msg = await run(src.replace('if (typeof precision !== "number") ', 'if (check()) '), 'JavaScript', 'lib/truncate.js', 'jsdoc');
    expect(msg.output).toContain('@throws {Error} `<precision>` must be a number.');
  });
  it("an unconditional throw that calls its class an interface is the interface's stub: no entry", async () => {
    const src =
      '/**\n * Gets the storage type.\n *\n * @returns {string} the storage type\n */\nMatrix.prototype.storage = function () {\n  throw new Error("Cannot invoke storage on a Matrix interface");\n};\n';
    const r = await run(src, 'JavaScript', 'lib/Matrix.js', 'jsdoc');
    expect(r.output).toBe(src);
  });
  it('in code without semicolons, `new TypeError(…)` then `}` and an `if (…) {` is no anonymous class: the next guard counts', async () => {
    const src =
      'class OperatorNode {\n  /**\n   * Creates an operator node.\n   *\n   * @param {string} op the operator\n   */\n  constructor (op, fn) {\n    if (typeof op !== "string") {\n      throw new TypeError("op expected")\n    }\n    if (typeof fn !== "string") {\n      throw new TypeError("fn expected")\n    }\n    this.op = op\n  }\n}\n';
    const r = await run(src, 'JavaScript', 'lib/OperatorNode.js', 'jsdoc');
    expect(r.output).toContain('If `typeof op !== "string"`, or if `typeof fn !== "string"`.');
  });
  it('a PHP method that implements a documented method of a parent up the chain gets no doc', async () => {
    const base =
      '<?php\n\nabstract class Handler\n{\n    /**\n     * Closes the handler.\n     */\n    public function close(): void\n    {\n    }\n}\n\nabstract class Middle extends Handler\n{\n}\n\n/**\n * Resets everything.\n */\nfunction resetStatic(): void\n{\n}\n\n';
    const src = `${base}class Console extends Middle\n{\n    public function close(): void\n    {\n        resetStatic();\n    }\n}\n`;
    const r = await run(src, 'PHP', 'src/Console.php', 'phpdoc');
    expect(r.output).toBe(src);
    // without the documented parent, the thin wrapper gets its summary
    const alone = await run(src.replace('extends Middle', 'extends Other'), 'PHP', 'src/Console.php', 'phpdoc');
    expect(alone.output).toContain('Same as resetStatic().');
  });
  it('a PHP double-quoted message that interpolates a variable is a built message: not quoted', async () => {
    const src =
      '<?php\n\nclass S\n{\n    /**\n     * Adds the verify option.\n     *\n     * @param mixed $value the option value\n     */\n    public function addVerify($value): void\n    {\n        if (check()) {\n            throw new \\RuntimeException("SSL CA bundle not found: $value");\n        }\n    }\n}\n';
    const r = await run(src, 'PHP', 'src/S.php', 'phpdoc');
    expect(r.output).toBe(src);
  });
  it('a doc that is only {@inheritDoc} gets no entries', async () => {
    const src =
      '<?php\n\nabstract class Mail\n{\n    /**\n     * Sends a mail.\n     *\n     * @param string $content formatted email body to be sent\n     */\n    abstract protected function send(string $content): void;\n}\n\nclass Symfony extends MailHandler\n{\n    /**\n     * {@inheritDoc}\n     */\n    protected function send(string $content): void\n    {\n        $this->sendIt($content);\n    }\n\n    /**\n     * Sends it.\n     *\n     * @param string $content formatted email body to be sent\n     */\n    private function sendIt(string $content): void\n    {\n    }\n}\n';
    const r = await run(src, 'PHP', 'src/Symfony.php', 'phpdoc');
    expect(r.output).toBe(src);
  });
});

describe('set 18 causes, second pass', () => {
  it('an implementing method keeps its own throw: a {@inheritDoc} or prose doc gets @throws, never a @param', async () => {
    const src =
      "<?php\n\ninterface Formatter\n{\n    /**\n     * Formats a batch.\n     *\n     * @param array $records the records to format\n     */\n    public function formatBatch(array $records);\n}\n\nclass Wildfire implements Formatter\n{\n    /**\n     * {@inheritDoc}\n     */\n    public function formatBatch(array $records)\n    {\n        throw new \\BadMethodCallException('Batch formatting does not make sense here');\n    }\n}\n";
    const r = await run(src, 'PHP', 'src/Wildfire.php', 'phpdoc');
    expect(r.output).toContain(
      '     * {@inheritDoc}\n     *\n     * @throws BadMethodCallException Batch formatting does not make sense here.\n     */',
    );
    expect(r.output.match(/@param/g)).toHaveLength(1);
  });
});

describe('set 19 causes', () => {
  it("a doc comment whose lines are indented unlike its opening is not extended (the maintainers' bytes stay)", async () => {
    const src =
      'class Chart {\n  /**\n   * Handles an event.\n   *\n   * @param {Event} e the native event the canvas received\n   * @param replay - true if the event was replayed by `update`\n   */\n  _handleEvent(e, replay) {\n    return [e, replay];\n  }\n\n  /**\n\t * @private\n\t */\n  _eventHandler(e, replay) {\n    return this._handleEvent(e, replay);\n  }\n}\n';
    const r = await run(src, 'JavaScript', 'src/chart.js', 'jsdoc');
    expect(r.output).toBe(src);
    // aligned, the same doc gets the parameter
    const aligned = await run(src.replace('\t * @private\n\t */', '   * @private\n   */'), 'JavaScript', 'src/chart.js', 'jsdoc');
    // (both parameters grounded: a list with one of the two would be partial, docs/decisions.md)
    expect(aligned.output).toContain(
      '   * @param e - the native event the canvas received\n   * @param replay - true if the event was replayed by `update`\n   * @private',
    );
  });
  it('an existing doc is not extended with a deprecation note', async () => {
    const src =
      '/// Computes the strongly connected components.\n///\n/// # Arguments\n/// * `g`: a directed or undirected graph.\npub fn kosaraju_scc(g: u32) -> u32 {\n    g\n}\n\n/// Renamed to `kosaraju_scc`.\n#[deprecated(note = "renamed to kosaraju_scc")]\npub fn scc(g: u32) -> u32 {\n    kosaraju_scc(g)\n}\n';
    const r = await run(src, 'Rust', 'src/scc.rs', 'rustdoc');
    expect(r.output).toContain(
      '/// Renamed to `kosaraju_scc`.\n///\n/// # Arguments\n/// * `g`: a directed or undirected graph.\n#[deprecated',
    );
  });
});
