/**
 * The project's own linter passes (docs/contributing.md "Before a commit"): `npm run lint` is part
 * of the test run, so a change that leaves an ESLint error fails here, not in the next person's
 * `npm run lint` (a needless escape in a test sat on main for a day before it was seen).
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('lint', () => {
  it('ESLint reports no error on the project (run `npm run lint`)', { timeout: 300_000 }, async () => {
    const eslint = new ESLint({ cwd: ROOT });
    const results = await eslint.lintFiles(['.']);
    const errors = results
      .filter((r) => r.errorCount > 0)
      .flatMap((r) =>
        r.messages
          .filter((m) => m.severity === 2)
          .map((m) => `${path.relative(ROOT, r.filePath)}:${m.line}:${m.column} ${m.ruleId ?? ''} ${m.message}`),
      );
    expect(errors).toEqual([]);
  });
});
