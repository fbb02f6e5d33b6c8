/**
 * Azure DevOps' API basics, shared by the adapter, the pull-request reporter and hook
 * registration: the auth rule, the collection URL, and Docent's `{project}/{repository}` name.
 */
import { trimBase, VENDOR_LABEL, VendorApiError, type VendorCredential } from '../hosted-types.ts';

const SERVICES_HOST = 'https://dev.azure.com';

/** A PAT is sent as HTTP Basic with an empty user name, as Azure DevOps documents; Entra tokens as Bearer. */
export function azureAuthHeaders(cred: VendorCredential): Record<string, string> {
  if (cred.kind === 'oauth') return { authorization: `Bearer ${cred.token}` };
  return { authorization: `Basic ${Buffer.from(`:${cred.token}`).toString('base64')}` };
}

/** The collection URL: the credential's own (on-premises, tests) or https://dev.azure.com/{org}. */
export function azureCollection(cred: VendorCredential, org: string): string {
  return cred.baseUrl ? trimBase(cred.baseUrl) : `${SERVICES_HOST}/${encodeURIComponent(org)}`;
}

/** `{project}/{repository}` back into its parts, URL-encoded. */
export function splitAzureRepoName(repoName: string): { project: string; repository: string } {
  const slash = repoName.indexOf('/');
  if (slash <= 0 || slash === repoName.length - 1) {
    const label = VENDOR_LABEL.AZUREDEVOPS;
    throw new VendorApiError(400, label, `${label} repositories are named "project/repository"; got "${repoName}".`, 'not-found');
  }
  return {
    project: encodeURIComponent(repoName.slice(0, slash)),
    repository: encodeURIComponent(repoName.slice(slash + 1)),
  };
}
