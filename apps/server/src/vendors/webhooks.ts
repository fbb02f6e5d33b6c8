/**
 * Webhooks by code host: registering Docent's hook through the vendor's API and reading a
 * verified delivery into one event. Each host's part lives in its folder
 * (`vendors/<host>/webhook.ts`); what they share in `hooks.ts`. A token without the rights
 * (401/403/404) is reported as such: the user then pastes URL and secret by hand (docs/webhooks.md).
 */
import type { WebhookVendor } from '@docent/contracts';
import { DEFAULT_TIMEOUT_MS, VENDOR_LABEL, type HostedVendor, type RepoRef, type VendorCredential } from './hosted-types.ts';
import {
  BadPayload,
  type HookCall,
  type HookEvent,
  type HookTarget,
  type IncomingHook,
  type ReadDelivery,
  type RegisteredHook,
} from './hooks.ts';
import { isAbbreviatedId, isBranchName } from './git/revisions.ts';
import { readGitDelivery } from './git/webhook.ts';
import { githubAuthHeaders } from './github/octokit.ts';
import { readGitHubDelivery, registerGitHubHook } from './github/webhook.ts';
import { gitlabAuthHeaders } from './gitlab/api.ts';
import { readGitLabDelivery, registerGitLabHook } from './gitlab/webhook.ts';
import { bitbucketAuthHeaders } from './bitbucket/api.ts';
import { readBitbucketDelivery, registerBitbucketHook } from './bitbucket/webhook.ts';
import { azureAuthHeaders } from './azure/api.ts';
import { readAzureDelivery, registerAzureHook } from './azure/webhook.ts';

/** The URL segment of a webhook: a hosted vendor's, or `git` for Docent's post-receive hook. */
export type HookRoute = WebhookVendor | 'git';

interface HostHooks {
  authHeaders: (cred: VendorCredential) => Record<string, string>;
  register: (c: HookCall, repo: RepoRef, target: HookTarget) => Promise<RegisteredHook>;
}

const HOSTS: Record<HostedVendor, HostHooks> = {
  GITHUB: { authHeaders: githubAuthHeaders, register: registerGitHubHook },
  GITLAB: { authHeaders: gitlabAuthHeaders, register: registerGitLabHook },
  BITBUCKET: { authHeaders: bitbucketAuthHeaders, register: registerBitbucketHook },
  AZUREDEVOPS: { authHeaders: azureAuthHeaders, register: registerAzureHook },
};

const READERS: Record<HookRoute, (hook: IncomingHook) => ReadDelivery> = {
  github: readGitHubDelivery,
  gitlab: readGitLabDelivery,
  bitbucket: readBitbucketDelivery,
  azure: readAzureDelivery,
  git: readGitDelivery,
};

/** Registers (or finds) the webhook on the vendor; throws VendorApiError (e.g. `forbidden` without the rights). */
export function registerWebhook(
  vendor: HostedVendor,
  cred: VendorCredential,
  repo: RepoRef,
  target: HookTarget,
  opts: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<RegisteredHook> {
  const host = HOSTS[vendor];
  return host.register(
    {
      label: VENDOR_LABEL[vendor],
      cred,
      headers: host.authHeaders(cred),
      signal: opts.signal,
      timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    },
    repo,
    target,
  );
}

/**
 * A pull / merge request's commits and branches reach git (fetch, diff, checkout): commits as
 * hex object ids (Bitbucket sends 12-digit abbreviations; GitLab may name no base commit),
 * branches by git's branch-name rules (never starting with `-`).
 */
function checkPull(e: Extract<HookEvent, { kind: 'pull' }>): void {
  if (!isAbbreviatedId(e.headSha))
    throw new BadPayload("The pull request's head commit is not a git commit id (7 to 64 lowercase hex digits).");
  if (e.baseSha !== '' && !isAbbreviatedId(e.baseSha))
    throw new BadPayload("The pull request's base commit is not a git commit id (7 to 64 lowercase hex digits).");
  if (!isBranchName(e.headRef)) throw new BadPayload("The pull request's source branch is not a valid git branch name.");
  if (!isBranchName(e.baseRef)) throw new BadPayload("The pull request's target branch is not a valid git branch name.");
}

/** Reads a verified delivery; throws BadPayload for a body the vendor's documentation does not allow. */
export function readEvent(route: HookRoute, hook: IncomingHook): ReadDelivery {
  const { event, deliveryId } = READERS[route](hook);
  if (!deliveryId || deliveryId.length > 200) throw new BadPayload('The delivery has no delivery id header (or event id).');
  if (event.kind === 'pull') checkPull(event);
  return { event, deliveryId };
}
