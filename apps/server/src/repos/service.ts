import { rm } from 'node:fs/promises';
import path from 'node:path';
import { forgetFolder } from '@docent/analyzer/cache';
import { ErrorCode, JobFailure } from '@docent/contracts';
import type { RepositoryRow, UserRow } from '../db/schema.ts';
import type { SecretBox } from '../crypto/secretbox.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { httpAuthFromUrl, runGit, type GitHttpAuth } from '../vendors/git/client.ts';
import { OutboundRefused, vetGitRemote } from '../net/outbound.ts';
import { GitUrlError, parseGitSource, redactUrl, stripCredentials } from '../vendors/git/url.ts';
import type { RepoRepository } from './repository.ts';
import type { ConnectionRepository } from '../vendors/connections.ts';
import { VENDOR_LABEL, type HostedVendor, type VendorAdapters } from '../vendors/index.ts';
import type { HostedVendorAdapter, VendorCredential } from '../vendors/hosted-types.ts';

const REPO_NOT_FOUND = 'Repository not found.';

const unreachable = (source: string) =>
  `Could not read the repository at ${redactUrl(source)}. Check the URL and that the server can reach it.`;

/** The outbound policy's verdict on a git remote, as the answer a user should see. */
async function vetRemoteOrRefuse(source: string): Promise<string[]> {
  try {
    return await vetGitRemote(source);
  } catch (err) {
    if (err instanceof OutboundRefused) throw new HttpError(400, ErrorCode.OUTBOUND_REFUSED, `url: ${err.message}`);
    throw new HttpError(422, ErrorCode.REPO_UNREACHABLE, unreachable(source), { cause: err });
  }
}

export class RepoService {
  constructor(
    private readonly repos: RepoRepository,
    private readonly box: SecretBox,
    private readonly localRoots: readonly string[],
    private readonly hosted?: { adapters: VendorAdapters; connections: ConnectionRepository },
  ) {}

  /** A repository of this user, or 404 (also for another user's repository). */
  async get(user: UserRow, vendor: string, org: string, repo: string): Promise<RepositoryRow> {
    const row = await this.repos.find(user.id, vendor, org, repo);
    if (!row) throw notFound(REPO_NOT_FOUND);
    return row;
  }

  /**
   * Removes a repository of this user with its analyses, its clone and its analyzer cache; jobs
   * keep their history without the link. 404 for another user's repository (nothing is touched),
   * 409 while one of its jobs is queued or running.
   */
  async remove(
    user: UserRow,
    vendor: string,
    org: string,
    repo: string,
    storage: { cloneDir: string; analyzerCacheDir: string },
  ): Promise<void> {
    const row = await this.get(user, vendor, org, repo);
    if ((await this.repos.activeJobs(row.id)) > 0) {
      throw new HttpError(
        409,
        ErrorCode.REPO_BUSY,
        'An analysis of this repository is still running. Stop it, then remove the repository.',
      );
    }
    if (!(await this.repos.remove(row.id, user.id))) throw notFound(REPO_NOT_FOUND);
    // The clone is named by the repository's id alone, so nothing of another repository is reached.
    const clone = path.join(storage.cloneDir, row.id);
    forgetFolder(storage.analyzerCacheDir, clone);
    await rm(clone, { recursive: true, force: true });
  }

  /**
   * The vendor connection holding a token for this repository, or null for a plain git remote.
   * `renewToken`: refresh an OAuth token even before its expiry (the vendor just refused it).
   */
  async connectionFor(
    row: RepositoryRow,
    opts: { renewToken?: boolean } = {},
  ): Promise<{ vendor: HostedVendor; adapter: HostedVendorAdapter; cred: VendorCredential } | null> {
    if (row.vendor === 'GIT' || !this.hosted) return null;
    const vendor = row.vendor as HostedVendor;
    const conn =
      (await this.hosted.connections.find(row.user_id, vendor, row.organization_name)) ??
      (await this.hosted.connections.find(row.user_id, vendor, ''));
    if (!conn) return null;
    return {
      vendor,
      adapter: this.hosted.adapters[vendor],
      cred: await this.hosted.connections.usableCredential(conn, { force: opts.renewToken ?? false }),
    };
  }

  /** The remote as a user may see it: the stored URL or path with any user name or password removed. */
  remoteShown(row: RepositoryRow): string {
    return stripCredentials(this.box.open(row.clone_url)); // a local path or scp-like address as it is
  }

  /**
   * What git clones and pushes: the stored URL (never carrying a credential) and, for hosted
   * vendors over https, the connection's token as the Authorization header each vendor
   * documents for git — handed to git per run (runGit's httpAuth), never written to .git/config.
   * A git:// or ssh URL of a hosted repository is used as it is: no token goes over it.
   * `renewToken` as for connectionFor.
   */
  async gitAccess(row: RepositoryRow, opts: { renewToken?: boolean } = {}): Promise<{ url: string; httpAuth: GitHttpAuth | null }> {
    const url = this.box.open(row.clone_url);
    if (row.vendor === 'GIT' || !this.hosted || !/^https?:\/\//i.test(url)) return { url, httpAuth: null };
    const vendor = row.vendor as HostedVendor;
    const found = await this.connectionFor(row, opts);
    if (!found) throw new JobFailure('noConnectionToken', VENDOR_LABEL[vendor], row.organization_name);
    const withToken = found.adapter.authenticatedCloneUrl(found.cred, {
      organizationName: row.organization_name,
      repoName: row.repo_name,
      defaultBranch: row.default_branch ?? 'main',
      isPrivate: row.is_private,
      cloneUrl: url,
      webUrl: url,
    });
    return httpAuthFromUrl(withToken);
  }

  /**
   * A job's VALIDATING step (docs/spec-conformance.md §4): the repository can still be fetched: its vendor
   * connection still holds a token, and a local path still exists inside LOCAL_REPO_ROOTS.
   * Throws with a sentence for the job's log.
   */
  async validateForJob(row: RepositoryRow): Promise<void> {
    await this.gitAccess(row); // a hosted repository's connection still holds a token
    try {
      parseGitSource(this.box.open(row.clone_url), this.localRoots);
    } catch (err) {
      if (err instanceof GitUrlError)
        throw new JobFailure('cannotBeFetched', `${row.organization_name}/${row.repo_name}`, { english: err.message });
      throw err;
    }
  }

  /** POST /v1/git/repos: checks the URL, asks the server for its default branch, stores it. */
  async registerGit(
    user: UserRow,
    input: { url: string; organizationName?: string | undefined; repoName?: string | undefined },
    signal?: AbortSignal,
  ): Promise<RepositoryRow> {
    let parsed;
    try {
      parsed = parseGitSource(input.url, this.localRoots);
    } catch (err) {
      if (err instanceof GitUrlError) throw new HttpError(400, ErrorCode.VALIDATION, err.message); // a sentence for the dialog, no field prefix
      throw err;
    }
    const organizationName = input.organizationName ?? parsed.owner;
    const repoName = input.repoName ?? parsed.name;
    if (await this.repos.find(user.id, 'GIT', organizationName, repoName)) {
      throw new HttpError(409, ErrorCode.CONFLICT, `You already added ${organizationName}/${repoName}.`);
    }
    let defaultBranch: string | null = null;
    const remoteConfig = parsed.kind === 'local' ? [] : await vetRemoteOrRefuse(parsed.source);
    try {
      const out = await runGit(['ls-remote', '--symref', '--', parsed.source, 'HEAD'], {
        allowFile: parsed.kind === 'local',
        timeoutMs: 20_000,
        remoteConfig,
        ...(signal ? { signal } : {}),
      });
      defaultBranch = /^ref: refs\/heads\/(\S+)\s+HEAD/m.exec(out)?.[1] ?? null;
    } catch (err) {
      // git's own words tell a closed port from a silent one: they stay out of the answer
      throw new HttpError(422, ErrorCode.REPO_UNREACHABLE, unreachable(parsed.source), { cause: err });
    }
    return this.repos
      .insert({
        user_id: user.id,
        vendor: 'GIT',
        organization_name: organizationName,
        repo_name: repoName,
        clone_url: this.box.seal(parsed.source),
        default_branch: defaultBranch,
        is_private: /\/\/[^/]*@/.test(parsed.source) || parsed.kind === 'local',
      })
      .catch((err: { code?: string }) => {
        if (err.code === '23505') throw new HttpError(409, ErrorCode.CONFLICT, `You already added ${organizationName}/${repoName}.`);
        throw err;
      });
  }
}
