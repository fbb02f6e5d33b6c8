import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type JobCore } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { DatabaseHandle } from '../src/db/index.ts';
import { JobStore } from '../src/jobs/store.ts';
import { StreamReads } from '../src/jobs/stream-reads.ts';
import { loadSecrets } from '../src/secrets.ts';
import { MemoryMailer, signUp, type TestApp } from './helpers/app.ts';
import { createTestDatabase } from './helpers/database.ts';
import { followStream, waitFor, type FollowedStream } from './helpers/sse.ts';

/**
 * The live-log streams of one job share their reads (docs/decisions.md, "Live-log streams share a
 * read only when it began after their wake-up"): ten streams following a job cost one read (its
 * lines and its row, one statement) per write, not ten, and a stream never joins a read begun before the
 * wake-up it answers.
 */
const STREAMS = 10;
const LINES = 8;

let app: FastifyInstance;
let database: DatabaseHandle;
let dataDir: string;
let core: JobCore;
let base: string;
let token: string;
let userId: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'docent-stream-reads-'));
  const config = loadConfig({ DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'no-web'), RUN_WORKERS: 'false' });
  database = await createTestDatabase();
  app = await buildApp({
    config,
    database,
    secrets: await loadSecrets(config),
    mailer: new MemoryMailer(),
    logger: false,
    onCore: (c) => (core = c),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const call: TestApp['call'] = ({ token: t, headers, ...rest }) =>
    app.inject({ ...rest, headers: { ...(headers ?? {}), ...(t ? { authorization: `Bearer ${t}` } : {}) } });
  ({ token, id: userId } = await signUp({ call } as TestApp, 'stream-reads@example.com'));
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const newJob = () =>
  core.store.create({ userId, repositoryId: null, jobType: 'ANALYSIS', organizationName: 'o', repoName: 'r', vendor: 'GIT', payload: {} });

describe('live-log streams of one job', () => {
  it('read its new lines once per write for all ten, and all end when the job does', async () => {
    const job = await newJob();
    const streams: FollowedStream[] = [];
    for (let i = 0; i < STREAMS; i++)
      streams.push(await followStream(`${base}/api/v1/lro/logs/${job.id}/stream`, { authorization: `Bearer ${token}` }));
    await waitFor(() => streams.every((s) => s.text.includes('event: status')));
    const reads = vi.spyOn(JobStore.prototype, 'tail');
    try {
      for (let i = 0; i < LINES; i++) {
        await core.store.log(job.id, 'INFO', `line ${i}`);
        await waitFor(() => streams.every((s) => s.text.includes(`line ${i}`)));
      }
      // one read per write serves the ten streams (ten each before); a few more when a write
      // arrives while a read is under way, or (PostgreSQL) when the streams' backstop polls
      expect(reads.mock.calls.length).toBeGreaterThanOrEqual(LINES);
      expect(reads.mock.calls.length).toBeLessThanOrEqual(4 * LINES);
    } finally {
      reads.mockRestore();
    }
    await core.store.transition(job.id, 'COMPLETE', 'done');
    await waitFor(() => streams.every((s) => s.ended));
    for (const s of streams) {
      expect(s.ended).toBe(true);
      const order = Array.from({ length: LINES }, (_, i) => s.text.indexOf(`line ${i}`));
      expect(order.every((at, i) => at > 0 && (i === 0 || at > order[i - 1]!))).toBe(true);
      expect(s.text).toMatch(/event: end\ndata: \{[^\n]*"state":"COMPLETE"/);
    }
  }, 60_000);

  it('never join a read begun before their wake-up', async () => {
    const job = await newJob();
    // reads held back until the test lets them go, so that the first is still under way
    let letGo!: () => void;
    const gate = new Promise<void>((resolve) => (letGo = resolve));
    const slow = {
      tail: async (...a: Parameters<JobStore['tail']>) => {
        await gate;
        return core.store.tail(...a);
      },
    } as unknown as JobStore;
    const reads = new StreamReads(slow, core.bus);
    const first = reads.read(job.id, 0);
    // streams woken by the same wake-up: one read
    expect(reads.read(job.id, 0)).toBe(first);
    // another place in the log: a read of its own
    expect(reads.read(job.id, 5)).not.toBe(first);
    // the job's final transition and its wake-up, while `first` is under way: a new read
    const seq = core.bus.seq;
    await core.store.transition(job.id, 'COMPLETE', 'done');
    await waitFor(() => core.bus.seq > seq);
    expect(core.bus.seq).toBeGreaterThan(seq);
    const after = reads.read(job.id, 0);
    expect(after).not.toBe(first);
    letGo();
    expect((await after).end).toMatch(/"state":"COMPLETE"/);
    await first;
  });
});
