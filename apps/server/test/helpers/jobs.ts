import { decodeLogLine, type JobState } from '@docent/contracts';
import type { JobRow } from '../../src/db/schema.ts';
import type { TestApp } from './app.ts';

/** The states a job does not leave. */
const FINAL_STATES: readonly JobState[] = ['COMPLETE', 'FAILED', 'CANCELLED', 'TIMEOUT'];

export interface WaitOptions {
  /** the states to wait for; the final ones by default */
  states?: readonly string[];
  timeoutMs?: number;
  intervalMs?: number;
}

/** A job as `GET /api/v1/lro/{id}/status` answers it (the fields these tests read). */
export interface PolledJob {
  id: number;
  state: string;
  message: string;
  progress: number;
}

/**
 * Polls `GET /api/v1/lro/{id}/status` as the user of `token` until the job is in one of
 * `states` (a final state by default), and answers it; throws with the last state on timeout.
 */
export async function waitForJob(t: TestApp, token: string, id: number, opts: WaitOptions = {}): Promise<PolledJob> {
  const states = opts.states ?? FINAL_STATES;
  const until = Date.now() + (opts.timeoutMs ?? 60_000);
  for (;;) {
    const job = (await t.call({ method: 'GET', url: `/api/v1/lro/${id}/status`, token })).json() as PolledJob;
    if (states.includes(job.state)) return job;
    if (Date.now() > until) throw new Error(`job ${id} still ${job.state}: ${job.message}`);
    await new Promise((r) => setTimeout(r, opts.intervalMs ?? 100));
  }
}

/** The text of each line of a job's log, as `GET /api/v1/lro/logs/{id}` answers them. */
export async function jobTexts(t: TestApp, token: string, id: number): Promise<string[]> {
  const lines = (await t.call({ method: 'GET', url: `/api/v1/lro/logs/${id}`, token })).json() as string[];
  return lines.map((l) => decodeLogLine(l).text);
}

/** Waits for a job to end by reading its row (for jobs no signed-in user started, e.g. from a webhook). */
export async function waitForJobRow(t: TestApp, id: number, timeoutMs = 120_000): Promise<JobRow> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const row = await t.database.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    if ((FINAL_STATES as readonly string[]).includes(row.state)) return row;
    if (Date.now() > until) throw new Error(`job ${id} still ${row.state}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
