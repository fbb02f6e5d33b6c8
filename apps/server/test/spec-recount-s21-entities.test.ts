import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from './helpers/app.ts';
import { waitForJob } from './helpers/jobs.ts';
import { commitRepo } from './helpers/temp-repo.ts';

/**
 * docs/spec-conformance.md "Audit (session 21)": the §3 entities and §7 answers whose fields no
 * test read one by one — the repository of `GET /app/github/get/repo`, the analysis report's parts,
 * a function analysis entry, the readme details and the status poll's messages — against the real
 * database and a real analysis of a small repository.
 */
let t: TestApp;
let token: string;
let root: string;

const FILES = {
  // no title: the suggestion adds one
  'README.md': 'Shapes computes areas of simple figures for the tests of Docent.\n',
  'shapes.py': [
    'def area(w, h):',
    '    """Return the area of a w by h rectangle."""',
    '    return w * h',
    '',
    '',
    'def _scale(x, factor):',
    '    if factor < 0:',
    '        return 0',
    '    return x * factor',
    '',
  ].join('\n'),
};

const payload = { git_repo: { organization_name: 'acme', repo_name: 'shapes' }, vendor: 'GIT' };

const repository = async () =>
  (await t.call({ method: 'GET', url: '/api/app/github/get/repo?orgName=acme&repoName=shapes&vendor=GIT', token })).json() as Record<
    string,
    unknown
  >;

let jobId: number;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'docent-s21-'));
  t = await createTestApp({ LOCAL_REPO_ROOTS: root });
  token = (await signUp(t, 'spec-s21@example.com')).token;
  const url = commitRepo(path.join(root, 'shapes'), FILES);
  const added = await t.call({
    method: 'POST',
    url: '/api/v1/git/repos',
    token,
    payload: { url, organizationName: 'acme', repoName: 'shapes' },
  });
  expect(added.statusCode).toBe(201);
  const start = await t.call({ method: 'POST', url: '/api/v1/git/analyze/repo', token, payload });
  jobId = start.json().lroJobId as number;
  const job = await waitForJob(t, token, jobId);
  if (job.state !== 'COMPLETE') throw new Error(`analysis ${jobId}: ${job.state} ${job.message}`);
}, 90_000);
afterAll(async () => {
  await t?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('§3 Repository and §7 GET /app/github/get/repo', () => {
  it('answers planType and gitAppMetaData; the repository has id, repoName, organizationName, vendor, planType, isPrivate, installationId and gitAppMetaData with siteUrl and analysisReport', async () => {
    const answer = await repository();
    expect(answer).toMatchObject({ planType: 'FREE', gitAppMetaData: { siteUrl: null, analysisReport: expect.any(Object) } });
    const repo = answer.repository as Record<string, unknown>;
    expect(repo).toMatchObject({
      id: expect.any(String),
      repoName: 'shapes',
      organizationName: 'acme',
      vendor: 'GIT',
      planType: 'FREE',
      isPrivate: expect.any(Boolean),
      installationId: null,
      gitAppMetaData: { siteUrl: null, analysisReport: expect.any(Object) },
    });
    for (const key of ['id', 'repoName', 'organizationName', 'vendor', 'planType', 'isPrivate', 'installationId'])
      expect(repo).toHaveProperty(key);
    expect(Object.keys(repo.gitAppMetaData as object).sort()).toEqual(['analysisReport', 'siteUrl']);
  });

  it('planType follows the repository plan: PREMIUM once the repository is premium', async () => {
    await t.database.db.updateTable('repositories').set({ plan_type: 'PREMIUM' }).where('repo_name', '=', 'shapes').execute();
    expect((await repository()).planType).toBe('PREMIUM');
    await t.database.db.updateTable('repositories').set({ plan_type: 'FREE' }).where('repo_name', '=', 'shapes').execute();
  });
});

describe('§3 the analysis report', () => {
  it('basicFuncDocAnalysis, advancedFuncDocAnalysis, readmeAnalysis with textStatistics, programmingLanguages as a map of percentages', async () => {
    const report = (await repository()).gitAppMetaData as { analysisReport: Record<string, Record<string, unknown>> };
    const r = report.analysisReport;
    expect(r.basicFuncDocAnalysis).toEqual({ totalFunctions: 2, totalDocumented: 1 });
    expect(r.advancedFuncDocAnalysis).toEqual({ outdatedDocCount: 0, urgentDocCount: expect.any(Number) });
    const readme = r.readmeAnalysis!;
    expect(readme.calculatedQualityScore).toEqual(expect.any(Number));
    expect(readme.calculatedQualityScore as number).toBeGreaterThanOrEqual(0);
    expect(readme.calculatedQualityScore as number).toBeLessThanOrEqual(100);
    expect(readme).toMatchObject({
      wordCount: expect.any(Number),
      grammarError: expect.any(Number),
      brokenLinks: [],
      llmInterpretationScore: expect.any(Number),
    });
    expect(Object.keys(readme.textStatistics as object).sort()).toEqual(
      ['avgSentenceLength', 'fleschKincaidGrade', 'fleschReadingEase', 'lines', 'readingTime', 'smogIndex', 'wordCount'].sort(),
    );
    expect(r.programmingLanguages).toEqual({ Python: 100 });
  });
});

describe('§3 function analysis entry and §7 details by type', () => {
  it('an advancedDoc entry has name, fileName, gitLocation, content, docstring, languageType, complexityCategory, scope, urgentDocumentation and outdatedStatus', async () => {
    const res = await t.call({ method: 'POST', url: '/api/v1/git/analyze/repo/advancedDoc/details', token, payload });
    const fns = res.json().functions as Array<Record<string, unknown>>;
    const area = fns.find((f) => f.name === 'area')!;
    const scale = fns.find((f) => f.name === '_scale')!;
    expect(area).toMatchObject({
      name: 'area',
      fileName: 'shapes.py',
      gitLocation: 'shapes.py#L1-L3',
      content: expect.stringContaining('return w * h'),
      docstring: expect.stringContaining('Return the area'),
      languageType: 'Python',
      scope: 'public',
      urgentDocumentation: expect.any(Boolean),
    });
    expect(['high', 'medium', 'low']).toContain(area.complexityCategory);
    expect(area.outdatedStatus).toMatchObject({
      status: 'CURRENT',
      explanation: expect.any(String),
      docstring: expect.any(String),
      grammarError: expect.any(Number),
    });
    expect(scale).toMatchObject({ scope: 'private', docstring: null });
  });

  it("readme details carry the README's content and a suggestion", async () => {
    const res = await t.call({ method: 'POST', url: '/api/v1/git/analyze/repo/readme/details', token, payload });
    const body = res.json() as { content: string; suggestion: string | null };
    expect(body.content).toContain('Shapes computes areas');
    expect(body.suggestion).toMatch(/^# \S+\n[\s\S]*Shapes computes areas/);
  });
});

describe('§3 status poll result', () => {
  it('percentage and messages, an array of strings', async () => {
    const res = await t.call({ method: 'POST', url: `/api/v1/git/analyze/repo/coverage/status?jobId=${jobId}`, token, payload });
    const body = res.json() as { percentage: number; messages: unknown[] };
    expect(body.percentage).toBe(100);
    expect(body.messages.length).toBeGreaterThan(3);
    expect(body.messages.every((m) => typeof m === 'string')).toBe(true);
  });
});
