/**
 * The refresh-token grant (RFC 6749 §6) at each identity provider's token endpoint, with the
 * client authentication that provider documents:
 *
 *   GitLab     POST {base}/oauth/token                 form client_id, client_secret, refresh_token, redirect_uri
 *   Bitbucket  POST {base}/site/oauth2/access_token    HTTP Basic client:secret, form refresh_token
 *   Microsoft  POST {authority}/oauth2/v2.0/token      form client_id, client_secret, refresh_token, scope
 *   Google     POST https://oauth2.googleapis.com/token form client_id, client_secret, refresh_token
 *   GitHub     POST {base}/login/oauth/access_token    form client_id, client_secret, refresh_token
 *              (GitHub Apps with expiring user tokens; errors come as HTTP 200 with `error`)
 *
 * GitLab, Bitbucket, Microsoft and GitHub rotate the refresh token (the answer carries a new one,
 * the old one stops working); Google keeps it (the answer has none, the old one stays).
 * The provider's own words go to the server log only.
 */
import type { OAuthProvider } from '@docent/contracts';
import type { OAuthConfig } from '../config.ts';
import { OAuthProviderFailure, PROVIDERS, providerJson } from './providers.ts';

export interface RefreshedTokens {
  accessToken: string;
  /** the rotated refresh token; null when the provider keeps the old one */
  refreshToken: string | null;
  /** seconds the access token lives, when the provider says */
  expiresIn: number | null;
}

/** Token fields of a token endpoint's JSON answer (authorization code or refresh grant). */
export function tokensFrom(body: Record<string, unknown>): RefreshedTokens | null {
  if (typeof body.access_token !== 'string' || !body.access_token) return null;
  const expires =
    typeof body.expires_in === 'number' ? body.expires_in : typeof body.expires_in === 'string' ? Number(body.expires_in) : NaN;
  return {
    accessToken: body.access_token,
    refreshToken: typeof body.refresh_token === 'string' && body.refresh_token ? body.refresh_token : null,
    expiresIn: Number.isFinite(expires) && expires > 0 ? expires : null,
  };
}

/**
 * Azure DevOps' resource (its application id) for the Microsoft identity platform: a token for it
 * is what Azure DevOps' REST APIs take. offline_access asks for a refresh token with it.
 */
const AZURE_DEVOPS_RESOURCE = '499b84ac-1321-427f-aa17-267ca6975798';
export const AZURE_DEVOPS_SCOPE = `${AZURE_DEVOPS_RESOURCE}/.default offline_access`;

/** The scope a refresh asks for: Microsoft needs it (one resource per token); the others keep the granted one. */
export function refreshScope(provider: string, vendor: string): string | undefined {
  return provider === 'azure' && vendor === 'AZUREDEVOPS' ? AZURE_DEVOPS_SCOPE : undefined;
}

/** Error codes meaning "this refresh token is dead": the user must sign in again. */
const DEAD_GRANT = new Set([
  'invalid_grant',
  'bad_refresh_token',
  'invalid_token',
  'unauthorized_client',
  'interaction_required',
  'consent_required',
]);

export class TokenRefresher {
  constructor(
    private readonly config: OAuthConfig,
    /** the Microsoft sign-in's redirect URIs are per provider; GitLab wants the one the token was issued for */
    private readonly redirectUri: (id: OAuthProvider) => string,
  ) {}

  /** True when this server can refresh tokens of the provider (it is configured). */
  supports(id: string): id is OAuthProvider {
    return Object.hasOwn(PROVIDERS, id) && Boolean(this.config[id as OAuthProvider]);
  }

  /**
   * Trades a refresh token for a new access token. Throws OAuthProviderFailure: 'rejected-code'
   * when the provider refuses the refresh token (re-authorisation needed), 'unavailable' otherwise.
   */
  async refresh(id: OAuthProvider, refreshToken: string, scope?: string): Promise<RefreshedTokens> {
    const spec = PROVIDERS[id];
    const conf = this.config[id];
    if (!conf) throw new OAuthProviderFailure('rejected-code', `${spec.label} sign-in is no longer configured on this server`);
    const form = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken });
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    if (spec.clientAuth === 'basic')
      headers.authorization = `Basic ${Buffer.from(`${conf.clientId}:${conf.clientSecret}`).toString('base64')}`;
    else {
      form.set('client_id', conf.clientId);
      form.set('client_secret', conf.clientSecret);
    }
    if (id === 'gitlab') form.set('redirect_uri', this.redirectUri(id));
    if (scope) form.set('scope', scope);
    const { status, body } = await providerJson(spec.label, spec.tokenUrl(conf), { method: 'POST', headers, body: form.toString() });
    const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    if (typeof b.error === 'string') {
      throw new OAuthProviderFailure(
        DEAD_GRANT.has(b.error) || status === 400 || status === 401 ? 'rejected-code' : 'unavailable',
        `${spec.label} refresh: HTTP ${status} error=${b.error}`,
      );
    }
    const tokens = status >= 200 && status < 300 ? tokensFrom(b) : null;
    if (!tokens) {
      throw new OAuthProviderFailure(
        status === 400 || status === 401 ? 'rejected-code' : 'unavailable',
        `${spec.label} refresh: HTTP ${status} without an access token`,
      );
    }
    return tokens;
  }
}
