import { AzureDevOpsAdapter } from './azure/azure-adapter.ts';
import { BitbucketAdapter } from './bitbucket/bitbucket-adapter.ts';
import { GitHubAdapter } from './github/github-adapter.ts';
import { GitLabAdapter } from './gitlab/gitlab-adapter.ts';
import type { HostedVendor, HostedVendorAdapter, VendorCredential } from './hosted-types.ts';
import type { PrRef, PrReporter } from './pr-reporter.ts';
import { AzureReporter } from './azure/reporter.ts';
import { BitbucketReporter } from './bitbucket/reporter.ts';
import { GitHubReporter } from './github/reporter.ts';
import { GitLabReporter } from './gitlab/reporter.ts';

export { VENDOR_LABEL, type HostedVendor } from './hosted-types.ts';

export type VendorAdapters = Record<HostedVendor, HostedVendorAdapter>;

export function createAdapters(): VendorAdapters {
  return {
    GITHUB: new GitHubAdapter(),
    GITLAB: new GitLabAdapter(),
    BITBUCKET: new BitbucketAdapter(),
    AZUREDEVOPS: new AzureDevOpsAdapter(),
  };
}

/** Vendor names as they appear in the spec's paths (`/v2/github/install`, `/v1/azure/pat`). */
const BY_PATH: Record<string, HostedVendor> = {
  github: 'GITHUB',
  gitlab: 'GITLAB',
  bitbucket: 'BITBUCKET',
  azure: 'AZUREDEVOPS',
  azuredevops: 'AZUREDEVOPS',
};

export function vendorFromPath(segment: string): HostedVendor | null {
  const key = segment.toLowerCase();
  // own keys only: "constructor" or "__proto__" must not find Object's members
  return Object.hasOwn(BY_PATH, key) ? (BY_PATH[key] ?? null) : null;
}

/** The pull-request reporter of the repository's vendor (vendors/<vendor>/reporter.ts). */
export function reporterFor(vendor: string, cred: VendorCredential, pr: PrRef): PrReporter {
  switch (vendor) {
    case 'GITHUB':
      return new GitHubReporter(cred, pr);
    case 'GITLAB':
      return new GitLabReporter(cred, pr);
    case 'BITBUCKET':
      return new BitbucketReporter(cred, pr);
    case 'AZUREDEVOPS':
      return new AzureReporter(cred, pr);
    default:
      throw new Error(`No pull-request reporting for ${vendor}.`);
  }
}
