import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * A job process gives way to the API: on Linux a thread's nice value is its own, so every thread the
 * process has yet (V8's helper threads start with it) is lowered by `by` steps (at most to 19); the
 * threads and processes it starts later (libuv's pool, the analyzer's parse and README workers, git)
 * inherit the main thread's value (docs/decisions.md "Jobs run in child processes"). Elsewhere, or
 * where the value cannot be set, the process runs at the server's priority.
 */
export function lowerThisProcess(by: number): void {
  if (!Number.isInteger(by) || by <= 0) return;
  try {
    for (const tid of readdirSync('/proc/self/task').map(Number)) setPriority(tid, Math.min(19, getPriority(tid) + by));
  } catch {
    // not Linux, or not allowed
  }
}

/** the steps a parent asked this job process to give way by (`DOCENT_JOB_WORKER_NICE`) */
export const askedNice = (): number => Number(process.env.DOCENT_JOB_WORKER_NICE ?? 0);
