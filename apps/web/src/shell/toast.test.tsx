import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import NewPasswordPage from '../auth/NewPasswordPage.tsx';
import RapidLoginPage from '../auth/RapidLoginPage.tsx';
import { EmailChangeModal } from '../profile/EmailChangeModal.tsx';
import { renderRoutes } from '../test/renderWithProviders.tsx';
import { fakeApi } from '../test/fakeApi.ts';
import { testUser } from '../test/fixtures.ts';
import { reloadSession } from '../auth/session.ts';

/** Every source file of the web app (tests aside), as text. */
const SOURCES = Object.entries(
  import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], { query: '?raw', import: 'default', eager: true }),
);

/** The toasts on screen: antd messages (top centre); one that is leaving (fading out) is gone. */
const toasts = () =>
  [...document.querySelectorAll('.ant-message-notice')].filter((n) => !/-leave\b/.test(n.className)).map((n) => n.textContent ?? '');

afterEach(() => {
  vi.unstubAllGlobals();
  reloadSession();
});

/** One toast system, and the feedback it gives. */
describe('toasts', () => {
  it('the app has one toast system: nothing uses antd notifications', () => {
    expect(SOURCES.length).toBeGreaterThan(50);
    const users = SOURCES.filter(([, text]) => /\bnotification\s*[.}]|\bnotification\b[^;]*from 'antd'|\bnotification,/.test(text)).map(
      ([file]) => file,
    );
    expect(users).toEqual([]);
  });

  it('a stale "passwords do not match" toast is cleared by the reset that then succeeds', async () => {
    fakeApi({ '/setNewPassword': { body: { message: 'Password updated.' } } });
    renderRoutes(
      [
        { path: '/auth/new-password', element: <NewPasswordPage /> },
        { path: '/auth/login', element: <p>login page</p> },
      ],
      '/auth/new-password?email=ada%40example.com&code=123456',
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password', { selector: 'input' }), 'Str0ngPassword');
    await user.type(screen.getByLabelText('Confirm password', { selector: 'input' }), 'Str0ngPasswordX');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    await waitFor(() => expect(toasts().some((x) => x.includes('The two passwords that you entered do not match!'))).toBe(true));

    await user.clear(screen.getByLabelText('Confirm password', { selector: 'input' }));
    await user.type(screen.getByLabelText('Confirm password', { selector: 'input' }), 'Str0ngPassword');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    await screen.findByText('login page');
    await waitFor(() => expect(toasts().some((x) => x.includes('Password changed'))).toBe(true));
    // at once, not after the error toast's own 3 s
    expect(toasts().some((x) => x.includes('do not match'))).toBe(false);
  });

  it('the activation link confirms "Email verified"; a plain sign-in link does not', async () => {
    fakeApi({ '/v1/auth/rapid-login': { body: { user: { ...testUser, isVerified: true }, token: 'tok', emailVerified: true } } });
    renderRoutes(
      [
        { path: '/auth/rapid/login', element: <RapidLoginPage /> },
        { path: '/repositories', element: <p>home</p> },
      ],
      '/auth/rapid/login?token=abc',
    );
    await screen.findByText('home');
    await waitFor(() =>
      expect(toasts().some((x) => x.includes('Email verified') && x.includes('ada@example.com is confirmed'))).toBe(true),
    );
  });

  it('without emailVerified the same page shows no verification toast', async () => {
    fakeApi({ '/v1/auth/rapid-login': { body: { user: { ...testUser, isVerified: true }, token: 'tok', emailVerified: false } } });
    renderRoutes(
      [
        { path: '/auth/rapid/login', element: <RapidLoginPage /> },
        { path: '/repositories', element: <p>home</p> },
      ],
      '/auth/rapid/login?token=session',
    );
    await screen.findByText('home');
    expect(toasts().some((x) => x.includes('Email verified'))).toBe(false);
  });

  it('the email-change code step has its own copy, and success says the address changed', async () => {
    fakeApi({
      '/v1/user/email/update/request': { body: { message: 'ok' } },
      '/v1/user/email/update/verify': { body: { success: true, message: 'ok', token: 'new-token' } },
      '/v1/user': { body: { ...testUser, email: { ...testUser.email, name: 'new@example.com' } } },
    });
    renderRoutes(
      [
        { path: '/profile', element: <EmailChangeModal open onClose={() => {}} /> },
        { path: '/repositories', element: <p>home</p> },
      ],
      '/profile',
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New email address', { selector: 'input' }), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    const text = await screen.findByTestId('email-code-text');
    expect(text.textContent).toContain('new@example.com');
    expect(text.textContent).toContain('confirm it as your new address');
    expect(text.textContent).not.toMatch(/If an account exists/);
    await user.type(screen.getAllByRole('textbox')[0]!, '123456');
    // the new token stays in storage, never in an address (docs/security.md "Round 2")
    await screen.findByText('home');
    expect(localStorage.getItem('accessToken')).toBe('new-token');
    await waitFor(() => expect(toasts().some((x) => x.includes('Email address updated') && x.includes('new@example.com'))).toBe(true));
  });
});
