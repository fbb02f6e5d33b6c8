import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import SignUpPage from './SignUpPage.tsx';
import { reloadSession } from './session.ts';
import { renderRoutes } from '../test/renderWithProviders.tsx';

/** Form validation of the sign-up page: docs/spec-conformance.md §5 texts, and nothing is sent while invalid. */
describe('SignUpPage validation', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  /** the form's calls, without the page's look-up of the configured sign-in providers */
  const formCalls = () => fetchMock.mock.calls.filter(([url]) => url !== '/api/v1/auth/providers');
  beforeEach(() => {
    reloadSession();
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const setup = () => {
    renderRoutes(
      [
        { path: '/auth/sign-up', element: <SignUpPage /> },
        { path: '/repositories', element: <p>home</p> },
      ],
      '/auth/sign-up',
    );
    return userEvent.setup();
  };
  const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });
  const submit = () => screen.getByRole('button', { name: 'Create account' });
  /** An error shown under a form field (the first one is also repeated in a toast). */
  const fieldError = async (text: string | RegExp) => {
    // The toast can show before antd renders the field's explain line: retry until the one under the field is there too.
    await waitFor(() => {
      const under = screen.queryAllByText(text).filter((el) => el.closest('.ant-form-item-explain'));
      expect(under.length, String(text)).toBeGreaterThan(0);
    });
  };

  it('an empty form shows required errors and a toast titled Error with the first one', async () => {
    const user = setup();
    await user.click(submit());
    // antd renders the field errors one after another: wait until all four are there
    await waitFor(() => {
      const required = screen.queryAllByText('This field is required!').filter((el) => el.closest('.ant-form-item-explain'));
      expect(required.length).toBe(4); // first name, email, password, confirmation
    });
    const notice = await waitFor(() => {
      const el = document.querySelector('.ant-message-notice');
      if (!el) throw new Error('no toast yet');
      return el as HTMLElement;
    });
    expect(within(notice).getByText('Error')).toBeTruthy();
    expect(within(notice).getByText('This field is required!')).toBeTruthy();
    expect(formCalls()).toHaveLength(0);
  });

  it('rejects an invalid email, a weak password and a mismatched confirmation with the spec texts', async () => {
    const user = setup();
    await user.type(field('First name'), 'Ada');
    await user.type(field('Email'), 'ada@example');
    await user.type(field('Password'), 'password');
    await user.type(field('Confirm password'), 'Password1');
    await user.click(submit());
    await fieldError('Please input a valid email address!');
    await fieldError(/Password must be at least 8 characters/);
    await fieldError('The two passwords that you entered do not match!');
    expect(formCalls()).toHaveLength(0);
  });

  it('the terms checkbox starts unticked: sign-up without ticking it is blocked with auth.signup.tou', async () => {
    const user = setup();
    const terms = screen.getByRole('checkbox');
    expect((terms as HTMLInputElement).checked).toBe(false);
    await user.type(field('First name'), 'Ada');
    await user.type(field('Email'), 'ada@example.com');
    await user.type(field('Password'), 'Passw0rd!');
    await user.type(field('Confirm password'), 'Passw0rd!');
    await user.click(submit());
    await fieldError('Please agree to the Terms of Use and Privacy Policy');
    expect(formCalls()).toHaveLength(0);
  });

  it('a valid form posts the spec payload to /api/signup', async () => {
    fetchMock.mockImplementation(async () => new Response(JSON.stringify({ detail: 'Email taken', code: 'EMAIL_TAKEN' }), { status: 409 }));
    const user = setup();
    await user.type(field('First name'), ' Ada ');
    await user.type(field('Last name'), 'Lovelace');
    await user.type(field('Email'), 'ada@example.com');
    await user.type(field('Password'), 'Passw0rd!');
    await user.type(field('Confirm password'), 'Passw0rd!');
    await user.click(screen.getByRole('checkbox'));
    await user.click(submit());
    await waitFor(() => expect(formCalls()).toHaveLength(1));
    const [url, init] = formCalls()[0] as [string, RequestInit];
    expect(url).toBe('/api/signup');
    expect(JSON.parse(init.body as string)).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      password: 'Passw0rd!',
      agreeToTerms: true,
    });
    // The server's detail is what the user reads.
    expect(await screen.findByText('Email taken')).toBeTruthy();
    expect(screen.getByText('Sign up failed')).toBeTruthy();
  });

  it('a weak password shows its error once: the helper text steps aside while the error shows', async () => {
    const user = setup();
    const hint = 'At least 8 characters, with an uppercase letter, a lowercase letter and a number.';
    const under = (text: string) => screen.queryAllByText(text).filter((el) => el.closest('.ant-form-item'));
    expect(under(hint)).toHaveLength(1);
    await user.type(field('Password'), 'password');
    await user.click(submit());
    await fieldError(/Password must be at least 8 characters/);
    await waitFor(() => expect(under(hint)).toHaveLength(0));
    // once the password is strong the error goes and the helper text is back
    await user.clear(field('Password'));
    await user.type(field('Password'), 'Passw0rd!');
    await waitFor(() => expect(under(hint)).toHaveLength(1));
  });

  it('shows the OR divider between the providers and the form, and links to /auth/login', async () => {
    // The divider stands between provider buttons and the form: a server with GitHub configured.
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/v1/auth/providers'
        ? new Response(JSON.stringify({ providers: [{ id: 'github', label: 'GitHub' }] }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          })
        : new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } }),
    );
    setup();
    const divider = await waitFor(() => {
      const el = document.querySelector('.ant-divider');
      if (!el) throw new Error('no divider yet');
      return el;
    });
    expect(divider.textContent).toBe('OR');
    // the divider sits before the form
    expect(divider.compareDocumentPosition(submit()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Sign in' });
    expect(link.getAttribute('href')).toBe('/auth/login');
  });
});
