import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { AnalysisOnly, AnalysisReport, AnalysisResult, FunctionAnalysisEntry } from '@docent/contracts';
import { CYTHON_PATH } from '../functions/cython.ts';
import { extractWithoutParser, PARSEABLE_LANGUAGES } from '../functions/index.ts';
import { languageIndex } from '../languages/data.ts';
import {
  classifyFile,
  combineGitAttributes,
  isBinary,
  languageShares,
  parseGitAttributesAt,
  type GitAttributes,
} from '../languages/index.ts';
import { gitBlobId } from './blob-id.ts';
import { AnalysisCache, analyzerSourceVersion, type FileRecord } from './cache.ts';
import type { BlameSummary, DocHistoryVerdict } from './history-types.ts';
import { resolveCacheDir } from './cache-dir.ts';
import { readmeInWorker, type ReadmeOutcome } from './readme-thread.ts';
import { docNoun, promoteJudged, summarizeFunctions, toEntry } from './entries.ts';
import { hydrateFunctions, needsSource } from './function-content.ts';
import { AnalysisAbortedError, InvalidRepositoryError, throwIfAborted } from './errors.ts';
import {
  DEFAULT_HISTORY_DEPTH,
  headBlobIds,
  historyScope,
  prefetchHistory,
  traceHistory,
  type HistoryPrefetch,
  type HistoryTarget,
} from './history.ts';
import { BlobBatch } from './blob-batch.ts';
import {
  changedAfterDoc,
  wholeCommit,
  createMergeResolver,
  judgeFileHistory,
  MERGE_RESOLUTION_PATH_READS,
  mergesAmong,
  windowCommitsByFile,
} from './doc-history.ts';
import { listRepositoryFiles } from './list-files.ts';
import { projectKey } from './project-key.ts';
import { MAX_PARSE_BYTES, quickOutcome } from './parse-file.ts';
import { createProgress } from './progress.ts';
import { RepoReader } from './safe-read.ts';
import { isTestFile, isUnderDocsDirectory } from './test-files.ts';
import type { FileFacts, ParseOutcome } from './types.ts';
import { ParseScheduler } from './parse-scheduler.ts';
import { versionParser, type ParseVersion } from './version-parser.ts';
import { resolveLlm, type LlmConfig, type LlmProvider } from '../llm/provider.ts';
import { judgeReview } from '../llm/judge.ts';
import { describeFinding } from '../functions/findings.ts';
import { readmeInputsKey } from '../readme/inputs.ts';

export interface AnalyzeOptions {
  /** restrict the work to one card: languages → no parsing; readme → only the README; basicDoc/advancedDoc → functions */
  only?: AnalysisOnly;
  /** outdated-by-history from git; default true in a git work tree (not run for `only: 'basicDoc'`) */
  gitHistory?: boolean;
  /** newest commits read for the history check (default 1000; 0 = the whole history) */
  historyDepth?: number;
  /** percent 0–100 and a short message, called as work completes */
  onProgress?: (percent: number, message: string) => void;
  /** overrides DOCENT_CACHE_DIR / the user's cache directory */
  cacheDir?: string;
  /** parse worker threads (capped at os.availableParallelism()) */
  workers?: number;
  /** aborting terminates workers and git, and rejects with an AbortError */
  signal?: AbortSignal;
  /**
   * An LLM provider (src/llm) or its configuration: scores the README's interpretation and judges
   * review suggestions (promoting those the model finds wrong to OUTDATED). Absent or `none`: no model.
   */
  llm?: LlmProvider | LlmConfig;
  /** review suggestions an LLM judges per analysis at most (default 200; answers are cached) */
  maxJudged?: number;
}

/** How many bytes are decoded for language detection (Linguist looks at the start of a file). */
const SAMPLE_BYTES = 64 * 1024;
const BINARY_SNIFF_BYTES = 8000;
/** Review suggestions an LLM judges per analysis by default, and how many requests run at once. */
const DEFAULT_MAX_JUDGED = 200;
const JUDGE_REQUESTS = 4;
/** Files whose history is judged at once (doc-history.ts waits on git between parses). */
const JUDGE_CONCURRENCY = 8;

/** git processes reading a cold analysis' history window at once (one per core, up to this). */
const HISTORY_SLICES_MAX = 4;

const decoder = new TextDecoder('utf-8', { fatal: false });

/**
 * Analyses the repository in `dir`: languages, functions and their documentation, README.
 * Bad input (missing path, not a directory) throws InvalidRepositoryError; abort rejects with an
 * AbortError (name 'AbortError').
 */
export async function analyzeRepository(dir: string, options: AnalyzeOptions = {}): Promise<AnalysisResult> {
  const started = performance.now();
  const { only, signal } = options;
  const llm = resolveLlm(options.llm);
  const progress = createProgress(options.onProgress);
  const timings = createTimings();
  throwIfAborted(signal);
  /** the parse phase's scheduler: its warm workers parse old versions in the history pass, then stop */
  let parsePool: ParseScheduler | null = null;

  let stat: fs.Stats;
  try {
    stat = fs.statSync(dir);
  } catch {
    throw new InvalidRepositoryError(`No such directory: ${dir}`);
  }
  if (!stat.isDirectory()) throw new InvalidRepositoryError(`Not a directory: ${dir}`);

  const wantLanguages = !only || only === 'languages';
  const wantFunctions = !only || only === 'basicDoc' || only === 'advancedDoc';
  const wantReadme = !only || only === 'readme';

  progress.phase(0, 'Listing files');
  const reader = new RepoReader(dir);
  const listingPending = listRepositoryFiles(dir, signal);
  listingPending.catch(() => undefined); // awaited below
  // The folder's pack loads while git lists the files.
  let cache: AnalysisCache | null = null;
  if (wantLanguages || wantFunctions) {
    cache = new AnalysisCache(resolveCacheDir(options.cacheDir), fs.realpathSync(dir), analyzerSourceVersion());
    cache.load();
  }
  // Which project the folder belongs to, when the cache does not know yet: on a folder's first
  // analysis another clone of the project may already hold every result.
  const project = cache && (cache.size === 0 || !cache.knownProject) ? projectKey(dir, signal) : Promise.resolve(null);
  const listing = await listingPending;
  timings.mark('list files, load cache');
  const wantHistory = wantFunctions && only !== 'basicDoc' && listing.git && options.gitHistory !== false;
  const headBlobs = wantHistory ? headBlobIds(dir, signal) : Promise.resolve(new Map<string, string>());
  headBlobs.catch(() => undefined);
  throwIfAborted(signal);

  const stats = { files: 0, bytes: 0, parsedFiles: 0, cachedFiles: 0, skippedFiles: 0, testFunctions: 0, durationMs: 0 };
  const facts: FileFacts[] = [];
  const functionFiles = new Map<string, FileRecord>();
  // Text of each parseable file as read (keyed with its blob id), to restore function code from.
  // The report's function code is sliced from these strings, so keeping them costs no extra peak.
  const sources = new Map<string, { blobId: string; text: string }>();
  const historyDepth = options.historyDepth ?? DEFAULT_HISTORY_DEPTH;
  let prefetch: HistoryPrefetch | null = null;

  if (cache) {
    const { attrs, attrsKey } = readGitAttributes(reader, listing.files);
    // A folder's first analysis: take what another clone of the project already computed.
    if (cache.size === 0) {
      const key = await project;
      if (key) cache.joinProject(key);
    }
    timings.mark('.gitattributes, project');
    // First analysis of this folder and nothing to share: every documented function needs
    // history, so git reads it now, on the other cores, while this thread reads and parses.
    if (wantHistory && historyDepth > 0 && cache.size === 0 && !cache.sharing) {
      prefetch = prefetchHistory(
        dir,
        historyDepth,
        signal,
        Math.min(HISTORY_SLICES_MAX, os.availableParallelism()),
        historyScope(listing.files, extensionHasFunctions),
      );
    }
    cache.retainOnly(new Set(listing.files));

    const workers = Math.max(1, Math.min(os.availableParallelism(), options.workers ?? os.availableParallelism()));
    let toParse = 0;
    let parsed = 0;
    const onOutcome = (outcome: ParseOutcome): void => {
      parsed++;
      const record = functionFiles.get(outcome.rel);
      if (record && cache) {
        record.functions = outcome.functions;
        if (outcome.error) record.parseError = outcome.error;
        else delete record.parseError;
        // Unread or crashed (no blob id): maybe transient, so the next run tries again.
        if (outcome.blobId === null) record.retry = true;
        else delete record.retry;
        if (outcome.blobId) record.facts = { ...record.facts, blobId: outcome.blobId };
        cache.set(outcome.rel, record);
      }
      if (outcome.error) stats.skippedFiles++;
      if (readDone) progress.phase(20 + (65 * parsed) / Math.max(1, toParse), `Parsed ${parsed}/${toParse} files`);
    };
    const pool = wantFunctions ? new ParseScheduler(reader, workers, onOutcome, signal) : null;
    parsePool = pool;
    let readDone = false;
    try {
      progress.phase(5, `Reading ${listing.files.length} files`);
      let index = 0;
      for (const rel of listing.files) {
        if (++index % 64 === 0) {
          throwIfAborted(signal);
          progress.phase(5 + (15 * index) / listing.files.length, `Read ${index}/${listing.files.length} files`);
          // Let worker replies and abort events in while the main thread reads.
          await new Promise<void>((resolve) => setImmediate(resolve));
        }
        const file = reader.read(rel, MAX_PARSE_BYTES + 1);
        if (!file) {
          stats.skippedFiles++;
          continue;
        }
        stats.files++;
        stats.bytes += file.size;
        const large = file.size > MAX_PARSE_BYTES;
        const blobId = large ? null : gitBlobId(file.bytes);
        const previous = cache.get(rel);
        let record: FileRecord;
        // Decoded once: a small file's text is also its language sample.
        let text: string | undefined;
        if (previous && blobId && previous.facts.blobId === blobId && previous.attrs === attrsKey) {
          record = previous;
        } else {
          if (file.size <= SAMPLE_BYTES && !isBinary(file.bytes.subarray(0, BINARY_SNIFF_BYTES))) text = decoder.decode(file.bytes);
          record = { facts: classify(rel, file.bytes, file.size, blobId, attrs, text), attrs: attrsKey };
          if (blobId) cache.set(rel, record);
        }
        facts.push({ rel, ...record.facts });
        if (record.facts.binary || large) stats.skippedFiles++;
        if (!pool || !blobId || !parseable(rel, record.facts)) continue;

        functionFiles.set(rel, record);
        text ??= decoder.decode(file.bytes);
        sources.set(rel, { blobId, text });
        const language = functionLanguage(record.facts.language!);
        if (Array.isArray(record.functions) && !record.retry) {
          stats.cachedFiles++;
          continue;
        }
        const shared = cache.getShared(blobId, language);
        if (shared) {
          record.functions = shared.functions;
          if (shared.blame) record.blame = shared.blame; // used only if its key (blob, HEAD blob, depth) matches
          cache.set(rel, record);
          stats.cachedFiles++;
          continue;
        }
        toParse++;
        // Files a scanner handles (most Python) are done here, on the text already read.
        const quick = CYTHON_PATH.test(rel) ? null : quickOutcome({ rel, language, blobId }, text, extractWithoutParser);
        if (quick) onOutcome(quick);
        else pool.push({ rel, language, blobId }, file.size);
      }
      readDone = true;
      timings.mark('read, hash, classify');
      stats.parsedFiles = toParse;
      if (pool && toParse > 0) {
        progress.phase(20 + (65 * parsed) / toParse, `Parsed ${parsed}/${toParse} files`);
        await pool.finish();
      }
    } catch (error) {
      prefetch?.cancel(); // git must not outlive a failed analysis
      await pool?.terminate();
      throw error;
    }
    timings.mark('parse');
  }
  // Without history the workers have nothing left to do.
  if (!wantFunctions || !wantHistory || signal?.aborted) await parsePool?.terminate();
  throwIfAborted(signal);

  // The README card needs no git history: started now, it runs while git finishes (on a first
  // analysis this thread would otherwise wait for it).
  if (wantReadme && !wantLanguages && !wantFunctions) stats.files = listing.files.length;
  const readmePending = wantReadme ? readmeOutcome(dir, listing.files, facts, cache, llm, signal) : null;
  readmePending?.catch(() => undefined); // awaited below; this only keeps an early failure from being unhandled

  // Function entries, with the git-history verdict for documented functions.
  let entries: FunctionAnalysisEntry[] = [];
  const judgeable: Array<{ entry: FunctionAnalysisEntry; before: string | null }> = [];
  if (wantFunctions) {
    let history: Map<string, Array<DocHistoryVerdict | null>>;
    try {
      const textOf = (rel: string, record: FileRecord): string | null => {
        const source = sources.get(rel);
        return source && source.blobId === record.facts.blobId ? source.text : sourceText(reader, rel, record.facts.blobId);
      };
      history = wantHistory
        ? await runHistory({
            root: dir,
            files: functionFiles,
            headBlobs: await headBlobs,
            cache: cache!,
            progress,
            signal,
            depth: historyDepth,
            prefetch,
            textOf,
            parseVersion: versionParser(parsePool?.workerPool ?? null, signal),
            timings,
          })
        : new Map();
    } finally {
      prefetch?.cancel();
      await parsePool?.terminate();
    }
    timings.mark('git history');
    for (const [rel, record] of [...functionFiles].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
      const language = functionLanguage(record.facts.language!);
      const explanations = history.get(rel);
      const stored = record.functions ?? [];
      const isTest = isTestFile(rel);
      const source = sources.get(rel);
      const text = !needsSource(stored)
        ? null
        : source && source.blobId === record.facts.blobId
          ? source.text
          : sourceText(reader, rel, record.facts.blobId);
      sources.delete(rel);
      hydrateFunctions(text, stored).forEach((fn, i) => {
        const verdict = explanations?.[i] ?? null;
        const entry = toEntry(fn, rel, language, verdict, isTest);
        entries.push(entry);
        if (llm.enabled && entry.reviewSuggestion) judgeable.push({ entry, before: verdict?.review?.before ?? null });
      });
    }
    if (judgeable.length > 0) await judgeReviews(judgeable, llm, options.maxJudged ?? DEFAULT_MAX_JUDGED, progress, signal);
  }
  throwIfAborted(signal);

  timings.mark('function entries');
  const report: AnalysisReport = {};
  const result: AnalysisResult = { report, functions: [], stats };
  if (wantLanguages) {
    progress.phase(85, 'Computing language shares');
    report.programmingLanguages = languageShares(
      facts.map((f) => ({ language: f.language, bytes: f.size, countsForLanguages: f.countsForLanguages })),
    );
  }
  if (wantFunctions) {
    const figures = summarizeFunctions(entries);
    // The documented share leaves trivial docs out; they are reported apart (docs/metrics/functions.md).
    report.basicFuncDocAnalysis = { totalFunctions: figures.totalFunctions, totalDocumented: figures.totalDocumented };
    if (figures.trivialDocs > 0) report.basicFuncDocAnalysis.trivialDocs = figures.trivialDocs;
    if (only !== 'basicDoc')
      report.advancedFuncDocAnalysis = { outdatedDocCount: figures.outdatedDocCount, urgentDocCount: figures.urgentDocCount };
    result.docMetrics = figures.docMetrics;
    stats.testFunctions = figures.testFunctions;
    result.functions = entries;
    entries = [];
  }
  // One write of the cache per analysis, also when the README step fails.
  try {
    if (readmePending) {
      progress.phase(95, 'Analysing README');
      const readme = await readmePending;
      report.readmeAnalysis = readme.analysis;
      result.readmeSuggestion = readme.suggestion;
      result.readmeContent = readme.content;
    }
    timings.mark('readme');
  } finally {
    if (cache && !cache.knownProject) {
      const key = await project;
      if (key) cache.joinProject(key);
    }
    await cache?.flush();
    timings.mark('write cache');
  }
  throwIfAborted(signal);
  stats.durationMs = Math.round(performance.now() - started);
  progress.phase(100, 'Analysis complete');
  timings.report();
  return result;
}

/**
 * The README card, from the cache when its inputs are unchanged: the README, the file list
 * (links), linked text files and root manifests. With an LLM configured it is always recomputed.
 */
async function readmeOutcome(
  dir: string,
  files: readonly string[],
  facts: readonly FileFacts[],
  cache: AnalysisCache | null,
  llm: LlmProvider,
  signal: AbortSignal | undefined,
): Promise<ReadmeOutcome> {
  const key = cache && !llm.enabled ? readmeInputsKey(path.basename(path.resolve(dir)), files, facts) : null;
  const cached = key ? (cache!.getReadme(key) as ReadmeOutcome | undefined) : undefined;
  if (cached && typeof cached === 'object' && cached.analysis) return cached;
  // Without an LLM on its own thread: its synchronous parse would stall the history pass here.
  let outcome = llm.enabled ? null : await readmeInWorker(dir, files, signal);
  if (!outcome) {
    // Loaded on demand: remark/retext and the spelling dictionary cost ~0.5 s a process.
    const { analyzeReadme } = await import('../readme/index.ts');
    const fresh = await analyzeReadme(dir, files, { llm, ...(signal ? { signal } : {}) });
    outcome = { analysis: fresh.analysis, content: fresh.content, suggestion: fresh.suggestion };
  }
  if (key) cache!.setReadme(key, outcome);
  return outcome;
}

/**
 * Asks the LLM, for each review suggestion (newest changes first, at most `max`), whether the
 * change made the doc wrong; a yes promotes the function to OUTDATED (entries.ts promoteJudged).
 * A failed or unusable answer leaves the suggestion as it was.
 */
async function judgeReviews(
  items: Array<{ entry: FunctionAnalysisEntry; before: string | null }>,
  llm: LlmProvider,
  max: number,
  progress: ReturnType<typeof createProgress>,
  signal: AbortSignal | undefined,
): Promise<void> {
  const chosen = [...items]
    .sort((a, b) =>
      a.entry.reviewSuggestion!.date < b.entry.reviewSuggestion!.date
        ? 1
        : a.entry.reviewSuggestion!.date > b.entry.reviewSuggestion!.date
          ? -1
          : 0,
    )
    .slice(0, Math.max(0, max));
  let done = 0;
  let next = 0;
  progress.phase(90, `Asking ${llm.model} about ${chosen.length} changed functions`);
  await Promise.all(
    Array.from({ length: Math.min(JUDGE_REQUESTS, chosen.length) }, async () => {
      while (next < chosen.length) {
        const { entry, before } = chosen[next++]!;
        const review = entry.reviewSuggestion!;
        const verdict = await judgeReview(
          llm,
          {
            language: entry.languageType,
            name: entry.name,
            doc: entry.docstring ?? '',
            before,
            after: entry.content,
            changes: review.findings.map((f) => describeFinding(f, docNoun(entry.languageType))).join('; '),
          },
          signal,
        );
        if (verdict?.outdated) promoteJudged(entry, verdict.reason, llm.model);
        progress.phase(90 + (4 * ++done) / chosen.length, `Judged ${done}/${chosen.length} changed functions`);
      }
    }),
  );
}

/** The file's text, provided it is still the content that was parsed (same blob id). */
function sourceText(reader: RepoReader, rel: string, blobId: string | null): string | null {
  const file = reader.read(rel, MAX_PARSE_BYTES + 1);
  if (!file || file.size > MAX_PARSE_BYTES || gitBlobId(file.bytes) !== blobId) return null;
  return decoder.decode(file.bytes);
}

/** Phase timings on stderr when DOCENT_TIMINGS=1 (see docs/performance.md). */
interface Timings {
  mark(label: string): void;
  report(): void;
}

function createTimings(): Timings {
  if (process.env.DOCENT_TIMINGS !== '1') return { mark: () => undefined, report: () => undefined };
  const rows: string[] = [];
  let last = performance.now();
  // Beside the wall time, this process's CPU (all its threads, not git's: docs/performance.md,
  // "Session 28"), which a loaded machine does not inflate as much.
  let lastCpu = process.cpuUsage();
  return {
    mark(label) {
      const now = performance.now();
      const cpu = process.cpuUsage(lastCpu);
      rows.push(`${(now - last).toFixed(0).padStart(7)} ms  ${((cpu.user + cpu.system) / 1000).toFixed(0).padStart(6)} ms CPU  ${label}`);
      last = now;
      lastCpu = process.cpuUsage();
    },
    report() {
      process.stderr.write(`docent timings:\n${rows.join('\n')}\n`);
    },
  };
}

/**
 * Parse only what is counted (docs/metrics.md, "Which files are analysed"): supported language, text, not vendored/generated/docs.
 * "Docs" is what Linguist calls documentation (`examples/`, `demos/`, `samples/`, `docs/` at the
 * root, `Documentation/` anywhere, `linguist-documentation` in .gitattributes), the same paths the
 * language bar leaves out, plus any `doc`/`docs` folder.
 */
/**
 * The language a file's functions are read and judged in: Cython's as Python (its declarations
 * rewritten where they are parsed: functions/cython.ts), every other as classified.
 */
function functionLanguage(language: string): string {
  return language === 'Cython' ? 'Python' : language;
}

/** Some language with functions uses this (lower-cased) extension: its history may be needed. */
function extensionHasFunctions(extension: string): boolean {
  return (
    languageIndex()
      .byExtension.get(extension)
      ?.some((language) => PARSEABLE_LANGUAGES.has(language.name)) ?? false
  );
}

function parseable(rel: string, facts: Omit<FileFacts, 'rel'>): boolean {
  return (
    !!facts.language &&
    PARSEABLE_LANGUAGES.has(facts.language) &&
    !facts.binary &&
    !facts.vendored &&
    !facts.generated &&
    !facts.documentation &&
    !isUnderDocsDirectory(rel)
  );
}

/** `text`: the whole file decoded, when the caller has it (then it is not binary and fits the sample). */
function classify(
  rel: string,
  bytes: Uint8Array,
  size: number,
  blobId: string | null,
  attrs: GitAttributes | undefined,
  text?: string,
): Omit<FileFacts, 'rel'> {
  const binary = text === undefined && isBinary(bytes.subarray(0, BINARY_SNIFF_BYTES));
  const sample = text ?? (binary ? '' : decoder.decode(bytes.subarray(0, SAMPLE_BYTES)));
  const cls = classifyFile(rel, sample, size, attrs);
  return {
    size,
    blobId,
    language: cls.language,
    type: cls.type,
    vendored: cls.vendored,
    generated: cls.generated,
    documentation: cls.documentation,
    countsForLanguages: cls.countsForLanguages,
    binary,
  };
}

/** Every .gitattributes in the listing, shallow first, combined; the key changes when any of them does. */
function readGitAttributes(reader: RepoReader, files: readonly string[]): { attrs: GitAttributes | undefined; attrsKey: string } {
  const found = files
    .filter((rel) => rel === '.gitattributes' || rel.endsWith('/.gitattributes'))
    .sort((a, b) => a.split('/').length - b.split('/').length || (a < b ? -1 : 1));
  const hash = createHash('sha1');
  const parsed: GitAttributes[] = [];
  for (const rel of found) {
    const file = reader.read(rel, MAX_PARSE_BYTES);
    if (!file) continue;
    const text = decoder.decode(file.bytes);
    hash.update(rel).update('\0').update(text).update('\0');
    parsed.push(parseGitAttributesAt(text, rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : ''));
  }
  return { attrs: parsed.length > 0 ? combineGitAttributes(parsed) : undefined, attrsKey: hash.digest('hex').slice(0, 16) };
}

/**
 * Traces the history of every committed file that has documented functions and judges what
 * changed after each doc (doc-history.ts), reusing cached summaries and verdicts keyed by the
 * file's blob id, its HEAD blob id and the depth. Returns, per file, one verdict (or null) per
 * function.
 */
interface HistoryRun {
  root: string;
  /** the files with functions, by path */
  files: ReadonlyMap<string, FileRecord>;
  /** each committed file's blob id at HEAD */
  headBlobs: ReadonlyMap<string, string>;
  cache: AnalysisCache;
  progress: ReturnType<typeof createProgress>;
  signal: AbortSignal | undefined;
  /** how many commits back the history is read */
  depth: number;
  prefetch: HistoryPrefetch | null;
  /** a file's text at its recorded blob, or null when it cannot be read */
  textOf: (rel: string, record: FileRecord) => string | null;
  parseVersion: ParseVersion;
  timings: Timings;
}

async function runHistory(run: HistoryRun): Promise<Map<string, Array<DocHistoryVerdict | null>>> {
  const { root, files, headBlobs, cache, progress, signal, depth, prefetch, textOf, parseVersion, timings } = run;
  const verdicts = new Map<string, Array<DocHistoryVerdict | null>>();
  const keys = new Map<string, string>();
  const targets: HistoryTarget[] = [];
  const toJudge: string[] = [];
  for (const [rel, record] of files) {
    const head = headBlobs.get(rel);
    if (!head || !record.facts.blobId) continue; // untracked: no history to compare
    // Test functions are counted, not judged (docs/metrics.md, "Test-file rule"): no figure or list shows their verdicts.
    if (isTestFile(rel)) continue;
    const documented = (record.functions ?? []).filter(
      (fn) => fn.docstring !== null && fn.docStartLine !== null && fn.docEndLine !== null && fn.outdated.status !== 'OUTDATED',
    );
    if (documented.length === 0) continue;
    const key = `${record.facts.blobId}:${head}:${depth}`;
    if (record.blame?.key === key && Array.isArray(record.blame.runs) && Array.isArray(record.blame.commits)) {
      if (Array.isArray(record.blame.verdicts)) verdicts.set(rel, record.blame.verdicts);
      else toJudge.push(rel);
      continue;
    }
    const ranges = documented.map((fn): [number, number] => [
      Math.min(fn.startLine, fn.docStartLine!),
      Math.max(fn.endLine, fn.docEndLine!),
    ]);
    keys.set(rel, key);
    targets.push({ rel, lineCount: Math.max(...ranges.map((r) => r[1])), ranges, dirty: record.facts.blobId !== head });
  }
  // A cold analysis of many files: the window's commits per file, which naming the commit behind
  // a merged change needs, are read by git beside the line walk instead of after it (Twisted:
  // ~0.3 s the comparisons waited for). Unused when the walk names no merge.
  const windowWide =
    prefetch && prefetch.depth === depth && targets.length > MERGE_RESOLUTION_PATH_READS
      ? prefetch.result.then((read) => (read ? windowCommitsByFile(root, read.boundary?.[0] ?? null, [], signal) : null))
      : null;
  if (targets.length > 0) {
    progress.phase(85, `Reading git history for ${targets.length} files`);
    let summaries: Map<string, BlameSummary>;
    try {
      summaries = await traceHistory(root, targets, (t) => keys.get(t.rel)!, { depth, signal, prefetch });
    } catch (error) {
      if (signal?.aborted) throw new AnalysisAbortedError();
      summaries = new Map(); // git failed: functions keep their signature verdicts
      void error;
    }
    for (const [rel, summary] of summaries) {
      const record = files.get(rel)!;
      record.blame = summary;
      cache.set(rel, record);
      toJudge.push(rel);
    }
  }
  timings.mark('git history: line walk');
  if (toJudge.length === 0) return verdicts;
  // Which documented functions changed after their doc, and how: old versions are read back only for those.
  const stale = toJudge.filter((rel) => {
    const record = files.get(rel)!;
    // …or that one commit dated wholly, which may have moved them (doc-history.ts movedFunctions).
    return (record.functions ?? []).some(
      (fn) =>
        fn.docstring !== null &&
        fn.outdated.status !== 'OUTDATED' &&
        (changedAfterDoc(record.blame!, fn) !== null || wholeCommit(record.blame!, fn) !== null),
    );
  });
  if (stale.length > 0) progress.phase(88, `Comparing ${stale.length} files with the versions their docs were written for`);
  const walked = stale.flatMap((rel) => files.get(rel)!.blame!.commits);
  // The window's boundary ('^abc…' in the walk's commits), or none when the walk read all history.
  const boundary = walked.find(([sha]) => sha.length > 1 && sha.startsWith('^'))?.[0].slice(1) ?? null;
  const mergeCommits = await mergesAmong(
    root,
    walked.map((c) => c[0]),
    signal,
  );
  const merges = createMergeResolver(root, mergeCommits, boundary, signal, mergeCommits.size > 0 ? windowWide : null);
  const blobs = new BlobBatch(root);
  try {
    const staleSet = new Set(stale);
    const judge = async (rel: string): Promise<void> => {
      throwIfAborted(signal);
      const record = files.get(rel)!;
      const stored = record.functions ?? [];
      let list: Array<DocHistoryVerdict | null> = stored.map(() => null);
      if (staleSet.has(rel)) {
        const text = textOf(rel, record);
        if (text === null) return; // changed on disk meanwhile: judged next time
        const language = functionLanguage(record.facts.language ?? '');
        list = await judgeFileHistory(
          { root, rel, language, noun: docNoun(language), blobs, merges, signal, parse: parseVersion },
          record.blame!,
          hydrateFunctions(text, stored),
          text,
        );
      }
      record.blame!.verdicts = list;
      cache.set(rel, record);
      verdicts.set(rel, list);
    };
    // Several files at once: while one waits for git (old versions, pickaxe), another is parsed.
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(JUDGE_CONCURRENCY, toJudge.length) }, async () => {
        while (next < toJudge.length) await judge(toJudge[next++]!);
      }),
    );
    // Verdicts naming a merge get the branch's commit now (the objects stored above are patched).
    await merges.settled();
  } finally {
    blobs.close();
  }
  timings.mark(`git history: ${stale.length} files compared with their docs' versions`);
  return verdicts;
}
