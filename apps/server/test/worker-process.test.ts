import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { WorkerProcess } from '../src/jobs/worker-process.ts';
import { processAlive } from './helpers/process.ts';

// `npm start` on PostgreSQL runs the jobs in a worker process beside the API
// (docs/decisions.md "Jobs in a process of their own on PostgreSQL").

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docent-worker-process-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function until<T>(what: string, probe: () => T | undefined): Promise<T> {
  for (const end = Date.now() + 15_000; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
    const value = probe();
    if (value !== undefined) return value;
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('where npm start runs the jobs', () => {
  const base = { DATA_DIR: dir };
  it('in a worker process on PostgreSQL unless RUN_WORKERS says otherwise; never on the embedded database', () => {
    const url = 'postgres://docent@127.0.0.1:5432/docent';
    expect(loadConfig({ ...base, DATABASE_URL: url }).workerProcess).toBe(true);
    expect(loadConfig({ ...base, DATABASE_URL: url, RUN_WORKERS: 'true' }).workerProcess).toBe(true);
    expect(loadConfig({ ...base, DATABASE_URL: url, RUN_WORKERS: 'in-process' })).toMatchObject({ workerProcess: false, runWorkers: true });
    expect(loadConfig({ ...base, DATABASE_URL: url, RUN_WORKERS: 'false' })).toMatchObject({ workerProcess: false, runWorkers: false });
    expect(loadConfig(base)).toMatchObject({ workerProcess: false, runWorkers: true });
  });
});

describe('the worker process', () => {
  it('is started again after it dies, and stopped with the API', async () => {
    // An entry that records each start and dies the first time.
    const starts = path.join(dir, 'starts');
    const entry = path.join(dir, 'entry.mjs');
    fs.writeFileSync(
      entry,
      `import fs from 'node:fs';
fs.appendFileSync(${JSON.stringify(starts)}, process.pid + '\\n');
if (fs.readFileSync(${JSON.stringify(starts)}, 'utf8').trim().split('\\n').length === 1) process.exit(3);
setInterval(() => undefined, 1000);
process.on('SIGTERM', () => process.exit(0));
`,
    );
    const log = Fastify({ logger: false }).log;
    const worker = new WorkerProcess({ entry, log });
    worker.start();
    const pids = await until('a second start', () => {
      const lines = fs.existsSync(starts) ? fs.readFileSync(starts, 'utf8').trim().split('\n').map(Number) : [];
      return lines.length === 2 ? lines : undefined;
    });
    expect(pids[0]).not.toBe(pids[1]);
    expect(worker.pid).toBe(pids[1]);
    expect(processAlive(pids[1]!)).toBe(true);
    await worker.stop();
    expect(processAlive(pids[1]!)).toBe(false);
    expect(worker.pid).toBeUndefined();
    // no start after the stop
    await new Promise((r) => setTimeout(r, 1200));
    expect(fs.readFileSync(starts, 'utf8').trim().split('\n')).toHaveLength(2);
  }, 20_000);
});
