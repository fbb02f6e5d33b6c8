import { sql, type Kysely } from 'kysely';
import {
  ACTIVE_JOB_STATES,
  encodeLogLine,
  FINAL_JOB_STATES,
  jobLogTexts,
  type JobLanguage,
  JOB_TIMEOUT_SECONDS,
  type Job,
  type JobState,
  type JobType,
  type LogKind,
  type Vendor,
} from '@docent/contracts';
import type { Database, JobRow } from '../db/schema.ts';
import type { LogBus } from './log-bus.ts';

export interface NewJob {
  userId: string;
  repositoryId: string | null;
  jobType: JobType;
  organizationName: string;
  repoName: string;
  vendor: Vendor;
  /** stored as JSON; queueRepoJob (queue.ts) is where a payload is checked against its type */
  payload: object;
  /**
   * The language its log is worded in: the starting request's (docs/i18n.md, "Job-log lines");
   * without one (a webhook, an automatic update) the language stored with the account.
   */
  language?: JobLanguage;
  /** store `language` with the account too (the signed-in web app started the job and reads another language) */
  rememberLanguage?: boolean;
}

export interface JobFilter {
  status?: JobState[];
  types?: string[];
  from?: Date;
  to?: Date;
  q?: string;
  orgName?: string;
  repoName?: string;
  limit: number;
  offset: number;
}

/** A progress as stored: a whole percentage from 0 to 100. */
const clampProgress = (percent: number) => Math.max(0, Math.min(100, Math.round(percent)));

const isFinal = (s: string) => (FINAL_JOB_STATES as readonly string[]).includes(s);

/** Seconds from creation to the end, or to now while running. */
function totalTime(row: JobRow, now = Date.now()): number {
  const end = row.finished_at ? new Date(row.finished_at).getTime() : now;
  return Math.max(0, Math.round((end - new Date(row.time_created).getTime()) / 1000));
}

export function toJob(row: JobRow, now = Date.now()): Job {
  const seconds = totalTime(row, now);
  // An active job of 24 hours or more (docs/spec-conformance.md §4) is shown as TIMEOUT even before the reaper runs.
  const timedOut = (ACTIVE_JOB_STATES as readonly string[]).includes(row.state) && seconds >= JOB_TIMEOUT_SECONDS;
  return {
    id: row.id,
    jobType: row.job_type,
    organizationName: row.organization_name,
    repoName: row.repo_name,
    vendor: row.vendor as Vendor,
    state: (timedOut ? 'TIMEOUT' : row.state) as JobState,
    message: timedOut ? jobLogTexts(row.language).timedOut : row.message,
    progress: row.progress,
    timeCreated: new Date(row.time_created).toISOString(),
    totalTime: seconds,
  };
}

/** The jobs and job_logs tables. Every read takes the owner, so ids of other users are not found. */
export class JobStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly bus: LogBus,
    /**
     * The database has one connection and runs one statement at a time (PGlite): a batch's
     * insert needs no lock against another writer, so it goes in one statement with its progress
     * (docs/performance.md, "Round 13").
     */
    private readonly opts: { oneConnection?: boolean } = {},
  ) {}

  async create(job: NewJob): Promise<JobRow> {
    if (job.language && job.rememberLanguage) {
      await this.db
        .updateTable('users')
        .set({ language: job.language })
        .where('id', '=', job.userId)
        .where('language', '<>', job.language)
        .execute();
    }
    const row = await this.db
      .insertInto('jobs')
      .values({
        user_id: job.userId,
        repository_id: job.repositoryId,
        job_type: job.jobType,
        organization_name: job.organizationName,
        repo_name: job.repoName,
        vendor: job.vendor,
        payload: JSON.stringify(job.payload),
        language: job.language ?? sql<JobLanguage>`coalesce((SELECT language FROM users WHERE id = ${job.userId}), 'en')`,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await this.log(row.id, 'SYSTEM', jobLogTexts(row.language).created(row.id, job.jobType, `${job.organizationName}/${job.repoName}`));
    return row;
  }

  get(id: number): Promise<JobRow | undefined> {
    return this.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  getForUser(id: number, userId: string): Promise<JobRow | undefined> {
    return this.db.selectFrom('jobs').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  }

  async list(userId: string, f: JobFilter): Promise<{ rows: JobRow[]; total: number }> {
    let q = this.db.selectFrom('jobs').where('user_id', '=', userId);
    if (f.status?.length) q = q.where('state', 'in', f.status);
    if (f.types?.length) q = q.where('job_type', 'in', f.types);
    if (f.from) q = q.where('time_created', '>=', f.from);
    if (f.to) q = q.where('time_created', '<=', f.to);
    if (f.orgName) q = q.where(sql<string>`lower(organization_name)`, '=', f.orgName.toLowerCase());
    if (f.repoName) q = q.where(sql<string>`lower(repo_name)`, '=', f.repoName.toLowerCase());
    if (f.q) {
      const like = `%${f.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      q = q.where((eb) =>
        eb.or([
          eb(sql<string>`id::text`, '=', f.q!.trim()),
          eb(sql<string>`lower(job_type)`, 'like', like),
          eb(sql<string>`lower(organization_name)`, 'like', like),
          eb(sql<string>`lower(repo_name)`, 'like', like),
        ]),
      );
    }
    const [rows, count] = await Promise.all([
      q.selectAll().orderBy('time_created', 'desc').orderBy('id', 'desc').limit(f.limit).offset(f.offset).execute(),
      q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  async byIds(userId: string, ids: number[]): Promise<JobRow[]> {
    if (ids.length === 0) return [];
    return this.db.selectFrom('jobs').selectAll().where('user_id', '=', userId).where('id', 'in', ids).execute();
  }

  /** This process's one-line writes still under way, per job (see `linesWritten`). */
  private readonly writing = new Map<number, Set<Promise<unknown>>>();

  /** Appends one log line with the next sequence number and wakes live-log streams. */
  log(jobId: number, kind: LogKind, text: string): Promise<number> {
    const write = this.db
      .transaction()
      .execute(async (trx) => {
        await lockJobLog(trx, jobId);
        return insertLogLine(trx, jobId, kind, text);
      })
      .then((row) => {
        this.bus.publish(jobId);
        return row.seq;
      });
    const pending = this.writing.get(jobId) ?? new Set<Promise<unknown>>();
    this.writing.set(jobId, pending);
    pending.add(write);
    const done = (): void => {
      pending.delete(write);
      if (pending.size === 0 && this.writing.get(jobId) === pending) this.writing.delete(jobId);
    };
    write.then(done, done);
    return write;
  }

  /**
   * Settles once every one-line write this process began for `jobId` has (a line written from
   * outside the job, as a cancel request's is): the engine waits for it before the job's final
   * line, which on PostgreSQL could otherwise commit first on another pooled connection.
   */
  async linesWritten(jobId: number): Promise<void> {
    const pending = this.writing.get(jobId);
    if (pending) await Promise.allSettled([...pending]);
  }

  /**
   * A running job's batch (sequential-log.ts): its progress when given, then its lines in order
   * after the job's last one, in one insert; the job's live-log streams are woken once.
   */
  async append(jobId: number, lines: ReadonlyArray<{ kind: LogKind; text: string }>, progress: number | null): Promise<void> {
    if (lines.length === 0) {
      if (progress !== null) await this.setProgress(jobId, progress);
    } else if (this.opts.oneConnection) {
      // No other statement can run between reading the last sequence number and inserting after it.
      await insertLogLines(this.db, jobId, lines, progress);
    } else {
      await this.db.transaction().execute(async (trx) => {
        await lockJobLog(trx, jobId);
        await insertLogLines(trx, jobId, lines, progress);
      });
    }
    this.bus.publish(jobId);
  }

  /**
   * What a live-log stream writes after a wake-up, in one statement: the job's row and its lines
   * after `since` (at most `limit`), in order, in the wire format; null when the job is gone.
   */
  async tail(jobId: number, since: number, limit: number): Promise<{ row: JobRow; lines: Array<{ seq: number; line: string }> } | null> {
    const found = await this.db
      .selectFrom('jobs')
      .selectAll('jobs')
      .select(
        sql<TailLine[] | null>`(
          select json_agg(json_build_array(l.seq, l.kind, floor(extract(epoch from l.ts) * 1000), l.text) order by l.seq)
          from (select seq, kind, ts, text from job_logs where job_id = ${jobId} and seq > ${since} order by seq limit ${limit}) l
        )`.as('tail_lines'),
      )
      .where('id', '=', jobId)
      .executeTakeFirst();
    if (!found) return null;
    const { tail_lines: tailLines, ...row } = found;
    const lines = (tailLines ?? []).map(([seq, kind, ms, text]) => ({
      seq: Number(seq),
      line: encodeLogLine({ kind: kind as LogKind, timestamp: new Date(Number(ms)).toISOString(), text }),
    }));
    return { row, lines };
  }

  /** Lines after `since` (a sequence number), in order, in the wire format. */
  async logs(jobId: number, since = 0, limit = 100_000): Promise<Array<{ seq: number; line: string }>> {
    const rows = await this.db
      .selectFrom('job_logs')
      .select(['seq', 'kind', 'ts', 'text'])
      .where('job_id', '=', jobId)
      .where('seq', '>', since)
      .orderBy('seq')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      seq: r.seq,
      line: encodeLogLine({ kind: r.kind as LogKind, timestamp: new Date(r.ts).toISOString(), text: r.text }),
    }));
  }

  async lastSeq(jobId: number): Promise<number> {
    const r = await this.db
      .selectFrom('job_logs')
      .select((eb) => eb.fn.max('seq').as('m'))
      .where('job_id', '=', jobId)
      .executeTakeFirst();
    return Number(r?.m ?? 0);
  }

  /** Moves a job to `state` unless it is already final; returns whether it moved. */
  async transition(
    jobId: number,
    state: JobState,
    message: string,
    extra: { progress?: number; workerId?: string | null } = {},
  ): Promise<boolean> {
    const moved = await this.move(this.db, jobId, state, message, extra);
    if (moved) this.bus.publish(jobId);
    return moved;
  }

  /**
   * A worker takes a job: RUNNING and its "Started on worker" line in one transaction, so a
   * worker killed in between never leaves a running job whose log does not say who ran it.
   */
  async start(jobId: number, workerId: string, line: string): Promise<boolean> {
    const moved = await this.db.transaction().execute(async (trx) => {
      if (!(await this.move(trx, jobId, 'RUNNING', 'Running', { workerId, progress: 0 }, ['START', 'VALIDATING', 'QUEUED']))) return false;
      await lockJobLog(trx, jobId);
      await insertLogLine(trx, jobId, 'SYSTEM', line);
      return true;
    });
    if (moved) this.bus.publish(jobId);
    return moved;
  }

  /** The update itself; `from` narrows the states it may leave (by default any but a final one). */
  private async move(
    db: Kysely<Database>,
    jobId: number,
    state: JobState,
    message: string,
    extra: { progress?: number; workerId?: string | null },
    from?: JobState[],
  ): Promise<boolean> {
    const final = isFinal(state);
    const res = await db
      .updateTable('jobs')
      .set({
        state,
        message,
        ...(extra.progress !== undefined ? { progress: extra.progress } : {}),
        ...(extra.workerId !== undefined ? { worker_id: extra.workerId } : {}),
        ...(state === 'RUNNING' ? { started_at: new Date(), heartbeat_at: new Date(), attempts: sql`attempts + 1` } : {}),
        ...(final ? { finished_at: new Date() } : {}),
      })
      .where('id', '=', jobId)
      .where('state', from ? 'in' : 'not in', from ?? (FINAL_JOB_STATES as JobState[]))
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  async progress(jobId: number, percent: number): Promise<void> {
    await this.setProgress(jobId, percent);
    this.bus.publish(jobId);
  }

  private async setProgress(jobId: number, percent: number): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({ progress: clampProgress(percent) })
      .where('id', '=', jobId)
      .where('state', '=', 'RUNNING')
      .execute();
  }

  /** Heartbeat of a running job; answers whether a cancel was asked for. */
  async heartbeat(jobId: number, workerId: string): Promise<{ cancelRequested: boolean; state: string } | null> {
    const row = await this.db
      .updateTable('jobs')
      .set({ heartbeat_at: new Date() })
      .where('id', '=', jobId)
      .where('worker_id', '=', workerId)
      .returning(['cancel_requested', 'state'])
      .executeTakeFirst();
    return row ? { cancelRequested: row.cancel_requested, state: row.state } : null;
  }

  /** Marks a cancel request on an active job; false when it is already final. */
  async requestCancel(jobId: number, userId: string): Promise<JobRow | null> {
    const row = await this.db
      .updateTable('jobs')
      .set({ cancel_requested: true })
      .where('id', '=', jobId)
      .where('user_id', '=', userId)
      .where('state', 'in', ACTIVE_JOB_STATES as JobState[])
      .returningAll()
      .executeTakeFirst();
    return row ?? null;
  }

  /** A running job handed back to the queue (graceful worker shutdown). */
  async requeue(jobId: number, message: string): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({ state: 'QUEUED', message, worker_id: null, progress: 0 })
      .where('id', '=', jobId)
      .where('state', '=', 'RUNNING')
      .execute();
    this.bus.publish(jobId);
  }

  /** Running jobs whose worker stopped sending heartbeats. */
  stale(olderThanMs: number): Promise<JobRow[]> {
    return this.db
      .selectFrom('jobs')
      .selectAll()
      .where('state', '=', 'RUNNING')
      .where('heartbeat_at', '<', new Date(Date.now() - olderThanMs))
      .execute();
  }

  /** Active jobs older than the 24-hour limit. */
  overdue(): Promise<JobRow[]> {
    return this.db
      .selectFrom('jobs')
      .selectAll()
      .where('state', 'in', ACTIVE_JOB_STATES as JobState[])
      .where('time_created', '<', new Date(Date.now() - JOB_TIMEOUT_SECONDS * 1000))
      .execute();
  }

  /** Jobs cancelled before a worker took them (state still QUEUED or START). */
  queuedCancelled(): Promise<JobRow[]> {
    return this.db
      .selectFrom('jobs')
      .selectAll()
      .where('state', 'in', ['START', 'VALIDATING', 'QUEUED'])
      .where('cancel_requested', '=', true)
      .execute();
  }
}

/**
 * Every writer of a job's log (the job's batches, a cancel request's line, the start line) takes
 * this lock for the rest of its transaction before it reads the job's last seq. Writers then
 * queue in arrival order instead of racing for the same seq: with a retry on conflict, a lone
 * writer could lose to a busy job's batches until after its COMPLETE line (docs/decisions.md
 * "Job log writers queue").
 */
async function lockJobLog(trx: Kysely<Database>, jobId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${JOB_LOG_LOCK_SPACE}::integer, ${jobId}::integer)`.execute(trx);
}

/** The first key of the two-key advisory locks on job logs (the second is the job's id). */
const JOB_LOG_LOCK_SPACE = 0x6a6c; // "jl"

/** Appends one line with the job's next sequence number. */
function insertLogLine(db: Kysely<Database>, jobId: number, kind: LogKind, text: string): Promise<{ seq: number }> {
  return db
    .insertInto('job_logs')
    .columns(['job_id', 'seq', 'kind', 'text'])
    .expression(
      db
        .selectFrom('job_logs')
        .select([
          sql<number>`${jobId}`.as('job_id'),
          sql<number>`coalesce(max(seq), 0) + 1`.as('seq'),
          sql<string>`${kind}`.as('kind'),
          sql<string>`${text.slice(0, 10_000)}`.as('text'),
        ])
        .where('job_id', '=', jobId),
    )
    .returning('seq')
    .executeTakeFirstOrThrow();
}

/** A log line as `tail` reads it: sequence number, kind, epoch milliseconds, text. */
type TailLine = [number, string, number | string, string];

/**
 * Appends lines in their order with the job's next sequence numbers, in one statement, and sets
 * the running job's progress in the same statement when one is given.
 */
async function insertLogLines(
  db: Kysely<Database>,
  jobId: number,
  lines: ReadonlyArray<{ kind: LogKind; text: string }>,
  progress: number | null = null,
): Promise<void> {
  const rows = sql.join(lines.map((l, i) => sql`(${i + 1}::integer, ${l.kind}::text, ${l.text.slice(0, 10_000)}::text)`));
  const setProgress =
    progress === null
      ? sql``
      : sql`with moved as (update jobs set progress = ${clampProgress(progress)}::integer where id = ${jobId} and state = 'RUNNING') `;
  await sql`
    ${setProgress}insert into job_logs (job_id, seq, kind, text)
    select ${jobId}::integer, m.base + t.n, t.kind, t.text
    from (select coalesce(max(seq), 0) as base from job_logs where job_id = ${jobId}) m,
         (values ${rows}) as t(n, kind, text)
    order by t.n`.execute(db);
}
