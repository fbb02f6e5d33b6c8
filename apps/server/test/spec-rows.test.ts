import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from './helpers/app.ts';
import { waitForJob } from './helpers/jobs.ts';
import { commitRepo } from './helpers/temp-repo.ts';

/**
 * Rows of docs/spec-conformance.md that no test asserted: each
 * test here asserts the row's behaviour itself, against the real DB.
 */
let t: TestApp;
let token: string;
let root: string;

const FILES = {
  'README.md': '# Calc\n\nCalc adds and scales numbers for the tests of Docent.\n\n## Usage\n\nCall `add(1, 2)`.\n',
  'calc.py': 'def add(a, b):\n    """Add two numbers."""\n    return a + b\n\n\ndef scale(x, factor):\n    return x * factor\n',
};

const makeRepo = (name: string): string => commitRepo(path.join(root, name), FILES);

async function register(name: string, organizationName: string): Promise<void> {
  const res = await t.call({
    method: 'POST',
    url: '/api/v1/git/repos',
    token,
    payload: { url: makeRepo(name), organizationName, repoName: name },
  });
  expect(res.statusCode).toBe(201);
}

const payload = (org: string, repo: string) => ({ git_repo: { organization_name: org, repo_name: repo }, vendor: 'GIT' });

async function run(org: string, repo: string, type?: string): Promise<void> {
  const start = await t.call({
    method: 'POST',
    url: `/api/v1/git/analyze/repo${type ? `/${type}` : ''}`,
    token,
    payload: payload(org, repo),
  });
  expect(start.statusCode).toBe(200);
  const id = start.json().lroJobId as number;
  const job = await waitForJob(t, token, id);
  if (job.state !== 'COMPLETE') throw new Error(`job ${id}: ${job.state} ${job.message}`);
}

async function report(org: string, repo: string) {
  const res = await t.call({ method: 'GET', url: `/api/app/github/get/repo?orgName=${org}&repoName=${repo}&vendor=GIT`, token });
  return res.json().gitAppMetaData.analysisReport as Record<string, unknown>;
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'docent-spec-rows-'));
  t = await createTestApp({ LOCAL_REPO_ROOTS: root });
  token = (await signUp(t, 'spec-rows@example.com')).token;
  await register('calc', 'acme');
  await register('basic', 'acme');
  await register('adv', 'zed');
  await register('readme', 'zed');
}, 60_000);
afterAll(async () => {
  await t?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the documented calls of the API', () => {
  it('GET /app/github/list?orgName= lists that organisation only; without it, all', async () => {
    const names = async (url: string) =>
      ((await t.call({ method: 'GET', url, token })).json() as Array<{ organizationName: string; repoName: string }>)
        .map((r) => `${r.organizationName}/${r.repoName}`)
        .sort();
    expect(await names('/api/app/github/list?orgName=acme')).toEqual(['acme/basic', 'acme/calc']);
    expect(await names('/api/app/github/list?orgName=zed')).toEqual(['zed/adv', 'zed/readme']);
    expect(await names('/api/app/github/list?orgName=nobody')).toEqual([]);
    expect(await names('/api/app/github/list')).toEqual(['acme/basic', 'acme/calc', 'zed/adv', 'zed/readme']);
  });

  it("POST /v1/git/repo/language answers 200 {languages}: empty before an analysis, the analysis' shares after", async () => {
    const before = await t.call({ method: 'POST', url: '/api/v1/git/repo/language', token, payload: payload('acme', 'calc') });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ languages: {} });
    await run('acme', 'calc');
    const after = await t.call({ method: 'POST', url: '/api/v1/git/repo/language', token, payload: payload('acme', 'calc') });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ languages: { Python: 100 } });
  });

  it('GET /refreshToken answers the signed-in user and a fresh token that works', async () => {
    const me = (await t.call({ method: 'GET', url: '/api/v1/user', token })).json();
    const res = await t.call({ method: 'GET', url: '/api/refreshToken', token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toEqual(me);
    expect(body.user.email).toEqual({ name: 'spec-rows@example.com' });
    expect(typeof body.token).toBe('string');
    expect((await t.call({ method: 'GET', url: '/api/v1/user', token: body.token })).json().id).toBe(me.id);
  });
});

describe('analysis types basicDoc, advancedDoc and readme', () => {
  it('basicDoc produces the function counts only', async () => {
    await run('acme', 'basic', 'basicDoc');
    expect(await report('acme', 'basic')).toEqual({ basicFuncDocAnalysis: { totalFunctions: 2, totalDocumented: 1 } });
  });

  it('advancedDoc produces the function and outdated-doc analysis, and its details list the functions', async () => {
    await run('zed', 'adv', 'advancedDoc');
    const r = await report('zed', 'adv');
    expect(r.basicFuncDocAnalysis).toEqual({ totalFunctions: 2, totalDocumented: 1 });
    expect(r.advancedFuncDocAnalysis).toMatchObject({ outdatedDocCount: 0 });
    const details = await t.call({
      method: 'POST',
      url: '/api/v1/git/analyze/repo/advancedDoc/details',
      token,
      payload: payload('zed', 'adv'),
    });
    expect(
      details
        .json()
        .functions.map((f: { name: string }) => f.name)
        .sort(),
    ).toEqual(['add', 'scale']);
  });

  it('readme produces the README analysis only, and its details carry the README text', async () => {
    await run('zed', 'readme', 'readme');
    const r = await report('zed', 'readme');
    expect(Object.keys(r)).toEqual(['readmeAnalysis']);
    expect((r.readmeAnalysis as { textStatistics: { wordCount: number } }).textStatistics.wordCount).toBeGreaterThan(10);
    const details = await t.call({
      method: 'POST',
      url: '/api/v1/git/analyze/repo/readme/details',
      token,
      payload: payload('zed', 'readme'),
    });
    expect(details.json().content).toContain('Calc adds and scales numbers');
  });
});

describe('/v1/lro/all job-type and date filters (the /jobs page filters)', () => {
  const types = async (query: string) =>
    ((await t.call({ method: 'GET', url: `/api/v1/lro/all?${query}`, token })).json().jobs as Array<{ jobType: string }>)
      .map((j) => j.jobType)
      .sort();

  it('filters by one or more job types', async () => {
    // the runs above: a full analysis of acme/calc, then basicDoc, advancedDoc and readme
    expect(await types('')).toEqual(['ANALYSIS', 'ANALYSIS_ADVANCEDDOC', 'ANALYSIS_BASICDOC', 'ANALYSIS_README']);
    expect(await types('type=ANALYSIS_README')).toEqual(['ANALYSIS_README']);
    expect(await types('type=ANALYSIS_BASICDOC,ANALYSIS_ADVANCEDDOC')).toEqual(['ANALYSIS_ADVANCEDDOC', 'ANALYSIS_BASICDOC']);
  });

  it('filters by creation date: from and to bound the range', async () => {
    const hourAgo = new Date(Date.now() - 3600_000).toISOString();
    const inAnHour = new Date(Date.now() + 3600_000).toISOString();
    expect(await types(`from=${encodeURIComponent(hourAgo)}&to=${encodeURIComponent(inAnHour)}`)).toHaveLength(4);
    expect(await types(`from=${encodeURIComponent(inAnHour)}`)).toEqual([]);
    expect(await types(`to=${encodeURIComponent(hourAgo)}`)).toEqual([]);
    const bad = await t.call({ method: 'GET', url: '/api/v1/lro/all?from=yesterday', token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/from/);
  });
});

describe('errors carry {detail}: the error text is the answer detail', () => {
  const cases: Array<[string, { method: 'GET' | 'POST'; url: string; payload?: object }, number, string | RegExp]> = [
    [
      'repository: detail of an unknown repository',
      { method: 'GET', url: '/api/app/github/get/repo?orgName=acme&repoName=nope&vendor=GIT' },
      404,
      'Repository not found.',
    ],
    [
      'repository: languages of an unknown repository',
      { method: 'POST', url: '/api/v1/git/repo/language', payload: payload('acme', 'nope') },
      404,
      'Repository not found.',
    ],
    ['job: status of an unknown job', { method: 'GET', url: '/api/v1/lro/987654/status' }, 404, /^Job not found/],
    ['job: log of an unknown job', { method: 'GET', url: '/api/v1/lro/logs/987654' }, 404, /^Job not found/],
    ['job: terminate an unknown job', { method: 'POST', url: '/api/v1/git/lro/987654/terminate' }, 404, /^Job not found/],
    [
      'vendor: an unknown vendor',
      { method: 'GET', url: '/api/git/nope/install/status' },
      404,
      'Unknown vendor "nope". Use github, gitlab, bitbucket or azure.',
    ],
    [
      'vendor: Azure without the organization',
      { method: 'POST', url: '/api/v1/vendors/azure/connection', payload: { token: 'x' } },
      400,
      'organization: Azure DevOps needs the organization name.',
    ],
    [
      'analysis: analyse an unknown repository',
      { method: 'POST', url: '/api/v1/git/analyze/repo', payload: payload('acme', 'nope') },
      404,
      'Repository not found.',
    ],
    [
      'analysis: status of an unknown job',
      { method: 'POST', url: '/api/v1/git/analyze/repo/coverage/status?jobId=987654', payload: payload('acme', 'calc') },
      404,
      /^Job not found/,
    ],
  ];
  it.each(cases)('%s', async (_name, req, status, detail) => {
    const res = await t.call({ ...req, token });
    expect(res.statusCode).toBe(status);
    expect(res.json().detail).toEqual(typeof detail === 'string' ? detail : expect.stringMatching(detail));
  });
});
