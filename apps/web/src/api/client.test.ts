import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testUser as user } from '../test/fixtures.ts';
import { apiRequest, ApiRequestError, setUnauthorizedHandler } from './client.ts';
import { getSession, reloadSession, setSession } from '../auth/session.ts';

function respond(status: number, body: unknown) {
  return vi.fn(
    async () => new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

describe('apiRequest', () => {
  let onUnauthorized: ReturnType<typeof vi.fn<() => void>>;
  beforeEach(() => {
    onUnauthorized = vi.fn<() => void>();
    setUnauthorizedHandler(onUnauthorized);
    reloadSession();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the stored token as a Bearer header to /api', async () => {
    setSession('tok-123', user);
    const fetchMock = respond(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('/v1/user')).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/user');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-123');
  });

  it('sends the interface language as Accept-Language, so mails come in it (docs/i18n.md)', async () => {
    const before = document.documentElement.lang;
    document.documentElement.lang = 'de';
    try {
      const fetchMock = respond(201, { ok: true });
      vi.stubGlobal('fetch', fetchMock);
      await apiRequest('/signup', { method: 'POST', json: {} });
      const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
      expect((init.headers as Record<string, string>)['Accept-Language']).toBe('de');
    } finally {
      document.documentElement.lang = before;
    }
  });

  it('sends no Authorization header without a token', async () => {
    const fetchMock = respond(200, {});
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/forgotPassword', { method: 'POST', json: { email: 'a@b.co' } });
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
    expect(init.body).toBe('{"email":"a@b.co"}');
  });

  it('form-encodes the login body', async () => {
    const fetchMock = respond(200, {});
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/login', { method: 'POST', form: { username: 'a+b@c.io', password: 'p&q' } });
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(init.body).toBe('username=a%2Bb%40c.io&password=p%26q');
  });

  it('on 511 clears token and user from storage and memory, then calls the sign-out handler', async () => {
    setSession('expired', user);
    vi.stubGlobal('fetch', respond(511, { detail: 'Your session has expired.', code: 'TOKEN_INVALID' }));
    const err = await apiRequest('/v1/user').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiRequestError);
    expect((err as ApiRequestError).status).toBe(511);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(getSession()).toEqual({ token: null, user: null, locked: false });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('other errors keep the session and carry the server detail and code', async () => {
    setSession('good', user);
    vi.stubGlobal('fetch', respond(401, { detail: 'Incorrect email or password.', code: 'INVALID_CREDENTIALS' }));
    const err = (await apiRequest('/login', { method: 'POST', form: {} }).catch((e: unknown) => e)) as ApiRequestError;
    expect(err.message).toBe('Incorrect email or password.');
    expect(err.code).toBe('INVALID_CREDENTIALS');
    expect(err.status).toBe(401);
    expect(getSession().token).toBe('good');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('without a detail field the error message names the status', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>bad gateway</html>', { status: 502 })),
    );
    await expect(apiRequest('/v1/user')).rejects.toThrow('Request failed with status code 502');
  });

  it('a network failure becomes an ApiRequestError with status 0 and the error message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const err = (await apiRequest('/v1/user').catch((e: unknown) => e)) as ApiRequestError;
    expect(err.status).toBe(0);
    expect(err.message).toBe('Failed to fetch');
  });
});
