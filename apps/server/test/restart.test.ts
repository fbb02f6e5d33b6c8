import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeLogLine } from '@docent/contracts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { DatabaseHandle } from '../src/db/index.ts';
import { loadSecrets } from '../src/secrets.ts';
import { MemoryMailer } from './helpers/app.ts';
import { createTestDatabase } from './helpers/database.ts';
import { GitDaemon, GitGate } from './helpers/git-daemon.ts';

/** A server restart in the middle of a job loses neither the job nor a log line. */
let database: DatabaseHandle;
let daemon: GitDaemon;
let gate: GitGate;
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  daemon = await GitDaemon.start();
  gate = await GitGate.start(daemon);
  const files: Record<string, string> = {};
  for (let i = 0; i < 20; i++) files[`m${i}.py`] = Array.from({ length: 25 }, (_, j) => `def f${j}(a):\n    return a\n`).join('\n');
  await daemon.addRepo('restart', [files]);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'docent-restart-'));
}, 120_000);

afterAll(async () => {
  await database?.close();
  await gate?.stop();
  await daemon?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

async function start() {
  const config = loadConfig({
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'none'),
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    OUTBOUND_ALLOW: '127.0.0.1',
  });
  const app = await buildApp({ config, database, secrets: await loadSecrets(config), mailer: new MemoryMailer(), logger: false });
  await app.ready();
  return app;
}

describe('restarting the server', () => {
  it('re-queues the running job and keeps every log line', async () => {
    let app = await start();
    const signup = await app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: { first_name: 'R', email: 'restart@example.com', password: 'Restart-Pass1' },
    });
    const token = signup.json().token as string;
    const auth = { authorization: `Bearer ${token}` };
    expect(
      (await app.inject({ method: 'POST', url: '/api/v1/git/repos', headers: auth, payload: { url: gate.url('restart') } })).statusCode,
    ).toBe(201);
    // The clone will hang at the gate: the job is certainly running when the server stops.
    gate.hold();
    const { lroJobId } = (
      await app.inject({
        method: 'POST',
        url: '/api/v1/git/analyze/repo',
        headers: auth,
        payload: { git_repo: { organization_name: 'local', repo_name: 'restart' }, vendor: 'GIT' },
      })
    ).json();

    for (let i = 0; i < 600; i++) {
      const s = (await app.inject({ method: 'GET', url: `/api/v1/lro/${lroJobId}/status`, headers: auth })).json();
      if (s.state === 'RUNNING') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    // Stop while git is connected and waiting at the gate (the hardest moment to stop a clone).
    for (let i = 0; i < 600; i++) {
      const lines = (await app.inject({ method: 'GET', url: `/api/v1/lro/logs/${lroJobId}`, headers: auth })).json() as string[];
      if (lines.some((l) => decodeLogLine(l).text.startsWith('git clone')) && gate.waitingCount > 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(gate.waitingCount).toBe(1);
    const before = (await app.inject({ method: 'GET', url: `/api/v1/lro/logs/${lroJobId}`, headers: auth })).json() as string[];
    await app.close();

    gate.release();
    app = await start();
    let state = '';
    for (let i = 0; i < 1200 && state !== 'COMPLETE' && state !== 'FAILED'; i++) {
      state = (await app.inject({ method: 'GET', url: `/api/v1/lro/${lroJobId}/status`, headers: auth })).json().state;
      await new Promise((r) => setTimeout(r, 100));
    }
    const after = (await app.inject({ method: 'GET', url: `/api/v1/lro/logs/${lroJobId}`, headers: auth })).json() as string[];
    await app.close();

    expect(state, after.join('\n')).toBe('COMPLETE');
    expect(after.slice(0, before.length)).toEqual(before);
    const texts = after.map((l) => decodeLogLine(l).text);
    expect(texts.some((t) => /is shutting down; the job goes back to the queue/.test(t))).toBe(true);
    expect(texts.filter((t) => t.startsWith('Started on worker'))).toHaveLength(2);
    expect(texts.at(-1)).toBe('Job COMPLETE: Analysis complete');
  }, 180_000);
});
