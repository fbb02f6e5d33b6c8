import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunctionAnalysisEntry } from '@docent/contracts';
import { analyzeRepository } from '../../src/engine/analyze.ts';
import { commitAll, git, initRepo, tempDir, write } from './helpers.ts';

/**
 * Each finding dated by the commit that made it (docs/metrics/outdated.md §Held-out round 4):
 * several parameters added by different commits, a parameter added to a doc that lists none
 * before a later unrelated body change, and a documented return type changed twice.
 */
const root = tempDir('finding-commits');
const shas: Record<string, string> = {};

/** The advanced-doc analysis of one function of a repository built by a test (its own cache). */
async function analysedFunction(repo: string, cache: string, name: string): Promise<FunctionAnalysisEntry | undefined> {
  const result = await analyzeRepository(repo, { cacheDir: tempDir(cache), only: 'advancedDoc' });
  return (result.functions as FunctionAnalysisEntry[]).find((f) => f.name === name);
}

const py = (state: number): string =>
  [
    `def run(a, b${state >= 2 ? ', c=None' : ''}${state >= 3 ? ', d=None' : ''}):\n    """Run it.\n\n    Args:\n        a: the app.\n        b: the server.\n    """\n    return a(b${state >= 2 ? ', c' : ''}${state >= 3 ? ', d' : ''}${state >= 4 ? ', 1' : ''})\n`,
    `def encode(data${state >= 2 ? ', digestmod=None' : ''}):\n    """Encode and sign data with the *digestmod* hash. Return a string."""\n    return sign(data${state >= 2 ? ', digestmod' : ''}${state >= 4 ? ', 2' : ''})\n`,
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

/**
 * A change made on a branch before the doc's last change (by date) and merged after it (mybatis
 * `Reflector.getGetterType`, held-out round 5): the commits after the doc are those the doc's
 * commit cannot reach, not those dated after it.
 */
describe('a branch commit older than the doc, merged after it', () => {
  const repo = tempDir('finding-commits-branch');
  const branch: Record<string, string> = {};
  const src = (word: string, doc: string, other: string): string =>
    `def getter_type(name):\n    """Gets the type of the \`type\` getter. ${doc}"""\n    check(name)\n    log(name)\n    trace(name)\n    return lookup(name, ${word})\n\n\ndef other(a):\n    """Other, \`a\`."""\n    check(a)\n    log(a)\n    return a + ${other}\n`;
  let fn: FunctionAnalysisEntry | undefined;
  beforeAll(async () => {
    initRepo(repo);
    write(repo, 'mod.py', src('type', 'First.', '1'));
    commitAll(repo, 'first', '2025-01-01T00:00:00Z');
    git(repo, ['checkout', '-q', '-b', 'topic']);
    write(repo, 'mod.py', src('clazz', 'First.', '1'));
    branch.removed = commitAll(repo, 'type -> clazz (on the branch)', '2025-01-15T00:00:00Z');
    write(repo, 'mod.py', src('clazz', 'First.', '2'));
    branch.later = commitAll(repo, 'other change on the branch', '2025-02-15T00:00:00Z');
    git(repo, ['checkout', '-q', 'main']);
    write(repo, 'mod.py', src('type', 'Reworded.', '1'));
    commitAll(repo, 'doc reworded', '2025-02-01T00:00:00Z');
    git(repo, ['merge', '-q', '--no-ff', '-m', 'merge topic', 'topic'], '2025-03-01T00:00:00Z');
    fn = await analysedFunction(repo, 'finding-commits-branch-cache', 'getter_type');
  }, 60_000);
  afterAll(() => fs.rmSync(repo, { recursive: true, force: true }));
  it('names the branch commit that removed the word the doc names', () => {
    expect(fn!.reviewSuggestion!.findings.map((f) => `${f.code} ${f.params.removed}`)).toEqual(['BODY_CHANGED type']);
    expect(fn!.reviewSuggestion!.commit).toBe(branch.removed);
  });
});

/**
 * A commit whose parent's version does not hold the function (its class renamed there and back)
 * made nothing: only a parent found without the finding proves a commit made it (mongoose
 * `SchemaType.required` named a later commit whose parent was a merge it could not be placed in).
 */
describe('a parent where the function is not found', () => {
  const repo = tempDir('finding-commits-absent');
  const made: Record<string, string> = {};
  const src = (cls: string, raises: boolean): string =>
    `class ${cls}:\n    def check(self, value):\n        """Check the value.\n\n        Args:\n            value: the value.\n        """\n        if value is None:\n            ${raises ? 'raise ValueError(value)' : 'return False'}\n        return True\n`;
  let fn: FunctionAnalysisEntry | undefined;
  beforeAll(async () => {
    initRepo(repo);
    write(repo, 'mod.py', src('Schema', false));
    commitAll(repo, 'first', '2025-01-01T00:00:00Z');
    write(repo, 'mod.py', src('Schema', true));
    made.raise = commitAll(repo, 'raise on None', '2025-02-01T00:00:00Z');
    write(repo, 'mod.py', src('Renamed', true));
    commitAll(repo, 'rename the class', '2025-03-01T00:00:00Z');
    write(repo, 'mod.py', src('Schema', true));
    commitAll(repo, 'rename it back', '2025-04-01T00:00:00Z');
    fn = await analysedFunction(repo, 'finding-commits-absent-cache', 'Schema.check');
  }, 60_000);
  afterAll(() => fs.rmSync(repo, { recursive: true, force: true }));
  it('names the commit that added the raise, not the one whose parent lacks the function', () => {
    expect(fn!.reviewSuggestion!.findings.map((f) => `${f.code} ${f.params.type}`)).toEqual(['RAISE_ADDED ValueError']);
    expect(fn!.reviewSuggestion!.commit).toBe(made.raise);
  });
});

/**
 * The same, with more commits after the doc than the short scan reads: the branch commit, dated
 * before them all, sits at the far end of the list (mybatis `Reflector.getGetterType`: 78276f3,
 * dated 2022-12-21, merged after the doc's 2023-02-04 change).
 */
describe('a branch commit older than the doc, behind many later commits', () => {
  const repo = tempDir('finding-commits-far');
  const branch: Record<string, string> = {};
  const src = (word: string, doc: string, other: number): string =>
    `def getter_type(name):\n    """Gets the type of the \`type\` getter. ${doc}"""\n    check(name)\n    log(name)\n    trace(name)\n    return lookup(name, ${word})\n\n\ndef other(a):\n    """Other, \`a\`."""\n    check(a)\n    log(a)\n    return a + ${other}\n`;
  let fn: FunctionAnalysisEntry | undefined;
  beforeAll(async () => {
    initRepo(repo);
    write(repo, 'mod.py', src('type', 'First.', 0));
    commitAll(repo, 'first', '2025-01-01T00:00:00Z');
    git(repo, ['checkout', '-q', '-b', 'topic']);
    write(repo, 'mod.py', src('clazz', 'First.', 0));
    branch.removed = commitAll(repo, 'type -> clazz (on the branch)', '2025-01-15T00:00:00Z');
    git(repo, ['checkout', '-q', 'main']);
    write(repo, 'mod.py', src('type', 'Reworded.', 0));
    commitAll(repo, 'doc reworded', '2025-02-01T00:00:00Z');
    for (let i = 1; i <= 10; i++) {
      write(repo, 'mod.py', src('type', 'Reworded.', i));
      commitAll(repo, `other ${i}`, `2025-02-${String(i + 1).padStart(2, '0')}T00:00:00Z`);
    }
    git(repo, ['merge', '-q', '--no-ff', '-m', 'merge topic', 'topic'], '2025-03-01T00:00:00Z');
    write(repo, 'mod.py', src('clazz', 'Reworded.', 11));
    commitAll(repo, 'other 11', '2025-03-02T00:00:00Z');
    fn = await analysedFunction(repo, 'finding-commits-far-cache', 'getter_type');
  }, 60_000);
  afterAll(() => fs.rmSync(repo, { recursive: true, force: true }));
  it('names the branch commit that removed the word the doc names', () => {
    expect(fn!.reviewSuggestion!.findings.map((f) => `${f.code} ${f.params.removed}`)).toEqual(['BODY_CHANGED type']);
    expect(fn!.reviewSuggestion!.commit).toBe(branch.removed);
  });
});

/**
 * A parameter added by one commit and renamed by a later one was made undocumented by the first
 * (JSqlParser `TablesNamesFinder.visitJoins`: 5bd28c8 added `S parameters`, e169299 renamed it
 * `S context`; round 6's fourth set named the rename).
 */
describe('a parameter renamed after it was added', () => {
  const repo = tempDir('finding-commits-rename');
  const made: Record<string, string> = {};
  // The added parameter is used: one the body never names is no PARAM_ADDED_UNDOCUMENTED (round 20).
  const src = (extra: string, body: number): string =>
    `def visit_joins(joins${extra ? `, ${extra}=None` : ''}):\n    """Visit the joins.\n\n    Args:\n        joins: the joins to visit.\n    """\n    return walk(joins, ${body}${extra ? `, ${extra}` : ''})\n`;
  let fn: FunctionAnalysisEntry | undefined;
  beforeAll(async () => {
    initRepo(repo);
    write(repo, 'mod.py', src('', 0));
    commitAll(repo, 'first', '2025-01-01T00:00:00Z');
    write(repo, 'mod.py', src('parameters', 0));
    made.added = commitAll(repo, 'add parameters', '2025-02-01T00:00:00Z');
    write(repo, 'mod.py', src('parameters', 1));
    commitAll(repo, 'body change', '2025-03-01T00:00:00Z');
    write(repo, 'mod.py', src('context', 1));
    commitAll(repo, 'rename parameters to context', '2025-04-01T00:00:00Z');
    fn = await analysedFunction(repo, 'finding-commits-rename-cache', 'visit_joins');
  }, 60_000);
  afterAll(() => fs.rmSync(repo, { recursive: true, force: true }));
  it('names the commit that added the parameter, not the one that renamed it', () => {
    const status = fn!.outdatedStatus;
    expect(status.findings!.map((f) => `${f.code} ${f.params.name}`)).toEqual(['PARAM_ADDED_UNDOCUMENTED context']);
    expect(status.commit).toBe(made.added);
  });
});

/**
 * An overload removed after the doc: today's method is matched, in older versions, to the namesake
 * with its doc, not to the one at the same place among namesakes (handlebars.java
 * `TemplateBuilder.reportError`: 46e957b removed `reportError(token, message)`, and the
 * suggestion said `line` and `column` were added to the four-parameter overload; round 7).
 */
describe('an overload removed after the doc', () => {
  const repo = tempDir('finding-commits-overload');
  const src = (both: boolean, call: string): string =>
    `class Builder {\n${
      both
        ? '  /**\n   * Report a semantic error.\n   *\n   * @param token The offending token.\n   * @param message An error message.\n   */\n  protected void reportError(Token token, String message) {\n    reportError(token, token.getLine(), token.getColumn(), message);\n  }\n\n'
        : ''
    }  /**\n   * Report a semantic error.\n   *\n   * @param token The offending token.\n   * @param line The offending line.\n   * @param column The offending column.\n   * @param message An error message.\n   */\n  protected void reportError(Token token, int line, int column, String message) {\n    ${call}(token, line, column, message);\n  }\n}\n`;
  let fn: FunctionAnalysisEntry | undefined;
  beforeAll(async () => {
    initRepo(repo);
    write(repo, 'Builder.java', src(true, 'report'));
    commitAll(repo, 'first', '2025-01-01T00:00:00Z');
    write(repo, 'Builder.java', src(false, 'errors.report'));
    commitAll(repo, 'remove the short overload; report through errors', '2025-02-01T00:00:00Z');
    fn = await analysedFunction(repo, 'finding-commits-overload-cache', 'Builder.reportError');
  }, 60_000);
  afterAll(() => fs.rmSync(repo, { recursive: true, force: true }));
  it('compares with the same overload: no parameter was added', () => {
    expect(fn!.outdatedStatus.status).toBe('CURRENT');
    expect(fn!.reviewSuggestion?.findings.map((f) => `${f.code} ${f.params.name ?? ''}`) ?? []).toEqual([]);
  });
});
