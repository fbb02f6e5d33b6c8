import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { JobStore } from '../src/jobs/store.ts';
import { createTestApp, signUp, type TestApp } from './helpers/app.ts';
import { GitDaemon } from './helpers/git-daemon.ts';

/**
 * The live streams of one job share their database reads (docs/performance.md, "Jobs off the
 * API's event loop"): a wake-up of 10 streams reads the new lines and the job once, not 10 times,
 * and every stream still gets the line and the end.
 */
let t: TestApp;
let daemon: GitDaemon;
let token: string;
let jobId: number;
let port: number;

beforeAll(async () => {
  daemon = await GitDaemon.start();
  await daemon.addRepo('fanout', [{ 'a.py': 'def f():\n    return 1\n' }]);
  t = await createTestApp({ RUN_WORKERS: 'false' });
  token = (await signUp(t, 'fanout@example.com')).token;
  await t.call({ method: 'POST', url: '/api/v1/git/repos', token, payload: { url: daemon.url('fanout') } });
  jobId = (await t.call({ method: 'POST', url: '/api/v1/git/analyze/repo', token, payload: { git_repo: { organization_name: 'local', repo_name: 'fanout' }, vendor: 'GIT' } })).json().lroJobId as number;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
}, 120_000);
afterAll(async () => {
  await t.close();
  await daemon.stop();
});

async function follow() {
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/lro/logs/${jobId}/stream`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  const out = { text: '', ended: false };
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const first = await reader.read(); // the stream is live
  out.text += decoder.decode(first.value);
  void (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) break;
      out.text += decoder.decode(value);
    }
    out.ended = true;
  })();
  return out;
}

describe('live streams of one job', () => {
  it('ten streams woken by the job\'s cancellation read its lines and its row once, and all get the end', async () => {
    const streams = [];
    for (let i = 0; i < 10; i++) streams.push(await follow());
    // every stream has read the history already: what follows is the wake-up's reads only
    await new Promise((r) => setTimeout(r, 300));
    const logs = vi.spyOn(JobStore.prototype, 'logs');
    const get = vi.spyOn(JobStore.prototype, 'get');
    try {
      expect((await t.call({ method: 'POST', url: `/api/v1/git/lro/${jobId}/terminate`, token })).statusCode).toBe(200);
      const until = Date.now() + 10_000;
      while (streams.some((s) => !s.ended) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      expect(streams.map((s) => s.ended)).toEqual(Array(10).fill(true));
      for (const s of streams) expect(s.text).toMatch(/event: end\ndata: .*"CANCELLED"/);
      const streamReads = logs.mock.calls.filter((c) => c[2] === 2000).length;
      // one read per wake-up (the cancellation may wake the streams more than once), not one per stream
      expect(streamReads).toBeGreaterThan(0);
      expect(streamReads).toBeLessThanOrEqual(3);
      expect(get.mock.calls.filter((c) => c[0] === jobId).length).toBeLessThanOrEqual(4);
    } finally {
      logs.mockRestore();
      get.mockRestore();
    }
  });
});
