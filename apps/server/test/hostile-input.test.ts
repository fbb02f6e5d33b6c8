import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unstorableField } from '../src/http/hostile-input.ts';
import { createTestApp, signUp, type TestApp } from './helpers/app.ts';

/** docs/security.md: hostile input answers 4xx `{detail, code}`, never a 5xx or a bare text. */
let t: TestApp;
let token: string;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  token = (await signUp(t, 'hostile@example.com')).token;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => t.close());

/** Sends raw bytes (what a browser or inject would never send) and returns status and body. */
function raw(text: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let out = '';
    socket.setEncoding('latin1').on('data', (d: string) => (out += d));
    socket.on('close', () =>
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(out)?.[1] ?? 0), body: out.slice(out.indexOf('\r\n\r\n') + 4) }),
    );
    socket.on('error', reject);
  });
}

describe('hostile input', () => {
  it('refuses NUL characters and unpaired surrogates anywhere in a body, naming the field', async () => {
    const nul = await t.call({ method: 'PUT', url: '/api/v1/users', token, payload: { firstName: 'a\u0000b' } });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({
      detail: 'body.firstName: must not contain NUL characters or unpaired surrogates.',
      code: 'VALIDATION_ERROR',
    });
    const lone = await t.call({
      method: 'PUT',
      url: '/api/v1/users',
      token,
      headers: { 'content-type': 'application/json' },
      payload: '{"lastName":"x\\ud800y"}',
    });
    expect(lone.statusCode).toBe(400);
    expect(lone.json().detail).toMatch(/^body\.lastName/);
    const query = await t.call({ method: 'GET', url: '/api/v1/azure/pat?organization=%00', token });
    expect(query.statusCode).toBe(400);
    // nothing was stored
    expect((await t.call({ method: 'GET', url: '/api/v1/user', token })).json().firstName).toBe('Test');
  });

  it('answers prototype keys in a vendor path as an unknown vendor', async () => {
    for (const v of ['constructor', '__proto__', 'hasOwnProperty']) {
      const res = await t.call({ method: 'GET', url: `/api/git/${v}/install/status`, token });
      expect(res.statusCode, v).toBe(404);
      expect(res.json().detail).toMatch(/Unknown vendor/);
    }
  });

  it('refuses a vendor token that could not be sent as a header value with 400, not 502', async () => {
    for (const bad of ['abc\u00ffdef', 'ab cd', 'line\nbreak', 'tab\tin']) {
      const res = await t.call({ method: 'POST', url: '/api/v1/vendors/github/connection', token, payload: { token: bad } });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().detail).toMatch(/token/);
    }
  });

  it('answers over-long URLs, huge headers and bad percent-encoding with JSON {detail, code}', async () => {
    const longUrl = await raw(`GET /api/v1/repos/${'a'.repeat(90_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(longUrl.status).toBe(431);
    expect(JSON.parse(longUrl.body)).toMatchObject({ code: 'HEADERS_TOO_LARGE' });
    const bigHeader = await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-A: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(bigHeader.status).toBe(431);
    expect(JSON.parse(bigHeader.body).detail).toMatch(/too large/);
    const badEncoding = await raw(`GET /api/v1/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect(badEncoding.status).toBe(400);
    expect(JSON.parse(badEncoding.body)).toEqual({ detail: 'The URL is not correctly percent-encoded.', code: 'BAD_URL' });
    const garbage = await raw(`GARBAGE\r\n\r\n`);
    expect(garbage.status).toBe(400);
    expect(JSON.parse(garbage.body).code).toBe('BAD_REQUEST');
  });

  it('finds unstorable text at any depth and in keys', () => {
    expect(unstorableField({ a: [{ b: 'ok' }, { c: 'x\u0000' }] }, 'body')).toBe('body.a.1.c');
    expect(unstorableField({ ['k\ud800']: 1 }, 'body')).toBe('body.k?');
    expect(unstorableField({ emoji: '😀 fine' }, 'body')).toBeNull();
  });
});
