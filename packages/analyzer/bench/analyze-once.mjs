/**
 * One analysis in its own process, so the benchmark can read this process's peak RSS (main
 * thread plus worker threads) and CPU time. Prints one JSON line. Runs the engine from the
 * prebuilt bundle, as the `docent` CLI does (plain JavaScript: no tsx in the measured process).
 *
 * Usage: node analyze-once.mjs <dir> <cacheDir> [--change-between] [--no-git-history]
 * With --change-between it first warms up as a long-lived server worker would be: one analysis,
 * then 10 changed files analysed (loading every module and the grammars the inline parser
 * needs); then it changes 10 other files and reports that analysis.
 */
import { loadBundle } from '../../cli/build/bundle.mjs';
import { tuneV8ForBatch } from '../../cli/bin/v8-batch.mjs';

tuneV8ForBatch(); // as the docent command (packages/cli/bin/docent.js) does

const [dir, cacheDir, ...flags] = process.argv.slice(2);
if (!dir || !cacheDir) {
  process.stderr.write('usage: analyze-once.mjs <dir> <cacheDir> [--change-between] [--no-git-history]\n');
  process.exit(2);
}
const gitHistory = !flags.includes('--no-git-history');
const engine = await loadBundle('analyze');
if (!engine) {
  process.stderr.write('analyze-once: the analyzer bundle could not be built (node packages/cli/build/bundle.mjs)\n');
  process.exit(1);
}
const { analyzeRepository } = engine;
if (flags.includes('--change-between')) {
  const { register } = await import('tsx/esm/api');
  register();
  const { changeTenFiles } = await import('./change-files.ts');
  await analyzeRepository(dir, { cacheDir });
  changeTenFiles(dir, 2);
  await analyzeRepository(dir, { cacheDir });
  changeTenFiles(dir, 3);
}
const cpuBefore = process.cpuUsage();
const started = performance.now();
const result = await analyzeRepository(dir, { cacheDir, gitHistory });
const wallMs = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
process.stdout.write(
  `${JSON.stringify({
    wallMs: Math.round(wallMs),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    maxRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
    stats: result.stats,
    functions: result.functions.length,
    report: {
      basic: result.report.basicFuncDocAnalysis,
      advanced: result.report.advancedFuncDocAnalysis,
      languages: Object.keys(result.report.programmingLanguages ?? {}).length,
      readme: result.report.readmeAnalysis?.fileName ?? null,
    },
  })}\n`,
);
