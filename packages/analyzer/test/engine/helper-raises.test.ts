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

/**
 * …nor worth a suggestion: the raised type's name gone from the body is no word the change removed
 * while the body still raises it, through the helper or a check (dramatiq `Message.get_result`,
 * 0f50659; falcon `get_bound_method`, 7372895; round 7).
 */
describe('a raise still made through a helper or a check, in suggestions', () => {
  const repo = tempDir('helper-raises-python');
  let found: Record<string, FunctionAnalysisEntry> = {};
  const message = (moved: boolean): string =>
    `def get_result(message, backend=None):\n    """Get the result.\n\n    Raises:\n      RuntimeError: If there is no result backend on the default broker.\n    """\n    if backend is None:\n${
      moved
        ? '        backend = get_broker().get_results_backend()\n'
        : '        for middleware in get_broker().middleware:\n            if isinstance(middleware, Results):\n                backend = middleware.backend\n                break\n        else:\n            raise RuntimeError("no results backend")\n'
    }    return backend.get_result(message)\n\n\ndef get_bound_method(obj, method_name):\n    """Get a bound method.\n\n    Raises:\n        AttributeError: The method exists, but it isn't bound.\n    """\n    method = getattr(obj, method_name, None)\n    if method is not None:\n${
      moved
        ? "        getattr(method, '__self__')\n"
        : '        if not is_attached(method):\n            raise AttributeError("not bound")\n'
    }    return method\n`;
  beforeAll(async () => {
    initRepo(repo);
    write(repo, 'message.py', message(false));
    write(
      repo,
      'broker.py',
      'class Broker:\n    def get_results_backend(self):\n        for middleware in self.middleware:\n            if isinstance(middleware, Results):\n                return middleware.backend\n        raise RuntimeError("no results backend")\n',
    );
    commitAll(repo, 'first', '2025-01-01T00:00:00Z');
    write(repo, 'message.py', message(true));
    commitAll(repo, 'use the broker helper; let getattr raise', '2025-02-01T00:00:00Z');
    const result = await analyzeRepository(repo, { cacheDir: tempDir('helper-raises-python-cache'), only: 'advancedDoc' });
    found = Object.fromEntries((result.functions as FunctionAnalysisEntry[]).map((f) => [f.name, f]));
  }, 60_000);
  afterAll(() => fs.rmSync(repo, { recursive: true, force: true }));
  it('neither a verdict nor a suggestion', () => {
    for (const name of ['get_result', 'get_bound_method']) {
      expect(found[name]!.outdatedStatus.status).toBe('CURRENT');
      expect(found[name]!.reviewSuggestion ?? null).toBeNull();
    }
  });
});
