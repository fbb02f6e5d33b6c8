import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import LocalhostLoginPage from './LocalhostLoginPage.tsx';
import { browserNavigation } from './redirect.ts';
import { reloadSession, setSession } from './session.ts';
import { renderRoutes } from '../test/renderWithProviders.tsx';
import { testUser } from '../test/fixtures.ts';

const routes = [
  { path: '/auth/localhost/login', element: <LocalhostLoginPage /> },
  { path: '*', element: <p>elsewhere</p> },
];
const cli = encodeURIComponent('http://127.0.0.1:5555/callback?state=s1');

/** The local-tool login asks the user before a token leaves the browser. */
describe('LocalhostLoginPage consent', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  let assign: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    reloadSession();
    setSession('browser-token', testUser);
    fetchMock = vi.fn(async () => new Response(JSON.stringify({ user: testUser, token: 'tool-token' }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    assign.mockRestore();
  });

  it('asks first, naming the address; nothing is sent before Allow', async () => {
    renderRoutes(routes, `/auth/localhost/login?redirectUri=${cli}`);
    expect(
      await screen.findByText('Allow the Docent CLI on this computer to use your account?', { selector: 'h1, h2, h3, h4, div, span' }),
    ).toBeTruthy();
    expect(screen.getByTestId('local-tool-address').textContent).toContain('127.0.0.1:5555');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('Allow mints a tool session and sends its token to the address, keeping its query', async () => {
    renderRoutes(routes, `/auth/localhost/login?redirectUri=${cli}`);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect([url, init.method]).toEqual(['/api/v1/auth/local-tool-token', 'POST']);
    expect(assign).toHaveBeenCalledWith('http://127.0.0.1:5555/callback?state=s1&token=tool-token');
  });

  it('instead of refreshing the browser token (a recorded change, docs/spec-conformance.md) it makes one call, and the browser keeps its own token', async () => {
    renderRoutes(routes, `/auth/localhost/login?redirectUri=${cli}`);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls.map(([u]) => String(u))).toEqual(['/api/v1/auth/local-tool-token']);
    expect(localStorage.getItem('accessToken')).toBe('browser-token');
    expect(String(assign.mock.calls[0]![0])).not.toContain('browser-token');
  });

  it("a failure shows 'Login Failed' and goes to the login page", async () => {
    fetchMock.mockImplementation(async () => new Response(JSON.stringify({ detail: 'Session expired.' }), { status: 401 }));
    const { router } = renderRoutes(routes, `/auth/localhost/login?redirectUri=${cli}`);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Allow' }));
    expect(await screen.findByText('Login Failed')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(assign).not.toHaveBeenCalled();
  });

  it('Deny sends nothing and goes home', async () => {
    const { router } = renderRoutes(routes, `/auth/localhost/login?redirectUri=${cli}`);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Deny' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('a foreign redirectUri is refused without asking', async () => {
    const { router } = renderRoutes(routes, `/auth/localhost/login?redirectUri=${encodeURIComponent('https://evil.example.net/cb')}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(screen.queryByRole('button', { name: 'Allow' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
