import type { ComponentType } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { matchRoutes, type RouteObject } from 'react-router';
import { routes } from '../router.tsx';
import { RequireAuth } from '../auth/RequireAuth.tsx';
import { reloadSession } from '../auth/session.ts';
import { PAGE_STATE_KEY } from '../auth/pageState.ts';
import { renderRoutes } from './renderWithProviders.tsx';

/**
 * docs/spec-conformance.md "Audit (session 21)": §2's route table read from the app's own router —
 * each address reaches the page the table names, behind the sign-in guard exactly when the page
 * is protected — and `/` leading to `/repositories`.
 */

type Page = () => Promise<{ default: ComponentType }>;

const TABLE: Array<[path: string, page: Page, isProtected: boolean]> = [
  ['/auth/login', () => import('../auth/LoginPage.tsx'), false],
  ['/auth/sign-up', () => import('../auth/SignUpPage.tsx'), false],
  ['/auth/lock', () => import('../auth/LockPage.tsx'), false],
  ['/auth/forgot-password', () => import('../auth/ForgotPasswordPage.tsx'), false],
  ['/auth/security-code', () => import('../auth/SecurityCodePage.tsx'), false],
  ['/auth/new-password', () => import('../auth/NewPasswordPage.tsx'), false],
  ['/auth/rapid/login', () => import('../auth/RapidLoginPage.tsx'), false],
  ['/auth/localhost/login', () => import('../auth/LocalhostLoginPage.tsx'), false],
  ['/oauth/google', () => import('../auth/OAuthCallbackPage.tsx'), false],
  ['/oauth/github', () => import('../auth/OAuthCallbackPage.tsx'), false],
  ['/logout', () => import('../auth/LogoutPage.tsx'), false],
  ['/repositories', () => import('../repositories/RepositoriesPage.tsx'), true],
  ['/repositories/GITHUB/acme', () => import('../repositories/OrganizationPage.tsx'), true],
  ['/repositories/GITHUB/acme/shop/', () => import('../repository/RepositoryPage.tsx'), true],
  ['/repositories/GITHUB/acme/shop/lro', () => import('../repository/RepositoryPage.tsx'), true],
  ['/jobs', () => import('../jobs/JobsPage.tsx'), true],
  ['/jobs/42', () => import('../jobs/JobsPage.tsx'), true],
  ['/docent-api-keys', () => import('../apikeys/ApiKeysPage.tsx'), true],
  ['/redeem-coupon', () => import('../coupons/CouponsPage.tsx'), true],
  ['/profile', () => import('../profile/ProfileLayout.tsx'), true],
  ['/profile/personal-info', () => import('../profile/PersonalInfoPage.tsx'), true],
  ['/profile/security-settings', () => import('../profile/SecuritySettingsPage.tsx'), true],
  ['/profile/payments', () => import('../billing/PaymentsPage.tsx'), true],
  ['/profile/transactions', () => import('../billing/TransactionsPage.tsx'), true],
  ['/profile/upgrade-plan', () => import('../billing/UpgradePlanPage.tsx'), true],
  ['/server-error', () => import('../errors/ServerErrorPage.tsx'), false],
  ['/404', () => import('../errors/NotFoundPage.tsx'), false],
];

/** The page component the deepest matched route with a page loads. */
async function pageAt(path: string): Promise<{ page: unknown; guarded: boolean }> {
  const matches = matchRoutes(routes, path) ?? [];
  const guarded = matches.some((m) => (m.route.element as { type?: unknown } | undefined)?.type === RequireAuth);
  const withPage = [...matches].reverse().find((m: { route: RouteObject }) => typeof m.route.lazy === 'function');
  const lazy = withPage?.route.lazy;
  if (typeof lazy !== 'function') return { page: null, guarded };
  const loaded = (await lazy()) as { Component?: unknown };
  return { page: loaded.Component, guarded };
}

afterEach(() => localStorage.clear());

describe('§2 route table', () => {
  it.each(TABLE.map(([path, page, isProtected]) => ({ path, page, isProtected })))(
    '$path reaches its page; behind the sign-in guard: $isProtected',
    async ({ path, page, isProtected }) => {
      const got = await pageAt(path);
      expect(got.page).toBe((await page()).default);
      expect(got.guarded).toBe(isProtected);
    },
    60_000,
  );

  it('an address outside the table reaches the not-found page', async () => {
    expect((await pageAt('/no/such/page')).page).toBe((await import('../errors/NotFoundPage.tsx')).default);
  }, 60_000);

  it('/ goes to /repositories (a signed-out visitor then lands on the sign-in page with /repositories remembered)', async () => {
    localStorage.clear();
    reloadSession();
    const { router } = renderRoutes(routes, '/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'), { timeout: 30_000 });
    expect(JSON.parse(localStorage.getItem(PAGE_STATE_KEY) ?? 'null')).toMatchObject({ from: '/repositories' });
  }, 60_000);
});
