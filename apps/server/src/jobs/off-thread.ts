import { spawn as spawnProcess, type ChildProcess } from 'node:child_process';
import { AsyncResource } from 'node:async_hooks';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { JobFailure } from '@docent/contracts';
import { LlmError, type LlmProvider } from '@docent/analyzer/llm';
import { fromWire, toWire, type FromWorker, type TaskStart, type ToWorker, type WireError } from './off-thread-protocol.ts';
import type { TaskArgs, TaskName, TaskResult } from './off-thread-tasks.ts';

/**
 * Worker entry: a small .mjs that registers tsx in the new process, then loads off-thread-worker.ts
 * (as the analyzer's parse workers start); works under `node --import tsx`, plain node and vitest.
 * In the server bundle (apps/server/build/bundle.mjs) this name is the bundled worker itself.
 */
const ENTRY = new URL('./off-thread-worker-bootstrap.mjs', import.meta.url);

/**
 * After an abort, how long a task may take to stop by itself (the analyzer and the docstring
 * generator watch their signal and end their git processes and parse workers) before its worker
 * is terminated. The doc-set generator has no signal: its worker is terminated at once.
 */
const ABORT_GRACE_MS: Record<TaskName, number> = { checkout: 10_000, analyze: 10_000, generateRepository: 10_000, generateDocSet: 0 };

/** Loaded workers kept for the next task: loading the analyzer and docgen is most of a start. */
const MAX_IDLE = 4;

/**
 * How many nice steps the workers' threads, and what they start (parse workers, git), stand below
 * the API's thread, on Linux (at most down to 19): a runnable API thread then gets about nine
 * times the share of a core of a job thread, and wins the core as soon as it wakes; the jobs
 * still get every cycle the API leaves (docs/performance.md, "Jobs off the API's event loop",
 * round 5). `JOB_THREAD_NICE` (0–19, default 10) sets it; the test suites set 0, so that a job
 * there is not starved by the other test files sharing the machine (docs/decisions.md).
 */
export const DEFAULT_JOB_THREAD_NICE = 10;

export function jobThreadNice(raw = process.env.JOB_THREAD_NICE): number {
  if (raw === undefined || raw.trim() === '') return DEFAULT_JOB_THREAD_NICE;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 19) throw new Error(`JOB_THREAD_NICE must be a whole number from 0 to 19, not "${raw}"`);
  return n;
}

/**
 * Whether the job processes also run under Linux's SCHED_IDLE policy (`JOB_THREAD_IDLE`, `true` by
 * default; only when `JOB_THREAD_NICE` is above 0): they then get a core only when no thread of the
 * normal policy wants it, and an API thread that wakes takes it from them at once, where a nice value
 * alone lets it wait for the job's slice (lower-priority.ts; docs/performance.md "Round 15"). The
 * cost: a machine kept busy by normal work (the API at full load, another service) gives the jobs
 * next to nothing; `false` keeps them at the nice value's share.
 */
export function jobThreadIdle(raw = process.env.JOB_THREAD_IDLE): boolean {
  if (raw === undefined || raw.trim() === '') return true;
  if (raw === 'true' || raw === 'false') return raw === 'true';
  throw new Error(`JOB_THREAD_IDLE must be true or false, not "${raw}"`);
}

/** The environment that tells a job process how far to give way (lower-priority.ts reads it). */
export function jobPriorityEnv(): { DOCENT_JOB_WORKER_NICE: string; DOCENT_JOB_WORKER_IDLE: string } {
  return { DOCENT_JOB_WORKER_NICE: String(jobThreadNice()), DOCENT_JOB_WORKER_IDLE: jobThreadIdle() ? '1' : '0' };
}

/** The worker checks the caller's schema; here any JSON the provider parsed goes back to it. */
const ANY_JSON = z.unknown();

/**
 * A job worker is a child process, not a thread of the API's process: a process has its own V8
 * helper threads (concurrent garbage collection, compilation), and those of a job then run at the
 * job's lowered priority instead of beside the API's thread at its own (docs/decisions.md "Jobs
 * run in child processes"). The messages are the same structured clones a thread would get.
 */
class JobWorker {
  readonly child: ChildProcess;
  constructor() {
    this.child = spawnProcess(process.execPath, [...process.execArgv, fileURLToPath(ENTRY)], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced',
      env: { ...process.env, ...jobPriorityEnv() },
    });
  }
  postMessage(message: ToWorker | TaskStart): void {
    this.child.send(message);
  }
  on(event: 'message', listener: (message: FromWorker) => void): void;
  on(event: 'error', listener: (err: Error) => void): void;
  on(event: 'exit', listener: (code: number | null, signal: NodeJS.Signals | null) => void): void;
  on(event: string, listener: (...args: never[]) => void): void {
    this.child.on(event, listener as (...args: unknown[]) => void);
  }
  off(event: string, listener: (...args: never[]) => void): void {
    this.child.off(event, listener as (...args: unknown[]) => void);
  }
  /** a waiting worker keeps neither the process nor its channel alive */
  unref(): void {
    this.child.unref();
    this.child.channel?.unref();
  }
  ref(): void {
    this.child.ref();
    this.child.channel?.ref();
  }
  terminate(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.kill('SIGKILL');
    });
  }
}

const idle: JobWorker[] = [];
let nextRun = 1;

function spawn(): JobWorker {
  const worker = new JobWorker();
  // An idle worker's failure is nobody's error: it leaves the pool and a task starts another.
  worker.on('error', () => undefined);
  worker.on('exit', () => {
    const i = idle.indexOf(worker);
    if (i >= 0) idle.splice(i, 1);
  });
  return worker;
}

function park(worker: JobWorker): void {
  if (idle.length >= MAX_IDLE) {
    void worker.terminate().catch(() => 0);
    return;
  }
  // an idle worker does not keep the process alive
  worker.unref();
  idle.push(worker);
}

/** Starts a worker now (it loads its modules while the server starts), for the first job's sake. */
export function warmOffThread(): void {
  if (idle.length === 0) park(spawn());
}

/** Ends the idle workers (a stopping engine); running tasks keep theirs. */
export async function closeOffThread(): Promise<void> {
  await Promise.all(idle.splice(0).map((w) => w.terminate().catch(() => 0)));
}

export interface OffThreadOptions {
  signal: AbortSignal;
  /** called on this thread with the arguments the task's own progress callback got */
  onProgress?: (...args: never) => void;
  /** the task asks this provider through the channel (one answer cache, in this process) */
  llm?: LlmProvider;
}

/**
 * Runs a pure task of off-thread-tasks.ts in a job worker process, so that the API's event loop keeps
 * answering while a job analyses or generates (docs/performance.md, "Jobs off the API's event
 * loop"). The database stays on this thread: handlers read and save around the call. Progress
 * and the LLM's requests come back as messages; the answer is the task's result, or its error as
 * the same class (built-in errors) with the same name and message. Aborting `signal` asks the
 * task to stop, and ends its worker if it has not after a grace period; the promise then rejects
 * with the signal's reason unless the task's own error came first. Workers are reused: one that
 * finished a task waits (unreferenced) for the next.
 */
export function runOffThread<K extends TaskName>(task: K, args: TaskArgs<K>, opts: OffThreadOptions): Promise<TaskResult<K>> {
  const { signal, llm } = opts;
  const onProgress = opts.onProgress as ((...args: unknown[]) => void) | undefined;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<TaskResult<K>>((resolve, reject) => {
    const id = nextRun++;
    const worker = idle.pop() ?? spawn();
    worker.ref();
    const llmCalls = new Map<number, AbortController>();
    let settled = false;
    let grace: NodeJS.Timeout | undefined;
    const post = (message: ToWorker) => {
      if (!settled) worker.postMessage(message);
    };
    const settle = (reusable: boolean, done: () => void) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      clearTimeout(grace);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      for (const c of llmCalls.values()) c.abort();
      llmCalls.clear();
      if (reusable) park(worker);
      else void worker.terminate().catch(() => 0);
      done();
    };
    const onAbort = () => {
      const reason = signal.reason instanceof Error ? signal.reason.message : 'aborted';
      post({ type: 'abort', id, reason });
      const stop = () => settle(false, () => reject(signal.reason));
      if (ABORT_GRACE_MS[task] === 0) stop();
      else grace = setTimeout(stop, ABORT_GRACE_MS[task]);
    };

    const askLlm = (call: number, system: string, user: string, maxTokens: number | undefined) => {
      if (!llm) {
        post({ type: 'llm-answer', id, call, ok: false, error: toWire(new LlmError('disabled', 'no LLM provider is configured')) });
        return;
      }
      const controller = new AbortController();
      llmCalls.set(call, controller);
      llm
        .completeJson({
          system,
          user,
          schema: ANY_JSON,
          ...(maxTokens !== undefined ? { maxTokens } : {}),
          signal: AbortSignal.any([controller.signal, signal]),
        })
        .then(
          (value) => post({ type: 'llm-answer', id, call, ok: true, value }),
          (err: unknown) => post({ type: 'llm-answer', id, call, ok: false, error: toWire(err) }),
        )
        .finally(() => llmCalls.delete(call));
    };

    // Bound to the caller's context: a job's progress and log writes stay its background work
    // (db/interactive-first.ts), whoever spawned the worker process it reuses.
    const onMessage = AsyncResource.bind((message: FromWorker) => {
      if (message.id !== id) return;
      switch (message.type) {
        case 'progress':
          try {
            onProgress?.(...message.args);
          } catch {
            // a progress report that fails does not fail the task
          }
          return;
        case 'llm':
          askLlm(message.call, message.system, message.user, message.maxTokens);
          return;
        case 'llm-cancel':
          llmCalls.get(message.call)?.abort();
          return;
        case 'llm-failure':
          llm?.reportFailure(message.what, message.error ? revive(message.error) : message.error);
          return;
        case 'done':
          settle(true, () => resolve(message.value as TaskResult<K>));
          return;
        case 'error':
          settle(true, () => reject(fromWire(message.error)));
          return;
      }
    });
    const onError = (err: Error) => settle(false, () => reject(err));
    const onExit = (code: number | null, sig: NodeJS.Signals | null) =>
      settle(false, () =>
        reject(sig ? new JobFailure('workerProcessSignal', task, sig) : new JobFailure('workerProcessExit', task, String(code))),
      );
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      const start: TaskStart = { type: 'run', id, task, args, llm: llm?.enabled ? { name: llm.name, model: llm.model } : null };
      worker.postMessage(start);
    } catch (err) {
      // arguments that cannot be cloned: the worker never saw the task
      settle(true, () => reject(err as Error));
    }
  });
}

/** An LLM failure reported by the worker, as the provider's reportFailure expects it. */
function revive(wire: WireError): Error {
  return wire.kind ? new LlmError(wire.kind, wire.message) : fromWire(wire);
}
