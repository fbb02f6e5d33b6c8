/**
 * Analyzer benchmark: `npm run bench:analyzer [-- <path>] [--compare] [--keep]`.
 *
 * Without a path it generates the deterministic synthetic repository (bench/synthetic.ts) as a
 * git repo under os.tmpdir(). With a path it benchmarks a local clone of that repository (the
 * original is never modified). Each analysis runs in its own process (bench/analyze-once.mjs) with
 * a fresh cache folder: cold run, warm run (nothing changed), then a run after 10 files changed
 * and were committed. --compare also times `github-linguist --breakdown` and `pydocstyle` on the
 * same tree when they are installed. Results go to stdout (a table, then one JSON line).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { changeTenFiles } from './change-files.ts';
import { generateSyntheticRepo } from './synthetic.ts';
import { analyzerSourceVersion } from '../src/engine/cache.ts';
import { buildBundle } from '../../cli/build/bundle.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const compare = args.includes('--compare');
const keep = args.includes('--keep');
const source = args.find((a) => !a.startsWith('--'));
// One cache version for all runs: source edits made meanwhile must not empty the cache.
const cacheVersion = `bench${analyzerSourceVersion()}`;
// The measured processes run the bundle (as the CLI does); building it is not part of any run.
await buildBundle();

interface Run {
  wallMs: number;
  cpuMs: number;
  maxRssMB: number;
  processWallMs: number;
  /** whole process including start-up and the git processes it ran (null without /usr/bin/time) */
  processCpuMs: number | null;
  stats: {
    files: number;
    bytes: number;
    parsedFiles: number;
    cachedFiles: number;
    skippedFiles: number;
    testFunctions: number;
    durationMs: number;
  };
  functions: number;
  report: unknown;
}

const gitEnv = {
  ...process.env,
  GIT_AUTHOR_NAME: 'Bench',
  GIT_AUTHOR_EMAIL: 'bench@example.com',
  GIT_COMMITTER_NAME: 'Bench',
  GIT_COMMITTER_EMAIL: 'bench@example.com',
};
const git = (cwd: string, ...gitArgs: string[]): string =>
  execFileSync('git', gitArgs, { cwd, env: gitEnv, encoding: 'utf8', maxBuffer: 1 << 30 }).trim();

/** /usr/bin/time reports the process's CPU including the git processes it ran and waited for. */
const hasTime = fs.existsSync('/usr/bin/time');

function analyzeInChild(dir: string, cacheDir: string, ...extra: string[]): Run {
  const started = performance.now();
  const command = [process.execPath, path.join(here, 'analyze-once.mjs'), dir, cacheDir, ...extra];
  const child = spawnSync(hasTime ? '/usr/bin/time' : command[0]!, hasTime ? ['-f', 'TIME %U %S', ...command] : command.slice(1), {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
    env: { ...process.env, DOCENT_CACHE_VERSION: cacheVersion },
  });
  const processWallMs = Math.round(performance.now() - started);
  if (child.status !== 0) throw new Error(`analysis failed (${child.status}): ${child.stderr}`);
  const timed = /TIME ([\d.]+) ([\d.]+)\s*$/.exec(child.stderr);
  const processCpuMs = timed ? Math.round((Number(timed[1]) + Number(timed[2])) * 1000) : null;
  return {
    ...(JSON.parse(child.stdout.trim().split('\n').at(-1)!) as Omit<Run, 'processWallMs' | 'processCpuMs'>),
    processWallMs,
    processCpuMs,
  };
}

function timeCommand(
  cwd: string,
  command: string,
  commandArgs: string[],
): { wallS: number; cpuS: number; maxRssMB: number } | { error: string } {
  const which = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  if (which.status !== 0) return { error: `${command} not installed` };
  const result = spawnSync('/usr/bin/time', ['-f', '%e %U %S %M', command, ...commandArgs], { cwd, encoding: 'utf8', maxBuffer: 1 << 28 });
  const last = result.stderr.trim().split('\n').at(-1) ?? '';
  const [wall, user, sys, rss] = last.split(' ').map(Number);
  if (wall === undefined || Number.isNaN(wall)) return { error: `could not time ${command}: ${result.stderr.slice(-300)}` };
  return { wallS: wall, cpuS: Math.round(((user ?? 0) + (sys ?? 0)) * 100) / 100, maxRssMB: Math.round((rss ?? 0) / 1024) };
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'docent-bench-'));
const repo = path.join(work, 'repo');
const cacheDir = path.join(work, 'cache');
let description: string;
try {
  if (source) {
    const abs = path.resolve(source);
    if (!fs.existsSync(abs) || !fs.statSync(abs).isDirectory()) {
      process.stderr.write(`bench: ${source}: not a directory\n`);
      process.exit(2);
    }
    git(work, 'clone', '-q', abs, repo);
    description = `clone of ${abs} at ${git(repo, 'rev-parse', '--short', 'HEAD')}`;
  } else {
    fs.mkdirSync(repo);
    const t0 = performance.now();
    const summary = generateSyntheticRepo(repo);
    git(repo, 'init', '-q', '-b', 'main');
    git(repo, 'add', '-A');
    execFileSync('git', ['commit', '-q', '-m', 'synthetic'], {
      cwd: repo,
      env: { ...gitEnv, GIT_AUTHOR_DATE: '2026-01-01T00:00:00Z', GIT_COMMITTER_DATE: '2026-01-01T00:00:00Z' },
    });
    description = `synthetic repository: ${summary.files} files, ${(summary.bytes / 1e6).toFixed(1)} MB, ${summary.functions} generated functions, broken: ${summary.brokenFiles.join(', ')} (generated in ${((performance.now() - t0) / 1000).toFixed(1)} s)`;
  }
  process.stderr.write(`bench: ${description}\nbench: cold run…\n`);
  const cold = analyzeInChild(repo, cacheDir);
  process.stderr.write('bench: cold run without the git-history pass (its own empty cache)…\n');
  const coldNoHistory = analyzeInChild(repo, path.join(work, 'cache-no-history'), '--no-git-history');
  process.stderr.write('bench: warm run…\n');
  const warm = analyzeInChild(repo, cacheDir);
  const changed = changeTenFiles(repo, 1);
  process.stderr.write('bench: run after changing 10 files…\n');
  const afterChange = analyzeInChild(repo, cacheDir);
  process.stderr.write('bench: 10 more changed files, in a process that already ran an analysis…\n');
  const afterChangeLongLived = analyzeInChild(repo, cacheDir, '--change-between');

  const references: Record<string, unknown> = {};
  if (compare) {
    process.stderr.write('bench: github-linguist --breakdown…\n');
    references.linguist = timeCommand(repo, 'github-linguist', ['--breakdown']);
    process.stderr.write('bench: pydocstyle…\n');
    references.pydocstyle = timeCommand(repo, 'pydocstyle', ['.']);
  }

  const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
  const mb = cold.stats.bytes / 1e6;
  const coldS = cold.wallMs / 1000;
  const rows: Array<[string, string]> = [
    [
      'machine',
      `${os.cpus()[0]?.model ?? 'cpu'} × ${os.availableParallelism()}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    ],
    ['repository', description],
    ['files / bytes', `${cold.stats.files} files, ${mb.toFixed(1)} MB, ${cold.functions} functions (${cold.stats.testFunctions} in tests)`],
    [
      'cold: wall (analysis)',
      `${seconds(cold.wallMs)}  (process incl. start-up ${seconds(cold.processWallMs)}, CPU ${seconds(cold.cpuMs)}; process CPU incl. git ${cold.processCpuMs === null ? '?' : seconds(cold.processCpuMs)})`,
    ],
    [
      'cold: throughput',
      `${(cold.stats.files / coldS).toFixed(0)} files/s, ${(mb / coldS).toFixed(2)} MB/s, ${(cold.functions / coldS).toFixed(0)} functions/s`,
    ],
    ['cold: peak RSS', `${cold.maxRssMB} MB`],
    [
      'cold, no git history',
      `${seconds(coldNoHistory.wallMs)}  (process ${seconds(coldNoHistory.processWallMs)}, CPU ${seconds(coldNoHistory.cpuMs)}, peak RSS ${coldNoHistory.maxRssMB} MB)`,
    ],
    [
      'warm (no change)',
      `${seconds(warm.wallMs)}  (process ${seconds(warm.processWallMs)}, CPU ${seconds(warm.cpuMs)}, parsed ${warm.stats.parsedFiles}, peak RSS ${warm.maxRssMB} MB)`,
    ],
    [
      'after 10 changed files',
      `${seconds(afterChange.wallMs)}  (process ${seconds(afterChange.processWallMs)}, CPU ${seconds(afterChange.cpuMs)}, parsed ${afterChange.stats.parsedFiles}, peak RSS ${afterChange.maxRssMB} MB)`,
    ],
    [
      'same, long-lived process',
      `${seconds(afterChangeLongLived.wallMs)}  (parsed ${afterChangeLongLived.stats.parsedFiles}, CPU ${seconds(afterChangeLongLived.cpuMs)})`,
    ],
  ];
  for (const [name, value] of Object.entries(references)) {
    const v = value as { wallS?: number; cpuS?: number; maxRssMB?: number; error?: string };
    rows.push([name, v.error ?? `${v.wallS?.toFixed(2)} s wall, ${v.cpuS?.toFixed(2)} s CPU, ${v.maxRssMB} MB RSS`]);
  }
  // Whole processes against whole processes (start-up included on both sides).
  const speedup = (name: string, docentMs: number): string | null => {
    const v = references[name] as { wallS?: number } | undefined;
    if (!v?.wallS) return null;
    const x = v.wallS / (docentMs / 1000);
    return x >= 1 ? `${x.toFixed(1)}× faster` : `${(1 / x).toFixed(1)}× slower`;
  };
  const vsLinguist = speedup('linguist', cold.processWallMs);
  if (vsLinguist) rows.push(['Docent cold vs linguist', `${vsLinguist} (whole processes)`]);
  const vsPydocstyle = speedup('pydocstyle', cold.processWallMs);
  if (vsPydocstyle)
    rows.push([
      'Docent cold vs pydocstyle',
      `${vsPydocstyle}; without the git-history pass ${speedup('pydocstyle', coldNoHistory.processWallMs)}`,
    ]);
  const width = Math.max(...rows.map(([k]) => k.length));
  process.stdout.write(`${rows.map(([k, v]) => `${k.padEnd(width)}  ${v}`).join('\n')}\n`);
  process.stdout.write(
    `${JSON.stringify({ description, cold, coldNoHistory, warm, afterChange, afterChangeLongLived, changed, references, loadavg: os.loadavg() })}\n`,
  );
} finally {
  if (!keep) fs.rmSync(work, { recursive: true, force: true });
  else process.stderr.write(`bench: kept ${work}\n`);
}
