/** The pull-request check's pure parts: the full-context diff reader, the verdict, the suggestion fence. */
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { coverageOf, fetchPullRequest, parseDiff } from '../src/insights/change.ts';
import { PrInsightsPayload } from '../src/insights/payload.ts';
import { renderComment, suggestionBlock, verdictOf } from '../src/insights/comment.ts';

const NAME_STATUS = ['M', 'a.py', 'A', 'new.py', 'D', 'gone.md', 'R087', 'old.py', 'moved.py', ''].join('\0');
const DIFF = [
  'diff --git a/a.py b/a.py',
  'index 1111111..2222222 100644',
  '--- a/a.py',
  '+++ b/a.py',
  '@@ -1,3 +1,4 @@',
  ' def f():',
  '-    return 1',
  '+    return 2',
  '+',
  ' # end',
  '\\ No newline at end of file',
  'diff --git a/gone.md b/gone.md',
  'deleted file mode 100644',
  '--- a/gone.md',
  '+++ /dev/null',
  '@@ -1 +0,0 @@',
  '-# gone',
  'diff --git a/new.py b/new.py',
  'new file mode 100644',
  '--- /dev/null',
  '+++ b/new.py',
  '@@ -0,0 +1,2 @@',
  '+def g():',
  '+    pass',
  'diff --git a/old.py b/moved.py',
  'similarity index 87%',
  'rename from old.py',
  'rename to moved.py',
  '--- a/old.py',
  '+++ b/moved.py',
  '@@ -1,2 +1,2 @@',
  ' x = 1',
  '-y = 2',
  '+y = 3',
  '',
].join('\n');

describe('parseDiff', () => {
  const files = new Map(parseDiff(NAME_STATUS, DIFF).map((f) => [f.path, f]));
  it('rebuilds both versions of a modified file, its changed lines and a missing final newline', () => {
    const a = files.get('a.py')!;
    expect(a.status).toBe('M');
    expect(a.before).toBe('def f():\n    return 1\n# end');
    expect(a.after).toBe('def f():\n    return 2\n\n# end');
    expect([...a.lines]).toEqual([2, 3]);
  });
  it('an added file has no old version and every line changed; a deleted one no new version', () => {
    expect(files.get('new.py')).toMatchObject({ status: 'A', before: null, after: 'def g():\n    pass\n' });
    expect([...files.get('new.py')!.lines]).toEqual([1, 2]);
    expect(files.get('gone.md')).toMatchObject({ status: 'D', after: null });
  });
  it('a renamed file keeps where it came from', () => {
    expect(files.get('moved.py')).toMatchObject({ status: 'R', from: 'old.py', before: 'x = 1\ny = 2\n', after: 'x = 1\ny = 3\n' });
    expect([...files.get('moved.py')!.lines]).toEqual([2]);
  });
});

describe('verdictOf and coverageOf', () => {
  const fns = (documented: boolean[]) => ({ functions: documented.map((d) => ({ documented: d })) }) as never;
  it('passes without a threshold, fails under it, passes at it', () => {
    expect(coverageOf(fns([true, false, false]))).toBe(33.3);
    expect(verdictOf(fns([true, false, false]), null).state).toBe('success');
    expect(verdictOf(fns([true, false, false]), 34).state).toBe('failure');
    expect(verdictOf(fns([true, true, false, false]), 50).state).toBe('success');
    expect(verdictOf(fns([]), 100)).toMatchObject({
      state: 'success',
      description: expect.stringContaining('no changed public functions'),
    });
  });
});

describe('renderComment', () => {
  it('lists a changed function whose doc only restates its name among the undocumented, and says why', () => {
    const report = {
      functions: [
        { name: 'delete_item', path: 'lib/items.py', startLine: 17, documented: false, trivialDoc: true, added: false, outdated: false },
        { name: 'add_item', path: 'lib/items.py', startLine: 3, documented: false, added: true, outdated: false },
      ],
      brokenLinks: [],
      headSha: 'a'.repeat(40),
      mergeBase: 'b'.repeat(40),
    } as never;
    const body = renderComment(report, verdictOf(report, null), null, null);
    expect(body).toContain('- `delete_item` in `lib/items.py:17` (its doc only restates the name)');
    expect(body).toContain('- `add_item` in `lib/items.py:3` (new)\n');
  });
});

describe('suggestionBlock', () => {
  it('fences the replacement with more backticks than it contains', () => {
    const block = suggestionBlock('suggestion', ['def f():', '    """Example: ```x```."""'], 'intro');
    expect(block).toContain('````suggestion\ndef f():');
    expect(block).toContain('\n````\n');
  });
});

describe('analyzeChange: where a suggestion may be posted', () => {
  it('a new function is on changed lines; an old one changed deep in its body is outside the diff GitHub shows', async () => {
    const { execFileSync } = await import('node:child_process');
    const { mkdtempSync, rmSync, writeFileSync } = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const { analyzeChange } = await import('../src/insights/change.ts');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'docent-prunit-'));
    try {
      const run = (...args: string[]) =>
        execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@e', ...args], { cwd: dir, encoding: 'utf8' });
      const body = (last: string) =>
        `def long_one(x):\n    # Add the numbers 0 to 11 to x.\n\n${Array.from({ length: 12 }, (_, i) => `    x = x + ${i}\n`).join('')}    return ${last}\n`;
      run('init', '-q', '-b', 'main');
      writeFileSync(path.join(dir, 'm.py'), body('x'));
      run('add', '-A');
      run('commit', '-qm', 'base');
      const base = run('rev-parse', 'HEAD').trim();
      // a comment over a one-line body is a summary only when a blank line sets it apart (docs/docgen.md)
      writeFileSync(
        path.join(dir, 'm.py'),
        `${body('x * 2')}\n\ndef fresh(y):\n    # Double y, as long_one now does.\n\n    return y * 2\n`,
      );
      run('commit', '-qam', 'head');
      const head = run('rev-parse', 'HEAD').trim();
      const git = async (args: string[]) => run(...args);
      const report = await analyzeChange(git, head, base, { dir, restore: head });
      const byName = new Map(report.suggestions.map((s) => [s.name, s]));
      expect(byName.get('fresh')).toMatchObject({ startLine: 19, onChangedLines: true, inDiff: true });
      expect(byName.get('long_one')).toMatchObject({ startLine: 1, onChangedLines: false, inDiff: false });
      expect(report.patch).toContain('+    """');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('fetchPullRequest: a merge request event without a base commit (GitLab)', () => {
  it('takes the base branch tip, fetched by name, and the payload accepts the empty base', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pr-fetch-'));
    const sh = (cwd: string, ...args: string[]) =>
      execFileSync('git', args, {
        cwd,
        encoding: 'utf8',
        env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' },
      }).trim();
    try {
      const origin = path.join(dir, 'origin');
      fs.mkdirSync(origin);
      sh(origin, 'init', '-q', '-b', 'main');
      fs.writeFileSync(path.join(origin, 'a.txt'), 'a\n');
      sh(origin, 'add', '.');
      sh(origin, 'commit', '-qm', 'base');
      const clone = path.join(dir, 'clone');
      sh(dir, 'clone', '-q', origin, clone);
      // After the clone: main moves on and a feature branch appears, both only on the origin.
      fs.writeFileSync(path.join(origin, 'b.txt'), 'b\n');
      sh(origin, 'add', '.');
      sh(origin, 'commit', '-qm', 'main moves');
      const mainTip = sh(origin, 'rev-parse', 'HEAD');
      sh(origin, 'checkout', '-qb', 'feature');
      fs.writeFileSync(path.join(origin, 'c.txt'), 'c\n');
      sh(origin, 'add', '.');
      sh(origin, 'commit', '-qm', 'feature');
      const head = sh(origin, 'rev-parse', 'HEAD');
      const payload = PrInsightsPayload.parse({
        vendor: 'gitlab',
        number: 7,
        title: 'F',
        headSha: head,
        baseSha: '',
        headRef: 'feature',
        baseRef: 'main',
        deliveryId: 'd1',
      });
      const git = async (args: string[]) => sh(clone, ...args);
      expect(await fetchPullRequest(git, payload)).toBe(mainTip);
      expect(sh(clone, 'cat-file', '-t', head)).toBe('commit');
      await expect(fetchPullRequest(git, { ...payload, number: 8, baseRef: 'gone' })).rejects.toThrow(
        'The base branch gone of the pull request could not be fetched.',
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
