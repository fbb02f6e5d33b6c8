import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneOrFetch, runGit } from '../src/vendors/git/client.ts';
import { GitArgumentError, isBranchName, isObjectId, isRefName, isZeroId } from '../src/vendors/git/revisions.ts';
import { git, GitDaemon } from './helpers/git-daemon.ts';

let daemon: GitDaemon;
let work: string;
beforeAll(async () => {
  daemon = await GitDaemon.start();
  await daemon.addRepo('push', [{ 'README.md': '# Push\n' }]);
  work = await mkdtemp(path.join(os.tmpdir(), 'docent-gitclient-'));
});
afterAll(async () => {
  await daemon.stop();
  await rm(work, { recursive: true, force: true });
});

describe('git client', () => {
  it('clones, then fetches the same folder again', async () => {
    const dest = path.join(work, 'clone');
    const first = await cloneOrFetch(daemon.url('push'), dest, { maxBytes: 10 * 1024 * 1024, branch: 'main' });
    const second = await cloneOrFetch(daemon.url('push'), dest, { maxBytes: 10 * 1024 * 1024, branch: 'main' });
    expect(second).toBe(first);
    expect(git(dest, 'rev-parse', 'HEAD').trim()).toBe(
      git(daemon.base, '--git-dir', path.join(daemon.base, 'push.git'), 'rev-parse', 'refs/heads/main').trim(),
    );
  });

  it('refuses a repository branch that is a git option before running git, and creates nothing', async () => {
    const target = path.join(work, 'upload-pack-ran');
    for (const dest of [path.join(work, 'clone'), path.join(work, 'fresh')]) {
      const tried = cloneOrFetch(daemon.url('push'), dest, { maxBytes: 10 * 1024 * 1024, branch: `--upload-pack=touch ${target}` });
      await expect(tried).rejects.toThrow(GitArgumentError);
      await expect(tried).rejects.toThrow("The repository's branch is not a valid git branch name; git was not run.");
    }
    expect(existsSync(target)).toBe(false);
  });

  it('checks commit ids and ref names as git does', () => {
    expect(isObjectId('a'.repeat(40))).toBe(true);
    expect(isObjectId('b'.repeat(64))).toBe(true);
    expect(isZeroId('0'.repeat(40))).toBe(true);
    for (const bad of ['', 'abc1234', 'A'.repeat(40), `--output=${'a'.repeat(40)}`, `${'a'.repeat(40)}\n`, 'g'.repeat(40), 'a'.repeat(65)])
      expect(isObjectId(bad), bad).toBe(false);
    // the same verdict as `git check-ref-format` on each name
    const names = [
      'refs/heads/main',
      'refs/heads/feature/x-1',
      'refs/heads/a..b',
      'refs/heads/x.lock',
      'refs/heads/.hidden',
      'refs/heads/a//b',
      'refs/heads/a/',
      'refs/heads/a.',
      'refs/heads/a@{1}',
      'refs/heads/a b',
      'refs/heads/a~1',
      'refs/heads/a^',
      'refs/heads/a:b',
      'refs/heads/a?',
      'refs/heads/a*',
      'refs/heads/a[b',
      'refs/heads/a\\b',
      'refs/heads/\u0001',
      'main',
      '@',
      'refs/tags/v1.0',
      'refs/heads/ünï',
      'refs/heads/--upload-pack=x',
    ];
    for (const name of names) {
      let gitSays: boolean;
      try {
        execFileSync('git', ['check-ref-format', name], { stdio: 'ignore' });
        gitSays = true;
      } catch {
        gitSays = false;
      }
      expect(isRefName(name), name).toBe(gitSays);
    }
    // a branch never starts with "-" (git check-ref-format --branch refuses it too)
    expect(isBranchName('--upload-pack=x')).toBe(false);
    expect(isBranchName('-x')).toBe(false);
    expect(isBranchName('feature/parser')).toBe(true);
  });

  it('kills git when the signal aborts', async () => {
    const controller = new AbortController();
    // a daemon that never answers: `git ls-remote` would wait for its timeout
    const net = await import('node:net');
    const silent = net.createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const { port } = silent.address() as { port: number };
    const started = Date.now();
    setTimeout(() => controller.abort(new Error('stop')), 300);
    await expect(runGit(['ls-remote', `git://127.0.0.1:${port}/x.git`], { signal: controller.signal })).rejects.toThrow('stop');
    expect(Date.now() - started).toBeLessThan(5000);
    silent.close();
  });

  it('redacts credentials from git errors', async () => {
    await expect(runGit(['ls-remote', 'http://user:s3cret@127.0.0.1:1/x.git'], { timeoutMs: 10_000 })).rejects.toThrow(/^(?!.*s3cret)/s);
  });
});
