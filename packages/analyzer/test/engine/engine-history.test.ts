import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { historyScope, prefetchHistory, TEST_FILE_EXCLUDES, traceHistory } from '../../src/engine/history.ts';
import { isTestFile } from '../../src/engine/test-files.ts';
import { analyzeRepository } from '../../src/engine/analyze.ts';
import { commitAll, git, initRepo, tempDir, write } from './helpers.ts';

const root = tempDir('history');
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const file = path.join(root, 'm.py');
const lines = (): string[] => fs.readFileSync(file, 'utf8').split('\n');
const save = (content: string[]): void => fs.writeFileSync(file, content.join('\n'));

/** The commit `git blame` gives each line ('' for uncommitted), to compare the log walk with. */
function blameShas(rel: string): string[] {
  const out = git(root, ['blame', '-w', '--first-parent', '--porcelain', '--', rel]);
  const shas: string[] = [];
  for (const line of out.split('\n')) {
    const m = /^([0-9a-f]{40}) \d+ (\d+)/.exec(line);
    if (m) shas[Number(m[2])] = /^0+$/.test(m[1]!) ? '' : m[1]!.slice(0, 7);
  }
  return shas;
}

function tracedShas(summary: { commits: Array<[string, number]>; runs: number[] }): string[] {
  const shas: string[] = [];
  for (let i = 0; i < summary.runs.length; i += 3) {
    for (let k = 0; k < summary.runs[i + 1]!; k++) shas[summary.runs[i]! + k] = summary.commits[summary.runs[i + 2]!]![0];
  }
  return shas;
}

describe('history from one git log pass', () => {
  it('attributes every line like `git blame -w --first-parent`, through inserts, deletes, whitespace edits and dirty lines', async () => {
    initRepo(root);
    save(Array.from({ length: 30 }, (_, i) => `line_${i + 1} = ${i + 1}`));
    commitAll(root, 'one', '2025-01-01T00:00:00Z');
    let l = lines();
    l.splice(0, 0, '# a', '# b', '# c');
    l[12] = 'line_10 = 100';
    save(l);
    commitAll(root, 'two', '2025-02-01T00:00:00Z');
    l = lines();
    l.splice(6, 3);
    l[19] = 'changed = True';
    l[0] = '#   a'.replace('   ', ' '); // same text: no change
    l[1] = '  # b'; // whitespace only: blame -w and the walk both ignore it
    save(l);
    commitAll(root, 'three', '2025-03-01T00:00:00Z');
    l = lines();
    l[4] = 'dirty = 1';
    l.push('appended = 2');
    save(l);

    const lineCount = lines().length;
    const summaries = await traceHistory(root, [{ rel: 'm.py', lineCount, ranges: [[1, lineCount]], dirty: true }], () => 'key', {
      depth: 0,
    });
    const summary = summaries.get('m.py')!;
    expect(summary.key).toBe('key');
    const traced = tracedShas(summary);
    const blamed = blameShas('m.py');
    // Blame dates the three comment lines by the commit that added them; the walk leaves Python
    // comment lines a commit only added undated (no code: formatting-hunk.ts pythonCodeLine).
    expect(traced.slice(1, 4)).toEqual([undefined, undefined, undefined]);
    expect(traced.slice(4)).toEqual(blamed.slice(4));
    // Sanity: the walk saw all three commits and the uncommitted lines.
    expect(new Set(traced.slice(4)).size).toBe(4);
  });

  it('attributes only the lines of its ranges, each like blame, as lines leave the walk one commit after another (Session 27, h83)', async () => {
    const lineCount = lines().length;
    const ranges: Array<[number, number]> = [
      [5, 9],
      [15, 22],
      [lineCount, lineCount],
    ];
    const summary = (await traceHistory(root, [{ rel: 'm.py', lineCount, ranges, dirty: true }], () => 'k', { depth: 0 })).get('m.py')!;
    const traced = tracedShas(summary);
    const blamed = blameShas('m.py');
    const inRanges = (line: number): boolean => ranges.some(([from, to]) => line >= from && line <= to);
    for (let line = 1; line <= lineCount; line++) expect([line, traced[line]]).toEqual([line, inRanges(line) ? blamed[line] : undefined]);
    expect(new Set(ranges.flatMap(([from, to]) => traced.slice(from, to + 1))).size).toBeGreaterThanOrEqual(3);
  });

  it('stops at the depth window and dates older lines at a boundary', async () => {
    const lineCount = lines().length;
    const summaries = await traceHistory(root, [{ rel: 'm.py', lineCount, ranges: [[1, lineCount]], dirty: true }], () => 'k', {
      depth: 1,
    });
    const traced = tracedShas(summaries.get('m.py')!);
    const newest = git(root, ['rev-parse', '--short=7', 'HEAD']);
    const previous = git(root, ['rev-parse', '--short=7', 'HEAD~1']);
    // Only commit "three" is inside the window: lines from "one" and "two" are dated at the
    // boundary HEAD~1 ("two or earlier").
    expect(new Set(traced.slice(1))).toEqual(new Set(['', newest, `^${previous}`]));
  });

  it('gives a file the same answer whether it is traced alone or with others (window = HEAD~depth)', async () => {
    const dir = tempDir('history-window');
    try {
      initRepo(dir);
      fs.writeFileSync(path.join(dir, 'a.py'), 'a = 1\nb = 2\n');
      fs.writeFileSync(path.join(dir, 'b.py'), 'x = 0\n');
      commitAll(dir, 'base', '2025-01-01T00:00:00Z');
      for (let i = 1; i <= 3; i++) {
        fs.writeFileSync(path.join(dir, 'b.py'), `x = ${i}\n`);
        commitAll(dir, `b ${i}`, `2025-02-0${i}T00:00:00Z`);
      }
      const target = (rel: string, lineCount: number) => ({
        rel,
        lineCount,
        ranges: [[1, lineCount]] as Array<[number, number]>,
        dirty: false,
      });
      const alone = await traceHistory(dir, [target('a.py', 2)], () => 'k', { depth: 2 });
      const together = await traceHistory(dir, [target('a.py', 2), target('b.py', 1)], () => 'k', { depth: 2 });
      expect(alone.get('a.py')).toEqual(together.get('a.py'));
      // a.py last changed before the 2-commit window: dated at the boundary HEAD~2.
      expect(tracedShas(alone.get('a.py')!).slice(1)).toEqual([
        `^${git(dir, ['rev-parse', '--short=7', 'HEAD~2'])}`,
        `^${git(dir, ['rev-parse', '--short=7', 'HEAD~2'])}`,
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('works when the analysed folder is a subfolder of the work tree', async () => {
    const dir = tempDir('history-subdir');
    try {
      initRepo(dir);
      fs.mkdirSync(path.join(dir, 'pkg'));
      const file = path.join(dir, 'pkg', 'mod.py');
      const doc = '    """Return a.\n\n    Args:\n        a: the value.\n    """\n';
      fs.writeFileSync(file, `def f(a):\n${doc}    return a\n`);
      fs.writeFileSync(path.join(dir, 'top.py'), 'def outside():\n    return 0\n');
      commitAll(dir, 'one', '2025-01-01T00:00:00Z');
      fs.writeFileSync(file, `def f(a, b=0):\n${doc}    return a + b\n`);
      const sha = commitAll(dir, 'two', '2025-06-01T00:00:00Z');
      const result = await analyzeRepository(path.join(dir, 'pkg'), { only: 'advancedDoc', cacheDir: path.join(dir, '.cache') });
      expect(result.functions.map((f) => [f.fileName, f.name])).toEqual([['mod.py', 'f']]);
      // The old version is read back from the subfolder's path, and the commit found in its history.
      expect(result.functions[0]!.outdatedStatus).toMatchObject({ status: 'OUTDATED', source: 'history', commit: sha });
      expect(result.functions[0]!.outdatedStatus.explanation).toBe(
        `Parameter 'b' was added in ${sha} (2025-06-01), after the docstring was last updated (2025-01-01), and the docstring does not describe it.`,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives the same summaries from the prefetched whole-window log as from the targeted pass (merges, dirty files, subfolder)', async () => {
    const dir = tempDir('history-prefetch');
    try {
      initRepo(dir);
      fs.mkdirSync(path.join(dir, 'pkg'));
      const rels = ['pkg/a.py', 'pkg/b.py', 'pkg/c.txt'];
      for (const rel of rels)
        fs.writeFileSync(path.join(dir, rel), Array.from({ length: 12 }, (_, i) => `${rel.length} = ${i}`).join('\n') + '\n');
      commitAll(dir, 'base', '2025-01-01T00:00:00Z');
      const main = git(dir, ['rev-parse', '--abbrev-ref', 'HEAD']);
      git(dir, ['checkout', '-q', '-b', 'topic']);
      fs.appendFileSync(path.join(dir, 'pkg/a.py'), 'topic = 1\n');
      commitAll(dir, 'on topic', '2025-02-01T00:00:00Z');
      git(dir, ['checkout', '-q', main]);
      const b = fs.readFileSync(path.join(dir, 'pkg/b.py'), 'utf8').split('\n');
      b[3] = 'changed = 3';
      fs.writeFileSync(path.join(dir, 'pkg/b.py'), b.join('\n'));
      commitAll(dir, 'on main', '2025-03-01T00:00:00Z');
      git(dir, ['merge', '-q', '--no-ff', '-m', 'merge topic', 'topic'], '2025-04-01T00:00:00Z');
      fs.appendFileSync(path.join(dir, 'pkg/b.py'), 'dirty = 1\n');
      const lineCount = (rel: string): number => fs.readFileSync(path.join(dir, rel), 'utf8').split('\n').length;
      const targets = ['a.py', 'b.py'].map((rel) => ({
        rel,
        lineCount: lineCount(`pkg/${rel}`),
        ranges: [[1, lineCount(`pkg/${rel}`)]] as Array<[number, number]>,
        dirty: rel === 'b.py',
      }));
      const root = path.join(dir, 'pkg');
      // The dirty file's uncommitted lines are dated "now": one fixed now for both passes, or a
      // second boundary between them makes the two summaries differ by that second.
      const fixedNow = vi.spyOn(Date, 'now').mockReturnValue(Date.UTC(2025, 5, 1));
      onTestFinished(() => fixedNow.mockRestore());
      for (const depth of [1, 2, 1000]) {
        const targeted = await traceHistory(root, targets, () => 'k', { depth });
        const prefetch = prefetchHistory(root, depth);
        const prefetched = await traceHistory(root, targets, () => 'k', { depth, prefetch });
        expect(await prefetch.result).not.toBeNull(); // the prefetch was really used
        expect(prefetched).toEqual(targeted);
        expect(targeted.get('a.py')!.runs.length).toBeGreaterThan(0);
      }
      // A cancelled prefetch yields nothing (the targeted pass takes over) and leaves no git running.
      const cancelled = prefetchHistory(root, 1000);
      cancelled.cancel();
      expect(await cancelled.result).toBeNull();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads only files with a code extension ahead; a target outside them is traced by the targeted pass, with the same result', async () => {
    const dir = tempDir('history-scope');
    try {
      initRepo(dir);
      const files = ['mod.py', 'bin/tool', 'notes.md'];
      for (const rel of files) write(dir, rel, Array.from({ length: 6 }, (_, i) => `line ${i}`).join('\n') + '\n');
      commitAll(dir, 'base', '2025-01-01T00:00:00Z');
      for (let c = 1; c <= 4; c++) {
        for (const rel of files) fs.appendFileSync(path.join(dir, rel), `change ${c}\n`);
        commitAll(dir, `change ${c}`, new Date(Date.UTC(2025, 1, c)).toISOString());
      }
      const scope = historyScope(files, (extension) => extension === '.py');
      expect(scope.pathspecs).toEqual(['*.py', ...TEST_FILE_EXCLUDES]);
      expect(files.map((rel) => scope.covers(rel))).toEqual([true, false, false]);
      const targets = ['mod.py', 'bin/tool'].map((rel) => ({
        rel,
        lineCount: 10,
        ranges: [[1, 10]] as Array<[number, number]>,
        dirty: false,
      }));
      const targeted = await traceHistory(dir, targets, () => 'k', { depth: 1000 });
      const prefetch = prefetchHistory(dir, 1000, undefined, 1, scope);
      const text = (await prefetch.result)!.texts.join('');
      expect(text).toContain('mod.py');
      expect(text).not.toContain('notes.md');
      expect(text).not.toContain('bin/tool');
      const scoped = await traceHistory(dir, targets, () => 'k', { depth: 1000, prefetch });
      expect(scoped).toEqual(targeted);
      expect(scoped.get('bin/tool')!.commits.length).toBeGreaterThan(1); // really traced, not left at the boundary
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('looks past a reformatting commit the same way whether the diffs are streamed or prefetched', async () => {
    const dir = tempDir('history-reformat');
    try {
      initRepo(dir);
      const v1 = ['def f(a):', '    """Doc."""', "    x = call(a, 'k')", '    return x', ''];
      write(dir, 'm.py', v1.join('\n'));
      const first = commitAll(dir, 'one', '2025-01-01T00:00:00Z');
      const v2 = [...v1];
      v2[3] = '    return x + 1';
      write(dir, 'm.py', v2.join('\n'));
      const change = commitAll(dir, 'change', '2025-02-01T00:00:00Z');
      // A formatter: the call exploded with a magic trailing comma, double quotes.
      write(
        dir,
        'm.py',
        ['def f(a):', '    """Doc."""', '    x = call(', '        a,', '        "k",', '    )', '    return x + 1', ''].join('\n'),
      );
      commitAll(dir, 'black', '2025-03-01T00:00:00Z');
      const targets = [{ rel: 'm.py', lineCount: 7, ranges: [[1, 7]] as Array<[number, number]>, dirty: false }];
      const streamed = await traceHistory(dir, targets, () => 'k', { depth: 1000 });
      const prefetch = prefetchHistory(dir, 1000, undefined, 1);
      expect(await traceHistory(dir, targets, () => 'k', { depth: 1000, prefetch })).toEqual(streamed);
      // The exploded call's four lines date from the first commit, the changed return from its change.
      expect(tracedShas(streamed.get('m.py')!).slice(1)).toEqual([first, first, first, first, first, first, change]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('looks past Python comment-only, blank-line and one-line annotation commits, streamed or prefetched', async () => {
    const dir = tempDir('history-comments');
    try {
      initRepo(dir);
      const v1 = ['def f(a, b=None):', '    """Doc."""', '    x = call(a, b)', '    return x', ''];
      write(dir, 'm.py', v1.join('\n'));
      const first = commitAll(dir, 'one', '2025-01-01T00:00:00Z');
      // Comments (a trailing `# type: ignore`, a comment line, a blank line) and annotations.
      const v2 = [
        'def f(a: int, b: t.Optional[str] = None) -> t.List[int]:',
        '    """Doc."""',
        '    # why',
        '',
        '    x = call(a, b)  # type: ignore[arg-type]',
        '    return x',
        '',
      ];
      write(dir, 'm.py', v2.join('\n'));
      commitAll(dir, 'cosmetic', '2025-02-01T00:00:00Z');
      const v3 = [...v2];
      v3[5] = '    return x + 1';
      write(dir, 'm.py', v3.join('\n'));
      const change = commitAll(dir, 'change', '2025-03-01T00:00:00Z');
      const targets = [{ rel: 'm.py', lineCount: 6, ranges: [[1, 6]] as Array<[number, number]>, dirty: false }];
      const streamed = await traceHistory(dir, targets, () => 'k', { depth: 1000 });
      const prefetch = prefetchHistory(dir, 1000, undefined, 1);
      expect(await traceHistory(dir, targets, () => 'k', { depth: 1000, prefetch })).toEqual(streamed);
      // The signature, and the comment and blank line that came with the call's comment, date from
      // the first commit (the code they stand for); the return from its change.
      expect(tracedShas(streamed.get('m.py')!).slice(1, 7)).toEqual([first, first, first, first, first, change]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leaves test files out of the prefetch with pathspecs that match exactly the files isTestFile calls tests', async () => {
    const dir = tempDir('history-tests');
    try {
      initRepo(dir);
      const paths = [
        'tests/a.py',
        'pkg/test/b.py',
        'src/x/__tests__/c.js',
        'test_x.py',
        'pkg/test_y.py',
        'pkg/y_test.py',
        'x_test.go',
        'goog/array/array_test.js',
        'mod_test.ts',
        'ui/view_test.tsx',
        'lib/x_test.mjs',
        'a.test.ts',
        'web/b.spec.js',
        'src/FooTest.java',
        'src/FooTests.java',
        'conftest.py',
        'pkg/conftest.py',
        // not tests
        'pkg/testing/c.py',
        'latest/a.py',
        'contest.py',
        'mytests/a.py',
        'Testing.java',
        'a.test..ts',
        'attest.py',
        'pkg/tester.go',
        'lib/latest.js',
        'x_test.json',
        'x_test.rb',
        'spec/x.rb',
        'src/m.py',
      ];
      for (const rel of paths) write(dir, rel, 'x = 1\n');
      commitAll(dir, 'base', '2025-01-01T00:00:00Z');
      const kept = git(dir, ['-c', 'core.quotepath=off', 'ls-files', '--', ...historyScope(paths, () => true).pathspecs])
        .split('\n')
        .filter(Boolean);
      expect(kept.sort()).toEqual(paths.filter((rel) => !isTestFile(rel)).sort());
      expect(kept).toContain('src/m.py');
      expect(kept).not.toContain('tests/a.py');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives the same summaries when the window is read in slices by several git processes', async () => {
    const dir = tempDir('history-slices');
    try {
      initRepo(dir);
      const lines = Array.from({ length: 40 }, (_, i) => `v${i} = ${i}`);
      const save = (): void => fs.writeFileSync(path.join(dir, 'mod.py'), lines.join('\n') + '\n');
      save();
      fs.writeFileSync(path.join(dir, 'other.py'), 'x = 0\n');
      commitAll(dir, 'base', '2024-01-01T00:00:00Z');
      // 120 commits, each changing one line of mod.py (cycling) and sometimes other.py.
      for (let c = 1; c <= 120; c++) {
        lines[(c * 7) % lines.length] = `v${(c * 7) % lines.length} = ${1000 + c}`;
        save();
        if (c % 3 === 0) fs.appendFileSync(path.join(dir, 'other.py'), `x${c} = ${c}\n`);
        git(dir, ['commit', '-q', '-am', `change ${c}`], new Date(Date.UTC(2024, 1, 1) + c * 86_400_000).toISOString());
      }
      const targets = [{ rel: 'mod.py', lineCount: 40, ranges: [[1, 40]] as Array<[number, number]>, dirty: false }];
      for (const depth of [100, 1000]) {
        const targeted = await traceHistory(dir, targets, () => 'k', { depth });
        const prefetch = prefetchHistory(dir, depth, undefined, 2);
        const sliced = await prefetch.result;
        expect(sliced?.texts).toHaveLength(2); // really split
        expect(await traceHistory(dir, targets, () => 'k', { depth, prefetch })).toEqual(targeted);
        expect(new Set(targeted.get('mod.py')!.runs.filter((_, i) => i % 3 === 2)).size).toBeGreaterThan(10);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
