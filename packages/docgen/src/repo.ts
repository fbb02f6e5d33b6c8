import fs from 'node:fs/promises';
import path from 'node:path';
import { extractWithTreeSitter, type LlmProvider } from '@docent/analyzer';
import { unifiedDiff } from './diff.ts';
import { gateFile } from './gate.ts';
import { generateFile, type Outcome } from './generate.ts';
import { languageOfPath, resolveConfig, type StyleConfig } from './languages.ts';
import { readInsideCheckout, throughSymlink, writeInsideCheckout } from './safe-write.ts';

export interface RepoOptions {
  /** per language name: style and max line length (missing = the language's defaults) */
  configs?: Record<string, Partial<StyleConfig>>;
  /** only these paths (relative, '/'-separated) */
  files?: readonly string[];
  /** at most this many files are changed: the most undocumented first (the free plan's limit) */
  fileLimit?: number;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number, file: string) => void;
  /** optional LLM enrichment of the prose (DOCGEN.md §Pipeline step 4); absent or `none`: deterministic */
  llm?: LlmProvider;
}

export interface FileChange {
  path: string;
  language: string;
  before: string;
  after: string;
  diff: string;
  outcomes: Outcome[];
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
  };
}

const SKIP_DIRS = new Set(['.git', 'node_modules', 'vendor', 'dist', 'build', '.venv', 'venv', '__pycache__', 'third_party', '.tox', 'site-packages']);
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
  // Named files reached through a symbolic link (a folder a push turned into one) are neither
  // read nor written: listed in the summary (listSourceFiles never enters a link).
  const unsafePaths: string[] = [];
  if (options.files) {
    const safe: string[] = [];
    for (const f of files) (await throughSymlink(root, f) ? unsafePaths : safe).push(f);
    files = safe;
  }
  if (options.fileLimit !== undefined) files = await mostUndocumented(root, files, options.fileLimit);
  const changes: FileChange[] = [];
  const llm = options.llm?.enabled ? options.llm : undefined;
  const summary: RepoResult['summary'] = { documented: 0, updated: 0, skipped: 0, files: 0, gateFailures: [], staleParams: [], modelProse: 0, model: llm?.model ?? null, unsafePaths };
  for (let i = 0; i < files.length; i++) {
    options.signal?.throwIfAborted();
    const rel = files[i]!;
    options.onProgress?.(i, files.length, rel);
    const language = languageOfPath(rel)!;
    const before = await readSource(root, rel);
    if (before === null) continue;
    const config = resolveConfig(language, options.configs?.[language]);
    let result = await generateFile(before, language, rel, config, { ...(llm ? { llm } : {}), ...(options.signal ? { signal: options.signal } : {}) });
    for (const s of result.staleParams) summary.staleParams.push({ path: rel, ...s });
    if (result.edits.length === 0) {
      summary.skipped += result.outcomes.filter((o) => o.action === 'skipped').length;
      continue;
    }
    let verdict = await gateFile(result, language, rel, config);
    if (!verdict.ok && result.outcomes.some((o) => o.action !== 'skipped' && o.prose === 'model')) {
      // The model's prose broke the gate: the file falls back to the deterministic text.
      const plain = await generateFile(before, language, rel, config);
      const plainVerdict = await gateFile(plain, language, rel, config);
      if (plainVerdict.ok) {
        result = { ...plain, outcomes: plain.outcomes.map((o) => (o.action === 'skipped' ? o : { ...o, prose: 'deterministic' as const, rejected: ['the quality gate refused the model\'s text'] })) };
        verdict = plainVerdict;
      }
    }
    if (!verdict.ok) {
      summary.gateFailures.push(...verdict.problems);
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
    changes.push({ path: rel, language, before, after: result.output, diff: unifiedDiff(rel, before.split('\n'), edits), outcomes: result.outcomes });
  }
  options.onProgress?.(files.length, files.length, '');
  return { changes, diff: changes.map((c) => c.diff).join(''), summary };
}

/** A source file of the checkout itself: null when missing, too large, binary or behind a symbolic link. */
async function readSource(root: string, rel: string): Promise<string | null> {
  const text = await readInsideCheckout(root, rel, MAX_FILE_BYTES);
  return text === null || text.includes('\0') ? null : text;
}

/** The `limit` files with the most undocumented functions (ties by path), in path order. */
async function mostUndocumented(root: string, files: readonly string[], limit: number): Promise<string[]> {
  const counted: { rel: string; n: number }[] = [];
  for (const rel of files) {
    const source = await readSource(root, rel);
    if (source === null) continue;
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

/**
 * Writes the changed files back, each through writeInsideCheckout: a path reached through a
 * symbolic link (a folder a later commit turned into one) throws UnsafePathError and nothing
 * is written there.
 */
export async function writeChanges(root: string, changes: readonly FileChange[]): Promise<void> {
  for (const c of changes) await writeInsideCheckout(root, c.path, c.after);
}
