/**
 * Bitbucket Cloud through REST 2.0 with plain fetch.
 *
 * Credentials: an app password or API token with its user (`username` set → HTTP Basic), or an
 * OAuth / workspace / repository access token (no `username` → Bearer). Organizations are
 * workspaces, listed with GET /2.0/user/workspaces (the replacement for the cross-workspace
 * endpoints Atlassian removed under CHANGE-2770); a workspace access token cannot list them,
 * so the credential's own workspace is used then.
 */
import {
  FALLBACK_DEFAULT_BRANCH,
  VENDOR_LABEL,
  RestVendorAdapter,
  VendorApiError,
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
import { bitbucketApiRoot, bitbucketAuthHeaders, bitbucketRepoUrl } from './api.ts';

const LABEL = VENDOR_LABEL.BITBUCKET;
const PAGELEN = 100;

/** Bitbucket's paginated envelope. */
interface Paginated<T> {
  values: T[];
  next?: string;
  pagelen?: number;
  page?: number;
  size?: number;
}

interface BitbucketLink {
  href: string;
  name?: string;
}

/** The fields of Bitbucket's repository object this adapter reads. */
interface BitbucketRepository {
  slug?: string;
  name: string;
  full_name: string;
  is_private: boolean;
  size?: number; // bytes
  mainbranch?: { name: string } | null;
  workspace?: { slug: string };
  links: { html?: BitbucketLink; clone?: BitbucketLink[] };
}

interface BitbucketPullRequest {
  id: number;
  links: { html: BitbucketLink };
}

interface WorkspaceAccess {
  workspace: { slug: string; uuid: string; name?: string };
}

function mapBitbucketRepository(r: BitbucketRepository): RemoteRepository {
  const [ownerFromName = '', slugFromName = r.name] = r.full_name.split('/');
  const organizationName = r.workspace?.slug ?? ownerFromName;
  const repoName = r.slug ?? slugFromName;
  const https = r.links.clone?.find((l) => l.name === 'https')?.href;
  const webUrl = r.links.html?.href ?? `https://bitbucket.org/${organizationName}/${repoName}`;
  return {
    organizationName,
    repoName,
    defaultBranch: r.mainbranch?.name || FALLBACK_DEFAULT_BRANCH,
    isPrivate: r.is_private,
    cloneUrl: withoutCredentials(https ?? `${webUrl}.git`),
    webUrl,
    sizeKb: typeof r.size === 'number' ? Math.ceil(r.size / 1024) : undefined,
  };
}

export class BitbucketAdapter extends RestVendorAdapter implements HostedVendorAdapter {
  readonly vendor = 'BITBUCKET' as const;
  protected readonly label = LABEL;

  protected authHeaders(cred: VendorCredential): Record<string, string> {
    return bitbucketAuthHeaders(cred);
  }

  /** Follows `next` links until the last page or the bound. */
  private async getAll<T>(cred: VendorCredential, firstUrl: string, what: string, limit: number, signal?: AbortSignal): Promise<T[]> {
    const out: T[] = [];
    let url: string | undefined = firstUrl;
    while (url) {
      const { data }: { data: Paginated<T> } = await this.get<Paginated<T>>(cred, url, what, signal);
      if (!Array.isArray(data.values))
        throw new VendorApiError(502, LABEL, `${LABEL} answered with something other than a page of ${what}.`);
      for (const item of data.values) {
        out.push(item);
        if (out.length >= limit) return out;
      }
      url = data.next ? sameOriginOrThrow(LABEL, data.next, firstUrl) : undefined;
    }
    return out;
  }

  async validateCredential(cred: VendorCredential, signal?: AbortSignal) {
    return this.credentialCheck(async () => {
      if (cred.organization && !cred.username) {
        // Workspace/repository access tokens are not a user: reading the workspace's repositories proves them.
        const ws = encodeURIComponent(cred.organization);
        await this.get(cred, `${bitbucketApiRoot(cred)}/repositories/${ws}?pagelen=1`, `the workspace ${cred.organization}`, signal);
        return { valid: true, login: cred.organization };
      }
      const { data } = await this.get<{ username?: string; display_name?: string }>(
        cred,
        `${bitbucketApiRoot(cred)}/user`,
        'the user',
        signal,
      );
      return { valid: true, login: data.username ?? data.display_name };
    });
  }

  async listOrganizations(cred: VendorCredential, signal?: AbortSignal): Promise<RemoteOrganization[]> {
    try {
      const access = await this.getAll<WorkspaceAccess>(
        cred,
        `${bitbucketApiRoot(cred)}/user/workspaces?pagelen=${PAGELEN}`,
        'workspaces',
        this.maxRepositories,
        signal,
      );
      return access.map((a) => ({ name: a.workspace.slug, id: a.workspace.uuid }));
    } catch (err) {
      if (cred.organization && err instanceof VendorApiError && err.failure === 'forbidden') {
        return [{ name: cred.organization, id: cred.organization }];
      }
      throw err;
    }
  }

  async listRepositories(cred: VendorCredential, organization?: string, signal?: AbortSignal): Promise<RemoteRepository[]> {
    const workspaces = organization ? [organization] : (await this.listOrganizations(cred, signal)).map((o) => o.name);
    const out: RemoteRepository[] = [];
    for (const ws of workspaces) {
      const remaining = this.maxRepositories - out.length;
      if (remaining <= 0) break;
      const repos = await this.getAll<BitbucketRepository>(
        cred,
        `${bitbucketApiRoot(cred)}/repositories/${encodeURIComponent(ws)}?pagelen=${PAGELEN}`,
        `repositories of ${ws}`,
        remaining,
        signal,
      );
      out.push(...repos.map(mapBitbucketRepository));
    }
    return out;
  }

  async defaultBranch(cred: VendorCredential, repo: RepoRef, signal?: AbortSignal): Promise<string> {
    const { data } = await this.get<BitbucketRepository>(
      cred,
      bitbucketRepoUrl(cred, repo),
      `the repository ${repo.organizationName}/${repo.repoName}`,
      signal,
    );
    return data.mainbranch?.name || FALLBACK_DEFAULT_BRANCH;
  }

  /**
   * Bitbucket documents `x-token-auth` as the user name for access tokens; an app password
   * (or API token) goes with its own user name.
   */
  authenticatedCloneUrl(cred: VendorCredential, repo: RemoteRepository): string {
    return cred.username
      ? withCredentials(LABEL, repo.cloneUrl, cred.username, cred.token)
      : withCredentials(LABEL, repo.cloneUrl, 'x-token-auth', cred.token);
  }

  /**
   * POST /2.0/repositories/{workspace}/{repo_slug}/pullrequests. Should Bitbucket refuse it
   * (400/409) because an open pull request already joins the two branches, that one is found
   * with GET …/pullrequests?q=source.branch.name="…" AND destination.branch.name="…" AND state="OPEN"
   * and reused.
   */
  async openPullRequest(cred: VendorCredential, repo: RepoRef, pr: PullRequestDraft, signal?: AbortSignal): Promise<OpenedPullRequest> {
    const what = `the repository ${repo.organizationName}/${repo.repoName}`;
    const url = `${bitbucketRepoUrl(cred, repo)}/pullrequests`;
    try {
      const { data } = await this.post<BitbucketPullRequest>(
        cred,
        url,
        what,
        {
          title: pr.title,
          description: pr.body,
          source: { branch: { name: pr.head } },
          destination: { branch: { name: pr.base } },
        },
        signal,
      );
      return { url: data.links.html.href, number: data.id, existing: false };
    } catch (err) {
      if (!(err instanceof VendorApiError && (err.status === 400 || err.status === 409))) throw err;
      const quote = (v: string) => `"${v.replace(/["\\]/g, '\\$&')}"`;
      const q = `source.branch.name=${quote(pr.head)} AND destination.branch.name=${quote(pr.base)} AND state="OPEN"`;
      // The lookup failing says less than the refusal itself: the refusal is what is reported.
      const open = await this.get<Paginated<BitbucketPullRequest>>(cred, `${url}?${new URLSearchParams({ q, pagelen: '1' })}`, what, signal)
        .then(({ data }) => (Array.isArray(data.values) ? data.values[0] : undefined))
        .catch(() => undefined);
      if (!open) throw err;
      return { url: open.links.html.href, number: open.id, existing: true };
    }
  }
}
