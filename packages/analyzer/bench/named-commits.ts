/**
 * Did the commit a verdict names change the function's code? (docs/metrics/outdated.md §Which
 * commit.) Analyses a repository (functions only, fresh cache), then for every review suggestion
 * and every history OUTDATED verdict of a non-test function reads the file at the named commit
 * and at its parent, parses both whole (the analyzer's extractor, not the history pass's
 * fragments) and compares the function's code key (src/engine/code-key.ts: comments, docstrings,
 * annotations, blank lines, layout and local names set aside). Prints the share whose named
 * commit changed the code and lists the others.
 *
 * Usage: node --import tsx packages/analyzer/bench/named-commits.ts <repository> [--limit N] [--from analysis.json]
 * With --from, the verdicts are read from a `docent analyze <repository> --json` output instead of
 * analysing again (the held-out rounds of docs/metrics/outdated.md).
 * The check shares the code key with the analyzer: it tells whether the naming is consistent
 * with that definition of "changed code", read from whole versions, not whether the definition
 * is right (judge a sample by reading git for that).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { analyzeRepository } from '../src/engine/analyze.ts';
import { codeKey } from '../src/engine/code-key.ts';
import { parseInline } from '../src/engine/version-parser.ts';

const [dir, ...flags] = process.argv.slice(2);
if (!dir || !fs.existsSync(path.join(dir, '.git'))) {
  process.stderr.write('usage: named-commits.ts <git repository> [--limit N]\n');
  process.exit(2);
}
const limitAt = flags.indexOf('--limit');
const limit = limitAt >= 0 ? Number(flags[limitAt + 1]) : Infinity;
const fromAt = flags.indexOf('--from');
const from = fromAt >= 0 ? flags[fromAt + 1] : undefined;

const show = (rev: string, rel: string): string | null => {
  if (!/^[0-9a-f]{4,40}\^?$/.test(rev)) return null;
  try {
    return execFileSync('git', ['show', `${rev}:./${rel}`], {
      cwd: dir,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return null;
  }
};

const keysOf = async (text: string | null, name: string, language: string, rel: string): Promise<string | null> => {
  if (text === null) return null;
  const fns = (await parseInline(text, language, rel)).filter((f) => f.name === name);
  return fns.length === 0
    ? null
    : fns
        .map((f) => codeKey(f.content, f.name, language))
        .sort()
        .join('\n');
};

const analyse = async (): Promise<Awaited<ReturnType<typeof analyzeRepository>>> => {
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docent-named-'));
  try {
    return await analyzeRepository(dir, { cacheDir, only: 'advancedDoc' });
  } finally {
    fs.rmSync(cacheDir, { recursive: true, force: true });
  }
};
const result: Pick<Awaited<ReturnType<typeof analyzeRepository>>, 'functions'> = from
  ? JSON.parse(fs.readFileSync(from, 'utf8'))
  : await analyse();

let checked = 0;
let changed = 0;
const others: string[] = [];
for (const fn of result.functions) {
  if (fn.isTest || checked >= limit) continue;
  const named: Array<[string, string]> = [];
  if (fn.reviewSuggestion?.commit) named.push(['review', fn.reviewSuggestion.commit]);
  if (fn.outdatedStatus.status === 'OUTDATED' && fn.outdatedStatus.source === 'history' && fn.outdatedStatus.commit)
    named.push(['outdated', fn.outdatedStatus.commit]);
  for (const [kind, commit] of named) {
    checked++;
    const then = await keysOf(show(commit, fn.fileName), fn.name, fn.languageType, fn.fileName);
    const before = await keysOf(show(`${commit}^`, fn.fileName), fn.name, fn.languageType, fn.fileName);
    if (then !== null && then !== before) changed++;
    else others.push(`${kind} ${commit} ${fn.gitLocation} ${fn.name}${then === null ? ' (not found at the commit)' : ''}`);
  }
}
const share = checked === 0 ? 0 : (100 * changed) / checked;
process.stdout.write(`${changed} of ${checked} named commits changed the function's code (${share.toFixed(1)} %)\n`);
for (const line of others) process.stdout.write(`  ${line}\n`);
