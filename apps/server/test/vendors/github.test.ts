import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GitHubAdapter } from '../../src/vendors/github/github-adapter.ts';
import { VendorApiError, type VendorCredential } from '../../src/vendors/hosted-types.ts';
import { fixture } from './fixtures.ts';
import { closedPortUrl, hang, sendJson, startReplayServer, type ReplayServer } from './replay-server.ts';

const TOKEN = 'ghp_16C7e42F292c6912E7710c838347Ae178B4a';
const INSTALLATION_TOKEN = 'ghs_16C7e42F292c6912E7710c838347Ae178B4a';

let server: ReplayServer;
let cred: VendorCredential;
const adapter = new GitHubAdapter({ timeoutMs: 2_000 });

beforeAll(async () => {
  server = await startReplayServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  cred = { token: TOKEN, kind: 'pat', baseUrl: server.url };
  server.on('GET /user', (_r, res) => sendJson(res, 200, fixture('github/user.json')));
  server.on('GET /user/orgs', (_r, res) => sendJson(res, 200, fixture('github/orgs.json')));
  // Two pages joined by GitHub's Link header.
  server.on('GET /user/repos', (req, res, base) => {
    if (req.query.get('page') === '2') {
      sendJson(res, 200, fixture('github/repos-page2.json'), {
        link: `<${base}/user/repos?affiliation=owner%2Corganization_member&per_page=100&page=1>; rel="prev", <${base}/user/repos?affiliation=owner%2Corganization_member&per_page=100&page=1>; rel="first"`,
      });
      return;
    }
    sendJson(res, 200, fixture('github/repos-page1.json'), {
      link: `<${base}/user/repos?affiliation=owner%2Corganization_member&per_page=100&page=2>; rel="next", <${base}/user/repos?affiliation=owner%2Corganization_member&per_page=100&page=2>; rel="last"`,
    });
  });
});

const paths = () => server.requests.map((r) => `${r.method} ${r.path}${r.query.size ? `?${r.query}` : ''}`);

describe('GitHub adapter against replayed REST payloads', () => {
  it('validates a personal token with GET /user and sends it as `token …`', async () => {
    await expect(adapter.validateCredential(cred)).resolves.toEqual({ valid: true, login: 'octocat' });
    expect(server.requests[0]?.headers.authorization).toBe(`token ${TOKEN}`);
    expect(server.requests[0]?.headers['user-agent']).toMatch(/^Docent/);
  });

  it('reports a rejected token as invalid with GitHub’s reason and without the token', async () => {
    server.on('GET /user', (_r, res) => sendJson(res, 401, fixture('github/bad-credentials-401.json')));
    const result = await adapter.validateCredential(cred);
    expect(result).toEqual({ valid: false, message: 'GitHub rejected the token.' });
  });

  it('lists organizations as the user’s own login plus GET /user/orgs', async () => {
    await expect(adapter.listOrganizations(cred)).resolves.toEqual([
      { name: 'octocat', id: '1' },
      { name: 'github', id: '9919' },
    ]);
    expect(paths()).toEqual(['GET /user', 'GET /user/orgs?per_page=100']);
  });

  it('follows the Link header across two pages of /user/repos and maps each repository', async () => {
    const repos = await adapter.listRepositories(cred);
    expect(paths()).toEqual([
      'GET /user/repos?affiliation=owner%2Corganization_member&per_page=100',
      'GET /user/repos?affiliation=owner%2Corganization_member&per_page=100&page=2',
    ]);
    expect(server.requests.every((r) => r.headers.authorization === `token ${TOKEN}`)).toBe(true);
    expect(repos).toEqual([
      {
        organizationName: 'octocat',
        repoName: 'Hello-World',
        defaultBranch: 'master',
        isPrivate: false,
        cloneUrl: 'https://github.com/octocat/Hello-World.git',
        webUrl: 'https://github.com/octocat/Hello-World',
        sizeKb: 108,
      },
      {
        organizationName: 'octocat',
        repoName: 'Spoon-Knife',
        defaultBranch: 'main',
        isPrivate: true,
        cloneUrl: 'https://github.com/octocat/Spoon-Knife.git',
        webUrl: 'https://github.com/octocat/Spoon-Knife',
        sizeKb: 2316,
      },
      {
        organizationName: 'github',
        repoName: 'docs',
        defaultBranch: 'main',
        isPrivate: false,
        cloneUrl: 'https://github.com/github/docs.git',
        webUrl: 'https://github.com/github/docs',
        sizeKb: 4589034,
      },
    ]);
  });

  it('stops at the repository bound even when the vendor keeps offering pages', async () => {
    let served = 0;
    server.on('GET /orgs/github/repos', (req, res, base) => {
      served += 1;
      const page = Number(req.query.get('page') ?? '1');
      sendJson(res, 200, fixture('github/repos-page1.json'), {
        link: `<${base}/orgs/github/repos?per_page=100&page=${page + 1}>; rel="next"`,
      });
    });
    const bounded = new GitHubAdapter({ maxRepositories: 5 });
    const repos = await bounded.listRepositories(cred, 'github');
    expect(repos).toHaveLength(5);
    expect(served).toBe(3); // 2 + 2 + 1 of the third page
    expect(server.requests[0]?.query.get('type')).toBe('all');
  });

  it('falls back to the user’s own repositories when the organization is the user account', async () => {
    server.on('GET /orgs/octocat/repos', (_r, res) => sendJson(res, 404, fixture('github/not-found-404.json')));
    const repos = await adapter.listRepositories(cred, 'octocat');
    expect(repos.map((r) => r.repoName)).toEqual(['Hello-World', 'Spoon-Knife']);
    expect(paths()[1]).toBe('GET /user/repos?affiliation=owner&per_page=100');
  });

  it('uses /installation/repositories for an app-installation token, across two pages', async () => {
    server.on('GET /installation/repositories', (req, res, base) => {
      if (req.query.get('page') === '2') return sendJson(res, 200, fixture('github/installation-repos-page2.json'));
      sendJson(res, 200, fixture('github/installation-repos-page1.json'), {
        link: `<${base}/installation/repositories?per_page=100&page=2>; rel="next"`,
      });
    });
    const inst: VendorCredential = { token: INSTALLATION_TOKEN, kind: 'app-installation', baseUrl: server.url };
    const repos = await adapter.listRepositories(inst);
    expect(repos.map((r) => `${r.organizationName}/${r.repoName}:${r.isPrivate}`)).toEqual([
      'octocat/Hello-World:false',
      'github/docs:true',
    ]);
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([`token ${INSTALLATION_TOKEN}`, `token ${INSTALLATION_TOKEN}`]);
    expect(paths()).not.toContain('GET /user');

    server.requests.length = 0;
    expect(await adapter.listRepositories(inst, 'github')).toHaveLength(1);
    expect(await adapter.listOrganizations(inst)).toEqual([
      { name: 'octocat', id: '1' },
      { name: 'github', id: '9919' },
    ]);
    expect(await adapter.validateCredential(inst)).toEqual({ valid: true, login: 'octocat' });
  });

  it('reads the default branch and opens a pull request with the documented body', async () => {
    server.on('GET /repos/octocat/Hello-World', (_r, res) => sendJson(res, 200, fixture<unknown[]>('github/repos-page1.json')[0]));
    server.on('POST /repos/octocat/Hello-World/pulls', (_r, res) => sendJson(res, 201, fixture('github/pull-created.json')));
    const ref = { organizationName: 'octocat', repoName: 'Hello-World' };
    await expect(adapter.defaultBranch(cred, ref)).resolves.toBe('master');
    const pr = await adapter.openPullRequest(cred, ref, {
      head: 'docent/docs',
      base: 'master',
      title: 'Add docs',
      body: 'Generated by Docent',
    });
    expect(pr).toEqual({ url: 'https://github.com/octocat/Hello-World/pull/1347', number: 1347, existing: false });
    const post = server.requests.find((r) => r.method === 'POST');
    expect(JSON.parse(post!.body)).toEqual({ head: 'docent/docs', base: 'master', title: 'Add docs', body: 'Generated by Docent' });
  });

  it('explains a refused pull request in GitHub’s words', async () => {
    server.on('POST /repos/octocat/Hello-World/pulls', (_r, res) => sendJson(res, 422, fixture('github/pull-exists-422.json')));
    const err = await adapter
      .openPullRequest(
        cred,
        { organizationName: 'octocat', repoName: 'Hello-World' },
        { head: 'new-topic', base: 'master', title: 't', body: 'b' },
      )
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(VendorApiError);
    expect((err as VendorApiError).status).toBe(422);
    expect((err as VendorApiError).message).toBe('GitHub answered with an error (HTTP 422).');
    expect((err as VendorApiError).internalDetail).toBe('Validation Failed: A pull request already exists for octocat:new-topic.');
  });

  it('turns an exhausted primary rate limit into a clear error with the wait', async () => {
    const reset = Math.floor(Date.now() / 1000) + 120;
    server.on('GET /user/repos', (_r, res) =>
      sendJson(res, 403, fixture('github/rate-limited-403.json'), {
        'x-ratelimit-limit': '5000',
        'x-ratelimit-remaining': '0',
        'x-ratelimit-used': '5000',
        'x-ratelimit-reset': String(reset),
        'x-ratelimit-resource': 'core',
      }),
    );
    const err = (await adapter.listRepositories(cred).catch((e: unknown) => e)) as VendorApiError;
    expect(err.failure).toBe('rate-limit');
    expect(err.status).toBe(403);
    expect(err.retryAfterSeconds).toBeGreaterThanOrEqual(118);
    expect(err.retryAfterSeconds).toBeLessThanOrEqual(120);
    expect(err.message).toMatch(/^GitHub rate limit reached\. Try again in 1(19|20|18) s\.$/);
  });

  it('honours Retry-After on a secondary rate limit (429)', async () => {
    server.on('GET /user', (_r, res) =>
      sendJson(res, 429, { message: 'You have exceeded a secondary rate limit.' }, { 'retry-after': '60' }),
    );
    const err = (await adapter.validateCredential(cred).catch((e: unknown) => e)) as VendorApiError;
    expect(err.failure).toBe('rate-limit');
    expect(err.message).toBe('GitHub rate limit reached. Try again in 60 s.');
  });

  it('never repeats the token, even when the vendor echoes it', async () => {
    server.on('GET /user/orgs', (_r, res) => sendJson(res, 403, { message: `Token ${TOKEN} lacks the read:org scope` }));
    const err = (await adapter.listOrganizations(cred).catch((e: unknown) => e)) as VendorApiError;
    expect(err.failure).toBe('forbidden');
    expect(err.message).toBe('GitHub refused access with this token.');
    expect(err.internalDetail).toBe('Token [redacted] lacks the read:org scope');
    expect(`${err.stack} ${JSON.stringify(err)}`).not.toContain(TOKEN);
  });

  it('gives up on a silent server after the timeout', async () => {
    server.on('GET /user', hang());
    const quick = new GitHubAdapter({ timeoutMs: 300 });
    const started = Date.now();
    const err = (await quick.validateCredential(cred).catch((e: unknown) => e)) as VendorApiError;
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(err.failure).toBe('timeout');
    expect(err.message).toBe('GitHub did not answer within 300 ms.');
  });

  it('stops when the caller aborts', async () => {
    server.on('GET /user', hang());
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const err = (await adapter.validateCredential(cred, controller.signal).catch((e: unknown) => e)) as VendorApiError;
    expect(err.failure).toBe('cancelled');
    expect(err.message).toBe('The request to GitHub was cancelled.');
  });

  it('reports an unreachable API as a network failure', async () => {
    const err = (await adapter.validateCredential({ ...cred, baseUrl: await closedPortUrl() }).catch((e: unknown) => e)) as VendorApiError;
    expect(err.failure).toBe('network');
    // one text for every socket failure: the error must not tell closed from filtered ports
    expect(err.message).toBe('Could not reach GitHub.');
    expect(err.internalDetail).toMatch(/ECONNREFUSED/);
  });

  it('puts the token into the clone URL as x-access-token', () => {
    const repo = {
      organizationName: 'octocat',
      repoName: 'Hello-World',
      defaultBranch: 'master',
      isPrivate: false,
      cloneUrl: 'https://github.com/octocat/Hello-World.git',
      webUrl: '',
    };
    expect(adapter.authenticatedCloneUrl(cred, repo)).toBe(`https://x-access-token:${TOKEN}@github.com/octocat/Hello-World.git`);
    expect(() => adapter.authenticatedCloneUrl(cred, { ...repo, cloneUrl: 'http://github.com/octocat/Hello-World.git' })).toThrow(
      /non-https/,
    );
  });
});
