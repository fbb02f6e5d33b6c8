import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from './helpers/app.ts';
import { GitDaemon, GitGate } from './helpers/git-daemon.ts';
import { waitForJob } from './helpers/jobs.ts';

/**
 * A user removes a repository — with its analyses, its clone and its analyzer
 * cache; its jobs keep their history; nothing of another repository or another user is touched.
 */
const FILES = { 'README.md': '# Demo\n\nA demo.\n', 'src/a.py': 'def f(x):\n    """Doc."""\n    return x\n' };

let t: TestApp;
let daemon: GitDaemon;
let gate: GitGate;
let alice: string;
let bob: string;

beforeAll(async () => {
  daemon = await GitDaemon.start();
  await daemon.addRepo('one', [FILES]);
  await daemon.addRepo('two', [FILES]);
  gate = await GitGate.start(daemon);
  t = await createTestApp();
  alice = (await signUp(t, 'alice-rm@example.com')).token;
  bob = (await signUp(t, 'bob-rm@example.com')).token;
}, 60_000);

afterAll(async () => {
  await t?.close();
  await gate?.stop();
  await daemon?.stop();
});

const payload = (repo: string) => ({ git_repo: { organization_name: 'acme', repo_name: repo }, vendor: 'GIT' });

async function analyse(token: string, repo: string): Promise<number> {
  const start = await t.call({ method: 'POST', url: '/api/v1/git/analyze/repo', token, payload: payload(repo) });
  expect(start.statusCode).toBe(200);
  const id = start.json().lroJobId as number;
  const job = await waitForJob(t, token, id);
  if (job.state !== 'COMPLETE') throw new Error(`job ${id} ended ${job.state}: ${job.message}`);
  return id;
}

const cacheFiles = (): string[] => {
  const root = t.config.analyzerCacheDir;
  if (!existsSync(root)) return [];
  return readdirSync(root).flatMap((v) => (existsSync(path.join(root, v, 'repos')) ? readdirSync(path.join(root, v, 'repos')) : []));
};

describe('DELETE /v1/git/repos/{vendor}/{org}/{repo}', () => {
  let oneId = '';
  let twoId = '';
  let jobId = 0;

  it('removes the repository, its analyses, clone and cache; keeps its job history; leaves the other repository alone', async () => {
    for (const name of ['one', 'two']) {
      const res = await t.call({
        method: 'POST',
        url: '/api/v1/git/repos',
        token: alice,
        payload: { url: gate.url(name), organizationName: 'acme', repoName: name },
      });
      expect(res.statusCode).toBe(201);
    }
    jobId = await analyse(alice, 'one');
    await analyse(alice, 'two');
    oneId = (await t.call({ method: 'GET', url: '/api/app/github/get/repo?orgName=acme&repoName=one&vendor=GIT', token: alice })).json()
      .repository.id;
    twoId = (await t.call({ method: 'GET', url: '/api/app/github/get/repo?orgName=acme&repoName=two&vendor=GIT', token: alice })).json()
      .repository.id;
    expect(existsSync(path.join(t.config.cloneDir, oneId))).toBe(true);
    expect(cacheFiles()).toHaveLength(2);

    // Bob cannot remove Alice's repository, nor learn that it exists.
    const foreign = await t.call({ method: 'DELETE', url: '/api/v1/git/repos/GIT/acme/one', token: bob });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().detail).toBe('Repository not found.');
    expect(existsSync(path.join(t.config.cloneDir, oneId))).toBe(true);

    const res = await t.call({ method: 'DELETE', url: '/api/v1/git/repos/GIT/acme/one', token: alice });
    expect(res.statusCode).toBe(204);
    const gone = await t.call({ method: 'GET', url: '/api/app/github/get/repo?orgName=acme&repoName=one&vendor=GIT', token: alice });
    expect(gone.statusCode).toBe(404);
    const details = await t.call({
      method: 'POST',
      url: '/api/v1/git/analyze/repo/advancedDoc/details',
      token: alice,
      payload: payload('one'),
    });
    expect(details.statusCode).toBe(404);
    expect(existsSync(path.join(t.config.cloneDir, oneId))).toBe(false);
    expect(cacheFiles()).toHaveLength(1);
    // The job's history stays readable.
    expect((await t.call({ method: 'GET', url: `/api/v1/lro/${jobId}/status`, token: alice })).json().state).toBe('COMPLETE');
    // The other repository is untouched.
    const list = await t.call({ method: 'GET', url: '/api/app/github/list', token: alice });
    expect(list.json().map((r: { repoName: string }) => r.repoName)).toEqual(['two']);
    expect(existsSync(path.join(t.config.cloneDir, twoId))).toBe(true);
    // Removing it again: 404; it can be added again afresh.
    expect((await t.call({ method: 'DELETE', url: '/api/v1/git/repos/GIT/acme/one', token: alice })).statusCode).toBe(404);
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/api/v1/git/repos',
          token: alice,
          payload: { url: gate.url('one'), organizationName: 'acme', repoName: 'one' },
        })
      ).statusCode,
    ).toBe(201);
  });

  it('refuses while an analysis of the repository is running (409, with what to do)', async () => {
    gate.hold();
    const start = await t.call({ method: 'POST', url: '/api/v1/git/analyze/repo', token: alice, payload: payload('two') });
    const id = start.json().lroJobId as number;
    try {
      const res = await t.call({ method: 'DELETE', url: '/api/v1/git/repos/GIT/acme/two', token: alice });
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe('An analysis of this repository is still running. Stop it, then remove the repository.');
      expect(existsSync(path.join(t.config.cloneDir, twoId))).toBe(true);
    } finally {
      await t.call({ method: 'POST', url: `/api/v1/git/lro/${id}/terminate`, token: alice });
      gate.release();
    }
  });

  it('answers bad path parts with 400 and a detail', async () => {
    const res = await t.call({ method: 'DELETE', url: '/api/v1/git/repos/NOPE/acme/two', token: alice });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().detail).toBe('string');
  });
});
