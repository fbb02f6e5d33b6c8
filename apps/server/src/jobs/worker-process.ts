import { fork, type ChildProcess } from 'node:child_process';
import type { FastifyBaseLogger } from 'fastify';
import { jobPriorityEnv } from './off-thread.ts';

/**
 * The job worker `npm start` runs beside the API on PostgreSQL (docs/decisions.md "Jobs in a
 * process of their own on PostgreSQL"): the `npm run worker` entry as a child process, so that
 * job statements, their answers and the analysis' bookkeeping are parsed on another thread than
 * the API's. Restarted after an unexpected exit (1 s, doubling to 30 s; back to 1 s after a
 * minute up), stopped with the API.
 */
export class WorkerProcess {
  private child: ChildProcess | null = null;
  private stopping = false;
  private delayMs = 1000;
  private restartTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly options: {
      /** `worker.mjs` of the bundle, or `worker.ts` of the sources (then run through tsx) */
      entry: string;
      log: FastifyBaseLogger;
      env?: NodeJS.ProcessEnv;
    },
  ) {}

  /** the running child's process id, if one runs */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  start(): void {
    const { entry, log } = this.options;
    const execArgv =
      entry.endsWith('.ts') && !process.execArgv.includes('tsx') ? [...process.execArgv, '--import', 'tsx'] : process.execArgv;
    // Its threads give way to the API's (JOB_THREAD_NICE, JOB_THREAD_IDLE), as the analysis processes do (lower-priority.ts).
    const env = { ...(this.options.env ?? process.env), ...jobPriorityEnv() };
    const child = fork(entry, [], { execArgv, env, stdio: 'inherit' });
    this.child = child;
    const started = Date.now();
    log.info({ pid: child.pid }, 'job worker process started');
    child.once('exit', (code, signal) => {
      this.child = null;
      if (this.stopping) return;
      if (Date.now() - started > 60_000) this.delayMs = 1000;
      log.error({ code, signal, restartInMs: this.delayMs }, 'job worker process exited; restarting it');
      this.restartTimer = setTimeout(() => {
        this.restartTimer = null;
        if (!this.stopping) this.start();
      }, this.delayMs);
      this.delayMs = Math.min(this.delayMs * 2, 30_000);
    });
  }

  /** SIGTERM (the worker finishes its shutdown: jobs handed back, database closed); SIGKILL after `graceMs` */
  async stop(graceMs = 10_000): Promise<void> {
    this.stopping = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  }
}
