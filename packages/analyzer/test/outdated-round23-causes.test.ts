import { describe, expect, it } from 'vitest';
import { extractFunctions } from '../src/functions/index.ts';

/**
 * The largest cause of round 23's false OUTDATED verdicts (docs/metrics/outdated.md, "Round 23"),
 * fixed after round 23's figures were written. Round 23 is a tuning set from here on.
 */

const verdicts = async (src: string, language: string, file = 'x'): Promise<string[]> =>
  (await extractFunctions(src, language, file)).map((f) => f.outdated.status);

describe('OUTDATED, round 23: `@returns {never}` claims no value (tuning)', () => {
  const src = (type: string) =>
    `/**\n * Cannot reference store value inside \`<script module>\`\n * @param {null | number | NodeLike} node\n * @returns {${type}}\n */\nexport function store_invalid_subscription(node) {\n\te(node, 'store_invalid_subscription', 'Cannot reference store value');\n}\n`;
  it('a function that always throws, typed `never` (svelte `store_invalid_subscription`)', async () => {
    expect(await verdicts(src('never'), 'JavaScript')).toEqual(['CURRENT']);
  });
  it('a value type on the same body keeps the verdict', async () => {
    expect(await verdicts(src('string'), 'JavaScript')).toEqual(['OUTDATED']);
  });
});

describe('OUTDATED, round 23: a PHP argument read with `func_get_arg()` (tuning)', () => {
  const src = (read: string) =>
    `<?php\nclass DBDate\n{\n    /**\n     * Return the date using a particular formatting string.\n     *\n     * @param string $format Format code string.\n     * @param string $locale Custom locale to use (add to signature in 5.0)\n     * @return ?string The date in the requested format\n     */\n    public function Format($format)\n    {\n        ${read}\n        return $this->formatter($locale, $format)->format($this->value);\n    }\n}\n`;
  it('`$locale = func_num_args() > 1 ? func_get_arg(1) : null;` (silverstripe `DBDate.Format`)', async () => {
    expect(await verdicts(src('$locale = func_num_args() > 1 ? func_get_arg(1) : null;'), 'PHP')).toEqual(['CURRENT']);
  });
  it('a body that reads no further argument keeps the verdict', async () => {
    expect(await verdicts(src('$locale = null;'), 'PHP')).toEqual(['OUTDATED']);
  });
});
