import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import LoginPage from './LoginPage.tsx';
import { getSession, reloadSession, setSession } from './session.ts';
import { renderRoutes } from '../test/renderWithProviders.tsx';
import { testUser } from '../test/fixtures.ts';
import { PAGE_STATE_KEY, PAGE_STATE_TTL_MS, rememberPage, takeRememberedPage } from './pageState.ts';

const routes = [
  { path: '/auth/login', element: <LoginPage /> },
  { path: '*', element: <p>elsewhere</p> },
];

describe('LoginPage redirects', () => {
  beforeEach(() => reloadSession());
  afterEach(() => vi.unstubAllGlobals());

  it('sends an already signed-in user on at once, to a same-origin state without the token', async () => {
    setSession('tok-1', testUser);
    const state = encodeURIComponent('/auth/localhost/login?redirectUri=http://localhost:5555/cb');
    const { router } = renderRoutes(routes, `/auth/login?state=${state}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/localhost/login'));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('redirectUri')).toBe('http://localhost:5555/cb');
    expect(params.get('token')).toBeNull();
  });

  it('a loopback state goes through the consent page, never with the browser\'s token (docs/security.md "Round 2")', async () => {
    setSession('tok-1', testUser);
    const { router } = renderRoutes(routes, `/auth/login?state=${encodeURIComponent('http://127.0.0.1:4444/steal')}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/localhost/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirectUri')).toBe('http://127.0.0.1:4444/steal');
    expect(router.state.location.search).not.toContain('tok-1');
  });

  it('an already signed-in user without state goes to /repositories', async () => {
    setSession('tok-1', testUser);
    const { router } = renderRoutes(routes, '/auth/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/repositories'));
  });

  it('logs in form-encoded and stores the answer; a foreign state is ignored', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ user: testUser, token: 'fresh' }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderRoutes(routes, `/auth/login?state=${encodeURIComponent('https://evil.example.net/x')}`);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email', { selector: 'input' }), 'ada@example.com');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'whatever');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/repositories'));
    expect(getSession()).toEqual({ token: 'fresh', user: testUser, locked: false });
    const [url, init] = (fetchMock.mock.calls as unknown as Array<[string, RequestInit]>).find(([u]) => u !== '/api/v1/auth/providers')!;
    expect(url).toBe('/api/login');
    expect(init.body).toBe('username=ada%40example.com&password=whatever');
  });

  it('goes back to the page kept in the client-stored pageState when the router state is gone, and uses it once', async () => {
    // RequireAuth kept the page when it sent the visitor here; the login page was then reloaded
    rememberPage('/jobs?status=FAILED');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ user: testUser, token: 'fresh' }), { status: 200 })),
    );
    const { router } = renderRoutes(routes, '/auth/login');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email', { selector: 'input' }), 'ada@example.com');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'whatever');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/jobs?status=FAILED'));
    expect(localStorage.getItem(PAGE_STATE_KEY)).toBeNull();
  });

  it('ignores a pageState that is older than an hour or not a path of this app', () => {
    rememberPage('/jobs', Date.now() - PAGE_STATE_TTL_MS - 1);
    expect(takeRememberedPage()).toBeNull();
    localStorage.setItem(PAGE_STATE_KEY, JSON.stringify({ from: '//evil.example.net/x', at: Date.now() }));
    expect(takeRememberedPage()).toBeNull();
    rememberPage('/profile');
    expect(takeRememberedPage()).toBe('/profile');
    expect(takeRememberedPage()).toBeNull();
  });
});
