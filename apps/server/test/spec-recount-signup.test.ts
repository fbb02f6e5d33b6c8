import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from './helpers/app.ts';

/**
 * docs/spec-conformance.md §7 `POST /signup` with JSON `first_name, last_name, username, email`: the
 * `username` sent is the account's user name (the other tests sign up without one, and the name is
 * then derived from the email); the email change's answers: `request` → message, `verify` → success,
 * message and token (the other tests read only the status, success and token).
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const PASSWORD = 'Correct-Horse1';

describe('POST /signup username (docs/spec-conformance.md §7)', () => {
  it('the username sent becomes the userName of the new user, not one derived from the email; a taken one is refused', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/signup',
      payload: { first_name: 'Ada', last_name: 'Lovelace', username: 'countess', email: 'ada.byron@example.com', password: PASSWORD },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      userName: 'countess',
      email: { name: 'ada.byron@example.com' },
    });
    const me = await t.call({ method: 'GET', url: '/api/v1/user', token: res.json().token });
    expect(me.json().userName).toBe('countess');
    const again = await t.call({
      method: 'POST',
      url: '/api/signup',
      payload: { first_name: 'Other', username: 'countess', email: 'other@example.com', password: PASSWORD },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('This user name is already taken.');
  });
});

describe('email change answers (docs/spec-conformance.md §7)', () => {
  it('request answers a message naming the address; verify answers success, message and a token that works', async () => {
    const { token } = await signUp(t, 'mover@example.com');
    const req = await t.call({ method: 'POST', url: '/api/v1/user/email/update/request', token, payload: { email: 'moved@example.com' } });
    expect(req.statusCode).toBe(200);
    expect(Object.keys(req.json())).toEqual(['message']);
    expect(req.json().message).toContain('moved@example.com');
    const verify = await t.call({
      method: 'POST',
      url: '/api/v1/user/email/update/verify',
      token,
      payload: { email: 'moved@example.com', code: t.mailer.lastCode('moved@example.com') },
    });
    expect(verify.statusCode).toBe(200);
    const body = verify.json() as { success: boolean; message: string; token: string };
    expect(Object.keys(body).sort()).toEqual(['message', 'success', 'token']);
    expect(body.success).toBe(true);
    expect(body.message.length).toBeGreaterThan(0);
    expect((await t.call({ method: 'GET', url: '/api/v1/user', token: body.token })).json().email.name).toBe('moved@example.com');
  });
});
