import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { PgBoss, fromPglite } from 'pg-boss';
import type { z } from 'zod';
import {
  isJobType,
  JOB_PAYLOADS,
  jobFailureMessage,
  jobLogTexts,
  type JobLanguage,
  type JobLogTexts,
  type JobPayload,
  type JobState,
  type JobType,
  type LogKind,
} from '@docent/contracts';
import type { DatabaseHandle } from '../db/index.ts';
import type { JobRow } from '../db/schema.ts';
import type { JobStore } from './store.ts';
import { sequentialLog } from './sequential-log.ts';
import { closeOffThread, warmOffThread } from './off-thread.ts';
import { reportError } from '../observability/index.ts';
import { inBackground } from '../db/interactive-first.ts';

const QUEUE = 'docent-jobs';

/** What a job run gets from the engine: its row, a cancel signal, and ways to report. */
export interface JobRun {
  job: JobRow;
  signal: AbortSignal;
  workerId: string;
  /** the language the job's lines are worded in (docs/i18n.md, "Job-log lines") */
  language: JobLanguage;
  /** the job-log texts in that language: every line a user reads is worded from these */
  text: JobLogTexts;
  log(kind: LogKind, text: string): Promise<void>;
  progress(percent: number, message?: string): Promise<void>;
}

/** What a job handler gets: the run and the job's payload, parsed with its type's schema. */
export interface JobContext<P = unknown> extends JobRun {
  readonly payload: P;
}

/** Runs one job type; resolves with the final message, throws to fail. */
export type JobHandler<P = unknown> = (ctx: JobContext<P>) => Promise<string>;

/** One job type's entry in the engine's handler map (made by defineJob). */
export interface JobDefinition {
  readonly type: JobType;
  run(run: JobRun): Promise<string>;
}

/** The contracts' schemas, seen per type (so that a generic type picks its own). */
const PAYLOAD_SCHEMAS: { readonly [T in JobType]: z.ZodType<JobPayload<T>> } = JOB_PAYLOADS;

/**
 * One job type's handler. The stored payload is parsed with `payload` (by default the type's
 * schema in @docent/contracts; a stricter one of the same shape may replace it) before the
 * handler runs: a payload that does not parse ends the job FAILED, naming each field that is
 * wrong and never echoing its value.
 */
export function defineJob<T extends JobType>(def: {
  type: T;
  payload?: z.ZodType<JobPayload<T>>;
  handler: JobHandler<JobPayload<T>>;
}): JobDefinition {
  const schema = def.payload ?? PAYLOAD_SCHEMAS[def.type];
  return {
    type: def.type,
    run: (run) => {
      const parsed = schema.safeParse(run.job.payload);
      if (!parsed.success) {
        const fields = parsed.error.issues.map((i) => `${i.path.join('.') || 'payload'}: ${i.message}`).join('; ');
        return Promise.reject(new Error(run.text.unreadablePayload(def.type, fields)));
      }
      return def.handler({ ...run, payload: parsed.data });
    },
  };
}

/** The engine's handler map: one definition per job type (a type defined twice is a programming error). */
export type JobHandlers = ReadonlyMap<JobType, JobDefinition>;

export function jobHandlers(defs: readonly JobDefinition[]): JobHandlers {
  const map = new Map<JobType, JobDefinition>();
  for (const def of defs) {
    if (map.has(def.type)) throw new Error(`Job type ${def.type} is defined twice`);
    map.set(def.type, def);
  }
  return map;
}

export interface EngineOptions {
  /** run jobs in this process (embedded mode and `npm run worker`) */
  work: boolean;
  concurrency: number;
  heartbeatMs: number;
  /** a RUNNING job without a heartbeat for this long is failed by the reaper */
  staleMs: number;
  reaperIntervalMs: number;
  /** a running job's log lines and progress are written at most once per this many milliseconds (sequential-log.ts) */
  logBatchMs?: number;
}

export const DEFAULT_ENGINE_OPTIONS: EngineOptions = {
  work: true,
  concurrency: 2,
  heartbeatMs: 1000,
  staleMs: 30_000,
  reaperIntervalMs: 5000,
  logBatchMs: 100,
};

/** times a job whose worker died before starting it is handed out again */
const QUEUE_RETRIES = 3;

class CancelledError extends Error {}
/** The process is shutting down gracefully: the job goes back to the queue for another run. */
class ShutdownError extends Error {}

/**
 * The job engine (docs/architecture.md): our `jobs` table is the truth users see; pg-boss on the
 * same database distributes work so that each job runs on exactly one worker, in one
 * process or across many machines.
 */
export class JobEngine {
  readonly workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private boss: PgBoss | null = null;
  private reaper: NodeJS.Timeout | null = null;
  private readonly running = new Map<number, AbortController>();
  private readonly settled = new Map<number, Promise<void>>();
  /** stop() was called: a job starting now is handed straight back to the queue */
  private stopping = false;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly store: JobStore,
    private readonly handlers: JobHandlers,
    private readonly log: FastifyBaseLogger,
    private readonly opts: EngineOptions = DEFAULT_ENGINE_OPTIONS,
  ) {}

  async start(): Promise<void> {
    const boss = this.database.pglite
      ? new PgBoss({ db: fromPglite(this.database.pglite), backend: 'pglite' })
      : new PgBoss({ connectionString: this.database.url!, max: 4 });
    boss.on('error', (err: Error) => this.log.error({ err: err.message }, 'job queue error'));
    await boss.start();
    // A worker that dies after taking a job from the queue and before marking it RUNNING (two jobs
    // taken at once, the process killed while the second one starts) leaves the job's row QUEUED:
    // the reaper ends only RUNNING jobs without a heartbeat. The queue hands such a job out again
    // once its heartbeat stops; execute() runs a job only from a not-yet-started state, so a job
    // that did start (and then died with its worker) is not run twice but failed by the reaper.
    const heartbeatSeconds = Math.max(10, Math.round(this.opts.staleMs / 1000));
    await boss.createQueue(QUEUE, { retryLimit: QUEUE_RETRIES, retryDelay: 0, heartbeatSeconds }).catch(() => undefined);
    // a queue made by an earlier version (no retries) gets them too
    await boss.updateQueue(QUEUE, { retryLimit: QUEUE_RETRIES, retryDelay: 0 }).catch(() => undefined);
    this.boss = boss;
    if (this.opts.work) {
      // The handlers' analyses and generation run in worker threads (off-thread.ts): one loads now.
      warmOffThread();
      await boss.work<{ jobId: number }>(
        QUEUE,
        { localConcurrency: this.opts.concurrency, batchSize: 1, pollingIntervalSeconds: 0.5 },
        async ([job]) => {
          if (!job) return;
          // nobody waits on a job's statements: a request's go first (db/interactive-first.ts)
          const run = inBackground(() => this.execute(job.data.jobId));
          this.settled.set(job.data.jobId, run);
          await run.finally(() => this.settled.delete(job.data.jobId));
        },
      );
    }
    this.reaper = setInterval(
      () => void inBackground(() => this.reap()).catch((err: Error) => this.log.warn({ err: err.message }, 'reaper failed')),
      this.opts.reaperIntervalMs,
    );
    await this.reap();
  }

  async stop(): Promise<void> {
    if (this.reaper) clearInterval(this.reaper);
    // Running jobs are handed back to the queue, so a restart loses none of them.
    this.stopping = true;
    for (const c of this.running.values()) c.abort(new ShutdownError('server shutting down'));
    await Promise.allSettled(this.settled.values());
    await this.boss?.stop({ graceful: true, timeout: 5000 }).catch(() => undefined);
    this.boss = null;
    if (this.opts.work) await closeOffThread();
  }

  /**
   * The flow START → VALIDATING → QUEUED of docs/spec-conformance.md §4: the job is VALIDATING while `validate` checks
   * what it will work on (e.g. that the repository is still there and its credentials are
   * at hand); a failed check ends it FAILED with the reason, before any worker takes it.
   * Then it is queued for a worker. Resolves with whether it was queued.
   */
  async enqueue(job: JobRow, validate?: () => Promise<void>): Promise<boolean> {
    if (!this.boss) throw new Error('job engine not started');
    const text = jobLogTexts(job.language);
    await this.store.transition(job.id, 'VALIDATING', text.validating);
    await this.store.log(job.id, 'SYSTEM', text.validating);
    try {
      await validate?.();
    } catch (err) {
      await this.finish(job, 'FAILED', jobFailureMessage(job.language, err), 'ERROR');
      return false;
    }
    if (!(await this.store.transition(job.id, 'QUEUED', text.waitingForWorker))) return false;
    await this.store.log(job.id, 'SYSTEM', text.queued);
    await this.boss.send(QUEUE, { jobId: job.id });
    return true;
  }

  /** Cancel: a queued job ends at once; a running one is stopped by its worker's heartbeat. */
  async cancel(job: JobRow): Promise<void> {
    const text = jobLogTexts(job.language);
    await this.store.log(job.id, 'WARNING', text.cancelRequested);
    if (job.state !== 'RUNNING') {
      if (await this.store.transition(job.id, 'CANCELLED', text.cancelledByUser)) {
        await this.store.log(job.id, 'SYSTEM', text.cancelledBeforeStart);
      }
      return;
    }
    // A job running in this very process is stopped at once, without waiting for a heartbeat.
    this.running.get(job.id)?.abort(new CancelledError('Cancelled by user'));
  }

  private async execute(jobId: number): Promise<void> {
    const job = await this.store.get(jobId);
    if (!job || job.cancel_requested || !['START', 'VALIDATING', 'QUEUED'].includes(job.state)) return;
    const text = jobLogTexts(job.language);
    const handler = isJobType(job.job_type) ? this.handlers.get(job.job_type) : undefined;
    if (!handler) {
      await this.finish(job, 'FAILED', text.noHandler(job.job_type));
      return;
    }
    // Registered before the first await, so that a stop() from now on reaches this job: a job
    // stop() did not abort would keep the shutdown waiting for it (and run on after it).
    const controller = new AbortController();
    this.running.set(jobId, controller);
    if (this.stopping) controller.abort(new ShutdownError('server shutting down'));
    if (!(await this.store.start(jobId, this.workerId, text.startedOn(this.workerId)))) {
      this.running.delete(jobId);
      return;
    }

    const beat = setInterval(() => {
      void this.store
        .heartbeat(jobId, this.workerId)
        .then((hb) => {
          if (hb?.cancelRequested && !controller.signal.aborted) controller.abort(new CancelledError('Cancelled by user'));
          if (hb && hb.state !== 'RUNNING' && !controller.signal.aborted) controller.abort(new CancelledError(`Job became ${hb.state}`));
        })
        .catch(() => undefined);
    }, this.opts.heartbeatMs);

    const lines = sequentialLog((batch, percent) => this.store.append(jobId, batch, percent), {
      windowMs: this.opts.logBatchMs ?? DEFAULT_ENGINE_OPTIONS.logBatchMs!,
    });
    const ctx: JobRun = {
      job,
      signal: controller.signal,
      workerId: this.workerId,
      language: job.language,
      text,
      log: lines.log,
      progress: async (percent, message) => {
        lines.progress(percent);
        if (message) await lines.log('INFO', message);
      },
    };
    try {
      const message = await handler.run(ctx);
      await lines.settled(); // the job's own last lines come before its final one
      await this.store.linesWritten(jobId); // and so do the lines written to it from outside meanwhile
      if (controller.signal.aborted) throw controller.signal.reason;
      await this.store.progress(jobId, 100);
      await this.finish(job, 'COMPLETE', message, 'SUCCESS');
    } catch (err) {
      await lines.settled();
      await this.store.linesWritten(jobId);
      const reason = controller.signal.aborted ? controller.signal.reason : err;
      if (reason instanceof CancelledError) {
        await this.finish(job, 'CANCELLED', text.cancelledByUser, 'WARNING');
      } else if (reason instanceof ShutdownError) {
        await this.store.log(jobId, 'SYSTEM', text.shuttingDown(this.workerId));
        await this.store.requeue(jobId, text.waitingForWorker);
        await this.boss?.send(QUEUE, { jobId }).catch(() => undefined);
      } else {
        const message = jobFailureMessage(job.language, reason);
        reportError(reason, { tags: { caught: 'job', job_type: job.job_type } });
        await this.finish(job, 'FAILED', message, 'ERROR');
      }
    } finally {
      clearInterval(beat);
      this.running.delete(jobId);
    }
  }

  private async finish(job: JobRow, state: JobState, message: string, kind: LogKind = 'SYSTEM'): Promise<void> {
    await this.store.log(job.id, kind, jobLogTexts(job.language).ended(state, message));
    await this.store.transition(job.id, state, message);
  }

  /** Ends jobs nobody will finish: dead workers, the 24-hour limit, cancelled-while-queued. */
  async reap(): Promise<void> {
    for (const job of await this.store.stale(this.opts.staleMs)) {
      const seconds = Math.round(this.opts.staleMs / 1000);
      const text = jobLogTexts(job.language);
      await this.store.log(job.id, 'ERROR', text.workerSilent(job.worker_id ?? '?', seconds));
      await this.store.transition(job.id, 'FAILED', text.workerStopped);
    }
    for (const job of await this.store.overdue()) {
      const text = jobLogTexts(job.language);
      await this.store.log(job.id, 'ERROR', text.timedOut);
      await this.store.transition(job.id, 'TIMEOUT', text.timedOut);
    }
    for (const job of await this.store.queuedCancelled()) {
      await this.store.transition(job.id, 'CANCELLED', jobLogTexts(job.language).cancelledByUser);
    }
  }
}
