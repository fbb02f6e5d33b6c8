/**
 * The five identity providers for sign-in, each with its documented endpoints:
 * where the browser authorizes, where the code becomes a token, and where the user (and the
 * verified state of the email address) is read. Code hosts also describe the vendor connection
 * their token becomes. Nothing here knows about accounts; see ./service.ts.
 */
import type { Agent } from 'undici';
import type { OAuthProvider } from '@docent/contracts';
import type { OAuthProviderConfig } from '../config.ts';
import { policyFetch } from '../net/outbound.ts';
import type { VendorCredential } from '../vendors/hosted-types.ts';
import type { HostedVendor } from '../vendors/index.ts';

export interface OAuthProfile {
  /** the provider's stable id of the user (never the login name, which can change) */
  id: string;
  login: string | null;
  email: string | null;
  /** only true when the provider itself says the address is verified */
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  avatarUrl: string | null;
}

export type LoginColumn = 'github_login_id' | 'google_login_id' | 'gitlab_login_id' | 'bitbucket_login_id' | 'azure_login_id';

/** Why talking to the provider failed; `internal` is for the server log only (never answered). */
export class OAuthProviderFailure extends Error {
  override readonly name = 'OAuthProviderFailure';
  constructor(
    readonly kind: 'rejected-code' | 'unavailable',
    readonly internal: string,
  ) {
    super(kind);
  }
}

export interface ProviderSpec {
  id: OAuthProvider;
  label: string;
  loginColumn: LoginColumn;
  /** the code host whose connection the token becomes; absent for Google and Microsoft */
  vendor?: HostedVendor;
  /** RFC 7636 S256 supported by the provider */
  pkce: boolean;
  scope: string;
  authorizeUrl(c: OAuthProviderConfig): string;
  tokenUrl(c: OAuthProviderConfig): string;
  /** client authentication at the token endpoint: form fields, or HTTP Basic (Bitbucket) */
  clientAuth: 'body' | 'basic';
  profile(c: OAuthProviderConfig, accessToken: string): Promise<OAuthProfile>;
  connection?(c: OAuthProviderConfig, accessToken: string): VendorCredential;
}

const TIMEOUT_MS = 15_000;

/** One JSON GET/POST to the provider; any failure becomes an OAuthProviderFailure. */
export async function providerJson(
  label: string,
  url: string,
  init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: unknown }> {
  let res: Awaited<ReturnType<typeof policyFetch>>;
  let text: string;
  try {
    res = await policyFetch(url, {
      method: init.method ?? 'GET',
      headers: { accept: 'application/json', 'user-agent': 'Docent', ...init.headers },
      ...(init.body === undefined ? {} : { body: init.body }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    } as Parameters<typeof policyFetch>[1] & { dispatcher?: Agent });
    text = await res.text();
  } catch (err) {
    throw new OAuthProviderFailure('unavailable', `${label}: ${(err as Error).message}`);
  }
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON: keep the text for the log */
  }
  return { status: res.status, body };
}

async function getJson<T>(label: string, url: string, accessToken: string): Promise<T> {
  const { status, body } = await providerJson(label, url, { headers: { authorization: `Bearer ${accessToken}` } });
  if (status < 200 || status > 299 || !body || typeof body !== 'object') {
    throw new OAuthProviderFailure('unavailable', `${label} ${new URL(url).pathname} answered HTTP ${status}`);
  }
  return body as T;
}

function splitName(name: string | null | undefined): { firstName: string; lastName: string } {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  return { firstName: parts[0] ?? '', lastName: parts.slice(1).join(' ') };
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const idOf = (v: unknown): string | null => (typeof v === 'number' || (typeof v === 'string' && v) ? String(v) : null);

function mustId(label: string, v: unknown): string {
  const id = idOf(v);
  if (!id) throw new OAuthProviderFailure('unavailable', `${label} answered a user without an id`);
  return id;
}

const github: ProviderSpec = {
  id: 'github',
  label: 'GitHub',
  loginColumn: 'github_login_id',
  vendor: 'GITHUB',
  pkce: true,
  // read:org and repo let the stored connection list (private) repositories at once.
  scope: 'read:user user:email read:org repo',
  authorizeUrl: (c) => `${c.baseUrl}/login/oauth/authorize`,
  tokenUrl: (c) => `${c.baseUrl}/login/oauth/access_token`,
  clientAuth: 'body',
  async profile(c, token) {
    const user = await getJson<Record<string, unknown>>('GitHub', `${c.apiUrl}/user`, token);
    const emails = await getJson<Array<Record<string, unknown>>>('GitHub', `${c.apiUrl}/user/emails`, token);
    const list = Array.isArray(emails) ? emails : [];
    const primary = list.find((e) => e.primary === true) ?? list[0];
    return {
      id: mustId('GitHub', user.id),
      login: str(user.login),
      email: str(primary?.email) ?? str(user.email),
      emailVerified: primary?.verified === true,
      ...splitName(str(user.name) ?? str(user.login)),
      avatarUrl: str(user.avatar_url),
    };
  },
  connection: (c, token) => ({ token, kind: 'oauth', ...(c.apiUrl === 'https://api.github.com' ? {} : { baseUrl: c.apiUrl }) }),
};

const google: ProviderSpec = {
  id: 'google',
  label: 'Google',
  loginColumn: 'google_login_id',
  pkce: true,
  scope: 'openid email profile',
  authorizeUrl: (c) => `${c.baseUrl}/o/oauth2/v2/auth`,
  tokenUrl: (c) => (c.baseUrl === 'https://accounts.google.com' ? 'https://oauth2.googleapis.com/token' : `${c.baseUrl}/token`),
  clientAuth: 'body',
  async profile(c, token) {
    const info = await getJson<Record<string, unknown>>('Google', `${c.apiUrl}/v1/userinfo`, token);
    return {
      id: mustId('Google', info.sub),
      login: null,
      email: str(info.email),
      emailVerified: info.email_verified === true || info.email_verified === 'true',
      firstName: str(info.given_name) ?? splitName(str(info.name)).firstName,
      lastName: str(info.family_name) ?? splitName(str(info.name)).lastName,
      avatarUrl: str(info.picture),
    };
  },
};

const gitlab: ProviderSpec = {
  id: 'gitlab',
  label: 'GitLab',
  loginColumn: 'gitlab_login_id',
  vendor: 'GITLAB',
  pkce: true,
  scope: 'read_user read_api read_repository',
  authorizeUrl: (c) => `${c.baseUrl}/oauth/authorize`,
  tokenUrl: (c) => `${c.baseUrl}/oauth/token`,
  clientAuth: 'body',
  async profile(c, token) {
    const user = await getJson<Record<string, unknown>>('GitLab', `${c.apiUrl}/api/v4/user`, token);
    return {
      id: mustId('GitLab', user.id),
      login: str(user.username),
      email: str(user.email),
      // GitLab's primary address is confirmed when confirmed_at is set (an instance may skip confirmation).
      emailVerified: Boolean(str(user.confirmed_at)),
      ...splitName(str(user.name) ?? str(user.username)),
      avatarUrl: str(user.avatar_url),
    };
  },
  connection: (c, token) => ({ token, kind: 'oauth', ...(c.apiUrl === 'https://gitlab.com' ? {} : { baseUrl: c.apiUrl }) }),
};

const bitbucket: ProviderSpec = {
  id: 'bitbucket',
  label: 'Bitbucket',
  loginColumn: 'bitbucket_login_id',
  vendor: 'BITBUCKET',
  // Bitbucket Cloud documents no PKCE; the state cookie and the client secret protect the code.
  pkce: false,
  scope: 'account email repository',
  authorizeUrl: (c) => `${c.baseUrl}/site/oauth2/authorize`,
  tokenUrl: (c) => `${c.baseUrl}/site/oauth2/access_token`,
  clientAuth: 'basic',
  async profile(c, token) {
    const user = await getJson<Record<string, unknown>>('Bitbucket', `${c.apiUrl}/2.0/user`, token);
    const emails = await getJson<{ values?: Array<Record<string, unknown>> }>('Bitbucket', `${c.apiUrl}/2.0/user/emails`, token);
    const list = Array.isArray(emails.values) ? emails.values : [];
    const primary = list.find((e) => e.is_primary === true) ?? list[0];
    const avatar = (user.links as { avatar?: { href?: unknown } } | undefined)?.avatar?.href;
    return {
      id: mustId('Bitbucket', user.uuid ?? user.account_id),
      login: str(user.username) ?? str(user.nickname),
      email: str(primary?.email),
      emailVerified: primary?.is_confirmed === true,
      ...splitName(str(user.display_name) ?? str(user.username)),
      avatarUrl: str(avatar),
    };
  },
  connection: (c, token) => ({ token, kind: 'oauth', ...(c.apiUrl === 'https://api.bitbucket.org' ? {} : { baseUrl: c.apiUrl }) }),
};

const azure: ProviderSpec = {
  id: 'azure',
  label: 'Azure DevOps',
  loginColumn: 'azure_login_id',
  // The code's token is Microsoft Graph's (the first resource asked for) and identifies the user;
  // offline_access brings a refresh token that ./azure-devops.ts trades for an Azure DevOps token
  // (its user_impersonation scope is consented here), which becomes the Azure DevOps connections.
  vendor: 'AZUREDEVOPS',
  pkce: true,
  scope: 'openid profile email offline_access User.Read 499b84ac-1321-427f-aa17-267ca6975798/user_impersonation',
  authorizeUrl: (c) => `${c.baseUrl}/oauth2/v2.0/authorize`,
  tokenUrl: (c) => `${c.baseUrl}/oauth2/v2.0/token`,
  clientAuth: 'body',
  async profile(c, token) {
    const me = await getJson<Record<string, unknown>>('Microsoft', `${c.apiUrl}/v1.0/me`, token);
    return {
      id: mustId('Microsoft', me.id),
      login: str(me.userPrincipalName),
      email: str(me.mail) ?? str(me.userPrincipalName),
      // Graph's mail is whatever a tenant's admin typed; Microsoft does not vouch for it, so it
      // never links to an existing account (the "nOAuth" takeover) and a new account starts unverified.
      emailVerified: false,
      firstName: str(me.givenName) ?? splitName(str(me.displayName)).firstName,
      lastName: str(me.surname) ?? splitName(str(me.displayName)).lastName,
      avatarUrl: null,
    };
  },
};

export const PROVIDERS: Record<OAuthProvider, ProviderSpec> = { github, google, gitlab, bitbucket, azure };
export const PROVIDER_ORDER: OAuthProvider[] = ['github', 'google', 'gitlab', 'bitbucket', 'azure'];
