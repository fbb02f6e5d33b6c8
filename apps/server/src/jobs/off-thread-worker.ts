import { readdirSync, readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { LlmError, type JsonRequest, type LlmProvider, type LlmProviderName } from '@docent/analyzer';
import { fromWire, toWire, type FromWorker, type TaskStart, type ToWorker, type WireError } from './off-thread-protocol.ts';
import { TASKS, transferListOf, type TaskHooks } from './off-thread-tasks.ts';

/**
 * A job worker of `runOffThread` (off-thread.ts): runs the tasks of off-thread-tasks.ts it is
 * sent, one at a time, with the hooks the caller cannot send (signal, progress, LLM stand-in),
 * and answers each one's result or error. It stays loaded between tasks (its modules are the
 * expensive part of starting it). It runs as a child process (the server's way) or as a worker
 * thread (where a thread starts it): the messages are the same.
 */
interface Channel {
  send(message: FromWorker, transfer: ArrayBuffer[]): void;
  onMessage(listener: (message: ToWorker) => void): void;
}
const channel: Channel = parentPort
  ? { send: (m, t) => parentPort!.postMessage(m, t), onMessage: (l) => parentPort!.on('message', l) }
  : {
      // a process' channel copies what a thread's would move
      send: (m) => {
        if (process.connected) process.send!(m);
      },
      onMessage: (l) => process.on('message', l as (m: unknown) => void),
    };
// the API's process has gone: nothing will ask this worker anything again
if (!parentPort) process.on('disconnect', () => process.exit(0));

/**
 * This thread gives way to the API's: on Linux a thread's nice value is its own, so the thread
 * lowers only itself (`/proc/thread-self` names its task id) by `by` steps below the value it was
 * born with (the API thread's), and the threads and processes it starts (the analyzer's parse and
 * README workers, git) inherit the lowered value. The API's thread then wins a core whenever it
 * has work, and the jobs take what is left (docs/performance.md, "Jobs off the API's event loop",
 * round 5). Elsewhere, or where the value cannot be set, the thread keeps the process' priority.
 */
function lowerThisThread(by: number): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0) return;
    setPriority(tid, Math.min(19, getPriority(tid) + by));
  } catch {
    // not Linux, or not allowed: the thread runs at the process' priority
  }
}
/**
 * In a child process every thread there is yet (V8's helper threads start with the process) is
 * lowered; the threads it starts later (libuv's pool, parse workers) inherit the main thread's value.
 */
function lowerThisProcess(by: number): void {
  try {
    for (const tid of readdirSync('/proc/self/task').map(Number)) setPriority(tid, Math.min(19, getPriority(tid) + by));
  } catch {
    // not Linux, or not allowed: the process runs at the server's priority
  }
}
const lowerBy = parentPort ? (workerData as { lowerBy?: unknown } | undefined)?.lowerBy : Number(process.env.DOCENT_JOB_WORKER_NICE ?? 0);
if (typeof lowerBy === 'number' && lowerBy > 0) {
  if (parentPort) lowerThisThread(lowerBy);
  else lowerThisProcess(lowerBy);
}
const send = (message: FromWorker, transfer: ArrayBuffer[] = []): void => channel.send(message, transfer);

/** the run in progress: its id, its abort controller and its LLM requests waiting for an answer */
let current: {
  id: number;
  controller: AbortController;
  waiting: Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>;
} | null = null;
let nextCall = 1;

const llmError = (wire: WireError): Error => (wire.kind ? new LlmError(wire.kind, wire.message) : fromWire(wire));

/**
 * The caller's provider, asked through the port: the prompt goes to the main thread, which holds
 * the provider and its answer cache; the answer's JSON comes back and is checked here against the
 * caller's schema (a zod schema cannot cross the thread).
 */
function standIn(run: NonNullable<typeof current>, info: NonNullable<TaskStart['llm']>): LlmProvider {
  const { id, waiting } = run;
  return {
    name: info.name as LlmProviderName,
    model: info.model,
    enabled: true,
    async completeJson<T>(request: JsonRequest<T>): Promise<T> {
      request.signal?.throwIfAborted();
      const call = nextCall++;
      const answer = new Promise<unknown>((resolve, reject) => waiting.set(call, { resolve, reject }));
      const onAbort = () => {
        const w = waiting.get(call);
        waiting.delete(call);
        send({ type: 'llm-cancel', id, call });
        w?.reject(new LlmError('aborted', 'the request was aborted'));
      };
      request.signal?.addEventListener('abort', onAbort, { once: true });
      send({
        type: 'llm',
        id,
        call,
        system: request.system,
        user: request.user,
        ...(request.maxTokens !== undefined ? { maxTokens: request.maxTokens } : {}),
      });
      try {
        const json = await answer;
        const parsed = request.schema.safeParse(json);
        if (!parsed.success) throw new LlmError('schema', "the model's answer does not have the expected fields");
        return parsed.data;
      } finally {
        request.signal?.removeEventListener('abort', onAbort);
      }
    },
    reportFailure(what: string, error: unknown): void {
      send({ type: 'llm-failure', id, what, error: error === undefined || error === null ? null : toWire(error) });
    },
  };
}

async function runTask(start: TaskStart): Promise<void> {
  const run = { id: start.id, controller: new AbortController(), waiting: new Map() };
  current = run;
  const hooks: TaskHooks = {
    signal: run.controller.signal,
    progress: (...args) => send({ type: 'progress', id: start.id, args }),
    llm: start.llm ? standIn(run, start.llm) : undefined,
  };
  try {
    const task = TASKS[start.task] as (hooks: TaskHooks, ...args: unknown[]) => Promise<unknown>;
    const value = await task(hooks, ...start.args);
    send({ type: 'done', id: start.id, value }, transferListOf(value));
  } catch (err) {
    send({ type: 'error', id: start.id, error: toWire(err) });
  } finally {
    if (current === run) current = null;
  }
}

channel.onMessage((message: ToWorker) => {
  if (message.type === 'run') {
    void runTask(message);
    return;
  }
  if (!current || current.id !== message.id) return;
  if (message.type === 'abort') {
    current.controller.abort(Object.assign(new Error(message.reason), { name: 'AbortError' }));
    return;
  }
  const w = current.waiting.get(message.call);
  if (!w) return;
  current.waiting.delete(message.call);
  if (message.ok) w.resolve(message.value);
  else w.reject(llmError(message.error));
});
