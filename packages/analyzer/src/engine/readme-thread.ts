import { Worker } from 'node:worker_threads';
import type { ReadmeAnalysis } from '@docent/contracts';
import { AnalysisAbortedError } from './errors.ts';

/** Worker entry; in the bundle the bootstrap's name is the bundled worker (packages/cli/build/bundle.mjs). */
const BOOTSTRAP_URL = new URL('./readme-worker-bootstrap.mjs', import.meta.url);

export interface ReadmeOutcome {
  analysis: ReadmeAnalysis;
  content: string | null;
  suggestion: string | null;
}

/**
 * The README analysis (without an LLM) on its own thread, so the main thread stays free for the
 * history pass. Null when the thread could not run it (it failed to start or crashed): the
 * caller then analyses on this thread. Rejects with AnalysisAbortedError on abort.
 */
export function readmeInWorker(dir: string, files: readonly string[], signal?: AbortSignal): Promise<ReadmeOutcome | null> {
  if (signal?.aborted) return Promise.reject(new AnalysisAbortedError());
  return new Promise((resolve, reject) => {
    let worker: Worker;
    try {
      worker = new Worker(BOOTSTRAP_URL, { workerData: { dir, files }, execArgv: [...process.execArgv], stdout: false, stderr: false });
    } catch {
      resolve(null);
      return;
    }
    let settled = false;
    const finish = (fn: () => void): void => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      void worker.terminate().catch(() => 0);
      fn();
    };
    const onAbort = (): void => finish(() => reject(new AnalysisAbortedError()));
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (m: { ok: true; outcome: ReadmeOutcome } | { ok: false; message: string }) =>
      finish(() => (m.ok ? resolve(m.outcome) : reject(new Error(m.message)))),
    );
    worker.on('error', () => finish(() => resolve(null)));
    worker.on('exit', () => finish(() => resolve(null)));
  });
}
