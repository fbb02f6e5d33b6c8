/**
 * GitLab's API basics, shared by the adapter, the merge-request reporter and hook registration:
 * the auth rule, the API root of an instance, a project's URL.
 */
import { trimBase, type RepoRef, type VendorCredential } from '../hosted-types.ts';

const PUBLIC_INSTANCE = 'https://gitlab.com';

/** Personal, project and group tokens use PRIVATE-TOKEN; OAuth tokens are Bearer tokens. */
export function gitlabAuthHeaders(cred: VendorCredential): Record<string, string> {
  return cred.kind === 'oauth' ? { authorization: `Bearer ${cred.token}` } : { 'private-token': cred.token };
}

/** API root of an instance; accepts the instance URL with or without `/api/v4`. */
export function gitlabApiRoot(cred: VendorCredential): string {
  const base = trimBase(cred.baseUrl ?? PUBLIC_INSTANCE);
  return base.endsWith('/api/v4') ? base : `${base}/api/v4`;
}

/** A project's API URL: GitLab takes the URL-encoded `namespace/path` as its id. */
export function gitlabProjectUrl(cred: VendorCredential, repo: RepoRef): string {
  return `${gitlabApiRoot(cred)}/projects/${encodeURIComponent(`${repo.organizationName}/${repo.repoName}`)}`;
}
