import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type * as FsPromises from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, signUp, type TestApp } from './helpers/app.ts';
import { jobTexts, waitForJob } from './helpers/jobs.ts';
import { commitRepo } from './helpers/temp-repo.ts';

/**
 * A job's clone or fetch runs in a worker thread (docs/performance.md, "Jobs off the API's event
 * loop"): git's processes and the size watch's walk of the checkout (a `readdir` of every folder
 * every 500 ms while git runs) no longer take turns of the API's event loop. Every folder listed
 * on this (the API's) thread is recorded; the worker thread loads its own node:fs, without this mock.
 */
const listedHere = vi.hoisted(() => [] as string[]);
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof FsPromises>();
  const readdir = ((dir: Parameters<typeof real.readdir>[0], ...rest: unknown[]) => {
    listedHere.push(String(dir));
    return (real.readdir as (...a: unknown[]) => unknown)(dir, ...rest);
  }) as typeof real.readdir;
  return { ...real, readdir, default: { ...real, readdir } };
});

let t: TestApp;
let root: string;
let token: string;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'docent-clone-watch-'));
  const files: Record<string, string> = {
    'README.md': '# Sized\n\nA repository of a known size.\n',
    'sized/a.py': 'def a():\n    return 1\n',
  };
  // ~1.6 MB of incompressible text: past a limit of 1 MB, well within the default
  for (let i = 0; i < 3; i++) files[`blob${i}.txt`] = randomBytes(400 * 1024).toString('base64');
  commitRepo(path.join(root, 'sized'), files);
  t = await createTestApp({ LOCAL_REPO_ROOTS: root, MAX_REPO_MB: '1' });
  const user = await signUp(t, 'clone-watch@example.com');
  token = user.token;
  const res = await t.call({
    method: 'POST',
    url: '/api/v1/git/repos',
    token,
    payload: { url: path.join(root, 'sized'), organizationName: 'acme', repoName: 'sized' },
  });
  expect(res.statusCode, res.body).toBe(201);
}, 120_000);

afterAll(async () => {
  await t?.close();
  rmSync(root, { recursive: true, force: true });
});

describe("a job's checkout", () => {
  it('is cloned and watched off the API thread; a clone past the limit is still stopped, removed and reported', async () => {
    listedHere.length = 0;
    const start = await t.call({
      method: 'POST',
      url: '/api/v1/git/analyze/repo',
      token,
      payload: { git_repo: { organization_name: 'acme', repo_name: 'sized' }, vendor: 'GIT' },
    });
    expect(start.statusCode, start.body).toBe(200);
    const job = await waitForJob(t, token, start.json().lroJobId, { timeoutMs: 120_000, intervalMs: 100 });
    const texts = await jobTexts(t, token, job.id);
    expect(job.state, texts.join('\n')).toBe('FAILED');
    expect(texts).toContain('Job FAILED: The repository is larger than the limit of 1 MB; the clone was stopped.');
    // the clone cache's folder of this repository was made, watched and removed, all elsewhere
    expect(listedHere.filter((d) => d.startsWith(t.config.cloneDir))).toEqual([]);
    expect(existsSync(t.config.cloneDir) ? (await import('node:fs')).readdirSync(t.config.cloneDir) : []).toEqual([]);
  }, 150_000);
});
