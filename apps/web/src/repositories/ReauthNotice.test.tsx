import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { VendorConnection } from '@docent/contracts';
import RepositoriesPage from './RepositoriesPage.tsx';
import { renderRoutes } from '../test/renderWithProviders.tsx';
import { fakeApi } from '../test/fakeApi.ts';
import { reloadSession, setSession } from '../auth/session.ts';
import { testUser } from '../test/fixtures.ts';
import { preloadAlert } from '../shell/LazyAlert.tsx';

// the notice's Alert loads on first use (shell/LazyAlert.tsx); here it is there from the start
beforeAll(() => preloadAlert());

const conn = (vendor: VendorConnection['vendor'], needsReauth: boolean): VendorConnection => ({
  vendor,
  organization: '',
  login: 'someone',
  baseUrl: null,
  status: 'no_status',
  message: needsReauth ? 'Your GitLab sign-in has expired. Sign in with GitLab again to reconnect it.' : 'Synced 2 repositories',
  lastSyncedAt: null,
  needsReauth,
});

function serve(connections: VendorConnection[]) {
  setSession('tok', testUser);
  fakeApi({
    '/app/github/list': { body: [] },
    '/v1/vendors/connections': { body: connections },
    '/git/': { body: { status: 'no_status', message: '' } },
  });
}

/** A connection whose OAuth refresh was refused says so on the Repositories page. */
describe('ReauthNotice', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    reloadSession();
  });

  it('shows one warning per connection needing a new sign-in, whose action opens the connect dialog', async () => {
    serve([conn('GITLAB', true), conn('GITHUB', false)]);
    renderRoutes([{ path: '/repositories', element: <RepositoriesPage /> }], '/repositories');
    const notice = await screen.findByTestId('reauth-notice');
    const alerts = within(notice).getAllByRole('alert');
    expect(alerts).toHaveLength(1);
    expect(within(alerts[0]!).getByText('Your GitLab sign-in has expired')).toBeTruthy();
    expect(within(alerts[0]!).getByText(/Sign in with GitLab again, or connect it with an access token\./)).toBeTruthy();
    await userEvent.click(within(alerts[0]!).getByRole('button', { name: 'Connect again' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('is absent when every connection is fine', async () => {
    serve([conn('GITHUB', false)]);
    renderRoutes([{ path: '/repositories', element: <RepositoriesPage /> }], '/repositories');
    await screen.findByTestId('connect-vendors');
    expect(screen.queryByTestId('reauth-notice')).toBeNull();
  });
});
