import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AnalysisHandlerOptions } from '../analysis/handler.ts';
import { checkoutForJob, withRenewedGitAuth, type Checkout } from '../jobs/checkout.ts';
import { vetGitRemote } from '../net/outbound.ts';
import type { JobContext, JobHandler } from '../jobs/engine.ts';
import type { RepoRepository } from '../repos/repository.ts';
import type { RepoService } from '../repos/service.ts';
import { KeyedMutex } from '../util/keyed-mutex.ts';
import { runGit, type GitHttpAuth } from '../vendors/git/client.ts';
import { END_OF_OPTIONS } from '../vendors/git/revisions.ts';
import { VendorApiError } from '../vendors/hosted-types.ts';
import { analyzeChange, coverageOf, fetchPullRequest, type ChangeReport } from './change.ts';
import { CANCELLED_STATE, ERROR_STATE, PENDING_STATE, renderComment, verdictOf, type CommitState } from './comment.ts';
import type { JobLogTexts } from '@docent/contracts';
import type { PrInsightsPayload } from './payload.ts';
import type { PrInsightStore } from './store.ts';
import { reporterFor } from '../vendors/index.ts';
import type { PrReporter } from '../vendors/pr-reporter.ts';

/** The repository vendor each webhook vendor name stands for. */
export const REPO_VENDOR = { github: 'GITHUB', gitlab: 'GITLAB', bitbucket: 'BITBUCKET', azure: 'AZUREDEVOPS', git: 'GIT' } as const;

export interface PrInsightsOptions extends Pick<AnalysisHandlerOptions, 'cloneDir' | 'maxRepoBytes'> {
  /** where links in comments and statuses point (APP_URL) */
  appUrl: string;
}

/**
 * The repository's clone as it is, when this worker has one: a pull request needs its own two
 * commits (fetched next), not the default branch brought up to date. Its remote is vetted and
 * pointed at the stored URL as checkoutForJob does; anything unusual falls back to checkoutForJob
 * (which also replaces a broken clone).
 */
async function warmClone(repos: RepoRepository, service: RepoService, opts: PrInsightsOptions, ctx: JobContext): Promise<Checkout | null> {
  if (!ctx.job.repository_id) return null;
  const repo = await repos.byId(ctx.job.repository_id);
  if (!repo) return null;
  const dest = path.join(opts.cloneDir, repo.id);
  if (!existsSync(path.join(dest, '.git'))) return null;
  try {
    const { url: source, httpAuth } = await service.gitAccess(repo);
    const local = source.startsWith('/');
    const remoteConfig = local ? [] : await vetGitRemote(source);
    const run = (args: string[]) =>
      runGit(args, { cwd: dest, signal: ctx.signal, remoteConfig, httpAuth, allowFile: local, timeoutMs: 60_000 });
    await run(['remote', 'set-url', END_OF_OPTIONS, 'origin', source]);
    const commit = (await run(['rev-parse', '--verify', 'HEAD^{commit}'])).trim();
    await ctx.progress(20, ctx.text.usingClone(commit.slice(0, 12)));
    return { repo, dest, commit, source, httpAuth, remoteConfig, local };
  } catch {
    if (ctx.signal.aborted) throw ctx.signal.reason;
    return null;
  }
}

/** A vendor call's failure in the job log: the HTTP status only, never the vendor's words. */
const why = (text: JobLogTexts, label: string, err: unknown) =>
  err instanceof VendorApiError ? (err.status ? text.vendorAnswered(label, err.status) : text.noAnswerFrom(label)) : text.internalError;

/**
 * The PR_INSIGHTS job: fetch the pull request into the repository's clone (0–30 %), compute the
 * documentation coverage of its change (30–70 %), then report it on the pull request: the
 * comment edited in place, the commit status by the repository's threshold, and the suggested
 * docstrings (70–100 %). A vendor refusing one of the three does not stop the others.
 */
export function prInsightsHandler(
  repos: RepoRepository,
  service: RepoService,
  store: PrInsightStore,
  opts: PrInsightsOptions,
  clones: KeyedMutex = new KeyedMutex(),
): JobHandler<PrInsightsPayload> {
  return (ctx) => clones.run(ctx.job.repository_id ?? String(ctx.job.id), () => run(repos, service, store, opts, ctx));
}

async function run(
  repos: RepoRepository,
  service: RepoService,
  store: PrInsightStore,
  opts: PrInsightsOptions,
  ctx: JobContext<PrInsightsPayload>,
): Promise<string> {
  // Parsed with PrInsightsPayload before the handler runs (app.ts): a commit or branch that is not one never reaches git (docs/security.md).
  const pr = ctx.payload;
  const jobUrl = `${opts.appUrl}/jobs/${ctx.job.id}`;
  // The pull request shows the check as running from the start, as a CI check does, and never
  // keeps a pending status the job cannot settle: a failed or cancelled run says so.
  const early = await reporterForJob(repos, service, ctx.job.repository_id, pr);
  const pending = early ? await postState(early, pr.headSha, PENDING_STATE, jobUrl, ctx, ctx.signal) : false;
  try {
    return await check(repos, service, store, opts, ctx, pr, jobUrl);
  } catch (err) {
    if (early && pending)
      await postState(
        early,
        pr.headSha,
        ctx.signal.aborted ? CANCELLED_STATE : ERROR_STATE,
        jobUrl,
        ctx,
        AbortSignal.timeout(SETTLE_TIMEOUT_MS),
      );
    throw err;
  }
}

/** How long a failed or cancelled run may wait for the vendor to take its final status. */
const SETTLE_TIMEOUT_MS = 15_000;

/** The reporter for the job's repository before any clone, when a vendor connection holds a token for it. */
async function reporterForJob(
  repos: RepoRepository,
  service: RepoService,
  repositoryId: string | null,
  pr: PrInsightsPayload,
): Promise<PrReporter | null> {
  const repo = repositoryId ? await repos.byId(repositoryId) : null;
  // A plain git remote (vendor 'git') has nothing to report to.
  if (!repo || pr.vendor === 'git' || REPO_VENDOR[pr.vendor] !== repo.vendor) return null;
  const target = await service.connectionFor(repo).catch(() => null);
  return target
    ? reporterFor(target.vendor, target.cred, { organizationName: repo.organization_name, repoName: repo.repo_name, number: pr.number })
    : null;
}

/** Sets a non-final status; a vendor refusing it is logged (HTTP status only) and the job goes on. */
async function postState(
  reporter: PrReporter,
  sha: string,
  state: CommitState,
  jobUrl: string,
  { log, text }: Pick<JobContext, 'log' | 'text'>,
  signal: AbortSignal,
): Promise<boolean> {
  try {
    await reporter.setStatus(sha, state, jobUrl, signal);
    await log('INFO', text.statusSet(state.state, state.description));
    return true;
  } catch (err) {
    await log('WARNING', text.stateNotSet(state.state, why(text, reporter.label, err)));
    return false;
  }
}

async function check(
  repos: RepoRepository,
  service: RepoService,
  store: PrInsightStore,
  opts: PrInsightsOptions,
  ctx: JobContext,
  pr: PrInsightsPayload,
  jobUrl: string,
): Promise<string> {
  const { signal, log, progress, text } = ctx;
  const mark = timings();
  const checkout = (await warmClone(repos, service, opts, ctx)) ?? (await checkoutForJob(repos, service, opts, ctx));
  mark('checkout (clone or fetch)');
  const { repo, dest, commit } = checkout;
  if (REPO_VENDOR[pr.vendor] !== repo.vendor && repo.vendor !== 'GIT') throw new Error(text.vendorMismatch(pr.vendor, repo.vendor));
  const gitWith = (httpAuth: GitHttpAuth | null) => (args: string[]) =>
    runGit(args, {
      cwd: dest,
      signal,
      remoteConfig: checkout.remoteConfig,
      httpAuth,
      allowFile: checkout.local,
      timeoutMs: 10 * 60 * 1000,
    });

  await progress(25, pr.vendor === 'git' ? text.fetchingBranch(pr.headRef) : text.fetchingPullRequest(pr.number));
  const fetched = await withRenewedGitAuth(service, repo, checkout.httpAuth, ctx, (auth) => fetchPullRequest(gitWith(auth), pr, text));
  const baseSha = fetched.value;
  const git = gitWith(fetched.auth);
  mark('fetch the pull request');
  await progress(30, text.analysingChange);
  const report = await analyzeChange(git, pr.headSha, baseSha, { dir: dest, restore: commit, signal });
  mark('analyse the change');
  const coverage = coverageOf(report);
  const documented = report.functions.filter((f) => f.documented).length;
  await log(
    'INFO',
    text.changedFiles(report.files.length, report.functions.length, documented, coverage === null ? '' : text.coverageShare(coverage)),
  );
  await log(
    'INFO',
    text.changeFindings(report.functions.filter((f) => f.outdated).length, report.brokenLinks.length, report.suggestions.length),
  );
  await progress(70, text.reportingOnPullRequest);

  const failUnder = await store.failUnder(repo.id);
  const verdict = verdictOf(report, failUnder);
  const previous = await store.find(repo.id, pr.number);
  // Read again rather than the job's first reporter: a token a git step above renewed is the one to use.
  const reporter = await reporterForJob(repos, service, repo.id, pr);
  if (previous && previous.head_sha !== pr.headSha && (await isAncestor(git, pr.headSha, previous.head_sha))) {
    // A late delivery of an older push (docs/pr-insights.md, "Deliveries out of order"): its own
    // commit gets its status, the pull request keeps the newer commit's comment and result.
    const newer = previous.head_sha.slice(0, 7);
    await log('INFO', pr.vendor === 'git' ? text.branchCheckedNewer(pr.headRef, newer) : text.pullRequestCheckedNewer(pr.number, newer));
    if (reporter) await postState(reporter, pr.headSha, verdict, jobUrl, ctx, signal);
    return text.olderCommitChecked;
  }
  // Every suggestion is also served as a patch: vendors without suggestion blocks link to it,
  // and on GitHub / GitLab it holds those whose line the diff does not show.
  const patchToken = report.suggestions.length > 0 ? (previous?.patch_token ?? randomBytes(24).toString('base64url')) : null;
  const patchLink = `[download them as a patch](${opts.appUrl}/api/v1/pr-insights/patch/${patchToken}) for \`git apply\``;
  const where =
    report.suggestions.length === 0
      ? null
      : reporter?.postSuggestions
        ? `💡 ${report.suggestions.length} suggested docstring(s): posted as review suggestions (apply with one click) where the diff shows the function; or ${patchLink}.`
        : `💡 ${report.suggestions.length} suggested docstring(s): ${patchLink}.`;
  const body = renderComment(report, verdict, failUnder, where);
  let stored = { commentId: previous?.comment_id ?? null, threadId: previous?.thread_id ?? null };
  const save = () =>
    store.save(repo.id, pr.number, pr.vendor, {
      ...stored,
      headSha: pr.headSha,
      result: { ...summaryOf(report, verdict, failUnder), title: pr.title, headRef: pr.headRef, baseRef: pr.baseRef, jobId: ctx.job.id },
      patch: report.patch || null,
      patchToken,
    });
  if (!reporter) {
    await save();
    await log(
      pr.vendor === 'git' ? 'INFO' : 'WARNING',
      pr.vendor === 'git' ? text.plainGitKept(pr.headRef, pr.baseRef) : text.noVendorToken,
    );
    return text.checkComplete;
  }
  let failures = 0;
  try {
    const done = await reporter.upsertComment(body, stored, signal);
    stored = { commentId: done.commentId, threadId: done.threadId };
    mark('comment');
    await log('INFO', done.created ? text.commented(pr.number) : text.commentUpdated(pr.number));
  } catch (err) {
    if (signal.aborted) throw err;
    failures++;
    await log('WARNING', text.commentFailed(why(text, reporter.label, err)));
  }
  await save();
  try {
    const via = await reporter.setStatus(pr.headSha, verdict, jobUrl, signal, body);
    if (via === 'status-after-403') await log('INFO', text.checksPermissionMissing(reporter.label));
    await log(
      'INFO',
      via === 'check-run' ? text.checkRunSet(verdict.state, verdict.description) : text.statusSet(verdict.state, verdict.description),
    );
  } catch (err) {
    if (signal.aborted) throw err;
    failures++;
    await log('WARNING', text.commitStatusFailed(why(text, reporter.label, err)));
  }
  if (reporter.postSuggestions && report.suggestions.length > 0) {
    await progress(90, text.postingSuggestions);
    try {
      const posted = await reporter.postSuggestions(
        report.suggestions,
        { head: pr.headSha, base: baseSha, mergeBase: report.mergeBase },
        signal,
      );
      await log('INFO', posted > 0 ? text.suggestionsPosted(posted) : text.suggestionsPostedBefore);
    } catch (err) {
      if (signal.aborted) throw err;
      failures++;
      await log('WARNING', text.suggestionsFailed(why(text, reporter.label, err)));
    }
  }
  await log('JSON', JSON.stringify(summaryOf(report, verdict, failUnder)));
  return failures === 0 ? text.checkComplete : text.checkCompletePartly;
}

/**
 * Whether `older` is a strict ancestor of `newer` in the clone. A commit the clone does not have
 * (another worker checked it) counts as not: the run then reports as before.
 */
async function isAncestor(git: (args: string[]) => Promise<string>, older: string, newer: string): Promise<boolean> {
  try {
    // Both are hex ids (PrInsightsPayload, and the stored head was one); a commit is its own ancestor.
    const [a, b] = (await git(['rev-parse', `${older}^{commit}`, `${newer}^{commit}`])).trim().split('\n');
    if (!a || a === b) return false;
    await git(['merge-base', '--is-ancestor', END_OF_OPTIONS, older, newer]);
    return true;
  } catch {
    return false;
  }
}

/** What is kept of a run (and shown in the job's JSON line): figures, not code. */
function summaryOf(report: ChangeReport, verdict: ReturnType<typeof verdictOf>, failUnder: number | null) {
  return {
    headSha: report.headSha,
    mergeBase: report.mergeBase,
    coverage: coverageOf(report),
    changedFunctions: report.functions.length,
    documented: report.functions.filter((f) => f.documented).length,
    outdated: report.functions
      .filter((f) => f.outdated)
      .map((f) => ({ path: f.path, name: f.name, line: f.startLine, reasons: f.reasons })),
    undocumented: report.functions
      .filter((f) => !f.documented)
      .map((f) => ({ path: f.path, name: f.name, line: f.startLine, added: f.added })),
    brokenLinks: report.brokenLinks,
    suggestions: report.suggestions.length,
    state: verdict.state,
    failUnder,
  };
}

/** Phase timings on stderr when DOCENT_TIMINGS=1 (docs/performance.md), as the analyzer does. */
function timings(): (label: string) => void {
  if (process.env.DOCENT_TIMINGS !== '1') return () => undefined;
  let last = performance.now();
  return (label) => {
    const now = performance.now();
    process.stderr.write(`pr-insights ${(now - last).toFixed(0).padStart(6)} ms  ${label}\n`);
    last = now;
  };
}
