import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';

/**
 * docs/spec-conformance.md §7 `POST /signup` with JSON `first_name, last_name, username, email`: the
 * `username` sent is the account's user name (the other tests sign up without one, and the name is
 * then derived from the email).
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
