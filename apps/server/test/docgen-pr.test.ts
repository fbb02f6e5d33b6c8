/**
 * Delivery of generated docs to a hosted vendor: the DOC_REPO job pushes `docent/docs-<sha>`
 * and opens the pull request through the vendor's API (a GitHub-like loopback server replaying
 * GitHub's documented answers), with the connection's token never in job messages, server
 * logs or the clone's .git/config.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeLogLine } from '@docent/contracts';
import { createTestApp, signUp, type TestApp } from './helpers/app.ts';
import { GitDaemon } from './helpers/git-daemon.ts';
import { startGitHttp, type GitHttpServer } from './helpers/git-http.ts';
import { fixture } from './vendors/fixtures.ts';
import { sendJson, startReplayServer, type RecordedRequest, type ReplayServer } from './vendors/replay-server.ts';

const GH_TOKEN = 'ghp_docsPR0000000000000000000000000000aa';
const GIT_BASIC = `Basic ${Buffer.from(`x-access-token:${GH_TOKEN}`).toString('base64')}`;
// two thin wrappers of a documented function: their docstrings are grounded (docs/docgen.md)
const FILES = {
  'lib/m.py':
    'def fetch(item_id, limit=10):\n    """Fetch an item.\n\n    Args:\n        item_id: The item\'s database key.\n        limit: How many related rows to load.\n    """\n    print(item_id, limit)\n\n\ndef get_item(item_id, limit=10):\n    return fetch(item_id, limit)\n\n\ndef put_item(item_id, limit=10):\n    return fetch(item_id, limit)\n',
};

let t: TestApp;
let daemon: GitDaemon;
let gitHttp: GitHttpServer;
let gh: ReplayServer;
let token: string;
const serverLog: string[] = [];
/** what each repository's POST …/pulls answers */
const pullAnswers: Record<string, (req: RecordedRequest) => [number, unknown]> = {};

function ghRepo(name: string, cloneUrl: string) {
  return {
    name,
    owner: { login: 'octocat', id: 1 },
    default_branch: 'main',
    private: true,
    clone_url: cloneUrl,
    html_url: `https://github.com/octocat/${name}`,
    size: 1,
  };
}

beforeAll(async () => {
  daemon = await GitDaemon.start();
  await daemon.addRepo('lib', [FILES]);
  await daemon.addRepo('broken', [FILES]);
  await daemon.addRepo('private', [FILES]);
  // a repository whose default branch is `trunk` (there is no `main`)
  const trunk = await daemon.addRepo('trunky', [FILES]);
  execFileSync('git', ['branch', '-m', 'main', 'trunk'], { cwd: trunk });
  execFileSync('git', ['symbolic-ref', 'HEAD', 'refs/heads/trunk'], { cwd: trunk });
  gitHttp = await startGitHttp(daemon.base, GIT_BASIC);
  gh = await startReplayServer();
  gh.on('GET /user', (req, res) =>
    req.headers.authorization === `token ${GH_TOKEN}`
      ? sendJson(res, 200, fixture('github/user.json'))
      : sendJson(res, 401, fixture('github/bad-credentials-401.json')),
  );
  gh.on('GET /user/repos', (_r, res) =>
    sendJson(res, 200, [
      ghRepo('lib', daemon.url('lib')),
      ghRepo('broken', daemon.url('broken')),
      ghRepo('private', gitHttp.url('private')),
      { ...ghRepo('trunky', daemon.url('trunky')), default_branch: 'trunk' },
    ]),
  );
  for (const name of ['lib', 'broken', 'private', 'trunky']) {
    gh.on(`POST /repos/octocat/${name}/pulls`, (req, res) => {
      const [status, body] = pullAnswers[name]!(req);
      sendJson(res, status, body);
    });
  }
  t = await createTestApp({}, { logStream: { write: (line: string) => serverLog.push(line) } });
  token = (await signUp(t, 'docs-pr@example.com')).token;
  const conn = await t.call({
    method: 'POST',
    url: '/api/v1/vendors/github/connection',
    token,
    payload: { token: GH_TOKEN, baseUrl: gh.url },
  });
  expect(conn.statusCode).toBe(201);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as { port: number };
  const sync = await (
    await fetch(`http://127.0.0.1:${port}/api/v2/github/install`, { headers: { authorization: `Bearer ${token}` } })
  ).text();
  expect(sync).toContain('x~~COMPLETE');
  await t.database.db.updateTable('repositories').set({ plan_type: 'PRO' }).execute();
}, 120_000);

afterAll(async () => {
  await t?.close();
  await gh?.close();
  await gitHttp?.close();
  await daemon?.stop();
});

const payload = (name: string) => ({ git_repo: { organization_name: 'octocat', repo_name: name }, vendor: 'GITHUB' });

interface Done {
  state: string;
  messages: string[];
  result: {
    commit: string;
    branch: string | null;
    pushed: boolean;
    branchUrl?: string | null;
    pullRequest?: { url: string; number: number; vendor: string } | null;
  };
}

async function run(name: string): Promise<Done & { texts: string[] }> {
  const start = await t.call({
    method: 'POST',
    url: '/api/v1/git/generate/repo/doc',
    token,
    payload: { ...payload(name), delivery: 'pull_request' },
  });
  expect(start.statusCode).toBe(200);
  const until = Date.now() + 60_000;
  for (;;) {
    const res = await t.call({
      method: 'POST',
      url: `/api/v1/git/generate/repo/doc/status?jobId=${start.json().lroJobId}`,
      token,
      payload: payload(name),
    });
    const body = res.json() as Done;
    if (['COMPLETE', 'FAILED', 'CANCELLED'].includes(body.state))
      return { ...body, texts: body.messages.map((m) => decodeLogLine(m).text) };
    if (Date.now() > until) throw new Error(`job still ${body.state}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const heads = (url: string) => execFileSync('git', ['ls-remote', '--heads', url], { encoding: 'utf8' });
/** the https git server lives in this process: its ls-remote must not block the event loop */
const headsAsync = async (url: string) =>
  (await promisify(execFile)('git', ['ls-remote', '--heads', url], { encoding: 'utf8', env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } }))
    .stdout;

describe('DOC_REPO on a GitHub repository: branch and pull request', () => {
  it('pushes docent/docs-<sha> to the daemon and opens the pull request into the default branch', async () => {
    pullAnswers.lib = () => [
      201,
      { ...fixture<object>('github/pull-created.json'), number: 7, html_url: 'https://github.com/octocat/lib/pull/7' },
    ];
    const done = await run('lib');
    expect(done.state).toBe('COMPLETE');
    const sha = done.result.commit.slice(0, 7);
    const branch = `docent/docs-${sha}`;
    expect(done.result).toMatchObject({
      pushed: true,
      branch,
      pullRequest: { url: 'https://github.com/octocat/lib/pull/7', number: 7, vendor: 'GITHUB' },
    });
    // git:// carries no token and has no web page
    expect(done.result.branchUrl).toBeNull();
    expect(heads(daemon.url('lib'))).toContain(`refs/heads/${branch}`);

    const post = gh.requests.filter((r) => r.method === 'POST' && r.path === '/repos/octocat/lib/pulls');
    expect(post).toHaveLength(1);
    expect(post[0]!.headers.authorization).toBe(`token ${GH_TOKEN}`);
    const body = JSON.parse(post[0]!.body) as { head: string; base: string; title: string; body: string };
    expect(body.head).toBe(branch);
    expect(body.base).toBe('main');
    expect(body.title).toBe('docs: docstrings for 2 functions (Docent)');
    expect(body.body).toContain('`lib/m.py`: 2 function(s)');
    expect(done.texts).toContain(`Pushed branch ${branch}`);
    expect(done.texts).toContain('Opened pull request #7');
  });

  it('keeps the pushed branch and completes when GitHub refuses the pull request, naming only the HTTP status', async () => {
    pullAnswers.broken = () => [500, { message: 'Server Error: upstream db-7 timed out' }];
    const done = await run('broken');
    expect(done.state).toBe('COMPLETE');
    const branch = `docent/docs-${done.result.commit.slice(0, 7)}`;
    expect(done.result).toMatchObject({ pushed: true, branch, pullRequest: null });
    expect(heads(daemon.url('broken'))).toContain(`refs/heads/${branch}`);
    expect(done.texts).toContain(
      `The branch ${branch} was pushed, but the pull request could not be opened (GitHub answered HTTP 500). Open it from the branch on GitHub.`,
    );
    expect(done.messages.join('\n')).not.toContain('db-7');
  });

  it('clones and pushes over https with the token as a per-run header: never in .git/config, job messages or server logs', async () => {
    pullAnswers.private = () => [
      201,
      { ...fixture<object>('github/pull-created.json'), number: 9, html_url: 'https://github.com/octocat/private/pull/9' },
    ];
    const done = await run('private');
    expect(done.state).toBe('COMPLETE');
    const branch = `docent/docs-${done.result.commit.slice(0, 7)}`;
    expect(done.result).toMatchObject({ pushed: true, branch, pullRequest: { number: 9 } });
    // the https git server answers 401 without the header: the clone and the push both carried it
    const receive = gitHttp.requests.filter((r) => r.path.endsWith('/git-receive-pack'));
    expect(receive.length).toBeGreaterThan(0);
    expect(receive.every((r) => r.headers.authorization === GIT_BASIC)).toBe(true);
    expect(gitHttp.requests.some((r) => r.path.endsWith('/git-upload-pack') && r.headers.authorization === GIT_BASIC)).toBe(true);
    expect(await headsAsync(gitHttp.url('private').replace('http://', `http://x-access-token:${GH_TOKEN}@`))).toContain(
      `refs/heads/${branch}`,
    );

    const row = await t.database.db.selectFrom('repositories').select('id').where('repo_name', '=', 'private').executeTakeFirstOrThrow();
    const gitConfig = readFileSync(path.join(t.config.cloneDir, row.id, '.git', 'config'), 'utf8');
    expect(gitConfig).toContain(gitHttp.url('private'));
    const base64 = GIT_BASIC.slice('Basic '.length);
    expect(serverLog.length).toBeGreaterThan(0);
    for (const text of [gitConfig, done.messages.join('\n'), serverLog.join('\n')]) {
      expect(text).not.toContain(GH_TOKEN);
      expect(text).not.toContain(base64);
    }
  });

  it('opens the pull request against a default branch that is not main, leaving that branch alone', async () => {
    pullAnswers.trunky = () => [
      201,
      { ...fixture<object>('github/pull-created.json'), number: 3, html_url: 'https://github.com/octocat/trunky/pull/3' },
    ];
    const before = heads(daemon.url('trunky'));
    const done = await run('trunky');
    expect(done.state).toBe('COMPLETE');
    const branch = `docent/docs-${done.result.commit.slice(0, 7)}`;
    expect(done.result).toMatchObject({ pushed: true, branch, pullRequest: { number: 3 } });
    // the job checked out trunk's head, and trunk did not move
    expect(before).toContain(`${done.result.commit}\trefs/heads/trunk`);
    const after = heads(daemon.url('trunky'));
    expect(after).toContain(`${done.result.commit}\trefs/heads/trunk`);
    expect(after).not.toContain('refs/heads/main');
    const post = gh.requests.find((r) => r.method === 'POST' && r.path === '/repos/octocat/trunky/pulls')!;
    expect(JSON.parse(post.body)).toMatchObject({ head: branch, base: 'trunk' });
  });
});
