import type { LlmErrorKind } from '@docent/analyzer';
import type { TaskName } from './off-thread-tasks.ts';

/** One task for a worker; `id` tags every message of its run. */
export interface TaskStart {
  type: 'run';
  id: number;
  task: TaskName;
  args: unknown[];
  /** the caller's LLM provider as the worker's stand-in presents it; null: none */
  llm: { name: string; model: string } | null;
}

/** An error as it crosses the thread: rebuilt on the other side with its class where it is a built-in one. */
export interface WireError {
  name: string;
  message: string;
  stack?: string;
  /** an LlmError's kind */
  kind?: LlmErrorKind;
}

export type ToWorker =
  | TaskStart
  | { type: 'abort'; id: number; reason: string }
  | { type: 'llm-answer'; id: number; call: number; ok: true; value: unknown }
  | { type: 'llm-answer'; id: number; call: number; ok: false; error: WireError };

export type FromWorker =
  | { type: 'progress'; id: number; args: unknown[] }
  | { type: 'llm'; id: number; call: number; system: string; user: string; maxTokens?: number }
  | { type: 'llm-cancel'; id: number; call: number }
  | { type: 'llm-failure'; id: number; what: string; error: WireError | null }
  | { type: 'done'; id: number; value: unknown }
  | { type: 'error'; id: number; error: WireError };

const BUILT_IN: Record<string, new (message: string) => Error> = {
  Error,
  RangeError,
  TypeError,
  SyntaxError,
  ReferenceError,
  EvalError,
  URIError,
};

export function toWire(err: unknown): WireError {
  if (err instanceof Error) {
    const kind = (err as { kind?: unknown }).kind;
    return {
      name: err.name,
      message: err.message,
      ...(err.stack ? { stack: err.stack } : {}),
      ...(typeof kind === 'string' ? { kind: kind as LlmErrorKind } : {}),
    };
  }
  return { name: 'Error', message: String(err) };
}

/** The error again: a RangeError stays a RangeError (handlers tell errors apart by class); others keep their name. */
export function fromWire(wire: WireError): Error {
  const Ctor = BUILT_IN[wire.name];
  const err = Ctor ? new Ctor(wire.message) : Object.assign(new Error(wire.message), { name: wire.name });
  if (wire.stack) err.stack = wire.stack;
  return err;
}
