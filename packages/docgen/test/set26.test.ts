import { describe, expect, it } from 'vitest';
import { gatedAndStable } from './gated-run.ts';

/** docs/metrics/docgen-quality.md, "Set 26": the general causes found in its first run. */

const run = gatedAndStable;

describe('set 26 causes: leading comments that are no summary', () => {
  it('a comment that introduces steps (ends in a colon) or labels a value is no summary', async () => {
    const src =
      "function cloneBody (body) {\n  // To clone a body body, run these steps:\n\n  // 1. Let « out1, out2 » be the result of teeing body's stream.\n  const [out1, out2] = body.stream.tee()\n  return { stream: out2, source: body.source, out1 }\n}\n\n" +
      "function renderPivotField (fieldType, sharedItems) {\n  // FieldType: 'row', 'column', 'value', null\n  const a = fieldType === 'row'\n  return a ? sharedItems : null\n}\n\n" +
      'function duplicateRow (rowNum, count) {\n  // Create count duplicates of rowNum either inserting new or overwriting existing rows\n  const rows = []\n  rows.push(rowNum, count)\n  return rows\n}\n\nmodule.exports = { cloneBody, renderPivotField, duplicateRow }\n';
    const r = await run(src, 'JavaScript', 'lib/web/fetch/body.js', 'jsdoc');
    expect(r.output).not.toContain('run these steps:.');
    expect(r.output).not.toContain("/** FieldType: 'row'");
    // a plain description is still taken
    expect(r.output).toContain('Create count duplicates of rowNum');
  });
});

describe('set 26 causes: raise texts', () => {
  it('PHP: a message with double quotes is plain; an assignment in the guard is not written', async () => {
    const src =
      '<?php\n\nfinal class CoreExtension\n{\n    /**\n     * Parses the parent function.\n     *\n     * @param Parser $parser the parser\n     */\n    public static function parseParentFunction(Parser $parser): Node\n    {\n        if (!$blockName = $parser->peekBlockStack()) {\n            throw new SyntaxError(\'Calling the "parent" function outside of a block is forbidden.\');\n        }\n\n        return new Node($blockName);\n    }\n\n' +
      "    /**\n     * Parses the block function.\n     *\n     * @param Parser $parser the parser\n     */\n    public static function parseBlockFunction(Parser $parser): Node\n    {\n        if (!$blockName = $parser->peekBlockStack()) {\n            throw new SyntaxError(sprintf('Block %s is not defined.', $parser->getName()));\n        }\n\n        return new Node($blockName);\n    }\n}\n";
    const r = await run(src, 'PHP', 'src/Extension/CoreExtension.php', 'phpdoc');
    expect(r.output).toContain('@throws SyntaxError Calling the "parent" function outside of a block is forbidden.\n');
    expect(r.output).not.toContain('If !$blockName');
  });

  it("PHP: a guard that calls the class's own method, with no plain message, gives no entry", async () => {
    const src =
      '<?php\n\nclass CSR\n{\n    /**\n     * Register the mapping for a custom extension.\n     *\n     * @param string $id the extension id\n     * @param array $mapping the mapping\n     */\n    public static function registerExtension(string $id, array $mapping): void\n    {\n        if (!is_bool(self::getMapping($id))) {\n            throw new InvalidStateException(\n                "Extension $id has already been defined with a different mapping."\n            );\n        }\n\n        self::$extensions[$id] = $mapping;\n    }\n\n' +
      '    /**\n     * Sets the size.\n     *\n     * @param int $size the size\n     */\n    public function setSize(int $size): void\n    {\n        if (!is_int($size) || $size < 0) {\n            throw new InvalidArgumentException("Size $size is negative.");\n        }\n\n        $this->size = $size;\n    }\n}\n';
    const r = await run(src, 'PHP', 'src/File/CSR.php', 'phpdoc');
    expect(r.output).not.toContain('self::getMapping($id)).');
    // a guard on the parameters alone stays
    expect(r.output).toContain('@throws InvalidArgumentException If !is_int($size) || $size < 0.\n');
  });

  it('JavaScript: a bare parameter name is no message, an internal assertion no failure, a long guard no description', async () => {
    const src =
      "function extractBody (object, keepalive = false) {\n  if (typeof object === 'number') {\n    return null\n  } else if (object.stream) {\n    if (keepalive) {\n      throw new TypeError('keepalive')\n    }\n  }\n  return object\n}\n\n" +
      "class TstNode {\n  /**\n   * @param {string} key\n   * @param {any} value\n   * @param {number} index\n   */\n  constructor (key, value, index) {\n    if (index === undefined || index >= key.length) {\n      throw new TypeError('Unreachable')\n    }\n    const code = this.code = key.charCodeAt(index)\n    if (code > 0x7F) {\n      throw new TypeError('key must be ascii string')\n    }\n    this.value = value\n  }\n}\n\n" +
      "class MockScope {\n  /**\n   * Delay a reply by a set amount in ms.\n   */\n  delay (waitInMs) {\n    if (typeof waitInMs !== 'number' || !Number.isInteger(waitInMs) || waitInMs <= 0) {\n      throw new InvalidArgumentError('waitInMs must be a valid integer > 0')\n    }\n    this.waitInMs = waitInMs\n    return this\n  }\n}\n\n" +
      "/**\n * Extracts the body.\n *\n * @param {object} object the object\n * @param {boolean} keepalive whether to keep alive\n */\nfunction extract (object, keepalive) {\n  if (keepalive) {\n    throw new TypeError('keepalive')\n  }\n  return object\n}\n\nmodule.exports = { extractBody, extract, TstNode, MockScope }\n";
    const r = await run(src, 'JavaScript', 'lib/core/tree.js', 'jsdoc');
    expect(r.output).not.toContain('@throws {TypeError} keepalive');
    expect(r.output).not.toContain('Unreachable,');
    expect(r.output).toContain('@throws {TypeError} key must be ascii string.\n');
    expect(r.output).not.toContain("If `typeof waitInMs !== 'number'");
  });
});

describe("set 26 causes: a callee's use of a parameter", () => {
  it('"Text to search." from the callee it is passed to is not the caller\'s description', async () => {
    const src =
      '/**\n * Appends a comma to the text.\n */\nexport function appendCommaToText(text: string) {\n  const pos = getAppendCommaPos(text);\n  return pos === -1 ? text : text.substring(0, pos) + "," + text.substring(pos);\n}\n\n' +
      '/**\n * Gets the position in the text where a comma could be appended.\n * @param text - Text to search.\n */\nexport function getAppendCommaPos(text: string) {\n  return text.lastIndexOf(";");\n}\n\n' +
      '/**\n * Reads the position of the header.\n */\nexport function headerPos(source: string) {\n  return getHeaderPos(source);\n}\n\n' +
      '/**\n * Gets the position of the header.\n * @param source - The document source whose first line is the header.\n */\nexport function getHeaderPos(source: string) {\n  return source.indexOf("\\n");\n}\n';
    const r = await run(src, 'TypeScript', 'src/manipulation/helpers/appendCommaToText.ts', 'tsdoc');
    expect(r.output).not.toContain(' * Appends a comma to the text.\n *\n * @param text - Text to search.');
    // a description of what the value is still travels
    expect(r.output).toContain(
      ' * Reads the position of the header.\n *\n * @param source - The document source whose first line is the header.\n',
    );
  });
  it('with one callee\'s "X to verb" among several, no callee\'s text is reused', async () => {
    const src =
      'def normalized(expression, dnf=False):\n    """Check whether an expression is normalized.\n\n    Args:\n        expression: The expression to check if it\'s normalized.\n        dnf: Whether to check the disjunctive form.\n    """\n    return dnf or expression is not None\n\n\n' +
      'def find_all(expression):\n    """Find every node.\n\n    Args:\n        expression: the expression to search.\n    """\n    return [expression]\n\n\n' +
      'def propagate_constants(expression, root=True):\n    """Propagate constants for conjunctions in DNF."""\n    if normalized(expression) and root:\n        return find_all(expression)\n    return expression\n';
    const r = await run(src, 'Python', 'sqlglot/optimizer/simplify.py', 'google');
    expect(r.output).toContain('    """Propagate constants for conjunctions in DNF."""\n');
  });
});

describe('set 26 causes: Java overloads', () => {
  it('a call is not "the same as" a documented overload with another number of parameters', async () => {
    const src =
      'final class Utils\n{\n    /**\n     * Creates a shared symbol table.\n     *\n     * @param name the name of the table\n     * @param version the version of the table\n     * @param symbols the symbols\n     */\n    public static Table newSharedSymtab(String name, int version, Iterator<String> symbols)\n    {\n        return new Table(name, version, symbols);\n    }\n\n    public static Table newSharedSymtab(Reader reader, boolean alreadyInStruct)\n    {\n        return new Table(reader, alreadyInStruct);\n    }\n}\n\n' +
      'final class SystemLite\n{\n    public Table newSharedSymbolTable(Reader reader)\n    {\n        return Utils.newSharedSymtab(reader, false);\n    }\n\n    public Table newTable(String name, int version, Iterator<String> symbols)\n    {\n        return Utils.newSharedSymtab(name, version, symbols);\n    }\n}\n';
    const r = await run(src, 'Java', 'src/main/java/com/example/SystemLite.java', 'javadoc');
    expect(r.output).not.toContain('{@code version} set to {@code false}');
    // the overload with the call's arity is still the one described
    expect(r.output).toContain('Same as {@code Utils.newSharedSymtab()}.');
  });
});

describe('set 26 causes: messages cut short', () => {
  it('PHP: a message with an unpaired double quote is no message; one ending in ".." keeps both dots', async () => {
    const src =
      "<?php\n\nclass SFTP\n{\n    /**\n     * Reads the directory.\n     *\n     * @param string $dir the directory\n     */\n    public function readlist(string $dir): array\n    {\n        if ($this->count === 0) {\n            throw new UnexpectedValueException('Directory has zero entries - it should have at least . and ..');\n        }\n        if (!$this->root) {\n            throw new UnexpectedValueException('Unable to read the root');\n        }\n\n        return [$dir];\n    }\n\n" +
      "    /**\n     * Reads the type.\n     *\n     * @param string $file the file\n     */\n    public function filetype(string $file): int\n    {\n        if (!$this->stat) {\n            throw new UnexpectedValueException('Unable to determine the \"type');\n        }\n\n        return 1;\n    }\n}\n";
    const r = await run(src, 'PHP', 'phpseclib/Net/SFTP.php', 'phpdoc');
    expect(r.output.replace(/\n\s+\*\s+/g, ' ')).toContain('it should have at least . and .., or unable to read the root.');
    expect(r.output).not.toContain('@throws UnexpectedValueException Unable to determine');
  });
});
