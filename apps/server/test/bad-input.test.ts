import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PASSWORD, signUp, type TestApp } from './helpers/app.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await signUp(t, 'bad-input@example.com'));
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
const jsonEndpoints: Array<{ method: Method; url: string; signedIn: boolean; valid: Record<string, unknown> }> = [
  { method: 'POST', url: '/api/signup', signedIn: false, valid: { first_name: 'A', email: 'x@example.com', password: PASSWORD } },
  { method: 'POST', url: '/api/forgotPassword', signedIn: false, valid: { email: 'x@example.com' } },
  { method: 'POST', url: '/api/verifySecurityCode', signedIn: false, valid: { email: 'x@example.com', code: '123456' } },
  { method: 'POST', url: '/api/setNewPassword', signedIn: false, valid: { email: 'x@example.com', code: '123456', password: PASSWORD } },
  {
    method: 'POST',
    url: '/api/setNewPasswordFromOldPassword',
    signedIn: true,
    valid: { oldPassword: PASSWORD, newPassword: 'Other-Pass1' },
  },
  { method: 'PUT', url: '/api/v1/users', signedIn: true, valid: { firstName: 'A' } },
  { method: 'POST', url: '/api/v1/user/email/update/request', signedIn: true, valid: { email: 'new@example.com' } },
  { method: 'POST', url: '/api/v1/user/email/update/verify', signedIn: true, valid: { email: 'new@example.com', code: '123456' } },
  { method: 'POST', url: '/api/v1/auth/rapid-login', signedIn: false, valid: { token: 'x' } },
];

function expectClientError(res: { statusCode: number; json(): unknown }, status?: number) {
  if (status) expect(res.statusCode).toBe(status);
  expect(res.statusCode).toBeGreaterThanOrEqual(400);
  expect(res.statusCode).toBeLessThan(500);
  const body = res.json() as { detail?: unknown; code?: unknown };
  expect(typeof body.detail).toBe('string');
  expect((body.detail as string).length).toBeGreaterThan(3);
  expect(typeof body.code).toBe('string');
}

describe.each(jsonEndpoints)('$method $url', ({ method, url, signedIn, valid }) => {
  const auth = () => (signedIn ? { token } : {});

  it('malformed JSON → 400 with detail', async () => {
    const res = await t.call({ method, url, ...auth(), payload: '{"email": ', headers: { 'content-type': 'application/json' } });
    expectClientError(res, 400);
  });

  it('a 10 MB body → 413 with detail', async () => {
    const res = await t.call({
      method,
      url,
      ...auth(),
      payload: JSON.stringify({ pad: 'x'.repeat(10 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expectClientError(res, 413);
  });

  it('each field missing → 400 naming the field', async () => {
    for (const field of Object.keys(valid)) {
      const { [field]: _dropped, ...rest } = valid;
      const res = await t.call({ method, url, ...auth(), payload: rest });
      // PUT /v1/users takes any subset: an empty update is valid
      if (url === '/api/v1/users') continue;
      expectClientError(res, 400);
      expect((res.json() as { detail: string }).detail).toContain(field);
    }
  });

  it('wrong types → 400', async () => {
    const wrong = Object.fromEntries(Object.keys(valid).map((k) => [k, { nested: [1, 2] }]));
    expectClientError(await t.call({ method, url, ...auth(), payload: wrong }), 400);
    expectClientError(await t.call({ method, url, ...auth(), payload: [1, 2, 3] }), 400);
  });

  it('an unknown content type → 415', async () => {
    const res = await t.call({ method, url, ...auth(), payload: '<xml/>', headers: { 'content-type': 'application/xml' } });
    expectClientError(res, 415);
  });
});

describe('specific rules', () => {
  it('refuses an invalid email and a weak password at sign-up with the spec texts', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/signup',
      payload: { first_name: 'A', email: 'user@domain', password: 'weakpass' },
    });
    expectClientError(res, 400);
    const { detail } = res.json() as { detail: string };
    expect(detail).toContain('email: Please input a valid email address!');
    expect(detail).toContain('password: Password must be at least 8 characters');
  });

  it('refuses a security code that is not 6 digits', async () => {
    for (const code of ['12345', '1234567', 'abcdef']) {
      const res = await t.call({ method: 'POST', url: '/api/verifySecurityCode', payload: { email: 'x@example.com', code } });
      expectClientError(res, 400);
    }
  });

  it('refuses mismatched password confirmation', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/setNewPassword',
      payload: { email: 'x@example.com', code: '123456', password: PASSWORD, confirmPassword: 'Else-Pass1' },
    });
    expectClientError(res, 400);
    expect((res.json() as { detail: string }).detail).toContain('The two passwords that you entered do not match!');
  });

  it('login: a missing form field and a JSON body with wrong types are 400', async () => {
    expectClientError(
      await t.call({
        method: 'POST',
        url: '/api/login',
        payload: 'username=a%40example.com',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      400,
    );
    expectClientError(await t.call({ method: 'POST', url: '/api/login', payload: { username: 5, password: [] } }), 400);
  });

  it('an unknown API path is a JSON 404', async () => {
    const res = await t.call({ method: 'GET', url: '/api/nope' });
    expectClientError(res, 404);
  });

  it('nothing stored is lost: the account still logs in after all of the above', async () => {
    const res = await t.call({ method: 'POST', url: '/api/login', payload: { username: 'bad-input@example.com', password: PASSWORD } });
    expect(res.statusCode).toBe(200);
  });
});

describe('rate limiting', () => {
  it('slows down password guessing per client and account', async () => {
    const limited = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      await signUp(limited, 'guess@example.com');
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push(
          (await limited.call({ method: 'POST', url: '/api/login', payload: { username: 'guess@example.com', password: `Wrong-${i}aA` } }))
            .statusCode,
        );
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      const res = await limited.call({ method: 'POST', url: '/api/login', payload: { username: 'guess@example.com', password: PASSWORD } });
      expectClientError(res, 429);
      // another account from the same address is not blocked
      expect(
        (await limited.call({ method: 'POST', url: '/api/login', payload: { username: 'other@example.com', password: PASSWORD } }))
          .statusCode,
      ).toBe(401);
    } finally {
      await limited.close();
    }
  });
});
