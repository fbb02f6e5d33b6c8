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
 *   Azure DevOps (a Microsoft refresh token redeemed for scope 499b84ac-…/.default):
 *              {url}/vssps (/_apis/profile/profiles/me, /_apis/accounts?memberId=)
 *              {url}/ado   (/{org}/_apis/git/repositories)
 *
 * The authorize endpoint plays a user who consents at once (or refuses, with `deny`): it
 * redirects to redirect_uri with a code bound to the client, redirect_uri and PKCE challenge.
 * Codes are single use, as the providers' are.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoopbackFake } from './loopback-fake.ts';

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
  scope: string;
}

/** Azure DevOps' resource: the Microsoft token endpoint issues tokens for it on a refresh grant. */
const FAKE_ADO_SCOPE = '499b84ac-1321-427f-aa17-267ca6975798/.default offline_access';

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

export class FakeOAuth extends LoopbackFake {
  /** who signs in next at each provider */
  readonly users: Record<FakeProvider, FakeUser> = {
    github: { id: 583231, login: 'octocat', name: 'The Octocat', email: 'octocat@example.com', emailVerified: true },
    google: { id: '110169484474386276334', login: 'ada', name: 'Ada Lovelace', email: 'ada@example.com', emailVerified: true },
    gitlab: { id: 1, login: 'john_smith', name: 'John Smith', email: 'john@example.com', emailVerified: true },
    bitbucket: {
      id: '{e0b1a6b3-4f54-4b93-b3c1-1f2d0e0c1a2b}',
      login: 'tutorials',
      name: 'Tutorials Account',
      email: 'tutorials@example.com',
      emailVerified: true,
    },
    azure: {
      id: '87d349ed-44d7-43e1-9a83-5f2406dee5bd',
      login: 'AdeleV@contoso.com',
      name: 'Adele Vance',
      email: 'AdeleV@contoso.com',
      emailVerified: false,
    },
  };
  /** the next authorize refuses, as when the user clicks "Cancel" */
  deny = false;
  /** the token endpoint answers 500 (the provider is down) */
  tokenDown = false;
  private readonly grants = new Map<string, Grant>();
  private readonly tokens = new Map<string, { provider: FakeProvider; user: FakeUser }>();
  /** Microsoft refresh tokens (rotated on use, as Microsoft does) and the Azure DevOps tokens they bought */
  private readonly refreshTokens = new Map<string, FakeUser>();
  private readonly adoTokens = new Map<string, FakeUser>();
  /** the Azure DevOps organizations of the Microsoft user, and each one's repositories */
  adoOrganizations: Record<string, Array<{ project: string; name: string; isDisabled?: boolean }>> = {
    fabrikam: [
      { project: 'Fabrikam-Fiber-Git', name: 'Fabrikam-Fiber-Git' },
      { project: 'Fabrikam-Fiber-Git', name: 'Fabrikam-Web' },
    ],
  };
  /** Microsoft refuses the Azure DevOps token (the user has no Azure DevOps / no consent) */
  adoRefused = false;
  /** access tokens handed out, newest last */
  readonly issued: string[] = [];
  /** repositories GET /github-api/user/repos lists */
  githubRepos: Array<{ name: string; private: boolean }> = [
    { name: 'Hello-World', private: false },
    { name: 'Spoon-Knife', private: true },
  ];

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
    out.AZURE_DEVOPS_URL = `${this.url}/ado`;
    out.AZURE_DEVOPS_VSSPS_URL = `${this.url}/vssps`;
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
      this.grants.set(code, {
        provider,
        clientId: FAKE_CLIENT.id,
        redirectUri,
        challenge: q.get('code_challenge'),
        user: { ...this.users[provider] },
        used: false,
        scope: q.get('scope') ?? '',
      });
      back.searchParams.set('code', code);
    }
    res.writeHead(302, { location: back.toString() });
    res.end();
  }

  private tokenError(provider: FakeProvider, res: ServerResponse): void {
    // each provider's documented answer to a bad, expired or reused code
    if (provider === 'github') {
      return send(res, 200, {
        error: 'bad_verification_code',
        error_description: 'The code passed is incorrect or expired.',
        error_uri:
          'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors/#bad-verification-code',
      });
    }
    if (provider === 'azure') {
      return send(res, 400, {
        error: 'invalid_grant',
        error_description: 'AADSTS70008: The provided authorization code or refresh token has expired due to inactivity.',
        error_codes: [70008],
        timestamp: '2026-11-23 10:00:00Z',
        trace_id: 'x',
        correlation_id: 'y',
      });
    }
    return send(res, 400, {
      error: 'invalid_grant',
      error_description:
        'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.',
    });
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
      return send(res, provider === 'github' ? 200 : 401, {
        error: provider === 'github' ? 'incorrect_client_credentials' : 'invalid_client',
      });
    }
    if (provider === 'azure' && form.get('grant_type') === 'refresh_token') return this.azureRefresh(form, res);
    const grant = this.grants.get(form.get('code') ?? '');
    if (
      !grant ||
      grant.used ||
      grant.provider !== provider ||
      grant.redirectUri !== form.get('redirect_uri') ||
      form.get('grant_type') !== 'authorization_code'
    ) {
      return this.tokenError(provider, res);
    }
    if (grant.challenge && b64url(form.get('code_verifier') ?? '') !== grant.challenge) return this.tokenError(provider, res);
    grant.used = true;
    const access = `${provider === 'github' ? 'gho_' : ''}${randomBytes(18).toString('base64url')}`;
    this.tokens.set(access, { provider, user: grant.user });
    this.issued.push(access);
    const payloads: Record<FakeProvider, unknown> = {
      github: { access_token: access, scope: 'read:org,read:user,repo,user:email', token_type: 'bearer' },
      google: {
        access_token: access,
        expires_in: 3599,
        token_type: 'Bearer',
        scope: 'openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile',
        id_token: 'eyJ.fake.jwt',
      },
      gitlab: {
        access_token: access,
        token_type: 'Bearer',
        expires_in: 7200,
        refresh_token: 'r1',
        scope: 'read_user read_api read_repository',
        created_at: 1607635748,
      },
      bitbucket: {
        access_token: access,
        scopes: 'account email repository',
        expires_in: 7200,
        refresh_token: 'r2',
        token_type: 'bearer',
        state: 'authorization_code',
      },
      azure: {
        token_type: 'Bearer',
        scope: 'openid profile email User.Read',
        expires_in: 3599,
        ext_expires_in: 3599,
        access_token: access,
        id_token: 'eyJ.fake.jwt',
        // offline_access asked for: Microsoft adds a refresh token
        ...(grant.scope.split(' ').includes('offline_access') ? { refresh_token: this.mintRefresh(grant.user) } : {}),
      },
    };
    send(res, 200, payloads[provider]);
  }

  private mintRefresh(user: FakeUser): string {
    const token = `M.C5${randomBytes(24).toString('base64url')}`;
    this.refreshTokens.set(token, user);
    return token;
  }

  /** Microsoft's refresh grant, here only for Azure DevOps' resource (what the server asks for). */
  private azureRefresh(form: URLSearchParams, res: ServerResponse): void {
    const user = this.refreshTokens.get(form.get('refresh_token') ?? '');
    if (!user || this.adoRefused) {
      return send(res, 400, {
        error: 'invalid_grant',
        error_description: 'AADSTS65001: The user or administrator has not consented to use the application.',
        error_codes: [65001],
      });
    }
    if (form.get('scope') !== FAKE_ADO_SCOPE)
      return send(res, 400, {
        error: 'invalid_scope',
        error_description: 'AADSTS70011: The provided value for the input parameter scope is not valid.',
      });
    const access = `eyJ0eXAiOiJKV1Qi.ado.${randomBytes(12).toString('base64url')}`;
    this.adoTokens.set(access, user);
    this.issued.push(access);
    send(res, 200, {
      token_type: 'Bearer',
      scope: '499b84ac-1321-427f-aa17-267ca6975798/user_impersonation',
      expires_in: 3599,
      ext_expires_in: 3599,
      access_token: access,
      refresh_token: this.mintRefresh(user),
    });
  }

  /** Azure DevOps' profile, accounts and repositories APIs, for a token of its resource. */
  private azureDevOps(req: IncomingMessage, u: URL, res: ServerResponse): void {
    const token = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const user = token ? this.adoTokens.get(token) : undefined;
    // Azure DevOps answers an unusable token with 203 and its HTML sign-in page
    if (!user) {
      res.writeHead(203, { 'content-type': 'text/html; charset=utf-8' });
      return void res.end('<html><head><title>Azure DevOps Services | Sign In</title></head><body></body></html>');
    }
    const memberId = '3b5f0c34-4aec-4bf4-8708-1d36f0dbc468';
    if (u.pathname === '/vssps/_apis/profile/profiles/me') {
      return send(res, 200, {
        displayName: user.name,
        publicAlias: memberId,
        emailAddress: user.email,
        coreRevision: 1,
        timeStamp: '2026-01-01T00:00:00+00:00',
        id: memberId,
        revision: 1,
      });
    }
    if (u.pathname === '/vssps/_apis/accounts') {
      if (u.searchParams.get('memberId') !== memberId) return send(res, 400, { message: 'memberId is required' });
      const names = Object.keys(this.adoOrganizations);
      return send(res, 200, {
        count: names.length,
        value: names.map((n, i) => ({
          accountId: `0b1a2c3d-0000-0000-0000-00000000000${i}`,
          accountUri: `https://vssps.dev.azure.com/${n}/`,
          accountName: n,
          properties: {},
        })),
      });
    }
    const m = /^\/ado\/([^/]+)\/_apis\/git\/repositories$/.exec(u.pathname);
    const repos = m ? this.adoOrganizations[decodeURIComponent(m[1]!)] : undefined;
    if (!m || !repos) return send(res, 404, { message: 'TF400813: The resource cannot be found.' });
    const org = decodeURIComponent(m[1]!);
    return send(res, 200, {
      count: repos.length,
      value: repos.map((r, i) => ({
        id: `5febef5a-833d-4e14-b9c0-14cb638f91e${i}`,
        name: r.name,
        url: `https://dev.azure.com/${org}/_apis/git/repositories/${r.name}`,
        project: { id: '6ce954b1-ce1f-45d1-b94d-e6bf2464ba2c', name: r.project, state: 'wellFormed', visibility: 'private' },
        defaultBranch: 'refs/heads/main',
        size: 1024,
        remoteUrl: `https://${org}@dev.azure.com/${org}/${r.project}/_git/${r.name}`,
        sshUrl: `git@ssh.dev.azure.com:v3/${org}/${r.project}/${r.name}`,
        webUrl: `https://dev.azure.com/${org}/${r.project}/_git/${r.name}`,
        isDisabled: r.isDisabled ?? false,
      })),
    });
  }

  private userFor(req: IncomingMessage, provider: FakeProvider): FakeUser | null {
    // GitHub takes `token X` (what Octokit sends) as well as `Bearer X`
    const token = /^(?:Bearer|token) (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const found = token ? this.tokens.get(token) : undefined;
    return found && found.provider === provider ? found.user : null;
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
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
    if (p.startsWith('/vssps/') || p.startsWith('/ado/')) return this.azureDevOps(req, u, res);

    const provider: FakeProvider | null = p.startsWith('/github-api/')
      ? 'github'
      : p.startsWith('/google/')
        ? 'google'
        : p.startsWith('/gitlab/')
          ? 'gitlab'
          : p.startsWith('/bitbucket-api/')
            ? 'bitbucket'
            : p.startsWith('/graph/')
              ? 'azure'
              : null;
    if (!provider) return send(res, 404, { message: 'Not Found' });
    const user = this.userFor(req, provider);
    if (!user) {
      if (provider === 'github') return send(res, 401, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' });
      return send(res, 401, { error: 'invalid_token' });
    }
    const [first = '', ...rest] = user.name.split(' ');
    switch (p) {
      case '/github-api/user':
        return send(res, 200, {
          login: user.login,
          id: user.id,
          node_id: 'MDQ6VXNlcjE=',
          avatar_url: 'https://github.com/images/error/octocat_happy.gif',
          type: 'User',
          site_admin: false,
          name: user.name,
          email: null,
        });
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
        return send(res, 200, {
          sub: String(user.id),
          name: user.name,
          given_name: first,
          family_name: rest.join(' '),
          picture: 'https://lh3.googleusercontent.com/a/photo.jpg',
          email: user.email,
          email_verified: user.emailVerified,
          locale: 'en',
        });
      case '/gitlab/api/v4/user':
        return send(res, 200, {
          id: user.id,
          username: user.login,
          name: user.name,
          state: 'active',
          avatar_url: 'http://localhost:3000/uploads/user/avatar/1/index.jpg',
          web_url: `http://localhost:3000/${user.login}`,
          email: user.email,
          confirmed_at: user.emailVerified ? '2012-05-23T09:05:22Z' : null,
        });
      case '/bitbucket-api/2.0/user':
        return send(res, 200, {
          type: 'user',
          uuid: user.id,
          account_id: '557058:c0b72ad0',
          username: user.login,
          nickname: user.login,
          display_name: user.name,
          links: { avatar: { href: 'https://avatar-management--avatars.us-west-2.prod.public.atl-paas.net/default.png' } },
        });
      case '/bitbucket-api/2.0/user/emails':
        return send(res, 200, {
          pagelen: 10,
          values: [{ is_primary: true, is_confirmed: user.emailVerified, type: 'email', email: user.email, links: {} }],
          page: 1,
          size: 1,
        });
      case '/graph/v1.0/me':
        return send(res, 200, {
          '@odata.context': 'https://graph.microsoft.com/v1.0/$metadata#users/$entity',
          businessPhones: [],
          displayName: user.name,
          givenName: first,
          jobTitle: null,
          mail: user.email,
          mobilePhone: null,
          officeLocation: null,
          preferredLanguage: 'en-US',
          surname: rest.join(' '),
          userPrincipalName: user.login,
          id: String(user.id),
        });
      default:
        return send(res, 404, { message: 'Not Found' });
    }
  }
}
