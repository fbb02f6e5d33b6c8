import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, form, PASSWORD, signUp, type TestApp } from './helpers/app.ts';

/**
 * Four findings of docs/security.md, each replayed as the attack it was: with the production
 * defaults for the limits under test (the helper raises them for the other suites).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '10', MAIL_RATE_LIMIT_PER_HOUR: '5', CODE_ATTEMPTS_PER_HOUR: '10' });
});
afterAll(async () => t.close());

/** A form-encoded login with extra headers (form() brings its own content-type header). */
function loginForm(username: string, password: string, headers: Record<string, string> = {}) {
  const f = form({ username, password });
  return { method: 'POST' as const, url: '/api/login', payload: f.payload, headers: { ...f.headers, ...headers } };
}

let n = 0;
const forged = () => ({ 'x-forwarded-for': `203.0.113.${(n++ % 250) + 1}` });

describe('client address', () => {
  it('ignores a forged X-Forwarded-For: 30 wrong passwords from rotating addresses, then the right one, are limited', async () => {
    await signUp(t, 'victim@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await t.call(loginForm('victim@example.com', `Wrong-${i}`, forged()));
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    const right = await t.call(loginForm('victim@example.com', PASSWORD, forged()));
    expect(right.statusCode).toBe(429);
    expect(right.json().detail).toMatch(/Too many requests/);
    expect(right.headers['retry-after']).toBeDefined();
  });

  it('does not lock out a victim whose address an attacker forges', async () => {
    await signUp(t, 'bystander@example.com');
    for (let i = 0; i < 15; i++) {
      await t.call({ ...loginForm('bystander@example.com', 'nope', { 'x-forwarded-for': '192.0.2.55' }), remoteAddress: '198.51.100.7' });
    }
    const victim = await t.call({ ...loginForm('bystander@example.com', PASSWORD), remoteAddress: '192.0.2.55' });
    expect(victim.statusCode).toBe(200);
  });

  it('behind a proxy TRUST_PROXY names, limits key on the forwarded client address', async () => {
    const behind = await createTestApp({ TRUST_PROXY: '10.0.0.1', LOGIN_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const login = (client: string) =>
        behind.call({ ...loginForm('x@example.com', 'nope', { 'x-forwarded-for': client }), remoteAddress: '10.0.0.1' });
      const first = [await login('203.0.113.1'), await login('203.0.113.1'), await login('203.0.113.1'), await login('203.0.113.1')].map(
        (r) => r.statusCode,
      );
      expect(first).toEqual([401, 401, 401, 429]);
      // another client behind the same proxy has its own per-minute budget
      expect((await login('203.0.113.2')).statusCode).toBe(401);
    } finally {
      await behind.close();
    }
  });
});

describe('mail limits', () => {
  it('stops mailing one address after five mails an hour (the activation mail counts), whatever the client address', async () => {
    await signUp(t, 'mailbox@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      statuses.push(
        (
          await t.call({
            method: 'POST',
            url: '/api/forgotPassword',
            remoteAddress: `198.51.100.${i + 1}`,
            payload: { email: 'mailbox@example.com' },
          })
        ).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429, 429, 429]);
    await t.mailer.waitFor('mailbox@example.com', 4); // reset codes are mailed after the answer
    expect(t.mailer.sent.filter((m) => m.to === 'mailbox@example.com')).toHaveLength(5);
  });

  it('stops the email-change request after five mails to a third-party address', async () => {
    const { token } = await signUp(t, 'spammer@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push(
        (await t.call({ method: 'POST', url: '/api/v1/user/email/update/request', token, payload: { email: 'target@example.org' } }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(t.mailer.sent.filter((m) => m.to === 'target@example.org')).toHaveLength(5);
  });

  it('limits activation links per user and sign-ups per client address', async () => {
    const { token } = await signUp(t, 'activate@example.com', PASSWORD);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await t.call({ method: 'GET', url: '/api/generateActivationLink', token })).statusCode);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.slice(0, 5).every((s) => s === 200)).toBe(true);

    const signups: number[] = [];
    for (let i = 0; i < 22; i++) {
      const res = await t.call({
        method: 'POST',
        url: '/api/signup',
        remoteAddress: '198.51.100.200',
        payload: { first_name: 'A', last_name: 'B', email: `bulk${i}@example.com`, password: PASSWORD },
      });
      signups.push(res.statusCode);
    }
    expect(signups.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(signups.slice(20)).toEqual([429, 429]);
  });
});

describe('code guessing across re-requested codes', () => {
  it('an email-change code cannot be guessed by asking for new codes (takeover of a victim address fails)', async () => {
    const attacker = await signUp(t, 'attacker@example.com');
    const statuses: number[] = [];
    // five requests (the mail budget), five wrong guesses each: the hourly guess budget ends it
    for (let round = 0; round < 5; round++) {
      await t.call({
        method: 'POST',
        url: '/api/v1/user/email/update/request',
        token: attacker.token,
        remoteAddress: `198.51.101.${round + 1}`,
        payload: { email: 'victim-box@example.net' },
      });
      for (let g = 0; g < 5; g++) {
        const guess = String(100000 + round * 5 + g);
        const res = await t.call({
          method: 'POST',
          url: '/api/v1/user/email/update/verify',
          token: attacker.token,
          remoteAddress: `198.51.101.${round + 1}`,
          payload: { email: 'victim-box@example.net', code: guess },
        });
        statuses.push(res.statusCode);
      }
    }
    // the real code now no longer helps either: the budget is spent
    const code = t.mailer.lastCode('victim-box@example.net');
    const final = await t.call({
      method: 'POST',
      url: '/api/v1/user/email/update/verify',
      token: attacker.token,
      payload: { email: 'victim-box@example.net', code },
    });
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(15);
    expect(final.statusCode).toBe(429);
    const me = await t.call({ method: 'GET', url: '/api/v1/user', token: attacker.token });
    expect(me.json().email.name).toBe('attacker@example.com');
  });

  it('reset codes: at most ten checks an hour per address, across new codes and client addresses', async () => {
    await signUp(t, 'reset-target@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) {
      const res = await t.call({
        method: 'POST',
        url: '/api/verifySecurityCode',
        remoteAddress: `198.51.102.${i + 1}`,
        payload: { email: 'reset-target@example.com', code: String(200000 + i) },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(10)).toEqual([429, 429, 429, 429]);
  });
});

describe('no account enumeration', () => {
  it('verifySecurityCode answers a known and an unknown account identically after forgotPassword', async () => {
    await signUp(t, 'known@example.com');
    await t.call({ method: 'POST', url: '/api/forgotPassword', remoteAddress: '198.51.103.1', payload: { email: 'known@example.com' } });
    await t.call({ method: 'POST', url: '/api/forgotPassword', remoteAddress: '198.51.103.1', payload: { email: 'unknown@example.com' } });
    const known = await t.call({
      method: 'POST',
      url: '/api/verifySecurityCode',
      remoteAddress: '198.51.103.2',
      payload: { email: 'known@example.com', code: '000001' },
    });
    const unknown = await t.call({
      method: 'POST',
      url: '/api/verifySecurityCode',
      remoteAddress: '198.51.103.2',
      payload: { email: 'unknown@example.com', code: '000001' },
    });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    // the guess that burns a real account's code reads like a guess against no account
    const answers = async (email: string) => {
      const out: string[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await t.call({
          method: 'POST',
          url: '/api/verifySecurityCode',
          remoteAddress: '198.51.103.3',
          payload: { email, code: String(300000 + i) },
        });
        out.push(`${res.statusCode} ${res.body}`);
      }
      return out;
    };
    expect(await answers('known@example.com')).toEqual(await answers('unknown@example.com'));
  });

  it('the email-change request answers the same for an address in use and a free one', async () => {
    const { token } = await signUp(t, 'asker@example.com');
    await signUp(t, 'in-use@example.com');
    const inUse = await t.call({
      method: 'POST',
      url: '/api/v1/user/email/update/request',
      token,
      remoteAddress: '198.51.104.1',
      payload: { email: 'in-use@example.com' },
    });
    const free = await t.call({
      method: 'POST',
      url: '/api/v1/user/email/update/request',
      token,
      remoteAddress: '198.51.104.1',
      payload: { email: 'free@example.com' },
    });
    expect(inUse.statusCode).toBe(free.statusCode);
    expect(inUse.body.replace('in-use@example.com', 'X')).toBe(free.body.replace('free@example.com', 'X'));
  });
});
