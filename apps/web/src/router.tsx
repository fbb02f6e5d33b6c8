import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RequireAuth } from './auth/RequireAuth.tsx';
import { RouteErrorBoundary } from './errors/RouteErrorBoundary.tsx';
import { FullPageLoader } from './shell/FullPageLoader.tsx';
import { withPageTexts } from './i18n/index.ts';

type PageModule = { default: ComponentType };
/**
 * Route-level code splitting: each page is its own chunk, loaded when first visited, together
 * with the page texts (i18n/index.ts) it reads.
 */
const page = (load: () => Promise<PageModule>) => firstPaintPage(withPageTexts(load));
/**
 * A page whose texts are all in the first part (the sign-in pages, the shell, the dashboard;
 * scripts/text-sections.mjs; i18n/firstTexts.test.ts checks it).
 */
const firstPaintPage = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

const repoPage = page(() => import('./repository/RepositoryPage.tsx'));
const oauthPage = firstPaintPage(() => import('./auth/OAuthCallbackPage.tsx'));
const jobsPage = page(() => import('./jobs/JobsPage.tsx'));
const notFound = firstPaintPage(() => import('./errors/NotFoundPage.tsx'));

/** Every route of docs/spec-conformance.md §2's table. */
export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouteErrorBoundary />,
    HydrateFallback: FullPageLoader,
    children: [
      { index: true, element: <Navigate to="/repositories" replace /> },
      { path: 'auth/login', lazy: firstPaintPage(() => import('./auth/LoginPage.tsx')) },
      { path: 'auth/sign-up', lazy: firstPaintPage(() => import('./auth/SignUpPage.tsx')) },
      { path: 'auth/lock', lazy: firstPaintPage(() => import('./auth/LockPage.tsx')) },
      { path: 'auth/forgot-password', lazy: firstPaintPage(() => import('./auth/ForgotPasswordPage.tsx')) },
      { path: 'auth/security-code', lazy: firstPaintPage(() => import('./auth/SecurityCodePage.tsx')) },
      { path: 'auth/new-password', lazy: firstPaintPage(() => import('./auth/NewPasswordPage.tsx')) },
      { path: 'auth/rapid/login', lazy: firstPaintPage(() => import('./auth/RapidLoginPage.tsx')) },
      { path: 'auth/localhost/login', lazy: firstPaintPage(() => import('./auth/LocalhostLoginPage.tsx')) },
      { path: 'oauth/google', lazy: oauthPage },
      { path: 'oauth/github', lazy: oauthPage },
      { path: 'oauth/gitlab', lazy: oauthPage },
      { path: 'oauth/bitbucket', lazy: oauthPage },
      { path: 'oauth/azure', lazy: oauthPage },
      { path: 'logout', lazy: firstPaintPage(() => import('./auth/LogoutPage.tsx')) },
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: firstPaintPage(() => import('./shell/AppLayout.tsx')),
            children: [
              { path: 'repositories', lazy: firstPaintPage(() => import('./repositories/RepositoriesPage.tsx')) },
              { path: 'repositories/:vendor/:orgName', lazy: firstPaintPage(() => import('./repositories/OrganizationPage.tsx')) },
              { path: 'repositories/:vendor/:orgName/:repoName', lazy: repoPage },
              { path: 'repositories/:vendor/:orgName/:repoName/lro', lazy: repoPage },
              { path: 'repositories/:vendor/:orgName/:repoName/settings', lazy: repoPage },
              { path: 'jobs', lazy: jobsPage },
              { path: 'jobs/:jobId', lazy: jobsPage },
              { path: 'docent-api-keys', lazy: page(() => import('./apikeys/ApiKeysPage.tsx')) },
              { path: 'redeem-coupon', lazy: page(() => import('./coupons/CouponsPage.tsx')) },
              { path: 'billing/test-checkout/:paymentId', lazy: page(() => import('./billing/TestCheckoutPage.tsx')) },
              {
                path: 'profile',
                lazy: page(() => import('./profile/ProfileLayout.tsx')),
                children: [
                  { index: true, element: null },
                  { path: 'personal-info', lazy: page(() => import('./profile/PersonalInfoPage.tsx')) },
                  { path: 'security-settings', lazy: page(() => import('./profile/SecuritySettingsPage.tsx')) },
                  { path: 'payments', lazy: page(() => import('./billing/PaymentsPage.tsx')) },
                  { path: 'transactions', lazy: page(() => import('./billing/TransactionsPage.tsx')) },
                  { path: 'upgrade-plan', lazy: page(() => import('./billing/UpgradePlanPage.tsx')) },
                ],
              },
            ],
          },
        ],
      },
      { path: 'server-error', lazy: firstPaintPage(() => import('./errors/ServerErrorPage.tsx')) },
      { path: '404', lazy: notFound },
      { path: '*', lazy: notFound },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
