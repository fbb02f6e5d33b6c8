import type { AnalyzeOptions, LlmProvider } from '@docent/analyzer';
import type { generateDocSet, RepoOptions } from '@docent/docgen';
import type { SyncOptions } from '../vendors/git/client.ts';

/**
 * The CPU-heavy calls of the job handlers, run in a worker thread by `runOffThread`
 * (off-thread.ts, docs/performance.md "Jobs off the API's event loop"). Each task is a pure call
 * of a package: it reads the checkout, and answers plain data. What cannot cross a thread is
 * given by the worker instead of the caller: the abort signal, the progress callback (forwarded
 * to the caller as messages) and the LLM provider (a stand-in that asks the caller's provider).
 * Nothing here touches the database, which lives in the main thread. Each task loads its package
 * when first run (docgen's modules are many, an analysis needs none of them).
 */
export interface TaskHooks {
  signal: AbortSignal;
  /** forwards its arguments to the caller's onProgress */
  progress: (...args: unknown[]) => void;
  /** the caller's provider seen from the worker, when the caller passed one */
  llm: LlmProvider | undefined;
}

/** Options of the analyzer that can be cloned into a worker (signal, callbacks and llm come from the hooks). */
export type AnalyzeTaskOptions = Omit<AnalyzeOptions, 'signal' | 'onProgress' | 'llm'>;
export type GenerateTaskOptions = Omit<RepoOptions, 'signal' | 'onProgress' | 'llm'>;
/** Options of a clone or fetch that can be cloned into a worker (signal and onLine come from the hooks). */
export type CheckoutTaskOptions = Omit<SyncOptions, 'signal' | 'onLine' | 'cwd'>;

/**
 * A checkout's answer: the commit, or git's failure as data (a `GitError` crossing the thread
 * would come back a plain Error, and the caller tells a refused credential by its class).
 */
export type CheckoutAnswer = { ok: true; commit: string } | { ok: false; message: string; exitCode: number | null };

export const TASKS = {
  /**
   * A job's clone or fetch (checkout.ts): git's processes, the reading of their output and the
   * size watch's walk of the checkout, every 500 ms while git runs, happen in this thread. Git's
   * progress lines go to the caller's onLine.
   */
  checkout: async (hooks: TaskHooks, source: string, dest: string, options: CheckoutTaskOptions): Promise<CheckoutAnswer> => {
    const { cloneOrFetch, GitError } = await import('../vendors/git/client.ts');
    try {
      const commit = await cloneOrFetch(source, dest, { ...options, signal: hooks.signal, onLine: (line) => hooks.progress(line) });
      return { ok: true, commit };
    } catch (err) {
      if (err instanceof GitError) return { ok: false, message: err.message, exitCode: err.exitCode };
      throw err;
    }
  },
  /**
   * The analyzer over a checkout (its parse and README workers start from this thread). The
   * function entries and their figures leave the thread already as the stored form of the
   * repository's `functions` details — gzip-compressed JSON (`repos.saveCompressedDetails`), its
   * buffer transferred, not copied — so the API's thread neither clones ~1 MB of objects nor turns
   * them into JSON, and PostgreSQL never parses them (docs/performance.md, "Jobs off the API's
   * event loop", round 6). Null for a README-only run, which keeps the stored entries.
   */
  analyze: async (hooks: TaskHooks, dir: string, options: AnalyzeTaskOptions) => {
    const { functions, docMetrics, ...rest } = await (
      await import('@docent/analyzer')
    ).analyzeRepository(dir, {
      ...options,
      signal: hooks.signal,
      onProgress: (percent, message) => hooks.progress(percent, message),
      ...(hooks.llm ? { llm: hooks.llm } : {}),
    });
    if (options.only === 'readme') return { ...rest, functionsDetails: null };
    const { gzipSync } = await import('node:zlib');
    const functionsDetails: Uint8Array = gzipSync(JSON.stringify({ functions, docMetrics: docMetrics ?? null }));
    return { ...rest, functionsDetails };
  },
  /** docstrings for a checkout, with the quality gate */
  generateRepository: async (hooks: TaskHooks, dir: string, options: GenerateTaskOptions) =>
    (await import('@docent/docgen')).generateRepository(dir, {
      ...options,
      signal: hooks.signal,
      onProgress: (done, total, file) => hooks.progress(done, total, file),
      ...(hooks.llm ? { llm: hooks.llm } : {}),
    }),
  /** an architecture / API doc set (no signal of its own: an abort ends the worker) */
  generateDocSet: async (_hooks: TaskHooks, ...[root, kind, formats, options = {}]: Parameters<typeof generateDocSet>) =>
    (await import('@docent/docgen')).generateDocSet(root, kind, formats, {
      ...options,
      // the previous set's bytes arrive as Uint8Array: the generator reads them as Buffers (an SVG's text)
      ...(options.previous
        ? { previous: { ...options.previous, files: options.previous.files.map((f) => ({ ...f, content: asBuffer(f.content) })) } }
        : {}),
    }),
};

export type TaskName = keyof typeof TASKS;
type Task<K extends TaskName> = (typeof TASKS)[K];
export type TaskArgs<K extends TaskName> = Task<K> extends (hooks: TaskHooks, ...args: infer A) => unknown ? A : never;
export type TaskResult<K extends TaskName> = Awaited<ReturnType<Task<K>>>;

/** A structured clone turns a Buffer into a plain Uint8Array: the same bytes as a Buffer again. */
function asBuffer(content: string | Uint8Array): string | Buffer {
  return typeof content === 'string' || Buffer.isBuffer(content)
    ? content
    : Buffer.from(content.buffer, content.byteOffset, content.byteLength);
}
