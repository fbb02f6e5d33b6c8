import { describe, expect, it } from 'vitest';
import { gatedAndStable } from './gated-run.ts';

/** docs/metrics/docgen-quality.md, "Set 22": the general causes found in its first run, and the leftovers of sets 20–21. */

const run = gatedAndStable;

describe('set 22 causes', () => {
  it("an extended Ruby doc keeps the maintainers' RDoc `##` opener as written", async () => {
    const src =
      'class Uri\n  ##\n  # Sets the origin.\n  #\n  # @param [String] new_origin The new origin.\n  def origin=(new_origin)\n    unless new_origin.include?("://")\n      raise ArgumentError, "An origin cannot omit the scheme."\n    end\n    @origin = new_origin\n  end\nend\n';
    const r = await run(src, 'Ruby', 'lib/uri.rb', 'yard');
    expect(r.output).toContain(
      '  ##\n  # Sets the origin.\n  #\n  # @param [String] new_origin The new origin.\n  # @raise [ArgumentError] An origin cannot omit the scheme.\n  def origin=',
    );
  });

  it('the blank lines the maintainers left at the end of a docstring stay there', async () => {
    const src =
      'def load(content=None):\n    """\n    Load the content.\n\n    **Parameters**\n\n    content : the bytes\n\n\n    """\n    if not content:\n        raise ValueError("Please pass the content.")\n    return content\n\n\n' +
      'def dump(obj):\n    """\n    Dump the object.\n\n    Parameters\n    ----------\n    obj : object\n        The object to dump.\n    """\n    return str(obj)\n';
    const r = await run(src, 'Python', 'pkg/load.py', 'numpy');
    // every line of the original doc is still there, in order
    const before = src.split('\n').slice(1, 10);
    const after = r.output.split('\n');
    let j = 0;
    for (const l of before) {
      while (j < after.length && after[j] !== l) j++;
      expect(j).toBeLessThan(after.length);
      j++;
    }
    expect(r.output).toContain('    ValueError\n        If not content.\n\n    """');
  });
});

describe('set 22 causes (Rust)', () => {
  const hidden =
    '/// Whether the byte is an ASCII digit.\n///\n/// # Arguments\n///\n/// * `chr` - the byte to test\npub fn is_dec_digit(chr: u8) -> bool {\n    matches!(chr, 0x30..=0x39)\n}\n\n' +
    '#[inline]\n#[doc(hidden)]\n#[deprecated(since = "8.0.0", note = "Replaced with `is_dec_digit`")]\npub fn is_digit(chr: u8) -> bool {\n    is_dec_digit(chr)\n}\n';

  it('an item hidden from the docs (`#[doc(hidden)]`) gets no doc', async () => {
    const r = await run(hidden, 'Rust', 'src/character/mod.rs', 'rustdoc');
    expect(r.output).toBe(hidden);
    // not hidden, the same item gets its doc
    const shown = await run(hidden.replace('#[doc(hidden)]\n', ''), 'Rust', 'src/character/mod.rs', 'rustdoc');
    expect(shown.output).not.toBe(hidden.replace('#[doc(hidden)]\n', ''));
  });

  it('a `tests.rs` module is test code', async () => {
    const src =
      '/// Parses alphanumerics.\n///\n/// # Arguments\n///\n/// * `input` - the text to parse\npub fn alphanumeric1(input: &str) -> &str {\n    input\n}\n\nfn custom_error(input: &str) -> &str {\n    alphanumeric1(input)\n}\n';
    const r = await run(src, 'Rust', 'src/combinator/tests.rs', 'rustdoc');
    expect(r.output).toBe(src);
    const lib = await run(src, 'Rust', 'src/combinator/mod.rs', 'rustdoc');
    expect(lib.output).toContain('/// Same as `alphanumeric1()`.\n///\n/// # Arguments');
  });
});

describe('leftovers of sets 20–21', () => {
  it('a summary that restates the name with a generic verb or the class name is refused', async () => {
    const src =
      'class Core:\n    def _assemble_xml_file(self):\n        # Assemble and write the XML file.\n\n        self._xml_declaration()\n        self._write_core()\n\n' +
      '    def _set_default_properties(self):\n        # Setup the default properties for a core.\n\n        self.props = {}\n        self.ready = True\n\n' +
      '    def _write_core(self):\n        # Write the <cp:coreProperties> element.\n\n        self._xml_start_tag("cp:coreProperties")\n        self._xml_end_tag("cp:coreProperties")\n';
    const r = await run(src, 'Python', 'pkg/core.py', 'google');
    expect(r.output).not.toContain('"""Assemble');
    expect(r.output).not.toContain('"""Setup');
    // a comment that says more than the name (the element written) is still taken
    expect(r.output).toContain('"""Write the <cp:coreProperties> element."""');
  });
});

describe('set 22 causes (joined messages)', () => {
  it('a message joined after ", or " loses the capital of a plain first word, not of a name by its shape', async () => {
    const src =
      'def load(kind):\n    """Load a file.\n\n    Args:\n        kind: the file type\n    """\n    if kind == "yaml":\n        try:\n            import yaml\n        except ImportError:\n            raise ImportError("Pyyaml needs to be installed.")\n    elif kind == "toml":\n        try:\n            import tomli\n        except ImportError:\n            raise ImportError("On python<=3.10 tomli needs to be installed.")\n    elif kind == "ini":\n        try:\n            import cfg\n        except ImportError:\n            raise ImportError("Libcfg is missing.")\n    return kind\n';
    const r = await run(src, 'Python', 'pkg/load.py', 'google');
    expect(r.output).toContain(
      'ImportError: Pyyaml needs to be installed, or on python<=3.10 tomli\n            needs to be installed, or libcfg is missing.',
    );
  });
});

describe('leftovers of set 21', () => {
  const php = (lit: string): string =>
    '<?php\n\nfinal class InlineParserMatch\n{\n    /**\n     * Matches a regular expression.\n     *\n     * @param string $regex the pattern to match\n     */\n    public static function regex(string $regex): self\n    {\n        return new self($regex);\n    }\n}\n\n' +
    `final class TickParser\n{\n    public function getMatchDefinition(): InlineParserMatch\n    {\n        return InlineParserMatch::regex('${lit}');\n    }\n}\n`;

  it('a "Same as" whose fixed literal holds a backtick is not written where backticks are markup', async () => {
    const r = await run(php('`+'), 'PHP', 'src/TickParser.php', 'phpdoc');
    expect(r.output).toBe(php('`+'));
    // any other literal is quoted as before
    const tilde = await run(php('~+'), 'PHP', 'src/TickParser.php', 'phpdoc');
    expect(tilde.output).toContain("Same as InlineParserMatch::regex(), with regex set to '~+'.");
  });
});

describe('leftovers of set 21 (a step)', () => {
  it("a body's comment that gives the reason for a step (a means, a workaround) is no summary", async () => {
    const src =
      'function fenced(n, rangeStart, rangeEnd) {\n\n  // use matching threshold to work around\n  // precision errors in intersection computation\n\n  return (\n    n >= Math.min(rangeStart, rangeEnd) - 0.1 &&\n    n <= Math.max(rangeStart, rangeEnd) + 0.1\n  );\n}\n\n' +
      'function mid(p, q) {\n\n  // the point halfway between two points\n\n  return { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 };\n}\n';
    const r = await run(src, 'JavaScript', 'lib/util/Line.js', 'jsdoc');
    expect(r.output).not.toContain('Use matching threshold');
    expect(r.output).toContain('// use matching threshold to work around');
    // a comment that says what the function gives is still taken
    expect(r.output).toContain('/** The point halfway between two points. */\nfunction mid');
  });
});

describe('set 23 causes', () => {
  it('a single-quoted PHP message keeps its backslashes (`Node\\Identifier`)', async () => {
    const src =
      "<?php\n\nfinal class Helpers\n{\n    /**\n     * Normalizes an identifier.\n     *\n     * @param mixed $name the name\n     */\n    public static function normalizeIdentifier($name)\n    {\n        if (\\is_string($name)) {\n            return $name;\n        }\n\n        throw new \\LogicException('Expected string or instance of Node\\Identifier');\n    }\n}\n";
    const r = await run(src, 'PHP', 'lib/Helpers.php', 'phpdoc');
    expect(r.output).toContain('     * @throws LogicException Expected string or instance of Node\\Identifier.\n');
  });

  it('a guard on a field the body assigns before it is not what the caller sees: the message is used', async () => {
    const src =
      "<?php\n\nfinal class Adaptation\n{\n    /**\n     * Sets the alias.\n     *\n     * @param string $alias the alias\n     */\n    public function as($alias)\n    {\n        if ($this->type === self::TYPE_UNDEFINED) {\n            $this->type = self::TYPE_ALIAS;\n        }\n\n        if ($this->type !== self::TYPE_ALIAS) {\n            throw new \\LogicException('Cannot set alias for not alias adaptation builder');\n        }\n\n        $this->alias = $alias;\n        return $this;\n    }\n\n" +
      "    /**\n     * Gets the alias.\n     *\n     * @return string the alias\n     */\n    public function alias()\n    {\n        if ($this->type !== self::TYPE_ALIAS) {\n            throw new \\LogicException('Not an alias');\n        }\n\n        return $this->alias;\n    }\n}\n";
    const r = await run(src, 'PHP', 'lib/Adaptation.php', 'phpdoc');
    expect(r.output).toContain('@throws LogicException Cannot set alias for not alias adaptation builder.\n');
    // a guard on a field the body leaves alone gives way to the plain message too (set 25)
    expect(r.output).toContain('@throws LogicException Not an alias.\n');
  });
});

describe('set 24 causes', () => {
  it("a code name handed to an exception's constructor (the option at fault) is no message", async () => {
    const src =
      "<?php\n\nfinal class Builder\n{\n    /**\n     * Creates the builder.\n     *\n     * @param array $options the options\n     */\n    public function __construct(array $options = [])\n    {\n        $options = array_merge(self::$default, $options);\n\n        if (!is_bool($options['addLineNumbers'])) {\n            throw new ConfigurationException('addLineNumbers', 'a bool', $options['addLineNumbers']);\n        }\n\n        if (!is_int($options['contextLines'])) {\n            throw new ConfigurationException('contextLines', 'an int', $options['contextLines']);\n        }\n    }\n\n" +
      "    /**\n     * Sets the width.\n     *\n     * @param int $width the width\n     */\n    public function width($width)\n    {\n        $width = (int) $width;\n        if ($width < 0) {\n            throw new ConfigurationException('Width must not be negative');\n        }\n    }\n}\n";
    const r = await run(src, 'PHP', 'src/Builder.php', 'phpdoc');
    expect(r.output).not.toContain('@throws ConfigurationException addLineNumbers');
    // a sentence is still a message
    expect(r.output).toContain('@throws ConfigurationException Width must not be negative.\n');
  });
});
