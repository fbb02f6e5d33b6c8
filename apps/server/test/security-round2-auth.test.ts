import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, form, PASSWORD, signUp, type TestApp } from './helpers/app.ts';

/**
 * docs/security.md "Round 2" (accounts): a session token is no sign-in link, forgotPassword
 * answers in the same time for known and unknown addresses, one address spraying many accounts
 * is limited, and API keys stop with a password change or "sign out everywhere". Each replays
 * the attack with the production defaults of the limits under test.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '10', MAIL_RATE_LIMIT_PER_HOUR: '5', CODE_ATTEMPTS_PER_HOUR: '10' });
});
afterAll(async () => t.close());

describe('no session in a link', () => {
  it("rapid login refuses a session token: a link cannot sign the victim into the attacker's account", async () => {
    const attacker = await signUp(t, 'csrf-attacker@example.com');
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/auth/rapid-login',
      remoteAddress: '198.51.110.1',
      payload: { token: attacker.token },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('CODE_INVALID');
    expect(res.body).not.toContain('"token"');
    // the activation link still signs in (and only once)
    const link = t.mailer.lastLinkToken('csrf-attacker@example.com');
    const ok = await t.call({ method: 'POST', url: '/api/v1/auth/rapid-login', remoteAddress: '198.51.110.1', payload: { token: link } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().emailVerified).toBe(true);
    expect(ok.json().token).not.toBe(attacker.token);
  });
});

describe('forgotPassword timing', () => {
  it('answers before the mail goes out: a slow mail server does not tell a known address from an unknown one', async () => {
    await signUp(t, 'timed@example.com');
    const send = t.mailer.send.bind(t.mailer);
    // a mail server that takes 600 ms per mail
    t.mailer.send = async (mail) => {
      await new Promise((r) => setTimeout(r, 600));
      return send(mail);
    };
    try {
      const time = async (email: string) => {
        const started = performance.now();
        const res = await t.call({ method: 'POST', url: '/api/forgotPassword', remoteAddress: '198.51.111.1', payload: { email } });
        expect(res.statusCode).toBe(200);
        return { ms: performance.now() - started, body: res.body };
      };
      const before = t.mailer.count('timed@example.com');
      const known = await time('timed@example.com');
      const unknown = await time('nobody-here@example.com');
      expect(known.body).toBe(unknown.body);
      expect(known.ms).toBeLessThan(300);
      // the code still arrives, after the answer
      expect(t.mailer.count('timed@example.com')).toBe(before);
      await t.mailer.waitFor('timed@example.com', before);
      expect(t.mailer.lastCode('timed@example.com')).toMatch(/^\d{6}$/);
    } finally {
      t.mailer.send = send;
    }
  });
});

describe('one address spraying many accounts', () => {
  const accounts = Array.from({ length: 60 }, (_, i) => `spray${i}@example.com`);

  it('60 accounts, one password each, from one address: sign-in answers 429 before the end, also for a right password', async () => {
    await signUp(t, 'spray-real@example.com');
    const statuses: number[] = [];
    for (const username of accounts) {
      const f = form({ username, password: 'Summer2026!' });
      statuses.push(
        (await t.call({ method: 'POST', url: '/api/login', remoteAddress: '203.0.113.50', payload: f.payload, headers: f.headers }))
          .statusCode,
      );
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
    const right = form({ username: 'spray-real@example.com', password: PASSWORD });
    const blocked = await t.call({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '203.0.113.50',
      payload: right.payload,
      headers: right.headers,
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    // another address is not affected
    expect(
      (await t.call({ method: 'POST', url: '/api/login', remoteAddress: '203.0.113.51', payload: right.payload, headers: right.headers }))
        .statusCode,
    ).toBe(200);
  }, 180_000);

  it('forgotPassword and code checks over 60 accounts from one address also end in 429', async () => {
    const forgot: number[] = [];
    const codes: number[] = [];
    for (const email of accounts) {
      forgot.push(
        (await t.call({ method: 'POST', url: '/api/forgotPassword', remoteAddress: '203.0.113.70', payload: { email } })).statusCode,
      );
      codes.push(
        (
          await t.call({
            method: 'POST',
            url: '/api/verifySecurityCode',
            remoteAddress: '203.0.113.71',
            payload: { email, code: '123456' },
          })
        ).statusCode,
      );
    }
    expect(forgot.at(-1)).toBe(429);
    expect(codes.at(-1)).toBe(429);
  }, 120_000);
});

describe('API keys end with the password and with "sign out everywhere"', () => {
  const makeKey = async (token: string) => {
    const res = await t.call({ method: 'GET', url: '/api/v1/apiToken/create?name=ci', token });
    if (res.statusCode !== 200) throw new Error(`key: ${res.statusCode} ${res.body}`);
    return res.json().key as string;
  };
  const withKey = (key: string) =>
    t.call({ method: 'GET', url: '/api/v1/user', remoteAddress: '198.51.112.9', headers: { 'x-api-key': key } });

  it('a password change switches every key off and says so; the owner can turn one back on', async () => {
    const u = await signUp(t, 'keys-pw@example.com');
    const key = await makeKey(u.token);
    expect((await withKey(key)).statusCode).toBe(200);
    const changed = await t.call({
      method: 'POST',
      url: '/api/setNewPasswordFromOldPassword',
      token: u.token,
      payload: { oldPassword: PASSWORD, newPassword: 'Another-Pass99' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().message).toMatch(/1 API key switched off/);
    expect((await withKey(key)).statusCode).toBe(401);
    const list = await t.call({ method: 'GET', url: '/api/v1/apiToken/get/all', token: changed.json().token });
    const id = list.json().keys[0].id as string;
    expect((await t.call({ method: 'GET', url: `/api/v1/apiToken/${id}/toggle`, token: changed.json().token })).statusCode).toBe(200);
    expect((await withKey(key)).statusCode).toBe(200);
  });

  it('sign out everywhere ends the keys too', async () => {
    const u = await signUp(t, 'keys-out@example.com');
    const key = await makeKey(u.token);
    const out = await t.call({ method: 'POST', url: '/api/v1/auth/logout-everywhere', token: u.token });
    expect(out.statusCode).toBe(200);
    expect(out.json().message).toMatch(/1 session.*1 API key switched off/);
    expect((await withKey(key)).statusCode).toBe(401);
  });

  it('a password reset by mailed code ends the keys too', async () => {
    const u = await signUp(t, 'keys-reset@example.com');
    const key = await makeKey(u.token);
    const mails = t.mailer.count('keys-reset@example.com');
    await t.call({
      method: 'POST',
      url: '/api/forgotPassword',
      remoteAddress: '198.51.112.10',
      payload: { email: 'keys-reset@example.com' },
    });
    await t.mailer.waitFor('keys-reset@example.com', mails);
    const code = t.mailer.lastCode('keys-reset@example.com');
    const reset = await t.call({
      method: 'POST',
      url: '/api/setNewPassword',
      remoteAddress: '198.51.112.10',
      payload: { email: 'keys-reset@example.com', code, password: 'Reset-Pass777' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await withKey(key)).statusCode).toBe(401);
  });
});
