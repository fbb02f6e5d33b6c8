import { Worker } from 'node:worker_threads';
import type { BatchMessage, BatchReply } from './parse-worker.ts';
import { AnalysisAbortedError } from './errors.ts';
import type { ParseOutcome, ParseTask } from './types.ts';

/**
 * Worker entry. A small .mjs that registers tsx in the new thread, then loads parse-worker.ts:
 * works under `node --import tsx`, plain node and vitest alike; in the CLI's and the server's
 * bundles (packages/cli/build/bundle.mjs, apps/server/build/bundle.mjs) this name is the bundled
 * worker itself.
 */
const BOOTSTRAP_URL = new URL('./parse-worker-bootstrap.mjs', import.meta.url);

/** A batch closes at this many files or bytes: small enough for smooth progress and load balance. */
const BATCH_FILES = 24;
const BATCH_BYTES = 384 * 1024;

interface Slot {
  worker: Worker;
  busy: { id: number; tasks: Array<ParseTask & { size: number }> } | null;
  /** the worker loaded its modules and said so */
  ready: boolean;
}

/**
 * A pool of parse workers fed incrementally: push() tasks as they are discovered, close() to learn
 * when all are done. Workers start lazily (only when there is something to parse), get batches of
 * paths, and read the files themselves. A crashed worker is replaced; its batch is retried file by
 * file, and a file that crashes a worker alone is reported as failed.
 */
export class ParsePool {
  private readonly queue: Array<ParseTask & { size: number }> = [];
  private readonly slots: Slot[] = [];
  private nextId = 1;
  private closed = false;
  private failed: Error | null = null;
  private settle: { resolve: () => void; reject: (error: Error) => void } | null = null;
  private readonly retried = new Set<string>();
  /** callers of parseText waiting for their answer, by tag */
  private readonly waiting = new Map<string, { resolve: (o: ParseOutcome) => void; reject: (e: Error) => void }>();
  private nextTag = 0;

  constructor(
    private readonly root: string,
    private readonly maxWorkers: number,
    private readonly onOutcome: (outcome: ParseOutcome) => void,
    private readonly signal?: AbortSignal,
    /** worker script; tests substitute one that crashes on purpose */
    private readonly entry: URL = BOOTSTRAP_URL,
  ) {
    signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  get workerCount(): number {
    return this.slots.length;
  }

  /**
   * Parses a text the caller holds (an old version read from git) on a worker; its outcome goes to
   * the caller, not to onOutcome. Usable after close() until terminate(): the history pass reuses
   * the warm workers (modules loaded, grammars compiled) of the parse phase.
   */
  parseText(task: Omit<ParseTask, 'text' | 'tag'>, text: string): Promise<ParseOutcome> {
    if (this.failed) return Promise.reject(this.failed);
    const tag = String(this.nextTag++);
    return new Promise<ParseOutcome>((resolve, reject) => {
      this.waiting.set(tag, { resolve, reject });
      this.queue.push({ ...task, text, tag, size: text.length });
      this.pump();
    });
  }

  push(task: ParseTask, size: number): void {
    if (this.failed) return;
    this.queue.push({ ...task, size });
    this.pump();
  }

  /** Resolves once every pushed task has an outcome; rejects on abort. */
  close(): Promise<void> {
    this.closed = true;
    if (this.failed) return Promise.reject(this.failed);
    return new Promise<void>((resolve, reject) => {
      this.settle = { resolve, reject };
      this.pump();
    });
  }

  async terminate(): Promise<void> {
    this.signal?.removeEventListener('abort', this.onAbort);
    const slots = this.slots.splice(0);
    await Promise.all(slots.map((slot) => slot.worker.terminate().catch(() => 0)));
  }

  private readonly onAbort = (): void => {
    this.fail(new AnalysisAbortedError(this.signal?.reason instanceof Error ? this.signal.reason.message : undefined));
  };

  private fail(error: Error): void {
    if (this.failed) return;
    this.failed = error;
    this.queue.length = 0;
    const waiting = [...this.waiting.values()];
    this.waiting.clear();
    for (const w of waiting) w.reject(error);
    void this.terminate();
    this.settle?.reject(error);
  }

  private pump(): void {
    if (this.failed) return;
    for (const slot of this.slots) {
      if (!slot.busy && this.queue.length > 0) this.dispatch(slot);
    }
    // Start another worker only when the waiting work would keep it busy.
    while (
      this.queue.length > 0 &&
      this.slots.length < this.maxWorkers &&
      (this.slots.length === 0 || this.queue.length >= BATCH_FILES || this.closed)
    ) {
      const slot = this.spawn();
      this.dispatch(slot);
    }
    if (this.closed && this.queue.length === 0 && this.slots.every((slot) => !slot.busy)) {
      this.signal?.removeEventListener('abort', this.onAbort);
      this.settle?.resolve();
    }
  }

  private takeBatch(): Array<ParseTask & { size: number }> {
    const batch: Array<ParseTask & { size: number }> = [];
    let bytes = 0;
    if (this.queue.length > 0 && this.retried.has(this.queue[0]!.rel)) return [this.queue.shift()!];
    while (
      this.queue.length > 0 &&
      batch.length < BATCH_FILES &&
      !this.retried.has(this.queue[0]!.rel) &&
      (batch.length === 0 || bytes + this.queue[0]!.size <= BATCH_BYTES)
    ) {
      const task = this.queue.shift()!;
      bytes += task.size;
      batch.push(task);
    }
    return batch;
  }

  private dispatch(slot: Slot): void {
    const tasks = this.takeBatch();
    if (tasks.length === 0) return;
    const id = this.nextId++;
    slot.busy = { id, tasks };
    slot.worker.postMessage({ id, tasks: tasks.map(({ size: _size, ...task }) => task) } satisfies BatchMessage);
  }

  private spawn(): Slot {
    const worker = new Worker(this.entry, {
      workerData: { root: this.root },
      execArgv: [...process.execArgv],
      stdout: false,
      stderr: false,
    });
    const slot: Slot = { worker, busy: null, ready: false };
    this.slots.push(slot);
    worker.on('message', (message: BatchReply | { ready: true }) => {
      if (!('id' in message)) {
        slot.ready = true;
        return;
      }
      if (!slot.busy || slot.busy.id !== message.id) return;
      slot.busy = null;
      for (const outcome of message.outcomes) this.deliver(outcome);
      this.pump();
    });
    worker.on('error', (error) => this.onCrash(slot, error));
    worker.on('exit', (code) => {
      if (!this.failed && this.slots.includes(slot)) this.onCrash(slot, new Error(`parse worker exited with code ${code}`));
    });
    return slot;
  }

  private deliver(outcome: ParseOutcome): void {
    if (outcome.tag === undefined) {
      this.onOutcome(outcome);
      return;
    }
    const w = this.waiting.get(outcome.tag);
    this.waiting.delete(outcome.tag);
    w?.resolve(outcome);
  }

  private onCrash(slot: Slot, error: Error): void {
    const index = this.slots.indexOf(slot);
    if (index < 0 || this.failed) return;
    this.slots.splice(index, 1);
    void slot.worker.terminate().catch(() => 0);
    if (!slot.ready) {
      // It died while loading its modules: no file is to blame, and a new worker would die too.
      this.fail(new Error(`parse worker failed to start: ${error.message}`));
      return;
    }
    const tasks = slot.busy?.tasks ?? [];
    slot.busy = null;
    for (const task of tasks) {
      if (tasks.length === 1 || this.retried.has(task.rel)) {
        this.deliver({
          rel: task.rel,
          language: task.language,
          blobId: null,
          functions: [],
          error: `parser crashed: ${error.message}`,
          ...(task.tag !== undefined ? { tag: task.tag } : {}),
        });
      } else {
        this.retried.add(task.rel);
        // Retried alone, so one poisonous file cannot take its batch neighbours down again.
        this.queue.unshift(task);
      }
    }
    this.pump();
  }
}
