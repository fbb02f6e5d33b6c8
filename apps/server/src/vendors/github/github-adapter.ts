/**
 * GitHub (github.com or GitHub Enterprise Server) through Octokit's REST client.
 *
 * Two credential kinds: a personal (or OAuth) token acts as the user; an `app-installation`
 * token is a GitHub App installation access token minted elsewhere (it expires after an hour)
 * and sees exactly the repositories the installation was granted, via /installation/repositories.
 */
import type { Octokit } from '@octokit/rest';
import { withOctokit } from './octokit.ts';
import {
  FALLBACK_DEFAULT_BRANCH,
  HostedAdapterBase,
  VendorApiError,
  withCredentials,
  withoutCredentials,
  VENDOR_LABEL,
  type HostedVendorAdapter,
  type OpenedPullRequest,
  type PullRequestDraft,
  type RemoteOrganization,
  type RemoteRepository,
  type RepoRef,
  type VendorCredential,
} from '../hosted-types.ts';

const LABEL = VENDOR_LABEL.GITHUB;
const PER_PAGE = 100;

/** The fields of GitHub's "repository" object this adapter reads. */
interface GitHubRepo {
  name: string;
  owner: { login: string; id?: number } | null;
  default_branch?: string;
  private: boolean;
  clone_url?: string;
  html_url: string;
  size?: number; // kilobytes, per GitHub
}

function mapGitHubRepository(r: GitHubRepo): RemoteRepository {
  const owner = r.owner?.login ?? '';
  return {
    organizationName: owner,
    repoName: r.name,
    defaultBranch: r.default_branch || FALLBACK_DEFAULT_BRANCH,
    isPrivate: r.private,
    cloneUrl: withoutCredentials(r.clone_url ?? `${r.html_url}.git`),
    webUrl: r.html_url,
    sizeKb: typeof r.size === 'number' ? r.size : undefined,
  };
}

export class GitHubAdapter extends HostedAdapterBase implements HostedVendorAdapter {
  readonly vendor = 'GITHUB' as const;
  private call<T>(cred: VendorCredential, signal: AbortSignal | undefined, what: string, work: (o: Octokit) => Promise<T>): Promise<T> {
    return withOctokit(cred, signal, this.timeoutMs, what, work);
  }

  async validateCredential(cred: VendorCredential, signal?: AbortSignal) {
    return this.credentialCheck(async () => {
      if (cred.kind === 'app-installation') {
        // Installation tokens cannot read /user; listing one granted repository proves them.
        const { data } = await this.call(cred, signal, 'the installation', (o) =>
          o.rest.apps.listReposAccessibleToInstallation({ per_page: 1 }),
        );
        return { valid: true, login: data.repositories[0]?.owner.login };
      }
      const { data } = await this.call(cred, signal, 'the user', (o) => o.rest.users.getAuthenticated());
      return { valid: true, login: data.login };
    });
  }

  async listOrganizations(cred: VendorCredential, signal?: AbortSignal): Promise<RemoteOrganization[]> {
    if (cred.kind === 'app-installation') {
      const owners = new Map<string, RemoteOrganization>();
      for (const repo of await this.installationRepositories(cred, signal)) {
        if (repo.owner && !owners.has(repo.owner.login))
          owners.set(repo.owner.login, { name: repo.owner.login, id: String(repo.owner.id ?? repo.owner.login) });
      }
      return [...owners.values()];
    }
    return this.call(cred, signal, 'the organizations', async (o) => {
      const { data: me } = await o.rest.users.getAuthenticated();
      const orgs = await o.paginate(o.rest.orgs.listForAuthenticatedUser, { per_page: PER_PAGE });
      return [{ name: me.login, id: String(me.id) }, ...orgs.map((org) => ({ name: org.login, id: String(org.id) }))];
    });
  }

  async listRepositories(cred: VendorCredential, organization?: string, signal?: AbortSignal): Promise<RemoteRepository[]> {
    const sameOwner = (r: GitHubRepo) => !organization || r.owner?.login.toLowerCase() === organization.toLowerCase();
    if (cred.kind === 'app-installation') {
      return (await this.installationRepositories(cred, signal)).filter(sameOwner).map(mapGitHubRepository);
    }
    if (!organization) {
      return (await this.userRepositories(cred, 'owner,organization_member', signal)).map(mapGitHubRepository);
    }
    try {
      const repos = await this.call(cred, signal, `the organization ${organization}`, (o) =>
        this.collect(o.paginate.iterator(o.rest.repos.listForOrg, { org: organization, type: 'all', per_page: PER_PAGE })),
      );
      return repos.map(mapGitHubRepository);
    } catch (err) {
      // Not an organization: the user's own account (private repos are only listed via /user/repos).
      if (err instanceof VendorApiError && err.status === 404) {
        return (await this.userRepositories(cred, 'owner', signal)).filter(sameOwner).map(mapGitHubRepository);
      }
      throw err;
    }
  }

  async defaultBranch(cred: VendorCredential, repo: RepoRef, signal?: AbortSignal): Promise<string> {
    const { data } = await this.call(cred, signal, `the repository ${repo.organizationName}/${repo.repoName}`, (o) =>
      o.rest.repos.get({ owner: repo.organizationName, repo: repo.repoName }),
    );
    return data.default_branch || FALLBACK_DEFAULT_BRANCH;
  }

  /** GitHub documents `x-access-token` as the user name for installation tokens; it accepts personal tokens the same way. */
  authenticatedCloneUrl(cred: VendorCredential, repo: RemoteRepository): string {
    return withCredentials(LABEL, repo.cloneUrl, 'x-access-token', cred.token);
  }

  /**
   * POST /repos/{owner}/{repo}/pulls. When GitHub answers 422 "A pull request already exists",
   * the open one for `owner:head` is found with GET /repos/{owner}/{repo}/pulls?head=&state=open
   * and reused (`existing: true`).
   */
  async openPullRequest(cred: VendorCredential, repo: RepoRef, pr: PullRequestDraft, signal?: AbortSignal): Promise<OpenedPullRequest> {
    const what = `the repository ${repo.organizationName}/${repo.repoName}`;
    try {
      const { data } = await this.call(cred, signal, what, (o) =>
        o.rest.pulls.create({
          owner: repo.organizationName,
          repo: repo.repoName,
          head: pr.head,
          base: pr.base,
          title: pr.title,
          body: pr.body,
        }),
      );
      return { url: data.html_url, number: data.number, existing: false };
    } catch (err) {
      if (!(err instanceof VendorApiError && err.status === 422 && /already exists/i.test(err.internalDetail ?? ''))) throw err;
      // The lookup failing says less than the refusal itself: the refusal is what is reported.
      const open = await this.call(cred, signal, what, (o) =>
        o.rest.pulls.list({
          owner: repo.organizationName,
          repo: repo.repoName,
          head: `${repo.organizationName}:${pr.head}`,
          base: pr.base,
          state: 'open',
          per_page: 1,
        }),
      )
        .then(({ data }) => data[0])
        .catch(() => undefined);
      if (!open) throw err;
      return { url: open.html_url, number: open.number, existing: true };
    }
  }

  private installationRepositories(cred: VendorCredential, signal?: AbortSignal): Promise<GitHubRepo[]> {
    return this.call(cred, signal, 'the installation', (o) =>
      this.collect(o.paginate.iterator(o.rest.apps.listReposAccessibleToInstallation, { per_page: PER_PAGE })),
    );
  }

  private userRepositories(cred: VendorCredential, affiliation: string, signal?: AbortSignal): Promise<GitHubRepo[]> {
    return this.call(cred, signal, 'your repositories', (o) =>
      this.collect(o.paginate.iterator(o.rest.repos.listForAuthenticatedUser, { affiliation, per_page: PER_PAGE })),
    );
  }

  /** Walks Octokit's Link-header pagination, stopping at the repository bound. */
  private async collect(pages: AsyncIterable<{ data: unknown }>): Promise<GitHubRepo[]> {
    const out: GitHubRepo[] = [];
    for await (const page of pages) {
      for (const repo of page.data as GitHubRepo[]) {
        out.push(repo);
        if (out.length >= this.maxRepositories) return out;
      }
    }
    return out;
  }
}
