import type { LogKind } from '@docent/contracts';

export interface SequentialLog {
  /** Resolves once this line is written; a failed write rejects here and does not stop later lines. */
  log(kind: LogKind, text: string): Promise<void>;
  /** Resolves once every line said so far is written (or failed). */
  settled(): Promise<void>;
}

/**
 * A job's log writer: each line is written after the previous one finished, in the order they
 * were said. A line nobody awaits (git's progress) can neither overtake nor be overtaken, so the
 * lines' sequence numbers and timestamps (the database's now(), per insert) rise together.
 */
export function sequentialLog(write: (kind: LogKind, text: string) => Promise<unknown>): SequentialLog {
  let written: Promise<unknown> = Promise.resolve();
  return {
    log(kind, text) {
      const line = written.then(() => write(kind, text));
      written = line.catch(() => undefined);
      return line.then(() => undefined);
    },
    settled: () => written.then(() => undefined),
  };
}
