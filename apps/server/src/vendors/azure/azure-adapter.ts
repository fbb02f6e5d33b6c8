/**
 * Azure DevOps (Services or Server) through REST API 7.1 with plain fetch.
 *
 * A PAT belongs to one organization in Docent, so the organization is the credential's own.
 * Azure nests repositories in projects; Docent's two-level model keeps
 *   organizationName = the Azure DevOps organization, and
 *   repoName         = `{project}/{repository}`
 * Neither a project nor a repository name may contain `/`, so the first `/` splits them back.
 */
import {
  FALLBACK_DEFAULT_BRANCH,
  VENDOR_LABEL,
  RestVendorAdapter,
  VendorApiError,
  withCredentials,
  withoutCredentials,
  type HostedVendorAdapter,
  type OpenedPullRequest,
  type PullRequestDraft,
  type RemoteOrganization,
  type RemoteRepository,
  type RepoRef,
  type VendorCredential,
} from '../hosted-types.ts';
import { azureAuthHeaders, azureCollection, splitAzureRepoName } from './api.ts';

const LABEL = VENDOR_LABEL.AZUREDEVOPS;
const API_VERSION = 'api-version=7.1';
/** Azure DevOps refuses pull-request descriptions longer than this. */
const MAX_DESCRIPTION = 4000;

interface AzurePullRequest {
  pullRequestId: number;
  repository?: { webUrl?: string };
}

/** The fields of Azure DevOps' GitRepository object this adapter reads. */
interface AzureRepository {
  id: string;
  name: string;
  project: { name: string; visibility?: 'private' | 'public' };
  defaultBranch?: string;
  size?: number; // bytes
  remoteUrl: string;
  webUrl?: string;
  isDisabled?: boolean;
}

const branchName = (ref: string | undefined) => (ref ? ref.replace(/^refs\/heads\//, '') : FALLBACK_DEFAULT_BRANCH);

function mapAzureRepository(organization: string, r: AzureRepository): RemoteRepository {
  const cloneUrl = withoutCredentials(r.remoteUrl); // Azure puts `{org}@` in front of the host
  return {
    organizationName: organization,
    repoName: `${r.project.name}/${r.name}`,
    defaultBranch: branchName(r.defaultBranch),
    isPrivate: r.project.visibility !== 'public',
    cloneUrl,
    webUrl: r.webUrl ?? cloneUrl,
    sizeKb: typeof r.size === 'number' ? Math.ceil(r.size / 1024) : undefined,
  };
}

export class AzureDevOpsAdapter extends RestVendorAdapter implements HostedVendorAdapter {
  readonly vendor = 'AZUREDEVOPS' as const;
  protected readonly label = LABEL;

  protected authHeaders(cred: VendorCredential): Record<string, string> {
    return azureAuthHeaders(cred);
  }

  private organization(cred: VendorCredential, requested?: string): string {
    const org =
      requested ?? cred.organization ?? (cred.baseUrl ? new URL(cred.baseUrl).pathname.split('/').filter(Boolean).pop() : undefined);
    if (!org) throw new VendorApiError(400, LABEL, `An ${LABEL} organization is needed for this token.`, 'not-found');
    return org;
  }

  /** Backs `POST /v1/azure/pat?organization=`: the PAT is valid when the organization's projects can be read. */
  async validateCredential(cred: VendorCredential, signal?: AbortSignal) {
    const org = this.organization(cred);
    return this.credentialCheck(async () => {
      await this.get(cred, `${azureCollection(cred, org)}/_apis/projects?$top=1&${API_VERSION}`, `the organization ${org}`, signal);
      return { valid: true, login: org };
    }, ['auth', 'forbidden', 'not-found']);
  }

  async listOrganizations(cred: VendorCredential): Promise<RemoteOrganization[]> {
    const org = this.organization(cred);
    return [{ name: org, id: org }];
  }

  /**
   * One call lists every repository of every project the PAT can read; this endpoint has no
   * paging parameters (unlike the projects list), so the bound is applied to the one answer.
   * Disabled repositories cannot be cloned and are left out.
   */
  async listRepositories(cred: VendorCredential, organization?: string, signal?: AbortSignal): Promise<RemoteRepository[]> {
    const org = this.organization(cred, organization);
    const { data } = await this.get<{ count: number; value: AzureRepository[] }>(
      cred,
      `${azureCollection(cred, org)}/_apis/git/repositories?${API_VERSION}`,
      `the repositories of ${org}`,
      signal,
    );
    if (!Array.isArray(data.value))
      throw new VendorApiError(502, LABEL, `${LABEL} answered with something other than a list of repositories.`);
    return data.value
      .filter((r) => !r.isDisabled)
      .slice(0, this.maxRepositories)
      .map((r) => mapAzureRepository(org, r));
  }

  async defaultBranch(cred: VendorCredential, repo: RepoRef, signal?: AbortSignal): Promise<string> {
    const org = this.organization(cred, repo.organizationName);
    const { project, repository } = splitAzureRepoName(repo.repoName);
    const { data } = await this.get<AzureRepository>(
      cred,
      `${azureCollection(cred, org)}/${project}/_apis/git/repositories/${repository}?${API_VERSION}`,
      `the repository ${repo.repoName}`,
      signal,
    );
    return branchName(data.defaultBranch);
  }

  /** Azure DevOps documents `https://{PAT}@dev.azure.com/…` for cloning with a PAT. */
  authenticatedCloneUrl(cred: VendorCredential, repo: RemoteRepository): string {
    return withCredentials(LABEL, repo.cloneUrl, cred.token);
  }

  /**
   * POST {collection}/{project}/_apis/git/repositories/{repo}/pullrequests?api-version=7.1. A 409
   * (TF401179, an active pull request for the two branches exists) reuses that one, found with
   * GET …/pullrequests?searchCriteria.sourceRefName=&searchCriteria.targetRefName=&searchCriteria.status=active.
   * The web URL is the repository's `…/_git/{repo}/pullrequest/{id}`.
   */
  async openPullRequest(cred: VendorCredential, repo: RepoRef, pr: PullRequestDraft, signal?: AbortSignal): Promise<OpenedPullRequest> {
    const org = this.organization(cred, repo.organizationName);
    const { project, repository } = splitAzureRepoName(repo.repoName);
    const what = `the repository ${repo.repoName}`;
    const url = `${azureCollection(cred, org)}/${project}/_apis/git/repositories/${repository}/pullrequests`;
    const sourceRefName = `refs/heads/${pr.head}`;
    const targetRefName = `refs/heads/${pr.base}`;
    const webUrl = (data: AzurePullRequest) =>
      `${data.repository?.webUrl ?? `${azureCollection(cred, org)}/${project}/_git/${repository}`}/pullrequest/${data.pullRequestId}`;
    try {
      const { data } = await this.post<AzurePullRequest>(
        cred,
        `${url}?${API_VERSION}`,
        what,
        {
          sourceRefName,
          targetRefName,
          title: pr.title,
          description: pr.body.length > MAX_DESCRIPTION ? `${pr.body.slice(0, MAX_DESCRIPTION - 1)}…` : pr.body,
        },
        signal,
      );
      return { url: webUrl(data), number: data.pullRequestId, existing: false };
    } catch (err) {
      if (!(err instanceof VendorApiError && err.status === 409)) throw err;
      const query = new URLSearchParams({
        'searchCriteria.sourceRefName': sourceRefName,
        'searchCriteria.targetRefName': targetRefName,
        'searchCriteria.status': 'active',
        $top: '1',
      });
      // The lookup failing says less than the refusal itself: the refusal is what is reported.
      const open = await this.get<{ value?: AzurePullRequest[] }>(cred, `${url}?${query}&${API_VERSION}`, what, signal)
        .then(({ data }) => (Array.isArray(data.value) ? data.value[0] : undefined))
        .catch(() => undefined);
      if (!open) throw err;
      return { url: webUrl(open), number: open.pullRequestId, existing: true };
    }
  }
}
