import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeLogLine } from '@docent/contracts';
import { createTestApp, signUp, type TestApp } from './helpers/app.ts';
import { GitDaemon } from './helpers/git-daemon.ts';
import { waitForJob } from './helpers/jobs.ts';

/**
 * A doc that only restates the name (docs/metrics/functions.md §Trivial docs) is not counted as
 * documented: the stored report and function list say so, and the job log says it apart.
 */
const REPO = {
  'src/users.py': [
    'def get_user(user_id):',
    '    """Get user."""',
    '    return user_id',
    '',
    'def close(sock):',
    '    """Close the socket; idempotent."""',
    '    return sock',
    '',
  ].join('\n'),
};

let t: TestApp;
let daemon: GitDaemon;
let token: string;

beforeAll(async () => {
  daemon = await GitDaemon.start();
  await daemon.addRepo('userlib', [REPO]);
  t = await createTestApp();
  token = (await signUp(t, 'ada@example.com')).token;
}, 120_000);

afterAll(async () => {
  await t?.close();
  await daemon?.stop();
});

describe('an analysis with a trivial doc', () => {
  it('stores the figures without it, flags the function, and logs the trivial count apart', async () => {
    expect((await t.call({ method: 'POST', url: '/api/v1/git/repos', token, payload: { url: daemon.url('userlib') } })).statusCode).toBe(
      201,
    );
    const start = await t.call({
      method: 'POST',
      url: '/api/v1/git/analyze/repo',
      token,
      payload: { git_repo: { organization_name: 'local', repo_name: 'userlib' }, vendor: 'GIT' },
    });
    const id = start.json().lroJobId as number;
    expect((await waitForJob(t, token, id, { timeoutMs: 90_000 })).state).toBe('COMPLETE');
    const detail = await t.call({ method: 'GET', url: '/api/app/github/get/repo?orgName=local&repoName=userlib&vendor=GIT', token });
    expect(detail.json().gitAppMetaData.analysisReport.basicFuncDocAnalysis).toEqual({
      totalFunctions: 2,
      totalDocumented: 1,
      trivialDocs: 1,
    });
    const lines = ((await t.call({ method: 'GET', url: `/api/v1/lro/logs/${id}`, token })).json() as string[]).map(decodeLogLine);
    expect(lines.some((l) => l.text === 'Functions: 1 of 2 documented (1 trivial doc not counted)')).toBe(true);
  });
});
