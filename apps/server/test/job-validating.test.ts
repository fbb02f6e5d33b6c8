import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeLogLine } from '@docent/contracts';
import { createTestApp, signUp, type TestApp } from './helpers/app.ts';
import { waitForJob } from './helpers/jobs.ts';
import { commitRepo } from './helpers/temp-repo.ts';

/** Jobs pass through docs/spec-conformance.md §4's VALIDATING state before they are queued. */
let t: TestApp;
let token: string;
let root: string;

const makeRepo = (name: string): string =>
  commitRepo(path.join(root, name), { 'calc.py': 'def add(a, b):\n    """Add."""\n    return a + b\n' });

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'docent-validating-'));
  t = await createTestApp({ LOCAL_REPO_ROOTS: root });
  token = (await signUp(t, 'validating@example.com')).token;
}, 60_000);
afterAll(async () => {
  await t?.close();
  rmSync(root, { recursive: true, force: true });
});

const payload = (repo: string) => ({ git_repo: { organization_name: 'local', repo_name: repo }, vendor: 'GIT' });

const finalJob = (id: number) => waitForJob(t, token, id);

async function logOf(id: number) {
  const res = await t.call({ method: 'GET', url: `/api/v1/lro/logs/${id}`, token });
  return (res.json() as string[]).map(decodeLogLine);
}

describe('the VALIDATING step of a job', () => {
  it('validates, then queues, then runs: the log shows the states in spec order', async () => {
    const dir = makeRepo('ok');
    expect((await t.call({ method: 'POST', url: '/api/v1/git/repos', token, payload: { url: dir } })).statusCode).toBe(201);
    const start = await t.call({ method: 'POST', url: '/api/v1/git/analyze/repo', token, payload: payload('ok') });
    const id = start.json().lroJobId as number;
    expect(await finalJob(id)).toMatchObject({ state: 'COMPLETE' });
    const texts = (await logOf(id)).map((l) => l.text);
    const at = (re: RegExp) => texts.findIndex((x) => re.test(x));
    expect(at(/^Validating the request$/)).toBeGreaterThan(at(/created: ANALYSIS/));
    expect(at(/^Queued; waiting for a worker$/)).toBeGreaterThan(at(/^Validating the request$/));
    expect(at(/^Started on worker /)).toBeGreaterThan(at(/^Queued; waiting for a worker$/));
  });

  it('a repository whose folder has gone fails in VALIDATING with the reason, and is never queued', async () => {
    const dir = makeRepo('gone');
    expect((await t.call({ method: 'POST', url: '/api/v1/git/repos', token, payload: { url: dir } })).statusCode).toBe(201);
    rmSync(dir, { recursive: true, force: true });
    const start = await t.call({ method: 'POST', url: '/api/v1/git/analyze/repo/readme', token, payload: payload('gone') });
    expect(start.statusCode).toBe(200);
    const id = start.json().lroJobId as number;
    expect(await finalJob(id)).toEqual(
      expect.objectContaining({ state: 'FAILED', message: 'local/gone cannot be fetched: No repository exists at this path.' }),
    );
    const lines = await logOf(id);
    expect(lines.map((l) => l.text)).toContain('Validating the request');
    expect(lines.some((l) => /Queued|Started on worker/.test(l.text))).toBe(false);
    expect(lines.at(-1)).toMatchObject({
      kind: 'ERROR',
      text: 'Job FAILED: local/gone cannot be fetched: No repository exists at this path.',
    });
  });
});
