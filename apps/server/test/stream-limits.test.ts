import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AuthService } from '../src/auth/service.ts';
import { STREAM_RECHECK, StreamSlots } from '../src/http/sse.ts';
import { createTestApp, form, PASSWORD, signUp, type TestApp } from './helpers/app.ts';
import { followStream, waitFor, type FollowedStream } from './helpers/sse.ts';
import { GitDaemon } from './helpers/git-daemon.ts';

/**
 * docs/security.md: one user may hold at most SSE_MAX_STREAMS_PER_USER live streams. With no
 * workers the job stays QUEUED, so its log stream stays open until the client leaves.
 */
let t: TestApp;
let daemon: GitDaemon;
let port: number;
let alice: string;
let bob: string;
let jobId: number;
let bobJob: number;

beforeAll(async () => {
  daemon = await GitDaemon.start();
  await daemon.addRepo('streams', [{ 'a.py': 'def f():\n    return 1\n' }]);
  t = await createTestApp({ RUN_WORKERS: 'false', SSE_MAX_STREAMS_PER_USER: '3', SSE_MAX_STREAMS: '5' });
  alice = (await signUp(t, 'streams-a@example.com')).token;
  bob = (await signUp(t, 'streams-b@example.com')).token;
  const queue = async (token: string) => {
    await t.call({ method: 'POST', url: '/api/v1/git/repos', token, payload: { url: daemon.url('streams') } });
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/git/analyze/repo',
      token,
      payload: { git_repo: { organization_name: 'local', repo_name: 'streams' }, vendor: 'GIT' },
    });
    return res.json().lroJobId as number;
  };
  jobId = await queue(alice);
  bobJob = await queue(bob);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
}, 60_000);
afterAll(async () => {
  await t.close();
  await daemon.stop();
});

async function open(token: string, id: number): Promise<{ status: number; body: string; close: () => void }> {
  const controller = new AbortController();
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/lro/logs/${id}/stream`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  if (res.status !== 200) return { status: res.status, body: await res.text(), close: () => undefined };
  const reader = res.body!.getReader();
  await reader.read(); // the stream is live
  return { status: 200, body: '', close: () => controller.abort() };
}

describe('live streams are limited per user and in all', () => {
  it("refuses a user's fourth stream with 429 {detail}, and frees a slot when one closes", async () => {
    expect(jobId).toBeGreaterThan(0);
    const streams = [await open(alice, jobId), await open(alice, jobId), await open(alice, jobId)];
    expect(streams.map((s) => s.status)).toEqual([200, 200, 200]);
    const fourth = await open(alice, jobId);
    expect(fourth.status).toBe(429);
    expect(JSON.parse(fourth.body).detail).toMatch(/3 live streams/);
    // another user is not affected by alice's streams
    const bobs = await open(bob, bobJob);
    expect(bobs.status).toBe(200);
    streams[0]!.close();
    await new Promise((r) => setTimeout(r, 200));
    const again = await open(alice, jobId);
    expect(again.status).toBe(200);
    // the global cap (5): alice 3 + bob 1 + 1 more for bob, then refused
    const bobsSecond = await open(bob, bobJob);
    expect(bobsSecond.status).toBe(200);
    const over = await open(bob, bobJob);
    expect(over.status).toBe(429);
    expect(JSON.parse(over.body).detail).toMatch(/too many live streams/);
    for (const s of [...streams, again, bobs, bobsSecond]) s.close();
  });

  it('slots are released once, whatever closes them', () => {
    const slots = new StreamSlots(2, 10);
    const a = slots.acquire('u');
    const b = slots.acquire('u');
    expect(() => slots.acquire('u')).toThrow(/2 live streams/);
    a();
    a();
    expect(slots.open).toBe(1);
    const c = slots.acquire('u');
    b();
    c();
    expect(slots.open).toBe(0);
  });
});

describe('open streams re-check their credential (security round 2)', () => {
  /** Opens a stream and collects its text until the server ends it (or `ms` pass). */
  async function follow(headers: Record<string, string>, id: number, ms = 8000): Promise<FollowedStream> {
    const out = await followStream(`http://127.0.0.1:${port}/api/v1/lro/logs/${id}/stream`, headers, ms);
    await new Promise((r) => setTimeout(r, 100));
    return out;
  }

  it("a stream closes with a `revoked` event once its session is signed out; another session's stream flows on", async () => {
    const saved = STREAM_RECHECK.everyMs;
    STREAM_RECHECK.everyMs = 200;
    try {
      const login = async () =>
        (await t.call({ method: 'POST', url: '/api/login', ...form({ username: 'streams-a@example.com', password: PASSWORD }) })).json()
          .token as string;
      const doomed = await login();
      const kept = await login();
      const a = await follow({ authorization: `Bearer ${doomed}` }, jobId);
      const b = await follow({ authorization: `Bearer ${kept}` }, jobId);
      expect((await t.call({ method: 'POST', url: '/api/v1/auth/logout', token: doomed })).statusCode).toBe(200);
      await waitFor(() => a.ended);
      expect(a.ended).toBe(true);
      expect(a.text).toContain('event: revoked');
      expect(a.text).toMatch(/was revoked/);
      await new Promise((r) => setTimeout(r, 600)); // three more checks
      expect(b.ended).toBe(false);
      b.abort();
    } finally {
      STREAM_RECHECK.everyMs = saved;
    }
  });

  it('streams opened with one session share its re-checks, and each closes once it is signed out', async () => {
    const saved = STREAM_RECHECK.everyMs;
    STREAM_RECHECK.everyMs = 200;
    const checks = vi.spyOn(AuthService.prototype, 'authenticate');
    try {
      const token = (
        await t.call({ method: 'POST', url: '/api/login', ...form({ username: 'streams-a@example.com', password: PASSWORD }) })
      ).json().token as string;
      const streams: FollowedStream[] = [];
      for (let i = 0; i < 3; i++) {
        streams.push(await follow({ authorization: `Bearer ${token}` }, jobId, 10_000));
        await new Promise((r) => setTimeout(r, 70)); // their timers out of step
      }
      checks.mockClear();
      await new Promise((r) => setTimeout(r, 1000));
      const ofThisSession = checks.mock.calls.filter(([presented]) => presented === token).length;
      // five intervals: one check each for the three, at most two per interval (a shared check lives half of one), not fifteen
      expect(ofThisSession).toBeGreaterThanOrEqual(3);
      expect(ofThisSession).toBeLessThanOrEqual(11);
      expect((await t.call({ method: 'POST', url: '/api/v1/auth/logout', token })).statusCode).toBe(200);
      await waitFor(() => streams.every((s) => s.ended));
      for (const s of streams) expect(s.text).toContain('event: revoked');
    } finally {
      checks.mockRestore();
      STREAM_RECHECK.everyMs = saved;
    }
  });

  it('a stream opened with an API key closes once the key is turned off or deleted', async () => {
    const saved = STREAM_RECHECK.everyMs;
    STREAM_RECHECK.everyMs = 200;
    try {
      for (const action of ['toggle', 'delete']) {
        const created = (await t.call({ method: 'GET', url: `/api/v1/apiToken/create?name=${action}`, token: alice })).json() as {
          key: string;
          apiKey: { id: string };
        };
        const s = await follow({ 'x-api-key': created.key }, jobId);
        expect((await t.call({ method: 'GET', url: `/api/v1/apiToken/${created.apiKey.id}/${action}`, token: alice })).statusCode).toBe(
          200,
        );
        await waitFor(() => s.ended);
        expect(s.ended, action).toBe(true);
        expect(s.text).toContain('event: revoked');
      }
    } finally {
      STREAM_RECHECK.everyMs = saved;
    }
  });
});
