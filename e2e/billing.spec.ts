import type { Page } from '@playwright/test';
import { expect, signUpInBrowser, test } from './fixtures.ts';
import { addRepoByUrl, buyInrPackageForCalculator } from './support/flows.ts';

/**
 * Plans, payments and coupons (docs/billing.md) in a real browser against the real server, through the built-in test provider
 * (the server runs without PayPal or Cashfree credentials): a USD user upgrades to Pro and sees
 * it in the sidebar with the code-docs gate open; an INR user buys the full-repository package
 * for one repository and sees it marked Premium and listed first.
 */
const PASSWORD = 'Analytical1';

/** A new user through the sign-up form (at `link`), landing on the repository list. */
async function signUp(page: Page, link = '/auth/sign-up'): Promise<void> {
  await signUpInBrowser(page, 'Ada', 'Lovelace', PASSWORD, link);
  await expect(page).toHaveURL(/\/repositories$/);
}

test('a USD user upgrades to Pro through the test provider: PRO in the sidebar, the code-docs gate open', async ({ page, gitRepos }) => {
  await signUp(page);
  await addRepoByUrl(page, gitRepos.calculatorUrl, true);
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const generate = () =>
    page.request.post('/api/v1/git/generate/repo/doc', {
      headers: { authorization: `Bearer ${token}` },
      data: { git_repo: { repo_name: 'calculator', organization_name: 'acme' }, vendor: 'GIT' },
    });
  // Free, no credit: the gate is shut.
  expect((await generate()).status()).toBe(402);

  await page.goto('/profile/upgrade-plan');
  const pro = page.getByTestId('plan-pro');
  await expect(pro).toContainText('$20.00');
  await expect(pro).toContainText('per month');
  await expect(page.getByTestId('plan-free')).toContainText(
    'Code documentation for 3 files of a private repository and 10 of a public one',
  );
  await expect(page.getByText('Prices in USD. Tax 0 %.')).toBeVisible();
  await pro.getByRole('button', { name: 'Upgrade to Pro' }).click();

  await expect(page).toHaveURL(/\/billing\/test-checkout\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Test payment', { exact: true })).toBeVisible();
  await expect(page.getByTestId('checkout-amount')).toHaveText('$20.00');
  await page.getByRole('button', { name: 'Complete test payment' }).click();
  await expect(page.getByText('Payment complete: Pro plan (monthly)')).toBeVisible();
  await expect(page.getByTestId('sidebar-footer')).toContainText('Pro plan');

  expect((await generate()).status()).toBe(200);

  await page.getByRole('link', { name: 'View transactions' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Pro plan (monthly)' })).toContainText('Active');
  await page.goto('/profile/payments');
  await expect(page.getByTestId('subscription')).toContainText('Renews on');
});

test('an INR user buys the full-repository package for one repository: Premium, listed first', async ({ page, gitRepos }) => {
  await signUp(page);
  const cards = await buyInrPackageForCalculator(page, gitRepos.calculatorUrl, gitRepos.daemon.url('acme', 'bigrepo'));
  await expect(page.getByTestId('checkout-amount')).toHaveText('₹4,067.00');
  await page.getByRole('button', { name: 'Complete test payment' }).click();
  await expect(page.getByText('Payment complete: Full-repository documentation package')).toBeVisible();

  await page.getByRole('link', { name: 'Go to repositories' }).click();
  await expect(cards.first()).toHaveAttribute('data-repo', 'calculator');
  await expect(cards.first()).toContainText('Premium');
  await cards.first().click();
  await expect(page.getByTestId('remove-repo')).toBeVisible();
  await expect(page.getByTestId('upgrade-button')).toHaveCount(0);
});

test("a referred user's test payment earns the referrer no coupon (test payments are test payments)", async ({
  page,
  browser,
  baseURL,
}) => {
  await signUp(page);
  await page.getByTestId('sidebar').getByRole('menuitem', { name: 'Coupons' }).click();
  await expect(page).toHaveURL(/\/redeem-coupon$/);
  await expect(page.getByTestId('referral-link')).toHaveText(/\/auth\/sign-up\?ref=[0-9a-f-]{36}$/);
  const link = (await page.getByTestId('referral-link').textContent()) ?? '';

  // The friend signs up through the link in another browser and "buys" Pro through the test provider.
  const friend = await browser.newContext({ baseURL });
  const friendPage = await friend.newPage();
  await friendPage.addInitScript(() => localStorage.setItem('tutorialDone', 'true'));
  await signUp(friendPage, new URL(link).pathname + new URL(link).search);
  await friendPage.goto('/profile/upgrade-plan');
  await friendPage.getByTestId('plan-pro').getByRole('button', { name: 'Upgrade to Pro' }).click();
  await friendPage.getByRole('button', { name: 'Complete test payment' }).click();
  await expect(friendPage.getByText('Payment complete: Pro plan (monthly)')).toBeVisible();
  await friend.close();

  await page.reload();
  await expect(page.getByText('1 person signed up with your link.')).toBeVisible();
  await expect(page.getByTestId('coupon-summary')).toHaveText('To redeem: $0.00 · Pending: $0.00 · Earned: $0.00');
});
