import fs from 'node:fs';
import path from 'node:path';
import type { AnalysisOnly, AnalysisResult } from '@docent/contracts';
import { flagOf, integerOf, stringOf, UsageError, type ParsedArgs } from './args.ts';
import { checkThreshold, documentedPercent, parsePercent, renderBadge } from './badge.ts';

/** The --only values (AnalysisOnly in @docent/contracts; listed here to keep zod out of CLI start-up). */
const ONLY_VALUES: readonly AnalysisOnly[] = ['languages', 'basicDoc', 'advancedDoc', 'readme'];

interface LocalArgs {
  path: string;
  failUnder?: number;
  out?: string;
  json: boolean;
  only?: AnalysisOnly;
  gitHistory: boolean;
  historyDepth?: number;
  workers?: number;
  cacheDir?: string;
}

/** Reads `analyze <path>` / `badge <path>` arguments (the options each accepts are in cli.ts's table). */
function localArgs(parsed: ParsedArgs): LocalArgs {
  for (const remoteOnly of ['vendor', 'server']) {
    if (parsed.values[remoteOnly] !== undefined) throw new UsageError(`--${remoteOnly} belongs to analyze --remote.`);
  }
  const args: LocalArgs = {
    path: parsed.positionals[0]!,
    json: flagOf(parsed, 'json'),
    gitHistory: !flagOf(parsed, 'no-git-history'),
    out: stringOf(parsed, 'out'),
    cacheDir: stringOf(parsed, 'cache-dir'),
    workers: integerOf(parsed, 'workers', 1, '--workers must be a positive integer.'),
    historyDepth: integerOf(parsed, 'history-depth', 0, '--history-depth must be 0 or a positive integer.'),
  };
  const card = stringOf(parsed, 'only');
  if (card !== undefined) {
    if (!(ONLY_VALUES as readonly string[]).includes(card))
      throw new UsageError(`--only must be one of ${ONLY_VALUES.join(', ')} (got "${card}").`);
    args.only = card as AnalysisOnly;
  }
  const raw = stringOf(parsed, 'fail-under');
  if (raw !== undefined) {
    const n = parsePercent(raw);
    if (n === null) throw new UsageError(`--fail-under must be a percentage from 0 to 100 (got "${raw}").`);
    args.failUnder = n;
  }
  if (args.out === '') throw new UsageError('--out needs a file name.');
  if (args.failUnder !== undefined && args.only !== undefined && args.only !== 'basicDoc' && args.only !== 'advancedDoc') {
    throw new UsageError(`--fail-under needs the function documentation; --only ${args.only} does not analyse it.`);
  }
  return args;
}

/**
 * `docent analyze <path>` and `docent badge <path>`: a local analysis. Returns the exit code
 * (0 ok, 1 analysis failed or share below --fail-under, 2 bad path); usage errors are thrown.
 */
export async function analyzeCommand(parsed: ParsedArgs, command: 'analyze' | 'badge'): Promise<number> {
  const args = localArgs(parsed);
  const target = path.resolve(args.path);
  if (!fs.existsSync(target)) {
    process.stderr.write(`docent: ${args.path}: no such file or directory\n`);
    return 2;
  }
  if (!fs.statSync(target).isDirectory()) {
    process.stderr.write(`docent: ${args.path}: not a directory\n`);
    return 2;
  }

  // Loaded only now, so --help and usage errors answer at once.
  const { analyzeRepository, InvalidRepositoryError, llmConfigFromEnv } = await import('@docent/analyzer');
  const showProgress = process.stderr.isTTY === true;
  const controller = new AbortController();
  const onSignal = (): void => controller.abort(new Error('interrupted'));
  process.once('SIGINT', onSignal);
  try {
    const badge = command === 'badge';
    const result = await analyzeRepository(target, {
      // The badge needs only the documented share: no README, languages or history.
      only: badge ? 'basicDoc' : args.only,
      gitHistory: badge ? false : args.gitHistory,
      historyDepth: args.historyDepth,
      workers: args.workers,
      cacheDir: args.cacheDir,
      signal: controller.signal,
      llm: { ...llmConfigFromEnv(), onFailure: (reason) => process.stderr.write(`docent: ${reason}\n`) },
      onProgress: showProgress
        ? (percent, message) => process.stderr.write(`\r\x1b[2K[${percent.toFixed(0).padStart(3)}%] ${message}`)
        : undefined,
    });
    if (showProgress) process.stderr.write('\r\x1b[2K');
    const counts = result.report.basicFuncDocAnalysis ?? { totalFunctions: 0, totalDocumented: 0 };
    const share = documentedPercent(counts);
    if (badge) {
      const svg = renderBadge(share);
      if (args.out) {
        try {
          fs.writeFileSync(args.out, svg);
        } catch (error) {
          process.stderr.write(`docent: cannot write ${args.out}: ${(error as NodeJS.ErrnoException).code ?? 'error'}\n`);
          return 2;
        }
        process.stderr.write(`docent: badge (${Math.floor(share)}% documented) written to ${args.out}\n`);
      } else process.stdout.write(svg);
      return 0;
    }
    process.stdout.write(args.json ? `${JSON.stringify(result)}\n` : renderSummary(target, result));
    return args.failUnder !== undefined ? checkThreshold(counts, args.failUnder) : 0;
  } catch (error) {
    if (showProgress) process.stderr.write('\r\x1b[2K');
    if (error instanceof InvalidRepositoryError) {
      process.stderr.write(`docent: ${error.message}\n`);
      return 2;
    }
    process.stderr.write(`docent: analysis failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    process.off('SIGINT', onSignal);
  }
}

function table(title: string, rows: ReadonlyArray<readonly [string, string]>): string {
  const width = Math.max(...rows.map(([label]) => label.length), 10);
  const lines = rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`);
  return `${title}\n${'─'.repeat(Math.max(title.length, width + 12))}\n${lines.join('\n')}\n\n`;
}

const pct = (part: number, whole: number): string => (whole === 0 ? '–' : `${((100 * part) / whole).toFixed(1)}%`);

/** The readable summary: one small table per dashboard card. */
export function renderSummary(target: string, result: AnalysisResult): string {
  const { report, stats, docMetrics } = result;
  let out = `Docent analysis of ${target}\n\n`;
  if (report.basicFuncDocAnalysis && docMetrics) {
    const { totalFunctions, totalDocumented } = report.basicFuncDocAnalysis;
    const bucket = (b: { documented: number; total: number }): string => `${b.documented}/${b.total} documented`;
    out += table('Documented functions', [
      ['Functions', String(totalFunctions)],
      ['Documented', `${totalDocumented} (${pct(totalDocumented, totalFunctions)})`],
      ['Trivial docs', `${report.basicFuncDocAnalysis.trivialDocs ?? 0} (only restate the name; not counted as documented)`],
      ['Low complexity', bucket(docMetrics.complexity.low)],
      ['Medium complexity', bucket(docMetrics.complexity.medium)],
      ['High complexity', bucket(docMetrics.complexity.high)],
      ['Public', bucket(docMetrics.visibility.public)],
      ['Private', bucket(docMetrics.visibility.private)],
      ['Protected', bucket(docMetrics.visibility.protected)],
      ['Test functions', `${stats.testFunctions} (not in the figures above)`],
    ]);
  }
  if (report.programmingLanguages) {
    const entries = Object.entries(report.programmingLanguages);
    out += table(
      'Programming languages',
      entries.length ? entries.map(([lang, share]) => [lang, `${share.toFixed(2)}%`] as const) : [['(none)', '']],
    );
  }
  if (report.advancedFuncDocAnalysis) {
    out += table('Documentation issues', [
      ['Outdated docs', String(report.advancedFuncDocAnalysis.outdatedDocCount)],
      ['Urgent to document', String(report.advancedFuncDocAnalysis.urgentDocCount)],
    ]);
  }
  if (report.readmeAnalysis) {
    const readme = report.readmeAnalysis;
    const text = readme.textStatistics;
    out += table('README', [
      ['File', readme.fileName ?? '(none found)'],
      ['Quality score', `${Math.round(readme.calculatedQualityScore)}/100`],
      ['Interpretation', `${Math.round(readme.llmInterpretationScore)}/100 (${readme.llmInterpretationSource})`],
      ['Words', String(readme.wordCount)],
      ['Reading time', `${Math.round(text.readingTime)} s`],
      ['Flesch ease', text.fleschReadingEase.toFixed(1)],
      ['Grammar issues', String(readme.grammarError)],
      ['Broken links', String(readme.brokenLinks.length)],
    ]);
  }
  const mb = (stats.bytes / 1e6).toFixed(1);
  out += `${stats.files} files (${mb} MB) in ${(stats.durationMs / 1000).toFixed(2)} s: ${stats.parsedFiles} parsed, ${stats.cachedFiles} from cache, ${stats.skippedFiles} skipped.\n`;
  return out;
}
