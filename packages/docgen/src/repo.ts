import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { extractWithTreeSitter, parseGitAttributes, signatureFactsOf, type LlmProvider } from '@docent/analyzer';
import { unifiedDiff } from './diff.ts';
import { gateFile } from './gate.ts';
import { generateFile, type Outcome } from './generate.ts';
import { addToIndex, emptyIndex, type RepoIndex } from './ground.ts';
import { languageOfPath, resolveConfig, type StyleConfig } from './languages.ts';
import { readBytesInsideCheckout, throughSymlink } from './safe-write.ts';
import { buildOutputDirs, decodeUtf8, foreignNamespaceCopies, pythonLineLimit, skipReason } from './safety.ts';

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
        : skipReason(rel, read, attrs);
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
  // A copy of another library in the project's own folder (C#: another root namespace) is vendored code too.
  const copies = foreignNamespaceCopies(sources);
  for (const rel of kept.filter((r) => copies.has(r)))
    summary.leftAlone.push({ path: rel, reason: "vendored code (another library's namespace)" });
  // The repository's own words: every readable file's docs feed the grounding, touched or not.
  const index = await buildIndex(sources, options.signal);
  files = kept.filter((r) => !copies.has(r));
  if (options.fileLimit !== undefined) files = await mostUndocumented(sources, files, options.fileLimit);
  const changes: FileChange[] = [];
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
      ...(options.includeInherited ? { includeInherited: true } : {}),
      ...(options.explain ? { explain: true } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    };
    let result = await generateFile(before, language, rel, config, { ...common, ...(llm ? { llm } : {}) });
    for (const s of result.staleParams) summary.staleParams.push({ path: rel, ...s });
    for (const n of result.needsSummary) summary.needsSummary.push({ path: rel, ...n });
    if (result.edits.length === 0) {
      summary.skipped += result.outcomes.filter((o) => o.action === 'skipped').length;
      continue;
    }
    let verdict = await gateFile(result, language, rel, config, before, common);
    if (!verdict.ok && result.outcomes.some((o) => o.action !== 'skipped' && o.prose === 'model')) {
      // The model's prose broke the gate: the file falls back to the deterministic text.
      const plain = await generateFile(before, language, rel, config, common);
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
    // The diff keeps a CRLF file's \r on every line, its own and the added ones.
    const cr = before.includes('\r\n') ? '\r' : '';
    const edits = result.edits.map((e) => ({ ...e, lines: e.lines.map((l) => l + cr) }));
    const oldLines = raw.split('\n');
    changes.push({
      path: rel,
      language,
      before: raw,
      after: bom + result.output,
      diff: unifiedDiff(rel, oldLines, edits),
      outcomes: result.outcomes,
      style: result.style,
    });
  }
  options.onProgress?.(files.length, files.length, '');
  return { changes, diff: changes.map((c) => c.diff).join(''), summary };
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
