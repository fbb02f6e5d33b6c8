import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OAuthProvider } from '@docent/contracts';
import { SecretBox } from '../src/crypto/secretbox.ts';
import type { VendorConnectionRow } from '../src/db/schema.ts';
import { CALLBACK_PATHS } from '../src/oauth/routes.ts';
import { AZURE_DEVOPS_SCOPE, TokenRefresher } from '../src/oauth/refresh.ts';
import { RepoRepository } from '../src/repos/repository.ts';
import { loadSecrets } from '../src/secrets.ts';
import { ConnectionRepository, REAUTH_MESSAGE } from '../src/vendors/connections.ts';
import { VendorApiError } from '../src/vendors/hosted-types.ts';
import { createAdapters, type HostedVendor } from '../src/vendors/index.ts';
import { syncVendor } from '../src/vendors/sync.ts';
import { createTestApp, signUp, type TestApp } from './helpers/app.ts';
import { GitDaemon, git } from './helpers/git-daemon.ts';
import { startGitHttp } from './helpers/git-http.ts';
import { FakeOAuth } from './helpers/fake-oauth.ts';
import { fixture } from './vendors/fixtures.ts';
import { sendJson, startReplayServer, type RecordedRequest, type ReplayServer } from './vendors/replay-server.ts';
import { jobTexts, waitForJob } from './helpers/jobs.ts';

/**
 * OAuth tokens of vendor connections that expire are refreshed at the provider's token
 * endpoint before use (or once after a 401), the rotated pair is stored sealed, and a refused
 * refresh marks the connection as needing a new sign-in. The token endpoints are a loopback replay
 * server answering each provider's documented refresh payloads.
 */
let t: TestApp;
let replay: ReplayServer;
let box: SecretBox;
let connections: ConnectionRepository;
let userId: string;
let userToken: string;

const CLIENT = { id: 'refresh-client', secret: 'refresh-secret' };

/** Token endpoint path per provider on the replay server (OAUTH_*_BASE_URL = {replay}/{provider}). */
const TOKEN_PATH: Record<OAuthProvider, string> = {
  gitlab: '/gitlab/oauth/token',
  bitbucket: '/bitbucket/site/oauth2/access_token',
  azure: '/azure/common/oauth2/v2.0/token',
  google: '/google/token',
  github: '/github/login/oauth/access_token',
};

/** Each provider's documented answer to a successful refresh_token grant. */
function refreshed(provider: OAuthProvider, access: string, refresh: string): unknown {
  switch (provider) {
    case 'gitlab':
      return {
        access_token: access,
        token_type: 'Bearer',
        expires_in: 7200,
        refresh_token: refresh,
        scope: 'read_user read_api read_repository',
        created_at: 1607635748,
      };
    case 'bitbucket':
      return { access_token: access, scopes: 'account email repository', expires_in: 7200, refresh_token: refresh, token_type: 'bearer' };
    case 'azure':
      return {
        token_type: 'Bearer',
        scope: '499b84ac-1321-427f-aa17-267ca6975798/user_impersonation',
        expires_in: 3599,
        ext_expires_in: 3599,
        access_token: access,
        refresh_token: refresh,
      };
    case 'google': // Google keeps the refresh token: none in the answer
      return {
        access_token: access,
        expires_in: 3920,
        scope: 'openid https://www.googleapis.com/auth/userinfo.email',
        token_type: 'Bearer',
      };
    case 'github': // GitHub App user tokens
      return {
        access_token: access,
        expires_in: 28800,
        refresh_token: refresh,
        refresh_token_expires_in: 15811200,
        scope: '',
        token_type: 'bearer',
      };
  }
}

/** Each provider's documented answer to a dead refresh token. */
function refused(provider: OAuthProvider, res: ServerResponse): void {
  if (provider === 'github')
    return sendJson(res, 200, {
      error: 'bad_refresh_token',
      error_description: 'The refresh token passed is incorrect or expired.',
      error_uri: 'https://docs.github.com',
    });
  if (provider === 'azure')
    return sendJson(res, 400, {
      error: 'invalid_grant',
      error_description: 'AADSTS70008: The provided authorization code or refresh token has expired due to inactivity.',
      error_codes: [70008],
    });
  sendJson(res, 400, {
    error: 'invalid_grant',
    error_description:
      'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.',
  });
}

const tokenRequests = (provider: OAuthProvider): RecordedRequest[] => replay.requests.filter((r) => r.path === TOKEN_PATH[provider]);

/** A connection as an OAuth sign-in stores it, its access token expired a minute ago unless told. */
async function oauthConnection(
  vendor: HostedVendor,
  provider: OAuthProvider,
  opts: { access?: string; refresh?: string; expiresIn?: number; organization?: string } = {},
): Promise<VendorConnectionRow> {
  await t.database.db.deleteFrom('vendor_connections').where('user_id', '=', userId).execute();
  return connections.upsert(
    userId,
    vendor,
    {
      token: opts.access ?? 'old-access',
      kind: 'oauth',
      baseUrl: `${replay.url}/${provider}-api`,
      ...(opts.organization ? { organization: opts.organization } : {}),
    },
    'someone',
    { provider, refreshToken: opts.refresh ?? 'old-refresh', expiresIn: opts.expiresIn ?? -60 },
  );
}

const row = (id: string) => t.database.db.selectFrom('vendor_connections').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  replay = await startReplayServer();
  const env: Record<string, string> = {};
  for (const p of ['gitlab', 'bitbucket', 'azure', 'google', 'github'] as const) {
    const key = `OAUTH_${p.toUpperCase()}`;
    env[`${key}_CLIENT_ID`] = CLIENT.id;
    env[`${key}_CLIENT_SECRET`] = CLIENT.secret;
    env[`${key}_BASE_URL`] = p === 'azure' ? `${replay.url}/azure/common` : `${replay.url}/${p}`;
    env[`${key}_API_URL`] = `${replay.url}/${p}-api`;
  }
  t = await createTestApp(env);
  box = new SecretBox((await loadSecrets(t.config)).encryptionKey);
  connections = new ConnectionRepository(t.database.db, box, new TokenRefresher(t.config.oauth, (id) => `${t.config.appUrl}/oauth/${id}`));
  const u = await signUp(t, 'refresh@example.com');
  userId = u.id;
  userToken = u.token;
});
afterAll(async () => {
  await t?.close();
  await replay?.close();
});
beforeEach(() => {
  replay.requests.length = 0;
});

describe('refreshing expired OAuth tokens before use', () => {
  const cases: Array<{ provider: OAuthProvider; vendor: HostedVendor; basic: boolean; rotates: boolean; expiresIn: number }> = [
    { provider: 'gitlab', vendor: 'GITLAB', basic: false, rotates: true, expiresIn: 7200 },
    { provider: 'bitbucket', vendor: 'BITBUCKET', basic: true, rotates: true, expiresIn: 7200 },
    { provider: 'azure', vendor: 'AZUREDEVOPS', basic: false, rotates: true, expiresIn: 3599 },
    { provider: 'github', vendor: 'GITHUB', basic: false, rotates: true, expiresIn: 28800 },
    // Google signs no code host in; its grant is still refreshed the documented way
    { provider: 'google', vendor: 'GITLAB', basic: false, rotates: false, expiresIn: 3920 },
  ];
  for (const c of cases) {
    it(`${c.provider}: the refresh_token grant with the documented client authentication; the pair is rotated and stored sealed`, async () => {
      replay.on(`POST ${TOKEN_PATH[c.provider]}`, (_req, res) =>
        sendJson(res, 200, refreshed(c.provider, `new-access-${c.provider}`, `new-refresh-${c.provider}`)),
      );
      const conn = await oauthConnection(c.vendor, c.provider);
      const before = Date.now();
      const cred = await connections.usableCredential(conn);
      expect(cred.token).toBe(`new-access-${c.provider}`);

      const [req, ...more] = tokenRequests(c.provider);
      expect(more).toHaveLength(0);
      const form = new URLSearchParams(req!.body);
      expect(form.get('grant_type')).toBe('refresh_token');
      expect(form.get('refresh_token')).toBe('old-refresh');
      if (c.basic) {
        expect(req!.headers.authorization).toBe(`Basic ${Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString('base64')}`);
        expect(form.get('client_secret')).toBeNull();
      } else {
        expect(form.get('client_id')).toBe(CLIENT.id);
        expect(form.get('client_secret')).toBe(CLIENT.secret);
      }
      if (c.provider === 'azure') expect(form.get('scope')).toBe(AZURE_DEVOPS_SCOPE);
      if (c.provider === 'gitlab') expect(form.get('redirect_uri')).toBe(`${t.config.appUrl}/oauth/gitlab`);

      const stored = await row(conn.id);
      expect(stored.credential_sealed).not.toContain('new-access');
      expect(box.open(stored.credential_sealed)).toBe(`new-access-${c.provider}`);
      expect(box.open(stored.refresh_sealed!)).toBe(c.rotates ? `new-refresh-${c.provider}` : 'old-refresh');
      const expires = new Date(stored.expires_at!).getTime();
      expect(expires).toBeGreaterThanOrEqual(before + c.expiresIn * 1000 - 1000);
      expect(expires).toBeLessThanOrEqual(Date.now() + c.expiresIn * 1000 + 1000);

      // now fresh: used as it is, no second refresh
      expect((await connections.usableCredential(stored)).token).toBe(`new-access-${c.provider}`);
      expect(tokenRequests(c.provider)).toHaveLength(1);
    });
  }

  it('a token that is still valid, or a connection without a refresh token (PAT), is used without asking the provider', async () => {
    const valid = await oauthConnection('GITLAB', 'gitlab', { expiresIn: 3600 });
    expect((await connections.usableCredential(valid)).token).toBe('old-access');
    await t.database.db.deleteFrom('vendor_connections').where('user_id', '=', userId).execute();
    const pat = await connections.upsert(userId, 'GITLAB', { token: 'glpat-x', kind: 'pat' }, 'someone');
    expect(pat).toMatchObject({ refresh_sealed: null, expires_at: null, oauth_provider: null });
    expect((await connections.usableCredential(pat)).token).toBe('glpat-x');
    expect(replay.requests).toHaveLength(0);
  });

  it('refreshes within a minute of expiry, and concurrent users of one connection share one refresh', async () => {
    let calls = 0;
    replay.on(`POST ${TOKEN_PATH.gitlab}`, async (_req, res) => {
      calls += 1;
      await new Promise((r) => setTimeout(r, 100));
      sendJson(res, 200, refreshed('gitlab', `a${calls}`, `r${calls}`));
    });
    const conn = await oauthConnection('GITLAB', 'gitlab', { expiresIn: 30 });
    const creds = await Promise.all([
      connections.usableCredential(conn),
      connections.usableCredential(conn),
      connections.usableCredential(conn),
    ]);
    expect(creds.map((c) => c.token)).toEqual(['a1', 'a1', 'a1']);
    expect(calls).toBe(1);
  });
});

describe('a 401 refreshes once', () => {
  it('retries the call once with the new token; a second 401 is the answer', async () => {
    replay.on(`POST ${TOKEN_PATH.bitbucket}`, (_req, res) => sendJson(res, 200, refreshed('bitbucket', 'renewed', 'renewed-r')));
    const conn = await oauthConnection('BITBUCKET', 'bitbucket', { expiresIn: 3600 }); // not expired: revoked early
    const seen: string[] = [];
    const result = await connections.withCredential(conn, async (cred) => {
      seen.push(cred.token);
      if (cred.token === 'old-access') throw new VendorApiError(401, 'Bitbucket', 'Bitbucket rejected the token.', 'auth');
      return 'listed';
    });
    expect(result).toBe('listed');
    expect(seen).toEqual(['old-access', 'renewed']);
    expect(tokenRequests('bitbucket')).toHaveLength(1);

    const always = await oauthConnection('BITBUCKET', 'bitbucket', { expiresIn: 3600 });
    let tries = 0;
    await expect(
      connections.withCredential(always, async () => {
        tries += 1;
        throw new VendorApiError(401, 'Bitbucket', 'Bitbucket rejected the token.', 'auth');
      }),
    ).rejects.toThrow('Bitbucket rejected the token.');
    expect(tries).toBe(2);
    expect(tokenRequests('bitbucket')).toHaveLength(2);
  });

  it('other failures (403, network) do not refresh', async () => {
    const conn = await oauthConnection('GITLAB', 'gitlab', { expiresIn: 3600 });
    await expect(
      connections.withCredential(conn, async () =>
        Promise.reject(new VendorApiError(403, 'GitLab', 'GitLab refused access with this token.', 'forbidden')),
      ),
    ).rejects.toThrow('refused access');
    expect(replay.requests).toHaveLength(0);
  });
});

describe('a refused refresh', () => {
  for (const provider of ['gitlab', 'azure', 'github'] as const) {
    it(`${provider}: marks the connection as needing a new sign-in; the UI's list says so; no retry until then`, async () => {
      replay.on(`POST ${TOKEN_PATH[provider]}`, (_req, res) => refused(provider, res));
      const vendor: HostedVendor = provider === 'gitlab' ? 'GITLAB' : provider === 'azure' ? 'AZUREDEVOPS' : 'GITHUB';
      const conn = await oauthConnection(vendor, provider);
      const label = vendor === 'GITLAB' ? 'GitLab' : vendor === 'AZUREDEVOPS' ? 'Azure DevOps' : 'GitHub';
      const err = await connections.usableCredential(conn).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(VendorApiError);
      expect(err).toMatchObject({ failure: 'auth', message: REAUTH_MESSAGE(label) });
      expect((err as Error).message).not.toMatch(/AADSTS|invalid_grant|bad_refresh_token/);

      const stored = await row(conn.id);
      expect(stored).toMatchObject({ needs_reauth: true, status: 'no_status', message: REAUTH_MESSAGE(label) });
      expect(box.open(stored.credential_sealed)).toBe('old-access'); // nothing stored is lost

      const list = await t.call({ method: 'GET', url: '/api/v1/vendors/connections', token: userToken });
      expect(list.json()).toEqual([expect.objectContaining({ vendor, needsReauth: true, message: REAUTH_MESSAGE(label) })]);
      expect(list.body).not.toContain('old-refresh');
      expect(list.body).not.toContain('old-access');

      await expect(connections.usableCredential(stored)).rejects.toThrow(REAUTH_MESSAGE(label));
      expect(tokenRequests(provider)).toHaveLength(1);
    });
  }

  it('a provider that is down is not a refused token: no mark, a "try again later"', async () => {
    replay.on(`POST ${TOKEN_PATH.gitlab}`, (_req, res) => sendJson(res, 503, { message: 'maintenance' }));
    const conn = await oauthConnection('GITLAB', 'gitlab');
    await expect(connections.usableCredential(conn)).rejects.toMatchObject({
      failure: 'network',
      message: 'GitLab could not renew the sign-in right now. Try again later.',
    });
    expect((await row(conn.id)).needs_reauth).toBe(false);
  });

  it('a refresh another process already did (rotated pair) is used, not marked as refused', async () => {
    replay.on(`POST ${TOKEN_PATH.gitlab}`, (_req, res) => refused('gitlab', res));
    const stale = await oauthConnection('GITLAB', 'gitlab');
    // the other process's refresh: a new pair stored after `stale` was read
    await t.database.db
      .updateTable('vendor_connections')
      .set({
        credential_sealed: box.seal('other-access'),
        refresh_sealed: box.seal('other-refresh'),
        expires_at: new Date(Date.now() + 3600_000),
      })
      .where('id', '=', stale.id)
      .execute();
    expect((await connections.usableCredential(stale)).token).toBe('other-access');
    expect((await row(stale.id)).needs_reauth).toBe(false);
  });
});

describe('in use', () => {
  it('a GitLab sync with an expired token refreshes it first and lists the repositories', async () => {
    replay.on(`POST ${TOKEN_PATH.gitlab}`, (_req, res) => sendJson(res, 200, refreshed('gitlab', 'sync-access', 'sync-refresh')));
    replay.on('GET /gitlab-api/api/v4/projects', (req, res) =>
      req.headers.authorization === 'Bearer sync-access'
        ? sendJson(res, 200, fixture('gitlab/projects-page1.json'))
        : sendJson(res, 401, fixture('gitlab/unauthorized-401.json')),
    );
    await oauthConnection('GITLAB', 'gitlab');
    const user = await t.database.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    const said: string[] = [];
    const deps = { adapters: createAdapters(), connections, repos: new RepoRepository(t.database.db), box };
    expect(await syncVendor(deps, user, 'GITLAB', (m) => said.push(m), AbortSignal.timeout(30_000))).toBe('COMPLETE');
    expect(said).toContain('Found 2 repositories');
    expect(replay.requests.map((r) => `${r.method} ${r.path} ${r.headers.authorization ?? ''}`)).toEqual([
      `POST ${TOKEN_PATH.gitlab} `,
      'GET /gitlab-api/api/v4/projects Bearer sync-access',
    ]);
  });

  it('a clone refused with a token not yet expired by the clock renews it once and fetches again; a refused renewal says to sign in again', async () => {
    const daemon = await GitDaemon.start();
    await daemon.addRepo('lib', [{ 'lib/m.py': 'def f():\n    return 1\n' }]);
    // the https git endpoint takes only the renewed token (GitLab's oauth2:<token> for git)
    const server = await startGitHttp(daemon.base, `Basic ${Buffer.from('oauth2:git-renewed').toString('base64')}`);
    const prServer = await startGitHttp(daemon.base, `Basic ${Buffer.from('oauth2:pr-renewed').toString('base64')}`);
    const work = await mkdtemp(path.join(os.tmpdir(), 'docent-renew-'));
    const finish = async (url: string, payload: Record<string, unknown>): Promise<{ state: string; texts: string[] }> => {
      const start = await t.call({ method: 'POST', url, token: userToken, payload });
      expect(start.statusCode, start.body).toBe(200);
      const id = start.json().lroJobId as number;
      const job = await waitForJob(t, userToken, id);
      return { state: job.state, texts: await jobTexts(t, userToken, id) };
    };
    const analyse = () =>
      finish('/api/v1/git/analyze/repo', { git_repo: { organization_name: 'someone', repo_name: 'lib' }, vendor: 'GITLAB' });
    try {
      replay.on(`POST ${TOKEN_PATH.gitlab}`, (_req, res) => sendJson(res, 200, refreshed('gitlab', 'git-renewed', 'git-renewed-r')));
      const conn = await oauthConnection('GITLAB', 'gitlab', { expiresIn: 3600 }); // revoked early
      await t.database.db.deleteFrom('repositories').where('user_id', '=', userId).execute();
      await t.database.db
        .insertInto('repositories')
        .values({
          user_id: userId,
          vendor: 'GITLAB',
          organization_name: 'someone',
          repo_name: 'lib',
          clone_url: box.seal(server.url('lib')),
          default_branch: 'main',
          is_private: true,
        })
        .execute();
      const ok = await analyse();
      expect(ok.state, ok.texts.join('\n')).toBe('COMPLETE');
      expect(ok.texts).toContain('The vendor refused the token: it was renewed, fetching again');
      expect(tokenRequests('gitlab')).toHaveLength(1);
      const sent = [...new Set(server.requests.map((r) => r.headers.authorization))];
      expect(sent).toEqual([
        `Basic ${Buffer.from('oauth2:old-access').toString('base64')}`,
        `Basic ${Buffer.from('oauth2:git-renewed').toString('base64')}`,
      ]);
      expect(box.open((await row(conn.id)).credential_sealed)).toBe('git-renewed');

      // a pull request fetched into that (warm) clone after the token was revoked again
      git(work, 'clone', '-q', path.join(daemon.base, 'lib.git'), '.');
      git(work, 'checkout', '-q', '-b', 'feature');
      await writeFile(path.join(work, 'lib/m.py'), 'def f():\n    return 2\n');
      git(work, 'commit', '-q', '-am', 'feature');
      git(work, 'push', '-q', 'origin', 'feature');
      await t.database.db
        .updateTable('repositories')
        .set({ clone_url: box.seal(prServer.url('lib')) })
        .where('user_id', '=', userId)
        .execute();
      replay.requests.length = 0;
      replay.on(`POST ${TOKEN_PATH.gitlab}`, (_req, res) => sendJson(res, 200, refreshed('gitlab', 'pr-renewed', 'pr-renewed-r')));
      const repoId = (await t.database.db.selectFrom('repositories').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow())
        .id;
      const head = git(work, 'rev-parse', 'feature').trim();
      const statusPath = `/gitlab-api/api/v4/projects/someone%2Flib/statuses/${head}`;
      replay.on(`POST ${statusPath}`, (_req, res) => sendJson(res, 201, fixture('gitlab/commit-status-created.json')));
      const pr = await finish('/api/v1/git/pull-request/insights', {
        repoId,
        vendor: 'gitlab',
        number: 7,
        headSha: head,
        baseSha: git(work, 'rev-parse', 'main').trim(),
        headRef: 'feature',
        baseRef: 'main',
        title: 'Feature',
      });
      expect(pr.state, pr.texts.join('\n')).toBe('COMPLETE');
      expect(pr.texts).toContain('Using the clone at ' + git(work, 'rev-parse', 'main').trim().slice(0, 12));
      expect(pr.texts).toContain('The vendor refused the token: it was renewed, fetching again');
      expect(tokenRequests('gitlab')).toHaveLength(1);
      expect([...new Set(prServer.requests.map((r) => r.headers.authorization))]).toEqual([
        `Basic ${Buffer.from('oauth2:git-renewed').toString('base64')}`,
        `Basic ${Buffer.from('oauth2:pr-renewed').toString('base64')}`,
      ]);
      // pending with the token the job started with; the verdict with the renewed one
      const statuses = replay.requests.filter((r) => r.method === 'POST' && r.path === statusPath);
      expect(statuses.map((r) => [JSON.parse(r.body).state, r.headers.authorization])).toEqual([
        ['running', 'Bearer git-renewed'],
        ['success', 'Bearer pr-renewed'],
      ]);

      // a connection whose refresh token the provider refuses: the job says to sign in again
      replay.requests.length = 0;
      replay.on(`POST ${TOKEN_PATH.gitlab}`, (_req, res) => refused('gitlab', res));
      await oauthConnection('GITLAB', 'gitlab', { expiresIn: 3600 });
      const refusedRun = await analyse();
      expect(refusedRun.state).toBe('FAILED');
      expect(refusedRun.texts.join('\n')).toContain(REAUTH_MESSAGE('GitLab'));
      expect(tokenRequests('gitlab')).toHaveLength(1);
    } finally {
      await server.close();
      await prServer.close();
      await daemon.stop();
      await rm(work, { recursive: true, force: true });
    }
  }, 120_000);

  it('a sync whose refresh is refused says to sign in again', async () => {
    replay.on(`POST ${TOKEN_PATH.gitlab}`, (_req, res) => refused('gitlab', res));
    await oauthConnection('GITLAB', 'gitlab');
    const user = await t.database.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    const said: string[] = [];
    const deps = { adapters: createAdapters(), connections, repos: new RepoRepository(t.database.db), box };
    expect(await syncVendor(deps, user, 'GITLAB', (m) => said.push(m), AbortSignal.timeout(30_000))).toBe('FAILED');
    expect(said.at(-1)).toBe(`❌ Error syncing GitLab: ${REAUTH_MESSAGE('GitLab')}`);
  });
});

describe('sign-in stores the refresh token', () => {
  it('GitLab sign-in keeps refresh token (sealed) and expiry; signing in again clears a needs-reauth mark', async () => {
    const fake = new FakeOAuth();
    await fake.start();
    const app = await createTestApp(fake.env());
    try {
      const signIn = async () => {
        const start = await app.call({ method: 'GET', url: '/api/oauth/gitlab/login' });
        const cookie = String(start.headers['set-cookie']).split(';')[0]!;
        const back = new URL((await fetch(String(start.headers.location), { redirect: 'manual' })).headers.get('location')!);
        const q = new URLSearchParams({ code: back.searchParams.get('code')!, state: back.searchParams.get('state')! });
        return app.call({ method: 'GET', url: `/api${CALLBACK_PATHS.gitlab}?${q}`, headers: { cookie } });
      };
      const before = Date.now();
      const res = await signIn();
      expect(res.statusCode).toBe(200);
      const id = res.json().user.id as string;
      const appBox = new SecretBox((await loadSecrets(app.config)).encryptionKey);
      const conn = await app.database.db.selectFrom('vendor_connections').selectAll().where('user_id', '=', id).executeTakeFirstOrThrow();
      // the fake's documented GitLab answer: refresh_token "r1", expires_in 7200
      expect(conn.oauth_provider).toBe('gitlab');
      expect(conn.refresh_sealed).not.toContain('r1');
      expect(appBox.open(conn.refresh_sealed!)).toBe('r1');
      expect(new Date(conn.expires_at!).getTime()).toBeGreaterThanOrEqual(before + 7200_000 - 1000);
      expect(res.body).not.toContain('"r1"');

      await app.database.db.updateTable('vendor_connections').set({ needs_reauth: true }).where('id', '=', conn.id).execute();
      expect((await signIn()).statusCode).toBe(200);
      expect(
        (await app.database.db.selectFrom('vendor_connections').selectAll().where('id', '=', conn.id).executeTakeFirstOrThrow())
          .needs_reauth,
      ).toBe(false);
    } finally {
      await app.close();
      await fake.stop();
    }
  });
});
