import { describe, expect, it } from 'vitest';
import { documentationOfChange } from '../src/index.ts';

const BEFORE = `/**
 * Adds two numbers.
 * @param a the first
 * @param b the second
 */
export function add(a: number, b: number): number {
  return a + b;
}

export function untouched(x: number): number {
  return x;
}
`;

const AFTER = `/**
 * Adds two numbers.
 * @param a the first
 * @param b the second
 */
export function add(a: number, b: number, c: number): number {
  return a + b + c;
}

export function untouched(x: number): number {
  return x;
}

export function added(y: number): number {
  return y;
}
`;

describe('documentationOfChange', () => {
  it('judges the functions a change adds or touches: documented, outdated by a parameter the complete doc lacks, new and undocumented', async () => {
    const fns = await documentationOfChange({
      path: 'src/math.ts',
      language: 'TypeScript',
      before: BEFORE,
      after: AFTER,
      changedLines: new Set([6, 7, 13, 14, 15, 16]),
    });
    expect(fns.map((f) => f.name)).toEqual(['add', 'added']);
    const [add, added] = fns;
    expect(add).toMatchObject({
      added: false,
      documented: true,
      outdated: true,
      findings: [{ code: 'PARAM_ADDED_UNDOCUMENTED', params: { name: 'c' } }],
    });
    expect(add!.reasons[0]).toBe("Parameter 'c' was added by this change and the doc comment does not describe it.");
    expect(added).toMatchObject({ added: true, documented: false, outdated: false, startLine: 14 });
  });

  it('a change to the doc alone is not a code change; test files count for nothing', async () => {
    const docOnly = BEFORE.replace('Adds two numbers.', 'Adds two numbers together.');
    const fns = await documentationOfChange({
      path: 'src/math.ts',
      language: 'TypeScript',
      before: BEFORE,
      after: docOnly,
      changedLines: new Set([2]),
    });
    expect(fns).toHaveLength(1);
    expect(fns[0]).toMatchObject({ name: 'add', documented: true, outdated: false });
    expect(
      await documentationOfChange({
        path: 'test/math.test.ts',
        language: 'TypeScript',
        before: null,
        after: AFTER,
        changedLines: new Set([1]),
      }),
    ).toEqual([]);
  });
});

describe('documentationOfChange and in-source tests', () => {
  it('gives nothing for a JUnit @Test method added to a file outside the test folders', async () => {
    const before = 'public class Calc {\n  public int add(int a) { return a; }\n}\n';
    const after =
      'public class Calc {\n  public int add(int a) { return a; }\n  @Test\n  public void addsUp() { assert add(1) == 1; }\n}\n';
    const fns = await documentationOfChange({
      path: 'src/main/java/Calc.java',
      language: 'Java',
      before,
      after,
      changedLines: new Set([3, 4]),
    });
    expect(fns.map((f) => f.name)).toEqual([]);
  });
});

describe('documentationOfChange and trivial docs', () => {
  it('a changed function whose doc only restates its name is not documented (flagged trivial), as in the documented share', async () => {
    const after =
      '/** Gets the user name. */\nexport function getUserName(id: number): string {\n  return db.name(id);\n}\n\n/** Looks the name up in the primary store, falling back to the cache. */\nexport function lookupName(id: number): string {\n  return db.name(id);\n}\n';
    const fns = await documentationOfChange({
      path: 'src/users.ts',
      language: 'TypeScript',
      before: null,
      after,
      changedLines: new Set([1, 2, 3, 4, 5, 6, 7, 8, 9]),
    });
    expect(fns).toEqual([
      expect.objectContaining({ name: 'getUserName', documented: false, trivialDoc: true }),
      expect.objectContaining({ name: 'lookupName', documented: true }),
    ]);
    expect(fns[1]).not.toHaveProperty('trivialDoc');
  });
});
