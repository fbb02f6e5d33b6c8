import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { extractWithTreeSitter, parseGitAttributes, signatureFactsOf, type LlmProvider } from '@docent/analyzer';
import { unifiedDiff } from './diff.ts';
import { gateFile } from './gate.ts';
import { generateFile, type FileResult, type GenerateOptions, type LineEdit, type Outcome } from './generate.ts';
import { addToIndex, emptyIndex, indexWithout, splitName, type RepoIndex } from './ground.ts';
import { languageOfPath, resolveConfig, type StyleConfig } from './languages.ts';
import { readBytesInsideCheckout, throughSymlink } from './safe-write.ts';
import {
  buildOutputDirs,
  decodeUtf8,
  foreignNamespaceCopies,
  jsdocFillWidth,
  partOfAnother,
  phpTagDotRule,
  pythonLineLimit,
  skipReason,
} from './safety.ts';

export interface RepoOptions {
  /** per language name: style and max line length (missing = the language's defaults) */
  configs?: Record<string, Partial<StyleConfig>>;
  /** only these paths (relative, '/'-separated) */
  files?: readonly string[];
  /** at most this many files are changed: the most undocumented first (the free plan's limit) */
  fileLimit?: number;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number, file: string) => void;
  /** optional LLM enrichment of the prose (docs/design.md §7, Pipeline step 4); absent or `none`: deterministic */
  llm?: LlmProvider;
  /** also write on methods that inherit their doc (docs/docgen.md, "Inheritance") */
  includeInherited?: boolean;
  /** keep the source of every written entry in the outcomes (`--explain`) */
  explain?: boolean;
  /** a file the gate refuses makes the run fail (see `runFailed`) */
  strict?: boolean;
}

export interface FileChange {
  path: string;
  language: string;
  before: string;
  after: string;
  diff: string;
  outcomes: Outcome[];
  /** the docstring style the file's new entries follow (its own, else the configured one) */
  style: string;
}

export interface RepoResult {
  changes: FileChange[];
  /** the whole patch, files in path order */
  diff: string;
  summary: {
    documented: number;
    updated: number;
    skipped: number;
    files: number;
    gateFailures: string[];
    staleParams: { path: string; name: string; params: string[] }[];
    /** functions whose written prose came (at least in part) from the model; 0 without one */
    modelProse: number;
    /** the model that wrote it, null without a provider */
    model: string | null;
    /** asked-for files reached through a symbolic link: neither read nor written */
    unsafePaths: string[];
    /** undocumented functions nothing grounded gives a summary for (for a human or a model) */
    needsSummary: { path: string; name: string; line: number }[];
    /** files left alone, and why (tests, fixtures, generated, vendored, ignored, not UTF-8…) */
    leftAlone: { path: string; reason: string }[];
    /** files the quality gate refused (their problems are in gateFailures) */
    refused: string[];
    /**
     * why something the code states was left out, each once ("the repository documents no
     * exceptions in PHP; none added": docs/docgen.md, "The repository's convention for exceptions")
     */
    notes: string[];
    /** the languages in which that convention left out the exceptions the code states (for localised job logs) */
    exceptionless: string[];
  };
}

/** The exit status a CLI gives a run: 1 when nothing could be done, or with `strict` when a file was refused. */
export function runFailed(result: RepoResult, strict = false): boolean {
  const s = result.summary;
  if (strict && s.refused.length > 0) return true;
  return s.refused.length > 0 && result.changes.length === 0;
}

const SKIP_DIRS = new Set([
  '.git',
  'node_modules',
  'vendor',
  'dist',
  'build',
  '.venv',
  'venv',
  '__pycache__',
  'third_party',
  '.tox',
  'site-packages',
]);
const MAX_FILE_BYTES = 1_000_000;

/** Source files docgen can render, relative and sorted (deterministic). */
export async function listSourceFiles(root: string): Promise<string[]> {
  return listFiles(root, (rel) => languageOfPath(rel) !== null);
}

/** Files whose relative path `accept`s, outside dependency and build folders, sorted. */
export async function listFiles(root: string, accept: (rel: string) => boolean): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    const entries = await fs.readdir(path.join(root, dir), { withFileTypes: true });
    for (const e of entries) {
      const rel = dir ? `${dir}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (!SKIP_DIRS.has(e.name)) await walk(rel);
      } else if (e.isFile() && accept(rel)) out.push(rel);
    }
  };
  await walk('');
  return out.sort();
}

/**
 * Generates docstrings for a checked-out directory (does not write): per-file edits that passed
 * the quality gate, a unified diff and a summary. A file failing the gate is left out whole.
 */
export async function generateRepository(root: string, options: RepoOptions = {}): Promise<RepoResult> {
  let files = options.files ? [...options.files].filter((f) => languageOfPath(f)).sort() : await listSourceFiles(root);
  const llm = options.llm?.enabled ? options.llm : undefined;
  // Named files reached through a symbolic link (a folder a push turned into one) are neither
  // read nor written: listed in the summary (listSourceFiles never enters a link).
  const unsafePaths: string[] = [];
  if (options.files) {
    const safe: string[] = [];
    for (const f of files) ((await throughSymlink(root, f)) ? unsafePaths : safe).push(f);
    files = safe;
  }
  const summary: RepoResult['summary'] = {
    documented: 0,
    updated: 0,
    skipped: 0,
    files: 0,
    gateFailures: [],
    staleParams: [],
    modelProse: 0,
    model: llm?.model ?? null,
    unsafePaths,
    needsSummary: [],
    leftAlone: [],
    refused: [],
    notes: [],
    exceptionless: [],
  };
  // Never harm the repository: ignored, test, fixture, generated, vendored and non-UTF-8 files are left alone.
  const ignored = await gitIgnored(root, files);
  const attrs = await fs
    .readFile(path.join(root, '.gitattributes'), 'utf8')
    .then(parseGitAttributes)
    .catch(() => undefined);
  // The JavaScript a tsconfig compiles into its `outDir` is build output, committed or not.
  const tsconfigs = new Map<string, string>();
  for (const rel of await listFiles(root, (r) => /(^|\/)tsconfig[\w.-]*\.json$/.test(r)))
    tsconfigs.set(rel, await fs.readFile(path.join(root, rel), 'utf8').catch(() => ''));
  const outDirs = buildOutputDirs(tsconfigs, files);
  // The project's own names (composer.json's `vendor/package`): a PHP file whose header says it
  // is part of another project is a copy (safety.ts, `partOfAnother`).
  const composerName = await fs
    .readFile(path.join(root, 'composer.json'), 'utf8')
    .then((t) => (JSON.parse(t) as { name?: unknown }).name)
    .catch(() => undefined);
  const ownNames = typeof composerName === 'string' ? composerName.toLowerCase().split('/') : null;
  const sources = new Map<string, string>();
  const kept: string[] = [];
  for (const rel of files) {
    const read = await readSource(root, rel);
    if (read === null) continue;
    if (typeof read === 'object') {
      summary.leftAlone.push({ path: rel, reason: read.reason });
      continue;
    }
    sources.set(rel, read);
    const why = ignored.has(rel)
      ? 'ignored by git'
      : outDirs.some((d) => rel.startsWith(d)) && /\.(?:[cm]?js|jsx|d\.[cm]?ts)$/.test(rel)
        ? "build output (a tsconfig's outDir)"
        : (skipReason(rel, read, attrs) ?? (ownNames && partOfAnother(rel, read, ownNames)));
    if (why) summary.leftAlone.push({ path: rel, reason: why });
    else kept.push(rel);
  }
  // The line length the repository's Python linter enforces (new lines stay within it).
  const pyConfigs: Record<string, string> = {};
  for (const name of ['pyproject.toml', 'ruff.toml', '.ruff.toml', 'setup.cfg', 'tox.ini', '.flake8']) {
    const text = await fs.readFile(path.join(root, name), 'utf8').catch(() => null);
    if (text !== null) pyConfigs[name] = text;
  }
  const pyLimit = pythonLineLimit(pyConfigs);
  // Whether the repository's php-cs-fixer drops a tag description's final dot (safety.ts).
  const phpConfigs: Record<string, string> = {};
  for (const name of ['.php-cs-fixer.dist.php', '.php-cs-fixer.php', '.php_cs.dist', '.php_cs']) {
    const text = await fs.readFile(path.join(root, name), 'utf8').catch(() => null);
    if (text !== null) phpConfigs[name] = text;
  }
  const phpTagDot = phpTagDotRule(phpConfigs);
  // Whether the repository's JSDoc formatter puts a tag's text below it, filled to a width (safety.ts).
  const jsConfigs: Record<string, string> = {};
  for (const name of [
    '.prettierrc',
    '.prettierrc.json',
    '.prettierrc.yaml',
    '.prettierrc.yml',
    '.prettierrc.json5',
    'prettier.config.js',
    'prettier.config.cjs',
    'prettier.config.mjs',
    '.prettierrc.js',
    '.prettierrc.cjs',
    '.prettierrc.mjs',
    'package.json',
  ]) {
    const text = await fs.readFile(path.join(root, name), 'utf8').catch(() => null);
    if (text !== null) jsConfigs[name] = text;
  }
  const jsdocFill = jsdocFillWidth(jsConfigs);
  // A copy of another library in the project's own folder (C#: another root namespace) is vendored code too.
  const copies = foreignNamespaceCopies(sources);
  for (const rel of kept.filter((r) => copies.has(r)))
    summary.leftAlone.push({ path: rel, reason: "vendored code (another library's namespace)" });
  // The repository's own words: every readable file's docs feed the grounding, touched or not.
  let index = await buildIndex(sources, options.signal);
  files = kept.filter((r) => !copies.has(r));
  if (options.fileLimit !== undefined) files = await mostUndocumented(sources, files, options.fileLimit);
  const changes: FileChange[] = [];
  const settled = new Map<string, Settled>();
  let newlyWritten = new Set<string>();
  for (let i = 0; i < files.length; i++) {
    options.signal?.throwIfAborted();
    const rel = files[i]!;
    options.onProgress?.(i, files.length, rel);
    const language = languageOfPath(rel)!;
    const raw = sources.get(rel)!;
    // A byte order mark is kept as it is and not seen by the parser.
    const bom = raw.startsWith('\uFEFF') ? '\uFEFF' : '';
    const before = raw.slice(bom.length);
    if (/\r(?!\n)/.test(before) || (before.includes('\r\n') && /(^|[^\r])\n/.test(before))) {
      summary.leftAlone.push({ path: rel, reason: 'mixed or bare-CR line endings' });
      continue;
    }
    const config = resolveConfig(language, options.configs?.[language]);
    const common = {
      index,
      ...(language === 'Python' && pyLimit !== null ? { lineLimit: pyLimit } : {}),
      ...(language === 'PHP' && phpTagDot !== null ? { phpTagDot } : {}),
      ...(/^(JavaScript|TypeScript|TSX)$/.test(language) && jsdocFill !== null ? { jsdocFill } : {}),
      ...(options.includeInherited ? { includeInherited: true } : {}),
      ...(options.explain ? { explain: true } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    };
    let result = await generateSettled(before, language, rel, config, { ...common, ...(llm ? { llm } : {}) });
    for (const s of result.staleParams) summary.staleParams.push({ path: rel, ...s });
    for (const n of result.needsSummary) summary.needsSummary.push({ path: rel, ...n });
    noteAll(summary, result.notes);
    if (result.edits.length === 0) {
      summary.skipped += result.outcomes.filter((o) => o.action === 'skipped').length;
      settled.set(rel, {
        language,
        config,
        common,
        bom,
        raw,
        text: before,
        edits: [],
        outcomes: [],
        style: result.style,
        named: new Set(),
      });
      continue;
    }
    let verdict = await gateFile(result, language, rel, config, before, common);
    if (!verdict.ok && result.outcomes.some((o) => o.action !== 'skipped' && o.prose === 'model')) {
      // The model's prose broke the gate: the file falls back to the deterministic text.
      const plain = await generateSettled(before, language, rel, config, common);
      const plainVerdict = await gateFile(plain, language, rel, config, before, common);
      if (plainVerdict.ok) {
        result = {
          ...plain,
          outcomes: plain.outcomes.map((o) =>
            o.action === 'skipped' ? o : { ...o, prose: 'deterministic' as const, rejected: ["the quality gate refused the model's text"] },
          ),
        };
        verdict = plainVerdict;
      }
    }
    if (!verdict.ok) {
      summary.gateFailures.push(...verdict.problems);
      summary.refused.push(rel);
      continue;
    }
    for (const o of result.outcomes) {
      summary[o.action]++;
      if (o.action !== 'skipped' && o.prose === 'model') summary.modelProse++;
    }
    summary.files++;
    const written = result.outcomes.filter((o) => o.action !== 'skipped');
    settled.set(rel, {
      language,
      config,
      common,
      bom,
      raw,
      text: result.output,
      edits: result.edits,
      outcomes: result.outcomes,
      style: result.style,
      named: new Set(written.map((o) => o.name)),
      passWritten: 1,
    });
    for (const o of written) newlyWritten.add(`${language}\0${splitName(o.name).short}`);
  }
  // A doc this run writes can ground another (a parameter handed on through a chain of wrappers):
  // the run goes on, with the index holding the docs it wrote, until nothing more is grounded, so
  // that a second run changes nothing (held out, set 31: nalgebra's `from_matrix` chain).
  for (let pass = 2; pass <= MAX_PASSES && newlyWritten.size > 0; pass++) {
    options.signal?.throwIfAborted();
    const changedNow = [...settled].filter(([, f]) => f.edits.length > 0 && f.passWritten === pass - 1);
    for (const [rel, f] of changedNow) {
      index = indexWithout(index, rel);
      const fns = await extractWithTreeSitter(f.text, f.language, rel, { signatureFacts: true }).catch(() => []);
      addToIndex(index, rel, f.language, f.text, fns, (fn) => signatureFactsOf.get(fn));
    }
    const callees = newlyWritten;
    newlyWritten = new Set();
    for (const [rel, f] of settled) {
      // only a file that names a function the last pass documented can ground anything new
      const names = [...callees].filter((k) => k.startsWith(`${f.language}\0`)).map((k) => k.slice(f.language.length + 1));
      if (!names.some((n) => new RegExp(`(?<![\\w$])${n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w$])`).test(f.text))) continue;
      const common = { ...f.common, index };
      const result = await generateSettled(f.text, f.language, rel, f.config, { ...common, ...(llm ? { llm } : {}) });
      if (result.edits.length === 0) continue;
      const verdict = await gateFile(result, f.language, rel, f.config, f.text, common);
      // refused: the file keeps what the earlier passes wrote (a second run would still change it)
      if (!verdict.ok) continue;
      noteAll(summary, result.notes);
      const written = result.outcomes.filter((o) => o.action !== 'skipped');
      for (const o of written) {
        if (f.named.has(o.name)) continue;
        f.named.add(o.name);
        summary[o.action]++;
        if (o.prose === 'model') summary.modelProse++;
      }
      if (f.edits.length === 0) summary.files++;
      const whole = followedBy(
        f.raw.slice(f.bom.length),
        { ...result, edits: f.edits, outcomes: f.outcomes, staleParams: [], needsSummary: [] },
        result,
      );
      f.edits = whole.edits;
      f.outcomes = whole.outcomes;
      f.text = result.output;
      f.passWritten = pass;
      for (const o of written) newlyWritten.add(`${f.language}\0${splitName(o.name).short}`);
    }
  }
  for (const [rel, f] of settled) {
    if (f.edits.length === 0) continue;
    // The diff keeps a CRLF file's \r on every line, its own and the added ones.
    const cr = f.text.includes('\r\n') ? '\r' : '';
    const edits = f.edits.map((e) => ({ ...e, lines: e.lines.map((l) => l + cr) }));
    changes.push({
      path: rel,
      language: f.language,
      before: f.raw,
      after: f.bom + f.text,
      diff: unifiedDiff(rel, f.raw.split('\n'), edits),
      outcomes: f.outcomes,
      style: f.style,
    });
  }
  options.onProgress?.(files.length, files.length, '');
  return { changes, diff: changes.map((c) => c.diff).join(''), summary };
}

/** Keeps each note once, and the language a "documents no exceptions in X" note names. */
function noteAll(summary: RepoResult['summary'], notes: readonly string[] | undefined): void {
  for (const n of notes ?? []) {
    if (summary.notes.includes(n)) continue;
    summary.notes.push(n);
    const m = /^the repository documents no exceptions in (.+); none added$/.exec(n);
    if (m && !summary.exceptionless.includes(m[1]!)) summary.exceptionless.push(m[1]!);
  }
}

/** At most this many passes of one run (a chain of wrappers longer than that is filled by the next run). */
const MAX_PASSES = 6;

/** A file the run read and did not refuse: what it has written so far. */
interface Settled {
  language: string;
  config: StyleConfig;
  common: Omit<GenerateOptions, 'llm'>;
  bom: string;
  raw: string;
  /** the text after the passes so far (no byte order mark) */
  text: string;
  /** the edits so far, against the file as it was read */
  edits: LineEdit[];
  outcomes: Outcome[];
  style: string;
  /** the functions written so far */
  named: Set<string>;
  /** the pass that last wrote in it (1: the first) */
  passWritten?: number;
}

const eolOf = (text: string): string => (text.includes('\r\n') ? '\r\n' : '\n');

/**
 * The edits against the original rows that `first` then `second` (against `first`'s result) make
 * together: untouched rows keep their origin, every other row is new.
 */
export function composeEdits(original: readonly string[], first: readonly LineEdit[], second: readonly LineEdit[]): LineEdit[] {
  type Row = { origin: number | null; text: string };
  const apply = (rows: Row[], edits: readonly LineEdit[]): Row[] => {
    const out = [...rows];
    for (const e of [...edits].sort((a, b) => b.startRow - a.startRow))
      out.splice(e.startRow, e.endRow - e.startRow, ...e.lines.map((text) => ({ origin: null, text })));
    return out;
  };
  const rows = apply(
    apply(
      original.map((text, origin) => ({ origin, text })),
      first,
    ),
    second,
  );
  const out: LineEdit[] = [];
  let next = 0;
  let cur: LineEdit | null = null;
  for (const r of rows) {
    if (r.origin === null) {
      cur ??= { startRow: next, endRow: next, lines: [] };
      cur.lines.push(r.text);
      continue;
    }
    if (r.origin > next) {
      cur ??= { startRow: next, endRow: next, lines: [] };
      cur.endRow = r.origin;
    }
    if (cur) out.push(cur);
    cur = null;
    next = r.origin + 1;
  }
  if (next < original.length) {
    cur ??= { startRow: next, endRow: next, lines: [] };
    cur.endRow = original.length;
  }
  if (cur) out.push(cur);
  return out;
}

/** The row in the original text of a row of the edited one that no edit wrote. */
function originalRow(edits: readonly LineEdit[], row: number): number {
  let shift = 0;
  for (const e of [...edits].sort((a, b) => a.startRow - b.startRow)) {
    if (row < e.startRow + shift) break;
    shift += e.lines.length - (e.endRow - e.startRow);
  }
  return row - shift;
}

/**
 * `first` (a result on `text`) followed by `then` (a result on `first`'s output), as one result on
 * `text`: the edits composed, the outcomes of `then` replacing those of the same functions, with
 * lines on `text`'s rows.
 */
export function followedBy(text: string, first: FileResult, then: FileResult): FileResult {
  const written = new Set(then.outcomes.filter((o) => o.action !== 'skipped').map((o) => o.name));
  const moved = (o: Outcome): Outcome => ({ ...o, line: originalRow(first.edits, o.line - 1) + 1 });
  return {
    ...then,
    edits: composeEdits(text.split(eolOf(text)), first.edits, then.edits),
    outcomes: [...first.outcomes.filter((o) => !written.has(o.name)), ...then.outcomes.filter((o) => written.has(o.name)).map(moved)],
    staleParams: first.staleParams,
    needsSummary: first.needsSummary.filter((n) => !written.has(n.name)),
    style: first.style,
    ...(first.notes || then.notes ? { notes: [...new Set([...(first.notes ?? []), ...(then.notes ?? [])])] } : {}),
  };
}

/**
 * One file's result, run again on its own output until nothing changes: a doc written on one
 * function can ground another of the same file (a parameter handed on through a wrapper), and a
 * second run must change nothing (held out, set 31).
 */
export async function generateSettled(
  text: string,
  language: string,
  relPath: string,
  config: StyleConfig,
  options: GenerateOptions,
): Promise<FileResult> {
  let result = await generateFile(text, language, relPath, config, options);
  for (let pass = 2; pass <= MAX_PASSES && result.edits.length > 0; pass++) {
    const again = await generateFile(result.output, language, relPath, config, {
      ...options,
      ...(options.index ? { index: indexWithout(options.index, relPath) } : {}),
    });
    if (again.edits.length === 0) break;
    result = followedBy(text, result, again);
  }
  return result;
}

/** Every file's functions and docs, for the grounding rules (docs/docgen.md). */
async function buildIndex(sources: ReadonlyMap<string, string>, signal?: AbortSignal): Promise<RepoIndex> {
  const index = emptyIndex();
  for (const [rel, text] of sources) {
    signal?.throwIfAborted();
    const language = languageOfPath(rel)!;
    const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
    const fns = await extractWithTreeSitter(body, language, rel, { signatureFacts: true }).catch(() => []);
    addToIndex(index, rel, language, body, fns, (f) => signatureFactsOf.get(f));
  }
  return index;
}

/** The paths git ignores (`git check-ignore`); none outside a git work tree. */
async function gitIgnored(root: string, files: readonly string[]): Promise<Set<string>> {
  if (files.length === 0) return new Set();
  return new Promise((resolve) => {
    const child = execFile('git', ['-C', root, 'check-ignore', '--stdin', '-z'], { maxBuffer: 64 * 1024 * 1024 }, (err, stdout) => {
      // exit 1: nothing ignored; 128: no repository
      if (err && (err as { code?: unknown }).code !== 1) return resolve(new Set());
      resolve(
        new Set(
          String(stdout)
            .split('\0')
            .filter((p) => p !== ''),
        ),
      );
    });
    // Outside a work tree git exits before reading a list longer than the pipe holds: the write
    // then fails with EPIPE, which the callback above has already answered.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(files.join('\0'));
  });
}

/**
 * The file's text, read without following a symbolic link; `{reason}` for a file that is left
 * alone on purpose (not UTF-8); null when missing, unreadable, binary, too large or behind a link.
 */
async function readSource(root: string, rel: string): Promise<string | { reason: string } | null> {
  const bytes = await readBytesInsideCheckout(root, rel, MAX_FILE_BYTES);
  if (bytes === null || bytes.includes(0)) return null;
  const text = decodeUtf8(bytes);
  return text === null ? { reason: 'not valid UTF-8: left alone' } : text;
}

/** The `limit` files with the most undocumented functions (ties by path), in path order. */
async function mostUndocumented(sources: ReadonlyMap<string, string>, files: readonly string[], limit: number): Promise<string[]> {
  const counted: { rel: string; n: number }[] = [];
  for (const rel of files) {
    const source = sources.get(rel);
    if (source === undefined) continue;
    const fns = await extractWithTreeSitter(source, languageOfPath(rel)!, rel);
    const n = fns.filter((f) => f.docstring === null).length;
    if (n > 0) counted.push({ rel, n });
  }
  counted.sort((a, b) => b.n - a.n || (a.rel < b.rel ? -1 : 1));
  return counted
    .slice(0, Math.max(0, limit))
    .map((c) => c.rel)
    .sort();
}
