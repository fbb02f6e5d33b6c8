/**
 * The free trial's file limits the Pro Feature Required modal names (packages/contracts
 * FREE_TRIAL_FILE_LIMIT) are the ones the server applies (apps/server/src/docgen/routes.ts
 * FREE_FILE_LIMIT): read from the server's source, so that the two never drift apart.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FREE_TRIAL_FILE_LIMIT } from '../../packages/contracts/src/docgen.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('free trial file limits', () => {
  it("the modal's figures are the server's FREE_FILE_LIMIT", () => {
    const source = fs.readFileSync(path.join(ROOT, 'apps/server/src/docgen/routes.ts'), 'utf8');
    const m = /export const FREE_FILE_LIMIT = \{ private: (\d+), public: (\d+) \}/.exec(source);
    expect(m, 'FREE_FILE_LIMIT in apps/server/src/docgen/routes.ts').not.toBeNull();
    expect({ private: Number(m![1]), public: Number(m![2]) }).toEqual(FREE_TRIAL_FILE_LIMIT);
  });
});
