import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeLogLine } from '@docent/contracts';
import { createTestApp, signUp, type TestApp } from './helpers/app.ts';
import { GitDaemon, GitGate } from './helpers/git-daemon.ts';
import { waitForJob } from './helpers/jobs.ts';

const SMALL_REPO = {
  'README.md':
    '# Demo\n\nDemo is a tiny library used to test Docent. It adds and scales numbers.\n\n## Usage\n\nCall `add(1, 2)`.\n\nSee [the guide](docs/guide.md).\n',
  'docs/guide.md': '# Guide\n',
  'src/calc.py': [
    'def add(a, b):',
    '    """Add two numbers."""',
    '    return a + b',
    '',
    'def scale(x, factor):',
    '    """Scale a number.',
    '',
    '    Args:',
    '        x: the number',
    '        factor: the factor',
    '',
    '    Returns:',
    '        the scaled number',
    '    """',
    '    return x * factor',
    '',
    'def _helper(value):',
    '    return value',
    '',
  ].join('\n'),
};

let t: TestApp;
let daemon: GitDaemon;
/** in front of the daemon for acme/big: held, a clone hangs, so a job is surely running when cancelled */
let gate: GitGate;
let alice: string;
let bob: string;

beforeAll(async () => {
  daemon = await GitDaemon.start();
  await daemon.addRepo('demo', [SMALL_REPO]);
  // a repository large enough that its analysis is still running when it is cancelled
  const big: Record<string, string> = {};
  for (let i = 0; i < 1500; i++) {
    big[`pkg/mod_${i}.py`] = Array.from(
      { length: 30 },
      (_, j) => `def f_${i}_${j}(a, b):\n    """Doc."""\n    if a:\n        return a + b\n    return b\n`,
    ).join('\n');
  }
  await daemon.addRepo('big', [big]);
  gate = await GitGate.start(daemon);
  t = await createTestApp();
  alice = (await signUp(t, 'alice@example.com')).token;
  bob = (await signUp(t, 'bob@example.com')).token;
}, 120_000);

afterAll(async () => {
  await t?.close();
  await gate?.stop();
  await daemon?.stop();
});

const payload = (org: string, repo: string) => ({ git_repo: { organization_name: org, repo_name: repo }, vendor: 'GIT' });

const waitForState = (token: string, id: number, states: string[], timeoutMs = 60_000) => waitForJob(t, token, id, { states, timeoutMs });

describe('a repository served by git daemon, analysed by a job', () => {
  let jobId: number;

  it('registers the repository by git URL under its owner segment', async () => {
    const res = await t.call({ method: 'POST', url: '/api/v1/git/repos', token: alice, payload: { url: daemon.url('demo') } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      repoName: 'demo',
      organizationName: 'local',
      vendor: 'GIT',
      defaultBranch: 'main',
      planType: 'FREE',
    });
    expect(JSON.stringify(res.json())).not.toContain('git://');

    const dup = await t.call({ method: 'POST', url: '/api/v1/git/repos', token: alice, payload: { url: daemon.url('demo') } });
    expect(dup.statusCode).toBe(409);

    const named = await t.call({
      method: 'POST',
      url: '/api/v1/git/repos',
      token: alice,
      payload: { url: gate.url('big'), organizationName: 'acme', repoName: 'big' },
    });
    expect(named.statusCode).toBe(201);

    const list = await t.call({ method: 'GET', url: '/api/app/github/list', token: alice });
    expect(
      list
        .json()
        .map((r: { organizationName: string; repoName: string }) => `${r.organizationName}/${r.repoName}`)
        .sort(),
    ).toEqual(['acme/big', 'local/demo']);
  });

  it("runs an analysis job to COMPLETE with the analyzer's real numbers and an ordered log", async () => {
    const start = await t.call({ method: 'POST', url: '/api/v1/git/analyze/repo', token: alice, payload: payload('local', 'demo') });
    expect(start.statusCode).toBe(200);
    jobId = start.json().lroJobId;
    const job = await waitForState(alice, jobId, ['COMPLETE', 'FAILED']);
    expect(job).toMatchObject({ state: 'COMPLETE', progress: 100, message: 'Analysis complete' });

    const detail = await t.call({ method: 'GET', url: '/api/app/github/get/repo?orgName=local&repoName=demo&vendor=GIT', token: alice });
    const report = detail.json().gitAppMetaData.analysisReport;
    expect(report.basicFuncDocAnalysis).toEqual({ totalFunctions: 3, totalDocumented: 2 });
    expect(report.programmingLanguages).toEqual({ Python: 100 });
    expect(report.readmeAnalysis.brokenLinks).toEqual([]);
    expect(report.readmeAnalysis.textStatistics.wordCount).toBeGreaterThan(10);

    const logs = await t.call({ method: 'GET', url: `/api/v1/lro/logs/${jobId}`, token: alice });
    const lines = (logs.json() as string[]).map(decodeLogLine);
    expect(lines[0]!.text).toMatch(/^Job \d+ created: ANALYSIS for local\/demo$/);
    expect(lines.some((l) => l.kind === 'COMMAND' && l.text.startsWith('git clone'))).toBe(true);
    expect(lines.filter((l) => l.text.includes(t.config.cloneDir))).toEqual([]);
    expect(lines.some((l) => l.text === 'Functions: 2 of 3 documented')).toBe(true);
    expect(lines.at(-1)).toMatchObject({ kind: 'SUCCESS', text: 'Job COMPLETE: Analysis complete' });
    const times = lines.map((l) => Date.parse(l.timestamp));
    expect([...times].sort((a, b) => a - b)).toEqual(times);

    const status = await t.call({
      method: 'POST',
      url: `/api/v1/git/analyze/repo/coverage/status?jobId=${jobId}&since=2`,
      token: alice,
      payload: payload('local', 'demo'),
    });
    expect(status.json()).toMatchObject({ jobId, state: 'COMPLETE', percentage: 100, lastLine: lines.length });
    expect(status.json().messages).toHaveLength(lines.length - 2);
    expect(status.json().report.basicFuncDocAnalysis.totalFunctions).toBe(3);

    const details = await t.call({
      method: 'POST',
      url: '/api/v1/git/analyze/repo/advancedDoc/details',
      token: alice,
      payload: payload('local', 'demo'),
    });
    const names = details
      .json()
      .functions.map((f: { name: string }) => f.name)
      .sort();
    expect(names).toEqual(['_helper', 'add', 'scale']);
    const helper = details.json().functions.find((f: { name: string }) => f.name === '_helper');
    expect(helper).toMatchObject({ fileName: 'src/calc.py', scope: 'private', docstring: null, gitLocation: 'src/calc.py#L17-L18' });
  });

  it('refuses to terminate a finished job with the spec detail', async () => {
    const res = await t.call({ method: 'POST', url: `/api/v1/git/lro/${jobId}/terminate`, token: alice });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('LRO job is not in a cancellable state');
  });

  it('cancels a running analysis and says so in the log', async () => {
    gate.hold();
    const start = await t.call({ method: 'POST', url: '/api/v1/git/analyze/repo', token: alice, payload: payload('acme', 'big') });
    const id = start.json().lroJobId as number;
    await waitForState(alice, id, ['RUNNING']);
    const term = await t.call({ method: 'POST', url: `/api/v1/git/lro/${id}/terminate`, token: alice });
    expect(term.statusCode).toBe(200);
    expect(term.json().message).toBe('Job termination requested. It may take a moment to complete.');
    const job = await waitForState(alice, id, ['CANCELLED', 'COMPLETE', 'FAILED'], 10_000);
    expect(job.state).toBe('CANCELLED');
    const lines = ((await t.call({ method: 'GET', url: `/api/v1/lro/logs/${id}`, token: alice })).json() as string[]).map(decodeLogLine);
    expect(lines.some((l) => l.text === 'Cancellation requested by the user')).toBe(true);
    expect(lines.at(-1)!.text).toBe('Job CANCELLED: Cancelled by user');
    gate.release();
  });

  it('lists, filters and batch-refreshes jobs', async () => {
    const list = await t.call({ method: 'GET', url: '/api/v1/lro/list?orgName=local&repoName=demo', token: alice });
    expect(list.json().map((j: { id: number }) => j.id)).toEqual([jobId]);
    const cancelled = await t.call({ method: 'GET', url: '/api/v1/lro/all?status=CANCELLED', token: alice });
    expect(cancelled.json().jobs.every((j: { state: string }) => j.state === 'CANCELLED')).toBe(true);
    expect(cancelled.json().total).toBe(1);
    const search = await t.call({ method: 'GET', url: '/api/v1/lro/all?q=acme', token: alice });
    expect(search.json().jobs.map((j: { repoName: string }) => j.repoName)).toEqual(['big']);
    const badStatus = await t.call({ method: 'GET', url: '/api/v1/lro/all?status=NOPE', token: alice });
    expect(badStatus.statusCode).toBe(400);
    const batch = await t.call({ method: 'GET', url: `/api/v1/lro/status?ids=${jobId},999999`, token: alice });
    expect(batch.json().map((j: { id: number }) => j.id)).toEqual([jobId]);
  });

  it('streams the log as server-sent events, resuming after Last-Event-ID', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/lro/logs/${jobId}/stream`, {
      headers: { authorization: `Bearer ${alice}`, 'last-event-id': '3' },
    });
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const text = await res.text(); // the job is final, so the stream ends by itself
    const ids = [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
    expect(ids[0]).toBe(4);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(text).toMatch(/event: end\ndata: .*"state":"COMPLETE"/);
  });
});

describe('isolation: another user sees none of it', () => {
  it("answers 404 for the first user's repositories, jobs and logs on every endpoint", async () => {
    const jobs = (await t.call({ method: 'GET', url: '/api/v1/lro/list', token: alice })).json() as Array<{ id: number }>;
    const id = jobs[0]!.id;
    const calls = [
      { method: 'GET', url: '/api/app/github/get/repo?orgName=local&repoName=demo&vendor=GIT' },
      { method: 'POST', url: '/api/v1/git/repo/language', payload: payload('local', 'demo') },
      { method: 'POST', url: '/api/v1/git/analyze/repo', payload: payload('local', 'demo') },
      { method: 'POST', url: '/api/v1/git/analyze/repo/readme', payload: payload('local', 'demo') },
      { method: 'POST', url: '/api/v1/git/analyze/repo/advancedDoc/details', payload: payload('local', 'demo') },
      { method: 'POST', url: `/api/v1/git/analyze/repo/coverage/status?jobId=${id}`, payload: payload('local', 'demo') },
      { method: 'GET', url: `/api/v1/lro/${id}/status` },
      { method: 'GET', url: `/api/v1/lro/logs/${id}` },
      { method: 'GET', url: `/api/v1/lro/logs/${id}/stream` },
      { method: 'POST', url: `/api/v1/git/lro/${id}/terminate` },
    ] as const;
    for (const c of calls) {
      const res = await t.call({ ...c, token: bob });
      expect(res.statusCode, `${c.method} ${c.url}`).toBe(404);
      expect(JSON.stringify(res.json())).not.toContain('alice');
    }
    expect((await t.call({ method: 'GET', url: '/api/app/github/list', token: bob })).json()).toEqual([]);
    expect((await t.call({ method: 'GET', url: '/api/v1/lro/list', token: bob })).json()).toEqual([]);
    expect((await t.call({ method: 'GET', url: `/api/v1/lro/status?ids=${id}`, token: bob })).json()).toEqual([]);
    expect((await t.call({ method: 'GET', url: '/api/v1/lro/all', token: bob })).json()).toEqual({ jobs: [], total: 0 });
  });
});

describe('hostile repository input', () => {
  it.each([
    ['file:///etc', /"file" scheme is not allowed/],
    ['--upload-pack=touch', /must not start with "-"/],
    ['--upload-pack=touch /tmp/pwned', /spaces/],
    ['ext::sh -c touch% /tmp/pwned', /spaces|Remote helpers/],
    ['ssh://-oProxyCommand=x/repo', /no valid host/],
    ['javascript:alert(1)', /Local paths are not enabled/],
    ['/etc', /Local paths are not enabled/],
    ['../../etc', /Local paths are not enabled/],
    ['git@host:-oProxyCommand=x/repo', /Invalid SSH repository path/],
    ['http://127.0.0.1:1/none.git', /Could not read the repository/],
  ])('refuses %s', async (url, detail) => {
    const res = await t.call({ method: 'POST', url: '/api/v1/git/repos', token: alice, payload: { url } });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().detail).toMatch(detail);
  });

  it('refuses bad job ids and analysis types', async () => {
    expect((await t.call({ method: 'GET', url: '/api/v1/lro/abc/status', token: alice })).statusCode).toBe(400);
    expect((await t.call({ method: 'GET', url: '/api/v1/lro/99999999999/status', token: alice })).statusCode).toBe(400);
    expect(
      (await t.call({ method: 'POST', url: '/api/v1/git/analyze/repo/nope', token: alice, payload: payload('local', 'demo') })).statusCode,
    ).toBe(400);
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/api/v1/git/analyze/repo',
          token: alice,
          payload: { git_repo: { organization_name: '../x', repo_name: 'demo' }, vendor: 'GIT' },
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('hostile repository contents', () => {
  it('does not follow symlinks out of the work tree', async () => {
    const repo = await daemon.addRepo('links', [{ 'app.py': 'def ok():\n    """Fine."""\n    return 1\n' }]);
    // add symlinks pointing outside the tree through a second commit
    const { execFileSync } = await import('node:child_process');
    const { mkdtemp, symlink } = await import('node:fs/promises');
    const work = await mkdtemp('/tmp/docent-links-');
    execFileSync('git', ['clone', '-q', repo, work]);
    await symlink('/etc/passwd', `${work}/passwd.py`);
    await symlink('/usr/lib/python3', `${work}/stdlib`);
    execFileSync('git', ['-C', work, 'add', '-A']);
    execFileSync('git', ['-C', work, '-c', 'user.name=T', '-c', 'user.email=t@e', 'commit', '-q', '-m', 'links']);
    execFileSync('git', ['-C', work, 'push', '-q', 'origin', 'HEAD:main']);

    await t.call({ method: 'POST', url: '/api/v1/git/repos', token: alice, payload: { url: daemon.url('links') } });
    const { lroJobId } = (
      await t.call({ method: 'POST', url: '/api/v1/git/analyze/repo', token: alice, payload: payload('local', 'links') })
    ).json();
    expect((await waitForState(alice, lroJobId, ['COMPLETE', 'FAILED'])).state).toBe('COMPLETE');
    const details = await t.call({
      method: 'POST',
      url: '/api/v1/git/analyze/repo/advancedDoc/details',
      token: alice,
      payload: payload('local', 'links'),
    });
    expect(details.json().functions.map((f: { fileName: string }) => f.fileName)).toEqual(['app.py']);
    const report = (
      await t.call({ method: 'GET', url: '/api/app/github/get/repo?orgName=local&repoName=links&vendor=GIT', token: alice })
    ).json().gitAppMetaData.analysisReport;
    expect(report.basicFuncDocAnalysis).toEqual({ totalFunctions: 1, totalDocumented: 1 });
  });

  it('stops and removes a clone that grows past MAX_REPO_MB, with a clear message', async () => {
    const { randomBytes } = await import('node:crypto');
    const files: Record<string, string> = {};
    for (let i = 0; i < 6; i++) files[`blob${i}.txt`] = randomBytes(600 * 1024).toString('base64');
    await daemon.addRepo('huge', [files]);
    const small = await createTestApp({ MAX_REPO_MB: '1' });
    try {
      const tok = (await signUp(small, 'huge@example.com')).token;
      await small.call({ method: 'POST', url: '/api/v1/git/repos', token: tok, payload: { url: daemon.url('huge') } });
      const { lroJobId } = (
        await small.call({ method: 'POST', url: '/api/v1/git/analyze/repo', token: tok, payload: payload('local', 'huge') })
      ).json();
      let job = { state: '', message: '' };
      for (let i = 0; i < 300 && !['FAILED', 'COMPLETE'].includes(job.state); i++) {
        job = (await small.call({ method: 'GET', url: `/api/v1/lro/${lroJobId}/status`, token: tok })).json();
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(job).toMatchObject({ state: 'FAILED', message: 'The repository is larger than the limit of 1 MB; the clone was stopped.' });
    } finally {
      await small.close();
    }
  });
});
