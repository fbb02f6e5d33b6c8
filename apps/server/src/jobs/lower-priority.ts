import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * A job process gives way to the API: on Linux a thread's nice value is its own, so every thread the
 * process has yet (V8's helper threads start with it) is lowered by `by` steps (at most to 19); the
 * threads and processes it starts later (libuv's pool, the analyzer's parse and README workers, git)
 * inherit the main thread's value (docs/decisions.md "Jobs run in child processes"). With `idle`
 * every thread also moves to Linux's SCHED_IDLE policy (inherited the same way): a nice value only
 * weighs shares, so an API thread that wakes may still wait for a job thread's slice to end, while
 * a thread of the normal policy that wakes takes the core from an idle-policy one at once
 * (docs/decisions.md "Job processes run under SCHED_IDLE", docs/performance.md "Round 15").
 * Elsewhere, or where a value cannot be set, the process runs at the server's priority.
 */
export function lowerThisProcess(by: number, idle = false): void {
  if (!Number.isInteger(by) || by <= 0) return;
  try {
    for (const tid of readdirSync('/proc/self/task').map(Number)) setPriority(tid, Math.min(19, getPriority(tid) + by));
  } catch {
    // not Linux, or not allowed
    return;
  }
  // util-linux's chrt: Node has no sched_setscheduler; lowering one's own policy needs no privilege
  if (idle) spawnSync('chrt', ['--idle', '--all-tasks', '--pid', '0', String(process.pid)], { stdio: 'ignore', timeout: 10_000 });
}

/** the steps a parent asked this job process to give way by (`DOCENT_JOB_WORKER_NICE`) */
export const askedNice = (): number => Number(process.env.DOCENT_JOB_WORKER_NICE ?? 0);

/** whether the parent asked this job process for the idle policy too (`DOCENT_JOB_WORKER_IDLE`) */
export const askedIdle = (): boolean => process.env.DOCENT_JOB_WORKER_IDLE === '1';
