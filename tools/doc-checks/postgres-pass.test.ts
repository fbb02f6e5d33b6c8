import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATABASE_FREE_SERVER_TESTS, DATABASE_INCIDENTAL_SERVER_TESTS } from '../../vitest.config.ts';

const serverTests = path.resolve(import.meta.dirname, '../../apps/server/test');

/** What a server test file that opens a database contains (helpers/database.ts, helpers/app.ts, the db module). */
const OPENS_A_DATABASE = /createTestDatabase|helpers\/app(\.ts)?['"]|openDatabase|DATABASE_URL|DOCENT_TEST_DB/;

/** `name.test.ts` or `dir/*.test.ts` (the only glob the list uses) → the files it names. */
function expand(pattern: string): string[] {
  const dir = pattern.match(/^(.*)\/\*\.test\.ts$/)?.[1];
  if (dir === undefined) return [pattern];
  return readdirSync(path.join(serverTests, dir))
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => `${dir}/${f}`);
}

export function databaseFreeFilesThatOpenOne(patterns: readonly string[]): string[] {
  const files = patterns.flatMap(expand);
  return files.filter((f) => OPENS_A_DATABASE.test(readFileSync(path.join(serverTests, f), 'utf8')));
}

// The PostgreSQL pass skips the server files listed as database-free (docs/decisions.md
// "The PostgreSQL pass"); a listed file that starts opening a database must run in it again.
describe('the PostgreSQL pass', () => {
  it('skips only server test files that open no database', () => {
    const files = DATABASE_FREE_SERVER_TESTS.flatMap(expand);
    expect(files.length).toBeGreaterThanOrEqual(DATABASE_FREE_SERVER_TESTS.length);
    expect(databaseFreeFilesThatOpenOne(DATABASE_FREE_SERVER_TESTS)).toEqual([]);
  });

  it('would catch a listed file that opens a database', () => {
    expect(databaseFreeFilesThatOpenOne(['jobs.test.ts', 'delivery.test.ts'])).toEqual(['jobs.test.ts']);
  });

  it('names only server test files that exist, in neither list twice', () => {
    const named = [...DATABASE_FREE_SERVER_TESTS.flatMap(expand), ...DATABASE_INCIDENTAL_SERVER_TESTS];
    expect(named.filter((f) => !existsSync(path.join(serverTests, f)))).toEqual([]);
    expect(new Set(named).size).toBe(named.length);
  });
});
