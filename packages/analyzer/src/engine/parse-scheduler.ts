import { extractFunctions } from '../functions/index.ts';
import { throwIfAborted } from './errors.ts';
import { parseFile } from './parse-file.ts';
import type { RepoReader } from './safe-read.ts';
import type { ParseOutcome, ParseTask } from './types.ts';
import { ParsePool } from './worker-pool.ts';

/**
 * Up to this much work is parsed on the calling thread: starting worker threads (each loads the
 * TypeScript sources and the WASM runtime) costs more than parsing a handful of changed files.
 */
const INLINE_MAX_FILES = 32;
const INLINE_MAX_BYTES = 1024 * 1024;

/**
 * Decides where files are parsed. Tasks are held back until they outgrow the inline limits; then
 * the worker pool starts at once (while the caller keeps reading files) and takes everything.
 */
export class ParseScheduler {
  private pending: Array<{ task: ParseTask; size: number }> = [];
  private pendingBytes = 0;
  private pool: ParsePool | null = null;

  constructor(
    private readonly reader: RepoReader,
    private readonly workers: number,
    private readonly onOutcome: (outcome: ParseOutcome) => void,
    private readonly signal?: AbortSignal,
  ) {}

  /** True once worker threads were started for this analysis. */
  get usesWorkers(): boolean {
    return this.pool !== null;
  }

  /** The worker pool, if one was started (alive after finish() until terminate()). */
  get workerPool(): ParsePool | null {
    return this.pool;
  }

  push(task: ParseTask, size: number): void {
    if (this.pool) {
      this.pool.push(task, size);
      return;
    }
    this.pending.push({ task, size });
    this.pendingBytes += size;
    if (this.pending.length > INLINE_MAX_FILES || this.pendingBytes > INLINE_MAX_BYTES) {
      this.pool = new ParsePool(this.reader.root, this.workers, this.onOutcome, this.signal);
      for (const item of this.pending) this.pool.push(item.task, item.size);
      this.pending = [];
    }
  }

  /** Parses what is left; resolves when every pushed task has an outcome. */
  async finish(): Promise<void> {
    if (this.pool) {
      await this.pool.close();
      return;
    }
    for (const { task } of this.pending.splice(0)) {
      throwIfAborted(this.signal);
      this.onOutcome(await parseFile(this.reader, task, extractFunctions));
    }
  }

  async terminate(): Promise<void> {
    await this.pool?.terminate();
  }
}
