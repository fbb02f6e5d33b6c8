import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_NOT_ALLOWED_DETAIL } from '../src/auth/guard.ts';
import { hashApiKey, LAST_USED_THROTTLE_MS } from '../src/auth/api-keys.ts';
import { createTestApp, form, PASSWORD, signUp, type TestApp } from './helpers/app.ts';

/** API keys are shown once, stored as a hash, and authenticate API calls. */
let t: TestApp;
let alice: { token: string; id: string };
let bob: { token: string; id: string };

beforeAll(async () => {
  t = await createTestApp();
  alice = await signUp(t, 'alice-keys@example.com');
  bob = await signUp(t, 'bob-keys@example.com');
});
afterAll(async () => t.close());

interface Created {
  key: string;
  apiKey: { id: string; key: string; isActive: boolean; lastUsed: string | null; createdAt: string; updatedAt: string; name: string };
}

async function create(token: string, name = ''): Promise<Created> {
  const res = await t.call({ method: 'GET', url: `/api/v1/apiToken/create${name ? `?name=${encodeURIComponent(name)}` : ''}`, token });
  expect(res.statusCode).toBe(200);
  return res.json() as Created;
}
const list = (token: string) => t.call({ method: 'GET', url: '/api/v1/apiToken/get/all', token });
const withKey = (key: string, url = '/api/v1/user', header: 'bearer' | 'x-api-key' = 'bearer') =>
  t.call({ method: 'GET', url, headers: header === 'bearer' ? { authorization: `Bearer ${key}` } : { 'x-api-key': key } });

describe('managing keys', () => {
  it('create answers the key once; the list shows it masked, never whole, and the database holds only its hash', async () => {
    const { key, apiKey } = await create(alice.token, 'CI');
    expect(key).toMatch(/^dk_[A-Za-z0-9_-]{43}$/);
    expect(apiKey).toMatchObject({ name: 'CI', isActive: true, lastUsed: null, key: `${key.slice(0, 8)}...${key.slice(-4)}` });

    const res = await list(alice.token);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(key);
    expect(res.body).not.toContain(key.slice(8, -4));
    const listed = (res.json() as { keys: Created['apiKey'][]; total: number }).keys.find((k) => k.id === apiKey.id);
    expect(listed?.key).toBe(`${key.slice(0, 8)}...${key.slice(-4)}`);
    expect(listed?.createdAt).toBe(apiKey.createdAt);

    const stored = await t.database.db.selectFrom('api_keys').selectAll().where('id', '=', apiKey.id).executeTakeFirstOrThrow();
    expect(stored.key_hash).toBe(hashApiKey(key));
    expect(JSON.stringify(stored)).not.toContain(key.slice(8, -4));
  });

  it("lists only the user's own keys, newest first, with paging", async () => {
    const first = await create(bob.token, 'one');
    const second = await create(bob.token, 'two');
    const res = (await list(bob.token)).json() as { keys: Array<{ id: string }>; total: number };
    expect(res.keys.map((k) => k.id)).toEqual([second.apiKey.id, first.apiKey.id]);
    expect(res.total).toBe(2);
    const page = (await t.call({ method: 'GET', url: '/api/v1/apiToken/get/all?limit=1&offset=1', token: bob.token })).json() as {
      keys: Array<{ id: string }>;
    };
    expect(page.keys.map((k) => k.id)).toEqual([first.apiKey.id]);
    expect((await t.call({ method: 'GET', url: '/api/v1/apiToken/get/all?limit=101', token: bob.token })).statusCode).toBe(400);
  });

  it('toggle flips active and inactive and moves updatedAt; delete removes the key', async () => {
    const { apiKey } = await create(alice.token);
    const off = await t.call({ method: 'GET', url: `/api/v1/apiToken/${apiKey.id}/toggle`, token: alice.token });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id: apiKey.id, isActive: false });
    expect(new Date(off.json().updatedAt as string).getTime()).toBeGreaterThanOrEqual(new Date(apiKey.updatedAt).getTime());
    const on = await t.call({ method: 'GET', url: `/api/v1/apiToken/${apiKey.id}/toggle`, token: alice.token });
    expect(on.json()).toMatchObject({ isActive: true });

    const del = await t.call({ method: 'GET', url: `/api/v1/apiToken/${apiKey.id}/delete`, token: alice.token });
    expect(del.statusCode).toBe(200);
    const ids = ((await list(alice.token)).json() as { keys: Array<{ id: string }> }).keys.map((k) => k.id);
    expect(ids).not.toContain(apiKey.id);
    expect((await t.call({ method: 'GET', url: `/api/v1/apiToken/${apiKey.id}/delete`, token: alice.token })).statusCode).toBe(404);
  });

  it("another user's key id is 404 for toggle and delete, and stays untouched; a malformed id is 400", async () => {
    const { key, apiKey } = await create(bob.token);
    for (const action of ['toggle', 'delete']) {
      const res = await t.call({ method: 'GET', url: `/api/v1/apiToken/${apiKey.id}/${action}`, token: alice.token });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ detail: 'API key not found.' });
    }
    expect((await withKey(key)).statusCode).toBe(200);
    const bad = await t.call({ method: 'GET', url: '/api/v1/apiToken/not-an-id/toggle', token: alice.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('Not a valid API key id.');
  });

  it('key management needs a session: without one 511, with an API key 403', async () => {
    const { key, apiKey } = await create(alice.token);
    expect((await t.call({ method: 'GET', url: '/api/v1/apiToken/get/all' })).statusCode).toBe(511);
    for (const url of [
      '/api/v1/apiToken/get/all',
      '/api/v1/apiToken/create',
      `/api/v1/apiToken/${apiKey.id}/toggle`,
      `/api/v1/apiToken/${apiKey.id}/delete`,
    ]) {
      for (const header of ['bearer', 'x-api-key'] as const) {
        const res = await withKey(key, url, header);
        expect(res.statusCode, `${url} ${header}`).toBe(403);
        expect(res.json()).toEqual({ detail: API_KEY_NOT_ALLOWED_DETAIL, code: 'API_KEY_NOT_ALLOWED' });
      }
    }
    expect((await withKey(key)).statusCode).toBe(200); // the key was neither toggled nor deleted
  });
});

describe('keys authenticate API calls', () => {
  it("Authorization: Bearer and X-API-Key both sign in as the key's owner on representative routes", async () => {
    const { key } = await create(alice.token);
    for (const header of ['bearer', 'x-api-key'] as const) {
      const me = await withKey(key, '/api/v1/user', header);
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ id: alice.id });
      expect((await withKey(key, '/api/v1/lro/list', header)).statusCode).toBe(200);
      expect((await withKey(key, '/api/app/github/list', header)).statusCode).toBe(200);
      expect((await withKey(key, '/api/v1/vendors/connections', header)).statusCode).toBe(200);
    }
    const put = await t.call({ method: 'PUT', url: '/api/v1/users', headers: { 'x-api-key': key }, payload: { firstName: 'Keyed' } });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ firstName: 'Keyed' });
  });

  it("another user's resources are 404 through a key, as through a session", async () => {
    const job = await sql<{ id: number }>`
      INSERT INTO jobs (user_id, job_type, organization_name, repo_name, vendor, state)
      VALUES (${bob.id}, 'ANALYSIS', 'acme', 'secret', 'GIT', 'COMPLETE') RETURNING id`.execute(t.database.db);
    const jobId = job.rows[0]!.id;
    const { key: bobKey } = await create(bob.token);
    const { key: aliceKey } = await create(alice.token);
    expect((await withKey(bobKey, `/api/v1/lro/${jobId}/status`)).statusCode).toBe(200);
    expect((await withKey(aliceKey, `/api/v1/lro/${jobId}/status`)).statusCode).toBe(404);
    expect((await withKey(aliceKey, `/api/v1/lro/logs/${jobId}`, 'x-api-key')).statusCode).toBe(404);
  });

  it('an inactive key is refused at once, and works again once re-activated; a deleted key is refused', async () => {
    const { key, apiKey } = await create(alice.token);
    expect((await withKey(key)).statusCode).toBe(200);
    await t.call({ method: 'GET', url: `/api/v1/apiToken/${apiKey.id}/toggle`, token: alice.token });
    const off = await withKey(key, '/api/v1/user', 'x-api-key');
    expect(off.statusCode).toBe(401);
    expect(off.json()).toEqual({
      code: 'API_KEY_INVALID',
      detail: 'This API key is inactive. Activate it on the API Keys page or use another key.',
    });
    expect((await withKey(key)).statusCode).toBe(401);
    await t.call({ method: 'GET', url: `/api/v1/apiToken/${apiKey.id}/toggle`, token: alice.token });
    expect((await withKey(key)).statusCode).toBe(200);

    await t.call({ method: 'GET', url: `/api/v1/apiToken/${apiKey.id}/delete`, token: alice.token });
    const gone = await withKey(key);
    expect(gone.statusCode).toBe(401);
    expect(gone.json()).toMatchObject({ code: 'API_KEY_INVALID', detail: 'This API key is not valid. It may have been deleted.' });
  });

  it('wrong-prefix, garbage and made-up keys are refused with 401 and a reason', async () => {
    const { key } = await create(alice.token);
    const wrongPrefix = `xk_${key.slice(3)}`;
    const res = await withKey(wrongPrefix, '/api/v1/user', 'x-api-key');
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe('This is not a Docent API key (keys start with "dk_").');
    expect((await withKey('garbage', '/api/v1/user', 'x-api-key')).statusCode).toBe(401);
    expect((await withKey('dk_short')).statusCode).toBe(401);
    // the right shape, but no such key (one character changed)
    const madeUp = `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`;
    expect((await withKey(madeUp)).statusCode).toBe(401);
    expect((await withKey(madeUp, '/api/v1/user', 'x-api-key')).json()).toMatchObject({ code: 'API_KEY_INVALID' });
  });

  it('both headers at once are refused with 400', async () => {
    const { key } = await create(alice.token);
    const res = await t.call({ method: 'GET', url: '/api/v1/user', headers: { authorization: `Bearer ${alice.token}`, 'x-api-key': key } });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain('not both');
  });

  it('account-security routes refuse keys with 403, in either header', async () => {
    const { key } = await create(alice.token);
    const routes: Array<{ method: 'GET' | 'POST'; url: string; payload?: Record<string, string> }> = [
      { method: 'GET', url: '/api/refreshToken' },
      { method: 'POST', url: '/api/setNewPasswordFromOldPassword', payload: { oldPassword: PASSWORD, newPassword: 'Brand-New1pass' } },
      { method: 'POST', url: '/api/v1/user/email/update/request', payload: { email: 'taken-over@example.com' } },
      { method: 'POST', url: '/api/v1/user/email/update/verify', payload: { email: 'taken-over@example.com', code: '123456' } },
      { method: 'POST', url: '/api/v1/auth/logout' },
      { method: 'POST', url: '/api/v1/auth/logout-everywhere' },
      { method: 'GET', url: '/api/generateActivationLink' },
    ];
    for (const route of routes) {
      for (const headers of [{ authorization: `Bearer ${key}` }, { 'x-api-key': key }] as Array<Record<string, string>>) {
        const res = await t.call({ ...route, headers });
        expect(res.statusCode, route.url).toBe(403);
        expect(res.json()).toMatchObject({ code: 'API_KEY_NOT_ALLOWED', detail: API_KEY_NOT_ALLOWED_DETAIL });
      }
    }
    // The password still is the old one: the refused change did not happen.
    const login = await t.call({ method: 'POST', url: '/api/login', ...form({ username: 'alice-keys@example.com', password: PASSWORD }) });
    expect(login.statusCode).toBe(200);
  });

  it('lastUsed is set by a call, and written at most once per throttle window', async () => {
    const { key, apiKey } = await create(alice.token);
    const lastUsed = async () =>
      ((await list(alice.token)).json() as { keys: Array<{ id: string; lastUsed: string | null }> }).keys.find((k) => k.id === apiKey.id)
        ?.lastUsed;
    expect(await lastUsed()).toBeNull();
    await withKey(key);
    const first = await lastUsed();
    expect(first).not.toBeNull();
    await withKey(key);
    expect(await lastUsed()).toBe(first); // within the window: no new write
    const old = new Date(Date.now() - LAST_USED_THROTTLE_MS - 1000);
    await t.database.db.updateTable('api_keys').set({ last_used_at: old }).where('id', '=', apiKey.id).execute();
    await withKey(key, '/api/v1/lro/list', 'x-api-key');
    expect(new Date((await lastUsed())!).getTime()).toBeGreaterThan(old.getTime() + 500);
  });

  it('the OpenAPI document lists the key as a security scheme on signed-in routes, not on account-security ones', async () => {
    const doc = (await t.call({ method: 'GET', url: '/api/docs/json' })).json() as {
      components: { securitySchemes: Record<string, { type: string; in?: string; name?: string }> };
      paths: Record<string, Record<string, { security?: Array<Record<string, string[]>> }>>;
    };
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
    const names = (op?: { security?: Array<Record<string, string[]>> }) => (op?.security ?? []).flatMap((s) => Object.keys(s));
    expect(names(doc.paths['/v1/user']?.get)).toEqual(['sessionToken', 'apiKey', 'apiKeyBearer']);
    expect(names(doc.paths['/v1/apiToken/create']?.get)).toEqual(['sessionToken']);
    expect(names(doc.paths['/setNewPasswordFromOldPassword']?.post)).toEqual(['sessionToken']);
    expect(doc.paths['/login']?.post?.security).toBeUndefined();
  });
});

describe('failed key attempts are rate-limited per client address', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ API_KEY_FAILURES_PER_HOUR: '3' });
  });
  afterAll(async () => limited.close());

  it('after the budget of failures even a valid key from that address waits (429); other addresses are unaffected', async () => {
    const user = await signUp(limited, 'limited-keys@example.com');
    const { key } = (await limited.call({ method: 'GET', url: '/api/v1/apiToken/create', token: user.token })).json() as Created;
    const from = (remoteAddress: string, k: string) =>
      limited.app.inject({ method: 'GET', url: '/api/v1/user', remoteAddress, headers: { 'x-api-key': k } });
    for (let i = 0; i < 3; i += 1) expect((await from('10.0.0.1', `dk_${'x'.repeat(43)}`)).statusCode).toBe(401);
    const blocked = await from('10.0.0.1', key);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await from('10.0.0.2', key)).statusCode).toBe(200);
    // successes do not count against the budget
    for (let i = 0; i < 5; i += 1) expect((await from('10.0.0.3', key)).statusCode).toBe(200);
  });
});

describe('keys stay out of the log', () => {
  it('creating, using and refusing a key writes no line that contains it', async () => {
    const lines: string[] = [];
    const logged = await createTestApp({ LOG_LEVEL: 'debug' }, { logStream: { write: (line: string) => lines.push(line) } });
    try {
      const user = await signUp(logged, 'logged-keys@example.com');
      const { key, apiKey } = (await logged.call({ method: 'GET', url: '/api/v1/apiToken/create', token: user.token })).json() as Created;
      expect((await logged.app.inject({ method: 'GET', url: '/api/v1/user', headers: { 'x-api-key': key } })).statusCode).toBe(200);
      expect(
        (await logged.app.inject({ method: 'GET', url: '/api/v1/user', headers: { authorization: `Bearer ${key}` } })).statusCode,
      ).toBe(200);
      await logged.call({ method: 'GET', url: `/api/v1/apiToken/${apiKey.id}/toggle`, token: user.token });
      expect((await logged.app.inject({ method: 'GET', url: '/api/v1/user', headers: { 'x-api-key': key } })).statusCode).toBe(401);
      expect((await logged.app.inject({ method: 'GET', url: `/api/v1/user?key=${key}`, headers: { 'x-api-key': key } })).statusCode).toBe(
        401,
      );
      expect(lines.join('\n')).toContain('api key created');
      expect(lines.filter((l) => l.includes(key.slice(8, -4)))).toEqual([]);
    } finally {
      await logged.close();
    }
  });
});
