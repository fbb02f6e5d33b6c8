/**
 * The documentation coverage of a pull request's change, computed in the repository's clone:
 * fetch head and base, diff the head against the merge base, judge the changed files' functions
 * with the analyzer (packages/analyzer documentationOfChange), compare the README's broken links
 * on both sides, and ask docgen for the docstrings the undocumented changed functions lack.
 */
import type { ChangedFunction } from '@docent/analyzer';
import type { LineEdit } from '@docent/docgen';
import { jobLogTexts, type BrokenLink, type JobLogTexts } from '@docent/contracts';
import { isGitAuthFailure } from '../vendors/git/client.ts';
import { abbreviatedId, END_OF_OPTIONS, isBranchName } from '../vendors/git/revisions.ts';

export type Git = (args: string[]) => Promise<string>;

export interface ChangedFile {
  path: string;
  /** A, M, D, R (renamed: `from` is the old path) */
  status: 'A' | 'M' | 'D' | 'R';
  from: string | null;
  /** 1-based lines of the head version the change added or modified */
  lines: Set<number>;
}

export interface FunctionReport extends ChangedFunction {
  path: string;
  language: string;
}

/** A docstring the undocumented function could take, as a replacement of head lines. */
export interface Suggestion {
  path: string;
  name: string;
  /** 1-based, inclusive: the head lines the suggestion replaces */
  startLine: number;
  endLine: number;
  /** the replacement of those lines */
  lines: string[];
  /** every replaced line was added or modified by the change (GitLab positions a note on such a line) */
  onChangedLines: boolean;
  /** every replaced line is in the diff GitHub shows (a changed line or 3 lines around one) */
  inDiff: boolean;
}

export interface ChangeReport {
  headSha: string;
  baseSha: string;
  mergeBase: string;
  files: ChangedFile[];
  functions: FunctionReport[];
  /** README links that are broken at the head and were not at the merge base */
  brokenLinks: Array<BrokenLink & { readme: string }>;
  suggestions: Suggestion[];
  /** the suggestions as one unified diff (for vendors without suggestion blocks) */
  patch: string;
  /** changed files the analyzer cannot parse, or that were too large */
  skippedFiles: number;
}

/** Changed public functions documented, of those changed; null when the change has none. */
export function coverageOf(report: Pick<ChangeReport, 'functions'>): number | null {
  if (report.functions.length === 0) return null;
  const documented = report.functions.filter((f) => f.documented).length;
  return Math.floor((1000 * documented) / report.functions.length) / 10;
}

const MAX_FILE_BYTES = 1_000_000;
/** Context lines of the diff: every changed file is shown whole. */
const FULL_CONTEXT = 100_000_000;
/** Beyond this many changed files a pull request is judged on the first ones only (sorted by path). */
export const MAX_CHANGED_FILES = 500;

/** Branch names fetched by name (anything else is fetched by the vendor's ref or commit id). */
const SAFE_REF = { test: (name: string) => isBranchName(name) && /^[\w./-]+$/.test(name) };

/**
 * Fetches the pull request's two commits into the clone: the branches by name first, then the
 * vendor's own pull-request ref, then the commit ids themselves; fails when the head is not there.
 * Answers the base commit: `baseSha`, or the base branch's tip when the event named none (GitLab).
 */
export async function fetchPullRequest(
  git: Git,
  pr: { vendor: string; number: number; headSha: string; baseSha: string; headRef: string; baseRef: string },
  /** the job's texts: a failure is the job's end line, in its language (docs/i18n.md) */
  text: JobLogTexts = jobLogTexts('en'),
): Promise<string> {
  // Commits and branches reach git as arguments: checked, and after END_OF_OPTIONS (docs/security.md).
  abbreviatedId(pr.headSha, "The pull request's head commit");
  if (pr.baseSha) abbreviatedId(pr.baseSha, "The pull request's base commit");
  const has = async (sha: string) =>
    git(['cat-file', '-e', END_OF_OPTIONS, `${sha}^{commit}`]).then(
      () => true,
      () => false,
    );
  // A refused credential is not a missing branch: it goes up, where the token can be renewed.
  const fetch = (refspecs: string[]) =>
    git(['fetch', '--no-tags', '--quiet', END_OF_OPTIONS, 'origin', ...refspecs]).then(
      () => true,
      (err: unknown) => {
        if (isGitAuthFailure(err)) throw err;
        return false;
      },
    );
  const specs = {
    head: `+refs/heads/${pr.headRef}:refs/docent/pr/${pr.number}/head`,
    base: `+refs/heads/${pr.baseRef}:refs/docent/pr/${pr.number}/base`,
  };
  const [hasHead, hasBase] = await Promise.all([has(pr.headSha), has(pr.baseSha)]);
  if (hasHead && hasBase) return pr.baseSha;
  // One fetch for the missing branches; one at a time only when that fails (a deleted branch).
  const wanted = [
    ...(hasHead || !SAFE_REF.test(pr.headRef) ? [] : [specs.head]),
    ...(hasBase || !SAFE_REF.test(pr.baseRef) ? [] : [specs.base]),
  ];
  if (wanted.length > 0 && !(await fetch(wanted)) && wanted.length > 1) for (const spec of wanted) await fetch([spec]);
  const vendorRef = {
    github: `refs/pull/${pr.number}/head`,
    gitlab: `refs/merge-requests/${pr.number}/head`,
    azure: `refs/pull/${pr.number}/merge`,
    bitbucket: null,
  }[pr.vendor];
  if (!(await has(pr.headSha)) && vendorRef) await fetch([`+${vendorRef}:refs/docent/pr/${pr.number}/vendor`]);
  for (const sha of [pr.headSha, pr.baseSha]) if (sha && !(await has(sha))) await fetch([sha]);
  if (!(await has(pr.headSha))) throw new Error(text.headNotFetched(pr.headSha.slice(0, 12)));
  if (!pr.baseSha) {
    const tip = (
      await git(['rev-parse', '--verify', '--quiet', END_OF_OPTIONS, `refs/docent/pr/${pr.number}/base^{commit}`]).catch(() => '')
    ).trim();
    if (!tip) throw new Error(text.baseBranchNotFetched(pr.baseRef));
    return tip;
  }
  if (!(await has(pr.baseSha))) throw new Error(text.baseNotFetched(pr.baseSha.slice(0, 12)));
  return pr.baseSha;
}

/** A changed file with both of its versions, read from one full-context diff. */
export interface DiffFile extends ChangedFile {
  /** null when added (before) or deleted (after), or when git shows it as binary */
  before: string | null;
  after: string | null;
}

/**
 * Reads `git diff --name-status -z` and a full-context `git diff` of the same two commits: each
 * changed file's status, its text on both sides (context and `-` lines make the old version,
 * context and `+` lines the new one) and the new version's added or modified lines — one git
 * run for every file instead of two `cat-file`s each.
 */
export function parseDiff(nameStatus: string, fullDiff: string): DiffFile[] {
  const files = new Map<string, DiffFile>();
  const fields = nameStatus.split('\0').filter((f) => f !== '');
  for (let i = 0; i < fields.length;) {
    const code = fields[i++]!;
    const kind = code[0] as ChangedFile['status'] | 'C' | 'T';
    if (kind === 'R' || kind === 'C') {
      const from = fields[i++]!;
      const to = fields[i++]!;
      files.set(to, {
        path: to,
        status: kind === 'R' ? 'R' : 'A',
        from: kind === 'R' ? from : null,
        lines: new Set(),
        before: null,
        after: null,
      });
    } else {
      const p = fields[i++]!;
      files.set(p, { path: p, status: kind === 'T' ? 'M' : kind, from: null, lines: new Set(), before: null, after: null });
    }
  }
  let current: DiffFile | undefined;
  let before: string[] = [];
  let after: string[] = [];
  let beforeEol = true;
  let afterEol = true;
  let last: ' ' | '-' | '+' = ' ';
  let row = 0;
  let inHunk = false;
  const flush = () => {
    if (current && inHunk) {
      current.before = current.status === 'A' ? null : before.join('\n') + (beforeEol && before.length > 0 ? '\n' : '');
      current.after = current.status === 'D' ? null : after.join('\n') + (afterEol && after.length > 0 ? '\n' : '');
    }
    before = [];
    after = [];
    beforeEol = afterEol = true;
    inHunk = false;
  };
  for (const line of fullDiff.split('\n')) {
    if (line.startsWith('diff --git ')) {
      flush();
      current = undefined;
      continue;
    }
    if (!inHunk) {
      if (line.startsWith('+++ ')) {
        const target = line.slice(4);
        if (target !== '/dev/null') current = files.get(target.replace(/^b\//, ''));
      } else if (line.startsWith('--- ') && !current) {
        const source = line.slice(4);
        const found = files.get(source.replace(/^a\//, ''));
        if (found?.status === 'D') current = found;
      }
      const m = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(line);
      if (m) {
        inHunk = true;
        row = Math.max(1, Number(m[1]));
      }
      continue;
    }
    const m = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(line);
    if (m) {
      // a second hunk (a file longer than the context asked for): its lines are not contiguous
      row = Number(m[1]);
      continue;
    }
    const tag = line[0];
    const text = line.slice(1);
    if (tag === ' ') {
      before.push(text);
      after.push(text);
      row++;
    } else if (tag === '-') before.push(text);
    else if (tag === '+') {
      after.push(text);
      current?.lines.add(row);
      row++;
    } else if (tag === '\\') {
      if (last === '-') beforeEol = false;
      else if (last === '+') afterEol = false;
      else beforeEol = afterEol = false;
      continue;
    } else continue;
    last = tag;
  }
  flush();
  return [...files.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

export interface AnalyzeChangeOptions {
  /** the clone's work tree, checked out at the end at `restore` */
  dir: string;
  restore: string;
  signal?: AbortSignal;
}

/** The documentation coverage of head against its merge base with base (see ChangeReport). */
export async function analyzeChange(git: Git, headSha: string, baseSha: string, opts: AnalyzeChangeOptions): Promise<ChangeReport> {
  abbreviatedId(headSha, "The pull request's head commit");
  abbreviatedId(baseSha, "The pull request's base commit");
  // the analyzer's whole module graph loads with the first check, not with the server
  // (docs/decisions.md "Heavy packages load on first use")
  const { classifyFile, documentationOfChange, PARSEABLE_LANGUAGES } = await import('@docent/analyzer');
  const mergeBase = abbreviatedId(
    (await git(['merge-base', END_OF_OPTIONS, baseSha, headSha]).catch(() => baseSha)).trim() || baseSha,
    'The merge base',
  );
  const [renames, full] = await Promise.all([
    git(['-c', 'core.quotePath=false', 'diff', '--no-ext-diff', '-M', '--name-status', '-z', END_OF_OPTIONS, mergeBase, headSha]),
    git([
      '-c',
      'core.quotePath=false',
      'diff',
      '--no-ext-diff',
      '--no-color',
      '--no-textconv',
      '-M',
      `--unified=${FULL_CONTEXT}`,
      '--src-prefix=a/',
      '--dst-prefix=b/',
      END_OF_OPTIONS,
      mergeBase,
      headSha,
    ]),
  ]);
  const files = parseDiff(renames, full).slice(0, MAX_CHANGED_FILES);
  const functions: FunctionReport[] = [];
  const suggestions: Suggestion[] = [];
  const patches: string[] = [];
  let skippedFiles = 0;
  for (const file of files) {
    opts.signal?.throwIfAborted();
    if (file.status === 'D') continue;
    const after = file.after;
    if (after === null) continue; // binary, or a mode change only
    if (after.length > MAX_FILE_BYTES) {
      skippedFiles++;
      continue;
    }
    const language = classifyFile(file.path, after.slice(0, 64 * 1024), Buffer.byteLength(after)).language;
    if (!language || !PARSEABLE_LANGUAGES.has(language)) continue;
    const before = file.status === 'A' ? null : file.before;
    const changed = await documentationOfChange({ path: file.path, language, before, after, changedLines: file.lines });
    functions.push(...changed.map((f) => ({ ...f, path: file.path, language })));
    const undocumented = changed.filter((f) => !f.documented);
    if (undocumented.length === 0) continue;
    const own = await suggestFor(file.path, after, undocumented);
    for (const sug of own.suggestions) {
      const rows = Array.from({ length: sug.endLine - sug.startLine + 1 }, (_, i) => sug.startLine + i);
      sug.onChangedLines = rows.every((r) => file.lines.has(r));
      sug.inDiff = rows.every((r) => [-3, -2, -1, 0, 1, 2, 3].some((d) => file.lines.has(r + d)));
    }
    suggestions.push(...own.suggestions);
    if (own.patch) patches.push(own.patch);
  }
  const brokenLinks = await brokenByChange(git, files, mergeBase, headSha, opts);
  return { headSha, baseSha, mergeBase, files, functions, brokenLinks, suggestions, patch: patches.join(''), skippedFiles };
}

/**
 * Docgen's docstrings for the undocumented changed functions of one file, each as the head lines
 * it replaces (an inserted doc is anchored on the neighbouring function line, which a review
 * comment can point at), and the same edits as a patch.
 */
export async function suggestFor(
  rel: string,
  source: string,
  undocumented: readonly ChangedFunction[],
): Promise<{ suggestions: Suggestion[]; patch: string }> {
  const { generateFile, languageOfPath, resolveConfig, unifiedDiff } = await import('@docent/docgen');
  const language = languageOfPath(rel);
  if (!language) return { suggestions: [], patch: '' };
  let result;
  try {
    result = await generateFile(source, language, rel, resolveConfig(language));
  } catch {
    return { suggestions: [], patch: '' };
  }
  const done = result.outcomes.filter((o) => o.action !== 'skipped').sort((a, b) => a.line - b.line);
  // An edit without lines removes a leading comment that moved into its function's new doc
  // (docs/docgen.md): that change spans two places, more than one suggestion can show.
  const all = [...result.edits].sort((a, b) => a.startRow - b.startRow);
  const moves = all.filter((e) => e.lines.length === 0);
  const edits = all.filter((e) => e.lines.length > 0);
  if (done.length !== edits.length) return { suggestions: [], patch: '' };
  const lines = source.split(source.includes('\r\n') ? '\r\n' : '\n');
  const wanted = new Map(undocumented.map((f) => [`${f.name}:${f.startLine}`, f]));
  const chosen: LineEdit[] = [];
  const suggestions: Suggestion[] = [];
  done.forEach((o, i) => {
    const fn = wanted.get(`${o.name}:${o.line}`);
    const edit = edits[i]!;
    if (!fn || o.action !== 'documented' || moves.some((m) => m.startRow >= fn.startLine - 1 && m.startRow < fn.endLine)) return;
    // Inside the function (a Python docstring under the `def` line): anchored on the line above,
    // and covering the leading comment it replaces; above the function: anchored on its first line.
    const inside = edit.startRow > fn.startLine - 1 && edit.startRow - 1 < lines.length;
    if (edit.endRow !== edit.startRow && !inside) return;
    chosen.push(edit);
    const anchor = inside ? edit.startRow - 1 : edit.startRow;
    const original = lines[anchor] ?? '';
    suggestions.push({
      path: rel,
      name: fn.name,
      startLine: anchor + 1,
      endLine: Math.max(anchor + 1, edit.endRow),
      lines: inside ? [original, ...edit.lines] : [...edit.lines, original],
      onChangedLines: false,
      inDiff: false,
    });
  });
  return { suggestions, patch: unifiedDiff(rel, lines, chosen) };
}

const README_LIKE = /(^|\/)readme(\.[a-z]+)?$/i;

/**
 * README links broken at the head and not at the merge base. Both sides are checked out in the
 * clone (a checkout of a small change rewrites only its files); skipped when the change touches
 * neither the README nor any file a link could point at (no deleted, renamed or markdown file).
 */
async function brokenByChange(
  git: Git,
  files: readonly ChangedFile[],
  mergeBase: string,
  headSha: string,
  opts: AnalyzeChangeOptions,
): Promise<ChangeReport['brokenLinks']> {
  const relevant = files.some(
    (f) => f.status === 'D' || f.status === 'R' || f.status === 'A' || README_LIKE.test(f.path) || /\.(md|markdown|rst)$/i.test(f.path),
  );
  if (!relevant) return [];
  const { findReadme, readmeBrokenLinks } = await import('@docent/analyzer');
  const side = async (sha: string) => {
    await git(['checkout', '-q', '-f', '--detach', sha, '--']);
    const list = (await git(['-c', 'core.quotePath=false', 'ls-files', '-z'])).split('\0').filter(Boolean);
    const readme = findReadme(list);
    if (!readme) return { readme: null, links: [] as BrokenLink[] };
    const content = await git(['cat-file', 'blob', END_OF_OPTIONS, `${sha}:${readme}`]);
    return { readme, links: readmeBrokenLinks(opts.dir, list, readme, content) };
  };
  try {
    const before = await side(mergeBase);
    const after = await side(headSha);
    if (!after.readme) return [];
    const known = new Set(before.readme === after.readme ? before.links.map((l) => `${l.kind}\0${l.url}`) : []);
    return after.links.filter((l) => !known.has(`${l.kind}\0${l.url}`)).map((l) => ({ ...l, readme: after.readme! }));
  } finally {
    await git(['checkout', '-q', '-f', '--detach', opts.restore, '--']).catch(() => undefined);
  }
}
