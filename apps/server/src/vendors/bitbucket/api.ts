/**
 * Bitbucket Cloud's API basics, shared by the adapter, the pull-request reporter and hook
 * registration: the auth rule, the API root, a repository's URL.
 */
import { trimBase, type RepoRef, type VendorCredential } from '../hosted-types.ts';

const PUBLIC_API = 'https://api.bitbucket.org';

/** An app password or API token with its user: HTTP Basic; any other token: Bearer. */
export function bitbucketAuthHeaders(cred: VendorCredential): Record<string, string> {
  if (cred.username) return { authorization: `Basic ${Buffer.from(`${cred.username}:${cred.token}`).toString('base64')}` };
  return { authorization: `Bearer ${cred.token}` };
}

/** The API root (`…/2.0`): the credential's origin (tests) or api.bitbucket.org. */
export function bitbucketApiRoot(cred: VendorCredential): string {
  return `${trimBase(cred.baseUrl ?? PUBLIC_API)}/2.0`;
}

/** A repository's API URL, `/2.0/repositories/{workspace}/{repo_slug}`. */
export function bitbucketRepoUrl(cred: VendorCredential, repo: RepoRef): string {
  return `${bitbucketApiRoot(cred)}/repositories/${encodeURIComponent(repo.organizationName)}/${encodeURIComponent(repo.repoName)}`;
}
