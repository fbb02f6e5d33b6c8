import { LlmError, type JsonRequest, type LlmProvider, type LlmProviderName } from '@docent/analyzer';
import { fromWire, toWire, type FromWorker, type TaskStart, type ToWorker, type WireError } from './off-thread-protocol.ts';
import { TASKS, type TaskHooks } from './off-thread-tasks.ts';
import { askedIdle, askedNice, lowerThisProcess } from './lower-priority.ts';

/**
 * A job worker process of `runOffThread` (off-thread.ts): runs the tasks of off-thread-tasks.ts it
 * is sent, one at a time, with the hooks the caller cannot send (signal, progress, LLM stand-in),
 * and answers each one's result or error over its IPC channel. It stays loaded between tasks (its
 * modules are the expensive part of starting it).
 */
const send = (message: FromWorker): void => {
  if (process.connected) process.send!(message);
};
// the API's process has gone: nothing will ask this worker anything again
process.on('disconnect', () => process.exit(0));

// The worker gives way to the API (lower-priority.ts).
lowerThisProcess(askedNice(), askedIdle());

/** the run in progress: its id, its abort controller and its LLM requests waiting for an answer */
let current: {
  id: number;
  controller: AbortController;
  waiting: Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>;
} | null = null;
let nextCall = 1;

const llmError = (wire: WireError): Error => (wire.kind ? new LlmError(wire.kind, wire.message) : fromWire(wire));

/**
 * The caller's provider, asked through the channel: the prompt goes to the API's process, which holds
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
    send({ type: 'done', id: start.id, value });
  } catch (err) {
    send({ type: 'error', id: start.id, error: toWire(err) });
  } finally {
    if (current === run) current = null;
  }
}

process.on('message', (message: ToWorker) => {
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
