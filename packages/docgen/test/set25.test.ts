import { describe, expect, it } from 'vitest';
import { skipReason } from '../src/index.ts';
import { gatedAndStable } from './gated-run.ts';

/** docs/metrics/docgen-quality.md, "Set 25": the general causes found in its first run. */

const run = gatedAndStable;

describe('set 25 causes: remarks in leading comments', () => {
  it('a remark (an opening "need to", a question, a line that is mainly a URL) is no summary, and its lines stay', async () => {
    const src =
      'def _todb(table, dbo):\n    # need to deal with polymorphic dbo argument\n    # what sort of duck is it?\n\n    if dbo is None:\n        return table\n    return dbo.run(table)\n\n\n' +
      'def _get_default(field):\n    # Access to the default factory currently causes a false-positive mypy error\n    # https://github.com/python/mypy/issues/6910\n\n    factory = field.default_factory\n    return factory()\n\n\n' +
      'def _sizes(table):\n    # TODO count the rows of the table lazily\n\n    n = len(table)\n    return n\n\n\n' +
      'def _reset(table):\n    # Clears the cached header of the table\n\n    table.header = None\n    table.cache = {}\n';
    const r = await run(src, 'Python', 'petl/io/db.py', 'numpy');
    expect(r.output).not.toContain('"""Need to deal');
    expect(r.output).not.toContain('"""Access to the default');
    expect(r.output).not.toContain('"""TODO');
    // every comment line is still there
    for (const l of src.split('\n').filter((x) => x.trim().startsWith('#') && !x.includes('Clears'))) expect(r.output).toContain(`${l}\n`);
    // a plain description is still taken
    expect(r.output).toContain('"""Clears the cached header of the table."""');
  });

  it('a comment whose words the doc does not carry byte for byte is not deleted', async () => {
    const src =
      'pub fn parse_header(input: &str) -> usize {\n    // Parses the header as written down in https://example.org/spec for the table\n\n    let n = input.len();\n    n\n}\n';
    const r = await run(src, 'Rust', 'src/header.rs', 'rustdoc');
    // the doc writes the URL as an autolink: the comment line stays as it was
    if (r.output.includes('/// Parses the header'))
      expect(r.output).toContain('    // Parses the header as written down in https://example.org/spec for the table\n');
  });
});

describe('set 25 causes: guards on what the caller cannot see', () => {
  it('a guard on private state or a negated method chain gives way to the plain message', async () => {
    const src =
      "export class GeneralSign {\n  #signatures: string[] = [];\n\n  /**\n   * Signs the payload.\n   *\n   * @param options the options\n   */\n  sign(options: number): string {\n    if (!this.#signatures.length) {\n      throw new JWSInvalid('at least one signature must be added');\n    }\n    return String(options);\n  }\n}\n";
    const r = await run(src, 'TypeScript', 'src/jws/general/sign.ts', 'tsdoc');
    expect(r.output).not.toContain('#signatures.length`');
    expect(r.output).toContain('@throws {@link JWSInvalid} At least one signature must be added.\n');
  });

  it('PHP: a negated method chain gives way to the plain message; a guard on parameters stays', async () => {
    const src =
      "<?php\n\nfinal class Converter\n{\n    /**\n     * Converts the money.\n     *\n     * @param Money $money the money\n     * @param CurrencyPair $pair the pair\n     */\n    public function convert(Money $money, CurrencyPair $pair): Money\n    {\n        if (! $money->getCurrency()->equals($pair->getBaseCurrency())) {\n            throw new InvalidArgumentException('Expecting to convert against base currency.');\n        }\n\n        return $money;\n    }\n\n" +
      "    /**\n     * Clamps the value.\n     *\n     * @param int $value the value\n     * @param int $min the minimum\n     * @param int $max the maximum\n     */\n    public static function clamp(int $value, int $min, int $max): int\n    {\n        if ($min > $max) {\n            throw new InvalidArgumentException('Minimum is greater than maximum.');\n        }\n\n        return min(max($value, $min), $max);\n    }\n}\n";
    const r = await run(src, 'PHP', 'src/Converter.php', 'phpdoc');
    expect(r.output).toContain('@throws InvalidArgumentException Expecting to convert against base currency.\n');
    expect(r.output).toContain('@throws InvalidArgumentException If $min > $max.\n');
  });

  it('an opaque guard (a chain of calls, private state) with no plain message gives no entry', async () => {
    const src =
      "<?php\n\nfinal class Converter\n{\n    /**\n     * Converts the money.\n     *\n     * @param Money $money the money\n     * @param CurrencyPair $pair the pair\n     */\n    public function convert(Money $money, CurrencyPair $pair): Money\n    {\n        if (! $money->getCurrency()->equals($pair->getBaseCurrency())) {\n            throw new InvalidArgumentException(\n                sprintf('Expecting to convert against base currency %s', $pair->getBaseCurrency()->getCode())\n            );\n        }\n\n        return $money;\n    }\n}\n";
    const r = await run(src, 'PHP', 'src/Converter.php', 'phpdoc');
    expect(r.output).not.toContain('@throws InvalidArgumentException If');
  });
});

describe('set 25 causes: test-support and benchmark code', () => {
  it('Gradle source sets other than main and top-level benchmark folders are not library code', () => {
    for (const p of [
      'caffeine/src/testFixtures/java/com/github/benmanes/caffeine/testing/Int.java',
      'caffeine/src/jsr166Test/java/com/github/benmanes/caffeine/jsr166/Collection.java',
      'guava/src/compatibilityTest/java/com/google/common/cache/Helpers.java',
      'lib/src/integrationTest/kotlin/a/B.kt',
      'benchmark/NumberInstantiationBench.php',
      'benchmarks/src/Bench.php',
    ])
      expect(skipReason(p, 'class A {}\n'), p).not.toBeNull();
    for (const p of ['core/src/main/java/org/example/Cache.java', 'src/Money.php', 'src/benchmark/Timer.java'])
      expect(skipReason(p, 'class A {}\n'), p).toBeNull();
  });
});

describe('set 25 causes: ", or" capitals', () => {
  it('a joined message loses the capital of any plain first word; a code or proper name keeps it', async () => {
    const src =
      "<?php\n\nfinal class Random\n{\n    /**\n     * Generates a string.\n     *\n     * @param int $length the length\n     * @param string $charlist the characters\n     */\n    public static function generate(int $length, string $charlist): string\n    {\n        if ($length < 1) {\n            throw new InvalidArgumentException('Length must be greater than zero.');\n        } elseif (strlen($charlist) < 2) {\n            throw new InvalidArgumentException('Character list must contain at least two chars.');\n        } elseif ($length > 100) {\n            throw new InvalidArgumentException('JSON output is limited.');\n        }\n\n        return $charlist;\n    }\n}\n";
    const r = await run(src, 'PHP', 'src/Random.php', 'phpdoc');
    const joined = r.output.replace(/\n\s*\*\s+/g, ' ');
    expect(joined).toContain(', or character list must contain at least two chars');
    expect(joined).toContain(', or JSON output is limited');
  });
});
