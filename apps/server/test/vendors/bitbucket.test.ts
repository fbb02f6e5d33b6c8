import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BitbucketAdapter } from '../../src/vendors/bitbucket/bitbucket-adapter.ts';
import type { VendorApiError, VendorCredential } from '../../src/vendors/hosted-types.ts';
import { fixture } from './fixtures.ts';
import { hang, sendJson, startReplayServer, type ReplayServer } from './replay-server.ts';

const ACCESS_TOKEN = 'ATCTT3xFfGN0kQ7vY2pLr9sWm4bH8zJd';
const APP_PASSWORD = 'ATBBq8Zr2LmN5vX7cW3pT9yK4hG6sD1f';

let server: ReplayServer;
let bearer: VendorCredential;
let appPassword: VendorCredential;
const adapter = new BitbucketAdapter({ timeoutMs: 2_000 });

beforeAll(async () => {
  server = await startReplayServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  bearer = { token: ACCESS_TOKEN, kind: 'oauth', baseUrl: server.url };
  appPassword = { token: APP_PASSWORD, kind: 'pat', username: 'emmap1', baseUrl: server.url };
  server.on('GET /2.0/user', (_r, res) => sendJson(res, 200, fixture('bitbucket/user.json')));
  server.on('GET /2.0/user/workspaces', (req, res, base) =>
    sendJson(res, 200, fixture(`bitbucket/workspaces-page${req.query.get('page') ?? '1'}.json`, base)),
  );
  server.on('GET /2.0/repositories/teamsinspace', (req, res, base) =>
    sendJson(res, 200, fixture(`bitbucket/repositories-page${req.query.get('page') ?? '1'}.json`, base)),
  );
  server.on('GET /2.0/repositories/emmap1', (_r, res) => sendJson(res, 200, { pagelen: 100, page: 1, size: 0, values: [] }));
});

const paths = () => server.requests.map((r) => `${r.method} ${r.path}${r.query.size ? `?${r.query}` : ''}`);

describe('Bitbucket adapter against replayed REST 2.0 payloads', () => {
  it('sends an app password as HTTP Basic with its user, and validates with GET /2.0/user', async () => {
    await expect(adapter.validateCredential(appPassword)).resolves.toEqual({ valid: true, login: 'emmap1' });
    const expected = `Basic ${Buffer.from(`emmap1:${APP_PASSWORD}`).toString('base64')}`;
    expect(server.requests[0]?.headers.authorization).toBe(expected);
    expect(paths()).toEqual(['GET /2.0/user']);
  });

  it('sends an access token as a Bearer token', async () => {
    await adapter.validateCredential(bearer);
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
  });

  it('validates a workspace access token by reading that workspace (it is not a user)', async () => {
    const ws = { ...bearer, organization: 'teamsinspace' };
    await expect(adapter.validateCredential(ws)).resolves.toEqual({ valid: true, login: 'teamsinspace' });
    expect(paths()).toEqual(['GET /2.0/repositories/teamsinspace?pagelen=1']);
  });

  it('reports a rejected token as invalid in Docent’s words (Bitbucket’s envelope stays in the log)', async () => {
    server.on('GET /2.0/user', (_r, res) => sendJson(res, 401, fixture('bitbucket/unauthorized-401.json')));
    await expect(adapter.validateCredential(bearer)).resolves.toEqual({
      valid: false,
      message: 'Bitbucket rejected the token.',
    });
  });

  it('lists workspaces from /2.0/user/workspaces following `next` across two pages', async () => {
    await expect(adapter.listOrganizations(bearer)).resolves.toEqual([
      { name: 'teamsinspace', id: '{a15fb181-db1f-48f7-b41f-e1eff06929d6}' },
      { name: 'emmap1', id: '{e1b1e3c6-4fb8-4a57-9b0a-2f4ad9bb4f7e}' },
    ]);
    expect(paths()).toEqual(['GET /2.0/user/workspaces?pagelen=100', 'GET /2.0/user/workspaces?pagelen=1&page=2']);
  });

  it('falls back to the credential’s workspace when the token may not list workspaces', async () => {
    server.on('GET /2.0/user/workspaces', (_r, res) => sendJson(res, 403, fixture('bitbucket/forbidden-403.json')));
    await expect(adapter.listOrganizations({ ...bearer, organization: 'teamsinspace' })).resolves.toEqual([
      { name: 'teamsinspace', id: 'teamsinspace' },
    ]);
    const err = (await adapter.listOrganizations(bearer).catch((e: unknown) => e)) as VendorApiError;
    expect(err.message).toBe('Bitbucket refused access with this token.');
    expect(err.internalDetail).toBe('Your credentials lack one or more required privilege scopes.');
  });

  it('lists a workspace’s repositories across two pages and maps them', async () => {
    const repos = await adapter.listRepositories(bearer, 'teamsinspace');
    expect(paths()).toEqual(['GET /2.0/repositories/teamsinspace?pagelen=100', 'GET /2.0/repositories/teamsinspace?pagelen=2&page=2']);
    expect(repos).toEqual([
      // The https clone link carries a user name; it is removed.
      {
        organizationName: 'teamsinspace',
        repoName: 'documentation-tests',
        defaultBranch: 'master',
        isPrivate: true,
        cloneUrl: 'https://bitbucket.org/teamsinspace/documentation-tests.git',
        webUrl: 'https://bitbucket.org/teamsinspace/documentation-tests',
        sizeKb: 1043,
      },
      {
        organizationName: 'teamsinspace',
        repoName: 'rocket-launcher',
        defaultBranch: 'main',
        isPrivate: false,
        cloneUrl: 'https://bitbucket.org/teamsinspace/rocket-launcher.git',
        webUrl: 'https://bitbucket.org/teamsinspace/rocket-launcher',
        sizeKb: 52,
      },
      {
        organizationName: 'teamsinspace',
        repoName: 'empty-repo',
        defaultBranch: 'main',
        isPrivate: true,
        cloneUrl: 'https://bitbucket.org/teamsinspace/empty-repo.git',
        webUrl: 'https://bitbucket.org/teamsinspace/empty-repo',
        sizeKb: 0,
      },
    ]);
  });

  it('without a workspace, walks every workspace the user can see, within the bound', async () => {
    expect((await adapter.listRepositories(bearer)).map((r) => r.repoName)).toEqual([
      'documentation-tests',
      'rocket-launcher',
      'empty-repo',
    ]);
    expect(paths()).toContain('GET /2.0/repositories/emmap1?pagelen=100');
    server.requests.length = 0;
    expect(await new BitbucketAdapter({ maxRepositories: 2 }).listRepositories(bearer)).toHaveLength(2);
    expect(paths().filter((p) => p.includes('/repositories/'))).toEqual(['GET /2.0/repositories/teamsinspace?pagelen=100']);
  });

  it('refuses to follow a `next` link to another host', async () => {
    server.on('GET /2.0/repositories/teamsinspace', (_r, res) =>
      sendJson(res, 200, {
        ...fixture<object>('bitbucket/repositories-page1.json'),
        next: 'https://api.bitbucket.org.attacker.example/2.0/repositories/teamsinspace?page=2',
      }),
    );
    const err = (await adapter.listRepositories(bearer, 'teamsinspace').catch((e: unknown) => e)) as VendorApiError;
    expect(err.message).toBe('Bitbucket answered with a next-page link to another host; refusing to follow it.');
  });

  it('reads the main branch and opens a pull request with source and destination branches', async () => {
    server.on('GET /2.0/repositories/teamsinspace/documentation-tests', (_r, res) =>
      sendJson(res, 200, fixture<{ values: unknown[] }>('bitbucket/repositories-page1.json').values[0]),
    );
    server.on('POST /2.0/repositories/teamsinspace/documentation-tests/pullrequests', (_r, res) =>
      sendJson(res, 201, fixture('bitbucket/pullrequest-created.json')),
    );
    const ref = { organizationName: 'teamsinspace', repoName: 'documentation-tests' };
    await expect(adapter.defaultBranch(appPassword, ref)).resolves.toBe('master');
    const pr = await adapter.openPullRequest(appPassword, ref, {
      head: 'docent/docs',
      base: 'master',
      title: 'Add docs',
      body: 'Generated by Docent',
    });
    expect(pr).toEqual({ url: 'https://bitbucket.org/teamsinspace/documentation-tests/pull-requests/7', number: 7, existing: false });
    expect(JSON.parse(server.requests.find((r) => r.method === 'POST')!.body)).toEqual({
      title: 'Add docs',
      description: 'Generated by Docent',
      source: { branch: { name: 'docent/docs' } },
      destination: { branch: { name: 'master' } },
    });
  });

  it('turns 429 into a rate-limit error', async () => {
    server.on('GET /2.0/repositories/teamsinspace', (_r, res) =>
      sendJson(res, 429, fixture('bitbucket/rate-limited-429.json'), { 'retry-after': '30' }),
    );
    const err = (await adapter.listRepositories(bearer, 'teamsinspace').catch((e: unknown) => e)) as VendorApiError;
    expect(err.failure).toBe('rate-limit');
    expect(err.message).toBe('Bitbucket rate limit reached. Try again in 30 s.');
  });

  it('times out a silent server; the token appears in no message', async () => {
    server.on('GET /2.0/user', hang());
    const err = (await new BitbucketAdapter({ timeoutMs: 200 }).validateCredential(appPassword).catch((e: unknown) => e)) as VendorApiError;
    expect(err.failure).toBe('timeout');
    expect(err.message).toBe('Bitbucket did not answer within 200 ms.');
    server.on('GET /2.0/user', (_r, res) =>
      sendJson(res, 401, { type: 'error', error: { message: `Invalid app password ${APP_PASSWORD} for emmap1` } }),
    );
    const denied = await adapter.validateCredential(appPassword);
    expect(denied.valid).toBe(false);
    expect(denied.message).not.toContain(APP_PASSWORD);
    expect(denied.message).toBe('Bitbucket rejected the token.');
  });

  it('clones with x-token-auth for access tokens and with the user for app passwords', () => {
    const repo = {
      organizationName: 'teamsinspace',
      repoName: 'documentation-tests',
      defaultBranch: 'master',
      isPrivate: true,
      cloneUrl: 'https://bitbucket.org/teamsinspace/documentation-tests.git',
      webUrl: '',
    };
    expect(adapter.authenticatedCloneUrl(bearer, repo)).toBe(
      `https://x-token-auth:${ACCESS_TOKEN}@bitbucket.org/teamsinspace/documentation-tests.git`,
    );
    expect(adapter.authenticatedCloneUrl(appPassword, repo)).toBe(
      `https://emmap1:${APP_PASSWORD}@bitbucket.org/teamsinspace/documentation-tests.git`,
    );
  });
});
