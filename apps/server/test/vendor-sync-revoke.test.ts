import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STREAM_RECHECK } from '../src/http/sse.ts';
import { createTestApp, form, PASSWORD, signUp, type TestApp } from './helpers/app.ts';
import { followStream, waitFor } from './helpers/sse.ts';
import { fixture } from './vendors/fixtures.ts';
import { hang, sendJson, startReplayServer, type ReplayServer } from './vendors/replay-server.ts';

/**
 * A vendor sync's live stream re-checks the credential that opened it, like a job's log stream
 * (docs/security.md, "Security round 2: the low findings"): a signed-out session or a deleted API
 * key ends it with `event: revoked` even while the vendor keeps the sync waiting.
 */
const GH_TOKEN = 'ghp_revoke000000000000000000000000000000';

let t: TestApp;
let gh: ReplayServer;
let owner: string;
let port: number;

beforeAll(async () => {
  gh = await startReplayServer();
  gh.on('GET /user', (_r, res) => sendJson(res, 200, fixture('github/user.json')));
  // the repository listing never answers: the sync (and its stream) stays open
  gh.on('GET /user/repos', hang());
  t = await createTestApp();
  owner = (await signUp(t, 'sync-revoke@example.com')).token;
  const connected = await t.call({
    method: 'POST',
    url: '/api/v1/vendors/github/connection',
    token: owner,
    payload: { token: GH_TOKEN, baseUrl: gh.url },
  });
  expect(connected.statusCode).toBe(201);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
}, 120_000);

afterAll(async () => {
  await gh.close();
  await t.close();
});

/** Follows a sync stream in the background. */
const follow = (bearer: string) => followStream(`http://127.0.0.1:${port}/api/v2/github/install`, { authorization: `Bearer ${bearer}` });

describe('a vendor sync stream and its credential', () => {
  it('closes with `revoked` once its session signs out; a stream of another session flows on', async () => {
    const saved = STREAM_RECHECK.everyMs;
    STREAM_RECHECK.everyMs = 200;
    try {
      const login = async () =>
        (await t.call({ method: 'POST', url: '/api/login', ...form({ username: 'sync-revoke@example.com', password: PASSWORD }) })).json()
          .token as string;
      const doomed = await login();
      const kept = await login();
      const a = await follow(doomed);
      const b = await follow(kept);
      await new Promise((r) => setTimeout(r, 500));
      // both are waiting for the vendor, neither has ended
      expect([a.ended, b.ended]).toEqual([false, false]);
      expect((await t.call({ method: 'POST', url: '/api/v1/auth/logout', token: doomed })).statusCode).toBe(200);
      await waitFor(() => a.ended);
      expect(a.ended).toBe(true);
      expect(a.text).toContain('event: revoked');
      await new Promise((r) => setTimeout(r, 600)); // three more checks
      expect(b.ended).toBe(false);
      expect(b.text).not.toContain('event: revoked');
      b.abort();
    } finally {
      STREAM_RECHECK.everyMs = saved;
    }
  });

  it('closes with `revoked` once the API key that opened it is deleted', async () => {
    const saved = STREAM_RECHECK.everyMs;
    STREAM_RECHECK.everyMs = 200;
    try {
      const created = (await t.call({ method: 'GET', url: '/api/v1/apiToken/create?name=sync', token: owner })).json() as {
        key: string;
        apiKey: { id: string };
      };
      const s = await follow(created.key);
      await new Promise((r) => setTimeout(r, 500));
      expect(s.ended).toBe(false);
      expect((await t.call({ method: 'GET', url: `/api/v1/apiToken/${created.apiKey.id}/delete`, token: owner })).statusCode).toBe(200);
      await waitFor(() => s.ended);
      expect(s.ended).toBe(true);
      expect(s.text).toContain('event: revoked');
    } finally {
      STREAM_RECHECK.everyMs = saved;
    }
  });
});
