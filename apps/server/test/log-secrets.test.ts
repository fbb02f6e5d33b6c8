import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/auth/passwords.ts';
import { createTestApp, form, PASSWORD, type TestApp } from './helpers/app.ts';
import { sendJson, startReplayServer, type ReplayServer } from './vendors/replay-server.ts';

/**
 * docs/security.md: a full account flow with the log captured at debug level, then the log is
 * searched for every secret the flow used. One failing database query carries a password hash.
 */
const lines: string[] = [];
let t: TestApp;
let vendor: ReplayServer;
const VENDOR_TOKEN = 'glpat-LOGSECRET0123456789';

beforeAll(async () => {
  vendor = await startReplayServer();
  // a vendor that echoes the token back in its error body
  vendor.on('GET /api/v4/user', (req, res) => sendJson(res, 401, { message: `token ${String(req.headers['private-token'])} is revoked` }));
  t = await createTestApp({ LOG_LEVEL: 'debug' }, { logStream: { write: (line: string) => lines.push(line) } });
});
afterAll(async () => {
  await t.close();
  await vendor.close();
});

describe('the log of a full flow holds no secret', () => {
  it('passwords, hashes, tokens, codes and vendor tokens never reach the log', async () => {
    const secrets: string[] = [PASSWORD, 'Second-Pass22', 'Third-Pass333', VENDOR_TOKEN];
    const signup = await t.call({
      method: 'POST',
      url: '/api/signup',
      payload: { first_name: 'Log', last_name: 'Test', email: 'log@example.com', password: PASSWORD },
    });
    const session = signup.json().token as string;
    secrets.push(session, t.mailer.lastLinkToken('log@example.com'));
    const login = await t.call({ method: 'POST', url: '/api/login', ...form({ username: 'log@example.com', password: PASSWORD }) });
    secrets.push(login.json().token as string);
    await t.call({ method: 'POST', url: '/api/login', ...form({ username: 'log@example.com', password: 'Wrong-Pass99' }) });
    secrets.push('Wrong-Pass99');
    const mails = t.mailer.count('log@example.com');
    await t.call({ method: 'POST', url: '/api/forgotPassword', payload: { email: 'log@example.com' } });
    await t.mailer.waitFor('log@example.com', mails);
    const code = t.mailer.lastCode('log@example.com');
    secrets.push(code);
    await t.call({ method: 'POST', url: '/api/verifySecurityCode', payload: { email: 'log@example.com', code } });
    await t.call({ method: 'POST', url: '/api/setNewPassword', payload: { email: 'log@example.com', code, password: 'Second-Pass22' } });
    const fresh = (
      await t.call({ method: 'POST', url: '/api/login', ...form({ username: 'log@example.com', password: 'Second-Pass22' }) })
    ).json().token as string;
    const changed = await t.call({
      method: 'POST',
      url: '/api/setNewPasswordFromOldPassword',
      token: fresh,
      payload: { oldPassword: 'Second-Pass22', newPassword: 'Third-Pass333' },
    });
    secrets.push(fresh, changed.json().token as string);
    const connect = await t.call({
      method: 'POST',
      url: '/api/v1/vendors/gitlab/connection',
      token: changed.json().token as string,
      payload: { token: VENDOR_TOKEN, baseUrl: vendor.url },
    });
    expect(connect.statusCode).toBe(400);
    const row = await t.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', 'log@example.com')
      .executeTakeFirstOrThrow();
    secrets.push(row.password_hash);

    // a failing query whose parameters hold a password hash, logged the way routes log errors
    const hash = await hashPassword('Fourth-Pass4444');
    secrets.push(hash);
    const failure = await t.database.db
      .insertInto('users')
      .values({
        first_name: 'x',
        last_name: 'y',
        user_name: 'dup',
        email: 'log@example.com',
        password_hash: hash,
        plan_type: null,
        img_url: null,
        github_login_id: null,
        google_login_id: null,
      })
      .execute()
      .catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(Error);
    t.app.log.error({ err: failure }, 'insert failed');

    const log = lines.join('');
    expect(log).toContain('insert failed'); // the log was captured
    expect(log.length).toBeGreaterThan(2000);
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(5);
      expect(log.includes(secret), `secret ${secret.slice(0, 8)}… found in the log`).toBe(false);
    }
  });
});

describe('secrets in request URLs are masked in the log (security round 2)', () => {
  it('api_key, token, code, state, access_token, client_secret and encoded spellings never reach the log', async () => {
    const secrets = [
      'APIKEYSECRET0001',
      'TOKENSECRET00002',
      'CODESECRET000003',
      'STATESECRET00004',
      'ACCESSSECRET0005',
      'CLIENTSECRET0006',
      'ENCODEDSECRET007',
      'UPPERSECRET00008',
    ];
    const query = [
      `api_key=${secrets[0]}`,
      `token=${secrets[1]}`,
      `code=${secrets[2]}`,
      `state=${secrets[3]}`,
      `access_token=${secrets[4]}`,
      `client_secret=${secrets[5]}`,
      `api%5Fkey=${secrets[6]}`,
      `API_KEY=${secrets[7]}`,
      'page=2',
    ].join('&');
    const before = lines.length;
    await t.call({ method: 'GET', url: `/api/v1/user?${query}` });
    await t.call({ method: 'GET', url: `/auth/rapid/login?${query}` });
    const log = lines.slice(before).join('');
    expect(log).toContain('/api/v1/user?');
    expect(log).toContain('api_key=[redacted]');
    expect(log).toContain('page=2'); // harmless parameters stay readable
    for (const secret of secrets) expect(log.includes(secret), `${secret} found in the log`).toBe(false);
  });
});
