import path from 'node:path';
import type { DocFinding } from '@docent/contracts';
import { parseDocstring } from '../docstyles/index.ts';
import {
  classHierarchy,
  constantsOf,
  contractChanges,
  declaredParents,
  declaresAlias,
  isStandardException,
  contractOf,
  findingKey,
  raisesInText,
  raisesOfDefinition,
  returnsNoneInDefinition,
  standardConstants,
  type ClassHierarchy,
  type Contract,
  type DocView,
  type HelperRaises,
} from '../functions/contract.ts';
import { describeFinding, describeReview, finding } from '../functions/findings.ts';
import type { BlobBatch } from './blob-batch.ts';
import type { BlameSummary, DocHistoryVerdict } from './history-types.ts';
import { runGit } from './git.ts';
import { newestIn, type Newest } from './history.ts';
import type { ParsedFunctionLike } from './types.ts';
import { extractWithoutParser } from '../functions/index.ts';
import { indexDefs, pythonFragment } from './python-fragment.ts';
import { endsCleanly, fragmentFor, fragmentSupported, Text } from './version-fragment.ts';
import { quotesAlike, sameLayoutFree } from './formatting-hunk.ts';
import {
  bodiless,
  bodyKey,
  changedWordsTheDocNames,
  codeKey,
  contractWords,
  keyWords,
  replacedValuesOnly,
  withoutSameValues,
} from './code-key.ts';
import { parseInline, type ParseVersion } from './version-parser.ts';

/**
 * OUTDATED from history means "the doc contradicts the code, and here is the commit"
 * (docs/metrics/outdated.md). The line walk (history.ts) says which documented functions changed
 * after their doc's last change; for those, the file as it was at the doc's last change is read back and parsed,
 * and the function's contract then and now is compared (functions/contract.ts):
 *  - a contract change the doc now contradicts → OUTDATED, attributed to the first non-merge
 *    commit after the doc that made it (found by bisecting the file's own history);
 *  - any other change of tokens → a review suggestion (not counted, not in the health score);
 *  - the same tokens (formatting, comments, quotes, trailing commas) → nothing.
 */

export const day = (seconds: number): string => new Date(seconds * 1000).toISOString().slice(0, 10);

/**
 * A revision git can read for a walk commit: '^abc' (the window's boundary) is abc itself. The
 * walk keeps 7-digit shas, which a large repository may share with a tree or a blob (Twisted's
 * a604afd): `^{commit}` tells git which object is meant, where a bare prefix is "ambiguous".
 */
export const commitRev = (sha: string): string => `${sha}^{commit}`;
const revOf = (sha: string): string => commitRev(sha.startsWith('^') ? sha.slice(1) : sha);

interface Context {
  root: string;
  rel: string;
  language: string;
  noun: string;
  blobs: BlobBatch;
  merges: MergeResolver;
  signal?: AbortSignal;
  /** where old versions are parsed (default: this thread) */
  parse?: ParseVersion;
  /**
   * Exception supertypes (a subtype of a documented type is documented): by default the classes
   * today's file declares over the language's standard table (functions/contract.ts).
   */
  hierarchy?: ClassHierarchy;
}

/** Parsed versions of one file, by revision (memoised: bisection revisits them). */
type VersionReader = (rev: string) => Promise<{ text: string; functions: ParsedFunctionLike[] } | null>;

function versionReader(ctx: Context): VersionReader {
  const memo = new Map<string, Promise<{ text: string; functions: ParsedFunctionLike[] } | null>>();
  // By content too: a commit's parent often holds the very text an older commit of the file
  // does (naming a suggestion's commit reads both), which is then parsed once.
  const byText = new Map<string, Promise<{ text: string; functions: ParsedFunctionLike[] } | null>>();
  const parse = ctx.parse ?? parseInline;
  return (rev) => {
    let pending = memo.get(rev);
    if (!pending) {
      pending = ctx.blobs.read(rev, `./${ctx.rel}`).then((text) => {
        if (text === null) return null;
        let parsed = byText.get(text);
        if (!parsed) {
          parsed = (async () => {
            try {
              return { text, functions: await parse(text, ctx.language, ctx.rel) };
            } catch (error) {
              if (ctx.signal?.aborted) throw error;
              return null; // an old version that does not parse is judged as a body change
            }
          })();
          byText.set(text, parsed);
        }
        return parsed;
      });
      memo.set(rev, pending);
    }
    return pending;
  };
}

/** One function as it was at a revision, with that version's text; null when it was not there. */
type OldFunction = { text: string; fn: ParsedFunctionLike } | null;

/**
 * The function at `rev`: parsed from the fragment of that version that holds it
 * (version-fragment.ts) when the fragment gives exactly one function of the name, else found in
 * the whole version, parsed as before.
 */
function functionReader(
  ctx: Context,
  nowText: string,
  read: VersionReader,
  functions: readonly ParsedFunctionLike[],
): (rev: string, fn: ParsedFunctionLike, occurrence: number) => Promise<OldFunction> {
  const parse = ctx.parse ?? parseInline;
  const memo = new Map<string, Promise<OldFunction>>();
  // The doc then and now: the same, or the same but for a formatter's run over it (the walk looks
  // past such a commit: formatting-hunk.ts).
  const quotes = quotesAlike(ctx.rel);
  const sameDoc = (then: string | null, now: string | null): boolean =>
    then === now || (then !== null && now !== null && sameLayoutFree(then, now, quotes));
  const whole = async (rev: string, now: ParsedFunctionLike, occurrence: number): Promise<OldFunction> => {
    const version = await read(rev);
    if (!version) return null;
    // Among overloads, the one that carries today's doc (unchanged in the versions asked for):
    // the place among namesakes shifts when another overload is removed (handlebars.java
    // `TemplateBuilder.reportError`, 46e957b; round 7).
    const namesakes = version.functions.filter((f) => f.name === now.name);
    const withDoc = namesakes.length > 1 ? namesakes.filter((f) => sameDoc(f.docstring, now.docstring)) : [];
    const fn = withDoc.length === 1 ? withDoc[0]! : counterpart(version.functions, now.name, occurrence);
    return fn ? { text: version.text, fn } : null;
  };
  const now = new Text(nowText);
  const versions = new Map<string, Text>();
  const fromFragment = async (rev: string, fn: ParsedFunctionLike, occurrence: number): Promise<OldFunction> => {
    const text = await ctx.blobs.read(rev, `./${ctx.rel}`);
    if (text === null) return null;
    let then = versions.get(rev);
    if (!then) versions.set(rev, (then = new Text(text)));
    const start = Math.min(fn.startLine, fn.docStartLine ?? fn.startLine);
    const end = Math.max(fn.endLine, fn.docEndLine ?? fn.endLine);
    const fragment = fragmentFor(now, then, start, end, ctx.language);
    if (fragment) {
      try {
        const found = (await parse(fragment.text, ctx.language, ctx.rel)).filter(
          (f) =>
            f.name === fn.name &&
            f.startLine >= fragment.firstRegionLine &&
            f.endLine <= fragment.firstRegionLine + fragment.to - fragment.from &&
            endsCleanly(fragment, f.startLine, f.endLine),
        );
        // The doc has not changed since the revisions asked for (that is what made them the
        // doc's): a function found with another doc is another overload, placed by a moved line.
        if (found.length === 1 && sameDoc(found[0]!.docstring, fn.docstring)) return { text, fn: found[0]! };
      } catch (error) {
        if (ctx.signal?.aborted) throw error;
      }
    }
    return whole(rev, fn, occurrence);
  };
  // Python: the function's own lines, cut by indentation (python-fragment.ts), for a name that
  // is unique in today's file; the same doc guards against a misplaced cut, as above. The defs of
  // a version are indexed once, in one pass over its lines (~6x cheaper than scanning it).
  const namesakes = new Map<string, number>();
  const defsByRev = new Map<string, ReturnType<typeof indexDefs>>();
  if (ctx.language === 'Python') for (const f of functions) namesakes.set(f.name, (namesakes.get(f.name) ?? 0) + 1);
  const fromPythonFragment = async (rev: string, fn: ParsedFunctionLike, occurrence: number): Promise<OldFunction> => {
    if (namesakes.get(fn.name) === 1) {
      const text = await ctx.blobs.read(rev, `./${ctx.rel}`);
      if (text === null) return null;
      let defs = defsByRev.get(rev);
      if (!defs) defsByRev.set(rev, (defs = indexDefs(text)));
      const fragment = pythonFragment(text, fn.name, (prefix) => namesakes.has(prefix), defs);
      if (fragment === 'absent') return null;
      // The scanner itself, never tree-sitter: a fragment cut inside a string or brackets must
      // be rejected, not recovered from.
      const found = fragment ? extractWithoutParser(fragment.text, ctx.language)?.filter((f) => f.name === fn.name) : null;
      if (found?.length === 1 && sameDoc(found[0]!.docstring, fn.docstring)) return { text, fn: found[0]! };
    }
    return whole(rev, fn, occurrence);
  };
  return (rev, fn, occurrence) => {
    const key = `${rev}\0${fn.name}\0${occurrence}`;
    let pending = memo.get(key);
    if (!pending) {
      pending =
        ctx.language === 'Python'
          ? fromPythonFragment(rev, fn, occurrence)
          : fragmentSupported(ctx.language)
            ? fromFragment(rev, fn, occurrence)
            : whole(rev, fn, occurrence);
      memo.set(key, pending);
    }
    return pending;
  };
}

/** A documented function's contract, computed on first need (most functions never need one). */
const contracts = new WeakMap<object, Contract>();
function contractFor(fn: Pick<ParsedFunctionLike, 'content' | 'name' | 'docFacts'>, language: string): Contract | null {
  if (!fn.docFacts) return null;
  let contract = contracts.get(fn);
  if (!contract) {
    contract = contractOf(fn.content, fn.name, language, fn.docFacts.signature, fn.docFacts.returns);
    contracts.set(fn, contract);
  }
  return contract;
}

/** The same function in another version: same qualified name, same occurrence among namesakes. */
function counterpart(functions: readonly ParsedFunctionLike[], name: string, occurrence: number): ParsedFunctionLike | null {
  let seen = 0;
  for (const fn of functions) if (fn.name === name && seen++ === occurrence) return fn;
  return null;
}

/**
 * Non-merge commits after `rev` that touched the file and added or removed a line containing
 * `word` (git's pickaxe, -G), newest first: [full sha, time]. Only these can have made the change.
 */
async function pickaxe(ctx: Context, rev: string, word: string): Promise<Array<[string, number]>> {
  if (!/^[\p{L}\p{N}_$]+$/u.test(word)) return [];
  try {
    return await commitsAfter(ctx, rev, [`-G${word}`]);
  } catch {
    return [];
  }
}

/** The revision of the oldest doc among `candidates` (their commits all come after it). */
function oldestDoc(candidates: readonly Candidate[]): string {
  let oldest = candidates[0]!.doc;
  for (const c of candidates) if (c.doc.time < oldest.time) oldest = c.doc;
  return revOf(oldest.sha);
}

/** Non-merge commits after `rev` that touched the file, newest first: [full sha, time]. */
async function nonMergeCommits(ctx: Context, rev: string): Promise<Array<[string, number]>> {
  try {
    return await commitsAfter(ctx, rev, []);
  } catch (error) {
    if (ctx.signal?.aborted) throw error;
    return [];
  }
}

/** `git log` of the non-merge commits after `rev` that touched the file (`filter`: further options), newest first: [full sha, time]. */
async function commitsAfter(ctx: Context, rev: string, filter: readonly string[]): Promise<Array<[string, number]>> {
  const out = await runGit(ctx.root, ['log', '--no-merges', '--format=%H %ct', ...filter, `${rev}..HEAD`, '--', ctx.rel], ctx.signal);
  return out
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [sha, time] = line.split(' ');
      return [sha!, Number(time)] as [string, number];
    });
}

/** Most commits since the doc a suggestion's finding is bisected over (~11 reads for 2,048). */
const MAX_REVIEW_ATTRIBUTION_COMMITS = 2048;

/** Most findings of one verdict or suggestion dated each by its own commit. */
const MAX_ATTRIBUTED = 3;

/** Most commits a finding's attribution reads (two parses each) before it gives up. */
const MAX_ATTRIBUTION_COMMITS = 40;

/**
 * The commit that introduced finding `f`: among the non-merge commits since the doc that touched
 * a line naming the parameter or type (pickaxe), the newest whose version shows the finding while
 * its parent's does not. Merges never qualify, so a change merged from a branch is attributed to
 * the branch's commit. Null when none does (e.g. the change is uncommitted).
 */
/**
 * The index of the oldest commit of a newest-first list for which `shows` holds, when it holds on
 * a run from the newest commit down (binary search: a few reads instead of one per commit); -1
 * when it holds on none. Callers check the answer's parent, since history need not be monotonic.
 */
async function oldestShowing(commits: ReadonlyArray<readonly [string, number]>, shows: (sha: string) => Promise<boolean>): Promise<number> {
  let lo = 0;
  let hi = commits.length - 1;
  let oldest = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (await shows(commits[mid]![0])) {
      oldest = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return oldest;
}

/** Where to look for the commit that made a finding (introducedBy). */
interface FindingLookup {
  ctx: Context;
  oldFunction: ReturnType<typeof functionReader>;
  /** the revision the doc was written at */
  since: string;
  now: ParsedFunctionLike;
  occurrence: number;
  then: Contract;
  doc: DocView;
  hierarchy?: ClassHierarchy | undefined;
  constants?: ReadonlyMap<string, string> | undefined;
  kind?: 'outdated' | 'review';
  fileCommits?: Array<[string, number]>;
}

/**
 * The commit that made a finding (introducedByOnce), following a parameter back through its
 * renames: a parameter added by one commit and renamed in place by a later one (the same
 * position, the old name gone, the list as long) was made undocumented by the first (JSqlParser
 * `visitJoins`: 5bd28c8 added `parameters`, e169299 renamed it `context`; round 6).
 */
async function introducedBy(lookup: FindingLookup, f: DocFinding): Promise<[string, number] | null> {
  const { ctx, oldFunction, now, occurrence, then } = lookup;
  let finding = f;
  let made = await introducedByOnce(lookup, finding);
  for (
    let hops = 0;
    made && hops < MAX_RENAMES && (finding.code === 'PARAM_ADDED_UNDOCUMENTED' || finding.code === 'PARAM_ADDED');
    hops++
  ) {
    const name = finding.params.name!;
    const [at, parent] = await Promise.all([
      oldFunction(commitRev(made[0]), now, occurrence),
      oldFunction(`${commitRev(made[0])}^`, now, occurrence),
    ]);
    const atContract = at ? contractFor(at.fn, ctx.language) : null;
    const parentContract = parent ? contractFor(parent.fn, ctx.language) : null;
    if (!atContract || !parentContract || atContract.params.length !== parentContract.params.length) break;
    const old = parentContract.params[atContract.params.indexOf(name)];
    if (old === undefined || old === name || atContract.params.includes(old) || then.params.includes(old)) break;
    const renamed: DocFinding = { ...finding, params: { ...finding.params, name: old } };
    const earlier = await introducedByOnce(lookup, renamed);
    if (!earlier) break;
    finding = renamed;
    made = earlier;
  }
  return made;
}

/** Most renames of one parameter followed back (introducedBy). */
const MAX_RENAMES = 3;

async function introducedByOnce(lookup: FindingLookup, f: DocFinding): Promise<[string, number] | null> {
  const { ctx, oldFunction, since, now, occurrence, then, doc, hierarchy, constants, kind = 'outdated', fileCommits } = lookup;
  const key = findingKey(f);
  // null: the function is not found at `rev` (no evidence either way).
  const state = async (rev: string): Promise<boolean | null> => {
    const version = await oldFunction(rev, now, occurrence);
    const contract = version ? contractFor(version.fn, ctx.language) : null;
    if (!version || !contract) return null;
    return contractChanges(then, contract, doc, () => raisesInText(version.text, ctx.language), hierarchy, constants, now.scope)[kind].some(
      (g) => findingKey(g) === key,
    );
  };
  const shows = async (rev: string): Promise<boolean> => (await state(rev)) === true;
  // A commit made the finding only if its parent's version is found without it: a parent where
  // the function is not found (a merge whose version the reader cannot place it in) proves nothing
  // (mongoose `SchemaType.required` named a later commit whose parent was such a merge).
  const lacks = async (rev: string): Promise<boolean> => (await state(rev)) === false;
  // The commit that changed a return type removes a line naming the old type the doc states (a
  // later change of the new type, `Observable<T>` → `HystrixCachedObservable<T>`, is not what
  // made the doc stale: Hystrix, held-out round 4); one that stopped returning None removes a
  // line naming it.
  const typeWord = (type?: string): string | undefined => (type ? /[\p{L}_$][\p{L}\p{N}_$]*/u.exec(type)?.[0] : undefined);
  const word =
    f.params.name ??
    f.params.type ??
    (f.code === 'RETURN_TYPE_CHANGED_DOC_STATES_OLD' ? typeWord(f.params.old) : undefined) ??
    typeWord(f.params.new) ??
    f.params.value ??
    '';
  // A suggestion's findings are bisected over the file's commits since the doc, read once per
  // file: a pickaxe per finding (`git log -G` diffs every commit of the file) cost bottle, one
  // 4,000-line file with 2,000 commits, minutes.
  // The bisection spans every commit the pickaxe found (up to MAX_REVIEW_ATTRIBUTION_COMMITS: a
  // few reads more), the scan only the newest MAX_ATTRIBUTION_COMMITS: a parameter added before
  // more than forty commits touching lines that name it was dated by the walk's commit instead
  // (bull `Queue.add`, 35f1da3 for 59a876f: held-out round 17).
  const found = fileCommits ?? (await pickaxe(ctx, since, word)).slice(0, MAX_REVIEW_ATTRIBUTION_COMMITS);
  const commits = fileCommits ?? found.slice(0, MAX_ATTRIBUTION_COMMITS);
  // The finding is there now and was not when the doc was written: bisect the commits (newest
  // first) for the oldest that shows it — a few parses instead of two per commit — and accept it
  // only if its parent does not show it. History that is not monotonic falls back to the scan.
  const oldest = await oldestShowing(found, shows);
  if (oldest >= 0 && (await lacks(`${found[oldest]![0]}^`))) return [found[oldest]![0].slice(0, 7), found[oldest]![1]];
  for (const [sha, time] of fileCommits ? commits.slice(0, 8) : commits) {
    if ((await shows(sha)) && (await lacks(`${sha}^`))) return [sha.slice(0, 7), time];
  }
  return null;
}

/** Most commits the bisection for the newest code-changing commit spans (it reads ~log2 of them). */
const MAX_CODE_CHANGE_COMMITS = 512;

/** A function's code key (code-key.ts), memoised per parsed function. */
const keys = new WeakMap<object, string>();
function keyOf(fn: ParsedFunctionLike, language: string): string {
  let key = keys.get(fn);
  if (key === undefined) keys.set(fn, (key = codeKey(fn.content, fn.name, language)));
  return key;
}

/**
 * The commit a review suggestion names: the newest non-merge commit since the doc's last change
 * whose version of the function has another code key (code-key.ts) than its parent's — never a
 * commit that only edited comments, annotations, blank lines or layout, or renamed locals, and
 * never a merge (a branch's commits are in the list, so a merged change names the branch's
 * commit). The walk's commit is tried first: when it is no merge and its parent's version
 * differs from today's, it is the answer, at one extra version read. Null when no commit within
 * MAX_CODE_CHANGE_COMMITS (bisected) or the 8 newest (scanned) qualifies.
 */
async function lastCodeChange(
  ctx: Context,
  oldFunction: ReturnType<typeof functionReader>,
  commitsSince: () => Promise<Array<[string, number]>>,
  c: Candidate,
  keyNow: string,
): Promise<[string, number] | null> {
  const keyAt = async (rev: string): Promise<string | null> => {
    const version = await oldFunction(rev, c.fn, c.occurrence);
    return version ? keyOf(version.fn, ctx.language) : null;
  };
  const body = c.body.sha;
  if (body !== '' && !body.startsWith('^') && !ctx.merges.isMerge(body)) {
    const parent = await keyAt(`${revOf(body)}^`);
    if (parent !== null && parent !== keyNow) return [body, c.body.time];
  }
  // The file's commits after the doc and not after the walk's newest change, newest first. Along
  // them the function's key reads today's key down to the commit that made it, another before:
  // bisect for that commit (a few reads, not two per commit) and accept it only if its parent's
  // key differs; history that is not monotonic falls back to a short scan.
  const commits = (await commitsSince()).filter(([, time]) => time <= c.body.time).slice(0, MAX_CODE_CHANGE_COMMITS);
  const same = async (sha: string): Promise<boolean> => (await keyAt(sha)) === keyNow;
  const oldest = await oldestShowing(commits, same);
  // The parent must be found with another key: one where the function is not found proves nothing.
  const differs = async (rev: string, key: string): Promise<boolean> => {
    const parent = await keyAt(rev);
    return parent !== null && parent !== key;
  };
  if (oldest >= 0 && (await differs(`${commits[oldest]![0]}^`, keyNow))) return [commits[oldest]![0].slice(0, 7), commits[oldest]![1]];
  for (const [sha, time] of commits.slice(0, 8)) {
    const then = await keyAt(sha);
    if (then !== null && (await differs(`${sha}^`, then))) return [sha.slice(0, 7), time];
  }
  // A branch commit dated before the others, merged after them, is at the old end: the newest of
  // those that made today's key.
  for (const [sha, time] of farEnd(commits.slice(8)).reverse())
    if ((await keyAt(sha)) === keyNow && (await differs(`${sha}^`, keyNow))) return [sha.slice(0, 7), time];
  return null;
}

/** Files whose merges are resolved with a git read of their own before one read serves all. */
export const MERGE_RESOLUTION_PATH_READS = 3;

/**
 * Names the commit behind a review suggestion. The walk dates a change merged from a branch by
 * the merge; the suggestion names instead the newest non-merge commit that touched the file
 * between the doc's change and the merge. Up to MERGE_RESOLUTION_PATH_READS files read their
 * own path's `git log --no-merges --full-history` over the walk's window (an incremental
 * analysis); beyond that one window-wide `--name-only` read serves every file. Read only when
 * some suggestion's commit is a merge.
 */
export interface MergeResolver {
  resolve(rel: string, sha: string, time: number, after: number): Promise<[string, number]>;
  /**
   * Calls `apply` with the commit a verdict names for the walk's `commit` (uncommitted: ''), at
   * once; for a merge, with the merge at once and again with the branch's commit once resolved,
   * which `settled` waits for. The comparisons go on meanwhile instead of waiting for git.
   */
  name(rel: string, commit: Newest, after: number, apply: (sha: string, time: number) => void): void;
  settled(): Promise<void>;
  /** whether the walk's `sha` is a merge commit */
  isMerge(sha: string): boolean;
}

/** Per path, the window's non-merge commits that touched it: [short sha, time], newest first. */
export type CommitsByFile = Map<string, Array<[string, number]>>;

/**
 * The non-merge commits of the window (after `boundary`, or all history) that touched each of
 * `paths` (every path when none), from one `git log --name-only`. Empty when git fails: then
 * suggestions keep the merge.
 */
export async function windowCommitsByFile(
  root: string,
  boundary: string | null,
  paths: readonly string[],
  signal?: AbortSignal,
): Promise<CommitsByFile> {
  const map: CommitsByFile = new Map();
  const range = boundary ? `${commitRev(boundary)}..HEAD` : 'HEAD';
  try {
    // --full-history: every commit that touched a path, as the window-wide list has them (a
    // path's default history would skip a side branch its merge took unchanged).
    const out = await runGit(
      root,
      ['log', '--no-merges', '--full-history', '--relative', '--name-only', '--format=%x01%H %ct', range, '--', ...paths],
      signal,
    );
    let current: [string, number] | null = null;
    for (const line of out.toString('utf8').split('\n')) {
      if (line.startsWith('\x01')) {
        const [sha, time] = line.slice(1).split(' ');
        current = [sha!.slice(0, 7), Number(time)];
      } else if (line && current) {
        let list = map.get(line);
        if (!list) map.set(line, (list = []));
        list.push(current);
      }
    }
  } catch {
    // no resolution: suggestions keep the merge
  }
  return map;
}

/**
 * `windowWide`, when given, is the window-wide read already started (a cold analysis starts it
 * beside the line walk: analyze.ts); null in it means it could not be, and the resolver reads
 * for itself.
 */
export function createMergeResolver(
  root: string,
  merges: ReadonlySet<string>,
  boundary: string | null,
  signal?: AbortSignal,
  windowWide: Promise<CommitsByFile | null> | null = null,
): MergeResolver {
  let byFile: Promise<CommitsByFile> | null = windowWide
    ? windowWide.then((map) => map ?? windowCommitsByFile(root, boundary, [], signal))
    : null;
  const ownLogs = new Map<string, Promise<CommitsByFile>>();
  // A few files (an incremental analysis) are read one path each, ~4x cheaper than the window's
  // whole name list; more than that share the one window-wide read.
  const commitsOf = (rel: string): Promise<CommitsByFile> => {
    if (byFile) return byFile;
    let own = ownLogs.get(rel);
    if (own) return own;
    if (ownLogs.size >= MERGE_RESOLUTION_PATH_READS) return (byFile = windowCommitsByFile(root, boundary, [], signal));
    ownLogs.set(rel, (own = windowCommitsByFile(root, boundary, [rel], signal)));
    return own;
  };
  const pending: Array<Promise<void>> = [];
  const resolve = async (rel: string, sha: string, time: number, after: number): Promise<[string, number]> => {
    if (!merges.has(sha)) return [sha, time];
    const found = (await commitsOf(rel)).get(rel)?.find(([, t]) => t <= time && t > after);
    return found ?? [sha, time];
  };
  return {
    resolve,
    name(rel, commit, after, apply) {
      apply(commit.sha, commit.time);
      if (commit.sha !== '' && merges.has(commit.sha)) {
        pending.push(resolve(rel, commit.sha, commit.time, after).then(([sha, time]) => apply(sha, time)));
      }
    },
    async settled() {
      while (pending.length > 0) await Promise.all(pending.splice(0));
    },
    isMerge: (sha) => merges.has(sha),
  };
}

/** Short shas (7) of the merge commits among `shas`, in one git call. */
export async function mergesAmong(root: string, shas: readonly string[], signal?: AbortSignal): Promise<Set<string>> {
  const merges = new Set<string>();
  const list = [...new Set(shas.filter((s) => /^[0-9a-f]{4,}$/.test(s)))];
  for (let i = 0; i < list.length; i += 500) {
    try {
      const revs = list.slice(i, i + 500).map(commitRev);
      const out = (await runGit(root, ['rev-list', '--no-walk=unsorted', '--parents', ...revs, '--'], signal)).toString('utf8');
      for (const line of out.split('\n')) {
        const parts = line.trim().split(' ');
        if (parts.length > 2) merges.add(parts[0]!.slice(0, 7));
      }
    } catch {
      // unknown commits: treated as plain commits
    }
  }
  return merges;
}

interface Candidate {
  index: number;
  fn: ParsedFunctionLike;
  occurrence: number;
  doc: Newest;
  body: Newest;
}

/** The walk's view of each documented function: when its doc and its body last changed. */
export function changedAfterDoc(
  summary: BlameSummary,
  fn: Pick<ParsedFunctionLike, 'startLine' | 'endLine' | 'docStartLine' | 'docEndLine'>,
): { doc: Newest; body: Newest } | null {
  if (fn.docStartLine === null || fn.docEndLine === null) return null;
  const doc = newestIn(summary, fn.docStartLine, fn.docEndLine);
  const body = newestIn(summary, fn.startLine, fn.endLine, fn.docStartLine, fn.docEndLine);
  if (!doc || !body || body.time <= doc.time || doc.sha === '') return null;
  return { doc, body };
}

/** The one commit that dates a documented function's doc and body alike, when it is in the window. */
export function wholeCommit(
  summary: BlameSummary,
  fn: Pick<ParsedFunctionLike, 'startLine' | 'endLine' | 'docStartLine' | 'docEndLine'>,
): string | null {
  if (fn.docStartLine === null || fn.docEndLine === null) return null;
  const doc = newestIn(summary, fn.docStartLine, fn.docEndLine);
  const body = newestIn(summary, fn.startLine, fn.endLine, fn.docStartLine, fn.docEndLine);
  if (!doc || !body || doc.sha !== body.sha || doc.sha === '' || doc.sha.startsWith('^')) return null;
  return doc.sha;
}

/** Most functions of one file whose history is followed across a move (one -L range each of the file's one `git blame`). */
const MAX_MOVES_PER_FILE = 4;

/**
 * Which of `wholes` (functions dated wholly by one commit) that commit moved within the file: the
 * parent's version already held the function's first line and its doc's first line. For those,
 * `git blame -w -M10` (a moved block of 10 alphanumeric characters or more, where the default 20 leaves short doc lines such as `Args:` to the move) over the function's lines dates its doc and body as they were before the move;
 * a function whose body changed after its doc is returned with those dates.
 */
async function movedFunctions(
  ctx: Context,
  wholes: ReadonlyArray<{ index: number; fn: ParsedFunctionLike; occurrence: number; sha: string }>,
  boundary: string | null = null,
): Promise<Array<{ index: number; fn: ParsedFunctionLike; occurrence: number; doc: Newest; body: Newest }>> {
  const found: Array<{ index: number; fn: ParsedFunctionLike; occurrence: number; doc: Newest; body: Newest }> = [];
  const moved: Array<{ index: number; fn: ParsedFunctionLike; occurrence: number; sha: string }> = [];
  for (const w of wholes) {
    if (moved.length >= MAX_MOVES_PER_FILE) break;
    // The function's first lines, as they are (a move that re-indents them is not followed), and
    // its doc's first line: a namesake's `def __init__(self):` alone does not make a move.
    const first = w.fn.content.split('\n', 4).join('\n');
    const docFirst = w.fn
      .docstring!.split('\n')
      .map((l) => l.trim())
      .find((l) => l.length > 3);
    if (first.trim().length < 16 || !docFirst) continue;
    const parent = await ctx.blobs.read(`${revOf(w.sha)}^`, `./${ctx.rel}`);
    if (parent === null || !parent.includes(first) || !parent.includes(docFirst)) continue;
    moved.push(w);
  }
  if (moved.length === 0) return found;
  // One blame of the file for all of them (one -L range each): git's cost is mostly the walk of
  // the file's history, the same for one range or four.
  const lines = await blameLines(
    ctx,
    moved.map((w) => [Math.min(w.fn.startLine, w.fn.docStartLine!), Math.max(w.fn.endLine, w.fn.docEndLine!)] as const),
    boundary,
  );
  if (!lines) return found;
  for (const w of moved) {
    const newest = (a: number, b: number, skipFrom = 0, skipTo = -1): Newest | null => {
      let best: Newest | null = null;
      for (let line = a; line <= b; line++) {
        if (line >= skipFrom && line <= skipTo) continue;
        const commit = lines.get(line);
        if (commit && (!best || commit.time > best.time)) best = commit;
      }
      return best;
    };
    const doc = newest(w.fn.docStartLine!, w.fn.docEndLine!);
    const body = newest(w.fn.startLine, w.fn.endLine, w.fn.docStartLine!, w.fn.docEndLine!);
    if (doc && body && body.time > doc.time && doc.sha !== w.sha)
      found.push({ index: w.index, fn: w.fn, occurrence: w.occurrence, doc, body });
  }
  return found;
}

/**
 * `git blame -w -M10` of the working tree's lines in `ranges` ([from, to] each): per line, the commit (short sha) and
 * its time. With the walk's window boundary (a file without uncommitted lines), only the window's
 * commits are read (`<boundary>..HEAD`): lines older than it are dated by the boundary, as the walk
 * dates them. Blaming all history cost SQLAlchemy ~0.5 s of git's CPU per function (38 of them:
 * docs/performance.md, session 21).
 */
async function blameLines(
  ctx: Context,
  ranges: ReadonlyArray<readonly [number, number]>,
  boundary: string | null = null,
): Promise<Map<number, Newest> | null> {
  try {
    // The working tree's lines (the function's line numbers are today's); uncommitted lines get ''.
    const range = boundary ? [`${boundary}..HEAD`] : [];
    const out = (
      await runGit(
        ctx.root,
        ['blame', '-w', '-M10', '--porcelain', ...ranges.flatMap(([from, to]) => ['-L', `${from},${to}`]), ...range, '--', ctx.rel],
        ctx.signal,
      )
    ).toString('utf8');
    const times = new Map<string, number>();
    const lines = new Map<number, Newest>();
    let sha = '';
    let final = 0;
    for (const line of out.split('\n')) {
      const header = /^([0-9a-f]{40}) \d+ (\d+)/.exec(line);
      if (header) {
        sha = header[1]!;
        final = Number(header[2]);
        continue;
      }
      if (line.startsWith('committer-time ')) times.set(sha, Number(line.slice(15)));
      else if (line.startsWith('\t')) lines.set(final, { sha: /^0+$/.test(sha) ? '' : sha.slice(0, 7), time: times.get(sha) ?? 0 });
    }
    return lines;
  } catch (error) {
    if (ctx.signal?.aborted) throw error;
    return null;
  }
}

/** Texts whose definitions' raises are remembered (the newest last), with the answer per name. */
const definitionRaisesMemo: Array<{ text: string; language: string; byName: Map<string, string[] | null> }> = [];

/**
 * raisesOfDefinition, remembered per text (the same string: the file being judged, one version of
 * it) and name, for the last 8 texts: helperRaises asks it again for the same names, within one
 * function (today's calls, then the new ones among them) and for every function of the file that
 * calls the same helpers (docs/performance.md, "Session 27 (helper h83)"). The answer is shared:
 * callers only read it.
 */
function definitionRaises(text: string, name: string, language: string): readonly string[] | null {
  let entry = definitionRaisesMemo.find((e) => e.text === text && e.language === language);
  if (!entry) {
    entry = { text, language, byName: new Map() };
    if (definitionRaisesMemo.length >= 8) definitionRaisesMemo.shift();
    definitionRaisesMemo.push(entry);
  }
  let raises = entry.byName.get(name);
  if (raises === undefined) entry.byName.set(name, (raises = raisesOfDefinition(text, name, language)));
  return raises;
}

/** Most called names looked up in the file's old version, or in the repository, for one function. */
const MAX_HELPERS = 12;
/** Most files of the repository read for the definitions of one called name. */
const MAX_HELPER_FILES = 8;

/**
 * What the functions a body calls raise, for the raises that changed (contract.ts HelperRaises):
 * for a type raised now and not then, the raises of the functions the doc's version called, as
 * the file defined them then; for a type raised then and nowhere in today's file, the raises of
 * the functions today's body newly calls that the file does not define, found in the repository
 * (`git grep` over the tracked files of the same extension, a few files per name).
 */
async function helperRaises(
  ctx: Context,
  then: Contract,
  now: Contract,
  thenText: string,
  nowText: string,
  raisedNow: () => ReadonlySet<string>,
): Promise<HelperRaises> {
  const helpers: HelperRaises = {};
  if (now.raises.some((t) => !then.raises.includes(t))) {
    const raised = new Set<string>();
    for (const name of (then.calls ?? []).slice(0, MAX_HELPERS))
      for (const t of definitionRaises(thenText, name, ctx.language) ?? []) raised.add(t);
    helpers.then = raised;
  }
  const gone = then.raises.filter((t) => !now.raises.includes(t) && !now.checks?.includes(t));
  const added = (now.calls ?? []).filter((n) => !then.calls?.includes(n)).slice(0, MAX_HELPERS);
  // A raise moved into a helper of the same file that today's body newly calls (`checkRadius(…)`
  // throws what the constructor threw: commons-geometry `AbstractNSphere`, bc0a18e; pdf.js
  // `FileSpec.readContent`, 9d9fb06: held-out round 10) is still raised.
  // So is one moved into a helper of the file the body already called (pdfbox `Overlay.overlay`,
  // 9e36426: held-out round 10).
  const inFile = new Set<string>();
  if (gone.length > 0)
    for (const name of (now.calls ?? []).slice(0, MAX_HELPERS))
      for (const t of definitionRaises(nowText, name, ctx.language) ?? []) inFile.add(t);
  const newCalls = added.filter((n) => definitionRaises(nowText, n, ctx.language) === null);
  if (gone.some((t) => !raisedNow().has(t)) && newCalls.length > 0) {
    const raised = new Set<string>(inFile);
    const ext = path.extname(ctx.rel);
    const definition = (name: string): string =>
      ctx.language === 'Python' ? String.raw`def[[:space:]]+${name}[[:space:]]*\(` : String.raw`(^|[^[:alnum:]_$.])${name}[[:space:]]*\(`;
    for (const name of newCalls.slice(0, MAX_HELPERS)) {
      if (!/^[\p{L}_][\p{L}\p{N}_]*$/u.test(name)) continue;
      let files: string[] = [];
      try {
        const out = await runGit(ctx.root, ['grep', '-l', '-I', '-E', '-e', definition(name), '--', ext ? `*${ext}` : '.'], ctx.signal);
        files = out
          .toString('utf8')
          .split('\n')
          .filter((f) => f !== '' && f !== ctx.rel);
      } catch (error) {
        if (ctx.signal?.aborted) throw error;
        // no match (git grep exits 1) or no git: nothing learned
      }
      for (const file of files.slice(0, MAX_HELPER_FILES)) {
        const other = await ctx.blobs.read('HEAD', `./${file}`);
        if (other !== null) for (const t of definitionRaises(other, name, ctx.language) ?? []) raised.add(t);
      }
    }
    helpers.movedOut = raised;
  } else if (inFile.size > 0) helpers.movedOut = inFile;
  // An exception class renamed (with its package, ptyprocess's fork from pexpect: `ExceptionPexpect`
  // → `PtyProcessError`, c332eca; held-out round 10): the type raised then is named nowhere in
  // today's file and the type raised now nowhere in the file then.
  const freshTypes = now.raises.filter((t) => !then.raises.includes(t) && !wordIn(thenText, t));
  const goneTypes = gone.filter((t) => !wordIn(nowText, t));
  if (freshTypes.length > 0 && goneTypes.length > 0) helpers.renamed = new Set([...freshTypes, ...goneTypes]);
  // Keywords dropped for a `**kwargs` passed on: the parameters of the file's functions it goes to.
  if (now.keywordCallees && then.params.some((p) => !now.params.includes(p))) {
    const taken = new Set<string>();
    for (const name of now.keywordCallees.slice(0, MAX_HELPERS)) for (const p of parametersOfDefinition(nowText, name)) taken.add(p);
    if (taken.size > 0) helpers.keywordsTaken = taken;
  }
  // A documented None/null the body stopped returning itself but may still pass on from a function
  // of the file whose result it returns (h2database `TransactionMap.get`: held-out round 17).
  if (then.returnsNone && !now.returnsNone && now.returnedCalls && now.returnedCalls.length > 0) {
    const none = now.returnedCalls.slice(0, MAX_HELPERS).filter((name) => returnsNoneInDefinition(nowText, name, ctx.language));
    if (none.length > 0) helpers.returnsNone = new Set(none);
  }
  return helpers;
}

/** The parameter names of every Python `def <name>(…)` in `text` (a rough read: each name before `=`, `:` or `,`). */
function parametersOfDefinition(text: string, name: string): string[] {
  if (!/^[\p{L}_][\p{L}\p{N}_]*$/u.test(name)) return [];
  const found: string[] = [];
  for (const m of text.matchAll(new RegExp(String.raw`^[ \t]*(?:async[ \t]+)?def[ \t]+${name}[ \t]*\(([^)]*)\)`, 'gmu')))
    for (const part of m[1]!.split(',')) {
      const p = /^\s*\**\s*([\p{L}_][\p{L}\p{N}_]*)/u.exec(part)?.[1];
      if (p) found.push(p);
    }
  return found;
}

/** Whether `word` stands in `text` as a whole identifier. */
function wordIn(text: string, word: string): boolean {
  return new RegExp(String.raw`(?<![\p{L}\p{N}_$])${word.replace(/\$/g, '\\$')}(?![\p{L}\p{N}_$])`, 'u').test(text);
}

/**
 * Aliases among the words a change removed: a name the repository binds to another name at the
 * start of a line (`text_type = str` in a compat module, `git grep` over the tracked files of the
 * same extension) whose target is among the words the doc names that it added. Asked only when
 * such a word was added, for at most MAX_HELPERS names the change removed.
 */
async function aliasesOf(ctx: Context, added: readonly string[], removed: readonly string[]): Promise<Map<string, string>> {
  const aliases = new Map<string, string>();
  if (added.length === 0) return aliases;
  const ext = path.extname(ctx.rel);
  for (const name of removed.filter((w) => /^[\p{L}_][\p{L}\p{N}_]*$/u.test(w)).slice(0, MAX_HELPERS)) {
    try {
      const pattern = String.raw`^[[:space:]]*(const[[:space:]]+|var[[:space:]]+|let[[:space:]]+)?${name}[[:space:]]*=[[:space:]]*[[:alpha:]_][[:alnum:]_.]*[[:space:]]*;?[[:space:]]*(#.*|//.*)?$`;
      const out = await runGit(ctx.root, ['grep', '-h', '-I', '-E', '-e', pattern, '--', ext ? `*${ext}` : '.'], ctx.signal);
      for (const line of out.toString('utf8').split('\n')) {
        const target = /=\s*([\p{L}_][\p{L}\p{N}_.]*)/u.exec(line)?.[1]?.split('.').pop();
        if (target && added.includes(target)) aliases.set(name, target);
      }
    } catch (error) {
      if (ctx.signal?.aborted) throw error;
      // no match (git grep exits 1) or no git: nothing learned
    }
  }
  return aliases;
}

/**
 * The values of constants a change newly names (or no longer names) where a literal went away (or
 * came): `3` → `EuclideanUtils.TRIANGLE_VERTEX_COUNT` (commons-geometry 5efb17c), `32` →
 * `Integer.SIZE` (commons-crypto bac5269; held-out round 10). Standard constants from a table;
 * others from the repository's files of the same extension (`git grep` for the binding, read as
 * `constantsOf` reads a file), kept only where every binding found gives one value. At most
 * MAX_CONSTANTS names per function, only constant-shaped ones (`UPPER_CASE`).
 */
async function constantsNamed(
  ctx: Context,
  changed: { added: readonly string[]; removed: readonly string[] },
  thenKey: string,
  nowKey: string,
  known: ReadonlyMap<string, string>,
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const literal = (w: string): boolean => /^(?:[-+]?\.?\d|")/.test(w);
  if (![...changed.added, ...changed.removed].some(literal)) return found;
  const before = keyWords(thenKey);
  const now = keyWords(nowKey);
  for (const [name, value] of [...standardConstants(now, ctx.language), ...standardConstants(before, ctx.language)]) found.set(name, value);
  const names = [...[...now].filter((w) => !before.has(w)), ...[...before].filter((w) => !now.has(w))]
    .filter((w) => /^[A-Z][A-Z0-9_]*[A-Z0-9]$/.test(w) && !known.has(w) && !found.has(w))
    .slice(0, MAX_CONSTANTS);
  const ext = path.extname(ctx.rel);
  for (const name of names) {
    try {
      const pattern = String.raw`(^|[^[:alnum:]_$.])${name}[[:space:]]*(:[^=]*)?=[^=]`;
      const out = await runGit(ctx.root, ['grep', '-h', '-I', '-E', '-e', pattern, '--', ext ? `*${ext}` : '.'], ctx.signal);
      const lines = out
        .toString('utf8')
        .split('\n')
        .map((l) => (ctx.language === 'Python' ? l.trimStart() : l));
      const values = new Set<string>();
      for (const line of lines) {
        const value = constantsOf(line, ctx.language).get(name);
        if (value !== undefined) values.add(value);
      }
      const value = [...values][0];
      if (values.size === 1 && value !== undefined && literal(value)) found.set(name, value);
    } catch (error) {
      if (ctx.signal?.aborted) throw error;
      // no match (git grep exits 1) or no git: nothing learned
    }
  }
  return found;
}

/** Constant names looked up in the repository per function (constantsNamed). */
const MAX_CONSTANTS = 4;

/** Per analysis (one BlobBatch serves one), the parents other files declare: type → parent, null when none was found. */
const parentsByAnalysis = new WeakMap<object, Map<string, string | null>>();
/** Per analysis, the lookups in order: one at a time, so that no verdict sees a chain half-followed. */
const lookupQueues = new WeakMap<object, Promise<void>>();
function repositoryParents(blobs: object): Map<string, string | null> {
  let map = parentsByAnalysis.get(blobs);
  if (!map) parentsByAnalysis.set(blobs, (map = new Map()));
  return map;
}

/** Per analysis, the tracked files' lines that may declare a class (classDeclarationLines). */
const declarationLines = new WeakMap<object, Map<string, Promise<string[]>>>();

/**
 * Every line of the tracked files where `class` or `interface` is followed by white space: one
 * `git grep` per analysis (and root), read on the first lookup, instead of one over every file per
 * type looked up (22 on SQLAlchemy: docs/performance.md, "SQLAlchemy against Linguist, paired").
 * Empty when nothing matches or git fails; rejects only when `ctx.signal` fired.
 */
function classDeclarationLines(ctx: Context): Promise<string[]> {
  let byRoot = declarationLines.get(ctx.blobs);
  if (!byRoot) declarationLines.set(ctx.blobs, (byRoot = new Map()));
  let lines = byRoot.get(ctx.root);
  if (!lines) {
    lines = runGit(
      ctx.root,
      [
        'grep',
        '-h',
        '-n',
        '-A1',
        '-I',
        '-E',
        '-e',
        // One pattern, the three alternatives in one ERE: with several `-e` git matches line by line
        // (1.9 s of CPU on SQLAlchemy), with one it searches the whole file first (0.14 s), and
        // prints the same lines (docs/performance.md, "Session 27 (helper h83)").
        [
          '(class|interface)[[:space:]]',
          // Module-level type aliases (linesDeclaring; contract.ts TYPE_ALIAS).
          '^(export[[:space:]]+)?(declare[[:space:]]+)?(type[[:space:]]+)?[A-Z][A-Za-z0-9_$]*(<[^=]*>)?[[:space:]]*(:[^=]*)?=[[:space:]]*[A-Za-z_$][A-Za-z0-9_$.]*[[:space:]]*([[<]|;?[[:space:]]*(#.*|//.*)?$)',
          // Bounded type variables (contract.ts BOUND_TYPEVAR).
          'TypeVar\\(.*bound[[:space:]]*=',
        ]
          .map((alternative) => `(${alternative})`)
          .join('|'),
        '--',
        '.',
      ],
      ctx.signal,
    ).then(
      (out) => withNextLines(out.toString('utf8').split('\n')),
      (error: unknown) => {
        if (ctx.signal?.aborted) throw error;
        return []; // no match (git grep exits 1) or no git: nothing learned
      },
    );
    byRoot.set(ctx.root, lines);
  }
  return lines;
}

/**
 * The matching lines of `git grep -n -A1` output (`12:text`, its next line `13-text`, `--`
 * between groups), each joined with the line after it where that line goes on with the
 * supertypes: a declaration whose `extends` is on the
 * next line (`public final class NoSuchPrincipalException\n    extends WikiSecurityException`:
 * jspwiki, held-out round 11, docs/metrics/outdated.md) is read whole.
 */
export function withNextLines(output: readonly string[]): string[] {
  const lines: string[] = [];
  for (let i = 0; i < output.length; i++) {
    const m = /^(\d+):(.*)$/s.exec(output[i]!);
    if (!m) continue;
    const next = /^(\d+)[:-](.*)$/s.exec(output[i + 1] ?? '');
    // Only a declaration left open (no `{`, no Python `:` at its end) whose next line goes on with
    // its supertypes (`extends`, `implements`, Kotlin's `: Base()`).
    const continues =
      next !== null &&
      Number(next[1]) === Number(m[1]) + 1 &&
      !/[{:]\s*$/.test(m[2]!) &&
      /^\s*(?:extends|implements|:)(?:\s|$)/.test(next[2]!);
    lines.push(continues ? `${m[2]!} ${next[2]!}` : m[2]!);
  }
  return lines;
}

/**
 * The lines of `lines` where `type` follows `class`/`interface` and white space and ends there
 * (what `git grep -E '(class|interface)[[:space:]]+<type>([^[:alnum:]_$]|$)'` matches in the C
 * locale), joined as that grep prints them.
 */
export function linesDeclaring(lines: readonly string[], type: string): string {
  const pattern = new RegExp(`(?:class|interface)[ \\t\\n\\v\\f\\r]+${type}(?:[^A-Za-z0-9_$]|$)`, 'u');
  // …or a module-level type alias (`TimePeriod = Tuple[…]`, `export type Pair = Promise<…>`: contract.ts TYPE_ALIAS).
  const declares = (line: string): boolean => pattern.test(line) || declaresAlias(line, type);
  if (type === '' || type.includes('\n'))
    return lines
      .filter((line) => line.includes(type) && declares(line))
      .map((line) => `${line}\n`)
      .join('');
  // The lines holding `type`, found by one native search of them all instead of one `includes`
  // per line and type (docs/performance.md, "Session 27 (helper h85)"); the same lines in order.
  const { text, starts } = joinedLines(lines);
  let out = '';
  for (let at = text.indexOf(type); at >= 0;) {
    let lo = 0;
    for (let hi = starts.length - 1; lo < hi;) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    if (declares(lines[lo]!)) out += `${lines[lo]!}\n`;
    at = lo + 1 < starts.length ? text.indexOf(type, starts[lo + 1]) : -1;
  }
  return out;
}

/** `lines` joined by line breaks, with where each starts, kept while the array lives. */
const joined = new WeakMap<readonly string[], { text: string; starts: Int32Array }>();

function joinedLines(lines: readonly string[]): { text: string; starts: Int32Array } {
  let found = joined.get(lines);
  if (!found) {
    const starts = new Int32Array(lines.length);
    for (let i = 1; i < lines.length; i++) starts[i] = starts[i - 1]! + lines[i - 1]!.length + 1;
    joined.set(lines, (found = { text: lines.join('\n'), starts }));
  }
  return found;
}

/**
 * Finds where the repository declares each of `types` (the lines of the tracked files that declare
 * `class <type>`, from one grep per analysis) and records its parent, following the chain up to 6
 * steps (to a standard type, an unknown one or a cycle). Lookups of one analysis run one after the
 * other.
 */
async function learnParents(ctx: Context, parents: Map<string, string | null>, types: readonly string[]): Promise<void> {
  const run = (lookupQueues.get(ctx.blobs) ?? Promise.resolve()).then(async () => {
    for (const start of types) {
      const seen = new Set<string>();
      for (let type: string | null | undefined = start, step = 0; type && step < 6 && !seen.has(type); step++) {
        seen.add(type);
        if (isStandardException(type, ctx.language) || !/^[\p{L}_][\p{L}\p{N}_]*$/u.test(type)) break;
        if (!parents.has(type)) {
          const declaring = linesDeclaring(await classDeclarationLines(ctx), type);
          parents.set(type, declaring === '' ? null : (declaredParents(declaring).get(type) ?? null));
        }
        type = parents.get(type);
      }
    }
  });
  lookupQueues.set(
    ctx.blobs,
    run.catch(() => undefined),
  );
  await run;
}

/**
 * Verdicts for the documented functions of one file (index-aligned with `functions`; null where
 * history adds nothing).
 */
export async function judgeFileHistory(
  ctx: Context,
  summary: BlameSummary,
  functions: readonly ParsedFunctionLike[],
  text: string,
): Promise<Array<DocHistoryVerdict | null>> {
  const verdicts: Array<DocHistoryVerdict | null> = functions.map(() => null);
  const seen = new Map<string, number>();
  const candidates: Candidate[] = [];
  const wholes: Array<{ index: number; fn: ParsedFunctionLike; occurrence: number; sha: string }> = [];
  functions.forEach((fn, index) => {
    const occurrence = seen.get(fn.name) ?? 0;
    seen.set(fn.name, occurrence + 1);
    if (fn.docstring === null || fn.outdated.status === 'OUTDATED' || !fn.docFacts) return;
    const changed = changedAfterDoc(summary, fn);
    if (changed) candidates.push({ index, fn, occurrence, ...changed });
    else {
      if (fn.docFacts.missingParams.length > 0) verdicts[index] = { incomplete: fn.docFacts.missingParams };
      const sha = wholeCommit(summary, fn);
      if (sha) wholes.push({ index, fn, occurrence, sha });
    }
  });
  // A function the walk dates wholly by one commit was written, or moved, by it: when moved, its
  // history goes on before the move (blame -M), and so do its verdict and suggestion.
  // The window's boundary, where the file has lines older than it and none uncommitted.
  const older = summary.commits.find(([sha]) => sha.startsWith('^'))?.[0];
  const boundary = older && summary.commits.every(([sha]) => sha !== '') ? revOf(older) : null;
  for (const moved of await movedFunctions(ctx, wholes, boundary)) {
    const changed = { doc: moved.doc, body: moved.body };
    candidates.push({ index: moved.index, fn: moved.fn, occurrence: moved.occurrence, ...changed });
  }
  if (candidates.length === 0) return verdicts;
  // Every version the candidates need is asked for at once: git's cat-file reads them while this
  // thread compares the first ones, instead of one round trip per candidate.
  for (const c of candidates) void ctx.blobs.read(revOf(c.doc.sha), `./${ctx.rel}`);
  // …and the version before the walk's newest change, which naming a suggestion's commit reads first.
  for (const c of candidates)
    if (c.body.sha !== '' && !c.body.sha.startsWith('^')) void ctx.blobs.read(`${revOf(c.body.sha)}^`, `./${ctx.rel}`);

  const oldFunction = functionReader(ctx, text, versionReader(ctx), functions);
  // The file's non-merge commits, read once per file when a suggestion needs its commit named.
  let fileCommits: Promise<Array<[string, number]>> | null = null;
  const commitsSince = (): Promise<Array<[string, number]>> => (fileCommits ??= nonMergeCommits(ctx, oldestDoc(candidates)));
  // The commits after one candidate's doc are those its commit cannot reach (`doc..HEAD`), not
  // those dated after it: a branch commit older than the doc and merged after it changed the code
  // the doc now sits over (mybatis `Reflector.getGetterType`, held-out round 5). One `git log` per
  // distinct doc commit that is not the file's oldest.
  const afterDoc = new Map<string, Promise<Array<[string, number]>>>();
  const commitsAfter = (c: Candidate): Promise<Array<[string, number]>> => {
    if (c.doc.sha === '') return Promise.resolve([]);
    const rev = revOf(c.doc.sha);
    let found = afterDoc.get(rev);
    if (!found) afterDoc.set(rev, (found = rev === oldestDoc(candidates) ? commitsSince() : nonMergeCommits(ctx, rev)));
    return found;
  };
  let raised: Set<string> | null = null;
  const current = (): Set<string> => (raised ??= raisesInText(text, ctx.language));
  const repository = repositoryParents(ctx.blobs);
  const hierarchy = ctx.hierarchy ?? classHierarchy(text, ctx.language, repository);
  let constants: Map<string, string> | null = null;
  const constantsNow = (): Map<string, string> => (constants ??= constantsOf(text, ctx.language));
  const judgeOne = async (c: Candidate): Promise<void> => {
    const facts = c.fn.docFacts!;
    const beforeVersion = await oldFunction(revOf(c.doc.sha), c.fn, c.occurrence);
    const before = beforeVersion?.fn ?? null;
    const thenContract = before ? contractFor(before, ctx.language) : null;
    const summaryOfDoc = parseDocstring(c.fn.docstring!, ctx.language);
    const doc: DocView = { text: c.fn.docstring!, params: summaryOfDoc.params, documentsReturn: summaryOfDoc.documentsReturn };
    const verdict: DocHistoryVerdict = {};
    let review: DocFinding[] = [];
    if (!before || !thenContract) {
      // The doc's version of the function is not found (its class renamed, an overload placed
      // on another): nothing can be compared, so nothing is said to have changed. Held-out
      // round 2 (docs/metrics/outdated.md): 12 of 47 sampled suggestions were these, none worth
      // a look.
      review = [];
    } else {
      const nowContract = contractFor(c.fn, ctx.language)!;
      // Raised types that changed may subclass a documented type in another file of the
      // repository: their declarations are looked up first (once per type per analysis), so
      // that the verdict does not depend on which function asked before.
      if (!ctx.hierarchy) {
        const changed = [
          ...thenContract.raises.filter((t) => !nowContract.raises.includes(t)),
          ...nowContract.raises.filter((t) => !thenContract.raises.includes(t)),
        ];
        const unknown = [...new Set([...thenContract.raises, ...nowContract.raises])].filter((t) => !isStandardException(t, ctx.language));
        if (changed.length > 0 && unknown.length > 0) await learnParents(ctx, repository, unknown);
        // A return type that changed may have widened to a supertype another file declares
        // (`List` → `Seq`): the old type's own words are looked up too.
        if (thenContract.returnType && nowContract.returnType && thenContract.returnType !== nowContract.returnType) {
          const fresh = new Set(nowContract.returnType.match(/[\p{L}_$][\p{L}\p{N}_$]*/gu) ?? []);
          const gone = (thenContract.returnType.match(/\p{Lu}[\p{L}\p{N}_$]*/gu) ?? []).filter((w) => !fresh.has(w));
          // …and the new type's, which may be declared under the old one (a narrowing: round 15).
          const old = new Set(thenContract.returnType.match(/[\p{L}_$][\p{L}\p{N}_$]*/gu) ?? []);
          const added = [...fresh].filter((w) => !old.has(w) && /^\p{Lu}/u.test(w));
          if (gone.length + added.length > 0) await learnParents(ctx, repository, [...new Set([...gone, ...added])].slice(0, 6));
        }
      }
      const helpers = await helperRaises(ctx, thenContract, nowContract, beforeVersion!.text, text, current);
      // The doc's version's constants, read only where a default changed.
      const defaultChanged = Object.entries(thenContract.defaults).some(
        ([p, v]) => nowContract.defaults[p] !== undefined && nowContract.defaults[p] !== v,
      );
      const constantsThen = defaultChanged ? constantsOf(beforeVersion!.text, ctx.language) : undefined;
      const changes = contractChanges(
        thenContract,
        nowContract,
        doc,
        current,
        hierarchy,
        constantsNow(),
        c.fn.scope,
        helpers,
        constantsThen,
      );
      const addedLater = new Set(changes.outdated.filter((f) => f.code === 'PARAM_ADDED_UNDOCUMENTED').map((f) => f.params.name!));
      const incomplete = facts.missingParams.filter((p) => !addedLater.has(p));
      if (incomplete.length > 0) verdict.incomplete = incomplete;
      if (changes.outdated.length > 0) {
        // Each finding is dated by the commit that made it (bottle `run`: `plugins`, `debug` and
        // `config` were added by three commits years apart; held-out round 4), at most
        // MAX_ATTRIBUTED findings; the verdict names the oldest, when the doc became stale.
        const made = await Promise.all(
          changes.outdated.slice(0, MAX_ATTRIBUTED).map((f) =>
            introducedBy(
              {
                ctx,
                oldFunction,
                since: revOf(c.doc.sha),
                now: c.fn,
                occurrence: c.occurrence,
                then: thenContract,
                doc,
                hierarchy,
                constants: constantsNow(),
              },
              f,
            ),
          ),
        );
        const outdated = (commit: string, time: number): void => {
          let oldest: [string, number] = [commit, time];
          const findings = changes.outdated.map((f, i) => {
            const [own, at] = made[i] ?? [commit, time];
            if (at < oldest[1]) oldest = [own, at];
            return { code: f.code, params: { ...f.params, commit: own, date: day(at), docDate: day(c.doc.time) } };
          });
          verdict.outdated = {
            explanation: findings.map((f) => describeFinding(f, ctx.noun)).join(' '),
            findings,
            commit: oldest[0],
            date: day(oldest[1]),
          };
        };
        // Not found in the commits (an uncommitted change, or past the search): the walk's commit.
        const named =
          made[0] ??
          (c.body.sha === '' ? null : await lastCodeChange(ctx, oldFunction, () => commitsAfter(c), c, keyOf(c.fn, ctx.language)));
        if (named) outdated(...named);
        else ctx.merges.name(ctx.rel, c.body, c.doc.time, outdated);
      } else {
        review = changes.review;
        // Comments, docstrings, annotations, blank lines, layout and local names set aside (code-key.ts).
        // Only a change that touches what the doc names is worth a look: a word (parameter, value,
        // type, call) the change added or removed that the doc mentions.
        const [then, now] = [bodyKey(keyOf(before, ctx.language)), bodyKey(keyOf(c.fn, ctx.language))];
        // A declaration that lost its body (an interface extracted, a method made abstract: jspwiki
        // `RSSGenerator.generate`, 078122f; held-out round 11) describes its implementations now.
        if (
          review.length === 0 &&
          then !== now &&
          !bodiless(before.content, before.name, ctx.language, keyOf(before, ctx.language)) &&
          !bodiless(c.fn.content, c.fn.name, ctx.language, keyOf(c.fn, ctx.language))
        ) {
          // …and of those, only the words that speak of the doc's contract, not of a refactor (round 8).
          const words = contractWords(
            changedWordsTheDocNames(then, now, c.fn.docstring!, doc.params, c.fn.name),
            then,
            now,
            c.fn.docstring!,
            [...new Set([...thenContract.params, ...nowContract.params, ...doc.params])],
            nowContract.returnType ?? '',
            c.fn.name,
          );
          // A raised type the body no longer names but still raises, through a helper of another
          // file it now calls or a check (`getattr(x, name)`), is no word gone (dramatiq
          // `Message.get_result`, falcon `get_bound_method`; round 7).
          const stillRaised = (w: string): boolean => helpers.movedOut?.has(w) === true || nowContract.checks?.includes(w) === true;
          // The words of `now` once, not once per word of `then` (docs/performance.md, session 23).
          const nowWords = keyWords(now);
          // The same value written otherwise: a constant of the same value, an inlined alias, booleans folded.
          const gone = [...keyWords(then)].filter((w) => !nowWords.has(w));
          const named = await constantsNamed(ctx, words, then, now, constantsNow());
          const known = named.size > 0 ? new Map([...named, ...constantsNow()]) : constantsNow();
          const same = replacedValuesOnly(
            withoutSameValues(words, then, now, known, await aliasesOf(ctx, words.added, gone)),
            then,
            now,
            known,
          );
          const added = same.added;
          // A method still passed, through a bound copy of the same name (`this.trackProgress_ =
          // (e) => this.trackProgress(e)`: video.js `Tech.manualProgressOn`, 17a6147; held-out
          // round 11, docs/metrics/outdated.md), is no word gone.
          const bound = (w: string): boolean => nowWords.has(`${w}_`) || nowWords.has(`_${w}`);
          const removed = same.removed.filter((w) => !stillRaised(w) && !bound(w));
          if (added.length + removed.length > 0)
            review = [
              finding('BODY_CHANGED', {
                names: [...removed, ...added].slice(0, 4).join(','),
                removed: removed.slice(0, 3).join(','),
                added: added.slice(0, 3).join(','),
              }),
            ];
        }
      }
    }
    if (!verdict.outdated && review.length > 0) {
      const docDate = day(c.doc.time);
      // A contract finding (a parameter added, a raise…) is dated by the commit that made it, not
      // by the function's newest code change (pexpect `fdspawn.__init__`: three parameters added
      // in three commits, the suggestion named the third for all; held-out round 4). So is a body
      // change the doc names: by the commit that added or removed its first word (mongoose
      // `toJSONSchema`: `useBsonType` left in 72609f2, a later refactor was named; held-out round 5).
      const sinceDoc = before && thenContract ? (await commitsAfter(c)).slice(0, MAX_REVIEW_ATTRIBUTION_COMMITS) : [];
      const word = review[0]!.code === 'BODY_CHANGED' ? wordOf(review[0]!) : null;
      const made: Array<[string, number] | null> = word
        ? sinceDoc.length > 0
          ? [await wordChangedBy(ctx, oldFunction, c.fn, c.occurrence, word.word, word.present, sinceDoc)]
          : []
        : sinceDoc.length > 0
          ? await Promise.all(
              review.slice(0, MAX_ATTRIBUTED).map((f) =>
                introducedBy(
                  {
                    ctx,
                    oldFunction,
                    since: revOf(c.doc.sha),
                    now: c.fn,
                    occurrence: c.occurrence,
                    then: thenContract!,
                    doc,
                    hierarchy,
                    constants: constantsNow(),
                    kind: 'review',
                    fileCommits: sinceDoc,
                  },
                  f,
                ),
              ),
            )
          : [];
      // A contract finding made by a commit that left the function's code as it was (only type
      // annotations changed: `: void` → `: asserts statement`, Tone.js `assert`, d8c8a85; held-out
      // round 14, docs/metrics/outdated.md) is no change of behaviour to name.
      const annotationOnly = await Promise.all(
        made.map(async (m, i) => {
          if (!m || word || review[i]!.code === 'BODY_CHANGED') return false;
          const [at, parent] = await Promise.all([
            oldFunction(commitRev(m[0]), c.fn, c.occurrence),
            oldFunction(`${commitRev(m[0])}^`, c.fn, c.occurrence),
          ]);
          return at !== null && parent !== null && keyOf(at.fn, ctx.language) === keyOf(parent.fn, ctx.language);
        }),
      );
      const kept = review.flatMap((f, i) => (annotationOnly[i] ? [] : [[f, made[i] ?? null] as const]));
      const findings = kept.map(([f, m]) => (m ? { code: f.code, params: { ...f.params, commit: m[0], date: day(m[1]) } } : f));
      let newest: [string, number] | null = null;
      for (const [, m] of kept) if (m && (!newest || m[1] > newest[1])) newest = m;
      const apply = (commit: string, time: number): void => {
        verdict.review = {
          commit,
          date: day(time),
          docDate,
          findings,
          explanation: describeReview(commit, day(time), docDate, findings, ctx.noun),
        };
        // The function as its doc was written for: what an LLM judge compares (src/llm/judge.ts).
        if (before) verdict.review.before = before.content;
      };
      // The newest commit that changed the function's code (not a comment, annotation or layout
      // commit, not a merge); the walk's commit when none is found.
      const named =
        findings.length === 0
          ? null
          : (newest ??
            (c.body.sha === '' ? null : await lastCodeChange(ctx, oldFunction, () => commitsAfter(c), c, keyOf(c.fn, ctx.language))));
      if (named) apply(...named);
      else if (findings.length > 0) ctx.merges.name(ctx.rel, c.body, c.doc.time, apply);
    }
    verdicts[c.index] = verdict.outdated || verdict.review || verdict.incomplete ? verdict : null;
  };
  // A few candidates at once: each waits on git for old versions while another compares.
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CANDIDATE_CONCURRENCY, candidates.length) }, async () => {
      while (next < candidates.length) await judgeOne(candidates[next++]!);
    }),
  );
  return verdicts;
}

/** The word a BODY_CHANGED finding is dated by (its first removed, else first added) and whether the body has it now. */
function wordOf(f: DocFinding): { word: string; present: boolean } | null {
  const removed = f.params.removed?.split(',').filter(Boolean) ?? [];
  const added = f.params.added?.split(',').filter(Boolean) ?? [];
  if (removed.length > 0) return { word: removed[0]!, present: false };
  return added.length > 0 ? { word: added[0]!, present: true } : null;
}

/**
 * The commit that added (`present`) or removed a word of the function's code key: bisected over
 * the file's commits since the doc (newest first) for the oldest whose version has the word as it
 * is now, accepted only if its parent's does not. Null when none qualifies.
 */
async function wordChangedBy(
  ctx: Context,
  oldFunction: ReturnType<typeof functionReader>,
  now: ParsedFunctionLike,
  occurrence: number,
  word: string,
  present: boolean,
  commits: ReadonlyArray<[string, number]>,
): Promise<[string, number] | null> {
  const state = async (rev: string): Promise<boolean | null> => {
    const version = await oldFunction(rev, now, occurrence);
    return version === null ? null : keyWords(bodyKey(keyOf(version.fn, ctx.language))).has(word) === present;
  };
  const shows = async (rev: string): Promise<boolean> => (await state(rev)) === true;
  const oldest = await oldestShowing(commits, shows);
  if (oldest >= 0 && (await state(`${commits[oldest]![0]}^`)) === false) return [commits[oldest]![0].slice(0, 7), commits[oldest]![1]];
  // History that is not monotonic: a branch commit dated before the others (and so at the end of
  // the list) merged after them. Scan the oldest few.
  for (const [sha, time] of farEnd(commits)) if ((await shows(sha)) && (await state(`${sha}^`)) === false) return [sha.slice(0, 7), time];
  return null;
}

/** Most commits at the old end of a list a failed bisection scans (branch commits dated early, merged late). */
const FAR_END_SCAN = 8;

/** The oldest FAR_END_SCAN commits of a newest-first list, oldest first. */
function farEnd<T>(commits: readonly T[]): T[] {
  return commits.slice(-FAR_END_SCAN).reverse();
}

/** Candidates of one file judged at once. */
const CANDIDATE_CONCURRENCY = 4;
