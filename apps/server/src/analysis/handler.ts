import type { AnalyzeOptions, LlmProvider } from '@docent/analyzer';
import { analyzerStepText, type AnalysisJobPayload, type AnalysisReport, type AnalysisType } from '@docent/contracts';
import type { JobContext, JobHandler } from '../jobs/engine.ts';
import type { RepoRepository } from '../repos/repository.ts';
import type { RepoService } from '../repos/service.ts';
import { checkoutForJob, type CheckoutOptions } from '../jobs/checkout.ts';
import { KeyedMutex } from '../util/keyed-mutex.ts';
import { runOffThread } from '../jobs/off-thread.ts';

export interface AnalysisHandlerOptions extends CheckoutOptions {
  /** analyzer per-file cache */
  analyzerCacheDir: string;
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
export function analysisHandler(
  repos: RepoRepository,
  service: RepoService,
  opts: AnalysisHandlerOptions,
  clones: KeyedMutex = new KeyedMutex(),
): JobHandler<AnalysisJobPayload> {
  // Two jobs of one repository on this worker share its clone folder: they take turns.
  return (ctx) => clones.run(ctx.job.repository_id ?? String(ctx.job.id), () => runAnalysis(repos, service, opts, ctx));
}

async function runAnalysis(
  repos: RepoRepository,
  service: RepoService,
  opts: AnalysisHandlerOptions,
  ctx: JobContext<AnalysisJobPayload>,
): Promise<string> {
  const { job, signal, log, progress, text } = ctx;
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
        // the analyzer's steps are English: relayed in the job's language
        void progress(scaled, analyzerStepText(ctx.language, message));
      },
    });
    await progress(96, text.savingReport);
    await repos.mergeReport(repo.id, partsOf(type, result.report));
    // the commit the architecture / API docs are built from and judged fresh against (docs/docgen-arch-api.md)
    await repos.saveDetails(repo.id, 'analysed-commit', { commit });
    // already compressed JSON, made in the worker thread: nothing to parse or serialise here
    if (result.functionsDetails) await repos.saveCompressedDetails(repo.id, 'functions', result.functionsDetails);
    if (type === 'readme' || type === 'coverage') {
      await repos.saveDetails(repo.id, 'readme', {
        content: result.readmeContent ?? null,
        suggestion: result.readmeSuggestion ?? null,
        analysis: result.report.readmeAnalysis ?? null,
      });
    }
    await opts.onAnalysed?.(repo.id, job.id, commit);
    const s = result.stats;
    await log('INFO', text.analysed(s.files, s.parsedFiles, s.cachedFiles, (s.durationMs / 1000).toFixed(1)));
    const fn = result.report.basicFuncDocAnalysis;
    // A doc that only restates the name is not counted (docs/metrics/functions.md): said apart.
    const trivial = fn?.trivialDocs ? text.trivialNotCounted(fn.trivialDocs) : '';
    if (fn) await log('INFO', text.functionsOf(fn.totalDocumented, fn.totalFunctions, trivial));
    const adv = result.report.advancedFuncDocAnalysis;
    if (adv) await log('INFO', text.outdatedDocs(adv.outdatedDocCount, adv.urgentDocCount));
    const readme = result.report.readmeAnalysis;
    if (readme) await log('INFO', text.readmeScore(readme.calculatedQualityScore));
    await log('JSON', JSON.stringify(partsOf(type, result.report)));
    return text.analysisComplete;
  }
}
