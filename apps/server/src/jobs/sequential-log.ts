import type { LogKind } from '@docent/contracts';

export interface LogLine {
  kind: LogKind;
  text: string;
}

/** Writes a batch: the lines in order after the job's last one, and the progress when it changed (null: unchanged). */
export type BatchWrite = (lines: LogLine[], progress: number | null) => Promise<unknown>;

export interface SequentialLog {
  /**
   * Queues a line behind every line said before it. Resolves at once, so a handler that awaits
   * each line does not wait for the database; when many lines wait (a database slower than
   * the job), it resolves once its own batch is written, and rejects if that write failed.
   */
  log(kind: LogKind, text: string): Promise<void>;
  /** The job's progress, written with the next batch (only the latest value is written). */
  progress(percent: number): void;
  /** Writes what is queued now, without waiting for the window; resolves once all is written (or failed). */
  settled(): Promise<void>;
}

export interface BatchOptions {
  /** at most one write per this many milliseconds; the first line after a quiet spell goes at once */
  windowMs: number;
  /** queued lines above which log() waits for its own write (default 1,000) */
  maxQueued?: number;
  /** lines per write at most (default 500) */
  maxBatch?: number;
}

interface Queued extends LogLine {
  written?: { resolve: () => void; reject: (err: unknown) => void };
}

/**
 * A running job's log and progress writer (docs/performance.md, "Jobs off the API's event
 * loop"): lines are written in the order they were said, one write at a time, at most one write
 * per `windowMs` holding every line said meanwhile and the latest progress. Each write wakes the
 * job's live-log streams once, where a write per line woke each of them per line (on PGlite
 * every insert and every stream's read waits its turn at one connection). Nothing is dropped; the
 * engine calls `settled()` before a job's final transition, so a COMPLETE job's log is whole.
 */
export function sequentialLog(write: BatchWrite, opts: BatchOptions): SequentialLog {
  const maxQueued = opts.maxQueued ?? 1000;
  const maxBatch = opts.maxBatch ?? 500;
  let queue: Queued[] = [];
  let progress: number | null = null;
  let writing: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let lastStart = -Infinity;

  const pending = () => queue.length > 0 || progress !== null;

  const writeNow = (): void => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (writing || !pending()) return;
    const batch = queue.slice(0, maxBatch);
    queue = queue.slice(batch.length);
    const percent = progress;
    progress = null;
    lastStart = performance.now();
    writing = write(
      batch.map(({ kind, text }) => ({ kind, text })),
      percent,
    ).then(
      () => {
        for (const l of batch) l.written?.resolve();
      },
      (err: unknown) => {
        for (const l of batch) l.written?.reject(err);
      },
    );
    void writing.then(() => {
      writing = null;
      schedule();
    });
  };

  function schedule(): void {
    if (writing || timer || !pending()) return;
    const wait = lastStart + opts.windowMs - performance.now();
    if (wait <= 0) writeNow();
    else timer = setTimeout(writeNow, wait);
  }

  return {
    log(kind, text) {
      const line: Queued = { kind, text };
      queue.push(line);
      const done =
        queue.length > maxQueued ? new Promise<void>((resolve, reject) => (line.written = { resolve, reject })) : Promise.resolve();
      done.catch(() => undefined); // a line nobody awaits fails quietly, as its batch's others do
      schedule();
      return done;
    },
    progress(percent) {
      progress = percent;
      schedule();
    },
    async settled() {
      while (writing || pending()) {
        if (writing) await writing;
        else writeNow();
      }
    },
  };
}
