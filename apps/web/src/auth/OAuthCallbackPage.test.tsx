import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import OAuthCallbackPage from './OAuthCallbackPage.tsx';
import { getSession, reloadSession, setSession } from './session.ts';
import { renderRoutes } from '../test/renderWithProviders.tsx';
import { testUser } from '../test/fixtures.ts';

const routes = [
  ...['github', 'google', 'gitlab', 'bitbucket', 'azure'].map((p) => ({ path: `/oauth/${p}`, element: <OAuthCallbackPage /> })),
  { path: '/auth/login', element: <p>login page</p> },
  { path: '*', element: <p>elsewhere</p> },
];

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

describe('OAuthCallbackPage', () => {
  beforeEach(() => reloadSession());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    Object.defineProperty(window, 'opener', { value: null, configurable: true, writable: true });
  });

  it("hands the provider's code and state to GET /github/callback and lands signed in", async () => {
    const fetchMock = answer(200, { user: testUser, token: 'oauth-tok' });
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderRoutes(routes, '/oauth/github?code=abc&state=s1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/repositories'));
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe('/api/github/callback?code=abc&state=s1');
    expect(getSession()).toEqual({ token: 'oauth-tok', user: testUser, locked: false });
  });

  it('uses GET /google/login for Google and the analogous path for the others', async () => {
    for (const [provider, path] of [
      ['google', '/api/google/login'],
      ['bitbucket', '/api/bitbucket/callback'],
    ] as const) {
      const fetchMock = answer(200, { user: testUser, token: 't' });
      vi.stubGlobal('fetch', fetchMock);
      const { router, unmount } = renderRoutes(routes, `/oauth/${provider}?code=c&state=s`);
      await waitFor(() => expect(router.state.location.pathname).toBe('/repositories'));
      expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe(`${path}?code=c&state=s`);
      unmount();
    }
  });

  it('in the popup: closes itself after storing the session', async () => {
    vi.stubGlobal('fetch', answer(200, { user: testUser, token: 'popup-tok' }));
    Object.defineProperty(window, 'opener', { value: {}, configurable: true, writable: true });
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    renderRoutes(routes, '/oauth/gitlab?code=abc&state=s1');
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(localStorage.getItem('accessToken')).toBe('popup-tok');
  });

  it('in the popup, with shouldNotClose=true: stays open and goes home', async () => {
    vi.stubGlobal('fetch', answer(200, { user: testUser, token: 'tok-9' }));
    Object.defineProperty(window, 'opener', { value: {}, configurable: true, writable: true });
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    const { router } = renderRoutes(routes, '/oauth/github?code=abc&state=s1&shouldNotClose=true');
    await waitFor(() => expect(router.state.location.pathname).toBe('/repositories'));
    expect(close).not.toHaveBeenCalled();
  });

  it('takes no token from the address: a crafted link signs nobody in and keeps the own session (docs/security.md "Round 2")', async () => {
    const fetchMock = answer(200, { ...testUser, id: 'attacker' });
    vi.stubGlobal('fetch', fetchMock);
    setSession('own-token', testUser);
    const { router } = renderRoutes(routes, '/oauth/github?token=attacker-token&message=Welcome');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(getSession().token).toBe('own-token');
    expect(localStorage.getItem('accessToken')).toBe('own-token');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("a provider error is shown in our words, never the provider's description", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderRoutes(
      routes,
      `/oauth/github?error=access_denied&error_description=${encodeURIComponent('<b>evil</b> text from the provider')}&state=s`,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(await screen.findByText('The sign-in was cancelled at the provider. Nothing was changed.')).toBeTruthy();
    expect(document.body.textContent).not.toContain('evil');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('any other provider error code reads as a plain failure', async () => {
    renderRoutes(routes, '/oauth/azure?error=server_error&error_description=AADSTS50000');
    expect(await screen.findByText('The provider could not complete the sign-in. Please try again.')).toBeTruthy();
    expect(document.body.textContent).not.toContain('AADSTS');
  });

  it("in the popup, a refused exchange shows the server's message with a close button", async () => {
    vi.stubGlobal(
      'fetch',
      answer(409, {
        detail: 'An account with this email address exists but its address is not verified yet.',
        code: 'OAUTH_EMAIL_UNVERIFIED',
      }),
    );
    Object.defineProperty(window, 'opener', { value: {}, configurable: true, writable: true });
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    renderRoutes(routes, '/oauth/github?code=abc&state=s1');
    expect(await screen.findByText('An account with this email address exists but its address is not verified yet.')).toBeTruthy();
    expect(getSession().token).toBeNull();
    screen.getByRole('button', { name: 'Close window' }).click();
    expect(close).toHaveBeenCalled();
  });

  it('without a token or code it goes to /auth/login', async () => {
    const { router } = renderRoutes(routes, '/oauth/github');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
  });
});
