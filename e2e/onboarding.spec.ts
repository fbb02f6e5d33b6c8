import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import type { User } from '@docent/contracts';
import { expect, test, uniqueEmail } from './fixtures.ts';
import { seriousViolations } from './support/a11y.ts';
import { Mailbox } from './support/mailbox.ts';
import { startServer } from './support/server.ts';
import { updateUserRow } from './support/seed.ts';

/** The welcome tour and the credits banner, against the real server. */

const PASSWORD = 'Analytical1';
const tourDialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const anyTourStep = (page: Page) => page.locator('.dc-tour .ant-tour-section');

async function serverUser(request: APIRequestContext, page: Page, base = ''): Promise<User> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const res = await request.get(`${base}/api/v1/user`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()) as User;
}

/** The tour opens 1 s after the page; 2.5 s without it means it is not coming. */
async function expectNoTour(page: Page) {
  await page.waitForTimeout(2500);
  await expect(anyTourStep(page)).toHaveCount(0);
}

test.describe('welcome tour', () => {
  test.use({ welcomeTour: true });

  test('a new user gets the tour once: carousel, four steps, Finish; not again after a reload or on a fresh browser', async ({
    page,
    request,
  }) => {
    await page.goto('/auth/sign-up');
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByLabel('Email').fill(uniqueEmail('tour'));
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('checkbox').check(); // the Terms box starts unticked
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/repositories$/);

    const welcome = tourDialog(page, 'Welcome to Docent');
    await expect(welcome).toBeVisible();
    await expect(welcome.getByRole('button', { name: 'Next' })).toBeFocused();
    await expect(welcome.getByRole('button', { name: 'Skip tour' })).toBeVisible();
    await expect(welcome.getByRole('button', { name: 'Close' })).toBeVisible();
    await test.step('the carousel advances by itself', async () => {
      await expect(welcome.getByTestId('tour-feature')).toHaveAttribute('data-feature', 'prInsights');
      await expect(welcome.getByText('Instant pull request insights')).toBeVisible();
      await expect(welcome.getByTestId('tour-feature')).toHaveAttribute('data-feature', 'autoUpdates', { timeout: 7000 });
    });
    expect(await seriousViolations(page)).toEqual([]);

    await welcome.getByRole('button', { name: 'Next' }).click();
    const repos = tourDialog(page, 'Repositories');
    await expect(repos).toBeVisible();
    await repos.getByRole('button', { name: 'Previous' }).click();
    await expect(welcome).toBeVisible();
    await page.keyboard.press('ArrowRight'); // the keyboard walks the steps too
    await expect(repos).toBeVisible();
    await repos.getByRole('button', { name: 'Next' }).click();
    const keys = tourDialog(page, 'API Keys');
    await expect(keys).toBeVisible();
    // the step points at the sidebar's API Keys link
    const panel = await keys.boundingBox();
    const link = await page.locator('.dc-sider [data-path="/docent-api-keys"]').boundingBox();
    expect(panel!.x).toBeGreaterThanOrEqual(link!.x + link!.width - 1);
    expect(Math.abs(panel!.y + panel!.height / 2 - (link!.y + link!.height / 2))).toBeLessThan(panel!.height);
    await keys.getByRole('button', { name: 'Next' }).click();
    // a new user has no repository yet: step 4 speaks of adding the first one
    const card = tourDialog(page, 'Your first repository');
    await expect(card).toBeVisible();
    await expect(card.getByRole('button', { name: 'Skip tour' })).toHaveCount(0);
    await card.getByRole('button', { name: 'Finish' }).click();
    await expect(anyTourStep(page)).toHaveCount(0);

    await expect.poll(async () => (await serverUser(request, page)).tutorialDone).toBe(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoTour(page);
    // a browser that never saw it: the server's flag alone keeps it away
    await page.evaluate(() => localStorage.removeItem('tutorialDone'));
    await page.reload();
    await expectNoTour(page);
  });

  test('at 360 px in dark mode the tour fits the screen; Skip tour ends it for good', async ({ page, request }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    const email = uniqueEmail('tour-small');
    const res = await request.post('/api/signup', {
      data: { first_name: 'Ada', last_name: 'Lovelace', email, password: PASSWORD, agreeToTerms: true },
    });
    expect(res.status()).toBe(201);
    const session = (await res.json()) as { token: string; user: User };
    await page.goto('/404');
    await page.evaluate(
      ([token, user]) => {
        localStorage.setItem('theme', 'dark');
        localStorage.setItem('accessToken', token);
        localStorage.setItem('user', user);
      },
      [session.token, JSON.stringify(session.user)] as const,
    );
    await page.goto('/repositories');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    const welcome = tourDialog(page, 'Welcome to Docent');
    await expect(welcome).toBeVisible();
    for (const step of ['Welcome to Docent', 'Repositories']) {
      const box = await tourDialog(page, step).boundingBox();
      expect(box!.x, step).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, step).toBeLessThanOrEqual(360);
      if (step === 'Welcome to Docent') {
        expect(await seriousViolations(page)).toEqual([]);
        await welcome.getByRole('button', { name: 'Next' }).click();
      }
    }
    // the sidebar is hidden on a phone: the Repositories step stands in the middle instead
    await tourDialog(page, 'Repositories').getByRole('button', { name: 'Skip tour' }).click();
    await expect(anyTourStep(page)).toHaveCount(0);
    await expect.poll(async () => (await serverUser(request, page)).tutorialDone).toBe(true);
    await page.evaluate(() => localStorage.removeItem('tutorialDone'));
    await page.reload();
    await expectNoTour(page);
  });

  test('Close (or Esc) puts it away for this page load only', async ({ page, request }) => {
    const res = await request.post('/api/signup', {
      data: { first_name: 'Alan', last_name: 'Turing', email: uniqueEmail('tour-close'), password: PASSWORD, agreeToTerms: true },
    });
    const session = (await res.json()) as { token: string; user: User };
    await page.goto('/404');
    await page.evaluate(
      ([token, user]) => {
        localStorage.setItem('accessToken', token);
        localStorage.setItem('user', user);
      },
      [session.token, JSON.stringify(session.user)] as const,
    );
    await page.goto('/repositories');
    await expect(tourDialog(page, 'Welcome to Docent')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(anyTourStep(page)).toHaveCount(0);
    await page
      .getByRole('link', { name: 'Jobs' })
      .or(page.getByRole('menuitem', { name: 'Jobs' }))
      .first()
      .click();
    await expectNoTour(page);
    expect((await serverUser(request, page)).tutorialDone).toBe(false);
    await page.reload();
    await expect(tourDialog(page, 'Welcome to Docent')).toBeVisible();
  });
});

test('the credits banner shows for a user with 5 credits, and is gone for good once dismissed', async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  // A server of its own, so its database can be changed while it is stopped (PGlite is single-process).
  const dataDir = mkdtempSync(path.join(tmpdir(), 'docent-e2e-banner-'));
  const mailbox = new Mailbox();
  const smtpPort = await mailbox.start();
  mkdirSync(testInfo.outputDir, { recursive: true });
  const log = (n: number) => path.join(testInfo.outputDir, `banner-server-${n}.log`);
  let server = await startServer(smtpPort, log(1), { dataDir });
  try {
    const email = uniqueEmail('credits');
    const res = await request.post(`${server.url}/api/signup`, {
      data: { first_name: 'Ada', last_name: 'Lovelace', email, password: PASSWORD, agreeToTerms: true },
    });
    expect(res.status()).toBe(201);
    const session = (await res.json()) as { token: string; user: User };
    await server.stop();
    await updateUserRow(dataDir, email, { count_repo_gen: 5 });
    server = await startServer(smtpPort, log(2), { dataDir });

    await page.goto(`${server.url}/404`);
    await page.evaluate(
      ([token, user]) => {
        localStorage.setItem('accessToken', token);
        localStorage.setItem('user', user);
      },
      [session.token, JSON.stringify(session.user)] as const,
    );
    await page.goto(`${server.url}/repositories`);
    const banner = page.getByTestId('credits-banner');
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('You have 5 full-repository documentation runs left.');
    await expect(banner).toHaveClass(/ant-alert-success/);
    expect(await seriousViolations(page)).toEqual([]);

    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await expect(banner).toHaveCount(0);
    await expect.poll(async () => (await serverUser(request, page, server.url)).creditsBannerDismissed).toBe(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('credits-banner')).toHaveCount(0);
    // the server's flag alone keeps it away in a browser that did not see the dismissal
    await page.evaluate(() =>
      Object.keys(localStorage)
        .filter((k) => k.startsWith('creditsBanner'))
        .forEach((k) => localStorage.removeItem(k)),
    );
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('credits-banner')).toHaveCount(0);
  } finally {
    await server.stop();
    await mailbox.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
