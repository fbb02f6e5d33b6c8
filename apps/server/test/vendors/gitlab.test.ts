import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GitLabAdapter } from '../../src/vendors/gitlab/gitlab-adapter.ts';
import { VendorApiError, type VendorCredential } from '../../src/vendors/hosted-types.ts';
import { fixture } from './fixtures.ts';
import { closedPortUrl, hang, sendJson, sendText, startReplayServer, type ReplayServer } from './replay-server.ts';

const TOKEN = 'glpat-xWk3Qm9rZp7TnV2bY8cD';

let server: ReplayServer;
let cred: VendorCredential;
const adapter = new GitLabAdapter({ timeoutMs: 2_000 });

/** GitLab's offset-pagination headers for page `page` of `pages`. */
function pageHeaders(base: string, path: string, query: string, page: number, pages: number): Record<string, string> {
  const link = (p: number, rel: string) => `<${base}${path}?${query}&page=${p}>; rel="${rel}"`;
  const rels = [
    page < pages ? link(page + 1, 'next') : '',
    page > 1 ? link(page - 1, 'prev') : '',
    link(1, 'first'),
    link(pages, 'last'),
  ].filter(Boolean);
  return {
    link: rels.join(', '),
    'x-page': String(page),
    'x-per-page': '100',
    'x-total-pages': String(pages),
    ...(page < pages ? { 'x-next-page': String(page + 1) } : { 'x-next-page': '' }),
  };
}

beforeAll(async () => {
  server = await startReplayServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  cred = { token: TOKEN, kind: 'pat', baseUrl: server.url };
  server.on('GET /api/v4/user', (_r, res) => sendJson(res, 200, fixture('gitlab/user.json')));
  server.on('GET /api/v4/groups', (req, res, base) => {
    const page = Number(req.query.get('page') ?? '1');
    sendJson(
      res,
      200,
      fixture(`gitlab/groups-page${page}.json`),
      pageHeaders(base, '/api/v4/groups', 'min_access_level=10&per_page=100&order_by=id&sort=asc', page, 2),
    );
  });
  server.on('GET /api/v4/projects', (req, res, base) => {
    const page = Number(req.query.get('page') ?? '1');
    sendJson(
      res,
      200,
      fixture(`gitlab/projects-page${page}.json`),
      pageHeaders(base, '/api/v4/projects', 'membership=true&per_page=100&order_by=id&sort=asc', page, 2),
    );
  });
});

const paths = () => server.requests.map((r) => `${r.method} ${r.path}${r.query.size ? `?${r.query}` : ''}`);

describe('GitLab adapter against replayed REST v4 payloads', () => {
  it('validates a personal access token with GET /api/v4/user and the PRIVATE-TOKEN header', async () => {
    await expect(adapter.validateCredential(cred)).resolves.toEqual({ valid: true, login: 'john_smith' });
    expect(server.requests[0]?.headers['private-token']).toBe(TOKEN);
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('sends an OAuth token as a Bearer token instead', async () => {
    await adapter.validateCredential({ ...cred, kind: 'oauth' });
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(server.requests[0]?.headers['private-token']).toBeUndefined();
  });

  it('reports "401 Unauthorized" as an invalid token', async () => {
    server.on('GET /api/v4/user', (_r, res) => sendJson(res, 401, fixture('gitlab/unauthorized-401.json')));
    await expect(adapter.validateCredential(cred)).resolves.toEqual({ valid: false, message: 'GitLab rejected the token.' });
  });

  it('lists the user namespace and every group across two pages, with full paths', async () => {
    await expect(adapter.listOrganizations(cred)).resolves.toEqual([
      { name: 'john_smith', id: 'user:1' },
      { name: 'foo-bar', id: 'group:1' },
      { name: 'foo-bar/platform', id: 'group:5' },
    ]);
    expect(paths()).toEqual([
      'GET /api/v4/user',
      'GET /api/v4/groups?min_access_level=10&per_page=100&order_by=id&sort=asc',
      'GET /api/v4/groups?min_access_level=10&per_page=100&order_by=id&sort=asc&page=2',
    ]);
  });

  it('lists member projects across two pages; organizationName is the full namespace path', async () => {
    const repos = await adapter.listRepositories(cred);
    expect(paths()).toEqual([
      'GET /api/v4/projects?membership=true&per_page=100&order_by=id&sort=asc',
      'GET /api/v4/projects?membership=true&per_page=100&order_by=id&sort=asc&page=2',
    ]);
    expect(repos).toEqual([
      {
        organizationName: 'diaspora',
        repoName: 'diaspora-client',
        defaultBranch: 'main',
        isPrivate: true,
        cloneUrl: 'https://gitlab.example.com/diaspora/diaspora-client.git',
        webUrl: 'https://gitlab.example.com/diaspora/diaspora-client',
        sizeKb: undefined,
      },
      {
        organizationName: 'brightbox/platform',
        repoName: 'puppet',
        defaultBranch: 'master',
        isPrivate: true,
        cloneUrl: 'https://gitlab.example.com/brightbox/platform/puppet.git',
        webUrl: 'https://gitlab.example.com/brightbox/platform/puppet',
        sizeKb: undefined,
      },
      // An empty project has no default branch: `main` stands in.
      {
        organizationName: 'john_smith',
        repoName: 'dotfiles',
        defaultBranch: 'main',
        isPrivate: false,
        cloneUrl: 'https://gitlab.example.com/john_smith/dotfiles.git',
        webUrl: 'https://gitlab.example.com/john_smith/dotfiles',
        sizeKb: 0,
      },
    ]);
  });

  it('lists a group’s projects including subgroups, with the path URL-encoded', async () => {
    server.on('GET /api/v4/groups/foo-bar%2Fplatform/projects', (_r, res) =>
      sendJson(res, 200, fixture<unknown[]>('gitlab/projects-page1.json').slice(1)),
    );
    const repos = await adapter.listRepositories(cred, 'foo-bar/platform');
    expect(repos.map((r) => r.repoName)).toEqual(['puppet']);
    expect(paths()).toEqual(['GET /api/v4/groups/foo-bar%2Fplatform/projects?include_subgroups=true&per_page=100&order_by=id&sort=asc']);
  });

  it('falls back to /users/{name}/projects for a personal namespace', async () => {
    server.on('GET /api/v4/groups/john_smith/projects', (_r, res) => sendJson(res, 404, { message: '404 Group Not Found' }));
    server.on('GET /api/v4/users/john_smith/projects', (_r, res) => sendJson(res, 200, fixture('gitlab/projects-page2.json')));
    const repos = await adapter.listRepositories(cred, 'john_smith');
    expect(repos.map((r) => `${r.organizationName}/${r.repoName}`)).toEqual(['john_smith/dotfiles']);
  });

  it('works under a self-managed instance with a relative URL root', async () => {
    server.on('GET /gitlab/api/v4/user', (_r, res) => sendJson(res, 200, fixture('gitlab/user.json')));
    await expect(adapter.validateCredential({ ...cred, baseUrl: `${server.url}/gitlab/` })).resolves.toMatchObject({ valid: true });
    await expect(adapter.validateCredential({ ...cred, baseUrl: `${server.url}/gitlab/api/v4` })).resolves.toMatchObject({ valid: true });
    expect(paths()).toEqual(['GET /gitlab/api/v4/user', 'GET /gitlab/api/v4/user']);
  });

  it('reads the default branch and opens a merge request', async () => {
    server.on('GET /api/v4/projects/diaspora%2Fdiaspora-client', (_r, res) =>
      sendJson(res, 200, fixture<unknown[]>('gitlab/projects-page1.json')[0]),
    );
    server.on('POST /api/v4/projects/diaspora%2Fdiaspora-client/merge_requests', (_r, res) =>
      sendJson(res, 201, fixture('gitlab/merge-request-created.json')),
    );
    const ref = { organizationName: 'diaspora', repoName: 'diaspora-client' };
    await expect(adapter.defaultBranch(cred, ref)).resolves.toBe('main');
    const mr = await adapter.openPullRequest(cred, ref, {
      head: 'docent/docs',
      base: 'main',
      title: 'Add docs',
      body: 'Generated by Docent',
    });
    expect(mr).toEqual({ url: 'https://gitlab.example.com/diaspora/diaspora-client/-/merge_requests/12', number: 12, existing: false });
    const post = server.requests.find((r) => r.method === 'POST')!;
    expect(post.headers['content-type']).toBe('application/json');
    expect(JSON.parse(post.body)).toEqual({
      source_branch: 'docent/docs',
      target_branch: 'main',
      title: 'Add docs',
      description: 'Generated by Docent',
    });
  });

  it('explains a conflicting merge request in GitLab’s words', async () => {
    server.on('POST /api/v4/projects/diaspora%2Fdiaspora-client/merge_requests', (_r, res) =>
      sendJson(res, 409, fixture('gitlab/mr-exists-409.json')),
    );
    const err = (await adapter
      .openPullRequest(
        cred,
        { organizationName: 'diaspora', repoName: 'diaspora-client' },
        { head: 'a', base: 'main', title: 't', body: '' },
      )
      .catch((e: unknown) => e)) as VendorApiError;
    expect(err.status).toBe(409);
    expect(err.message).toBe('GitLab answered with an error (HTTP 409).');
    expect(err.internalDetail).toBe('Another open merge request already exists for this source branch: !11');
  });

  it('names a missing project plainly', async () => {
    server.on('GET /api/v4/projects/diaspora%2Fgone', (_r, res) => sendJson(res, 404, { message: '404 Project Not Found' }));
    const err = (await adapter
      .defaultBranch(cred, { organizationName: 'diaspora', repoName: 'gone' })
      .catch((e: unknown) => e)) as VendorApiError;
    expect(err.failure).toBe('not-found');
    expect(err.message).toBe('GitLab could not find the project diaspora/gone (or the token cannot see it).');
  });

  it('turns 429 with Retry-After and RateLimit-* headers into a rate-limit error', async () => {
    server.on('GET /api/v4/projects', (_r, res) =>
      sendText(res, 429, 'Retry later\n', 'text/plain', {
        'retry-after': '42',
        'ratelimit-limit': '2000',
        'ratelimit-observed': '2000',
        'ratelimit-remaining': '0',
        'ratelimit-reset': String(Math.floor(Date.now() / 1000) + 42),
        'ratelimit-name': 'throttle_authenticated_api',
      }),
    );
    const err = (await adapter.listRepositories(cred).catch((e: unknown) => e)) as VendorApiError;
    expect(err.failure).toBe('rate-limit');
    expect(err.retryAfterSeconds).toBe(42);
    expect(err.message).toBe('GitLab rate limit reached. Try again in 42 s.');
  });

  it('refuses a next-page link that points at another host', async () => {
    server.on('GET /api/v4/projects', (_r, res) =>
      sendJson(res, 200, fixture('gitlab/projects-page1.json'), {
        link: '<https://collector.example.net/api/v4/projects?page=2>; rel="next"',
      }),
    );
    const err = (await adapter.listRepositories(cred).catch((e: unknown) => e)) as VendorApiError;
    expect(err.message).toMatch(/next-page link to another host/);
    expect(server.requests).toHaveLength(1);
  });

  it('times out a silent server and keeps the token out of every message', async () => {
    server.on('GET /api/v4/user', hang());
    const err = (await new GitLabAdapter({ timeoutMs: 250 }).validateCredential(cred).catch((e: unknown) => e)) as VendorApiError;
    expect(err).toBeInstanceOf(VendorApiError);
    expect(err.message).toBe('GitLab did not answer within 250 ms.');

    server.on('GET /api/v4/user', (_r, res) =>
      sendJson(res, 401, {
        error: 'invalid_token',
        error_description: `Token ${TOKEN} was revoked. You have to re-authorize from the user.`,
      }),
    );
    const denied = await adapter.validateCredential(cred);
    expect(denied.message).toBe('GitLab rejected the token.');
  });

  it('clones with oauth2 as the user name', () => {
    const repo = {
      organizationName: 'diaspora',
      repoName: 'diaspora-client',
      defaultBranch: 'main',
      isPrivate: true,
      cloneUrl: 'https://gitlab.example.com/diaspora/diaspora-client.git',
      webUrl: '',
    };
    expect(adapter.authenticatedCloneUrl(cred, repo)).toBe(`https://oauth2:${TOKEN}@gitlab.example.com/diaspora/diaspora-client.git`);
  });
  it('follows a same-origin redirect (a renamed project) with the token, and refuses one to another host', async () => {
    server.on('GET /api/v4/projects/diaspora%2Fold-name', (_r, res) => {
      res.writeHead(301, { location: '/api/v4/projects/4' });
      res.end();
    });
    server.on('GET /api/v4/projects/4', (_r, res) => sendJson(res, 200, fixture<unknown[]>('gitlab/projects-page1.json')[0]));
    await expect(adapter.defaultBranch(cred, { organizationName: 'diaspora', repoName: 'old-name' })).resolves.toBe('main');
    expect(server.requests.map((r) => [r.path, r.headers['private-token']])).toEqual([
      ['/api/v4/projects/diaspora%2Fold-name', TOKEN],
      ['/api/v4/projects/4', TOKEN],
    ]);

    const elsewhere = await startReplayServer();
    try {
      server.on('GET /api/v4/projects/diaspora%2Fold-name', (_r, res) => {
        res.writeHead(302, { location: `${elsewhere.url}/api/v4/projects/4` });
        res.end();
      });
      const err = (await adapter
        .defaultBranch(cred, { organizationName: 'diaspora', repoName: 'old-name' })
        .catch((e: unknown) => e)) as VendorApiError;
      expect(err.message).toMatch(/^GitLab redirected to another host \(127\.0\.0\.1:\d+\); refusing to send the token there\.$/);
      expect(elsewhere.requests).toHaveLength(0);
    } finally {
      await elsewhere.close();
    }
  });

  it('reports an unreachable instance and a cancelled call in plain words', async () => {
    const down = (await adapter.validateCredential({ ...cred, baseUrl: await closedPortUrl() }).catch((e: unknown) => e)) as VendorApiError;
    expect(down.failure).toBe('network');
    expect(down.message).toBe('Could not reach GitLab.');
    expect(down.internalDetail).toMatch(/ECONNREFUSED/);

    server.on('GET /api/v4/projects', hang());
    const controller = new AbortController();
    const pending = adapter.listRepositories(cred, undefined, controller.signal).catch((e: unknown) => e);
    setTimeout(() => controller.abort(), 50);
    const cancelled = (await pending) as VendorApiError;
    expect(cancelled.failure).toBe('cancelled');
    expect(cancelled.message).toBe('The request to GitLab was cancelled.');
  });
});
