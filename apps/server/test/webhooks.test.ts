/**
 * Webhooks (docs/webhooks.md): signed deliveries of each vendor's documented push and pull / merge
 * request payloads (valid, forged, replayed, unknown URL), what they queue, the webhook settings
 * routes (status, secret, registration through a GitHub-like replay server, automatic updates),
 * the analysis history, and the documented post-receive hook on a real bare repository served
 * by a real git daemon.
 */
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filledPostReceiveHook, PullRequestEventPayload, type WebhookStatus } from '@docent/contracts';
import { createTestApp, signUp, type TestApp } from './helpers/app.ts';
import { GitDaemon, git } from './helpers/git-daemon.ts';
import { hmacSignature, hookSignature } from '../src/webhooks/verify.ts';
import { fixture } from './vendors/fixtures.ts';
import { sendJson, startReplayServer, type ReplayServer } from './vendors/replay-server.ts';
import { waitForJobRow } from './helpers/jobs.ts';

const GH_TOKEN = 'ghp_hooks000000000000000000000000000000aa';
const FILES = { 'calc/ops.py': 'def add(a, b):\n    """Adds two numbers."""\n    return a + b\n\n\ndef sub(a, b):\n    return a - b\n' };
const HOOK_SCRIPT = path.resolve(import.meta.dirname, '../../../docs/post-receive-hook.sh');

let t: TestApp;
let daemon: GitDaemon;
let gh: ReplayServer;
let token: string;
let other: string;
let base: string;

const gitRepo = { git_repo: { organization_name: 'acme', repo_name: 'calc' }, vendor: 'GIT' } as const;
const ghRepo = (name: string) => ({ git_repo: { organization_name: 'octocat', repo_name: name }, vendor: 'GITHUB' }) as const;
const query = (p: { git_repo: { organization_name: string; repo_name: string }; vendor: string }) =>
  new URLSearchParams({ vendor: p.vendor, orgName: p.git_repo.organization_name, repoName: p.git_repo.repo_name }).toString();

async function status(p: Parameters<typeof query>[0], as = token): Promise<WebhookStatus> {
  const res = await t.call({ method: 'GET', url: `/api/v1/git/repos/webhook?${query(p)}`, token: as });
  expect(res.statusCode).toBe(200);
  return res.json() as WebhookStatus;
}

async function secretOf(p: Parameters<typeof query>[0]): Promise<string> {
  const res = await t.call({ method: 'POST', url: '/api/v1/git/repos/webhook/secret', token, payload: p });
  expect(res.statusCode).toBe(200);
  return (res.json() as { secret: string }).secret;
}

const pathOf = (url: string) => new URL(url).pathname;

async function jobsOf(type: string) {
  return t.database.db.selectFrom('jobs').selectAll().where('job_type', '=', type).orderBy('id').execute();
}

const waitJob = (id: number, ms = 90_000) => waitForJobRow(t, id, ms);

const GIT_ENV = {
  ...process.env,
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: 'T',
  GIT_AUTHOR_EMAIL: 't@example.com',
  GIT_COMMITTER_NAME: 'T',
  GIT_COMMITTER_EMAIL: 't@example.com',
};
/** git without blocking the event loop (the server under test answers in this process) */
const run = (cmd: string, args: string[], cwd: string) => promisify(execFile)(cmd, args, { cwd, env: GIT_ENV, encoding: 'utf8' });
async function fetched(work: string, branch: string): Promise<string> {
  await run('git', ['fetch', '-q', 'origin', branch], work);
  return work;
}

let seq = 0;
const uuid = () => `5b1e6c1a-0000-4000-8000-${String(++seq).padStart(12, '0')}`;
const sha = (n: number) => n.toString(16).padStart(40, 'a');

/** Each vendor's request: its documented headers and proof for `body`. */
function signed(vendor: string, body: string, secret: string, event: string, delivery = uuid()): Record<string, string> {
  switch (vendor) {
    case 'github':
      return {
        'content-type': 'application/json',
        'x-github-event': event,
        'x-github-delivery': delivery,
        'x-hub-signature-256': hmacSignature(body, secret),
      };
    case 'gitlab':
      return { 'content-type': 'application/json', 'x-gitlab-event': event, 'x-gitlab-event-uuid': delivery, 'x-gitlab-token': secret };
    case 'bitbucket':
      return {
        'content-type': 'application/json',
        'x-event-key': event,
        'x-request-uuid': delivery,
        'x-hub-signature': hmacSignature(body, secret),
      };
    case 'azure':
      return {
        'content-type': 'application/json; charset=utf-8',
        authorization: `Basic ${Buffer.from(`docent:${secret}`).toString('base64')}`,
      };
    default: {
      const ts = String(Math.floor(Date.now() / 1000));
      return {
        'content-type': 'text/plain',
        'x-docent-delivery': delivery,
        'x-docent-timestamp': ts,
        'x-docent-signature-256': hookSignature(body, secret, ts),
      };
    }
  }
}

beforeAll(async () => {
  daemon = await GitDaemon.start();
  await daemon.addRepo('calc', [FILES]);
  await daemon.addRepo('hello', [FILES]);
  gh = await startReplayServer();
  gh.on('GET /user', (_req, res) => sendJson(res, 200, fixture('github/user.json')));
  gh.on('GET /user/repos', (_r, res) =>
    sendJson(
      res,
      200,
      ['hello', 'locked'].map((name) => ({
        name,
        owner: { login: 'octocat', id: 1 },
        default_branch: 'main',
        private: false,
        clone_url: daemon.url('hello'),
        html_url: `https://github.com/octocat/${name}`,
        size: 1,
      })),
    ),
  );
  // GitHub's documented answers: 201 with the hook; 403 for a token without admin:repo_hook
  gh.on('POST /repos/octocat/hello/hooks', (req, res) =>
    sendJson(res, 201, {
      type: 'Repository',
      id: 12345678,
      name: 'web',
      active: true,
      events: ['push', 'pull_request'],
      config: { url: JSON.parse(req.body).config.url, content_type: 'json', insecure_ssl: '0' },
    }),
  );
  gh.on('POST /repos/octocat/locked/hooks', (_req, res) =>
    sendJson(res, 403, {
      message: 'Resource not accessible by personal access token',
      documentation_url: 'https://docs.github.com/rest/repos/webhooks#create-a-repository-webhook',
    }),
  );
  t = await createTestApp({ WEBHOOK_FAILURES_PER_HOUR: '1000' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  token = (await signUp(t, 'hooks@example.com')).token;
  other = (await signUp(t, 'hooks-other@example.com')).token;
  const added = await t.call({
    method: 'POST',
    url: '/api/v1/git/repos',
    token,
    payload: { url: daemon.url('calc'), organizationName: 'acme', repoName: 'calc' },
  });
  expect(added.statusCode).toBe(201);
  const conn = await t.call({
    method: 'POST',
    url: '/api/v1/vendors/github/connection',
    token,
    payload: { token: GH_TOKEN, baseUrl: gh.url },
  });
  expect(conn.statusCode).toBe(201);
  const sync = await (await fetch(`${base}/api/v2/github/install`, { headers: { authorization: `Bearer ${token}` } })).text();
  expect(sync).toContain('x~~COMPLETE');
}, 120_000);

afterAll(async () => {
  await t?.close();
  await gh?.close();
  await daemon?.stop();
});

describe('webhook settings', () => {
  it('gives each repository a URL, keeps the secret out of the status, reveals it to the signed-in owner only', async () => {
    const s = await status(gitRepo);
    expect(s.url).toMatch(/^http:\/\/docent\.test\/api\/v1\/webhooks\/git\/[A-Za-z0-9_-]{20,}$/);
    expect(s).toMatchObject({ registration: 'manual', registrationNote: null, lastDelivery: null, autoDocs: { repo: false } });
    const secret = await secretOf(gitRepo);
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(s)).not.toContain(secret);
    // sealed at rest
    const row = await t.database.db.selectFrom('repo_webhooks').selectAll().executeTakeFirstOrThrow();
    expect(row.secret_sealed).not.toContain(secret);
    expect(row.secret_sealed.startsWith('v1.')).toBe(true);
    // another user's view of the same names: 404, and no secret
    expect((await t.call({ method: 'GET', url: `/api/v1/git/repos/webhook?${query(gitRepo)}`, token: other })).statusCode).toBe(404);
    expect((await t.call({ method: 'POST', url: '/api/v1/git/repos/webhook/secret', token: other, payload: gitRepo })).statusCode).toBe(
      404,
    );
  });

  it('registers the webhook through the GitHub API with the URL and secret; a token without the rights leaves it manual with a note', async () => {
    const res = await t.call({ method: 'POST', url: '/api/v1/git/repos/webhook/register', token, payload: ghRepo('hello') });
    expect(res.statusCode).toBe(200);
    const s = res.json() as WebhookStatus;
    expect(s.registration).toBe('vendor');
    expect(s.url).toMatch(/\/api\/v1\/webhooks\/github\//);
    const post = gh.requests.find((r) => r.method === 'POST' && r.path === '/repos/octocat/hello/hooks')!;
    expect(post.headers.authorization).toBe(`token ${GH_TOKEN}`);
    const body = JSON.parse(post.body) as { name: string; events: string[]; config: { url: string; secret: string; content_type: string } };
    expect(body).toMatchObject({
      name: 'web',
      events: ['push', 'pull_request'],
      config: { url: s.url, content_type: 'json', secret: await secretOf(ghRepo('hello')) },
    });
    expect(
      (
        await t.database.db
          .selectFrom('repo_webhooks')
          .select('vendor_hook_id')
          .where('registration', '=', 'vendor')
          .executeTakeFirstOrThrow()
      ).vendor_hook_id,
    ).toBe('12345678');

    const locked = (
      await t.call({ method: 'POST', url: '/api/v1/git/repos/webhook/register', token, payload: ghRepo('locked') })
    ).json() as WebhookStatus;
    expect(locked.registration).toBe('manual');
    expect(locked.registrationNote).toContain('GitHub did not let this connection');
    expect(locked.registrationNote).not.toContain('Resource not accessible');
  });

  it('refuses vendor registration for a plain git remote (its hook is installed by hand)', async () => {
    const res = await t.call({ method: 'POST', url: '/api/v1/git/repos/webhook/register', token, payload: gitRepo });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain('post-receive hook');
  });
});

const post = (url: string, body: string, headers: Record<string, string>) =>
  t.call({ method: 'POST', url: pathOf(url), payload: body, headers });

describe('receiving deliveries', () => {
  it('answers an unknown webhook URL with 404 and a forged signature with 401, queueing nothing and echoing nothing', async () => {
    const s = await status(gitRepo);
    const before = (await jobsOf('ANALYSIS')).length;
    const body = fixture<object>('github/webhook-push.json');
    const text = JSON.stringify(body).replaceAll('__AFTER__', sha(1));
    const unknown = await t.call({
      method: 'POST',
      url: '/api/v1/webhooks/github/AAAAAAAAAAAAAAAAAAAAAAAA',
      payload: text,
      headers: signed('github', text, 'x', 'push'),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('Unknown webhook: no repository has this webhook URL.');
    for (const vendor of ['github', 'gitlab', 'bitbucket', 'azure', 'git']) {
      const forged = await post(s.url.replace('/git/', `/${vendor}/`), text, signed(vendor, text, 'not-the-secret', 'push'));
      expect(forged.statusCode, vendor).toBe(401);
      expect(forged.json().detail).toMatch(/does not match this webhook's secret/);
      expect(forged.body).not.toContain('Codertocat');
    }
    // a signature of another body (tampered payload)
    const secret = await secretOf(gitRepo);
    const tampered = await post(s.url.replace('/git/', '/github/'), text.replace('main', 'mainx'), signed('github', text, secret, 'push'));
    expect(tampered.statusCode).toBe(401);
    expect((await jobsOf('ANALYSIS')).length).toBe(before);
  });

  it('shows a refused delivery in the settings with its reason; the same delivery signed right is still handled; 20 refusals kept', async () => {
    const s = await status(gitRepo);
    const secret = await secretOf(gitRepo);
    const url = s.url.replace('/git/', '/github/');
    const text = JSON.stringify(fixture<object>('github/webhook-push.json')).replaceAll('__AFTER__', sha(900));
    const delivery = uuid();
    const forged = await post(url, text, signed('github', text, 'not-the-secret', 'push', delivery));
    expect(forged.statusCode).toBe(401);
    const shown = (await status(gitRepo)).lastDelivery!;
    expect(shown).toMatchObject({ event: 'push', result: 'rejected' });
    expect(shown.detail).toMatch(/does not match this webhook's secret/);
    expect(shown.deliveryId).not.toBe(delivery);
    // an unverified sender's free text is not kept as the event's name
    const odd = await post(url, text, {
      ...signed('github', text, 'not-the-secret', 'push'),
      'x-github-event': '<img src=x onerror=alert(1)>',
    });
    expect(odd.statusCode).toBe(401);
    expect((await status(gitRepo)).lastDelivery).toMatchObject({ result: 'rejected', event: 'delivery' });
    // the vendor's redelivery of that id, signed right, is handled and becomes the last delivery
    const right = await post(url, text, signed('github', text, secret, 'push', delivery));
    expect(right.statusCode).toBe(202);
    expect((await status(gitRepo)).lastDelivery).toMatchObject({ deliveryId: delivery, result: 'analysis-queued' });
    // an unreadable body to a known hook is shown too; refusals are kept to the latest 20
    for (let i = 0; i < 21; i++) {
      const bad = await post(url, '{"not":"a push"', signed('github', '{"not":"a push"', secret, 'push'));
      expect(bad.statusCode).toBe(400);
    }
    expect((await status(gitRepo)).lastDelivery).toMatchObject({ result: 'rejected' });
    const repoId = (
      await t.database.db
        .selectFrom('webhook_deliveries')
        .select('repository_id')
        .where('delivery_id', '=', delivery)
        .executeTakeFirstOrThrow()
    ).repository_id;
    const kept = await t.database.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('repository_id', '=', repoId)
      .where('result', '=', 'rejected')
      .execute();
    expect(kept).toHaveLength(20);
  });

  it("queues an incremental analysis for each vendor's documented push to the default branch, once per delivery id", async () => {
    const s = await status(gitRepo);
    const secret = await secretOf(gitRepo);
    const cases: Array<[string, string, string]> = [
      ['github', 'github/webhook-push.json', 'push'],
      ['gitlab', 'gitlab/webhook-push.json', 'Push Hook'],
      ['bitbucket', 'bitbucket/webhook-push.json', 'repo:push'],
      ['azure', 'azure/webhook-push.json', 'git.push'],
    ];
    for (const [i, [vendor, file, event]] of cases.entries()) {
      const after = sha(100 + i);
      const raw = JSON.stringify(fixture<object>(file)).replaceAll('__AFTER__', after);
      // Azure's delivery id is the event's own id: a fresh one per case
      const text = vendor === 'azure' ? raw.replace('03c164c2-8912-4d5e-8009-3707d5f83734', uuid()) : raw;
      const headers = signed(vendor, text, secret, event);
      const res = await post(s.url.replace('/git/', `/${vendor}/`), text, headers);
      expect(res.statusCode, vendor).toBe(202);
      const answer = res.json() as { status: string; jobIds: number[] };
      expect(answer.status).toBe('analysis-queued');
      const job = await t.database.db.selectFrom('jobs').selectAll().where('id', '=', answer.jobIds[0]!).executeTakeFirstOrThrow();
      expect(job.job_type).toBe('ANALYSIS');
      expect(job.payload).toMatchObject({ analysisType: 'coverage', trigger: 'webhook', commit: after });
      // the vendor's redelivery of the same delivery: recognised, nothing queued again
      const again = await post(s.url.replace('/git/', `/${vendor}/`), text, headers);
      expect(again.statusCode, vendor).toBe(200);
      expect(again.json()).toMatchObject({ status: 'duplicate', jobIds: [] });
      expect(
        (
          await t.database.db
            .selectFrom('jobs')
            .select('id')
            .where('id', '>', answer.jobIds[0]!)
            .where('job_type', '=', 'ANALYSIS')
            .execute()
        ).length,
      ).toBe(0);
    }
    const last = (await status(gitRepo)).lastDelivery!;
    expect(last).toMatchObject({ event: 'git.push', result: 'analysis-queued' });
    expect(last.detail).toMatch(/^Push to main \(aaaa/);
  });

  it('ignores a push to another branch and a deleted default branch, and says so', async () => {
    const s = await status(gitRepo);
    const secret = await secretOf(gitRepo);
    const text = JSON.stringify(fixture<object>('github/webhook-push.json'))
      .replaceAll('__AFTER__', sha(7))
      .replace('refs/heads/main', 'refs/heads/feature');
    const res = await post(s.url.replace('/git/', '/github/'), text, signed('github', text, secret, 'push'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ignored', detail: 'Ignored: no push to the default branch main.' });
    // the same, as codes the web app words in the user's language (docs/webhooks.md)
    expect((await status(gitRepo)).lastDelivery).toMatchObject({
      detail: 'Ignored: no push to the default branch main.',
      detailParts: [{ code: 'NOT_DEFAULT_BRANCH', params: { branch: 'main' } }],
    });
    const deleted = JSON.stringify(fixture<object>('github/webhook-push.json')).replaceAll('__AFTER__', '0'.repeat(40));
    const del = await post(s.url.replace('/git/', '/github/'), deleted, signed('github', deleted, secret, 'push'));
    expect(del.json()).toMatchObject({ status: 'ignored', detail: 'Ignored: the default branch main was deleted.' });
    const ping = await post(
      s.url.replace('/git/', '/github/'),
      '{"zen":"Keep it logically awesome."}',
      signed('github', '{"zen":"Keep it logically awesome."}', secret, 'ping'),
    );
    expect(ping.json()).toMatchObject({ status: 'ping' });
  });

  it('refuses a payload the vendor would never send with 400, without echoing it', async () => {
    const s = await status(gitRepo);
    const secret = await secretOf(gitRepo);
    const text = 'not json <script>alert(1)</script>';
    const res = await post(s.url.replace('/git/', '/github/'), text, signed('github', text, secret, 'push'));
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('The payload is not JSON.');
    expect(res.body).not.toContain('script');
    const noId = { ...signed('github', '{}', secret, 'push') };
    delete noId['x-github-delivery'];
    const missing = await post(s.url.replace('/git/', '/github/'), '{}', noId);
    expect(missing.statusCode).toBe(400);
  });

  it("turns each vendor's documented pull / merge request event into a PR_INSIGHTS job with the contract payload", async () => {
    const s = await status(ghRepo('hello'));
    const secret = await secretOf(ghRepo('hello'));
    const text = JSON.stringify(fixture<object>('github/webhook-pull-request.json'));
    const delivery = uuid();
    const res = await post(s.url, text, signed('github', text, secret, 'pull_request', delivery));
    expect(res.statusCode).toBe(202);
    const job = await t.database.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', (res.json() as { jobIds: number[] }).jobIds[0]!)
      .executeTakeFirstOrThrow();
    expect(job.job_type).toBe('PR_INSIGHTS');
    expect(job.repo_name).toBe('hello');
    expect(PullRequestEventPayload.parse(job.payload)).toEqual({
      vendor: 'github',
      number: 2,
      title: 'Update the README with new information.',
      headSha: 'ec26c3e57ca3a959ca5aad62de7213c562f8c821',
      baseSha: 'f95f852bd8fca8fcc58a9a2d6c842781e32a215e',
      headRef: 'changes',
      baseRef: 'master',
      deliveryId: delivery,
    });
    // a GitHub repository's webhook takes GitHub's deliveries only
    const wrong = await post(s.url.replace('/github/', '/gitlab/'), text, signed('gitlab', text, secret, 'Merge Request Hook'));
    expect(wrong.statusCode).toBe(404);
    // a closed pull request changes no code
    const closed = text.replace('"action":"opened"', '"action":"closed"');
    expect((await post(s.url, closed, signed('github', closed, secret, 'pull_request'))).json()).toMatchObject({ status: 'ignored' });

    // the other vendors, through the plain git repository (which takes any vendor's deliveries)
    const g = await status(gitRepo);
    const gsecret = await secretOf(gitRepo);
    const others: Array<[string, string, string, object]> = [
      [
        'gitlab',
        'gitlab/webhook-merge-request.json',
        'Merge Request Hook',
        {
          vendor: 'gitlab',
          number: 1,
          title: 'MS-Viewport',
          headSha: 'da1560886d4f094c3e6c9ef40349f7d38b5d27d7',
          baseSha: '',
          headRef: 'ms-viewport',
          baseRef: 'master',
        },
      ],
      [
        'bitbucket',
        'bitbucket/webhook-pullrequest.json',
        'pullrequest:created',
        {
          vendor: 'bitbucket',
          number: 7,
          title: 'Add the parser',
          headSha: 'd3022fc0ca3d',
          baseSha: 'ce5965ddd289',
          headRef: 'feature/parser',
          baseRef: 'main',
        },
      ],
      [
        'azure',
        'azure/webhook-pullrequest.json',
        'git.pullrequest.created',
        {
          vendor: 'azure',
          number: 1,
          title: 'my first pull request',
          headSha: '53d54ac915144006c2c9e90d2c7d3880920db49c',
          baseSha: 'a511f535b1ea495ee0c903badb68fbc83772c882',
          headRef: 'mytopic',
          baseRef: 'master',
        },
      ],
    ];
    for (const [vendor, file, event, expected] of others) {
      const body = JSON.stringify(fixture<object>(file));
      const r = await post(g.url.replace('/git/', `/${vendor}/`), body, signed(vendor, body, gsecret, event));
      expect(r.statusCode, vendor).toBe(202);
      const row = await t.database.db
        .selectFrom('jobs')
        .selectAll()
        .where('id', '=', (r.json() as { jobIds: number[] }).jobIds[0]!)
        .executeTakeFirstOrThrow();
      expect(row.job_type).toBe('PR_INSIGHTS');
      expect(PullRequestEventPayload.parse(row.payload)).toMatchObject(expected);
    }
    // GitLab: an update without new commits (title, labels) changes no code
    const mr = fixture<{ object_attributes: Record<string, unknown> }>('gitlab/webhook-merge-request.json');
    mr.object_attributes.action = 'update';
    const upd = JSON.stringify(mr);
    expect(
      (await post(g.url.replace('/git/', '/gitlab/'), upd, signed('gitlab', upd, gsecret, 'Merge Request Hook'))).json(),
    ).toMatchObject({ status: 'ignored' });
  });

  it("with automatic updates on, a push also regenerates the changed files' docstrings onto the one docent/auto-docs branch", async () => {
    const put = await t.call({
      method: 'PUT',
      url: '/api/v1/git/repos/webhook/settings',
      token,
      payload: { ...gitRepo, autoDocs: { repo: true } },
    });
    expect(put.statusCode).toBe(200);
    expect((put.json() as WebhookStatus).autoDocs).toEqual({ repo: true, arch: false, api: false });
    const s = await status(gitRepo);
    const secret = await secretOf(gitRepo);
    // a real commit on the remote (no hook installed yet): the delivery names it
    const work = mkdtempSync(path.join(os.tmpdir(), 'docent-autodocs-'));
    git(work, 'clone', '-q', daemon.url('calc'), '.');
    const before = git(work, 'rev-parse', 'HEAD').trim();
    // the body's own leading comment and a guarded raise ground its docstring (docs/docgen.md)
    writeFileSync(
      path.join(work, 'calc/div.py'),
      'def div(a, b):\n    # Divide a by b, refusing a zero divisor.\n\n    if b == 0:\n        raise ZeroDivisionError("b is zero")\n    return a / b\n',
    );
    git(work, 'add', '-A');
    git(work, 'commit', '-q', '-m', 'div');
    const after = git(work, 'rev-parse', 'HEAD').trim();
    await run('git', ['push', '-q', 'origin', 'main'], work);
    const text = `${before} ${after} refs/heads/main\n`;
    const res = await post(s.url, text, signed('git', text, secret, 'push'));
    expect(res.statusCode).toBe(202);
    const ids = (res.json() as { jobIds: number[] }).jobIds;
    expect(ids).toHaveLength(2);
    const doc = await t.database.db.selectFrom('jobs').selectAll().where('id', '=', ids[1]!).executeTakeFirstOrThrow();
    expect(doc.job_type).toBe('DOC_REPO');
    expect(doc.payload).toMatchObject({ fileLimit: 10, auto: { before, after } });
    expect((await waitJob(ids[1]!)).state).toBe('COMPLETE');
    // only the file the push changed was documented, on the auto-docs branch of the remote
    const saved = (
      await t.database.db.selectFrom('analysis_details').select('data').where('analysis_type', '=', 'docgen-auto').executeTakeFirstOrThrow()
    ).data as { files: string[]; pushed: boolean; branch: string };
    expect(saved).toMatchObject({ files: ['calc/div.py'], pushed: true, branch: 'docent/auto-docs' });
    const heads = (await run('git', ['ls-remote', '--heads', daemon.url('calc')], work)).stdout;
    expect(heads).toContain('refs/heads/docent/auto-docs');
    const shown = (await run('git', ['show', 'FETCH_HEAD:calc/div.py'], await fetched(work, 'docent/auto-docs'))).stdout;
    expect(shown).toContain(
      'def div(a, b):\n    """Divide a by b, refusing a zero divisor.\n\n    Raises:\n        ZeroDivisionError: If b == 0.\n    """\n',
    );
    // the settings show the code docs' last automatic run
    expect((await status(gitRepo)).autoDocSets.repo.lastRun).toMatchObject({ commit: after, jobId: ids[1], result: 'regenerated' });
    await waitJob(ids[0]!);
    await t.call({ method: 'PUT', url: '/api/v1/git/repos/webhook/settings', token, payload: { ...gitRepo, autoDocs: { repo: false } } });
  }, 120_000);
});

describe('automatic documentation updates on a GitHub repository', () => {
  it('two pushes: the first opens the one pull request from docent/auto-docs, the second updates the branch and finds that pull request open', async () => {
    let pulls = 0;
    gh.on('POST /repos/octocat/hello/pulls', (_req, res) => {
      pulls += 1;
      if (pulls === 1)
        sendJson(res, 201, {
          ...fixture<object>('github/pull-created.json'),
          number: 21,
          html_url: 'https://github.com/octocat/hello/pull/21',
        });
      else sendJson(res, 422, fixture('github/pull-exists-422.json'));
    });
    gh.on('GET /repos/octocat/hello/pulls', (_req, res) =>
      sendJson(res, 200, [
        { ...(fixture<object[]>('github/pulls-open.json')[0] as object), number: 21, html_url: 'https://github.com/octocat/hello/pull/21' },
      ]),
    );
    expect(
      (
        await t.call({
          method: 'PUT',
          url: '/api/v1/git/repos/webhook/settings',
          token,
          payload: { ...ghRepo('hello'), autoDocs: { repo: true } },
        })
      ).statusCode,
    ).toBe(200);
    const s = await status(ghRepo('hello'));
    const secret = await secretOf(ghRepo('hello'));
    const work = mkdtempSync(path.join(os.tmpdir(), 'docent-autogh-'));
    await run('git', ['clone', '-q', daemon.url('hello'), '.'], work);
    const pushAndDeliver = async (file: string, body: string) => {
      const before = (await run('git', ['rev-parse', 'HEAD'], work)).stdout.trim();
      writeFileSync(path.join(work, file), body);
      await run('git', ['add', '-A'], work);
      await run('git', ['commit', '-q', '-m', file], work);
      const after = (await run('git', ['rev-parse', 'HEAD'], work)).stdout.trim();
      await run('git', ['push', '-q', 'origin', 'main'], work);
      const payload = { ...fixture<Record<string, unknown>>('github/webhook-push.json'), before, after };
      const text = JSON.stringify(payload);
      const res = await post(s.url, text, signed('github', text, secret, 'push'));
      expect(res.statusCode).toBe(202);
      const ids = (res.json() as { jobIds: number[] }).jobIds;
      for (const id of ids) expect((await waitJob(id)).state).toBe('COMPLETE');
      const row = await t.database.db
        .selectFrom('analysis_details')
        .innerJoin('repositories', 'repositories.id', 'analysis_details.repository_id')
        .select('data')
        .where('repo_name', '=', 'hello')
        .where('analysis_type', '=', 'docgen-auto')
        .executeTakeFirstOrThrow();
      return row.data as { files: string[]; pullRequest: { number: number; updated: boolean } | null };
    };
    const first = await pushAndDeliver('calc/mod.py', 'def mod(a, b):\n    # The remainder of a divided by b.\n\n    return a % b\n');
    expect(first).toMatchObject({ files: ['calc/mod.py'], pullRequest: { number: 21, updated: false } });
    const second = await pushAndDeliver('calc/pow.py', 'def power(a, b):\n    # a raised to the power b.\n\n    return a ** b\n');
    // the branch keeps the first push's file and adds the second's; the same pull request
    expect(second).toMatchObject({ files: ['calc/mod.py', 'calc/pow.py'], pullRequest: { number: 21, updated: true } });
    const creates = gh.requests.filter((r) => r.method === 'POST' && r.path === '/repos/octocat/hello/pulls');
    expect(creates).toHaveLength(2);
    expect(JSON.parse(creates[0]!.body)).toMatchObject({
      head: 'docent/auto-docs',
      base: 'main',
      title: 'docs: keep docstrings up to date (Docent)',
    });
    const heads = (await run('git', ['ls-remote', '--heads', daemon.url('hello')], work)).stdout;
    expect(heads.match(/refs\/heads\/docent\/auto-docs/g)).toHaveLength(1);
  }, 180_000);
});

describe('the post-receive hook on a plain git remote', () => {
  it('a real push runs the hook as downloaded from Settings (URL and secret written in): the delivery is verified, the analysis runs and the history gains a point', async () => {
    // let the earlier deliveries' analyses end first
    for (const j of await jobsOf('ANALYSIS')) await waitJob(j.id);
    const s = await status(gitRepo);
    const secret = await secretOf(gitRepo);
    const bare = path.join(daemon.base, 'calc.git');
    // the file Settings offers for download: no git config needed (e2e/webhooks.spec.ts installs it the configured way)
    writeFileSync(
      path.join(bare, 'hooks', 'post-receive'),
      filledPostReceiveHook(readFileSync(HOOK_SCRIPT, 'utf8'), `${base}${pathOf(s.url)}`, secret),
      { mode: 0o700 },
    );
    expect(spawnSync('git', ['config', '--get', 'docent.webhookUrl'], { cwd: bare }).status).not.toBe(0);
    const history = async () =>
      (await t.call({ method: 'GET', url: `/api/v1/git/repos/history?${query(gitRepo)}`, token })).json() as {
        points: Array<{ commit: string; documentedShare: number | null }>;
      };
    const pointsBefore = (await history()).points.length;
    const analysesBefore = (await jobsOf('ANALYSIS')).length;

    const work = mkdtempSync(path.join(os.tmpdir(), 'docent-hookwork-'));
    git(work, 'clone', '-q', daemon.url('calc'), '.');
    writeFileSync(
      path.join(work, 'calc/ops.py'),
      `${FILES['calc/ops.py']}\n\ndef mul(a, b):\n    """Multiplies two numbers."""\n    return a * b\n`,
    );
    git(work, 'commit', '-q', '-am', 'mul');
    const pushed = git(work, 'rev-parse', 'HEAD').trim();
    // asynchronously: the hook posts to this very process while git waits for it
    await run('git', ['push', '-q', 'origin', 'main'], work);

    const until = Date.now() + 30_000;
    let job;
    while (!(job = (await jobsOf('ANALYSIS')).slice(analysesBefore).find((j) => j.payload.commit === pushed))) {
      if (Date.now() > until) throw new Error('the hook delivered nothing');
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(job.payload).toMatchObject({ trigger: 'webhook', analysisType: 'coverage' });
    expect((await waitJob(job.id)).state).toBe('COMPLETE');
    const after = (await history()).points;
    expect(after.length).toBe(pointsBefore + 1);
    expect(after.at(-1)).toMatchObject({ commit: pushed, documentedShare: 50 }); // add and mul of add, sub, mul, div
    expect((await status(gitRepo)).lastDelivery).toMatchObject({ event: 'post-receive', result: 'analysis-queued' });
    // another user cannot read the history
    expect((await t.call({ method: 'GET', url: `/api/v1/git/repos/history?${query(gitRepo)}`, token: other })).statusCode).toBe(404);
  }, 120_000);

  /** The id of the plain-git `calc` repository the hook tests push to. */
  const calcRepoId = async () =>
    (
      await t.database.db
        .selectFrom('repositories')
        .select('id')
        .where('vendor', '=', 'GIT')
        .where('repo_name', '=', 'calc')
        .executeTakeFirstOrThrow()
    ).id;

  it('a pushed branch is checked against the default branch like a pull request, and the result is listed in Docent without any code host', async () => {
    const work = mkdtempSync(path.join(os.tmpdir(), 'docent-hookbranch-'));
    git(work, 'clone', '-q', daemon.url('calc'), '.');
    git(work, 'checkout', '-q', '-b', 'feature/pow');
    writeFileSync(
      path.join(work, 'calc/ops.py'),
      `${readFileSync(path.join(work, 'calc/ops.py'), 'utf8')}\n\ndef pow2(a):\n    return a * a\n`,
    );
    git(work, 'commit', '-q', '-am', 'pow2');
    const pushed = git(work, 'rev-parse', 'HEAD').trim();
    const before = (await jobsOf('PR_INSIGHTS')).length;
    await run('git', ['push', '-q', 'origin', 'feature/pow'], work);

    const until = Date.now() + 30_000;
    let job;
    while (!(job = (await jobsOf('PR_INSIGHTS')).slice(before).find((j) => j.payload.headSha === pushed))) {
      if (Date.now() > until) throw new Error('the hook queued no branch check');
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(job.payload).toMatchObject({ vendor: 'git', headRef: 'feature/pow', baseRef: 'main', baseSha: '' });
    expect((await waitJob(job.id)).state).toBe('COMPLETE');
    expect((await status(gitRepo)).lastDelivery).toMatchObject({ event: 'post-receive', result: 'pr-insights-queued' });
    const log = await t.database.db.selectFrom('job_logs').select('text').where('job_id', '=', job.id).execute();
    expect(log.map((l) => l.text)).toContain(
      "A plain git remote has no pull requests to comment on: the check of feature/pow against main is kept in Docent (the repository's pull-request checks).",
    );

    const repoId = await calcRepoId();
    const listed = await t.call({ method: 'GET', url: `/api/v1/git/pull-request/checks?repoId=${repoId}`, token });
    expect(listed.statusCode, listed.body).toBe(200);
    expect((listed.json() as { checks: unknown[] }).checks[0]).toMatchObject({
      vendor: 'git',
      number: null,
      headRef: 'feature/pow',
      baseRef: 'main',
      headSha: pushed,
      jobId: job.id,
      changedFunctions: 1,
      documented: 0,
      coverage: 0,
      state: 'success',
    });
    expect((await t.call({ method: 'GET', url: `/api/v1/git/pull-request/checks?repoId=${repoId}`, token: other })).statusCode).toBe(404);

    // Docent's own output branches are not checked
    const s = await status(gitRepo);
    const own = `${'0'.repeat(40)} ${pushed} refs/heads/docent/auto-docs\n`;
    const res = await post(s.url, own, signed('git', own, await secretOf(gitRepo), 'push'));
    expect(res.json()).toMatchObject({ status: 'ignored', detail: 'Ignored: no push to the default branch main.' });
  }, 120_000);

  it("a plain-git branch's late delivery of an older push never replaces the newer push's check", async () => {
    const work = mkdtempSync(path.join(os.tmpdir(), 'docent-hooklate-'));
    git(work, 'clone', '-q', daemon.url('calc'), '.');
    git(work, 'checkout', '-q', '-b', 'feature/late');
    const ops = path.join(work, 'calc/ops.py');
    const base = readFileSync(ops, 'utf8');
    writeFileSync(ops, `${base}\n\ndef cube(a):\n    return a * a * a\n`);
    git(work, 'commit', '-q', '-am', 'cube');
    const older = git(work, 'rev-parse', 'HEAD').trim();
    const checkOf = async (sha: string, after: number) => {
      const until = Date.now() + 30_000;
      let job;
      while (!(job = (await jobsOf('PR_INSIGHTS')).slice(after).find((j) => j.payload.headSha === sha))) {
        if (Date.now() > until) throw new Error(`no branch check of ${sha}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      expect((await waitJob(job.id)).state).toBe('COMPLETE');
      return job;
    };
    let before = (await jobsOf('PR_INSIGHTS')).length;
    await run('git', ['push', '-q', 'origin', 'feature/late'], work);
    await checkOf(older, before);

    writeFileSync(ops, `${base}\n\ndef cube(a):\n    """The third power of a."""\n    return a * a * a\n`);
    git(work, 'commit', '-q', '-am', 'document cube');
    const newer = git(work, 'rev-parse', 'HEAD').trim();
    before = (await jobsOf('PR_INSIGHTS')).length;
    await run('git', ['push', '-q', 'origin', 'feature/late'], work);
    await checkOf(newer, before);

    // the first push's delivery arrives once more, late (a new signed timestamp: not a replay)
    before = (await jobsOf('PR_INSIGHTS')).length;
    const late = `${'0'.repeat(40)} ${older} refs/heads/feature/late\n`;
    const s = await status(gitRepo);
    expect((await post(s.url, late, signed('git', late, await secretOf(gitRepo), 'push'))).statusCode).toBeLessThan(300);
    const lateJob = await checkOf(older, before);
    const log = await t.database.db.selectFrom('job_logs').select('text').where('job_id', '=', lateJob.id).execute();
    expect(log.map((l) => l.text)).toContain(
      `Branch feature/late was already checked at a newer commit (${newer.slice(0, 7)}): its comment and result stay.`,
    );

    const repoId = await calcRepoId();
    const listed = (await t.call({ method: 'GET', url: `/api/v1/git/pull-request/checks?repoId=${repoId}`, token })).json() as {
      checks: Array<{ headRef: string; headSha: string; documented: number }>;
    };
    const mine = listed.checks.filter((c) => c.headRef === 'feature/late');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ headSha: newer, documented: 1 });
  }, 150_000);
});

describe('rate limits', () => {
  it('refuses a client address with 429 after too many failed checks, even with a valid signature', async () => {
    const small = await createTestApp({ WEBHOOK_FAILURES_PER_HOUR: '3' });
    try {
      const tok = (await signUp(small, 'limits@example.com')).token;
      expect(
        (
          await small.call({
            method: 'POST',
            url: '/api/v1/git/repos',
            token: tok,
            payload: { url: daemon.url('calc'), organizationName: 'acme', repoName: 'calc' },
          })
        ).statusCode,
      ).toBe(201);
      const s = (
        await small.call({ method: 'GET', url: `/api/v1/git/repos/webhook?${query(gitRepo)}`, token: tok })
      ).json() as WebhookStatus;
      const secret = (await small.call({ method: 'POST', url: '/api/v1/git/repos/webhook/secret', token: tok, payload: gitRepo })).json()
        .secret as string;
      const body = '{"zen":"x"}';
      for (let i = 0; i < 3; i++)
        expect(
          (
            await small.call({
              method: 'POST',
              url: pathOf(s.url).replace('/git/', '/github/'),
              payload: body,
              headers: signed('github', body, 'wrong', 'ping'),
            })
          ).statusCode,
        ).toBe(401);
      const res = await small.call({
        method: 'POST',
        url: pathOf(s.url).replace('/git/', '/github/'),
        payload: body,
        headers: signed('github', body, secret, 'ping'),
      });
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBeDefined();
    } finally {
      await small.close();
    }
  });
});
