import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import LogoutPage from '../auth/LogoutPage.tsx';
import LocalhostLoginPage from '../auth/LocalhostLoginPage.tsx';
import LoginPage from '../auth/LoginPage.tsx';
import { EmailChangeModal } from '../profile/EmailChangeModal.tsx';
import { getSession, reloadSession, setSession } from '../auth/session.ts';
import { fakeApi } from './fakeApi.ts';
import { testUser } from './fixtures.ts';
import { renderRoutes } from './renderWithProviders.tsx';

/**
 * The session rows of docs/spec-conformance.md §2 (login's terms and privacy links, the local-tool login without
 * redirectUri), §3 (the client-stored accessToken and user) and §4 (logout clears both; the email change's
 * success, changed by docs/security.md "Round 2").
 */

// the file's first render loads antd (10–20 s on a loaded 2-core machine): more than the web default of 20 s
vi.setConfig({ testTimeout: 60_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  // storage first: reloadSession reads it
  localStorage.clear();
  reloadSession();
});

describe('login screens (docs/spec-conformance.md §2)', () => {
  it('the login page links the Terms of Use and the Privacy Policy; the terms open in a dialog', async () => {
    fakeApi({ '/v1/auth/providers': { body: { providers: [] } } });
    renderRoutes([{ path: '/auth/login', element: <LoginPage /> }], '/auth/login');
    const terms = await screen.findByRole('link', { name: 'Terms of Use' });
    const privacy = screen.getByRole('link', { name: 'Privacy Policy' });
    expect(terms.closest('p')!.textContent).toBe('By continuing you agree to the Terms of Use and the Privacy Policy.');
    expect(terms.getAttribute('href')).toBe('#terms');
    expect(privacy.getAttribute('href')).toBe('#privacy');
    fireEvent.click(terms);
    expect(await screen.findByText(/Use it only for repositories you are allowed to access/)).toBeTruthy();
  });

  it('the localhost login without redirectUri goes home at once, asking nothing and sending nothing', async () => {
    setSession('tok-1', testUser);
    const api = fakeApi({});
    const { router } = renderRoutes(
      [
        { path: '/auth/localhost/login', element: <LocalhostLoginPage /> },
        { path: '/', element: <p>home</p> },
      ],
      '/auth/localhost/login',
    );
    expect(await screen.findByText('home')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(api).not.toHaveBeenCalled();
  });
});

describe('session (docs/spec-conformance.md §3, §4)', () => {
  it('/logout ends the server session, clears accessToken and user from storage and memory, then shows the login page', async () => {
    setSession('tok-1', testUser);
    expect(localStorage.getItem('accessToken')).toBe('tok-1');
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ id: 'u1', email: { name: 'ada@example.com' } });
    const api = fakeApi({ '/v1/auth/logout': { body: { success: true } } });
    renderRoutes(
      [
        { path: '/logout', element: <LogoutPage /> },
        { path: '/auth/login', element: <p>login page</p> },
      ],
      '/logout',
    );
    expect(await screen.findByText('login page')).toBeTruthy();
    const [url, init] = api.mock.calls[0] as unknown as [string, RequestInit];
    expect([url, init.method, new Headers(init.headers).get('authorization')]).toEqual(['/api/v1/auth/logout', 'POST', 'Bearer tok-1']);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(getSession()).toMatchObject({ token: null, user: null });
  });

  it("the email change's success keeps the answer's token and the reloaded user, then goes home (not through rapid login)", async () => {
    setSession('old-token', testUser);
    const changed = { ...testUser, email: { name: 'new@example.com' }, isVerified: true };
    const api = fakeApi({
      '/v1/user/email/update/request': { body: { message: 'Code sent' } },
      '/v1/user/email/update/verify': { body: { success: true, message: 'Email updated', token: 'new-token' } },
      '/v1/user': { body: changed },
    });
    const { router } = renderRoutes(
      [
        { path: '/profile/personal-info', element: <EmailChangeModal open onClose={() => {}} /> },
        { path: '/repositories', element: <p>home</p> },
      ],
      '/profile/personal-info',
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New email address', { selector: 'input' }), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByTestId('email-code-text');
    const boxes = screen.getAllByRole('textbox');
    await user.click(boxes[0]!);
    await user.keyboard('123456');
    await waitFor(() => expect(router.state.location.pathname).toBe('/repositories'));
    const verify = api.mock.calls.find(([u]) => String(u) === '/api/v1/user/email/update/verify') as unknown as [string, RequestInit];
    expect(JSON.parse(String(verify[1].body))).toEqual({ email: 'new@example.com', code: '123456' });
    expect(localStorage.getItem('accessToken')).toBe('new-token');
    expect(getSession().user).toMatchObject({ email: { name: 'new@example.com' } });
    expect(api.mock.calls.some(([u]) => String(u).includes('rapid'))).toBe(false);
  });
});
