import { SignJWT, decodeJwt } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSecrets } from '../src/secrets.ts';
import { createTestApp, form, PASSWORD, signUp, type TestApp } from './helpers/app.ts';

/** docs/security.md: tokens need an expiry, sessions end for good, logout ends them on the server. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SESSION_MAX_LIFETIME_SECONDS: '3600' });
});
afterAll(async () => t.close());

const me = (token: string) => t.call({ method: 'GET', url: '/api/v1/user', token });
const login = async (email: string) =>
  (await t.call({ method: 'POST', url: '/api/login', ...form({ username: email, password: PASSWORD }) })).json().token as string;

describe('server-side sessions', () => {
  it('refuses a token without exp even when signed with the server key and naming a live session', async () => {
    const { token } = await signUp(t, 'noexp@example.com');
    const claims = decodeJwt(token);
    const { jwtSecret } = await loadSecrets(t.config);
    const forever = await new SignJWT({ purpose: 'session', pv: claims.pv, sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.sub))
      .setJti('x')
      .setIssuedAt()
      .setIssuer('docent')
      .sign(jwtSecret);
    expect((await me(token)).statusCode).toBe(200);
    expect((await me(forever)).statusCode).toBe(511);
  });

  it('logout ends this session on the server, not others', async () => {
    const { token } = await signUp(t, 'logout@example.com');
    const second = await login('logout@example.com');
    const out = await t.call({ method: 'POST', url: '/api/v1/auth/logout', token });
    expect(out.statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(511);
    expect((await t.call({ method: 'GET', url: '/api/refreshToken', token })).statusCode).toBe(511);
    expect((await me(second)).statusCode).toBe(200);
  });

  it('"sign out everywhere" ends every session of the user and no other user\'s', async () => {
    const { token } = await signUp(t, 'everywhere@example.com');
    const other = await login('everywhere@example.com');
    const stranger = (await signUp(t, 'stranger@example.com')).token;
    const res = await t.call({ method: 'POST', url: '/api/v1/auth/logout-everywhere', token });
    expect(res.json()).toEqual({ success: true, message: 'Signed out of 2 sessions.' });
    expect((await me(token)).statusCode).toBe(511);
    expect((await me(other)).statusCode).toBe(511);
    expect((await me(stranger)).statusCode).toBe(200);
    expect((await me(await login('everywhere@example.com'))).statusCode).toBe(200);
  });

  it('refreshing never carries a session past its absolute end', async () => {
    const { token } = await signUp(t, 'lifetime@example.com');
    const sid = String(decodeJwt(token).sid);
    await sql`UPDATE sessions SET expires_at = now() + interval '90 seconds' WHERE id = ${sid}`.execute(t.database.db);
    const refreshed = (await t.call({ method: 'GET', url: '/api/refreshToken', token })).json().token as string;
    expect(decodeJwt(refreshed).sid).toBe(sid);
    expect(decodeJwt(refreshed).exp!).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 91);
    await sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = ${sid}`.execute(t.database.db);
    expect((await me(refreshed)).statusCode).toBe(511);
    expect((await t.call({ method: 'GET', url: '/api/refreshToken', token: refreshed })).statusCode).toBe(511);
  });

  it('a new sign-in has a lifetime of SESSION_MAX_LIFETIME_SECONDS', async () => {
    const { token } = await signUp(t, 'span@example.com');
    const row = await t.database.db
      .selectFrom('sessions')
      .select(['created_at', 'expires_at'])
      .where('id', '=', String(decodeJwt(token).sid))
      .executeTakeFirstOrThrow();
    const span = (new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()) / 1000;
    expect(span).toBeGreaterThan(3590);
    expect(span).toBeLessThan(3610);
  });
});
