import fs from 'node:fs';
import path from 'node:path';
import type { AnalysisOnly, AnalysisResult } from '@docent/contracts';
import { belowThreshold, documentedPercent, parsePercent, renderBadge } from './badge.ts';

/** The --only values (AnalysisOnly in @docent/contracts; listed here to keep zod out of CLI start-up). */
const ONLY_VALUES: readonly AnalysisOnly[] = ['languages', 'basicDoc', 'advancedDoc', 'readme'];

const USAGE = `Usage: docent analyze <path> [options]
       docent badge <path> [--out <file.svg>]
       docent login [--server URL] [--no-browser]   |   docent logout
       docent repos [--server URL] [--json]
       docent analyze --remote <org/repo> [--vendor V] [--only T] [--fail-under <percent>] [--json] [--server URL]
       docent docstrings <path> [--style …] [--max-line-length N] [--write | --diff] [--files …]

analyze: analyses the repository at <path>: languages, function documentation, README.
badge:   writes an SVG badge "docs | 87%" of the documented share (stdout, or --out <file>).
login:   signs in through the browser (default server $DOCENT_SERVER or http://localhost:8080);
         the token is kept in $DOCENT_CONFIG_DIR or ~/.config/docent/credentials.json (0600).
logout:  ends that session on the server and removes the stored token.
repos:   lists your repositories on the server: name, provider, last analysis, documented share.
analyze --remote: starts the analysis of one of your repositories on the server, streams its
         log (stderr) and prints the report; exit 0 ok, 1 below --fail-under, 2 on errors.
         Remote commands use $DOCENT_API_KEY if set, else the stored login; the server is
         --server, else $DOCENT_URL, else $DOCENT_SERVER, else the stored login's server.

The documented share is the dashboard's coverage: documented functions / all functions
(test functions not counted; 0% when there are none).

Options:
  --json                 print the full result as JSON on stdout
  --only <card>          languages | basicDoc | advancedDoc | readme
  --fail-under <percent> exit 1 when the documented share is below <percent> (0–100)
  --out <file>           badge: write the SVG to <file> instead of stdout
  --no-git-history       skip the git-history check for outdated docs
  --history-depth <n>    first-parent commits the history check reads (default 1000; 0 = all)
  --workers <n>          parse worker threads (default: CPU count)
  --cache-dir <dir>      cache folder (default: $DOCENT_CACHE_DIR or ~/.cache/docent)
  -h, --help             show this help
`;

interface CliArgs {
  command: 'analyze' | 'badge';
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

class UsageError extends Error {}

function parseArgs(argv: readonly string[]): CliArgs | 'help' {
  const [command, ...rest] = argv;
  if (command === undefined || command === '-h' || command === '--help' || command === 'help') return 'help';
  if (command !== 'analyze' && command !== 'badge') throw new UsageError(`Unknown command "${command}".`);
  const args: Partial<CliArgs> & { json: boolean; gitHistory: boolean } = { command, json: false, gitHistory: true };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    const value = (): string => {
      const next = rest[++i];
      if (next === undefined) throw new UsageError(`${arg} needs a value.`);
      return next;
    };
    if (arg === '-h' || arg === '--help') return 'help';
    else if (arg === '--json') args.json = true;
    else if (arg === '--no-git-history') args.gitHistory = false;
    else if (arg === '--only' || arg.startsWith('--only=')) {
      const card = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : value();
      if (!(ONLY_VALUES as readonly string[]).includes(card)) throw new UsageError(`--only must be one of ${ONLY_VALUES.join(', ')} (got "${card}").`);
      args.only = card as AnalysisOnly;
    } else if (arg === '--workers') {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 1) throw new UsageError('--workers must be a positive integer.');
      args.workers = n;
    } else if (arg === '--history-depth') {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 0) throw new UsageError('--history-depth must be 0 or a positive integer.');
      args.historyDepth = n;
    } else if (arg === '--fail-under' || arg.startsWith('--fail-under=')) {
      const raw = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : value();
      const n = parsePercent(raw);
      if (n === null) throw new UsageError(`--fail-under must be a percentage from 0 to 100 (got "${raw}").`);
      args.failUnder = n;
    } else if (arg === '--out' || arg.startsWith('--out=')) {
      args.out = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : value();
      if (args.out === '') throw new UsageError('--out needs a file name.');
    } else if (arg === '--cache-dir') args.cacheDir = value();
    else if (arg.startsWith('-')) throw new UsageError(`Unknown option "${arg}".`);
    else if (args.path === undefined) args.path = arg;
    else throw new UsageError(`Unexpected argument "${arg}".`);
  }
  if (args.path === undefined) throw new UsageError('Missing <path>.');
  if (args.command === 'badge') {
    if (args.json || args.only || args.failUnder !== undefined) throw new UsageError('badge takes only <path>, --out, --workers and --cache-dir.');
  } else if (args.out !== undefined) throw new UsageError('--out belongs to the badge command.');
  if (args.failUnder !== undefined && args.only !== undefined && args.only !== 'basicDoc' && args.only !== 'advancedDoc') {
    throw new UsageError(`--fail-under needs the function documentation; --only ${args.only} does not analyse it.`);
  }
  return args as CliArgs;
}

/** Runs the CLI; returns the exit code (0 ok, 1 analysis failed or share below --fail-under, 2 bad usage or path). */
export async function main(argv: readonly string[]): Promise<number> {
  if (argv[0] === 'login' || argv[0] === 'logout') {
    const { loginCommand, logoutCommand } = await import('./login.ts');
    return argv[0] === 'login' ? loginCommand(argv.slice(1)) : logoutCommand(argv.slice(1));
  }
  if (argv[0] === 'repos' || (argv[0] === 'analyze' && argv.some((a) => a === '--remote' || a.startsWith('--remote=')))) {
    if (argv.includes('-h') || argv.includes('--help')) {
      process.stdout.write(USAGE);
      return 0;
    }
    const { reposCommand, remoteAnalyzeCommand } = await import('./remote.ts');
    return argv[0] === 'repos' ? reposCommand(argv.slice(1)) : remoteAnalyzeCommand(argv.slice(1));
  }
  let args: CliArgs | 'help';
  try {
    args = parseArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`docent: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (args === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
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
  const { analyzeRepository } = await import('./engine/analyze.ts');
  const { InvalidRepositoryError } = await import('./engine/errors.ts');
  const { llmConfigFromEnv } = await import('./llm/provider.ts');
  const showProgress = process.stderr.isTTY === true;
  const controller = new AbortController();
  const onSignal = (): void => controller.abort(new Error('interrupted'));
  process.once('SIGINT', onSignal);
  try {
    const badge = args.command === 'badge';
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
    if (args.failUnder !== undefined) {
      const line = `documented share ${share.toFixed(1)}% (${counts.totalDocumented} of ${counts.totalFunctions} functions), threshold ${args.failUnder}%`;
      // On stderr, so --json output stays parseable.
      if (belowThreshold(counts, args.failUnder)) {
        process.stderr.write(`docent: FAILED: ${line}\n`);
        return 1;
      }
      process.stderr.write(`docent: passed: ${line}\n`);
    }
    return 0;
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
    out += table('Programming languages', entries.length ? entries.map(([lang, share]) => [lang, `${share.toFixed(2)}%`] as const) : [['(none)', '']]);
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
