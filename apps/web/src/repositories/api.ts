import type { InstallStatus, Repository, VendorConnection } from '@docent/contracts';
import { apiRequest } from '../api/client.ts';

export type HostedVendor = 'GITHUB' | 'GITLAB' | 'BITBUCKET' | 'AZUREDEVOPS';
export const HOSTED: readonly HostedVendor[] = ['GITHUB', 'GITLAB', 'BITBUCKET', 'AZUREDEVOPS'];

/** Path segment of a vendor in the vendor routes. */
export const VENDOR_SEGMENT: Record<HostedVendor, string> = {
  GITHUB: 'github',
  GITLAB: 'gitlab',
  BITBUCKET: 'bitbucket',
  AZUREDEVOPS: 'azure',
};

export interface ConnectInput {
  token: string;
  kind?: 'pat' | 'app-installation' | 'oauth';
  baseUrl?: string;
  organization?: string;
  username?: string;
}

/** Repository-list and vendor calls of docs/spec-conformance.md §7 (and ours for adding by git URL and connecting). */
export const reposApi = {
  list: (orgName?: string) => apiRequest<Repository[]>(`/app/github/list${orgName ? `?${new URLSearchParams({ orgName })}` : ''}`),
  addGit: (body: { url: string; organizationName?: string; repoName?: string }) =>
    apiRequest<Repository>('/v1/git/repos', { method: 'POST', json: body }),
  connections: () => apiRequest<VendorConnection[]>('/v1/vendors/connections'),
  connect: (vendor: HostedVendor, body: ConnectInput) =>
    apiRequest<VendorConnection>(`/v1/vendors/${VENDOR_SEGMENT[vendor]}/connection`, { method: 'POST', json: body }),
  installStatus: (vendor: HostedVendor) => apiRequest<InstallStatus>(`/git/${VENDOR_SEGMENT[vendor]}/install/status`),
};

/** Install or reinstall stream path (docs/spec-conformance.md §7: GitLab and Azure reinstall under /v1). */
export function syncPath(vendor: HostedVendor, reinstall: boolean): string {
  const seg = VENDOR_SEGMENT[vendor];
  if (!reinstall) return `/v2/${seg}/install`;
  return vendor === 'GITLAB' || vendor === 'AZUREDEVOPS' ? `/v1/${seg}/reinstall` : `/v2/${seg}/reinstall`;
}

export const reposKeys = {
  all: ['repos'] as const,
  list: (org?: string) => ['repos', 'list', org ?? ''] as const,
  connections: ['repos', 'connections'] as const,
  installStatus: ['repos', 'install-status'] as const,
};
