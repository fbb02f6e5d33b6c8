import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from './helpers/app.ts';

/**
 * The server's side of docs/spec-conformance.md §5/§8 auth texts: each answer's `detail` is
 * the very text the spec names, against the real database.
 */
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await signUp(t, 'spec-texts@example.com')).token;
});
afterAll(async () => {
  await t.close();
});

describe('auth texts (docs/spec-conformance.md §5, §8)', () => {
  it("a wrong code for the email change is 400 'The entered code is incorrect. Please check and try again.'", async () => {
    const req = await t.call({
      method: 'POST',
      url: '/api/v1/user/email/update/request',
      token,
      payload: { email: 'changed@example.com' },
    });
    expect(req.statusCode).toBe(200);
    const code = t.mailer.lastCode('changed@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/user/email/update/verify',
      token,
      payload: { email: 'changed@example.com', code: wrong },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('The entered code is incorrect. Please check and try again.');
  });

  it("a security code of 5 digits is refused with 'The security code has exactly 6 digits.'", async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/verifySecurityCode',
      payload: { email: 'spec-texts@example.com', code: '12345' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain('The security code has exactly 6 digits.');
  });

  it('sign-up without agreeing to the terms is refused naming the Terms of Use and Privacy Policy', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/signup',
      payload: { first_name: 'Ada', last_name: 'L', email: 'no-terms@example.com', password: 'Passw0rd!', agreeToTerms: false },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain('You must agree to the Terms of Use and Privacy Policy.');
  });

  it("an empty email on forgot password is refused with 'This field is required!'", async () => {
    const res = await t.call({ method: 'POST', url: '/api/forgotPassword', payload: { email: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain('This field is required!');
  });

  it("a malformed email is refused with 'Please input a valid email address!'", async () => {
    const res = await t.call({ method: 'POST', url: '/api/forgotPassword', payload: { email: 'ada@example' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain('Please input a valid email address!');
  });
});
