import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, openDropdownMenu, openPopup, signUpInBrowser, test as base } from './fixtures.ts';
import { FakeGitHub } from './support/fake-github.ts';
import { Mailbox } from './support/mailbox.ts';
import { startServer } from './support/server.ts';
import { buyInrPackageForCalculator } from './support/flows.ts';
import { CASHFREE_APP_ID, CASHFREE_SECRET, FakeCashfree } from '../apps/server/test/helpers/fake-cashfree.ts';
import { FakePayPal, PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID } from '../apps/server/test/helpers/fake-paypal.ts';

/**
 * Plans and payments (docs/billing.md) through the real providers' flows, replayed by loopback PayPal and Cashfree: a
 * second Docent server (its own data dir) is configured for both, so the built-in test
 * provider is off here while e2e/billing.spec.ts keeps paying through it on the shared server.
 */
interface Providers {
  url: string;
  pp: FakePayPal;
  cf: FakeCashfree;
}

const test = base.extend<object, { providers: Providers }>({
  providers: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const mailbox = new Mailbox();
      const smtpPort = await mailbox.start();
      const pp = new FakePayPal();
      await pp.start();
      const cf = new FakeCashfree();
      await cf.start();
      const server = await startServer(
        smtpPort,
        path.join(path.resolve(workerInfo.project.outputDir), `server-providers-${workerInfo.workerIndex}.log`),
        {
          env: {
            PAYPAL_CLIENT_ID,
            PAYPAL_CLIENT_SECRET,
            PAYPAL_WEBHOOK_ID,
            PAYPAL_BASE_URL: pp.url,
            CASHFREE_APP_ID,
            CASHFREE_SECRET_KEY: CASHFREE_SECRET,
            CASHFREE_BASE_URL: cf.url,
          },
        },
      );
      // PayPal notifies the activation (a signed BILLING.SUBSCRIPTION.ACTIVATED delivery) before the payer returns.
      pp.onApproved = async (s) => {
        const event = pp.activatedEvent(s.id);
        const res = await fetch(`${server.url}/api/paypal/webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...pp.deliver(event) },
          body: JSON.stringify(event),
        });
        if (!res.ok) throw new Error(`webhook answered ${res.status}`);
      };
      await use({ url: server.url, pp, cf });
      await server.stop();
      await cf.stop();
      await pp.stop();
      await mailbox.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ providers }, use) => use(providers.url),
});

const PASSWORD = 'Analytical1';

/** A new user through the sign-up form, landing on the repository list. */
async function signUp(page: Page, link = '/auth/sign-up'): Promise<void> {
  await signUpInBrowser(page, 'Ada', 'Lovelace', PASSWORD, link);
  await expect(page).toHaveURL(/\/repositories$/);
}

test('a USD user subscribes to Pro through PayPal: approval page in a new tab, PRO in the sidebar', async ({
  page,
  context,
  providers,
}) => {
  await signUp(page);
  await page.goto('/profile/upgrade-plan');
  const pro = page.getByTestId('plan-pro');
  await expect(pro).toContainText('$20.00');
  const popupOpened = context.waitForEvent('page');
  await pro.getByRole('button', { name: 'Upgrade to Pro' }).click();
  const approval = await popupOpened;
  await expect(approval).toHaveURL(new RegExp(`^${providers.pp.url}/webapps/billing/subscriptions\\?ba_token=BA-I-`));
  await expect(approval.getByTestId('pp-price')).toHaveText('$20.00 USD per month');
  await approval.getByRole('button', { name: 'Agree & Subscribe' }).click();

  // Back in Docent (PayPal's return URL) in that tab: the payment is active.
  await expect(approval).toHaveURL(/\/profile\/transactions\?payment_id=[0-9a-f-]{36}&subscription_id=I-/);
  const row = approval.getByRole('row').filter({ hasText: 'Pro plan (monthly)' });
  await expect(row).toContainText('Active');
  await expect(row).toContainText('PayPal');

  await page.reload();
  await expect(page.getByTestId('sidebar-footer')).toContainText('Pro plan');
  await page.goto('/profile/payments');
  await expect(page.getByTestId('subscription')).toContainText('Renews on');

  // Cancel in Docent reaches PayPal; Pro stays for the paid period.
  await page.getByTestId('subscription').getByRole('button', { name: 'Cancel subscription' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByTestId('subscription')).toContainText('it will not renew');
  expect([...providers.pp.subscriptions.values()].map((s) => s.status)).toEqual(['CANCELLED']);
  await expect(page.getByTestId('sidebar-footer')).toContainText('Pro plan');
});

test("an INR user buys the full-repository package on Cashfree's hosted page: the return confirms, PREMIUM and first", async ({
  page,
  gitRepos,
  providers,
}) => {
  await signUp(page);
  const cards = await buyInrPackageForCalculator(page, gitRepos.calculatorUrl, gitRepos.daemon.url('acme', 'bigrepo'));

  // Cashfree's hosted payment-link page (replayed on loopback).
  await expect(page).toHaveURL(new RegExp(`^${providers.cf.url}/links/link-[0-9a-f-]{36}$`));
  await expect(page.getByTestId('cf-amount')).toHaveText('₹4067.00');
  await page.getByRole('button', { name: 'Pay ₹4067.00' }).click();

  // The return path asks the server, which reads the link's status from Cashfree.
  await expect(page).toHaveURL(/\/profile\/transactions\?payment_id=[0-9a-f-]{36}$/);
  const row = page.getByRole('row').filter({ hasText: 'Full-repository documentation package' });
  await expect(row).toContainText('Completed');
  await expect(row).toContainText('Cashfree');

  await page.goto('/repositories');
  await expect(cards.first()).toHaveAttribute('data-repo', 'calculator');
  await expect(cards.first()).toContainText('Premium');
});

test("a referred user's first (PayPal) payment gives the referrer a coupon, redeemed by UPI through the checklist", async ({
  page,
  browser,
  baseURL,
}) => {
  const github = new FakeGitHub('ghp_e2e_good_token');
  const apiUrl = await github.start();
  try {
    await signUp(page);
    await page.getByTestId('sidebar').getByRole('menuitem', { name: 'Coupons' }).click();
    await expect(page).toHaveURL(/\/redeem-coupon$/);
    await expect(page.getByTestId('coupon-summary')).toHaveText('To redeem: $0.00 · Pending: $0.00 · Earned: $0.00');
    await expect(page.getByTestId('referral-link')).toHaveText(/\/auth\/sign-up\?ref=[0-9a-f-]{36}$/);
    const link = (await page.getByTestId('referral-link').textContent()) ?? '';

    // The friend signs up through the link in another browser and buys Pro.
    const friend = await browser.newContext({ baseURL });
    const friendPage = await friend.newPage();
    await friendPage.addInitScript(() => localStorage.setItem('tutorialDone', 'true'));
    await signUp(friendPage, new URL(link).pathname + new URL(link).search);
    await friendPage.goto('/profile/upgrade-plan');
    // Test payments earn no coupons: the friend subscribes through (the loopback) PayPal.
    const approvalOpened = friend.waitForEvent('page');
    await friendPage.getByTestId('plan-pro').getByRole('button', { name: 'Upgrade to Pro' }).click();
    const approval = await approvalOpened;
    await approval.getByRole('button', { name: 'Agree & Subscribe' }).click();
    await expect(approval.getByRole('row').filter({ hasText: 'Pro plan (monthly)' })).toContainText('Active');
    await friend.close();

    await page.reload();
    await expect(page.getByTestId('coupon-summary')).toHaveText('To redeem: $5.00 · Pending: $0.00 · Earned: $0.00');
    await expect(page.getByText('1 person signed up with your link.')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: 'Referral' });
    await expect(row).toContainText('Active');

    const redeemUpi = async () => {
      await (
        await openPopup(page.getByTestId('redeem-menu'), openDropdownMenu(page))
      )
        .getByRole('menuitem', { name: 'UPI payment' })
        .click();
    };
    await redeemUpi();
    const modal = page.getByRole('dialog', { name: 'Redeem by UPI' });
    await modal.getByLabel('UPI ID').fill('ada.okaxis');
    await modal.getByRole('button', { name: 'Redeem' }).click();
    await expect(modal.getByText('Not a valid UPI ID')).toBeVisible();
    await modal.getByLabel('UPI ID').fill('ada@okaxis');
    await modal.getByRole('button', { name: 'Redeem' }).click();
    await expect(modal.getByTestId('redeem-checklist')).toContainText('No code host connected');
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();

    // Connect a code host (GitHub: a token against the fake GitHub API), then redeem again: the id was remembered.
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    const connect = await page.request.post('/api/v1/vendors/github/connection', {
      headers: { authorization: `Bearer ${token}` },
      data: { token: 'ghp_e2e_good_token', baseUrl: apiUrl },
    });
    expect(connect.ok()).toBe(true);
    await redeemUpi();
    await expect(modal.getByLabel('UPI ID')).toHaveValue('ada@okaxis');
    await modal.getByRole('button', { name: 'Redeem' }).click();
    await expect(modal.getByTestId('redeem-checklist')).toContainText('A code host is connected');
    await modal.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Coupons redeemed')).toBeVisible();
    await page.getByRole('button', { name: 'Okay' }).click();
    await expect(page.getByTestId('coupon-summary')).toHaveText('To redeem: $0.00 · Pending: $5.00 · Earned: $0.00');
    await expect(page.getByRole('row').filter({ hasText: 'Referral' })).toContainText('Pending');
  } finally {
    await github.stop();
  }
});
