/**
 * A job's checkout: its repository cloned or fetched into this worker's clone cache, with the
 * remote vetted by the outbound policy and the vendor credential passed per git run (never in
 * .git/config); a credential git reports refused is renewed once. Shared by every job that
 * reads a repository (analysis, code docs, doc sets, pull-request checks).
 */
import path from 'node:path';
import type { RepositoryRow } from '../db/schema.ts';
import { OutboundRefused, vetGitRemote } from '../net/outbound.ts';
import type { RepoRepository } from '../repos/repository.ts';
import type { RepoService } from '../repos/service.ts';
import { GitError, isGitAuthFailure, type GitHttpAuth } from '../vendors/git/client.ts';
import { redactUrl } from '../vendors/git/url.ts';
import { VendorApiError } from '../vendors/hosted-types.ts';
import type { JobContext } from './engine.ts';
import { runOffThread } from './off-thread.ts';

export interface CheckoutOptions {
  /** this worker's clone cache (one folder per repository) */
  cloneDir: string;
  maxRepoBytes: number;
}

export interface Checkout {
  repo: NonNullable<Awaited<ReturnType<RepoRepository['byId']>>>;
  dest: string;
  commit: string;
  /** the remote's URL, without credentials */
  source: string;
  /** a hosted vendor's token for git over https (per run, never in .git/config) */
  httpAuth: GitHttpAuth | null;
  /** git -c arguments pinning a vetted remote (empty for a local path) */
  remoteConfig: string[];
  local: boolean;
}

/** A job's first step (0–20 %): clone or fetch its repository into this worker's cache. */
export async function checkoutForJob(
  repos: RepoRepository,
  service: RepoService,
  opts: CheckoutOptions,
  { job, signal, log, progress, text }: JobContext,
): Promise<Checkout> {
  if (!job.repository_id) throw new Error(text.repositoryGone);
  const repo = await repos.byId(job.repository_id);
  if (!repo) throw new Error(text.repositoryGone);
  const { url: source, httpAuth } = await service.gitAccess(repo);
  const dest = path.join(opts.cloneDir, repo.id);

  await progress(2, text.fetching(`${repo.organization_name}/${repo.repo_name}`));
  await log('COMMAND', `git clone ${redactUrl(source)}`);
  let lastGitLine = 0;
  const local = source.startsWith('/');
  const remoteConfig = local
    ? []
    : await vetGitRemote(source).catch((err: unknown) => {
        throw new Error(err instanceof OutboundRefused ? err.message : text.hostUnresolved(`${repo.organization_name}/${repo.repo_name}`));
      });
  const inRepoTerms = (text: string) => text.split(dest).join(`${repo.organization_name}/${repo.repo_name}`);
  const onLine = (line: string) => {
    // git's progress redraws many times a second: keep one line a second in the log
    if (Date.now() - lastGitLine < 1000 && !/^(fatal|error|warning)/i.test(line)) return;
    lastGitLine = Date.now();
    // the worker's folders are no business of the user's: show the repository instead
    void log('DEBUG', inRepoTerms(line));
  };
  // The clone or fetch runs in a worker thread (docs/performance.md, "Jobs off the API's event
  // loop"): git's output and the size watch's walk of the checkout no longer take the API's turns.
  const fetchWith = async (auth: GitHttpAuth | null) => {
    const answer = await runOffThread(
      'checkout',
      [
        source,
        dest,
        {
          remoteConfig,
          httpAuth: auth,
          maxBytes: opts.maxRepoBytes,
          branch: repo.default_branch,
          allowFile: local,
          timeoutMs: 30 * 60 * 1000,
        },
      ],
      { signal, onProgress: onLine },
    ).catch((err: unknown) => {
      if (err instanceof Error) err.message = inRepoTerms(err.message);
      throw err;
    });
    // the job's error line names the repository, never this worker's clone folder
    if (!answer.ok) throw new GitError(inRepoTerms(answer.message), answer.exitCode);
    return answer.commit;
  };
  const { value: commit, auth } = await withRenewedGitAuth(service, repo, httpAuth, { log, signal, text }, fetchWith);
  await progress(20, text.checkedOut(commit.slice(0, 12)));
  return { repo, dest, commit, source, httpAuth: auth, remoteConfig, local };
}

/**
 * Runs a git step that talks to the repository's remote with its credential. When git reports
 * the credential refused (a token revoked or expired before its recorded expiry), the token is
 * renewed once (OAuth connections with a refresh token) and the step runs again with it; a token
 * that cannot be renewed stays refused. Answers the credential that worked, for later steps.
 */
export async function withRenewedGitAuth<T>(
  service: RepoService,
  repo: RepositoryRow,
  auth: GitHttpAuth | null,
  { log, signal, text }: Pick<JobContext, 'log' | 'signal' | 'text'>,
  step: (auth: GitHttpAuth | null) => Promise<T>,
): Promise<{ value: T; auth: GitHttpAuth | null }> {
  try {
    return { value: await step(auth), auth };
  } catch (err) {
    const renewed = auth && isGitAuthFailure(err) && !signal.aborted ? await renewedAuth(service, repo) : null;
    if (!renewed || renewed.header === auth?.header) throw err;
    await log('WARNING', text.tokenRenewed);
    return { value: await step(renewed), auth: renewed };
  }
}

/** The repository's git credential after a forced token refresh; a refused refresh says to sign in again. */
async function renewedAuth(service: RepoService, repo: RepositoryRow): Promise<GitHttpAuth | null> {
  try {
    return (await service.gitAccess(repo, { renewToken: true })).httpAuth;
  } catch (err) {
    // our own sentence ("… sign in again"), never the provider's words
    if (err instanceof VendorApiError && err.failure === 'auth') throw new Error(err.message);
    return null;
  }
}
