import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { apiSession } from './support/flows.ts';
import { checkGerman, checkScreen, switchTheme } from './support/walk.ts';

/**
 * Every main screen at 1280 and 360 px, light and dark, English and German: its landmark is
 * visible, no serious WCAG 2 AA violation, no horizontal overflow, no page error. `npm run screenshots` also saves
 * pictures of each under artifacts/screenshots/ for people to look at.
 */

interface Screen {
  name: string;
  path: string;
  signedIn: boolean;
  /** Something that proves the screen rendered. */
  ready: (page: Page) => ReturnType<Page['locator']>;
  prepare?: (page: Page) => Promise<void>;
  /** the ready element must lie wholly inside the viewport (popovers at 360 px) */
  withinViewport?: boolean;
  verified?: boolean;
}

const SCREENS: Screen[] = [
  { name: 'login', path: '/auth/login', signedIn: false, ready: (p) => p.getByRole('button', { name: 'Sign in' }) },
  { name: 'sign-up', path: '/auth/sign-up', signedIn: false, ready: (p) => p.getByRole('button', { name: 'Create account' }) },
  {
    name: 'forgot-password',
    path: '/auth/forgot-password',
    signedIn: false,
    ready: (p) => p.getByRole('button', { name: 'Send security code' }),
  },
  { name: 'security-code', path: '/auth/security-code?email=ada%40example.com', signedIn: false, ready: (p) => p.locator('.ant-otp') },
  {
    name: 'new-password',
    path: '/auth/new-password?email=ada%40example.com&code=123456',
    signedIn: false,
    ready: (p) => p.getByRole('button', { name: 'Save new password' }),
  },
  {
    name: 'new-password-missing',
    path: '/auth/new-password',
    signedIn: false,
    ready: (p) => p.getByText('Email or Security Code not found. Please go back and fill them again'),
  },
  { name: 'repositories', path: '/repositories', signedIn: true, verified: true, ready: (p) => p.getByTestId('connect-vendors') },
  { name: 'repositories-unverified', path: '/repositories', signedIn: true, ready: (p) => p.getByTestId('verify-banner') },
  // Opening the lock screen ends its session: after the last use of that session.
  { name: 'lock', path: '/auth/lock', signedIn: true, ready: (p) => p.getByRole('button', { name: 'Unlock' }) },
  // a repository the user does not have: only the not-found state; real ones are in repository-screens.spec
  {
    name: 'repository-not-found',
    path: '/repositories/GITHUB/acme/web-app/',
    signedIn: true,
    verified: true,
    ready: (p) => p.getByTestId('repo-not-found-page'),
  },
  {
    name: 'organization-not-found',
    path: '/repositories/GIT/doesnotexist',
    signedIn: true,
    verified: true,
    ready: (p) => p.getByTestId('org-not-found'),
  },
  { name: 'jobs', path: '/jobs', signedIn: true, verified: true, ready: (p) => p.getByRole('heading', { name: 'All Jobs', exact: true }) },
  {
    name: 'api-keys',
    path: '/docent-api-keys',
    signedIn: true,
    verified: true,
    ready: (p) => p.getByRole('heading', { name: 'API Keys', exact: true }),
  },
  {
    name: 'coupons',
    path: '/redeem-coupon',
    signedIn: true,
    verified: true,
    // The empty table's own text, so that the checks see it and not the table still loading.
    ready: (p) => p.getByText('No coupons yet', { exact: true }),
  },
  { name: 'profile', path: '/profile', signedIn: true, verified: true, ready: (p) => p.getByTestId('profile-side-panel') },
  {
    name: 'profile-personal-info',
    path: '/profile/personal-info',
    signedIn: true,
    verified: true,
    ready: (p) => p.getByRole('button', { name: 'Save changes' }),
  },
  {
    name: 'profile-security',
    path: '/profile/security-settings',
    signedIn: true,
    verified: true,
    ready: (p) => p.getByRole('button', { name: 'Change password' }),
  },
  {
    name: 'upgrade-plan',
    path: '/profile/upgrade-plan',
    signedIn: true,
    verified: true,
    ready: (p) => p.getByTestId('plan-pro').getByRole('button'),
  },
  {
    name: 'settings-popover',
    path: '/repositories',
    signedIn: true,
    verified: true,
    ready: (p) => p.getByTestId('settings-panel'),
    prepare: async (p) => {
      await p.getByRole('button', { name: 'Settings' }).click();
    },
    withinViewport: true,
  },
  {
    name: 'sidebar-open',
    path: '/repositories',
    signedIn: true,
    verified: true,
    ready: (p) => p.getByTestId('sidebar'),
    prepare: async (p) => {
      if ((p.viewportSize()?.width ?? 1280) < 992) await p.getByTestId('menu-toggle').click();
      else await p.getByTestId('account-menu').click();
    },
  },
  { name: 'not-found', path: '/no/such/page', signedIn: false, ready: (p) => p.getByText('Page not found') },
  { name: 'server-error', path: '/server-error', signedIn: false, ready: (p) => p.getByText('Something went wrong') },
];

for (const width of [1280, 360]) {
  // One test per size, one step per screen: a page is reused, so this stays quick. Each screen is
  // loaded once in the light theme and English, and switched to dark, then German, in place (support/walk.ts).
  test(`main screens at ${width}px, light and dark, English and German`, async ({ page, playwright, docent }) => {
    test.setTimeout(330_000);
    await page.setViewportSize({ width, height: width < 768 ? 780 : 820 });
    const request = await playwright.request.newContext({ baseURL: docent.url });
    const sessions = {
      verified: await apiSession(request, docent, { first: 'Grace', last: 'Hopper' }),
      unverified: await apiSession(request, docent, { first: 'Ada', last: 'Lovelace' }, false),
    };
    await request.dispose();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/404');

    for (const screen of SCREENS) {
      await test.step(screen.name, async () => {
        const session = screen.signedIn ? (screen.verified ? sessions.verified : sessions.unverified) : null;
        await page.evaluate(
          ([s]) => {
            localStorage.clear();
            localStorage.setItem('theme', 'light');
            if (s) {
              localStorage.setItem('accessToken', s.token);
              localStorage.setItem('user', JSON.stringify(s.user));
            }
          },
          [session] as const,
        );
        await page.goto(screen.path);
        await screen.prepare?.(page);
        await expect.soft(screen.ready(page)).toBeVisible();
        // Let antd finish its enter animations before the checks.
        await page.waitForTimeout(300);
        if (screen.withinViewport) {
          // A popover anchored near the right edge once started 30 px left of the screen at 360 px.
          const box = await screen.ready(page).boundingBox();
          expect.soft(box?.x ?? -1, `${screen.name}: starts inside the viewport`).toBeGreaterThanOrEqual(0);
          expect.soft((box?.x ?? 0) + (box?.width ?? 0), `${screen.name}: ends inside the viewport`).toBeLessThanOrEqual(width);
        }
        const fullPage = !screen.prepare;
        await checkScreen(page, { name: screen.name, file: `${screen.name}-${width}-light`, theme: 'light', axe: 'all', fullPage });
        await switchTheme(page, 'dark');
        await expect.soft(screen.ready(page)).toBeVisible();
        await checkScreen(page, { name: screen.name, file: `${screen.name}-${width}-dark`, theme: 'dark', axe: 'none', fullPage });
        await checkGerman(page, { name: screen.name, file: `${screen.name}-${width}`, fullPage });
      });
    }
    expect(errors).toEqual([]);
  });
}
