// Start-up time of a server command (docs/performance.md, "Start-up"): wall time from the
// command's start to the first 200 of /api/health, and the CPU time (user + system) of the whole
// process tree until then, read from /proc (Linux). The command runs in its own process group on
// a given data dir (migrated once beforehand, so PGlite's first start is not measured) and is
// stopped after the answer.
//
//   node scripts/bench-start.mjs <data dir> <runs> -- <command…>
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:net';

const [dataDir, runsArg, dashes, ...command] = process.argv.slice(2);
if (!dataDir || dashes !== '--' || command.length === 0) {
  process.stderr.write('usage: node scripts/bench-start.mjs <data dir> <runs> -- <command…>\n');
  process.exit(2);
}

const TICKS = 100; // USER_HZ on Linux

/** CPU seconds (user + system, its waited-for children included) of every process in group `pgid`. */
function groupCpu(pgid) {
  let ticks = 0;
  for (const pid of fs.readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pgid) continue; // field 5: pgrp
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]); // utime stime cutime cstime
    } catch {
      // gone meanwhile
    }
  }
  return ticks / TICKS;
}

const freePort = () =>
  new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

for (let run = 1; run <= Number(runsArg); run++) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(command[0], command.slice(1), {
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  let cpu = 0;
  for (;;) {
    cpu = Math.max(cpu, groupCpu(child.pid));
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (child.exitCode !== null) throw new Error(`the command exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const wall = (performance.now() - started) / 1000;
  cpu = Math.max(cpu, groupCpu(child.pid));
  process.kill(-child.pid, 'SIGTERM');
  await new Promise((r) => child.once('exit', r));
  process.stdout.write(`run ${run}: ${wall.toFixed(1)} s wall, ${cpu.toFixed(1)} s CPU to the first /api/health\n`);
}
