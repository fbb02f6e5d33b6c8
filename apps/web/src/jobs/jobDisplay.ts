import { ACTIVE_JOB_STATES, FINAL_JOB_STATES, JOB_TIMEOUT_MESSAGE, JOB_TIMEOUT_SECONDS, type Job, type JobState } from '@docent/contracts';

/** States the 24-hour rule applies to (running, queued or validating; docs/spec-conformance.md §4). */
const TIMEOUT_RULE_STATES: readonly JobState[] = ['RUNNING', 'QUEUED', 'VALIDATING'];

/** A job as shown: one running, queued or validating for 86400 s or more reads TIMEOUT. */
export function displayJob(job: Job): Job {
  if (TIMEOUT_RULE_STATES.includes(job.state) && job.totalTime >= JOB_TIMEOUT_SECONDS) {
    return { ...job, state: 'TIMEOUT', message: JOB_TIMEOUT_MESSAGE };
  }
  return job;
}

export function isActive(state: JobState): boolean {
  return ACTIVE_JOB_STATES.includes(state);
}

export function isFinal(state: JobState): boolean {
  return FINAL_JOB_STATES.includes(state);
}

/** Ids of the jobs to refresh in the 30-second batch call. */
export function activeJobIds(jobs: readonly Job[]): number[] {
  return jobs.filter((j) => isActive(displayJob(j).state)).map((j) => j.id);
}

/** The list with fresher copies of some jobs. */
export function mergeJobs(jobs: readonly Job[], updates: readonly Job[]): Job[] {
  if (!updates.length) return [...jobs];
  const byId = new Map(updates.map((u) => [u.id, u]));
  return jobs.map((j) => byId.get(j.id) ?? j);
}

export function newestFirst(a: Job, b: Job): number {
  return Date.parse(b.timeCreated) - Date.parse(a.timeCreated) || b.id - a.id;
}

/** antd tag colour of a state. */
export const STATE_COLOR: Record<JobState, string> = {
  START: 'default',
  VALIDATING: 'cyan',
  QUEUED: 'gold',
  RUNNING: 'processing',
  COMPLETE: 'success',
  FAILED: 'error',
  CANCELLED: 'warning',
  TIMEOUT: 'volcano',
};

/** "45s", "3m 05s", "2h 01m", "1d 02h". */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (s < 3600) return `${Math.floor(s / 60)}m ${pad(s % 60)}s`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h ${pad(Math.floor((s % 3600) / 60))}m`;
  return `${Math.floor(s / 86_400)}d ${pad(Math.floor((s % 86_400) / 3600))}h`;
}
