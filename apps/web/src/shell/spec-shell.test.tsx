import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { User } from '@docent/contracts';
import AppLayout from './AppLayout.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import ProfileLayout from '../profile/ProfileLayout.tsx';
import { ProfileSection } from '../profile/ProfileSection.tsx';
import { reloadSession, setSession } from '../auth/session.ts';
import { fakeApi } from '../test/fakeApi.ts';
import { testUser } from '../test/fixtures.ts';
import { renderRoutes } from '../test/renderWithProviders.tsx';

/**
 * The shell against docs/spec-conformance.md §1/§2: breadcrumb labels, the sidebar's
 * sections and footer (the plan name, Free without a paid plan, v1.2.0), and /profile's redirect on
 * tablet and wider, its navigation list and Back button on mobile.
 */
afterEach(() => {
  vi.unstubAllGlobals();
  reloadSession();
  localStorage.clear();
});

describe('breadcrumb labels (docs/spec-conformance.md §2)', () => {
  it.each([
    ['/repositories', ['Repositories']],
    ['/docent-api-keys', ['API Keys']],
    ['/redeem-coupon', ['Coupons']],
    ['/profile', ['Profile']],
    ['/profile/personal-info', ['Profile', 'Account']],
    ['/profile/security-settings', ['Profile', 'Security Settings']],
    ['/profile/payments', ['Profile', 'Payments']],
    ['/profile/upgrade-plan', ['Profile', 'Upgrade Plan']],
    ['/profile/transactions', ['Profile', 'Transactions']],
    ['/repositories/GITHUB/acme/web-app/lro', ['Repositories', 'acme', 'web-app', 'All Jobs']],
    ['/repositories/GITHUB/acme/web-app/settings', ['Repositories', 'acme', 'web-app', 'Settings']],
    ['/jobs/42', ['Jobs', 'Job #42']],
  ])('%s reads %j after the root, which links to /', (path, labels) => {
    renderRoutes([{ path: '*', element: <Breadcrumbs /> }], path);
    const items = [...document.querySelectorAll('.ant-breadcrumb li:not(.ant-breadcrumb-separator)')];
    expect(items.slice(1).map((li) => li.textContent)).toEqual(labels);
    expect(
      within(items[0] as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/');
  });
});

describe('sidebar (docs/spec-conformance.md §1, §2)', () => {
  const renderShell = (user: User) => {
    vi.stubGlobal('innerWidth', 1280);
    setSession('tok', user);
    fakeApi({ '/v1/user': { body: user }, '/v1/auth/providers': { body: { providers: [] } } });
    renderRoutes([{ element: <AppLayout />, children: [{ path: '*', element: <p>page</p> }] }], '/repositories');
    return screen.getByTestId('sidebar');
  };

  it("an app section (git repositories, jobs, API keys) and a user section (profile, upgrade); the footer shows 'Free plan' without a paid plan (not 'Enterprise Edition'), and v1.2.0", () => {
    const sidebar = renderShell(testUser);
    const links = within(sidebar)
      .getAllByRole('menuitem')
      .map((m) => m.textContent);
    // Coupons is Docent's own addition to the user section
    expect(links).toEqual(['Git Repositories', 'Jobs', 'API Keys', 'Profile', 'Upgrade', 'Coupons']);
    expect(within(sidebar).getByText('App')).toBeTruthy();
    expect(within(sidebar).getByText('User')).toBeTruthy();
    expect(within(sidebar).getByText('Free plan')).toBeTruthy();
    expect(within(sidebar).queryByText('Enterprise Edition')).toBeNull();
    expect(within(sidebar).getByText('v1.2.0')).toBeTruthy();
  });

  it.each([
    ['FREE', 'Free plan'],
    ['PREMIUM', 'Premium plan'],
    ['PRO', 'Pro plan'],
  ] as const)('a %s user sees "%s" in the footer instead', (planType, label) => {
    const sidebar = renderShell({ ...testUser, planType });
    expect(within(sidebar).getByText(label)).toBeTruthy();
    expect(within(sidebar).queryByText('Enterprise Edition')).toBeNull();
  });
});

describe('header (docs/spec-conformance.md §2)', () => {
  const renderHeader = (width: number) => {
    vi.stubGlobal('innerWidth', width);
    setSession('tok', testUser);
    fakeApi({ '/v1/user': { body: testUser }, '/v1/auth/providers': { body: { providers: [] } } });
    return renderRoutes(
      [
        { element: <AppLayout />, children: [{ path: '/repositories', element: <p>page</p> }] },
        { path: '/profile', element: <p>profile page</p> },
        { path: '/logout', element: <p>signed out</p> },
      ],
      '/repositories',
    );
  };

  it('the profile popover offers Profile and Logout; Logout goes to /logout', async () => {
    const { router } = renderHeader(1280);
    fireEvent.click(screen.getByTestId('account-menu'));
    expect(await screen.findByRole('button', { name: /Profile/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Logout/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/logout'));
  });

  it('the settings popover holds the theme (Light, Dark) and the currency (US Dollar, Indian Rupee)', async () => {
    renderHeader(1280);
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    expect(await screen.findByRole('heading', { name: 'Theme' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Currency' })).toBeTruthy();
    expect(screen.getByText('Light')).toBeTruthy();
    expect(screen.getByText('Dark')).toBeTruthy();
    expect(screen.getByText('$ US Dollar')).toBeTruthy();
    expect(screen.getByText('₹ Indian Rupee')).toBeTruthy();
  });

  it('on a phone the header has the mobile menu toggle, which opens the sidebar', async () => {
    renderHeader(360);
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(screen.queryByTestId('sidebar-mask')).toBeNull();
    fireEvent.click(toggle);
    await waitFor(() => expect(screen.getByTestId('sidebar-mask')).toBeTruthy());
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });
});

describe('/profile (docs/spec-conformance.md §2)', () => {
  const renderProfile = (width: number, path: string) => {
    vi.stubGlobal('innerWidth', width);
    setSession('tok', testUser);
    fakeApi({});
    return renderRoutes(
      [
        {
          path: '/profile',
          element: <ProfileLayout />,
          children: [
            { index: true, element: null },
            { path: 'personal-info', element: <ProfileSection title="Account">account page</ProfileSection> },
          ],
        },
      ],
      path,
    );
  };

  it('on a tablet and wider /profile redirects to personal-info, beside the side panel', async () => {
    const { router } = renderProfile(768, '/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/personal-info'));
    expect(screen.getByText('account page')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Back/ })).toBeNull();
  });

  it('on mobile /profile is the navigation list; a subpage shows a Back button to it', async () => {
    const { router } = renderProfile(360, '/profile');
    expect(router.state.location.pathname).toBe('/profile');
    const nav = screen.getAllByRole('menuitem').map((a) => a.textContent);
    expect(nav).toEqual(expect.arrayContaining(['Personal info', 'Upgrade plan', 'Transactions']));
    fireEvent.click(screen.getByRole('menuitem', { name: /Personal info/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/personal-info'));
    fireEvent.click(await screen.findByRole('button', { name: /Back/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });
});
