import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VerifyEmailBanner } from './VerifyEmailBanner.tsx';
import { renderRoutes } from '../test/renderWithProviders.tsx';
import { fakeApi } from '../test/fakeApi.ts';
import { testUser } from '../test/fixtures.ts';
import { preloadAlert } from './LazyAlert.tsx';

// the notice's Alert loads on first use (shell/LazyAlert.tsx); here it is there from the start
beforeAll(() => preloadAlert());

afterEach(() => vi.unstubAllGlobals());

/** docs/spec-conformance.md §2: the unverified banner and its Resend Link button (GET /generateActivationLink). */
describe('VerifyEmailBanner', () => {
  it('says where the mail went, and Resend Link asks for a new one and confirms it', async () => {
    const api = fakeApi({ '/generateActivationLink': { body: { success: true, message: 'Activation email sent!' } } });
    renderRoutes([{ path: '/', element: <VerifyEmailBanner user={testUser} /> }], '/');
    expect(screen.getByTestId('verify-banner').textContent).toContain(
      'Activation email sent to ada@example.com. Check your inbox to verify.',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Resend Link' }));
    await waitFor(() => expect(api).toHaveBeenCalledTimes(1));
    expect(String(api.mock.calls[0]![0])).toBe('/api/generateActivationLink');
    await waitFor(() => expect(document.querySelector('.ant-message-notice')?.textContent).toContain('Activation email sent!'));
  });

  it('a failed resend says so; a verified user sees no banner', async () => {
    fakeApi({ '/generateActivationLink': { status: 429, body: { detail: 'Too many requests.' } } });
    const { unmount } = renderRoutes([{ path: '/', element: <VerifyEmailBanner user={testUser} /> }], '/');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Resend Link' }));
    await waitFor(() =>
      expect(document.querySelector('.ant-message-notice-error')?.textContent).toContain(
        'Failed to resend activation email. Please try again.',
      ),
    );
    unmount();
    renderRoutes([{ path: '/', element: <VerifyEmailBanner user={{ ...testUser, isVerified: true }} /> }], '/');
    expect(screen.queryByTestId('verify-banner')).toBeNull();
  });
});
