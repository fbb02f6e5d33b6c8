/**
 * After a push: the pushed branch's page on the code host, and the pull / merge request from it
 * through the repository's vendor connection (opened, or the open one reused).
 */
import type { RepositoryRow } from '../db/schema.ts';
import type { JobContext } from '../jobs/engine.ts';
import type { RepoService } from '../repos/service.ts';
import { VendorApiError } from '../vendors/hosted-types.ts';
import { VENDOR_LABEL, type HostedVendor } from '../vendors/index.ts';

/**
 * The pushed branch's page on the vendor's site, derived from the https clone URL (GitHub,
 * GitLab, Bitbucket, Azure DevOps each document their own path); null for plain git remotes and
 * anything that is not https.
 */
export function branchWebUrl(vendor: string, cloneUrl: string, branch: string): string | null {
  let u: URL;
  try {
    u = new URL(cloneUrl);
  } catch {
    return null;
  }
  if (u.protocol !== 'https:') return null;
  u.username = '';
  u.password = '';
  const web = u.toString().replace(/\.git$/, '');
  const ref = branch.split('/').map(encodeURIComponent).join('/');
  switch (vendor) {
    case 'GITHUB':
      return `${web}/tree/${ref}`;
    case 'GITLAB':
      return `${web}/-/tree/${ref}`;
    case 'BITBUCKET':
      return `${web}/branch/${ref}`;
    case 'AZUREDEVOPS':
      return `${web}?version=GB${encodeURIComponent(branch)}`;
    default:
      return null;
  }
}

export interface DeliveredPullRequest {
  url: string;
  number: number;
  vendor: HostedVendor;
  /** the vendor already had one open for the branch (a push to it has updated it) */
  existing: boolean;
}

/**
 * The pull / merge request from the pushed `head` into `base` (the repository's default branch
 * when not given), for a repository of a vendor connection; null for a plain git remote. A
 * failure leaves the pushed branch and a log line naming the HTTP status only (the vendor's own
 * words are never shown), and answers null: the job still completes.
 */
export async function openOrReusePullRequest(
  service: RepoService,
  repo: RepositoryRow,
  draft: { head: string; base?: string; title: string; body: string },
  ctx: Pick<JobContext, 'signal' | 'log' | 'text'>,
): Promise<DeliveredPullRequest | null> {
  const target = await service.connectionFor(repo).catch(() => null);
  if (!target) return null;
  const label = VENDOR_LABEL[target.vendor];
  const ref = { organizationName: repo.organization_name, repoName: repo.repo_name };
  try {
    const base = draft.base ?? repo.default_branch ?? (await target.adapter.defaultBranch(target.cred, ref, ctx.signal));
    const pr = await target.adapter.openPullRequest(
      target.cred,
      ref,
      { head: draft.head, base, title: draft.title, body: draft.body },
      ctx.signal,
    );
    await ctx.log('INFO', pr.existing ? ctx.text.pullRequestReused(pr.number, draft.head) : ctx.text.pullRequestOpened(pr.number));
    return { url: pr.url, number: pr.number, vendor: target.vendor, existing: pr.existing };
  } catch (err) {
    if (ctx.signal.aborted) throw err;
    const why =
      err instanceof VendorApiError
        ? err.status
          ? ctx.text.vendorAnswered(label, err.status)
          : ctx.text.noAnswerFrom(label)
        : ctx.text.internalError;
    await ctx.log('WARNING', ctx.text.pullRequestFailed(draft.head, why, label));
    return null;
  }
}
