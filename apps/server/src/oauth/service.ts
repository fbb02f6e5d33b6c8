/**
 * OAuth 2 sign-in: the authorization code flow with a single-use `state`
 * bound to the browser by a signed, short-lived cookie, PKCE (S256) where the provider
 * supports it, and account linking by verified email only.
 *
 * The provider's own words (error descriptions, HTTP bodies) go to the server log, never into
 * an answer: every failure the user sees is one of the messages below.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { ErrorCode, type AuthResponse, type OAuthProvider } from '@docent/contracts';
import type { OAuthConfig, OAuthProviderConfig } from '../config.ts';
import type { SecretBox } from '../crypto/secretbox.ts';
import type { Database, UserRow } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import type { UserRepository } from '../users/repository.ts';
import type { ConnectionRepository } from '../vendors/connections.ts';
import type { HostedVendor } from '../vendors/index.ts';
import { hashPassword } from '../auth/passwords.ts';
import { OAuthProviderFailure, PROVIDER_ORDER, PROVIDERS, providerJson, type OAuthProfile, type ProviderSpec } from './providers.ts';
import { tokensFrom, type RefreshedTokens } from './refresh.ts';
import { azureDevOpsGrant } from './azure-devops.ts';

/** How long a started sign-in may take at the provider (the cookie and the stored state). */
export const STATE_TTL_SECONDS = 600;
const COOKIE_PREFIX = 'docent_oauth_';

const OAUTH_MESSAGES = {
  notConfigured: (label: string) => `Sign-in with ${label} is not available on this server.`,
  stateInvalid:
    'This sign-in attempt is no longer valid (it expired, was already used or was started in another browser). Please start again.',
  codeRejected: (label: string) => `${label} did not accept the sign-in (it expired or was already used). Please start again.`,
  unavailable: (label: string) => `${label} could not complete the sign-in right now. Please try again later.`,
  noEmail: (label: string) => `Your ${label} account has no email address we can use. Add one at ${label} and try again.`,
  unverifiedProviderEmail: (label: string) =>
    `An account with this email address already exists, but ${label} does not confirm that the address is verified. Sign in with your password, or verify the address at ${label} and try again.`,
  unverifiedAccount: (label: string) =>
    `An account with this email address exists but its address is not verified yet. Sign in with your password and verify your email first; then you can sign in with ${label}.`,
  linkedElsewhere: (label: string) => `This account is already linked to another ${label} account.`,
} as const;

const sha256 = (v: string) => createHash('sha256').update(v).digest('base64url');

/** What the routes need to issue sessions; AuthService provides it. */
export interface SessionIssuer {
  issueSession(row: UserRow): Promise<AuthResponse>;
  sendActivationLink(row: UserRow): Promise<boolean>;
}

export interface OAuthDeps {
  db: Kysely<Database>;
  config: OAuthConfig;
  appUrl: string;
  /** key for the cookie's HMAC */
  secret: Uint8Array;
  box: SecretBox;
  users: UserRepository;
  connections: ConnectionRepository;
  sessions: SessionIssuer;
  log: FastifyBaseLogger;
  /** called after a code host's token was stored as a connection (starts its sync) */
  onConnected?: (row: UserRow, vendor: HostedVendor) => void;
}

export class OAuthService {
  constructor(private readonly d: OAuthDeps) {}

  /** The configured providers, in a fixed order. */
  configured(): Array<{ id: OAuthProvider; label: string }> {
    return PROVIDER_ORDER.filter((id) => this.d.config[id]).map((id) => ({ id, label: PROVIDERS[id].label }));
  }

  private providerOrThrow(id: OAuthProvider): { spec: ProviderSpec; conf: OAuthProviderConfig } {
    const spec = PROVIDERS[id];
    const conf = this.d.config[id];
    if (!conf) throw new HttpError(404, ErrorCode.OAUTH_NOT_CONFIGURED, OAUTH_MESSAGES.notConfigured(spec.label));
    return { spec, conf };
  }

  /** The app page the provider sends the browser back to (it forwards code and state to the API). */
  redirectUri(id: OAuthProvider): string {
    return `${this.d.appUrl}/oauth/${id}`;
  }

  cookieName(id: OAuthProvider): string {
    return `${COOKIE_PREFIX}${id}`;
  }

  private signNonce(nonce: string): string {
    return `${nonce}.${createHmac('sha256', this.d.secret).update(`oauth-cookie:${nonce}`).digest('base64url')}`;
  }

  /** The nonce of a cookie whose signature holds, else null. */
  private nonceOf(cookie: string | undefined): string | null {
    if (!cookie) return null;
    const [nonce, mac] = cookie.split('.');
    if (!nonce || !mac) return null;
    const expected = Buffer.from(this.signNonce(nonce));
    const given = Buffer.from(cookie);
    return expected.length === given.length && timingSafeEqual(expected, given) ? nonce : null;
  }

  /** Starts a sign-in: stores the state, answers the provider's authorize URL and the cookie value. */
  async start(id: OAuthProvider): Promise<{ url: string; cookie: string }> {
    const { spec, conf } = this.providerOrThrow(id);
    const state = randomBytes(32).toString('base64url');
    const nonce = randomBytes(32).toString('base64url');
    const verifier = randomBytes(48).toString('base64url');
    await this.d.db.deleteFrom('oauth_states').where('expires_at', '<', new Date()).execute();
    await this.d.db
      .insertInto('oauth_states')
      .values({
        state_hash: sha256(state),
        provider: id,
        browser_hash: sha256(nonce),
        verifier_sealed: this.d.box.seal(verifier),
        expires_at: new Date(Date.now() + STATE_TTL_SECONDS * 1000),
      })
      .execute();
    const url = new URL(spec.authorizeUrl(conf));
    url.searchParams.set('client_id', conf.clientId);
    url.searchParams.set('redirect_uri', this.redirectUri(id));
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', spec.scope);
    url.searchParams.set('state', state);
    if (spec.pkce) {
      url.searchParams.set('code_challenge', sha256(verifier));
      url.searchParams.set('code_challenge_method', 'S256');
    }
    if (id === 'google') url.searchParams.set('prompt', 'select_account');
    return { url: url.toString(), cookie: this.signNonce(nonce) };
  }

  /**
   * Checks the state against the browser's cookie and uses it up (once, atomically), then returns
   * the PKCE verifier. Any mismatch reads the same, so the answer does not tell which part failed.
   */
  private async consumeState(id: OAuthProvider, state: string, cookie: string | undefined): Promise<string> {
    const refuse = () => new HttpError(400, ErrorCode.OAUTH_STATE_INVALID, OAUTH_MESSAGES.stateInvalid);
    const nonce = this.nonceOf(cookie);
    if (!nonce) throw refuse();
    const row = await this.d.db.selectFrom('oauth_states').selectAll().where('state_hash', '=', sha256(state)).executeTakeFirst();
    if (!row || row.provider !== id || row.browser_hash !== sha256(nonce) || new Date(row.expires_at).getTime() < Date.now())
      throw refuse();
    const used = await this.d.db
      .deleteFrom('oauth_states')
      .where('state_hash', '=', row.state_hash)
      .returning('verifier_sealed')
      .executeTakeFirst();
    if (!used) throw refuse(); // a second callback with the same state raced this one and won
    return this.d.box.open(used.verifier_sealed);
  }

  private async exchange(spec: ProviderSpec, conf: OAuthProviderConfig, code: string, verifier: string): Promise<RefreshedTokens> {
    const form = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: this.redirectUri(spec.id) });
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    if (spec.clientAuth === 'basic') {
      headers.authorization = `Basic ${Buffer.from(`${conf.clientId}:${conf.clientSecret}`).toString('base64')}`;
    } else {
      form.set('client_id', conf.clientId);
      form.set('client_secret', conf.clientSecret);
    }
    if (spec.pkce) form.set('code_verifier', verifier);
    const { status, body } = await providerJson(spec.label, spec.tokenUrl(conf), { method: 'POST', headers, body: form.toString() });
    const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    if (typeof b.error === 'string') {
      // GitHub answers 200 with an error field; the others 400/401.
      const rejected = ['bad_verification_code', 'invalid_grant', 'invalid_request'].includes(b.error);
      throw new OAuthProviderFailure(
        rejected ? 'rejected-code' : 'unavailable',
        `${spec.label} token endpoint: HTTP ${status} error=${b.error}`,
      );
    }
    const tokens = status >= 200 && status <= 299 ? tokensFrom(b) : null;
    if (!tokens) throw new OAuthProviderFailure('unavailable', `${spec.label} token endpoint: HTTP ${status} without an access token`);
    return tokens;
  }

  /** Completes a sign-in: the code becomes a token, the token a profile, the profile an account. */
  async finish(id: OAuthProvider, code: string, state: string, cookie: string | undefined): Promise<AuthResponse> {
    const { spec, conf } = this.providerOrThrow(id);
    const verifier = await this.consumeState(id, state, cookie);
    let tokens: RefreshedTokens;
    let profile: OAuthProfile;
    try {
      tokens = await this.exchange(spec, conf, code, verifier);
      profile = await spec.profile(conf, tokens.accessToken);
    } catch (err) {
      if (!(err instanceof OAuthProviderFailure)) throw err;
      this.d.log.warn({ provider: id, failure: err.kind, detail: err.internal }, 'oauth sign-in failed at the provider');
      if (err.kind === 'rejected-code')
        throw new HttpError(400, ErrorCode.OAUTH_PROVIDER_ERROR, OAUTH_MESSAGES.codeRejected(spec.label), { cause: err });
      throw new HttpError(502, ErrorCode.OAUTH_PROVIDER_ERROR, OAUTH_MESSAGES.unavailable(spec.label), { cause: err });
    }
    const row = await this.account(spec, profile);
    if (id === 'azure') await this.connectAzureDevOps(row, conf, tokens);
    else if (spec.vendor && spec.connection) {
      // The refresh token and expiry come along (sealed), so an expiring token is renewed before use.
      await this.d.connections.upsert(row.id, spec.vendor, spec.connection(conf, tokens.accessToken), profile.login, {
        provider: id,
        refreshToken: tokens.refreshToken,
        expiresIn: tokens.expiresIn,
      });
      this.d.onConnected?.(row, spec.vendor);
    }
    return this.d.sessions.issueSession(row);
  }

  /**
   * A Microsoft sign-in connects the user's Azure DevOps organizations. Not having Azure DevOps
   * (or Microsoft refusing its token) does not fail the sign-in: the user is signed in without it
   * and can still connect with a personal access token.
   */
  private async connectAzureDevOps(row: UserRow, conf: OAuthProviderConfig, tokens: RefreshedTokens): Promise<void> {
    let grant: Awaited<ReturnType<typeof azureDevOpsGrant>>;
    try {
      grant = await azureDevOpsGrant(conf, tokens.refreshToken);
    } catch (err) {
      if (!(err instanceof OAuthProviderFailure)) throw err;
      this.d.log.warn(
        { provider: 'azure', failure: err.kind, detail: err.internal },
        'no Azure DevOps connection from the Microsoft sign-in',
      );
      return;
    }
    if (!grant || grant.organizations.length === 0) return;
    for (const org of grant.organizations) {
      await this.d.connections.upsert(row.id, 'AZUREDEVOPS', org.credential, org.name, {
        provider: 'azure',
        refreshToken: grant.tokens.refreshToken ?? tokens.refreshToken,
        expiresIn: grant.tokens.expiresIn,
      });
    }
    this.d.onConnected?.(row, 'AZUREDEVOPS');
  }

  /** The account of this identity: already linked, linked now by verified email, or new. */
  private async account(spec: ProviderSpec, p: OAuthProfile): Promise<UserRow> {
    const col = spec.loginColumn;
    const linked = await this.d.db.selectFrom('users').selectAll().where(col, '=', p.id).executeTakeFirst();
    if (linked) return linked;
    if (!p.email) throw new HttpError(400, ErrorCode.OAUTH_EMAIL_UNVERIFIED, OAUTH_MESSAGES.noEmail(spec.label));
    const existing = await this.d.users.byEmail(p.email);
    if (existing) {
      // Linking hands the account to whoever controls the identity: only when both sides vouch
      // for the address. An unverified account could be a squatter's (pre-hijacking), an
      // unverified provider address could be anyone's.
      if (!p.emailVerified) throw new HttpError(409, ErrorCode.OAUTH_EMAIL_UNVERIFIED, OAUTH_MESSAGES.unverifiedProviderEmail(spec.label));
      if (!existing.is_verified) throw new HttpError(409, ErrorCode.OAUTH_EMAIL_UNVERIFIED, OAUTH_MESSAGES.unverifiedAccount(spec.label));
      if (existing[col] && existing[col] !== p.id)
        throw new HttpError(409, ErrorCode.OAUTH_ACCOUNT_CONFLICT, OAUTH_MESSAGES.linkedElsewhere(spec.label));
      return this.d.users.update(existing.id, { [col]: p.id, ...(existing.img_url ? {} : { img_url: p.avatarUrl }) });
    }
    const row = await this.d.users
      .insert({
        first_name: (p.firstName || p.login || p.email.split('@')[0] || 'User').slice(0, 100),
        last_name: p.lastName.slice(0, 100),
        user_name: await this.freeUserName(p.login ?? p.email.split('@')[0] ?? 'user'),
        email: p.email.toLowerCase(),
        // No password: a random one nobody knows; "forgot password" sets a real one.
        password_hash: await hashPassword(randomBytes(32).toString('base64url')),
        plan_type: null,
        img_url: p.avatarUrl,
        github_login_id: null,
        google_login_id: null,
        [col]: p.id,
        is_verified: p.emailVerified,
      })
      .catch((err: { code?: string }) => {
        if (err.code === '23505')
          throw new HttpError(409, ErrorCode.EMAIL_TAKEN, 'An account with this email already exists. Please try again.');
        throw err;
      });
    if (!row.is_verified) await this.d.sessions.sendActivationLink(row);
    return row;
  }

  private async freeUserName(wanted: string): Promise<string> {
    const base = wanted
      .replace(/[^A-Za-z0-9._-]/g, '')
      .slice(0, 30)
      .padEnd(3, '0');
    if (!(await this.d.users.userNameTaken(base))) return base;
    for (;;) {
      const candidate = `${base}${(randomBytes(2).readUInt16BE(0) % 9000) + 1000}`;
      if (!(await this.d.users.userNameTaken(candidate))) return candidate;
    }
  }
}
