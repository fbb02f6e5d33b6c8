/**
 * The pull-request check on GitHub (docs/pr-insights.md): with a GitHub App installation token a
 * check run through the Checks API — created (POST /check-runs) on a commit's first run, edited in
 * place (PATCH /check-runs/{id}) on the next — and the commit status otherwise: a personal token
 * (GitHub answers 403 to it on the Checks API) and an App refused the checks permission (403,
 * then the status). Against a loopback server replaying GitHub's documented answers.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GitHubReporter } from '../../src/vendors/github/reporter.ts';
import { ERROR_STATE, PENDING_STATE, STATUS_CONTEXT, type Verdict } from '../../src/insights/comment.ts';
import { VendorApiError } from '../../src/vendors/hosted-types.ts';
import { fixture } from './fixtures.ts';
import { sendJson, startReplayServer, type RecordedRequest, type ReplayServer } from './replay-server.ts';

const SHA = '3dca65fa3e8d4b3da3f3d056c59aee1c50f41390';
const APP_TOKEN = 'ghs_16C7e42F292c6912E7710c838347Ae178B4a';
const PAT = 'ghp_checks00000000000000000000000000000aa';
const pr = { organizationName: 'octocat', repoName: 'hello-world', number: 3956 };
const failing: Verdict = { state: 'failure', description: '50% of changed functions documented (1/2); below the threshold of 80%' };
const passing: Verdict = { state: 'success', description: '100% of changed functions documented (2/2); threshold 80%' };
const DETAILS = 'https://docent.example.com/jobs/12';

let gh: ReplayServer;
/** the check runs GitHub holds for SHA, as the replay answers them */
let runs: Array<Record<string, unknown>>;

const body = (r: RecordedRequest) => JSON.parse(r.body) as Record<string, unknown>;
const calls = () => gh.requests.map((r) => `${r.method} ${r.path}`);

beforeAll(async () => {
  gh = await startReplayServer();
});
afterAll(() => gh.close());
beforeEach(() => {
  gh.requests.length = 0;
  runs = [];
  gh.on(`GET /repos/octocat/hello-world/commits/${SHA}/check-runs`, (req, res) => {
    const name = req.query.get('check_name');
    const found = runs.filter((r) => !name || r.name === name);
    sendJson(res, 200, { total_count: found.length, check_runs: found });
  });
  gh.on('POST /repos/octocat/hello-world/check-runs', (req, res) => {
    const sent = body(req);
    const created = {
      ...fixture<Record<string, unknown>>('github/check-run.json'),
      id: 4 + runs.length,
      name: sent.name,
      head_sha: sent.head_sha,
      status: sent.status,
      conclusion: sent.conclusion,
      output: sent.output,
    };
    runs.push(created);
    gh.on(`PATCH /repos/octocat/hello-world/check-runs/${String(created.id)}`, (p, answer) => {
      Object.assign(created, body(p));
      sendJson(answer, 200, created);
    });
    sendJson(res, 201, created);
  });
  gh.on(`POST /repos/octocat/hello-world/statuses/${SHA}`, (_req, res) => sendJson(res, 201, fixture('github/status-created.json')));
});

describe('GitHub pull-request check', () => {
  it('an App installation token creates the check run, then edits the same one in place', async () => {
    const reporter = new GitHubReporter({ token: APP_TOKEN, kind: 'app-installation', baseUrl: gh.url }, pr);
    expect(await reporter.setStatus(SHA, failing, DETAILS, undefined, '## Docent: documentation of this change\n\n50%')).toBe('check-run');
    const create = gh.requests.find((r) => r.method === 'POST' && r.path.endsWith('/check-runs'))!;
    expect(create.headers.authorization).toBe(`token ${APP_TOKEN}`);
    expect(body(create)).toMatchObject({
      name: STATUS_CONTEXT,
      head_sha: SHA,
      status: 'completed',
      conclusion: 'failure',
      details_url: DETAILS,
      output: { title: failing.description, summary: '## Docent: documentation of this change\n\n50%' },
    });
    const lookup = gh.requests.find((r) => r.method === 'GET')!;
    expect(lookup.query.get('check_name')).toBe(STATUS_CONTEXT);

    gh.requests.length = 0;
    expect(await reporter.setStatus(SHA, passing, DETAILS, undefined, 'all documented')).toBe('check-run');
    expect(calls()).toEqual([`GET /repos/octocat/hello-world/commits/${SHA}/check-runs`, 'PATCH /repos/octocat/hello-world/check-runs/4']);
    expect(body(gh.requests[1]!)).toMatchObject({
      status: 'completed',
      conclusion: 'success',
      output: { title: passing.description, summary: 'all documented' },
    });
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ id: 4, conclusion: 'success' });
  });

  it('the check run is in progress while the job runs (no conclusion yet), then completed in place; a run that could not finish fails', async () => {
    const reporter = new GitHubReporter({ token: APP_TOKEN, kind: 'app-installation', baseUrl: gh.url }, pr);
    expect(await reporter.setStatus(SHA, PENDING_STATE, DETAILS)).toBe('check-run');
    const create = gh.requests.find((r) => r.method === 'POST' && r.path.endsWith('/check-runs'))!;
    expect(body(create)).toMatchObject({
      name: STATUS_CONTEXT,
      head_sha: SHA,
      status: 'in_progress',
      details_url: DETAILS,
      output: { title: PENDING_STATE.description },
    });
    expect(body(create)).not.toHaveProperty('conclusion');
    expect(await reporter.setStatus(SHA, passing, DETAILS)).toBe('check-run');
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'completed', conclusion: 'success' });
    expect(await reporter.setStatus(SHA, ERROR_STATE, DETAILS)).toBe('check-run');
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'completed', conclusion: 'failure', output: { title: ERROR_STATE.description } });
  });

  it('a personal token sets the commit status and never calls the Checks API', async () => {
    const reporter = new GitHubReporter({ token: PAT, kind: 'pat', baseUrl: gh.url }, pr);
    expect(await reporter.setStatus(SHA, failing, DETAILS)).toBe('status');
    expect(calls()).toEqual([`POST /repos/octocat/hello-world/statuses/${SHA}`]);
    expect(body(gh.requests[0]!)).toMatchObject({
      state: 'failure',
      context: STATUS_CONTEXT,
      description: failing.description,
      target_url: DETAILS,
    });
  });

  it('an App refused the checks permission (403) falls back to the commit status', async () => {
    gh.on(`GET /repos/octocat/hello-world/commits/${SHA}/check-runs`, (_req, res) =>
      sendJson(res, 403, fixture('github/checks-403-not-accessible.json')),
    );
    const reporter = new GitHubReporter({ token: APP_TOKEN, kind: 'app-installation', baseUrl: gh.url }, pr);
    expect(await reporter.setStatus(SHA, passing, DETAILS)).toBe('status-after-403');
    expect(calls()).toEqual([
      `GET /repos/octocat/hello-world/commits/${SHA}/check-runs`,
      `POST /repos/octocat/hello-world/statuses/${SHA}`,
    ]);
  });

  it('any other failure of the Checks API is reported, not hidden behind a status', async () => {
    gh.on('POST /repos/octocat/hello-world/check-runs', (_req, res) =>
      sendJson(res, 422, {
        message: 'Validation Failed',
        documentation_url: 'https://docs.github.com/rest/checks/runs#create-a-check-run',
      }),
    );
    const reporter = new GitHubReporter({ token: APP_TOKEN, kind: 'app-installation', baseUrl: gh.url }, pr);
    const err = await reporter.setStatus(SHA, passing, DETAILS).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(VendorApiError);
    expect((err as VendorApiError).status).toBe(422);
    expect((err as Error).message).not.toContain('Validation Failed');
    expect(calls()).not.toContain(`POST /repos/octocat/hello-world/statuses/${SHA}`);
  });
});
