import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunctionAnalysisEntry } from '@docent/contracts';
import { analyzeRepository } from '../../src/engine/analyze.ts';
import { commitAll, initRepo, tempDir, write } from './helpers.ts';

/**
 * A raise that moved between a function and the helpers it calls changes nothing for callers
 * (docs/metrics/outdated.md §What is left after round 6): inlined from a helper of the same file
 * that the doc's version already called (threetenbp `ZoneOffsetTransitionRule.readExternal`,
 * 54d4307), or moved into a helper of another file that today's body newly calls (classgraph
 * `ClasspathFinder.find`, d7e1589).
 */
const root = tempDir('helper-raises');
let seen: Record<string, FunctionAnalysisEntry> = {};

const rule = (inlined: boolean): string =>
  `class Rule {\n  /**\n   * Reads the rule.\n   *\n   * @param in  the input\n   * @return the rule\n   * @throws IOException if an error occurs\n   */\n  static Rule readExternal(DataInput in) throws IOException {\n    int month = in.readByte();\n${
    inlined
      ? '    if (month < 1) {\n      throw new IllegalArgumentException("bad month");\n    }\n    return new Rule(month);'
      : '    return of(month);'
  }\n  }\n\n  /**\n   * Reads a value.\n   *\n   * @param in  the input\n   * @return the value\n   * @throws IOException if an error occurs\n   */\n  static int readValue(DataInput in) throws IOException {\n    int v = in.readByte();\n${
    inlined ? '    if (v < 0) {\n      throw new IllegalArgumentException("negative");\n    }\n    return v;' : '    return check(v);'
  }\n  }\n\n  static Rule of(int month) {\n    if (month < 1) {\n      throw new IllegalArgumentException("bad month");\n    }\n    return new Rule(month);\n  }\n\n  static int check(int v) {\n    return v;\n  }\n}\n`;

const finder = (moved: boolean): string =>
  `class Finder {\n  /**\n   * Finds the classpath.\n   *\n   * @param order the order\n   * @return the entries\n   * @throws IllegalStateException if the thread is interrupted\n   */\n  List<Entry> find(Order order) {\n${
    moved
      ? '    return Expander.expand(order);'
      : '    if (Thread.interrupted()) {\n      throw new IllegalStateException("Interrupted");\n    }\n    return order.entries();'
  }\n  }\n\n  /**\n   * Lists the classpath.\n   *\n   * @param order the order\n   * @return the entries\n   * @throws IllegalStateException if the thread is interrupted\n   */\n  List<Entry> list(Order order) {\n${
    moved
      ? '    return Lister.collect(order);'
      : '    if (Thread.interrupted()) {\n      throw new IllegalStateException("Interrupted");\n    }\n    return order.entries();'
  }\n  }\n}\n`;

beforeAll(async () => {
  initRepo(root);
  write(root, 'Rule.java', rule(false));
  write(root, 'Finder.java', finder(false));
  write(
    root,
    'Expander.java',
    'class Expander {\n  static List<Entry> expand(Order order) {\n    if (Thread.interrupted()) {\n      throw new IllegalStateException("Interrupted");\n    }\n    return order.entries();\n  }\n}\n',
  );
  write(root, 'Lister.java', 'class Lister {\n  static List<Entry> collect(Order order) {\n    return order.entries();\n  }\n}\n');
  commitAll(root, 'first', '2025-01-01T00:00:00Z');
  write(root, 'Rule.java', rule(true));
  write(root, 'Finder.java', finder(true));
  commitAll(root, 'inline of(); move the interrupt check out', '2025-02-01T00:00:00Z');
  const result = await analyzeRepository(root, { cacheDir: tempDir('helper-raises-cache'), only: 'advancedDoc' });
  seen = Object.fromEntries((result.functions as FunctionAnalysisEntry[]).map((f) => [f.name, f]));
}, 60_000);

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('a raise moved between a function and its helpers', () => {
  it('inlined from a helper of the file the old body called, which raised it: no undocumented raise (threetenbp readExternal)', () => {
    expect(seen['Rule.readExternal']!.outdatedStatus.status).toBe('CURRENT');
    // The same raise written anew, where the old helper raised nothing, is one.
    expect(seen['Rule.readValue']!.outdatedStatus.findings?.map((f) => `${f.code} ${f.params.type}`)).toEqual([
      'RAISE_ADDED_UNDOCUMENTED IllegalArgumentException',
    ]);
  });
  it('moved into a helper of another file that the body now calls: still raised (classgraph ClasspathFinder.find)', () => {
    expect(seen['Finder.find']!.outdatedStatus.status).toBe('CURRENT');
    // Moved into a helper that does not raise it: removed.
    expect(seen['Finder.list']!.outdatedStatus.findings?.map((f) => `${f.code} ${f.params.type}`)).toEqual([
      'RAISE_REMOVED_STILL_DOCUMENTED IllegalStateException',
    ]);
  });
});
