/**
 * `node --import tsx apps/server/bench/job-priority.ts [--seconds 20] [--burners 2]`: how late a
 * thread of the normal policy wakes beside CPU-bound job processes, for each way a job process can
 * give way (docs/performance.md "Round 15"). Each burner is a process that lowers itself with
 * `lowerThisProcess` (as a job worker does) and then spins; this process runs a 2 ms timer loop with
 * 1 ms of work per tick (an API thread's shape) and prints how late each timer fired, p50 / p90 / p99
 * / max, for: no lowering, nice 10, nice 10 plus SCHED_IDLE. Linux only; needs util-linux's chrt.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const arg = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const SECONDS = Number(arg('seconds') ?? 20);
const BURNERS = Number(arg('burners') ?? 2);
const LOWER = fileURLToPath(new URL('../src/jobs/lower-priority.ts', import.meta.url));

/** A spinning process that first gives way as a job worker does. */
function burner(nice: number, idle: boolean): ChildProcess {
  const code = `const { lowerThisProcess } = await import(${JSON.stringify(LOWER)}); lowerThisProcess(${nice}, ${idle}); process.send('ready'); for (;;) {}`;
  return spawn(process.execPath, [...process.execArgv, '--input-type=module', '-e', code], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

async function lateness(): Promise<number[]> {
  const late: number[] = [];
  const end = performance.now() + SECONDS * 1000;
  await new Promise<void>((resolve) => {
    const tick = (): void => {
      const armed = performance.now();
      setTimeout(() => {
        late.push(performance.now() - armed - 2);
        const work = performance.now();
        while (performance.now() - work < 1);
        if (performance.now() < end) tick();
        else resolve();
      }, 2);
    };
    tick();
  });
  return late.sort((a, b) => a - b);
}

const ms = (n: number | undefined): string => `${(n ?? NaN).toFixed(2)} ms`.padStart(9);
for (const [label, nice, idle] of [
  ['jobs not lowered', 0, false],
  ['jobs at nice 10', 10, false],
  ['jobs at nice 10 + SCHED_IDLE', 10, true],
] as const) {
  const burners = Array.from({ length: BURNERS }, () => burner(nice, idle));
  await Promise.all(burners.map((b) => new Promise((resolve) => b.once('message', resolve))));
  const late = await lateness();
  for (const b of burners) b.kill('SIGKILL');
  const at = (q: number): number | undefined => late[Math.min(late.length - 1, Math.floor(q * late.length))];
  console.log(
    `${label.padEnd(30)} timer lateness p50 ${ms(at(0.5))}  p90 ${ms(at(0.9))}  p99 ${ms(at(0.99))}  max ${ms(late.at(-1))}  (${late.length} ticks, ${BURNERS} spinning job processes)`,
  );
}
process.exit(0);
