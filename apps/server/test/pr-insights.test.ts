/**
 * The pull-request check (docs/pr-insights.md): PR_INSIGHTS jobs started through
 * POST /v1/git/pull-request/insights against a real git daemon and loopback servers replaying
 * each vendor's documented API answers. The comment is created then edited in place (one
 * comment after two runs), the status follows the threshold, suggestions are posted once.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from './helpers/app.ts';
import { GitDaemon, git } from './helpers/git-daemon.ts';
import { fixture } from './vendors/fixtures.ts';
import { sendJson, startReplayServer, type RecordedRequest, type ReplayServer } from './vendors/replay-server.ts';
import { loadSecrets } from '../src/secrets.ts';
import { SecretBox } from '../src/crypto/secretbox.ts';
import { ConnectionRepository } from '../src/vendors/connections.ts';
import { COMMENT_MARKER, ERROR_STATE, PENDING_STATE } from '../src/insights/comment.ts';
import { jobTexts, waitForJob } from './helpers/jobs.ts';

const BASE_FILES = {
  'lib/items.py':
    'def get_item(item_id, limit=10):\n    """Return one item.\n\n    Args:\n        item_id: The item\'s id.\n        limit: How many to read.\n    """\n    return item_id\n\n\ndef put_item(item_id, value):\n    return value\n',
  'docs/guide.md': '# Guide\n',
  'docs/api.md': '# API\n',
  'README.md': '# Lib\n\nSee the [guide](docs/guide.md) and the [API](docs/api.md).\n',
};
/** the pull request: a parameter the doc does not describe, a new undocumented and a new documented function, a linked file removed */
const FEATURE_ITEMS =
  'def get_item(item_id, limit=10, strict=False):\n    """Return one item.\n\n    Args:\n        item_id: The item\'s id.\n        limit: How many to read.\n    """\n    if strict:\n        raise ValueError(item_id)\n    return item_id\n\n\ndef put_item(item_id, value):\n    return value\n\n\ndef delete_item(item_id):\n    # Remove one item from the store.\n    return get_item(item_id)\n\n\ndef list_items(limit):\n    """List items.\n\n    Args:\n        limit: How many.\n    """\n    return [limit]\n';

let t: TestApp;
let daemon: GitDaemon;
let token: string;
let userId: string;
let box: SecretBox;
let connections: ConnectionRepository;
const work: Record<string, string> = {};

/** A bare repository `name` on the daemon with `main` and a `feature` branch; returns both commits. */
async function prRepo(name: string): Promise<{ base: string; head: string }> {
  const bare = await daemon.addRepo(name, [BASE_FILES]);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'docent-pr-'));
  work[name] = dir;
  git(dir, 'clone', '-q', bare, '.');
  git(dir, 'checkout', '-q', '-b', 'feature');
  await writeFile(path.join(dir, 'lib/items.py'), FEATURE_ITEMS);
  git(dir, 'rm', '-q', 'docs/api.md');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'feature');
  git(dir, 'push', '-q', 'origin', 'feature');
  return { base: git(dir, 'rev-parse', 'main').trim(), head: git(dir, 'rev-parse', 'feature').trim() };
}

/** A second push to `feature`: the new function gets its docstring (one that says more than the name: a trivial doc does not count). */
async function documentDelete(name: string): Promise<string> {
  const dir = work[name]!;
  await writeFile(
    path.join(dir, 'lib/items.py'),
    FEATURE_ITEMS.replace(
      'def delete_item(item_id):\n',
      'def delete_item(item_id):\n    """Remove an item from the store; an unknown id is ignored.\n\n    Args:\n        item_id: The item\'s id.\n    """\n',
    ),
  );
  git(dir, 'commit', '-q', '-am', 'document delete_item');
  git(dir, 'push', '-q', 'origin', 'feature');
  return git(dir, 'rev-parse', 'feature').trim();
}

async function addRepo(vendor: string, org: string, repoName: string, daemonName: string): Promise<string> {
  const row = await t.database.db
    .insertInto('repositories')
    .values({
      user_id: userId,
      vendor,
      organization_name: org,
      repo_name: repoName,
      clone_url: box.seal(daemon.url(daemonName)),
      default_branch: 'main',
      is_private: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

interface Run {
  state: string;
  texts: string[];
}

async function check(body: Record<string, unknown>): Promise<Run> {
  const start = await t.call({ method: 'POST', url: '/api/v1/git/pull-request/insights', token, payload: body });
  expect(start.statusCode, start.body).toBe(200);
  const id = (start.json() as { lroJobId: number }).lroJobId;
  const job = await waitForJob(t, token, id, { timeoutMs: 90_000 });
  return { state: job.state, texts: await jobTexts(t, token, id) };
}

const json = (r: RecordedRequest) => JSON.parse(r.body) as Record<string, unknown>;

beforeAll(async () => {
  daemon = await GitDaemon.start();
  t = await createTestApp();
  const me = await signUp(t, 'pr-insights@example.com');
  token = me.token;
  userId = me.id;
  box = new SecretBox((await loadSecrets(t.config)).encryptionKey);
  connections = new ConnectionRepository(t.database.db, box);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await daemon?.stop();
  for (const dir of Object.values(work)) await rm(dir, { recursive: true, force: true });
});

describe('GitHub: comment in place, status by threshold, suggestion blocks', () => {
  const GH_TOKEN = 'ghp_prInsights000000000000000000000000aa';
  let gh: ReplayServer;
  let repoId: string;
  let shas: { base: string; head: string };
  const comments: Array<{ id: number; body: string }> = [];
  const reviewComments: Array<{ id: number; body: string; path: string }> = [];

  beforeAll(async () => {
    gh = await startReplayServer();
    shas = await prRepo('gh');
    await connections.upsert(userId, 'GITHUB', { token: GH_TOKEN, kind: 'pat', baseUrl: gh.url }, 'octocat');
    repoId = await addRepo('GITHUB', 'octocat', 'lib', 'gh');
    gh.on('GET /repos/octocat/lib/issues/7/comments', (_r, res) =>
      sendJson(
        res,
        200,
        comments.map((c) => ({ ...fixture<object>('github/issue-comment-created.json'), ...c })),
      ),
    );
    gh.on('POST /repos/octocat/lib/issues/7/comments', (r, res) => {
      const c = { id: 9001 + comments.length, body: String(json(r).body) };
      comments.push(c);
      gh.on(`PATCH /repos/octocat/lib/issues/comments/${c.id}`, (p, answer) => {
        c.body = String(json(p).body);
        sendJson(answer, 200, { ...fixture<object>('github/issue-comment-created.json'), ...c });
      });
      sendJson(res, 201, { ...fixture<object>('github/issue-comment-created.json'), ...c });
    });
    gh.on('GET /repos/octocat/lib/pulls/7/comments', (_r, res) => sendJson(res, 200, reviewComments));
    gh.on('POST /repos/octocat/lib/pulls/7/reviews', (r, res) => {
      for (const c of (json(r).comments as Array<{ body: string; path: string }>) ?? [])
        reviewComments.push({ id: 100 + reviewComments.length, ...c });
      sendJson(res, 200, fixture('github/review-created.json'));
    });
  }, 60_000);
  afterAll(() => gh?.close());

  const statusRoute = (sha: string) =>
    gh.on(`POST /repos/octocat/lib/statuses/${sha}`, (_r, res) => sendJson(res, 201, fixture('github/status-created.json')));

  it('first run: one comment with the change coverage, a failing status under the threshold, the docstring as a suggestion', async () => {
    const put = await t.call({ method: 'PUT', url: '/api/v1/git/pull-request/settings', token, payload: { repoId, failUnder: 80 } });
    expect(put.statusCode, put.body).toBe(200);
    statusRoute(shas.head);
    const run = await check({
      repoId,
      vendor: 'github',
      number: 7,
      headSha: shas.head,
      baseSha: shas.base,
      headRef: 'feature',
      baseRef: 'main',
      title: 'Feature',
    });
    expect(run.state, run.texts.join('\n')).toBe('COMPLETE');
    expect(run.texts).toContain('Commented on pull request #7');

    expect(comments).toHaveLength(1);
    const body = comments[0]!.body;
    expect(body.startsWith(COMMENT_MARKER)).toBe(true);
    expect(body).toContain('**66.6%**');
    expect(body).toContain('(2 of 3; 2 new)');
    expect(body).toContain('`delete_item` in `lib/items.py:17` (new)');
    expect(body).toMatch(/`get_item` in `lib\/items.py:1`: Parameter 'strict' was added by this change/);
    expect(body).toContain('`docs/api.md`');
    expect(body).not.toContain('put_item');

    // pending from the job's start (before the clone), then the verdict
    const post = gh.requests.filter((r) => r.method === 'POST' && r.path === `/repos/octocat/lib/statuses/${shas.head}`);
    expect(post).toHaveLength(2);
    expect(json(post[0]!)).toMatchObject({ state: 'pending', context: 'docent/documentation', description: PENDING_STATE.description });
    expect(gh.requests.indexOf(post[0]!)).toBeLessThan(gh.requests.findIndex((r) => r.path.endsWith('/issues/7/comments')));
    expect(run.texts).toContain(`Status pending: ${PENDING_STATE.description}`);
    expect(post[1]!.headers.authorization).toBe(`token ${GH_TOKEN}`);
    expect(json(post[1]!)).toMatchObject({
      state: 'failure',
      context: 'docent/documentation',
      target_url: expect.stringMatching(/^http:\/\/docent\.test\/jobs\/\d+$/),
    });
    expect(String(json(post[1]!).description)).toContain('below the threshold of 80%');

    const reviews = gh.requests.filter((r) => r.method === 'POST' && r.path === '/repos/octocat/lib/pulls/7/reviews');
    expect(reviews).toHaveLength(1);
    const review = json(reviews[0]!) as {
      commit_id: string;
      event: string;
      comments: Array<{ path: string; line: number; side: string; body: string }>;
    };
    expect(review).toMatchObject({ commit_id: shas.head, event: 'COMMENT' });
    expect(review.comments).toHaveLength(1);
    expect(review.comments[0]).toMatchObject({ path: 'lib/items.py', line: 17, side: 'RIGHT' });
    expect(review.comments[0]!.body).toContain('```suggestion\ndef delete_item(item_id):\n    """');
    // grounded in the code (a wrapper of the documented get_item); the reused "The item's id." restates
    // the parameter's name, which the coverage counts as trivial, so no Args entry is written (docs/metrics/docgen-quality.md)
    expect(review.comments[0]!.body).toContain('"""Same as `get_item()`."""');
    expect(review.comments[0]!.body).not.toContain('item_id:');
  }, 120_000);

  let secondHead = '';
  it('second push: the same comment is edited, the status passes, no suggestion is posted twice', async () => {
    const head = await documentDelete('gh');
    secondHead = head;
    statusRoute(head);
    const run = await check({
      repoId,
      vendor: 'github',
      number: 7,
      headSha: head,
      baseSha: shas.base,
      headRef: 'feature',
      baseRef: 'main',
      title: 'Feature',
    });
    expect(run.state, run.texts.join('\n')).toBe('COMPLETE');
    expect(run.texts).toContain('Updated the comment on pull request #7');
    expect(comments).toHaveLength(1);
    expect(gh.requests.filter((r) => r.method === 'POST' && r.path === '/repos/octocat/lib/issues/7/comments')).toHaveLength(1);
    expect(
      gh.requests.filter((r) => r.method === 'PATCH' && r.path === `/repos/octocat/lib/issues/comments/${comments[0]!.id}`),
    ).toHaveLength(1);
    expect(comments[0]!.body).toContain('**100%**');
    const status = gh.requests.filter((r) => r.method === 'POST' && r.path === `/repos/octocat/lib/statuses/${head}`);
    expect(status.map((r) => json(r).state)).toEqual(['pending', 'success']);
    expect(gh.requests.filter((r) => r.method === 'POST' && r.path === '/repos/octocat/lib/pulls/7/reviews')).toHaveLength(1);
  }, 120_000);

  it('a late delivery of the first push: its own commit gets its status, the comment and the stored result keep the newer commit', async () => {
    statusRoute(shas.head);
    const before = gh.requests.length;
    const run = await check({
      repoId,
      vendor: 'github',
      number: 7,
      headSha: shas.head,
      baseSha: shas.base,
      headRef: 'feature',
      baseRef: 'main',
      title: 'Feature',
    });
    expect(run.state, run.texts.join('\n')).toBe('COMPLETE');
    expect(run.texts).toContain(
      `Pull request #7 was already checked at a newer commit (${secondHead.slice(0, 7)}): its comment and result stay.`,
    );
    const sent = gh.requests.slice(before);
    expect(sent.filter((r) => r.method === 'PATCH' || r.path.endsWith('/pulls/7/reviews'))).toHaveLength(0);
    expect(comments[0]!.body).toContain('**100%**');
    const status = sent.filter((r) => r.method === 'POST' && r.path === `/repos/octocat/lib/statuses/${shas.head}`);
    expect(status.map((r) => json(r).state)).toEqual(['pending', 'failure']);
    const saved = await t.database.db
      .selectFrom('pr_insights')
      .select('head_sha')
      .where('repository_id', '=', repoId)
      .where('number', '=', 7)
      .executeTakeFirstOrThrow();
    expect(saved.head_sha).toBe(secondHead);
  }, 120_000);

  it('a run that cannot finish does not leave its pending status behind: it ends in error', async () => {
    const missing = 'c'.repeat(40);
    statusRoute(missing);
    const before = gh.requests.length;
    const run = await check({
      repoId,
      vendor: 'github',
      number: 7,
      headSha: missing,
      baseSha: shas.base,
      headRef: 'feature',
      baseRef: 'main',
      title: 'Feature',
    });
    expect(run.state, run.texts.join('\n')).toBe('FAILED');
    const status = gh.requests.slice(before).filter((r) => r.method === 'POST' && r.path === `/repos/octocat/lib/statuses/${missing}`);
    expect(status.map((r) => json(r))).toMatchObject([
      { state: 'pending', description: PENDING_STATE.description },
      { state: 'error', description: ERROR_STATE.description, target_url: expect.stringMatching(/^http:\/\/docent\.test\/jobs\/\d+$/) },
    ]);
  }, 120_000);

  it('a threshold of off passes whatever the coverage', async () => {
    await t.call({ method: 'PUT', url: '/api/v1/git/pull-request/settings', token, payload: { repoId, failUnder: null } });
    const got = await t.call({ method: 'GET', url: `/api/v1/git/pull-request/settings?repoId=${repoId}`, token });
    expect(got.json()).toEqual({ failUnder: null });
    statusRoute(shas.head);
    const before = gh.requests.length;
    const run = await check({
      repoId,
      vendor: 'github',
      number: 7,
      headSha: shas.head,
      baseSha: shas.base,
      headRef: 'feature',
      baseRef: 'main',
      title: 'Feature',
    });
    expect(run.state).toBe('COMPLETE');
    const status = gh.requests.slice(before).filter((r) => r.method === 'POST' && r.path === `/repos/octocat/lib/statuses/${shas.head}`);
    expect(json(status[1]!)).toMatchObject({ state: 'success', description: expect.stringContaining('no threshold set') });
  }, 120_000);
});

describe('GitLab: note found by its marker and edited, commit status, suggestion discussion', () => {
  const GL_TOKEN = 'glpat-prInsights0000000000';
  let gl: ReplayServer;
  const project = '/api/v4/projects/group%2Flib';
  it('edits the marked note instead of adding one; status failed below the threshold; a suggestion:-0+0 discussion at the head', async () => {
    gl = await startReplayServer();
    const shas = await prRepo('gl');
    await connections.upsert(userId, 'GITLAB', { token: GL_TOKEN, kind: 'pat', baseUrl: gl.url }, 'group');
    const repoId = await addRepo('GITLAB', 'group', 'lib', 'gl');
    await t.call({ method: 'PUT', url: '/api/v1/git/pull-request/settings', token, payload: { repoId, failUnder: 90 } });
    const notes = [
      { ...fixture<object>('gitlab/note-created.json'), id: 301, body: 'LGTM' },
      { ...fixture<object>('gitlab/note-created.json'), id: 302, body: `${COMMENT_MARKER}\nold` },
    ];
    gl.on(`GET ${project}/merge_requests/7/notes`, (_r, res) => sendJson(res, 200, notes));
    gl.on(`PUT ${project}/merge_requests/7/notes/302`, (r, res) => sendJson(res, 200, { ...notes[1], body: json(r).body }));
    gl.on(`POST ${project}/statuses/${shas.head}`, (_r, res) => sendJson(res, 201, fixture('gitlab/commit-status-created.json')));
    gl.on(`GET ${project}/merge_requests/7/discussions`, (_r, res) => sendJson(res, 200, []));
    gl.on(`POST ${project}/merge_requests/7/discussions`, (_r, res) => sendJson(res, 201, fixture('gitlab/discussion-created.json')));
    try {
      const run = await check({
        repoId,
        vendor: 'gitlab',
        number: 7,
        headSha: shas.head,
        baseSha: shas.base,
        headRef: 'feature',
        baseRef: 'main',
        title: 'Feature',
      });
      expect(run.state, run.texts.join('\n')).toBe('COMPLETE');
      expect(gl.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/notes'))).toHaveLength(0);
      const put = gl.requests.filter((r) => r.method === 'PUT');
      expect(put).toHaveLength(1);
      expect(put[0]!.headers['private-token']).toBe(GL_TOKEN);
      expect(String(json(put[0]!).body)).toContain('**66.6%**');
      const status = gl.requests.filter((r) => r.method === 'POST' && r.path === `${project}/statuses/${shas.head}`);
      expect(json(status[0]!)).toMatchObject({ state: 'running', name: 'docent/documentation' });
      expect(json(status[1]!)).toMatchObject({ state: 'failed', name: 'docent/documentation' });
      const disc = gl.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/discussions'));
      expect(disc).toHaveLength(1);
      const d = json(disc[0]!) as { body: string; position: Record<string, unknown> };
      expect(d.body).toContain('```suggestion:-0+0\ndef delete_item(item_id):');
      expect(d.position).toMatchObject({
        position_type: 'text',
        head_sha: shas.head,
        base_sha: shas.base,
        start_sha: shas.base,
        new_path: 'lib/items.py',
        new_line: 17,
      });
    } finally {
      await gl.close();
    }
  }, 120_000);
});

describe('Bitbucket: comment, build status, patch link', () => {
  it('creates the comment then edits it by its stored id; build status SUCCESSFUL without a threshold; the patch link serves the docstrings', async () => {
    const bb = await startReplayServer();
    const shas = await prRepo('bb');
    await connections.upsert(userId, 'BITBUCKET', { token: 'bb-token-prInsights-000', kind: 'pat', baseUrl: bb.url }, 'ws');
    const repoId = await addRepo('BITBUCKET', 'ws', 'lib', 'bb');
    const base = '/2.0/repositories/ws/lib';
    bb.on(`GET ${base}/pullrequests/7/comments`, (_r, res) => sendJson(res, 200, { pagelen: 100, size: 0, page: 1, values: [] }));
    bb.on(`POST ${base}/pullrequests/7/comments`, (_r, res) => sendJson(res, 201, fixture('bitbucket/pr-comment-created.json')));
    bb.on(`PUT ${base}/pullrequests/7/comments/17`, (_r, res) => sendJson(res, 200, fixture('bitbucket/pr-comment-created.json')));
    bb.on(`POST ${base}/commit/${shas.head}/statuses/build`, (_r, res) =>
      sendJson(res, 201, fixture('bitbucket/build-status-created.json')),
    );
    try {
      const body = {
        repoId,
        vendor: 'bitbucket',
        number: 7,
        headSha: shas.head,
        baseSha: shas.base,
        headRef: 'feature',
        baseRef: 'main',
        title: 'Feature',
      };
      expect((await check(body)).state).toBe('COMPLETE');
      expect((await check(body)).state).toBe('COMPLETE');
      expect(bb.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/comments'))).toHaveLength(1);
      const put = bb.requests.filter((r) => r.method === 'PUT');
      expect(put).toHaveLength(1);
      const raw = (json(put[0]!).content as { raw: string }).raw;
      expect(raw).toContain(COMMENT_MARKER);
      const status = bb.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/statuses/build'));
      expect(status.map((r) => json(r).state)).toEqual(['INPROGRESS', 'SUCCESSFUL', 'INPROGRESS', 'SUCCESSFUL']);
      expect(json(status[1]!)).toMatchObject({ state: 'SUCCESSFUL', key: 'docent-documentation' });
      const link = /\(http:\/\/docent\.test(\/api\/v1\/pr-insights\/patch\/[A-Za-z0-9_-]+)\)/.exec(raw);
      expect(link).not.toBeNull();
      const patch = await t.call({ method: 'GET', url: link![1]! });
      expect(patch.statusCode).toBe(200);
      expect(patch.body).toContain('+++ b/lib/items.py');
      expect(patch.body).toContain('+    """Same as `get_item()`.');
      expect((await t.call({ method: 'GET', url: '/api/v1/pr-insights/patch/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' })).statusCode).toBe(404);
    } finally {
      await bb.close();
    }
  }, 120_000);
});

describe('Azure DevOps: thread, pull-request status', () => {
  it('opens a thread, then edits its comment; the pull-request status failed under the threshold', async () => {
    const az = await startReplayServer();
    const shas = await prRepo('az');
    await connections.upsert(
      userId,
      'AZUREDEVOPS',
      { token: 'azure-pat-prInsights-000', kind: 'pat', baseUrl: `${az.url}/org`, organization: 'org' },
      'org',
    );
    const repoId = await addRepo('AZUREDEVOPS', 'org', 'proj/lib', 'az');
    await t.call({ method: 'PUT', url: '/api/v1/git/pull-request/settings', token, payload: { repoId, failUnder: 100 } });
    const pr = '/org/proj/_apis/git/repositories/lib/pullRequests/7';
    az.on(`GET ${pr}/threads`, (_r, res) => sendJson(res, 200, { count: 0, value: [] }));
    az.on(`POST ${pr}/threads`, (_r, res) => sendJson(res, 200, fixture('azure/thread-created.json')));
    az.on(`PATCH ${pr}/threads/148/comments/1`, (_r, res) =>
      sendJson(res, 200, (fixture('azure/thread-created.json') as { comments: unknown[] }).comments[0]),
    );
    az.on(`POST ${pr}/statuses`, (_r, res) => sendJson(res, 200, fixture('azure/pr-status-created.json')));
    try {
      const body = {
        repoId,
        vendor: 'azure',
        number: 7,
        headSha: shas.head,
        baseSha: shas.base,
        headRef: 'feature',
        baseRef: 'main',
        title: 'Feature',
      };
      expect((await check(body)).state).toBe('COMPLETE');
      expect((await check(body)).state).toBe('COMPLETE');
      const posts = az.requests.filter((r) => r.method === 'POST' && r.path === `${pr}/threads`);
      expect(posts).toHaveLength(1);
      expect(posts[0]!.query.get('api-version')).toBe('7.1');
      expect(posts[0]!.headers.authorization).toBe(`Basic ${Buffer.from(':azure-pat-prInsights-000').toString('base64')}`);
      expect(az.requests.filter((r) => r.method === 'PATCH')).toHaveLength(1);
      const status = az.requests.filter((r) => r.method === 'POST' && r.path === `${pr}/statuses`);
      expect(status.map((r) => json(r).state)).toEqual(['pending', 'failed', 'pending', 'failed']);
      expect(json(status[1]!)).toMatchObject({ state: 'failed', context: { name: 'documentation', genre: 'docent' } });
    } finally {
      await az.close();
    }
  }, 120_000);
});

describe('POST /v1/git/pull-request/insights: bad input and other users', () => {
  it('answers 400 with detail for a bad body, 404 for an unknown or foreign repository, 400 for the wrong vendor', async () => {
    const bad = await t.call({
      method: 'POST',
      url: '/api/v1/git/pull-request/insights',
      token,
      payload: { repoId: 'x', vendor: 'github', number: 0 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('detail');
    const body = { vendor: 'github', number: 1, headSha: 'a'.repeat(40), baseSha: 'b'.repeat(40), headRef: 'f', baseRef: 'main' };
    const missing = await t.call({
      method: 'POST',
      url: '/api/v1/git/pull-request/insights',
      token,
      payload: { ...body, repoId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(missing.statusCode).toBe(404);
    const mine = await addRepo('GIT', 'plain', 'mine', 'gh');
    const other = await signUp(t, 'pr-other@example.com');
    const foreign = await t.call({
      method: 'POST',
      url: '/api/v1/git/pull-request/insights',
      token: other.token,
      payload: { ...body, repoId: mine },
    });
    expect(foreign.statusCode).toBe(404);
    const foreignSettings = await t.call({ method: 'GET', url: `/api/v1/git/pull-request/settings?repoId=${mine}`, token: other.token });
    expect(foreignSettings.statusCode).toBe(404);
    const ghRepo = (await t.database.db.selectFrom('repositories').select('id').where('vendor', '=', 'GITHUB').executeTakeFirstOrThrow())
      .id;
    const wrong = await t.call({
      method: 'POST',
      url: '/api/v1/git/pull-request/insights',
      token,
      payload: { ...body, repoId: ghRepo, vendor: 'gitlab' },
    });
    expect(wrong.statusCode).toBe(400);
    const range = await t.call({
      method: 'PUT',
      url: '/api/v1/git/pull-request/settings',
      token,
      payload: { repoId: mine, failUnder: 101 },
    });
    expect(range.statusCode).toBe(400);
    expect(range.json().detail).toContain('between 0 and 100');
  });
});
