import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import LockPage from './LockPage.tsx';
import LoginPage from './LoginPage.tsx';
import NewPasswordPage from './NewPasswordPage.tsx';
import ForgotPasswordPage from './ForgotPasswordPage.tsx';
import SecurityCodePage from './SecurityCodePage.tsx';
import { reloadSession, setSession } from './session.ts';
import { renderRoutes } from '../test/renderWithProviders.tsx';
import { testUser } from '../test/fixtures.ts';

/**
 * The auth screens' spec texts and rules (docs/spec-conformance.md §2 "Other auth screens", §5, §8,
 * §9 lock-screen clock): each test reads the text a user sees or the call the page makes.
 */
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Waits until a toast (antd message) reads `text`: its title, a space, its detail. */
const toastShown = (text: string) =>
  waitFor(() => {
    const shown = [...document.querySelectorAll('.ant-message-notice')].map((el) => el.textContent);
    expect(shown).toContain(text);
  });
const fieldErrors = () => [...document.querySelectorAll('.ant-form-item-explain')].map((el) => el.textContent);
const input = (label: string) => screen.getByLabelText(label, { selector: 'input' });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  localStorage.clear();
  reloadSession();
  fetchMock = vi.fn(async () => json({ success: true }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('lock screen: what it shows, and how a missing or refused password is answered', () => {
  const lockRoutes = [
    { path: '/auth/lock', element: <LockPage /> },
    { path: '/auth/login', element: <p>login page</p> },
    { path: '/repositories', element: <p>repositories</p> },
  ];

  it('shows clock, date, the initials avatar, the full name and a password field; the clock moves every 10 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false, toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date(2026, 0, 5, 9, 15, 0));
    setSession('tok', testUser);
    renderRoutes(lockRoutes, '/auth/lock');
    const time = await screen.findByTestId('lock-time');
    expect(time.textContent).toBe('09:15 AM');
    expect(screen.getByText('Monday, January 5, 2026')).toBeTruthy();
    expect(screen.getByTestId('avatar-initials').textContent).toBe('AL');
    expect(screen.getByRole('heading', { name: 'Ada Lovelace' })).toBeTruthy();
    expect(input('Password')).toBeTruthy();
    // the wall clock passes a minute, but the display only follows at the next 10 s tick
    vi.setSystemTime(new Date(2026, 0, 5, 9, 16, 0));
    act(() => vi.advanceTimersByTime(9_999));
    expect(time.textContent).toBe('09:15 AM');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('lock-time').textContent).toBe('09:16 AM');
  });

  it('the password is required: the field error and a toast titled Error, nothing sent', async () => {
    setSession('tok', testUser);
    renderRoutes(lockRoutes, '/auth/lock');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Unlock/ }));
    await waitFor(() => expect(fieldErrors()).toContain('This field is required!'));
    await toastShown('Error This field is required!');
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/login')).toHaveLength(0);
  });

  it('a user without a stored email gets auth.errors.emailNotFound and nothing is sent', async () => {
    setSession('tok', { ...testUser, email: { name: '' } });
    renderRoutes(lockRoutes, '/auth/lock');
    const user = userEvent.setup();
    await user.type(input('Password'), 'Whatever1');
    await user.click(screen.getByRole('button', { name: /Unlock/ }));
    await toastShown('Login failed No email address is stored for this account. Please sign in again.');
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/login')).toHaveLength(0);
  });

  it('a refused password shows "Login failed" with the server detail and stays locked', async () => {
    setSession('tok', testUser);
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/login' ? json({ detail: 'Wrong email or password.', code: 'BAD_CREDENTIALS' }, 401) : json({ success: true }),
    );
    const { router } = renderRoutes(lockRoutes, '/auth/lock');
    const user = userEvent.setup();
    await user.type(input('Password'), 'Wrong-pass1');
    await user.click(screen.getByRole('button', { name: /Unlock/ }));
    await toastShown('Login failed Wrong email or password.');
    expect(router.state.location.pathname).toBe('/auth/lock');
  });
});

describe('login page failure says "Login failed"', () => {
  it('a refused sign-in shows the notification "Login failed" with the answer\'s detail', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/login'
        ? json({ detail: 'Wrong email or password.', code: 'BAD_CREDENTIALS' }, 401)
        : url === '/api/v1/auth/providers'
          ? json({ providers: [] })
          : json({}),
    );
    renderRoutes([{ path: '/auth/login', element: <LoginPage /> }], '/auth/login');
    const user = userEvent.setup();
    await user.type(input('Email'), 'ada@example.com');
    await user.type(input('Password'), 'Wrong-pass1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await toastShown('Login failed Wrong email or password.');
  });
});

describe('new password: its texts and validation', () => {
  const routes = [
    { path: '/auth/new-password', element: <NewPasswordPage /> },
    { path: '/auth/login', element: <p>login page</p> },
  ];

  it.each([
    ['no email', '/auth/new-password?code=123456'],
    ['no code', '/auth/new-password?email=ada%40example.com'],
  ])('%s in the address: "Email or Security Code not found. Please go back and fill them again", no form', async (_what, path) => {
    renderRoutes(routes, path);
    expect(await screen.findByText('Email or Security Code not found. Please go back and fill them again')).toBeTruthy();
    expect(screen.queryByLabelText('New password', { selector: 'input' })).toBeNull();
  });

  it('both fields are required and must match; the email and code come from the address', async () => {
    renderRoutes(routes, '/auth/new-password?email=ada%40example.com&code=123456');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    await waitFor(() => expect(fieldErrors().filter((e) => e === 'This field is required!')).toHaveLength(2));
    await user.type(input('New password'), 'Passw0rd!');
    await user.type(input('Confirm password'), 'Passw0rd?');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    await waitFor(() => expect(fieldErrors()).toContain('The two passwords that you entered do not match!'));
    expect(fetchMock).not.toHaveBeenCalled();

    fetchMock.mockImplementation(async () => json({ detail: 'The security code has expired.', code: 'CODE_EXPIRED' }, 400));
    await user.clear(input('Confirm password'));
    await user.type(input('Confirm password'), 'Passw0rd!');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/setNewPassword');
    expect(JSON.parse(init.body as string)).toEqual({
      email: 'ada@example.com',
      code: '123456',
      password: 'Passw0rd!',
      confirmPassword: 'Passw0rd!',
    });
    await toastShown('Failed to set new password The security code has expired.');
  });
});

describe('the code stays out of the address (docs/security.md "Reset code")', () => {
  it('a code in the address is moved into the history state at once, and still sent with the new password', async () => {
    const { router } = renderRoutes(
      [
        { path: '/auth/new-password', element: <NewPasswordPage /> },
        { path: '/auth/login', element: <p>login page</p> },
      ],
      '/auth/new-password?email=ada%40example.com&code=123456',
    );
    await waitFor(() => expect(router.state.location.search).toBe('?email=ada%40example.com'));
    expect(router.state.location.state).toEqual({ code: '123456' });
    expect(router.state.historyAction).toBe('REPLACE');
    const user = userEvent.setup();
    await user.type(input('New password'), 'Passw0rd!');
    await user.type(input('Confirm password'), 'Passw0rd!');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toMatchObject({ email: 'ada@example.com', code: '123456' });
  });

  it('the code step hands the code over in the state, the address names the email only', async () => {
    const { router } = renderRoutes(
      [
        { path: '/auth/security-code', element: <SecurityCodePage /> },
        { path: '/auth/new-password', element: <NewPasswordPage /> },
      ],
      '/auth/security-code?email=ada%40example.com',
    );
    const user = userEvent.setup();
    await user.click(screen.getAllByRole('textbox')[0]!);
    await user.keyboard('654321');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/new-password'));
    expect(router.state.location.search).toBe('?email=ada%40example.com');
    expect(router.state.location.state).toEqual({ code: '654321' });
    expect(await screen.findByLabelText('New password', { selector: 'input' })).toBeTruthy();
  });
});

describe('forgot password and security code: their texts and validation', () => {
  const routes = [
    { path: '/auth/forgot-password', element: <ForgotPasswordPage /> },
    { path: '/auth/security-code', element: <SecurityCodePage /> },
    { path: '/auth/new-password', element: <p>new password page</p> },
  ];

  it('the email is required (auth.common.emailError) and must be valid; a valid one is sent and leads to the code step', async () => {
    const { router } = renderRoutes(routes, '/auth/forgot-password');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send security code' }));
    await waitFor(() => expect(fieldErrors()).toContain('Please input your email!'));
    await user.type(input('Email'), 'ada@example');
    await user.click(screen.getByRole('button', { name: 'Send security code' }));
    await waitFor(() => expect(fieldErrors()).toContain('Please input a valid email address!'));
    expect(fetchMock).not.toHaveBeenCalled();
    await user.type(input('Email'), '.com');
    await user.click(screen.getByRole('button', { name: 'Send security code' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/security-code'));
    expect(router.state.location.search).toBe('?email=ada%40example.com');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/forgotPassword');
    expect(JSON.parse(init.body as string)).toEqual({ email: 'ada@example.com' });
  });

  it('the code has exactly 6 digits: five are refused, the sixth sends {code, email} at once; a refused code shows the server message', async () => {
    fetchMock.mockImplementation(async () => json({ detail: 'The entered code is not valid.', code: 'BAD_CODE' }, 400));
    renderRoutes(routes, '/auth/security-code?email=ada%40example.com');
    const user = userEvent.setup();
    const boxes = screen.getAllByRole('textbox');
    expect(boxes).toHaveLength(6);
    await user.click(boxes[0]!);
    await user.keyboard('12345');
    await user.click(screen.getByRole('button', { name: 'Verify code' }));
    // five of six digits are no code yet
    await waitFor(() => expect(fieldErrors()).toContain('This field is required!'));
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(boxes[5]!);
    await user.keyboard('6');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/verifySecurityCode');
    expect(JSON.parse(init.body as string)).toEqual({ email: 'ada@example.com', code: '123456' });
    await toastShown('Error The entered code is not valid.');
  });

  it('resend asks for a new code for the same email', async () => {
    renderRoutes(routes, '/auth/security-code?email=ada%40example.com');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/forgotPassword');
    expect(JSON.parse(init.body as string)).toEqual({ email: 'ada@example.com' });
    await toastShown('A new code is on its way.');
  });
});
