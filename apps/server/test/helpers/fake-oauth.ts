/**
 * A loopback stand-in (node:http on 127.0.0.1) for the authorize, token and user endpoints of
 * GitHub, Google, GitLab, Bitbucket and the Microsoft identity platform, replaying the payloads
 * each provider documents. Every provider lives under its own path prefix:
 *
 *   github     base {url}/github      (/login/oauth/authorize, /login/oauth/access_token)
 *              api  {url}/github-api  (/user, /user/emails, /user/repos, /user/orgs)
 *   google     base {url}/google      (/o/oauth2/v2/auth, /token, /v1/userinfo)
 *   gitlab     base {url}/gitlab      (/oauth/authorize, /oauth/token, /api/v4/user)
 *   bitbucket  base {url}/bitbucket   (/site/oauth2/authorize, /site/oauth2/access_token)
 *              api  {url}/bitbucket-api (/2.0/user, /2.0/user/emails)
 *   azure      base {url}/azure/common (/oauth2/v2.0/authorize, /oauth2/v2.0/token)
 *              api  {url}/graph       (/v1.0/me)
 *
 * The authorize endpoint plays a user who consents at once (or refuses, with `deny`): it
 * redirects to redirect_uri with a code bound to the client, redirect_uri and PKCE challenge.
 * Codes are single use, as the providers' are.
 */
import { createHash, randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeProvider = 'github' | 'google' | 'gitlab' | 'bitbucket' | 'azure';

export interface FakeUser {
  id: string | number;
  login: string;
  name: string;
  email: string;
  emailVerified: boolean;
}

interface Grant {
  provider: FakeProvider;
  clientId: string;
  redirectUri: string;
  challenge: string | null;
  user: FakeUser;
  used: boolean;
}

export const FAKE_CLIENT = { id: 'fake-client-id', secret: 'fake-client-secret' };

const b64url = (v: string) => createHash('sha256').update(v).digest('base64url');

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let s = '';
    req.on('data', (c: Buffer) => (s += c.toString()));
    req.on('end', () => resolve(s));
  });
}

export class FakeOAuth {
  private server: http.Server;
  url = '';
  /** who signs in next at each provider */
  readonly users: Record<FakeProvider, FakeUser> = {
    github: { id: 583231, login: 'octocat', name: 'The Octocat', email: 'octocat@example.com', emailVerified: true },
    google: { id: '110169484474386276334', login: 'ada', name: 'Ada Lovelace', email: 'ada@example.com', emailVerified: true },
    gitlab: { id: 1, login: 'john_smith', name: 'John Smith', email: 'john@example.com', emailVerified: true },
    bitbucket: { id: '{e0b1a6b3-4f54-4b93-b3c1-1f2d0e0c1a2b}', login: 'tutorials', name: 'Tutorials Account', email: 'tutorials@example.com', emailVerified: true },
    azure: { id: '87d349ed-44d7-43e1-9a83-5f2406dee5bd', login: 'AdeleV@contoso.com', name: 'Adele Vance', email: 'AdeleV@contoso.com', emailVerified: false },
  };
  /** the next authorize refuses, as when the user clicks "Cancel" */
  deny = false;
  /** the token endpoint answers 500 (the provider is down) */
  tokenDown = false;
  private readonly grants = new Map<string, Grant>();
  private readonly tokens = new Map<string, { provider: FakeProvider; user: FakeUser }>();
  /** access tokens handed out, newest last */
  readonly issued: string[] = [];
  /** repositories GET /github-api/user/repos lists */
  githubRepos: Array<{ name: string; private: boolean }> = [
    { name: 'Hello-World', private: false },
    { name: 'Spoon-Knife', private: true },
  ];

  constructor() {
    this.server = http.createServer((req, res) => {
      this.handle(req, res).catch((err: Error) => send(res, 500, { message: err.message }));
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The OAUTH_* variables that point the server at this fake. */
  env(): Record<string, string> {
    const out: Record<string, string> = {};
    const set = (p: string, base: string, api?: string) => {
      out[`OAUTH_${p}_CLIENT_ID`] = FAKE_CLIENT.id;
      out[`OAUTH_${p}_CLIENT_SECRET`] = FAKE_CLIENT.secret;
      out[`OAUTH_${p}_BASE_URL`] = base;
      if (api) out[`OAUTH_${p}_API_URL`] = api;
    };
    set('GITHUB', `${this.url}/github`, `${this.url}/github-api`);
    set('GOOGLE', `${this.url}/google`);
    set('GITLAB', `${this.url}/gitlab`);
    set('BITBUCKET', `${this.url}/bitbucket`, `${this.url}/bitbucket-api`);
    set('AZURE', `${this.url}/azure/common`, `${this.url}/graph`);
    return out;
  }

  private authorize(provider: FakeProvider, q: URLSearchParams, res: ServerResponse): void {
    const redirectUri = q.get('redirect_uri') ?? '';
    if (q.get('client_id') !== FAKE_CLIENT.id || !redirectUri) return send(res, 400, { error: 'invalid_request' });
    const back = new URL(redirectUri);
    const state = q.get('state');
    if (state) back.searchParams.set('state', state);
    if (this.deny) {
      this.deny = false;
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'The user has denied your application access. <script>alert(1)</script>');
    } else {
      const code = randomBytes(10).toString('hex');
      this.grants.set(code, { provider, clientId: FAKE_CLIENT.id, redirectUri, challenge: q.get('code_challenge'), user: { ...this.users[provider] }, used: false });
      back.searchParams.set('code', code);
    }
    res.writeHead(302, { location: back.toString() });
    res.end();
  }

  private tokenError(provider: FakeProvider, res: ServerResponse): void {
    // each provider's documented answer to a bad, expired or reused code
    if (provider === 'github') {
      return send(res, 200, { error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.', error_uri: 'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors/#bad-verification-code' });
    }
    if (provider === 'azure') {
      return send(res, 400, { error: 'invalid_grant', error_description: 'AADSTS70008: The provided authorization code or refresh token has expired due to inactivity.', error_codes: [70008], timestamp: '2026-11-23 10:00:00Z', trace_id: 'x', correlation_id: 'y' });
    }
    return send(res, 400, { error: 'invalid_grant', error_description: 'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.' });
  }

  private async token(provider: FakeProvider, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = new URLSearchParams(await readBody(req));
    if (this.tokenDown) return send(res, 500, { message: 'internal error at the provider' });
    let clientId = form.get('client_id');
    let secret = form.get('client_secret');
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
    if (basic?.[1]) {
      const [id = null, pass = null] = Buffer.from(basic[1], 'base64').toString().split(':');
      clientId = id;
      secret = pass;
    }
    if (clientId !== FAKE_CLIENT.id || secret !== FAKE_CLIENT.secret) {
      return send(res, provider === 'github' ? 200 : 401, { error: provider === 'github' ? 'incorrect_client_credentials' : 'invalid_client' });
    }
    const grant = this.grants.get(form.get('code') ?? '');
    if (!grant || grant.used || grant.provider !== provider || grant.redirectUri !== form.get('redirect_uri') || form.get('grant_type') !== 'authorization_code') {
      return this.tokenError(provider, res);
    }
    if (grant.challenge && b64url(form.get('code_verifier') ?? '') !== grant.challenge) return this.tokenError(provider, res);
    grant.used = true;
    const access = `${provider === 'github' ? 'gho_' : ''}${randomBytes(18).toString('base64url')}`;
    this.tokens.set(access, { provider, user: grant.user });
    this.issued.push(access);
    const payloads: Record<FakeProvider, unknown> = {
      github: { access_token: access, scope: 'read:org,read:user,repo,user:email', token_type: 'bearer' },
      google: { access_token: access, expires_in: 3599, token_type: 'Bearer', scope: 'openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile', id_token: 'eyJ.fake.jwt' },
      gitlab: { access_token: access, token_type: 'Bearer', expires_in: 7200, refresh_token: 'r1', scope: 'read_user read_api read_repository', created_at: 1607635748 },
      bitbucket: { access_token: access, scopes: 'account email repository', expires_in: 7200, refresh_token: 'r2', token_type: 'bearer', state: 'authorization_code' },
      azure: { token_type: 'Bearer', scope: 'openid profile email User.Read', expires_in: 3599, ext_expires_in: 3599, access_token: access, id_token: 'eyJ.fake.jwt' },
    };
    send(res, 200, payloads[provider]);
  }

  private userFor(req: IncomingMessage, provider: FakeProvider): FakeUser | null {
    // GitHub takes `token X` (what Octokit sends) as well as `Bearer X`
    const token = /^(?:Bearer|token) (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const found = token ? this.tokens.get(token) : undefined;
    return found && found.provider === provider ? found.user : null;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const u = new URL(req.url ?? '/', this.url);
    const p = u.pathname;
    const q = u.searchParams;
    const post = req.method === 'POST';
    // authorize and token endpoints
    if (p === '/github/login/oauth/authorize') return this.authorize('github', q, res);
    if (p === '/github/login/oauth/access_token' && post) return this.token('github', req, res);
    if (p === '/google/o/oauth2/v2/auth') return this.authorize('google', q, res);
    if (p === '/google/token' && post) return this.token('google', req, res);
    if (p === '/gitlab/oauth/authorize') return this.authorize('gitlab', q, res);
    if (p === '/gitlab/oauth/token' && post) return this.token('gitlab', req, res);
    if (p === '/bitbucket/site/oauth2/authorize') return this.authorize('bitbucket', q, res);
    if (p === '/bitbucket/site/oauth2/access_token' && post) return this.token('bitbucket', req, res);
    if (p === '/azure/common/oauth2/v2.0/authorize') return this.authorize('azure', q, res);
    if (p === '/azure/common/oauth2/v2.0/token' && post) return this.token('azure', req, res);

    const provider: FakeProvider | null = p.startsWith('/github-api/') ? 'github' : p.startsWith('/google/') ? 'google' : p.startsWith('/gitlab/') ? 'gitlab' : p.startsWith('/bitbucket-api/') ? 'bitbucket' : p.startsWith('/graph/') ? 'azure' : null;
    if (!provider) return send(res, 404, { message: 'Not Found' });
    const user = this.userFor(req, provider);
    if (!user) {
      if (provider === 'github') return send(res, 401, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' });
      return send(res, 401, { error: 'invalid_token' });
    }
    const [first = '', ...rest] = user.name.split(' ');
    switch (p) {
      case '/github-api/user':
        return send(res, 200, { login: user.login, id: user.id, node_id: 'MDQ6VXNlcjE=', avatar_url: 'https://github.com/images/error/octocat_happy.gif', type: 'User', site_admin: false, name: user.name, email: null });
      case '/github-api/user/emails':
        return send(res, 200, [
          { email: user.email, verified: user.emailVerified, primary: true, visibility: 'public' },
          { email: `${user.login}@users.noreply.github.com`, verified: true, primary: false, visibility: null },
        ]);
      case '/github-api/user/orgs':
        return send(res, 200, []);
      case '/github-api/user/repos':
        return send(
          res,
          200,
          this.githubRepos.map((r, i) => ({
            id: 1296269 + i,
            name: r.name,
            full_name: `${user.login}/${r.name}`,
            owner: { login: user.login, id: user.id, type: 'User' },
            private: r.private,
            html_url: `https://github.com/${user.login}/${r.name}`,
            clone_url: `https://github.com/${user.login}/${r.name}.git`,
            default_branch: 'main',
            visibility: r.private ? 'private' : 'public',
            archived: false,
            fork: false,
          })),
        );
      case '/google/v1/userinfo':
        return send(res, 200, { sub: String(user.id), name: user.name, given_name: first, family_name: rest.join(' '), picture: 'https://lh3.googleusercontent.com/a/photo.jpg', email: user.email, email_verified: user.emailVerified, locale: 'en' });
      case '/gitlab/api/v4/user':
        return send(res, 200, { id: user.id, username: user.login, name: user.name, state: 'active', avatar_url: 'http://localhost:3000/uploads/user/avatar/1/index.jpg', web_url: `http://localhost:3000/${user.login}`, email: user.email, confirmed_at: user.emailVerified ? '2012-05-23T09:05:22Z' : null });
      case '/bitbucket-api/2.0/user':
        return send(res, 200, { type: 'user', uuid: user.id, account_id: '557058:c0b72ad0', username: user.login, nickname: user.login, display_name: user.name, links: { avatar: { href: 'https://avatar-management--avatars.us-west-2.prod.public.atl-paas.net/default.png' } } });
      case '/bitbucket-api/2.0/user/emails':
        return send(res, 200, { pagelen: 10, values: [{ is_primary: true, is_confirmed: user.emailVerified, type: 'email', email: user.email, links: {} }], page: 1, size: 1 });
      case '/graph/v1.0/me':
        return send(res, 200, { '@odata.context': 'https://graph.microsoft.com/v1.0/$metadata#users/$entity', businessPhones: [], displayName: user.name, givenName: first, jobTitle: null, mail: user.email, mobilePhone: null, officeLocation: null, preferredLanguage: 'en-US', surname: rest.join(' '), userPrincipalName: user.login, id: String(user.id) });
      default:
        return send(res, 404, { message: 'Not Found' });
    }
  }
}
