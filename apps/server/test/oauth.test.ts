import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, form, signUp, type TestApp } from './helpers/app.ts';
import { FAKE_CLIENT, FakeOAuth, type FakeProvider } from './helpers/fake-oauth.ts';
import { CALLBACK_PATHS } from '../src/oauth/routes.ts';
import { oauthFrom } from '../src/config.ts';
import { SecretBox } from '../src/crypto/secretbox.ts';
import { loadSecrets } from '../src/secrets.ts';

let t: TestApp;
let fake: FakeOAuth;
const logLines: string[] = [];

beforeAll(async () => {
  fake = new FakeOAuth();
  await fake.start();
  t = await createTestApp({ ...fake.env(), LOG_LEVEL: 'info' }, { logStream: { write: (line: string) => logLines.push(line) } });
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});
beforeEach(() => {
  fake.deny = false;
  fake.tokenDown = false;
});

interface Started {
  location: URL;
  cookie: string;
}

/** The popup's first step: the app's login path sets the state cookie and sends the browser on. */
async function start(provider: FakeProvider, url = `/api/oauth/${provider}/login`): Promise<Started> {
  const res = await t.call({ method: 'GET', url });
  expect(res.statusCode).toBe(302);
  const setCookie = String(res.headers['set-cookie']);
  return { location: new URL(String(res.headers.location)), cookie: setCookie.split(';')[0]! };
}

/** The provider's consent page, as the browser follows it: back to the app's callback page. */
async function authorize(s: Started): Promise<URL> {
  const res = await fetch(s.location, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

/** The app's callback page handing code and state to the API, with the browser's cookie. */
function callback(provider: FakeProvider, query: { code?: string | null; state?: string | null }, cookie?: string) {
  const q = new URLSearchParams();
  if (query.code) q.set('code', query.code);
  if (query.state) q.set('state', query.state);
  return t.call({ method: 'GET', url: `/api${CALLBACK_PATHS[provider]}?${q}`, headers: cookie ? { cookie } : {} });
}

async function signInWith(provider: FakeProvider) {
  const s = await start(provider);
  const back = await authorize(s);
  return {
    res: await callback(provider, { code: back.searchParams.get('code'), state: back.searchParams.get('state') }, s.cookie),
    back,
    started: s,
  };
}

function userRow(email: string) {
  return t.database.db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

describe('provider configuration', () => {
  it('lists the configured providers for the web app', async () => {
    const res = await t.call({ method: 'GET', url: '/api/v1/auth/providers' });
    expect(res.statusCode).toBe(200);
    expect(res.json().providers.map((p: { id: string }) => p.id)).toEqual(['github', 'google', 'gitlab', 'bitbucket', 'azure']);
    expect(res.body).not.toContain(FAKE_CLIENT.secret);
  });

  it('reads OAUTH_* variables: both id and secret or none; GitHub Enterprise gets /api/v3', () => {
    expect(oauthFrom({})).toEqual({});
    expect(() => oauthFrom({ OAUTH_GITHUB_CLIENT_ID: 'x' })).toThrow(/must be set together/);
    expect(oauthFrom({ OAUTH_GITHUB_CLIENT_ID: 'i', OAUTH_GITHUB_CLIENT_SECRET: 's' }).github).toEqual({
      clientId: 'i',
      clientSecret: 's',
      baseUrl: 'https://github.com',
      apiUrl: 'https://api.github.com',
    });
    expect(
      oauthFrom({ OAUTH_GITHUB_CLIENT_ID: 'i', OAUTH_GITHUB_CLIENT_SECRET: 's', OAUTH_GITHUB_BASE_URL: 'https://ghe.corp/' }).github
        ?.apiUrl,
    ).toBe('https://ghe.corp/api/v3');
    expect(
      oauthFrom({ OAUTH_GITLAB_CLIENT_ID: 'i', OAUTH_GITLAB_CLIENT_SECRET: 's', OAUTH_GITLAB_BASE_URL: 'https://git.corp' }).gitlab?.apiUrl,
    ).toBe('https://git.corp');
    expect(() => oauthFrom({ OAUTH_AZURE_CLIENT_ID: 'i', OAUTH_AZURE_CLIENT_SECRET: 's', OAUTH_AZURE_BASE_URL: 'javascript:x' })).toThrow(
      /http\(s\) URL/,
    );
  });

  it('answers 404 with a detail for an unknown or unconfigured provider', async () => {
    const unknown = await t.call({ method: 'GET', url: '/api/oauth/myspace/login' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toMatch(/Unknown sign-in provider/);
    const bare = await createTestApp();
    try {
      const res = await bare.call({ method: 'GET', url: '/api/oauth/github/login' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Sign-in with GitHub is not available on this server.', code: 'OAUTH_NOT_CONFIGURED' });
      expect((await bare.call({ method: 'GET', url: '/api/v1/auth/providers' })).json()).toEqual({ providers: [] });
    } finally {
      await bare.close();
    }
  });
});

describe('starting a sign-in', () => {
  it('sends the browser to GitHub with state, S256 PKCE and a signed, HttpOnly, short-lived cookie', async () => {
    const res = await t.call({ method: 'GET', url: '/api/oauth/github/login?state=%2Frepositories' });
    expect(res.statusCode).toBe(302);
    const to = new URL(String(res.headers.location));
    expect(`${to.origin}${to.pathname}`).toBe(`${fake.url}/github/login/oauth/authorize`);
    expect(to.searchParams.get('client_id')).toBe(FAKE_CLIENT.id);
    expect(to.searchParams.get('redirect_uri')).toBe('http://docent.test/oauth/github');
    expect(to.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    expect(to.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(to.toString()).not.toContain(FAKE_CLIENT.secret);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^docent_oauth_github=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+; Path=\/api; Max-Age=600; HttpOnly; SameSite=Lax$/);
  });

  it("uses each provider's documented authorize endpoint; Bitbucket without PKCE", async () => {
    const paths: Record<FakeProvider, string> = {
      github: '/github/login/oauth/authorize',
      google: '/google/o/oauth2/v2/auth',
      gitlab: '/gitlab/oauth/authorize',
      bitbucket: '/bitbucket/site/oauth2/authorize',
      azure: '/azure/common/oauth2/v2.0/authorize',
    };
    for (const [provider, path] of Object.entries(paths) as Array<[FakeProvider, string]>) {
      const { location } = await start(provider);
      expect(location.pathname).toBe(path);
      expect(location.searchParams.has('code_challenge')).toBe(provider !== 'bitbucket');
    }
  });

  it('the login redirects /v1/gitlab/install, /v2/bitbucket/install and /v1/azure/install start a sign-in without a token, stream with one', async () => {
    expect((await start('gitlab', '/api/v1/gitlab/install?foo=bar')).location.pathname).toBe('/gitlab/oauth/authorize');
    expect((await start('bitbucket', '/api/v2/bitbucket/install')).location.pathname).toBe('/bitbucket/site/oauth2/authorize');
    expect((await start('azure', '/api/v1/azure/install')).location.pathname).toBe('/azure/common/oauth2/v2.0/authorize');
    // a path that is only a stream still needs a session
    expect((await t.call({ method: 'GET', url: '/api/v2/gitlab/install' })).statusCode).toBe(511);
    const { token } = await signUp(t, 'streamer@example.com');
    const stream = await t.call({ method: 'GET', url: '/api/v2/bitbucket/install', token });
    expect(stream.statusCode).toBe(200);
    expect(stream.body).toContain('No Bitbucket connection yet');
  });
});

describe('popup-friendly opener policy', () => {
  it('callback pages answer COOP unsafe-none (the popup keeps its opener); everything else same-origin-allow-popups', async () => {
    expect((await t.call({ method: 'GET', url: '/oauth/github?code=x&state=y' })).headers['cross-origin-opener-policy']).toBe(
      'unsafe-none',
    );
    expect((await t.call({ method: 'GET', url: '/auth/login' })).headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect((await t.call({ method: 'GET', url: '/api/oauth/github/login' })).headers['cross-origin-opener-policy']).toBe(
      'same-origin-allow-popups',
    );
  });
});

describe('signing in', () => {
  it('GitHub: a new, verified account with githubLoginId, the token stored sealed as the GitHub connection, repositories synced', async () => {
    const { res } = await signInWith('github');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({
      email: { name: 'octocat@example.com' },
      isVerified: true,
      githubLoginId: '583231',
      userName: 'octocat',
      firstName: 'The',
      lastName: 'Octocat',
      connectedVendors: ['GITHUB'],
    });
    expect(res.headers['set-cookie']).toMatch(/^docent_oauth_github=; Path=\/api; Max-Age=0/);
    const me = await t.call({ method: 'GET', url: '/api/v1/user', token: body.token });
    expect(me.json().githubLoginId).toBe('583231');

    const access = fake.issued.at(-1)!;
    const conn = await t.database.db
      .selectFrom('vendor_connections')
      .selectAll()
      .where('user_id', '=', body.user.id)
      .executeTakeFirstOrThrow();
    expect(conn).toMatchObject({ vendor: 'GITHUB', kind: 'oauth', login: 'octocat', base_url: `${fake.url}/github-api` });
    expect(conn.credential_sealed).not.toContain(access);
    const box = new SecretBox((await loadSecrets(t.config)).encryptionKey);
    expect(box.open(conn.credential_sealed)).toBe(access);
    // no answer carries the provider's token
    expect(res.body).not.toContain(access);

    // the sync started at sign-in lists the account's repositories
    let names: string[] = [];
    for (let i = 0; i < 100 && names.length < 2; i += 1) {
      names = (await t.database.db.selectFrom('repositories').select('repo_name').where('user_id', '=', body.user.id).execute())
        .map((r) => r.repo_name)
        .sort();
      if (names.length < 2) await new Promise((r) => setTimeout(r, 100));
    }
    expect(names).toEqual(['Hello-World', 'Spoon-Knife']);
  });

  it('signing in again finds the same account by its GitHub id, even after the email changed there', async () => {
    fake.users.github = { id: 9001, login: 'again', name: 'Again', email: 'again@example.com', emailVerified: true };
    const first = (await signInWith('github')).res.json();
    fake.users.github = { ...fake.users.github, email: 'moved@example.com' };
    const second = await signInWith('github');
    expect(second.res.statusCode).toBe(200);
    expect(second.res.json().user.id).toBe(first.user.id);
  });

  it('Google (GET /google/login), GitLab, Bitbucket: new verified accounts with their login ids; code hosts connected', async () => {
    const google = await signInWith('google');
    expect(google.res.statusCode).toBe(200);
    expect(google.res.json().user).toMatchObject({
      email: { name: 'ada@example.com' },
      isVerified: true,
      googleLoginId: '110169484474386276334',
      firstName: 'Ada',
      lastName: 'Lovelace',
      connectedVendors: [],
    });

    const gitlab = await signInWith('gitlab');
    expect(gitlab.res.statusCode).toBe(200);
    expect(gitlab.res.json().user).toMatchObject({
      email: { name: 'john@example.com' },
      isVerified: true,
      gitlabLoginId: '1',
      connectedVendors: ['GITLAB'],
    });

    const bitbucket = await signInWith('bitbucket');
    expect(bitbucket.res.statusCode).toBe(200);
    expect(bitbucket.res.json().user).toMatchObject({
      email: { name: 'tutorials@example.com' },
      isVerified: true,
      bitbucketLoginId: '{e0b1a6b3-4f54-4b93-b3c1-1f2d0e0c1a2b}',
      connectedVendors: ['BITBUCKET'],
    });
    // Bitbucket authenticates the client with HTTP Basic at its token endpoint (checked by the fake)
    const conn = await t.database.db
      .selectFrom('vendor_connections')
      .selectAll()
      .where('user_id', '=', bitbucket.res.json().user.id)
      .executeTakeFirstOrThrow();
    expect(conn).toMatchObject({ vendor: 'BITBUCKET', kind: 'oauth', login: 'tutorials', base_url: `${fake.url}/bitbucket-api` });
  });

  it('Microsoft: Graph /me identifies the user; its address is not vouched for, so the account starts unverified', async () => {
    const { res } = await signInWith('azure');
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      email: { name: 'adelev@contoso.com' },
      isVerified: false,
      azureLoginId: '87d349ed-44d7-43e1-9a83-5f2406dee5bd',
      firstName: 'Adele',
      lastName: 'Vance',
    });
    expect(t.mailer.last('adelev@contoso.com').subject).toBe('Verify your Docent email address');
  });
});

describe('account linking', () => {
  async function verifiedAccount(email: string): Promise<string> {
    const { id } = await signUp(t, email);
    await t.call({ method: 'POST', url: '/api/v1/auth/rapid-login', payload: { token: t.mailer.lastLinkToken(email) } });
    return id;
  }

  it('links to the existing account with the same verified email; the password still works', async () => {
    const id = await verifiedAccount('linked@example.com');
    fake.users.gitlab = { id: 4242, login: 'linked', name: 'Linked One', email: 'Linked@Example.com', emailVerified: true };
    const { res } = await signInWith('gitlab');
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id, gitlabLoginId: '4242', firstName: 'Test' });
    expect((await userRow('linked@example.com'))?.gitlab_login_id).toBe('4242');
    expect(
      (await t.call({ method: 'POST', url: '/api/login', ...form({ username: 'linked@example.com', password: 'Correct-Horse1' }) }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses to link when the provider does not confirm the address', async () => {
    await verifiedAccount('victim@example.com');
    fake.users.github = { id: 666, login: 'mallory', name: 'Mallory', email: 'victim@example.com', emailVerified: false };
    const { res } = await signInWith('github');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'OAUTH_EMAIL_UNVERIFIED',
      detail: expect.stringMatching(/^An account with this email address already exists, but GitHub does not confirm/),
    });
    expect((await userRow('victim@example.com'))?.github_login_id).toBeNull();
    expect(await t.database.db.selectFrom('users').select('id').where('github_login_id', '=', '666').executeTakeFirst()).toBeUndefined();
  });

  it("refuses to link to an account whose own address is unverified (it could be a squatter's)", async () => {
    await signUp(t, 'squatted@example.com');
    fake.users.google = { id: 'g-squat', login: 'x', name: 'Real Owner', email: 'squatted@example.com', emailVerified: true };
    const { res } = await signInWith('google');
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/exists but its address is not verified yet/);
    expect((await userRow('squatted@example.com'))?.google_login_id).toBeNull();
  });

  it("creates an unverified account (and mails an activation link) when the provider's address is new but unverified", async () => {
    fake.users.bitbucket = { id: '{new-unverified}', login: 'newbie', name: 'New Bie', email: 'newbie@example.com', emailVerified: false };
    const { res } = await signInWith('bitbucket');
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ isVerified: false, bitbucketLoginId: '{new-unverified}' });
    expect(t.mailer.last('newbie@example.com').subject).toBe('Verify your Docent email address');
  });
});

describe('state, codes and provider errors', () => {
  beforeAll(() => {
    fake.users.github = { id: 777, login: 'statey', name: 'State Y', email: 'statey@example.com', emailVerified: true };
  });

  it("refuses a state that does not match the one in the browser's cookie", async () => {
    const mine = await start('github');
    const theirs = await start('github');
    const back = await authorize(theirs);
    // the attacker's code and state, in the victim's browser (login CSRF)
    const res = await callback('github', { code: back.searchParams.get('code'), state: back.searchParams.get('state') }, mine.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'OAUTH_STATE_INVALID', detail: expect.stringMatching(/no longer valid/) });
    // a made-up state, and no cookie at all
    expect((await callback('github', { code: back.searchParams.get('code'), state: 'forged' }, theirs.cookie)).statusCode).toBe(400);
    expect((await callback('github', { code: back.searchParams.get('code'), state: back.searchParams.get('state') })).statusCode).toBe(400);
    // a tampered cookie signature
    const tampered = theirs.cookie.replace(/\.(.)/, (_m, c: string) => `.${c === 'A' ? 'B' : 'A'}`);
    expect(
      (await callback('github', { code: back.searchParams.get('code'), state: back.searchParams.get('state') }, tampered)).statusCode,
    ).toBe(400);
    // the state of another provider
    expect(
      (
        await callback(
          'google',
          { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
          theirs.cookie.replace('github', 'google'),
        )
      ).statusCode,
    ).toBe(400);
    // the refusals did not use it up: the rightful browser still completes
    expect(
      (await callback('github', { code: back.searchParams.get('code'), state: back.searchParams.get('state') }, theirs.cookie)).statusCode,
    ).toBe(200);
  });

  it('uses a state once: the same callback replayed is refused', async () => {
    const { res, back, started } = await signInWith('github');
    expect(res.statusCode).toBe(200);
    const again = await callback('github', { code: back.searchParams.get('code'), state: back.searchParams.get('state') }, started.cookie);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('OAUTH_STATE_INVALID');
  });

  it('a replayed code under a fresh state is refused by the provider, answered in our words', async () => {
    const { back } = await signInWith('github');
    const fresh = await start('github');
    const res = await callback(
      'github',
      { code: back.searchParams.get('code'), state: fresh.location.searchParams.get('state') },
      fresh.cookie,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'OAUTH_PROVIDER_ERROR',
      detail: 'GitHub did not accept the sign-in (it expired or was already used). Please start again.',
    });
    expect(res.body).not.toMatch(/incorrect or expired|bad_verification_code/);
  });

  it("each provider's invalid_grant answer becomes the same clean message", async () => {
    for (const provider of ['google', 'gitlab', 'bitbucket', 'azure'] as const) {
      const s = await start(provider);
      const res = await callback(provider, { code: 'not-a-code', state: s.location.searchParams.get('state') }, s.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('OAUTH_PROVIDER_ERROR');
      expect(res.body).not.toMatch(/AADSTS|invalid_grant|authorization grant/);
    }
  });

  it('a provider that is down answers 502 with a clean message', async () => {
    fake.tokenDown = true;
    const s = await start('gitlab');
    const back = await authorize(s);
    const res = await callback('gitlab', { code: back.searchParams.get('code'), state: back.searchParams.get('state') }, s.cookie);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      code: 'OAUTH_PROVIDER_ERROR',
      detail: 'GitLab could not complete the sign-in right now. Please try again later.',
    });
    expect(res.body).not.toContain('internal error at the provider');
  });

  it('a missing code or state is a 400 with a detail', async () => {
    const res = await callback('github', { state: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/code/);
  });

  it('the log never holds an access token, the client secret or a code', () => {
    const log = logLines.join('\n');
    expect(log).toContain('oauth sign-in failed at the provider');
    for (const token of fake.issued) expect(log).not.toContain(token);
    expect(log).not.toContain(FAKE_CLIENT.secret);
    expect(log).not.toMatch(/code=[0-9a-f]{20}/);
  });
});

describe('limits', () => {
  it('sign-in starts and callbacks are rate limited per client address like password sign-in', async () => {
    const limited = await createTestApp({ ...fake.env(), LOGIN_RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i += 1) codes.push((await limited.call({ method: 'GET', url: '/api/oauth/github/login' })).statusCode);
      expect(codes).toEqual([302, 302, 302, 302, 429]);
      const res = await limited.call({ method: 'GET', url: '/api/github/callback?code=a&state=b' });
      expect(res.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
