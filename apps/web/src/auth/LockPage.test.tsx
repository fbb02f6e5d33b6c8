import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import LockPage, { unlockTarget } from './LockPage.tsx';
import { RequireAuth } from './RequireAuth.tsx';
import { getSession, LOCKED_KEY, reloadSession, setSession, TOKEN_KEY } from './session.ts';
import { apiRequest } from '../api/client.ts';
import { renderRoutes } from '../test/renderWithProviders.tsx';
import { testUser } from '../test/fixtures.ts';

const routes = [
  { path: '/auth/lock', element: <LockPage /> },
  { path: '/auth/login', element: <p>login page</p> },
  {
    element: <RequireAuth />,
    children: [
      {
        element: <Outlet />,
        children: [
          { path: '/jobs', element: <p>jobs content</p> },
          { path: '/repositories', element: <p>repositories</p> },
        ],
      },
    ],
  },
];

// antd's avatar measures itself with ResizeObserver, which jsdom lacks.
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  } as unknown as typeof ResizeObserver;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the lock screen locks', () => {
  beforeEach(() => {
    localStorage.clear();
    reloadSession();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('opening it drops the token, marks the session locked and ends the session on the server', async () => {
    const fetchMock = vi.fn(async () => json({ success: true }));
    vi.stubGlobal('fetch', fetchMock);
    setSession('tok-1', testUser);
    renderRoutes(routes, '/auth/lock');
    expect(await screen.findByRole('button', { name: /Unlock/ })).toBeTruthy();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(getSession()).toEqual({ token: null, user: testUser, locked: true });
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(LOCKED_KEY)).toBe('1');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/auth/logout');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-1');
  });

  it('while locked, a protected page sends to the lock screen; unlocking returns to that page', async () => {
    localStorage.setItem('user', JSON.stringify(testUser));
    localStorage.setItem(LOCKED_KEY, '1');
    reloadSession();
    const fetchMock = vi.fn(async () => json({ user: testUser, token: 'fresh' }));
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderRoutes(routes, '/jobs');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/lock'));
    expect(screen.queryByText('jobs content')).toBeNull();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Correct-Horse1');
    await user.click(screen.getByRole('button', { name: /Unlock/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/jobs'));
    expect(getSession()).toEqual({ token: 'fresh', user: testUser, locked: false });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/login');
    expect(init.body).toBe('username=ada%40example.com&password=Correct-Horse1');
  });

  it('a 511 answering a call made before the lock does not sign the locked user out', async () => {
    localStorage.setItem('user', JSON.stringify(testUser));
    localStorage.setItem(LOCKED_KEY, '1');
    reloadSession();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ detail: 'expired', code: 'TOKEN_INVALID' }, 511)),
    );
    await expect(apiRequest('/v1/user')).rejects.toThrow('expired');
    expect(getSession()).toEqual({ token: null, user: testUser, locked: true });
  });

  it('signing in anew ends the locked state', () => {
    localStorage.setItem(LOCKED_KEY, '1');
    reloadSession();
    setSession('t', testUser);
    expect(getSession().locked).toBe(false);
    expect(localStorage.getItem(LOCKED_KEY)).toBeNull();
  });
});

describe('unlockTarget', () => {
  it('prefers the page the lock screen was sent from, then one page back, then /repositories', () => {
    expect(unlockTarget('/jobs?x=1', 3)).toBe('/jobs?x=1');
    expect(unlockTarget(undefined, 2)).toBe(-1);
    expect(unlockTarget(undefined, 0)).toBe('/repositories');
    expect(unlockTarget(undefined, undefined)).toBe('/repositories');
  });
  it('never follows a foreign or auth-page origin', () => {
    expect(unlockTarget('//evil.example', 0)).toBe('/repositories');
    expect(unlockTarget('https://evil.example/x', 0)).toBe('/repositories');
    expect(unlockTarget('/auth/lock', 1)).toBe(-1);
  });
});
