/**
 * One analysis in its own process, so the benchmark can read this process's peak RSS (main
 * thread plus worker threads) and CPU time. Prints one JSON line.
 * Usage: node --import tsx analyze-once.ts <dir> <cacheDir> [historyDepth]
 */
import { analyzeRepository } from '../src/engine/analyze.ts';

const [dir, cacheDir, depth] = process.argv.slice(2);
if (!dir || !cacheDir) {
  process.stderr.write('usage: analyze-once.ts <dir> <cacheDir> [historyDepth]\n');
  process.exit(2);
}
const cpuBefore = process.cpuUsage();
const started = performance.now();
const result = await analyzeRepository(dir, { cacheDir, historyDepth: depth === undefined ? undefined : Number(depth) });
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
