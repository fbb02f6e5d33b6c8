import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, form, PASSWORD, signUp, type TestApp } from './helpers/app.ts';
import { TokenService } from '../src/auth/tokens.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sign-up and activation', () => {
  it('creates an unverified user, mails an activation link, and the link signs in once', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/signup',
      payload: { first_name: 'Ada', last_name: 'Lovelace', email: 'Ada@Example.com', password: PASSWORD },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.user).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      userName: 'ada',
      email: { name: 'ada@example.com' },
      isVerified: false,
      planType: null,
    });
    expect(JSON.stringify(body)).not.toContain('password');

    const mail = t.mailer.last('ada@example.com');
    expect(mail.subject).toBe('Verify your Docent email address');
    expect(mail.text).toContain('http://docent.test/auth/rapid/login?token=');
    const linkToken = t.mailer.lastLinkToken('ada@example.com');

    // the link token is not a session token
    expect((await t.call({ method: 'GET', url: '/api/v1/user', token: linkToken })).statusCode).toBe(511);

    const rapid = await t.call({ method: 'POST', url: '/api/v1/auth/rapid-login', payload: { token: linkToken } });
    expect(rapid.statusCode).toBe(200);
    expect(rapid.json().user.isVerified).toBe(true);
    // the answer says this link verified the address, so the page can confirm it
    expect(rapid.json().emailVerified).toBe(true);
    // a session token is no sign-in link (login CSRF): refused, docs/security.md "Round 2"
    const bySession = await t.call({ method: 'POST', url: '/api/v1/auth/rapid-login', payload: { token: rapid.json().token } });
    expect(bySession.statusCode).toBe(400);
    expect(bySession.json()).toMatchObject({ code: 'CODE_INVALID' });
    const me = await t.call({ method: 'GET', url: '/api/v1/user', token: rapid.json().token });
    expect(me.json().isVerified).toBe(true);

    const again = await t.call({ method: 'POST', url: '/api/v1/auth/rapid-login', payload: { token: linkToken } });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toMatch(/already used/);
  });

  it('a newer activation link replaces the older one', async () => {
    const { token } = await signUp(t, 'relink@example.com');
    const first = t.mailer.lastLinkToken('relink@example.com');
    const resend = await t.call({ method: 'GET', url: '/api/generateActivationLink', token });
    expect(resend.json()).toEqual({ success: true, message: 'Activation email sent!' });
    const second = t.mailer.lastLinkToken('relink@example.com');
    expect(second).not.toBe(first);
    expect((await t.call({ method: 'POST', url: '/api/v1/auth/rapid-login', payload: { token: first } })).statusCode).toBe(400);
    expect((await t.call({ method: 'POST', url: '/api/v1/auth/rapid-login', payload: { token: second } })).statusCode).toBe(200);
  });

  it('refuses a second account for the same email in any case', async () => {
    await signUp(t, 'twice@example.com');
    const res = await t.call({
      method: 'POST',
      url: '/api/signup',
      payload: { first_name: 'X', email: 'TWICE@example.com', password: PASSWORD },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'An account with this email already exists.', code: 'EMAIL_TAKEN' });
  });

  it('gives a taken user name a free variant when none is asked for', async () => {
    await signUp(t, 'sam@one.example');
    await signUp(t, 'sam@two.example');
    const rows = await t.database.db.selectFrom('users').select('user_name').where('email', 'like', 'sam@%').execute();
    const names = rows.map((r) => r.user_name).sort();
    expect(names[0]).toBe('sam');
    expect(names[1]).toMatch(/^sam\d{4}$/);
  });

  it('stores an scrypt hash, never the password', async () => {
    await signUp(t, 'hash@example.com');
    const row = await t.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', 'hash@example.com')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$\d+\$8\$1\$/);
    expect(row.password_hash).not.toContain(PASSWORD);
  });
});

describe('login, refresh and 511', () => {
  it('logs in with the form-encoded email and password', async () => {
    await signUp(t, 'login@example.com');
    const res = await t.call({ method: 'POST', url: '/api/login', ...form({ username: 'LOGIN@example.com', password: PASSWORD }) });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email.name).toBe('login@example.com');
    const refreshed = await t.call({ method: 'GET', url: '/api/refreshToken', token: res.json().token });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().token).toEqual(expect.any(String));
  });

  it('answers the same 401 for a wrong password and an unknown email', async () => {
    await signUp(t, 'wrong@example.com');
    const a = await t.call({ method: 'POST', url: '/api/login', ...form({ username: 'wrong@example.com', password: 'Nope12345' }) });
    const b = await t.call({ method: 'POST', url: '/api/login', ...form({ username: 'nobody@example.com', password: 'Nope12345' }) });
    expect(a.statusCode).toBe(401);
    expect(b.statusCode).toBe(401);
    expect(a.json()).toEqual(b.json());
  });

  it.each([
    ['no header', undefined],
    ['garbage', 'garbage'],
    ['a token signed with another key', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4IiwicHVycG9zZSI6InNlc3Npb24ifQ.c2lnbmF0dXJl'],
  ])('answers 511 for %s', async (_label, token) => {
    const res = await t.call({ method: 'GET', url: '/api/v1/user', ...(token ? { token } : {}) });
    expect(res.statusCode).toBe(511);
    expect(res.json().code).toBe('TOKEN_INVALID');
  });

  it('answers 511 for an expired token', async () => {
    const { token } = await signUp(t, 'expire@example.com');
    expect((await t.call({ method: 'GET', url: '/api/v1/user', token })).statusCode).toBe(200);
    // The same session's token, issued by a clock one lifetime and a minute in the past: expired now.
    const claims = (await new TokenService(t.secrets.jwtSecret, t.config.sessionTtlSeconds).verify(token))!;
    const past = Date.now() - (t.config.sessionTtlSeconds + 60) * 1000;
    const issuedThen = new TokenService(t.secrets.jwtSecret, t.config.sessionTtlSeconds, () => past);
    const expired = await issuedThen.session(claims.sub, claims.pv!, { id: claims.sid!, expiresAt: new Date(Date.now() + 3_600_000) });
    expect((await issuedThen.verify(expired))?.sid).toBe(claims.sid);
    expect((await t.call({ method: 'GET', url: '/api/v1/user', token: expired })).statusCode).toBe(511);
  });
});

describe('forgot password', () => {
  it('mails a code, checks it, refuses the old password, then sets the new one and ends old sessions', async () => {
    const { token: oldSession } = await signUp(t, 'reset@example.com');
    const mails = t.mailer.count('reset@example.com');
    const forgot = await t.call({ method: 'POST', url: '/api/forgotPassword', payload: { email: 'reset@example.com' } });
    await t.mailer.waitFor('reset@example.com', mails);
    expect(forgot.statusCode).toBe(200);
    const code = t.mailer.lastCode('reset@example.com');
    expect(code).toMatch(/^\d{6}$/);

    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await t.call({ method: 'POST', url: '/api/verifySecurityCode', payload: { email: 'reset@example.com', code: wrong } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe('The entered code is incorrect. Please check and try again.');

    const ok = await t.call({ method: 'POST', url: '/api/verifySecurityCode', payload: { email: 'reset@example.com', code } });
    expect(ok.json().success).toBe(true);

    const same = await t.call({
      method: 'POST',
      url: '/api/setNewPassword',
      payload: { email: 'reset@example.com', code, password: PASSWORD, confirmPassword: PASSWORD },
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().code).toBe('SAME_PASSWORD');

    const set = await t.call({
      method: 'POST',
      url: '/api/setNewPassword',
      payload: { email: 'reset@example.com', code, password: 'Brand-New-Pass9', confirmPassword: 'Brand-New-Pass9' },
    });
    expect(set.statusCode).toBe(200);
    // single use
    const reuse = await t.call({
      method: 'POST',
      url: '/api/setNewPassword',
      payload: { email: 'reset@example.com', code, password: 'Other-Pass99' },
    });
    expect(reuse.statusCode).toBe(400);

    expect((await t.call({ method: 'GET', url: '/api/v1/user', token: oldSession })).statusCode).toBe(511);
    expect(
      (await t.call({ method: 'POST', url: '/api/login', ...form({ username: 'reset@example.com', password: PASSWORD }) })).statusCode,
    ).toBe(401);
    expect(
      (await t.call({ method: 'POST', url: '/api/login', ...form({ username: 'reset@example.com', password: 'Brand-New-Pass9' }) }))
        .statusCode,
    ).toBe(200);
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const before = t.mailer.sent.length;
    const res = await t.call({ method: 'POST', url: '/api/forgotPassword', payload: { email: 'ghost@example.com' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
    expect(t.mailer.sent.length).toBe(before);
  });

  it('burns the code after five wrong tries, even a right sixth one', async () => {
    await signUp(t, 'brute@example.com');
    const mails = t.mailer.count('brute@example.com');
    await t.call({ method: 'POST', url: '/api/forgotPassword', payload: { email: 'brute@example.com' } });
    await t.mailer.waitFor('brute@example.com', mails);
    const code = t.mailer.lastCode('brute@example.com');
    const wrong = code === '999999' ? '999998' : '999999';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (await t.call({ method: 'POST', url: '/api/verifySecurityCode', payload: { email: 'brute@example.com', code: wrong } })).statusCode,
      );
    }
    // the fifth burns the code, answered like any wrong code: "too many" exists only for real accounts
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    const right = await t.call({ method: 'POST', url: '/api/verifySecurityCode', payload: { email: 'brute@example.com', code } });
    // a burnt code reads like a wrong one: "no active code" would tell known from unknown accounts
    expect(right.statusCode).toBe(400);
    expect(right.json().code).toBe('CODE_INVALID');
  });

  it('refuses an expired code (as incorrect: expiry exists only for real accounts)', async () => {
    await signUp(t, 'late@example.com');
    const mails = t.mailer.count('late@example.com');
    await t.call({ method: 'POST', url: '/api/forgotPassword', payload: { email: 'late@example.com' } });
    await t.mailer.waitFor('late@example.com', mails);
    const code = t.mailer.lastCode('late@example.com');
    await sql`UPDATE auth_codes SET expires_at = now() - interval '1 minute' WHERE email = 'late@example.com'`.execute(t.database.db);
    const res = await t.call({ method: 'POST', url: '/api/verifySecurityCode', payload: { email: 'late@example.com', code } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('CODE_INVALID');
  });
});

describe('signed-in account changes', () => {
  it('changes the password from the old one and returns a fresh token', async () => {
    const { token } = await signUp(t, 'change@example.com');
    const wrongOld = await t.call({
      method: 'POST',
      url: '/api/setNewPasswordFromOldPassword',
      token,
      payload: { oldPassword: 'Wrong-Pass1', newPassword: 'Next-Pass22' },
    });
    expect(wrongOld.statusCode).toBe(400);
    const same = await t.call({
      method: 'POST',
      url: '/api/setNewPasswordFromOldPassword',
      token,
      payload: { oldPassword: PASSWORD, newPassword: PASSWORD },
    });
    expect(same.json().code).toBe('SAME_PASSWORD');
    const ok = await t.call({
      method: 'POST',
      url: '/api/setNewPasswordFromOldPassword',
      token,
      payload: { oldPassword: PASSWORD, newPassword: 'Next-Pass22', confirmPassword: 'Next-Pass22' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/v1/user', token: ok.json().token })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/v1/user', token })).statusCode).toBe(511);
  });

  it('updates the profile and refuses a taken user name', async () => {
    const { token } = await signUp(t, 'profile@example.com');
    await signUp(t, 'other-profile@example.com');
    const res = await t.call({
      method: 'PUT',
      url: '/api/v1/users',
      token,
      payload: { firstName: 'Grace', lastName: 'Hopper', imgUrl: 'https://example.com/a.png' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', imgUrl: 'https://example.com/a.png' });
    const taken = await t.call({ method: 'PUT', url: '/api/v1/users', token, payload: { userName: 'other-profile' } });
    expect(taken.statusCode).toBe(409);
    const js = await t.call({ method: 'PUT', url: '/api/v1/users', token, payload: { imgUrl: 'javascript:alert(1)' } });
    expect(js.statusCode).toBe(400);
    const extra = await t.call({ method: 'PUT', url: '/api/v1/users', token, payload: { planType: 'PRO' } });
    expect(extra.statusCode).toBe(400);
  });

  it("changes the email after the mailed code, and refuses another account's email", async () => {
    const { token } = await signUp(t, 'before@example.com');
    await signUp(t, 'someone@example.com');
    const taken = await t.call({
      method: 'POST',
      url: '/api/v1/user/email/update/request',
      token,
      payload: { email: 'someone@example.com' },
    });
    // answered like a free address (no enumeration); the owner is told, no code exists
    expect(taken.statusCode).toBe(200);
    expect(t.mailer.last('someone@example.com').text).not.toMatch(/security code/);
    const guess = await t.call({
      method: 'POST',
      url: '/api/v1/user/email/update/verify',
      token,
      payload: { email: 'someone@example.com', code: '123456' },
    });
    expect(guess.statusCode).toBe(400);
    const req = await t.call({ method: 'POST', url: '/api/v1/user/email/update/request', token, payload: { email: 'after@example.com' } });
    expect(req.statusCode).toBe(200);
    const code = t.mailer.lastCode('after@example.com');
    const verify = await t.call({
      method: 'POST',
      url: '/api/v1/user/email/update/verify',
      token,
      payload: { email: 'after@example.com', code },
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().success).toBe(true);
    const me = await t.call({ method: 'GET', url: '/api/v1/user', token: verify.json().token });
    expect(me.json().email.name).toBe('after@example.com');
    expect(me.json().isVerified).toBe(true);
  });

  it("a code sent for one user cannot change another user's email", async () => {
    const a = await signUp(t, 'owner-a@example.com');
    const b = await signUp(t, 'owner-b@example.com');
    await t.call({ method: 'POST', url: '/api/v1/user/email/update/request', token: a.token, payload: { email: 'wanted@example.com' } });
    const code = t.mailer.lastCode('wanted@example.com');
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/user/email/update/verify',
      token: b.token,
      payload: { email: 'wanted@example.com', code },
    });
    expect(res.statusCode).toBe(400);
  });
});
