import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MOCKING_SERVER_TESTS } from '../../apps/server/vitest.config.ts';

const server = path.resolve(import.meta.dirname, '../../apps/server');

/** A test file that replaces a module for its own imports. */
const MOCKS_A_MODULE = /\bvi\.(mock|doMock)\(/;

/** Server test files (relative to apps/server) that mock a module but are not in `list`. */
export function unlistedMockingFiles(list: readonly string[]): string[] {
  const files = ['test', 'src'].flatMap((dir) =>
    readdirSync(path.join(server, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.test.ts'))
      .map((f) => `${dir}/${f.split(path.sep).join('/')}`),
  );
  return files.filter((f) => MOCKS_A_MODULE.test(readFileSync(path.join(server, f), 'utf8')) && !list.includes(f)).sort();
}

// The server project shares modules between files; a file that mocks one runs in `server-mocks`
// with a module graph of its own (docs/decisions.md "Server test files share their modules").
describe('server test files that mock a module', () => {
  it('all run with a module graph of their own', () => {
    expect(unlistedMockingFiles(MOCKING_SERVER_TESTS)).toEqual([]);
  });

  it('would catch one that is not listed', () => {
    expect(unlistedMockingFiles(MOCKING_SERVER_TESTS.slice(1))).toEqual([MOCKING_SERVER_TESTS[0]]);
  });
});
