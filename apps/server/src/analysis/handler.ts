import path from 'node:path';
import { OutboundRefused, vetGitRemote } from '../net/outbound.ts';
import type { AnalyzeOptions, LlmProvider } from '@docent/analyzer';
import type { AnalysisJobPayload, AnalysisReport, AnalysisType } from '@docent/contracts';
import type { JobContext, JobHandler } from '../jobs/engine.ts';
import type { RepoRepository } from '../repos/repository.ts';
import type { RepoService } from '../repos/service.ts';
import { cloneOrFetch, isGitAuthFailure, type GitHttpAuth } from '../vendors/git/client.ts';
import { VendorApiError } from '../vendors/hosted-types.ts';
import type { RepositoryRow } from '../db/schema.ts';
import { redactUrl } from '../vendors/git/url.ts';
import { KeyedMutex } from '../util/keyed-mutex.ts';
import { runOffThread } from '../jobs/off-thread.ts';

export interface AnalysisHandlerOptions {
  /** this worker's clone cache (one folder per repository) */
  cloneDir: string;
  /** analyzer per-file cache */
  analyzerCacheDir: string;
  maxRepoBytes: number;
  /** the configured LLM provider (README interpretation score, outdated judge); absent = none */
  llm?: LlmProvider;
  /** called once the report is saved: the analysis history records a point (docs/webhooks.md, "History and trend") */
  onAnalysed?: (repositoryId: string, jobId: number, commit: string) => Promise<void>;
}

const ONLY: Record<AnalysisType, AnalyzeOptions['only']> = {
  coverage: undefined,
  basicDoc: 'basicDoc',
  advancedDoc: 'advancedDoc',
  readme: 'readme',
};

/** The report parts a run of this type produces (a partial run keeps the other parts). */
function partsOf(type: AnalysisType, report: AnalysisReport): AnalysisReport {
  switch (type) {
    case 'readme':
      return report.readmeAnalysis ? { readmeAnalysis: report.readmeAnalysis } : {};
    case 'basicDoc':
      return report.basicFuncDocAnalysis ? { basicFuncDocAnalysis: report.basicFuncDocAnalysis } : {};
    default:
      return report;
  }
}

/**
 * The analysis job: clone or fetch into this worker's cache (0–20 %), run the analyzer with its
 * progress feeding the job (20–95 %), merge the report and details into the repository.
 */
export function analysisHandler(repos: RepoRepository, service: RepoService, opts: AnalysisHandlerOptions, clones: KeyedMutex = new KeyedMutex()): JobHandler<AnalysisJobPayload> {
  // Two jobs of one repository on this worker share its clone folder: they take turns.
  return (ctx) => clones.run(ctx.job.repository_id ?? String(ctx.job.id), () => runAnalysis(repos, service, opts, ctx));
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
export async function checkoutForJob(repos: RepoRepository, service: RepoService, opts: Pick<AnalysisHandlerOptions, 'cloneDir' | 'maxRepoBytes'>, { job, signal, log, progress }: JobContext): Promise<Checkout> {
  if (!job.repository_id) throw new Error('The repository of this job no longer exists.');
  const repo = await repos.byId(job.repository_id);
  if (!repo) throw new Error('The repository of this job no longer exists.');
  const { url: source, httpAuth } = await service.gitAccess(repo);
  const dest = path.join(opts.cloneDir, repo.id);

  await progress(2, `Fetching ${repo.organization_name}/${repo.repo_name}`);
  await log('COMMAND', `git clone ${redactUrl(source)}`);
  let lastGitLine = 0;
  const local = source.startsWith('/');
  const remoteConfig = local
    ? []
    : await vetGitRemote(source).catch((err: unknown) => {
        throw new Error(err instanceof OutboundRefused ? err.message : `Could not resolve the host of ${repo.organization_name}/${repo.repo_name}.`);
      });
  const inRepoTerms = (text: string) => text.split(dest).join(`${repo.organization_name}/${repo.repo_name}`);
  const fetchWith = (auth: GitHttpAuth | null) => cloneOrFetch(source, dest, {
    remoteConfig,
    httpAuth: auth,
    signal,
    maxBytes: opts.maxRepoBytes,
    branch: repo.default_branch,
    allowFile: local,
    timeoutMs: 30 * 60 * 1000,
    onLine: (line) => {
      // git's progress redraws many times a second: keep one line a second in the log
      if (Date.now() - lastGitLine < 1000 && !/^(fatal|error|warning)/i.test(line)) return;
      lastGitLine = Date.now();
      // the worker's folders are no business of the user's: show the repository instead
      void log('DEBUG', inRepoTerms(line));
    },
  }).catch((err: unknown) => {
    // the job's error line names the repository, never this worker's clone folder
    if (err instanceof Error) err.message = inRepoTerms(err.message);
    throw err;
  });
  const { value: commit, auth } = await withRenewedGitAuth(service, repo, httpAuth, { log, signal }, fetchWith);
  await progress(20, `Checked out ${commit.slice(0, 12)}`);
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
  { log, signal }: Pick<JobContext, 'log' | 'signal'>,
  step: (auth: GitHttpAuth | null) => Promise<T>,
): Promise<{ value: T; auth: GitHttpAuth | null }> {
  try {
    return { value: await step(auth), auth };
  } catch (err) {
    const renewed = auth && isGitAuthFailure(err) && !signal.aborted ? await renewedAuth(service, repo) : null;
    if (!renewed || renewed.header === auth?.header) throw err;
    await log('WARNING', 'The vendor refused the token: it was renewed, fetching again');
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

async function runAnalysis(repos: RepoRepository, service: RepoService, opts: AnalysisHandlerOptions, ctx: JobContext<AnalysisJobPayload>): Promise<string> {
  const { job, signal, log, progress } = ctx;
  {
    const type = ctx.payload.analysisType;
    const { repo, dest, commit } = await checkoutForJob(repos, service, opts, ctx);
    let lastPercent = 20;
    let lastReport = 0;
    // The analyzer runs in a worker thread: the API's event loop keeps answering meanwhile.
    const result = await runOffThread('analyze', [dest, { only: ONLY[type], cacheDir: opts.analyzerCacheDir }], {
      signal,
      ...(opts.llm ? { llm: opts.llm } : {}),
      onProgress: (percent: number, message: string) => {
        const scaled = Math.round(20 + (percent / 100) * 75);
        // Report at most every 500 ms or on a 5-point step: the log stays readable.
        if (scaled - lastPercent < 5 && Date.now() - lastReport < 500) return;
        lastPercent = scaled;
        lastReport = Date.now();
        void progress(scaled, message);
      },
    });
    await progress(96, 'Saving the report');
    await repos.mergeReport(repo.id, partsOf(type, result.report));
    // the commit the architecture / API docs are built from and judged fresh against (docs/docgen-arch-api.md)
    await repos.saveDetails(repo.id, 'analysed-commit', { commit });
    if (type !== 'readme') {
      await repos.saveDetails(repo.id, 'functions', { functions: result.functions, docMetrics: result.docMetrics ?? null });
    }
    if (type === 'readme' || type === 'coverage') {
      await repos.saveDetails(repo.id, 'readme', { content: result.readmeContent ?? null, suggestion: result.readmeSuggestion ?? null, analysis: result.report.readmeAnalysis ?? null });
    }
    await opts.onAnalysed?.(repo.id, job.id, commit);
    const s = result.stats;
    await log('INFO', `Analysed ${s.files} files (${s.parsedFiles} parsed, ${s.cachedFiles} from cache) in ${(s.durationMs / 1000).toFixed(1)} s`);
    const fn = result.report.basicFuncDocAnalysis;
    // A doc that only restates the name is not counted (docs/metrics/functions.md): said apart.
    const trivial = fn?.trivialDocs ? ` (${fn.trivialDocs} trivial ${fn.trivialDocs === 1 ? 'doc' : 'docs'} not counted)` : '';
    if (fn) await log('INFO', `Functions: ${fn.totalDocumented} of ${fn.totalFunctions} documented${trivial}`);
    const adv = result.report.advancedFuncDocAnalysis;
    if (adv) await log('INFO', `Outdated docs: ${adv.outdatedDocCount}; urgent docs: ${adv.urgentDocCount}`);
    const readme = result.report.readmeAnalysis;
    if (readme) await log('INFO', `README quality score: ${readme.calculatedQualityScore}`);
    await log('JSON', JSON.stringify(partsOf(type, result.report)));
    return 'Analysis complete';
  }
}
