import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneOrFetch, commitAndPushBranch, GitError, runGit } from '../src/vendors/git/client.ts';
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
  it('clones, then fetches the same folder again, and pushes a docs branch', async () => {
    const dest = path.join(work, 'clone');
    const first = await cloneOrFetch(daemon.url('push'), dest, { maxBytes: 10 * 1024 * 1024, branch: 'main' });
    const second = await cloneOrFetch(daemon.url('push'), dest, { maxBytes: 10 * 1024 * 1024, branch: 'main' });
    expect(second).toBe(first);

    await writeFile(path.join(dest, 'DOCS.md'), '# Generated\n');
    const pushed = await commitAndPushBranch(dest, daemon.url('push'), { branch: 'docent/docs', message: 'docs: generated', author: { name: 'Docent', email: 'docent@example.com' } });
    const remoteHead = git(daemon.base, '--git-dir', path.join(daemon.base, 'push.git'), 'rev-parse', 'refs/heads/docent/docs').trim();
    expect(remoteHead).toBe(pushed);
  });

  it('refuses a branch name that could be read as an option', async () => {
    await expect(commitAndPushBranch(work, daemon.url('push'), { branch: '--force', message: 'x', author: { name: 'a', email: 'a@b' } })).rejects.toThrow(GitError);
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
