import type { LlmErrorKind } from '@docent/analyzer';
import { type FailureArg, isJobLogKey, JobFailure } from '@docent/contracts';
import { GitArgumentError } from '../vendors/git/revisions.ts';
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
  /** a JobFailure's catalog key and values, so a German job words it in German (docs/i18n.md) */
  jobLog?: { key: string; args: FailureArg[] };
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
      ...(err instanceof JobFailure ? { jobLog: { key: err.key, args: [...err.args] } } : {}),
    };
  }
  return { name: 'Error', message: String(err) };
}

/** The error again: a RangeError stays a RangeError (handlers tell errors apart by class); others keep their name. */
export function fromWire(wire: WireError): Error {
  const failure = wire.jobLog && isJobLogKey(wire.jobLog.key) ? revivedFailure(wire, wire.jobLog.key, wire.jobLog.args) : null;
  if (failure) return failure;
  const Ctor = BUILT_IN[wire.name];
  const err = Ctor ? new Ctor(wire.message) : Object.assign(new Error(wire.message), { name: wire.name });
  if (wire.stack) err.stack = wire.stack;
  return err;
}

/** A JobFailure (a GitArgumentError stays one) built again from its key and values; null when it would not read the same. */
function revivedFailure(wire: WireError, key: string, args: FailureArg[]): JobFailure | null {
  const revived: unknown = Reflect.construct(wire.name === 'GitArgumentError' ? GitArgumentError : JobFailure, [key, ...args]);
  if (!(revived instanceof JobFailure) || revived.message !== wire.message) return null;
  if (wire.stack) revived.stack = wire.stack;
  return revived;
}
