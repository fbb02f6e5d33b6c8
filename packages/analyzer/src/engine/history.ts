import { runGit, splitNul } from './git.ts';
import type { BlameSummary } from './cache.ts';

/**
 * Outdated-by-history (DESIGN.md §5): a documented function whose body changed in commits newer
 * than the last change to its doc. `git blame -w --incremental` gives, for every line, the commit
 * that last changed it (ignoring whitespace-only changes, so a re-indent does not count); the newest
 * commit over the body lines is compared with the newest over the doc lines.
 */

const UNCOMMITTED = '0000000000000000000000000000000000000000';

/** Blob ids of HEAD's files, keyed by the same relative paths `git ls-files` gives in `root`. */
export async function headBlobIds(root: string, signal?: AbortSignal): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  let out: Buffer;
  try {
    out = await runGit(root, ['ls-tree', '-r', '-z', 'HEAD'], signal);
  } catch {
    return ids; // no commit yet, or not readable: no file is clean
  }
  for (const entry of splitNul(out)) {
    const tab = entry.indexOf('\t');
    if (tab < 0) continue;
    const [, type, id] = entry.slice(0, tab).split(' ');
    if (type === 'blob' && id) ids.set(entry.slice(tab + 1), id);
  }
  return ids;
}

/** Runs blame on one file (its working-tree content) and condenses the answer. */
export async function blameFile(root: string, rel: string, key: string, signal?: AbortSignal): Promise<BlameSummary> {
  const out = await runGit(root, ['blame', '-w', '--incremental', '--', rel], signal);
  return parseIncrementalBlame(out.toString('utf8'), key);
}

/** Parses `git blame --incremental` output (commit headers, then per-commit key/value lines). */
export function parseIncrementalBlame(text: string, key: string): BlameSummary {
  const commitIndex = new Map<string, number>();
  const commits: Array<[string, number]> = [];
  const runs: Array<[number, number, number]> = [];
  let current = -1;
  for (const line of text.split('\n')) {
    const header = /^([0-9a-f]{40}) \d+ (\d+) (\d+)$/.exec(line);
    if (header) {
      const sha = header[1]!;
      let index = commitIndex.get(sha);
      if (index === undefined) {
        index = commits.length;
        commitIndex.set(sha, index);
        commits.push([sha === UNCOMMITTED ? '' : sha.slice(0, 7), sha === UNCOMMITTED ? Math.floor(Date.now() / 1000) : 0]);
      }
      current = index;
      runs.push([Number(header[2]), Number(header[3]), index]);
    } else if (current >= 0 && line.startsWith('committer-time ')) {
      const commit = commits[current]!;
      if (commit[0] !== '') commit[1] = Number(line.slice('committer-time '.length)) || 0;
    }
  }
  runs.sort((a, b) => a[0] - b[0]);
  return { key, commits, runs: runs.flat() };
}

interface Newest {
  time: number;
  sha: string;
}

/** Newest commit over lines [from, to] (1-based, inclusive), skipping lines in [skipFrom, skipTo]. */
function newestIn(summary: BlameSummary, from: number, to: number, skipFrom = 0, skipTo = -1): Newest | null {
  const runs = summary.runs;
  let best: Newest | null = null;
  // Runs are sorted by first line; a binary search finds the first run that may overlap.
  let lo = 0;
  let hi = runs.length / 3;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (runs[mid * 3]! + runs[mid * 3 + 1]! - 1 < from) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < runs.length / 3; i++) {
    const start = Math.max(runs[i * 3]!, from);
    const end = Math.min(runs[i * 3]! + runs[i * 3 + 1]! - 1, to);
    if (runs[i * 3]! > to) break;
    if (start > end) continue;
    // Lines of this run outside the skipped span?
    const coveredBySkip = start >= skipFrom && end <= skipTo;
    if (coveredBySkip) continue;
    const commit = summary.commits[runs[i * 3 + 2]!];
    if (commit && (!best || commit[1] > best.time)) best = { time: commit[1], sha: commit[0] };
  }
  return best;
}

function day(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

/**
 * The history verdict for one documented function, or null when the doc is at least as new as the
 * body (or blame says nothing about these lines).
 */
export function historyExplanation(
  summary: BlameSummary,
  fn: { startLine: number; endLine: number; docStartLine: number | null; docEndLine: number | null },
  docNoun: string,
): string | null {
  if (fn.docStartLine === null || fn.docEndLine === null) return null;
  const doc = newestIn(summary, fn.docStartLine, fn.docEndLine);
  const body = newestIn(summary, fn.startLine, fn.endLine, fn.docStartLine, fn.docEndLine);
  if (!doc || !body || body.time <= doc.time) return null;
  const docWhen = doc.sha === '' ? 'in uncommitted changes' : `(${day(doc.time)})`;
  if (body.sha === '') return `Function body has uncommitted changes made after its ${docNoun} was last updated ${docWhen}.`;
  return `Function body changed in ${body.sha} (${day(body.time)}), after its ${docNoun} was last updated ${docWhen}.`;
}
