import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { apiSession } from './support/flows.ts';
import { seriousViolations } from './support/a11y.ts';

/**
 * Screenshots of every main screen at 1280 and 360 px, light and dark, saved under
 * artifacts/screenshots/ for people to look at. Each also checks the screen rendered
 * (its landmark is visible, no horizontal overflow, no page error).
 */
const OUT = path.resolve(import.meta.dirname, '../artifacts/screenshots');
mkdirSync(OUT, { recursive: true });

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
    ready: (p) => p.getByRole('heading', { name: 'Coupons', exact: true }),
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
  for (const theme of ['light', 'dark'] as const) {
    // One test per size and theme, one step per screen: a page is reused, so this stays quick.
    test(`main screens at ${width}px, ${theme}`, async ({ page, playwright, docent }) => {
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
            ([t, s]) => {
              localStorage.clear();
              localStorage.setItem('theme', t);
              if (s) {
                localStorage.setItem('accessToken', s.token);
                localStorage.setItem('user', JSON.stringify(s.user));
              }
            },
            [theme, session] as const,
          );
          await page.goto(screen.path);
          await screen.prepare?.(page);
          await expect.soft(screen.ready(page)).toBeVisible();
          await expect.soft(page.locator('html')).toHaveAttribute('data-theme', theme);
          // Let antd finish its enter animations before the picture.
          await page.waitForTimeout(300);
          if (screen.withinViewport) {
            // A popover anchored near the right edge once started 30 px left of the screen at 360 px.
            const box = await screen.ready(page).boundingBox();
            expect.soft(box?.x ?? -1, `${screen.name}: starts inside the viewport`).toBeGreaterThanOrEqual(0);
            expect.soft((box?.x ?? 0) + (box?.width ?? 0), `${screen.name}: ends inside the viewport`).toBeLessThanOrEqual(width);
          }
          expect.soft(await seriousViolations(page), `${screen.name}: no serious or critical WCAG 2 AA violations`).toEqual([]);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect.soft(overflow, `${screen.name}: no horizontal scrolling`).toBeLessThanOrEqual(0);
          await page.screenshot({ path: path.join(OUT, `${screen.name}-${width}-${theme}.png`), fullPage: !screen.prepare });
        });
      }
      expect(errors).toEqual([]);
    });
  }
}
