/**
 * Signing in with Microsoft also connects Azure DevOps: the sign-in's refresh token
 * is traded for a token of Azure DevOps' own resource (499b84ac-…/.default — a Microsoft token
 * serves one resource, and a refresh token may be redeemed for any resource the user consented
 * to), then the organizations the user belongs to are read from the profile and accounts
 * service, one vendor connection per organization:
 *
 *   GET {vssps}/_apis/profile/profiles/me?api-version=7.1           → { id, displayName, emailAddress, … }
 *   GET {vssps}/_apis/accounts?memberId={id}&api-version=7.1        → { count, value: [{ accountId, accountName, accountUri }] }
 *
 * Repositories are then listed per organization by the Azure DevOps adapter
 * (GET {devops}/{org}/_apis/git/repositories?api-version=7.1), as for a PAT.
 */
import type { OAuthProviderConfig } from '../config.ts';
import type { VendorCredential } from '../vendors/hosted-types.ts';
import { OAuthProviderFailure, providerJson } from './providers.ts';
import { AZURE_DEVOPS_SCOPE, TokenRefresher, type RefreshedTokens } from './refresh.ts';

const DEFAULT_DEVOPS_URL = 'https://dev.azure.com';
const API_VERSION = 'api-version=7.1';
/** More organizations than any person belongs to; bounds what one sign-in stores. */
const MAX_ORGANIZATIONS = 100;

export interface AzureDevOpsGrant {
  tokens: RefreshedTokens;
  /** the Azure DevOps organizations of the user, each with the credential its connection stores */
  organizations: Array<{ name: string; credential: VendorCredential }>;
}

async function getJson<T>(url: string, token: string): Promise<T> {
  const { status, body } = await providerJson('Azure DevOps', url, { headers: { authorization: `Bearer ${token}` } });
  if (status < 200 || status > 299 || !body || typeof body !== 'object') {
    throw new OAuthProviderFailure('unavailable', `Azure DevOps ${new URL(url).pathname} answered HTTP ${status}`);
  }
  return body as T;
}

/**
 * The Azure DevOps token and organizations for a Microsoft sign-in, or null when the sign-in
 * gave no refresh token (offline_access refused). Throws OAuthProviderFailure when Microsoft
 * refuses the Azure DevOps token (the user has no Azure DevOps, or consent was not given) or
 * Azure DevOps cannot be asked.
 */
export async function azureDevOpsGrant(conf: OAuthProviderConfig, refreshToken: string | null): Promise<AzureDevOpsGrant | null> {
  if (!refreshToken) return null;
  const tokens = await new TokenRefresher({ azure: conf }, () => '').refresh('azure', refreshToken, AZURE_DEVOPS_SCOPE);
  const vssps = conf.vsspsUrl ?? 'https://app.vssps.visualstudio.com';
  const devops = conf.devopsUrl ?? DEFAULT_DEVOPS_URL;
  const me = await getJson<{ id?: unknown }>(`${vssps}/_apis/profile/profiles/me?${API_VERSION}`, tokens.accessToken);
  if (typeof me.id !== 'string' || !me.id) throw new OAuthProviderFailure('unavailable', 'Azure DevOps profile without an id');
  const accounts = await getJson<{ value?: Array<{ accountName?: unknown }> }>(
    `${vssps}/_apis/accounts?${new URLSearchParams({ memberId: me.id })}&${API_VERSION}`,
    tokens.accessToken,
  );
  const names = (Array.isArray(accounts.value) ? accounts.value : [])
    .map((a) => (typeof a.accountName === 'string' ? a.accountName.trim() : ''))
    // an organization name is letters, digits, '-' (Azure DevOps' rule); anything else is not used in a URL
    .filter((n) => /^[A-Za-z0-9][A-Za-z0-9-]{0,49}$/.test(n))
    .slice(0, MAX_ORGANIZATIONS);
  return {
    tokens,
    organizations: [...new Set(names)].map((name) => ({
      name,
      credential: {
        token: tokens.accessToken,
        kind: 'oauth',
        organization: name,
        ...(devops === DEFAULT_DEVOPS_URL ? {} : { baseUrl: `${devops}/${encodeURIComponent(name)}` }),
      },
    })),
  };
}
