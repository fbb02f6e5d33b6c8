import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, form, PASSWORD, signUp, type TestApp } from './helpers/app.ts';

/** docs/security.md: security headers on API answers, the SPA and the API docs. */
let t: TestApp;
beforeAll(async () => {
  const probe = await createTestApp();
  const web = path.join(probe.config.dataDir, '..', `web-${Date.now()}`);
  await probe.close();
  await mkdir(web, { recursive: true });
  await writeFile(path.join(web, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/app.js"></script>');
  t = await createTestApp({ WEB_DIST: web });
});
afterAll(async () => t.close());

function expectHardened(headers: Record<string, unknown>) {
  const csp = String(headers['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
}

describe('security headers', () => {
  it('on an API answer, an API error and the SPA', async () => {
    const health = await t.call({ method: 'GET', url: '/api/health' });
    expectHardened(health.headers);
    const unauthorized = await t.call({ method: 'GET', url: '/api/v1/user' });
    expect(unauthorized.statusCode).toBe(511);
    expectHardened(unauthorized.headers);
    const spa = await t.call({ method: 'GET', url: '/repositories' });
    expect(spa.statusCode).toBe(200);
    expect(spa.body).toContain('id="root"');
    expectHardened(spa.headers);
  });

  it('the API docs page still loads under the policy', async () => {
    const docs = await t.call({ method: 'GET', url: '/api/docs/' });
    expect([200, 302]).toContain(docs.statusCode);
    expect(docs.headers['content-security-policy']).toBeDefined();
    const json = await t.call({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
  });

  it('sends HSTS only when the app is served over https', async () => {
    expect((await t.call({ method: 'GET', url: '/api/health' })).headers['strict-transport-security']).toBeUndefined();
    const secure = await createTestApp({ APP_URL: 'https://docent.example' });
    try {
      const res = await secure.call({ method: 'GET', url: '/api/health' });
      expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
      expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    } finally {
      await secure.close();
    }
  });
});

describe('Cache-Control: no-store on authenticated answers (security round 2)', () => {
  it('every answer of a signed-in request, with a session token or an API key, and its errors', async () => {
    const { token } = await signUp(t, 'nostore@example.com');
    const me = await t.call({ method: 'GET', url: '/api/v1/user', token });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    const created = await t.call({ method: 'GET', url: '/api/v1/apiToken/create?name=ci', token });
    expect(created.headers['cache-control']).toBe('no-store');
    const key = (created.json() as { key: string }).key;
    for (const headers of [{ authorization: `Bearer ${key}` }, { 'x-api-key': key }]) {
      const res = await t.call({ method: 'GET', url: '/api/v1/user', headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const list = await t.call({ method: 'GET', url: '/api/v1/repos', token });
    expect(list.headers['cache-control']).toBe('no-store');
    const missing = await t.call({ method: 'GET', url: '/api/v1/repos/github/nobody/nothing', token });
    expect(missing.statusCode).toBeGreaterThanOrEqual(400);
    expect(missing.headers['cache-control']).toBe('no-store');
    const refreshed = await t.call({ method: 'GET', url: '/api/refreshToken', token });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.headers['cache-control']).toBe('no-store');
  });

  it('the sign-in answers that hand out tokens', async () => {
    const signup = await t.call({
      method: 'POST',
      url: '/api/signup',
      payload: { first_name: 'N', last_name: 'S', email: 'nostore2@example.com', password: PASSWORD },
    });
    expect(signup.statusCode).toBe(201);
    expect(signup.headers['cache-control']).toBe('no-store');
    const login = await t.call({ method: 'POST', url: '/api/login', ...form({ username: 'nostore2@example.com', password: PASSWORD }) });
    expect(login.statusCode).toBe(200);
    expect(login.json().token).toBeTruthy();
    expect(login.headers['cache-control']).toBe('no-store');
  });
});
