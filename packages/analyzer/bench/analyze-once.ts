/**
 * One analysis in its own process, so the benchmark can read this process's peak RSS (main
 * thread plus worker threads) and CPU time. Prints one JSON line.
 *
 * Usage: node --import tsx analyze-once.ts <dir> <cacheDir> [--change-between]
 * With --change-between it first warms up as a long-lived server worker would be: one analysis,
 * then 10 changed files analysed (loading every module and the grammars the inline parser
 * needs); then it changes 10 other files and reports that analysis.
 */
import { analyzeRepository } from '../src/engine/analyze.ts';
import { changeTenFiles } from './change-files.ts';

const [dir, cacheDir, flag] = process.argv.slice(2);
if (!dir || !cacheDir) {
  process.stderr.write('usage: analyze-once.ts <dir> <cacheDir> [--change-between]\n');
  process.exit(2);
}
if (flag === '--change-between') {
  await analyzeRepository(dir, { cacheDir });
  changeTenFiles(dir, 2);
  await analyzeRepository(dir, { cacheDir });
  changeTenFiles(dir, 3);
}
const cpuBefore = process.cpuUsage();
const started = performance.now();
const result = await analyzeRepository(dir, { cacheDir });
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
