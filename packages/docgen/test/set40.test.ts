import { describe, expect, it } from 'vitest';
import { fixtureRepos, read, writeRun } from './support/fixture-repo.ts';

/** docs/metrics/docgen-quality.md, "Set 40" (held out) and "Set 40's malformed entry fixed (tuning)". */

const repo = fixtureRepos('s40');

describe('set 40: a borrowed text with an inline link', () => {
  it("Java: a returned call's @return that links names of its own class is not copied to another class", async () => {
    const root = repo({
      'src/main/java/p/Color.java':
        'package p;\n\npublic class Color {\n    public static class Named extends Color {}\n\n    public static class Factory {\n        /**\n         * Parses a color.\n         *\n         * @param value The text to parse, a name or a hex code.\n         * @return Either a {@link Named} or a plain color, depending on the format of the string.\n         */\n        public static Color fromString(String value) {\n            return new Color();\n        }\n\n        /**\n         * Parses a color with a fallback.\n         *\n         * @param value The text to parse, a name or a hex code.\n         * @return The parsed color, or the fallback when the text is empty.\n         */\n        public static Color fromStringOr(String value, Color fallback) {\n            return value.isEmpty() ? fallback : fromString(value);\n        }\n    }\n}\n',
      'src/main/java/q/Theme.java':
        'package q;\n\nimport p.Color;\n\npublic class Theme {\n    /**\n     * Reads one value of the theme.\n     *\n     * @param value The text to parse, a name or a hex code.\n     */\n    public Color parseValue(String value) {\n        return Color.Factory.fromString(value);\n    }\n\n    /**\n     * Reads one value of the theme with a fallback.\n     *\n     * @param value The text to parse, a name or a hex code.\n     * @param fallback What an empty text gives.\n     */\n    public Color parseOr(String value, Color fallback) {\n        return Color.Factory.fromStringOr(value, fallback);\n    }\n}\n',
    });
    await writeRun(root);
    const out = read(root, 'src/main/java/q/Theme.java');
    // `{@link Named}` resolves in Color.java, not in Theme.java: javac -Xdoclint reports "reference not found"
    expect(out).not.toContain('{@link Named}');
    // a text without a link is still borrowed through the returned call
    expect(out).toContain('     * @return The parsed color, or the fallback when the\n     *     text is empty.\n');
  });
});

describe('set 40: a throw in the last else of a chain whose head says the branch is not reached', () => {
  it('TypeScript: `// istanbul ignore else - All cases covered` above the `if` — no @throws for the final else', async () => {
    const body = (name: string, pragma: string) =>
      `/**\n * Checks one condition.\n */\nexport function ${name}(c: {type: string}): void {\n${pragma}  if (c.type === 'a') {\n    run('a');\n  } else if (c.type === 'b') {\n    run('b');\n  } else {\n    throw new TypeError('UNKNOWN CONDITION TYPE');\n  }\n}\n`;
    const root = repo({
      'src/check.ts':
        'function run(x: string): string {\n  return x;\n}\n\n' +
        body('marked', '  // istanbul ignore else - All cases covered\n') +
        '\n' +
        body('plain', ''),
    });
    await writeRun(root);
    const out = read(root, 'src/check.ts');
    // the chain without the pragma still documents its throw
    expect(out).toContain(
      ' * Checks one condition.\n *\n * @throws {@link TypeError} UNKNOWN CONDITION TYPE.\n */\nexport function plain(',
    );
    expect(out).toContain('/**\n * Checks one condition.\n */\nexport function marked(');
  });
});
