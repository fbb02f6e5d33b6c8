import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunctionAnalysisEntry } from '@docent/contracts';
import { analyzeRepository } from '../../src/engine/analyze.ts';
import { commitAll, initRepo, tempDir, write } from './helpers.ts';

/**
 * Each finding dated by the commit that made it (docs/metrics/outdated.md §Held-out round 4):
 * several parameters added by different commits, a parameter added to a doc that lists none
 * before a later unrelated body change, and a documented return type changed twice.
 */
const root = tempDir('finding-commits');
const shas: Record<string, string> = {};

const py = (state: number): string =>
  [
    `def run(a, b${state >= 2 ? ', c=None' : ''}${state >= 3 ? ', d=None' : ''}):\n    """Run it.\n\n    Args:\n        a: the app.\n        b: the server.\n    """\n    return a(b${state >= 4 ? ', 1' : ''})\n`,
    `def encode(data${state >= 2 ? ', digestmod=None' : ''}):\n    """Encode and sign data. Return a string."""\n    return sign(data${state >= 4 ? ', 2' : ''})\n`,
    `def minutes(ms):\n    """Convert milliseconds to minutes, with \`floor\` rounding."""\n    return ${state >= 2 ? 'trunc' : 'floor'}(ms / 60000${state >= 4 ? ', 3' : ''})\n`,
  ].join('\n\n');

const java = (type: string): string =>
  `class Cache {\n  /**\n   * Retrieve a cached future.\n   *\n   * @return {@code Future<T>}\n   */\n  public <T> ${type} get(String key) {\n    return (${type}) map.get(key);\n  }\n}\n`;

let seen: Record<string, FunctionAnalysisEntry> = {};

beforeAll(async () => {
  initRepo(root);
  write(root, 'mod.py', py(1));
  write(root, 'Cache.java', java('Future<T>'));
  shas.first = commitAll(root, 'first', '2025-01-01T00:00:00Z');
  write(root, 'mod.py', py(2));
  write(root, 'Cache.java', java('Observable<T>'));
  shas.second = commitAll(root, 'add c and digestmod; Observable', '2025-02-01T00:00:00Z');
  write(root, 'mod.py', py(3));
  write(root, 'Cache.java', java('CachedObservable<T>'));
  shas.third = commitAll(root, 'add d; CachedObservable', '2025-03-01T00:00:00Z');
  write(root, 'mod.py', py(4));
  shas.fourth = commitAll(root, 'body changes', '2025-04-01T00:00:00Z');
  const result = await analyzeRepository(root, { cacheDir: tempDir('finding-commits-cache'), only: 'advancedDoc' });
  seen = Object.fromEntries((result.functions as FunctionAnalysisEntry[]).map((f) => [f.name, f]));
}, 60_000);

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('the commit each finding names', () => {
  it('two parameters added by two commits: each finding names its own, the verdict the older one (bottle run)', () => {
    const status = seen.run!.outdatedStatus;
    expect(status.status).toBe('OUTDATED');
    expect(status.findings!.map((f) => `${f.code} ${f.params.name} ${f.params.commit}`)).toEqual([
      `PARAM_ADDED_UNDOCUMENTED c ${shas.second}`,
      `PARAM_ADDED_UNDOCUMENTED d ${shas.third}`,
    ]);
    expect(status.commit).toBe(shas.second);
  });
  it('a parameter added to a doc that lists none names the commit that added it, not a later body change (bottle cookie_encode)', () => {
    const review = seen.encode!.reviewSuggestion!;
    expect(review.findings.map((f) => f.code)).toEqual(['PARAM_ADDED']);
    expect(review.commit).toBe(shas.second);
  });
  it('a body change the doc names is dated by the commit that changed that word, not a later code change (mongoose toJSONSchema)', () => {
    const review = seen.minutes!.reviewSuggestion!;
    expect(review.findings.map((f) => `${f.code} ${f.params.removed}`)).toEqual(['BODY_CHANGED floor']);
    expect(review.commit).toBe(shas.second);
  });
  it('a documented return type changed twice names the commit that removed the type the doc states (Hystrix HystrixRequestCache.get)', () => {
    const status = seen['Cache.get']!.outdatedStatus;
    expect(status.findings!.map((f) => `${f.code} ${f.params.old}`)).toEqual(['RETURN_TYPE_CHANGED_DOC_STATES_OLD Future<T>']);
    expect(status.commit).toBe(shas.second);
  });
});
