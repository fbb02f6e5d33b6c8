import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { runGit, splitNul } from './git.ts';
import type { BlameSummary } from './history-types.ts';
import { AnalysisAbortedError } from './errors.ts';
import { formattingMap, onlyPythonComments, pythonCodeHunk, quotesAlike } from './formatting-hunk.ts';
import { isTestFile } from './test-files.ts';

/**
 * The line walk behind outdated-by-history (docs/design.md §5): which commit last changed each line of
 * a documented function and of its doc. doc-history.ts judges what changed after the doc.
 *
 * Instead of one `git blame` per file (~80 s of CPU on a 900-file repository with 18,000
 * commits), one `git log -p -U0 -w --first-parent` pass walks the history newest first for all
 * files at once and tracks, per line of interest, the newest commit that changed it — what blame
 * computes, limited to the lines of documented functions, stopping as soon as every such line is
 * attributed or `depth` commits were read. Whitespace-only changes do not count (-w), nor do
 * hunks that only reformat (formatting-hunk.ts: their lines are traced to the code they came
 * from). Changes merged from a branch are dated by the merge on the first-parent line, and a
 * renamed file's history starts at the rename. The window is the newest `depth` first-parent
 * commits; lines older than it are attributed to the boundary commit HEAD~depth (sha written
 * `^abc1234`), meaning "then or earlier".
 */

/** First-parent commits read back from HEAD by default; 0 reads the whole history. */
export const DEFAULT_HISTORY_DEPTH = 1000;

export interface HistoryTarget {
  rel: string;
  /** number of lines in the working-tree file */
  lineCount: number;
  /** 1-based inclusive line ranges whose history matters (functions and their docs) */
  ranges: Array<[number, number]>;
  /** working tree differs from HEAD: uncommitted changes are newer than any commit */
  dirty: boolean;
}

/** Blob ids of HEAD's files, keyed by the same relative paths `git ls-files` gives in `root`. */
export async function headBlobIds(root: string, signal?: AbortSignal): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  let out: Buffer;
  try {
    out = await runGit(root, ['ls-tree', '-r', '-z', 'HEAD'], signal);
  } catch {
    return ids; // no commit yet, or not readable: no file has history
  }
  for (const entry of splitNul(out)) {
    const tab = entry.indexOf('\t');
    if (tab < 0) continue;
    const [, type, id] = entry.slice(0, tab).split(' ');
    if (type === 'blob' && id) ids.set(entry.slice(tab + 1), id);
  }
  return ids;
}

interface Tracked {
  target: HistoryTarget;
  /**
   * per current line (1-based): the first of the lines it stands for in the version being walked,
   * -1 when not tracked. A line stands for more than one (`span`) once a reformatting hunk joined
   * or split lines: its history is then the newest of theirs.
   */
  ver: Int32Array;
  /** per current line: how many version lines after `ver` it also stands for */
  span: Int32Array;
  /** per current line: index into commits, -1 unattributed */
  owner: Int32Array;
  /**
   * per current line: the newest commit that deleted lines right after it (-1 none). Blame never
   * shows a pure deletion; a removed `raise` or parameter line must still date the function.
   */
  deleted: Int32Array;
  remaining: number;
  /**
   * The current lines still tracked (ver >= 0), ascending, in its first `remaining` slots:
   * applyHunks visits these instead of every line of the file for every commit.
   */
  live: Int32Array;
  /** ' and " are the same quote in this file's language (formatting-hunk.ts) */
  quotes: boolean;
  /** a Python file: comments and one-line signatures' annotations are not changes (formatting-hunk.ts pythonCodeLine) */
  python: boolean;
}

interface Hunk {
  oldStart: number;
  oldCount: number;
  newStart: number;
  newCount: number;
  /** the hunk's '-'/'+' lines, read only when a tracked line falls in it */
  body: () => string;
  /** memo of formattingMap: null when the hunk changes code */
  formatting?: Int32Array | null;
  /** memo of onlyPythonComments (Python files only) */
  comments?: boolean;
}

const NO_BODY = (): string => '';

/** A streamed hunk body longer than this is not kept (memory): the hunk counts as a change. */
const MAX_STREAMED_HUNK_CHARS = 4 * 1024 * 1024;

/** Last version line a hunk touches: its last added line, or the line its deletion follows. */
const lastLineOf = (hunk: Hunk): number => (hunk.newCount > 0 ? hunk.newStart + hunk.newCount - 1 : hunk.newStart);

/**
 * Attributes to `commit` the tracked lines its hunks changed, and maps the other tracked lines to
 * the parent version. A hunk that only reformats (formatting-hunk.ts) changes nothing: each line
 * it added stands for the removed lines its code came from, and whichever commit last changed
 * one of those dates it (a conservative "newest of", so a real change behind a reformat is
 * never lost).
 */
function applyHunks(file: Tracked, hunks: readonly Hunk[], commit: number): void {
  const { ver, span, owner, deleted, live } = file;
  const formatting = (hunk: Hunk): Int32Array | null => {
    if (hunk.formatting === undefined) {
      const map = hunk.oldCount > 0 ? formattingMap(file.python ? pythonCodeHunk(hunk.body()) : hunk.body(), file.quotes) : null;
      // A body that does not have the header's line counts is not trusted.
      hunk.formatting = map && map.length === hunk.newCount * 2 && map[map.length - 1] === hunk.oldCount - 1 ? map : null;
    }
    return hunk.formatting;
  };
  // A Python hunk that only adds or removes comment or blank lines changes no code.
  const onlyComments = (hunk: Hunk): boolean => file.python && (hunk.comments ??= onlyPythonComments(hunk.body()));
  let h = 0; // first hunk not wholly before the current line's first version line
  let delta = 0; // lines removed minus added by the hunks before h
  const tracked = file.remaining;
  // Lines wholly before the first hunk (their version range and its end) keep their place and
  // range: skipped by a cheaper loop (docs/performance.md, "Session 27 (helper h85)").
  const firstStart = hunks.length > 0 ? hunks[0]!.newStart : Infinity;
  let before = 0;
  while (before < tracked) {
    const line = live[before]!;
    if (ver[line]! >= firstStart || ver[line]! + span[line]! >= firstStart) break;
    before++;
  }
  let kept = before; // live lines still tracked after this commit, compacted in place
  for (let at = before; at < tracked; at++) {
    const line = live[at]!;
    const v = ver[line]!;
    const e = v + span[line]!;
    // Tracked ranges never go backwards (the mapping is monotonic): hunks left behind stay behind.
    while (h < hunks.length && lastLineOf(hunks[h]!) < v) {
      delta += hunks[h]!.oldCount - hunks[h]!.newCount;
      h++;
    }
    let changed = false;
    let dropped = false;
    let deletedAfter = false;
    let first = v + delta;
    let last = -1;
    let endDelta = delta;
    for (let k = h; k < hunks.length; k++) {
      const hunk = hunks[k]!;
      if (hunk.newStart > e) break;
      if (hunk.newCount === 0) {
        // Lines removed after version line newStart (v <= newStart <= e).
        if (onlyComments(hunk)) {
          if (hunk.newStart < e) endDelta += hunk.oldCount;
          continue;
        }
        deletedAfter = true;
        if (hunk.newStart < e) endDelta += hunk.oldCount;
        continue;
      }
      if (hunk.oldCount === 0 && v >= hunk.newStart && e <= lastLineOf(hunk) && onlyComments(hunk)) {
        // An added comment or blank line: no code of the function, and no history before.
        dropped = true;
        break;
      }
      const map = formatting(hunk);
      if (!map) {
        changed = true;
        break;
      }
      // The removed lines the added line's code came from (formattingMap).
      if (v >= hunk.newStart) first = hunk.oldStart + map[(v - hunk.newStart) * 2]!;
      if (e <= lastLineOf(hunk)) last = hunk.oldStart + map[(e - hunk.newStart) * 2 + 1]!;
      else endDelta += hunk.oldCount - hunk.newCount;
    }
    if (changed || dropped) {
      if (changed) owner[line] = commit;
      ver[line] = -1;
      file.remaining--;
      continue;
    }
    if (deletedAfter && deleted[line] === -1) deleted[line] = commit;
    if (last < 0) last = e + endDelta;
    ver[line] = first;
    span[line] = last - first;
    live[kept++] = line;
  }
}

/** C-style quoted path as git prints it for unusual names ("a\"b"). */
function unquote(path: string): string {
  if (!path.startsWith('"')) return path;
  const body = path.slice(1, -1);
  const bytes: number[] = [];
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (ch !== '\\') {
      bytes.push(...Buffer.from(ch, 'utf8'));
      continue;
    }
    const next = body[++i]!;
    if (/[0-7]/.test(next)) {
      bytes.push(parseInt(body.slice(i, i + 3), 8));
      i += 2;
    } else {
      bytes.push(({ n: 10, t: 9, r: 13, a: 7, b: 8, f: 12, v: 11 } as Record<string, number>)[next] ?? next.charCodeAt(0));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

const HUNK = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/**
 * Applies diff lines one at a time; `line` returns true once nothing is left to attribute. A
 * hunk's body is read only if a tracked line falls in it: either from the '-'/'+' lines passed
 * to `line` (a streamed diff), or, when the caller jumps from header to header, from `bodyOf`
 * (a slice of the text the caller holds).
 */
function createDiffConsumer(
  files: Map<string, Tracked>,
  commits: Array<[string, number]>,
  defaultCommit: number,
): { line(text: string, bodyOf?: () => string): boolean; end(): void } {
  let active = [...files.values()].filter((f) => f.remaining > 0).length;
  let commit = defaultCommit;
  let file: Tracked | undefined;
  let hunks: Hunk[] = [];
  let streamed: { lines: string[]; chars: number } | null = null; // the last hunk's body, when its lines come one by one
  const flushFile = (): void => {
    if (file && hunks.length > 0 && file.remaining > 0) {
      applyHunks(file, hunks, commit);
      if (file.remaining === 0) active--;
    }
    file = undefined;
    hunks = [];
    streamed = null;
  };
  return {
    line(line, bodyOf) {
      const first = line.charCodeAt(0);
      if (first === 1) {
        flushFile();
        // Everything is attributed: the rest of history cannot change the answer.
        if (active === 0) return true;
        const space = line.indexOf(' ');
        commits.push([line.slice(1, 8), Number(line.slice(space + 1)) || 0]);
        commit = commits.length - 1;
      } else if (line.startsWith('diff --git ')) {
        flushFile();
      } else if (line.startsWith('+++ ')) {
        const path = unquote(line.slice(4));
        file = path.startsWith('b/') ? files.get(path.slice(2)) : undefined;
      } else if (first === 64 /* @ */ && file) {
        const m = HUNK.exec(line);
        if (m) {
          let body = bodyOf ?? NO_BODY;
          if (!bodyOf) {
            const own = (streamed = { lines: [], chars: 0 });
            // A hunk too big to keep is not read: it counts as a change (never as formatting).
            body = () => (own.chars > MAX_STREAMED_HUNK_CHARS ? '' : own.lines.join('\n'));
          }
          hunks.push({
            oldStart: Number(m[1]),
            oldCount: m[2] === undefined ? 1 : Number(m[2]),
            newStart: Number(m[3]),
            newCount: m[4] === undefined ? 1 : Number(m[4]),
            body,
            // The memos present from the start: added later, they changed the hunks' shape and
            // threw applyHunks' optimised code away (docs/performance.md, "Session 27 (helper h83)").
            formatting: undefined,
            comments: undefined,
          });
        }
      } else if (streamed && (first === 43 /* + */ || first === 45) /* - */) {
        streamed.chars += line.length;
        if (streamed.chars <= MAX_STREAMED_HUNK_CHARS) streamed.lines.push(line);
      }
      return false;
    },
    end: flushFile,
  };
}

const GIT_ENV_OVERRIDES = { GIT_OPTIONAL_LOCKS: '0', GIT_LITERAL_PATHSPECS: '1', GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' };
const GIT_CONFIG = ['-c', 'core.fsmonitor=false', '-c', 'core.quotepath=off', '-c', 'diff.external='];

/**
 * Reads unified diffs (-U0) from a git command and applies them. Lines `\x01<sha> <time>` start a
 * commit (for `git log`); `defaultCommit` is used when there are none (`git diff`). Kills git
 * once nothing is left to attribute.
 */
function consumeDiffs(
  root: string,
  args: string[],
  files: Map<string, Tracked>,
  commits: Array<[string, number]>,
  defaultCommit: number,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', [...GIT_CONFIG, ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'ignore'],
      env: { ...process.env, ...GIT_ENV_OVERRIDES },
    });
    const consumer = createDiffConsumer(files, commits, defaultCommit);
    let finished = false;
    const finish = (error?: Error): void => {
      if (finished) return;
      finished = true;
      signal?.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve();
    };
    const onAbort = (): void => {
      child.kill('SIGKILL');
      finish(new AnalysisAbortedError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });

    const lines = createInterface({ input: child.stdout, crlfDelay: Infinity });
    lines.on('line', (line) => {
      if (finished) return;
      try {
        if (consumer.line(line)) {
          child.kill('SIGKILL');
          lines.close();
          finish();
        }
      } catch (error) {
        child.kill('SIGKILL');
        finish(error instanceof Error ? error : new Error(String(error)));
      }
    });
    lines.on('close', () => {
      if (!finished) consumer.end();
      finish();
    });
    child.on('error', (error) => finish(error));
  });
}

/** The lines of `git log -p` output the consumer acts on (commit, file and hunk headers). */
const HEADER_LINE = /^(?:\x01|@@ |\+\+\+ |diff --git ).*$/gm;

/** Applies a complete, already read `git log` output (see prefetchHistory); true once nothing is left to attribute. */
function consumeDiffText(text: string, files: Map<string, Tracked>, commits: Array<[string, number]>): boolean {
  const consumer = createDiffConsumer(files, commits, -1);
  // Jumping from header to header skips the changed-line bodies (most of the 10 MB) in one scan;
  // a hunk's body is the text up to the next header, sliced only if the walk asks for it.
  HEADER_LINE.lastIndex = 0;
  for (let m = HEADER_LINE.exec(text); m; m = HEADER_LINE.exec(text)) {
    const line = m[0].endsWith('\r') ? m[0].slice(0, -1) : m[0];
    let bodyOf: (() => string) | undefined;
    if (line.startsWith('@@ ')) {
      const from = m.index + m[0].length + 1;
      bodyOf = () => {
        HEADER_BOUNDARY.lastIndex = from;
        const next = HEADER_BOUNDARY.exec(text);
        return text.slice(from, next ? next.index : text.length);
      };
    }
    if (consumer.line(line, bodyOf)) return true;
  }
  consumer.end();
  return [...files.values()].every((f) => f.remaining === 0);
}

/** The start of the next header line after a hunk body (a hunk body's lines start with '-', '+' or '\\'). */
const HEADER_BOUNDARY = /^(?:\x01|@@ |diff --git )/gm;

/** The first-parent commits `git log` reads, oldest excluded: `HEAD~depth` or none (whole history). */
async function historyBoundary(root: string, depth: number, signal?: AbortSignal): Promise<[string, number] | null> {
  if (depth <= 0) return null;
  try {
    const out = (await runGit(root, ['log', '-1', '--format=%H %ct', `HEAD~${depth}`, '--'], signal)).toString('utf8').trim();
    const [sha, time] = out.split(' ');
    return sha && time ? [sha, Number(time)] : null;
  } catch {
    return null; // fewer commits than the window: read the whole history
  }
}

// --relative: paths relative to the analysed folder, which may be a subfolder of the work tree.
const DIFF_OPTIONS = ['-U0', '-w', '--relative', '--no-renames', '--no-color', '--no-ext-diff', '--no-textconv'];
const LOG_ARGS = ['log', '--first-parent', '--diff-merges=first-parent', '-p', ...DIFF_OPTIONS, '--format=%x01%H %ct'];

/** Output of the whole window's `git log -p` for every file, read while the files are parsed. */
export interface HistoryPrefetch {
  depth: number;
  /** the files its diffs cover (its pathspecs); others are read by the targeted pass */
  covers(rel: string): boolean;
  /**
   * The window's diffs as consecutive slices of the first-parent line, newest slice first; null
   * when git failed or the output outgrew the memory cap (then history is read per target).
   */
  result: Promise<{ boundary: [string, number] | null; texts: string[] } | null>;
  /** stops git if it is still running (the history turned out not to be needed) */
  cancel(): void;
}

/** Above this much `git log` output, all slices together, the prefetch gives up (the targeted pass reads less). */
const PREFETCH_MAX_BYTES = 256 * 1024 * 1024;

/** Below this many commits the window is read by one git process (splitting costs more than it saves). */
const MIN_COMMITS_PER_SLICE = 50;

/**
 * Starts the history pass before the targets are known: `git log -p` over the newest `depth`
 * first-parent commits for all files. On a cold analysis git then runs beside this thread while
 * the files are read and parsed; the targeted pass (traceHistory without a prefetch) reads the
 * same diffs, restricted to the targets, only after parsing. Only for a bounded window
 * (depth > 0).
 *
 * git log is single-threaded and its diffs cost more CPU than everything else in a cold analysis,
 * so the window is cut into `slices` consecutive runs of first-parent commits (HEAD~n/2..HEAD and
 * HEAD~n..HEAD~n/2 for two), one git process each: the cores share the work instead of one core
 * waiting for one git. Applied newest slice first, they give exactly the single pass's result.
 * Each git writes to a private temporary file rather than a pipe, so it never waits for this
 * thread (a pipe holds 64 KiB: git would stall whenever the main thread is busy).
 */
export function prefetchHistory(
  root: string,
  depth: number,
  signal?: AbortSignal,
  slices = 1,
  scope: HistoryScope = EVERY_FILE,
): HistoryPrefetch {
  const children = new Set<ReturnType<typeof spawn>>();
  let cancelled = false;
  const result = (async () => {
    const boundary = await historyBoundary(root, depth, signal);
    const cuts = slices > 1 ? await sliceCuts(root, depth, boundary, slices, signal) : [];
    if (cancelled || signal?.aborted) return null;
    // Ranges newest first: cut1..HEAD, cut2..cut1, …, boundary..cutN (or all below cutN).
    const tips = ['HEAD', ...cuts];
    const ranges = tips.map((tip, i) => {
      const bottom = i < cuts.length ? cuts[i] : boundary?.[0];
      return bottom ? `${bottom}..${tip}` : tip;
    });
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'docent-history-'));
    try {
      const cap = Math.floor(PREFETCH_MAX_BYTES / ranges.length);
      const texts = await Promise.all(ranges.map((range, i) => logToFile(root, range, path.join(folder, `log${i}.diff`), cap)));
      if (cancelled || texts.some((text) => text === null)) return null;
      return { boundary, texts: texts as string[] };
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  })().catch(() => null);

  /** Runs one `git log -p` over `range` into `file`; its text, or null when git failed or overflowed. */
  function logToFile(cwd: string, range: string, file: string, cap: number): Promise<string | null> {
    const fd = fs.openSync(file, 'wx', 0o600);
    return new Promise<string | null>((resolve) => {
      const proc = spawn('git', [...GIT_CONFIG, ...LOG_ARGS, range, '--', ...scope.pathspecs], {
        cwd,
        stdio: ['ignore', fd, 'ignore'],
        // The scope's pathspecs are globs ('*.py'), built from literal extensions only.
        env: { ...process.env, ...GIT_ENV_OVERRIDES, ...(scope.pathspecs.length > 0 ? { GIT_LITERAL_PATHSPECS: '0' } : {}) },
      });
      children.add(proc);
      fs.closeSync(fd);
      // The output cannot be capped as it is written; it is checked a few times a second.
      const watch = setInterval(() => {
        try {
          if (fs.statSync(file).size > cap) proc.kill('SIGKILL');
        } catch {
          proc.kill('SIGKILL');
        }
      }, 200);
      proc.on('error', () => resolve(null));
      proc.on('close', (exit) => {
        clearInterval(watch);
        children.delete(proc);
        resolve(exit === 0 && !cancelled ? fs.readFileSync(file, 'utf8') : null);
      });
    });
  }

  const cancel = (): void => {
    cancelled = true;
    for (const child of children) child.kill('SIGKILL');
  };
  signal?.addEventListener('abort', cancel, { once: true });
  void result.then(() => signal?.removeEventListener('abort', cancel));
  return { depth, covers: scope.covers, result, cancel };
}

/** Which files a prefetch reads: git pathspecs and the same rule as a predicate. */
export interface HistoryScope {
  pathspecs: readonly string[];
  covers(rel: string): boolean;
}

const EVERY_FILE: HistoryScope = { pathspecs: [], covers: () => true };

/**
 * Test files (test-files.ts) as git pathspecs, to leave them out of the prefetch: history is
 * traced only for the functions whose verdicts Docent reports, and test functions are counted,
 * not judged. Each glob matches only paths isTestFile also matches (engine-history.test.ts
 * checks it), so no file that needs history is left out.
 */
export const TEST_FILE_EXCLUDES = [
  '**/test/**',
  '**/tests/**',
  '**/__tests__/**',
  '**/test_*.py',
  '**/*_test.py',
  '**/*_test.go',
  '**/*_test.[jt]s',
  '**/*_test.[jt]sx',
  '**/*_test.[cm][jt]s',
  '**/*.test.[!.]*',
  '**/*.spec.[!.]*',
  '**/*Test.java',
  '**/*Tests.java',
  '**/conftest.py',
].map((glob) => `:(exclude,glob)${glob}`);

/** More extensions than this and the prefetch reads every file (a pathspec per extension costs per path). */
const MAX_SCOPE_EXTENSIONS = 32;

/**
 * The files of `files` whose extension some language with functions uses (`*.py`, `*.go`, …),
 * test files left out: history is traced only for non-test files with documented functions, and
 * the prefetch starts before any file is read, so it goes by extension. Documentation and data
 * (SQLAlchemy's changelog .rst files, gin's Markdown: 20–40 % of their diffs) and tests (half of
 * SQLAlchemy's remaining Python diff) are left out. A file with functions under another name (a
 * script without extension, a .gitattributes language override) is not covered, and the
 * targeted pass reads its history.
 */
export function historyScope(files: readonly string[], hasFunctions: (extension: string) => boolean): HistoryScope {
  const extensions = new Set<string>();
  const checked = new Map<string, boolean>();
  for (const rel of files) {
    const slash = rel.lastIndexOf('/');
    const dot = rel.lastIndexOf('.');
    if (dot <= slash + 1) continue; // no extension, or a dot file
    const extension = rel.slice(dot);
    let yes = checked.get(extension);
    if (yes === undefined) checked.set(extension, (yes = hasFunctions(extension.toLowerCase())));
    if (yes) extensions.add(extension);
  }
  if (extensions.size === 0 || extensions.size > MAX_SCOPE_EXTENSIONS) return EVERY_FILE;
  return {
    // Without magic a pathspec is a glob in which '*' also matches '/': any folder. Literal
    // extensions only (letters, digits, '+', '_', '-'), so nothing in them is a glob character.
    pathspecs: [...[...extensions].filter((e) => /^\.[\w+-]+$/.test(e)).map((e) => `*${e}`), ...TEST_FILE_EXCLUDES],
    covers(rel) {
      const slash = rel.lastIndexOf('/');
      const dot = rel.lastIndexOf('.');
      return dot > slash + 1 && extensions.has(rel.slice(dot)) && /^\.[\w+-]+$/.test(rel.slice(dot)) && !isTestFile(rel);
    },
  };
}

/**
 * Commits cutting the window into `slices` runs of equal length along the first-parent line
 * (HEAD~k·n/slices), newest first; none when the window is too short to be worth splitting.
 */
async function sliceCuts(
  root: string,
  depth: number,
  boundary: [string, number] | null,
  slices: number,
  signal?: AbortSignal,
): Promise<string[]> {
  let length = depth;
  if (!boundary) {
    // The whole history is shorter than the window: split what there is.
    try {
      length = Number((await runGit(root, ['rev-list', '--first-parent', '--count', 'HEAD'], signal)).toString('utf8').trim());
    } catch {
      return [];
    }
  }
  const count = Math.min(slices, Math.floor(length / MIN_COMMITS_PER_SLICE));
  if (!(count > 1)) return [];
  const refs = Array.from({ length: count - 1 }, (_, i) => `HEAD~${Math.round(((i + 1) * length) / count)}`);
  try {
    const shas = (await runGit(root, ['rev-parse', ...refs], signal)).toString('utf8').trim().split('\n');
    return shas.length === refs.length && shas.every((sha) => /^[0-9a-f]{40,64}$/.test(sha)) ? shas : [];
  } catch {
    return [];
  }
}

/**
 * For each target, which commit last changed each line of interest. Files git cannot trace get
 * no summary. `key` is stored in each summary for the cache.
 */
export async function traceHistory(
  root: string,
  targets: readonly HistoryTarget[],
  keyOf: (target: HistoryTarget) => string,
  options: { depth?: number; signal?: AbortSignal; prefetch?: HistoryPrefetch | null } = {},
): Promise<Map<string, BlameSummary>> {
  const depth = options.depth ?? DEFAULT_HISTORY_DEPTH;
  const files = new Map<string, Tracked>();
  for (const target of targets) {
    const ver = new Int32Array(target.lineCount + 1).fill(-1);
    let remaining = 0;
    for (const [from, to] of target.ranges) {
      for (let line = Math.max(1, from); line <= Math.min(to, target.lineCount); line++) {
        if (ver[line] === -1) remaining++;
        ver[line] = line;
      }
    }
    const live = new Int32Array(remaining);
    for (let line = 1, at = 0; line < ver.length; line++) if (ver[line]! >= 0) live[at++] = line;
    files.set(target.rel, {
      target,
      ver,
      span: new Int32Array(target.lineCount + 1),
      owner: new Int32Array(target.lineCount + 1).fill(-1),
      deleted: new Int32Array(target.lineCount + 1).fill(-1),
      remaining,
      live,
      quotes: quotesAlike(target.rel),
      python: /\.pyw?$/i.test(target.rel),
    });
  }
  const summaries = new Map<string, BlameSummary>();
  if (files.size === 0) return summaries;

  const commits: Array<[string, number]> = [];
  const dirty = targets.filter((t) => t.dirty).map((t) => t.rel);
  if (dirty.length > 0) {
    commits.push(['', Math.floor(Date.now() / 1000)]);
    await consumeDiffs(root, ['diff', ...DIFF_OPTIONS, 'HEAD', '--', ...dirty], files, commits, 0, options.signal);
  }
  // The window is the newest `depth` commits of the first-parent line (HEAD~depth..HEAD), the
  // same whatever files are traced, so a one-file re-trace agrees with a whole-repository one.
  const prefetched = options.prefetch && options.prefetch.depth === depth ? await options.prefetch.result : null;
  let boundary: [string, number] | null;
  if (prefetched) {
    boundary = prefetched.boundary;
    const covered = new Map<string, Tracked>();
    const others = new Map<string, Tracked>();
    for (const [rel, file] of files) (options.prefetch!.covers(rel) ? covered : others).set(rel, file);
    // Newest slice first: each file's diffs are then applied newest to oldest, as in one pass.
    if (covered.size > 0) for (const text of prefetched.texts) if (consumeDiffText(text, covered, commits)) break;
    if (others.size > 0)
      await consumeDiffs(
        root,
        [...LOG_ARGS, boundary ? `${boundary[0]}..HEAD` : 'HEAD', '--', ...others.keys()],
        others,
        commits,
        -1,
        options.signal,
      );
  } else {
    boundary = await historyBoundary(root, depth, options.signal);
    await consumeDiffs(
      root,
      [...LOG_ARGS, boundary ? `${boundary[0]}..HEAD` : 'HEAD', '--', ...files.keys()],
      files,
      commits,
      -1,
      options.signal,
    );
  }

  // Lines still unattributed were last changed in the boundary commit or before it.
  const boundaryIndex = commits.length;
  commits.push(boundary ? [`^${boundary[0].slice(0, 7)}`, boundary[1]] : ['^', 0]);

  for (const file of files.values()) {
    const used = new Map<number, number>();
    const local: Array<[string, number]> = [];
    const runs: number[] = [];
    for (let line = 1; line < file.ver.length; line++) {
      const tracked = file.ver[line]! >= 0 || file.owner[line]! >= 0;
      if (!tracked) continue;
      const global = file.owner[line]! >= 0 ? file.owner[line]! : boundaryIndex;
      let index = used.get(global);
      if (index === undefined) {
        index = local.length;
        used.set(global, index);
        local.push(commits[global]!);
      }
      const last = runs.length - 3;
      if (last >= 0 && runs[last + 2] === index && runs[last]! + runs[last + 1]! === line) runs[last + 1]!++;
      else runs.push(line, 1, index);
    }
    const deletions: number[] = [];
    for (let line = 1; line < file.deleted.length; line++) {
      const global = file.deleted[line]!;
      if (global < 0) continue;
      let index = used.get(global);
      if (index === undefined) {
        index = local.length;
        used.set(global, index);
        local.push(commits[global]!);
      }
      deletions.push(line, index);
    }
    summaries.set(file.target.rel, { key: keyOf(file.target), commits: local, runs, ...(deletions.length > 0 ? { deletions } : {}) });
  }
  return summaries;
}

export interface Newest {
  time: number;
  sha: string;
}

/** Newest commit over lines [from, to] (1-based, inclusive), ignoring runs inside [skipFrom, skipTo]. */
export function newestIn(summary: BlameSummary, from: number, to: number, skipFrom = 0, skipTo = -1): Newest | null {
  const runs = summary.runs;
  const count = runs.length / 3;
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (runs[mid * 3]! + runs[mid * 3 + 1]! - 1 < from) lo = mid + 1;
    else hi = mid;
  }
  let best: Newest | null = null;
  for (let i = lo; i < count; i++) {
    const first = runs[i * 3]!;
    if (first > to) break;
    const start = Math.max(first, from);
    const end = Math.min(first + runs[i * 3 + 1]! - 1, to);
    if (start > end || (start >= skipFrom && end <= skipTo)) continue;
    const commit = summary.commits[runs[i * 3 + 2]!];
    if (commit && (!best || commit[1] > best.time)) best = { time: commit[1], sha: commit[0] };
  }
  // Lines deleted after line L changed the range when L is one of its lines; when a range is
  // skipped (the doc inside a function), a deletion after its last line belongs to the body.
  const deletions = summary.deletions ?? [];
  const ownLast = skipTo >= skipFrom ? to : to - 1;
  for (let i = 0; i < deletions.length; i += 2) {
    const line = deletions[i]!;
    if (line < from || line > ownLast || (line >= skipFrom && line < skipTo)) continue;
    const commit = summary.commits[deletions[i + 1]!];
    if (commit && (!best || commit[1] > best.time)) best = { time: commit[1], sha: commit[0] };
  }
  return best;
}
