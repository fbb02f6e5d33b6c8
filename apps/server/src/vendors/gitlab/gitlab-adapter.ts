/**
 * GitLab (gitlab.com or self-managed) through its REST API v4 with plain fetch.
 *
 * Organizations are the user's own namespace plus the groups they belong to; a repository's
 * organizationName is its full namespace path (`group/subgroup`), its repoName the project path.
 */
import {
  FALLBACK_DEFAULT_BRANCH,
  VENDOR_LABEL,
  RestVendorAdapter,
  VendorApiError,
  nextLinkFromHeader,
  sameOriginOrThrow,
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
import { gitlabApiRoot, gitlabAuthHeaders, gitlabProjectUrl } from './api.ts';

const LABEL = VENDOR_LABEL.GITLAB;
const PER_PAGE = 100;
/** Reporter-or-higher memberships would hide guest groups; 10 = Guest keeps every membership. */
const MIN_ACCESS_GUEST = 10;

/** The fields of GitLab's project object this adapter reads. */
interface GitLabProject {
  id: number;
  path: string;
  path_with_namespace: string;
  default_branch?: string | null;
  visibility?: 'private' | 'internal' | 'public';
  http_url_to_repo: string;
  web_url: string;
  namespace: { full_path: string };
  statistics?: { repository_size?: number };
}

interface GitLabMergeRequest {
  iid: number;
  web_url: string;
}

interface GitLabGroup {
  id: number;
  full_path: string;
}

interface GitLabUser {
  id: number;
  username: string;
}

function mapGitLabProject(p: GitLabProject): RemoteRepository {
  const bytes = p.statistics?.repository_size;
  return {
    organizationName: p.namespace.full_path,
    repoName: p.path,
    defaultBranch: p.default_branch || FALLBACK_DEFAULT_BRANCH,
    // `internal` projects need a sign-in, so for cloning they behave as private.
    isPrivate: p.visibility !== 'public',
    cloneUrl: withoutCredentials(p.http_url_to_repo),
    webUrl: p.web_url,
    sizeKb: typeof bytes === 'number' ? Math.ceil(bytes / 1024) : undefined,
  };
}

/** A project's id in URLs: its full path, URL-encoded as GitLab documents. */

export class GitLabAdapter extends RestVendorAdapter implements HostedVendorAdapter {
  readonly vendor = 'GITLAB' as const;
  protected readonly label = LABEL;

  protected authHeaders(cred: VendorCredential): Record<string, string> {
    return gitlabAuthHeaders(cred);
  }

  /** Follows the Link header (offset pagination) until the last page or the bound. */
  private async getAll<T>(cred: VendorCredential, firstUrl: string, what: string, limit: number, signal?: AbortSignal): Promise<T[]> {
    const out: T[] = [];
    let url: string | undefined = firstUrl;
    while (url) {
      const { data, headers } = await this.get<T[]>(cred, url, what, signal);
      if (!Array.isArray(data)) throw new VendorApiError(502, LABEL, `${LABEL} answered with something other than a list of ${what}.`);
      for (const item of data) {
        out.push(item);
        if (out.length >= limit) return out;
      }
      const next = nextLinkFromHeader(headers.get('link'));
      url = next ? sameOriginOrThrow(LABEL, next, firstUrl) : undefined;
    }
    return out;
  }

  async validateCredential(cred: VendorCredential, signal?: AbortSignal) {
    return this.credentialCheck(async () => {
      const { data } = await this.get<GitLabUser>(cred, `${gitlabApiRoot(cred)}/user`, 'the user', signal);
      return { valid: true, login: data.username };
    });
  }

  async listOrganizations(cred: VendorCredential, signal?: AbortSignal): Promise<RemoteOrganization[]> {
    const api = gitlabApiRoot(cred);
    const { data: me } = await this.get<GitLabUser>(cred, `${api}/user`, 'the user', signal);
    const groups = await this.getAll<GitLabGroup>(
      cred,
      `${api}/groups?min_access_level=${MIN_ACCESS_GUEST}&per_page=${PER_PAGE}&order_by=id&sort=asc`,
      'groups',
      this.maxRepositories,
      signal,
    );
    // User and group ids are separate number spaces, hence the prefixes.
    return [{ name: me.username, id: `user:${me.id}` }, ...groups.map((g) => ({ name: g.full_path, id: `group:${g.id}` }))];
  }

  async listRepositories(cred: VendorCredential, organization?: string, signal?: AbortSignal): Promise<RemoteRepository[]> {
    const api = gitlabApiRoot(cred);
    const query = `per_page=${PER_PAGE}&order_by=id&sort=asc`;
    if (!organization) {
      const all = await this.getAll<GitLabProject>(
        cred,
        `${api}/projects?membership=true&${query}`,
        'projects',
        this.maxRepositories,
        signal,
      );
      return all.map(mapGitLabProject);
    }
    const ns = encodeURIComponent(organization);
    try {
      const inGroup = await this.getAll<GitLabProject>(
        cred,
        `${api}/groups/${ns}/projects?include_subgroups=true&${query}`,
        `projects of ${organization}`,
        this.maxRepositories,
        signal,
      );
      return inGroup.map(mapGitLabProject);
    } catch (err) {
      // Not a group: a user's personal namespace.
      if (!(err instanceof VendorApiError && err.status === 404)) throw err;
      const own = await this.getAll<GitLabProject>(
        cred,
        `${api}/users/${ns}/projects?${query}`,
        `projects of ${organization}`,
        this.maxRepositories,
        signal,
      );
      return own.map(mapGitLabProject);
    }
  }

  async defaultBranch(cred: VendorCredential, repo: RepoRef, signal?: AbortSignal): Promise<string> {
    const what = `the project ${repo.organizationName}/${repo.repoName}`;
    const { data } = await this.get<GitLabProject>(cred, gitlabProjectUrl(cred, repo), what, signal);
    return data.default_branch || FALLBACK_DEFAULT_BRANCH;
  }

  /** GitLab documents `oauth2` as the user name for token-authenticated https clones. */
  authenticatedCloneUrl(cred: VendorCredential, repo: RemoteRepository): string {
    return withCredentials(LABEL, repo.cloneUrl, 'oauth2', cred.token);
  }

  /**
   * POST /projects/{id}/merge_requests. A 409 (another open merge request for this source
   * branch) reuses that one, found with GET …/merge_requests?state=opened&source_branch=&target_branch=.
   */
  async openPullRequest(cred: VendorCredential, repo: RepoRef, pr: PullRequestDraft, signal?: AbortSignal): Promise<OpenedPullRequest> {
    const what = `the project ${repo.organizationName}/${repo.repoName}`;
    const url = `${gitlabProjectUrl(cred, repo)}/merge_requests`;
    try {
      const { data } = await this.post<GitLabMergeRequest>(
        cred,
        url,
        what,
        { source_branch: pr.head, target_branch: pr.base, title: pr.title, description: pr.body },
        signal,
      );
      return { url: data.web_url, number: data.iid, existing: false };
    } catch (err) {
      if (!(err instanceof VendorApiError && err.status === 409)) throw err;
      const query = new URLSearchParams({ state: 'opened', source_branch: pr.head, target_branch: pr.base, per_page: '1' });
      // The lookup failing says less than the refusal itself: the refusal is what is reported.
      const open = await this.get<GitLabMergeRequest[]>(cred, `${url}?${query}`, what, signal)
        .then(({ data }) => (Array.isArray(data) ? data[0] : undefined))
        .catch(() => undefined);
      if (!open) throw err;
      return { url: open.web_url, number: open.iid, existing: true };
    }
  }
}
