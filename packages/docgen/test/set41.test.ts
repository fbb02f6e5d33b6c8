import { describe, expect, it } from 'vitest';
import { fixtureRepos, read, writeRun } from './support/fixture-repo.ts';

/** docs/metrics/docgen-quality.md, "Set 41" (held out, TypeScript) and its causes fixed (tuning). */

const repo = fixtureRepos('s41');

describe('set 41: a throw inside a method of a returned object literal', () => {
  it("TypeScript: the factory does not throw its returned methods' errors", async () => {
    const root = repo({
      'src/fft.ts':
        "/**\n * Builds the transform.\n */\nexport function makeFFT(size: number) {\n  if (size < 0) throw new Error('negative size');\n  return {\n    direct<P extends number[]>(values: P, flag = false): P {\n      if (values.length !== size) throw new RangeError('wrong length');\n      return values;\n    },\n    inverse(values: number[]): number[] {\n      if (!Array.isArray(values)) throw new TypeError('expected array');\n      return values;\n    },\n  };\n}\n\n/**\n * Checks the values.\n */\nexport function check(values: number[]): void {\n  if (values.length === 0) {\n    throw new Error('empty values');\n  }\n  for (const v of values) {\n    if (v < 0) throw new Error('negative value');\n  }\n}\n",
    });
    await writeRun(root);
    const out = read(root, 'src/fft.ts');
    expect(out).toContain('/**\n * Builds the transform.\n *\n * @throws {@link Error} If `size < 0`.\n */\nexport function makeFFT(');
    expect(out).not.toContain('RangeError}');
    expect(out).not.toContain('TypeError}');
    // a `for (…) {` block is the function's own code: its throw is still listed
    expect(out).toContain('@throws {@link Error} Empty values, or negative value.');
  });
});

describe('set 41: a class method implementing a documented interface method signature', () => {
  it('TypeScript: the method inherits the interface doc and gets none of its own', async () => {
    const root = repo({
      'src/backend.ts':
        "/** What a queue's storage does. */\nexport interface Backend {\n  /**\n   * Removes the rate-limit key.\n   * @returns The number of keys removed.\n   */\n  removeKey(): Promise<number>;\n\n  /** Called on each event. */\n  onEvent?: (name: string) => void;\n}\n",
      'src/pg.ts':
        "import type { Backend } from './backend';\n\n/**\n * Marks an operation the backend does not implement yet.\n *\n * @param op - The operation's name.\n */\nfunction notImplemented(op: string): never {\n  throw new Error(op);\n}\n\nexport class PgBackend implements Backend {\n  removeKey(): Promise<number> {\n    return notImplemented('removeKey');\n  }\n\n  dropAll(): Promise<number> {\n    return notImplemented('dropAll');\n  }\n}\n",
    });
    await writeRun(root);
    const out = read(root, 'src/pg.ts');
    expect(out).toContain('export class PgBackend implements Backend {\n  removeKey(): Promise<number> {');
    // a method the interface does not declare still gets its grounded summary
    expect(out).toContain("  /** Same as `notImplemented()`, with `op` set to `'dropAll'`. */\n  dropAll()");
  });
});

describe('set 44: a method of an object literal typed by a documented interface', () => {
  it("TypeScript: `const Maybe: MaybeTypeRef = { of() {…} }` keeps the interface's doc for `of`", async () => {
    const root = repo({
      'src/maybe.ts':
        '/**\n * Wraps a value.\n *\n * @param value - The value to wrap.\n */\nexport function just<T>(value: T): T[] {\n  return [value];\n}\n\ninterface MaybeTypeRef {\n  /** Takes a value and wraps it in a `Just` */\n  of<T>(value: T): T[];\n  wrap<T>(value: T): T[];\n}\n\nexport const Maybe: MaybeTypeRef = {\n  of<T>(value: T): T[] {\n    return just(value);\n  },\n\n  wrap<T>(value: T): T[] {\n    return just(value);\n  },\n};\n',
    });
    await writeRun(root);
    const out = read(root, 'src/maybe.ts');
    expect(out).toContain('export const Maybe: MaybeTypeRef = {\n  of<T>(value: T): T[] {');
    // a member the interface leaves undocumented still gets its grounded summary
    expect(out).toContain('  /** Same as `just()`. */\n  wrap<T>(value: T): T[] {');
  });
});
