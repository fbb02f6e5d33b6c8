import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { GitDaemon } from './support/git-daemon.ts';
import { GitGate } from '../apps/server/test/helpers/git-daemon.ts';
import { FakeOAuth } from '../apps/server/test/helpers/fake-oauth.ts';
import { bigRepoFiles, CALCULATOR_FILES, CALCULATOR_LATER } from './support/fixture-repos.ts';
import { Mailbox } from './support/mailbox.ts';
import { startServer } from './support/server.ts';

export interface Docent {
  url: string;
  mailbox: Mailbox;
  /** the five sign-in providers, faked on loopback; the server is configured for all of them */
  oauth: FakeOAuth;
}

/**
 * One SMTP server and one real Docent server per worker (playwright.config.ts runs one);
 * every test's baseURL points at it.
 */
export interface GitRepos {
  daemon: GitDaemon;
  /** acme/calculator: the small repository whose figures e2e/support/fixture-repos.ts computes by hand */
  calculatorUrl: string;
  /** acme/bigrepo: 3,000 generated files, served through `bigGate` */
  bigUrl: string;
  /** closed, a clone of acme/bigrepo hangs: its analysis is surely still running when a test stops it */
  bigGate: GitGate;
}

export const test = base.extend<{ welcomeTour: boolean }, { docent: Docent; gitRepos: GitRepos }>({
  /**
   * The welcome tour opens 1 s after a new user's first signed-in page, over the page. Specs
   * about other screens run in a browser that has done it (the spec's client-stored
   * tutorial-done flag); e2e/onboarding.spec.ts sets this to true to see it.
   */
  welcomeTour: [false, { option: true }],
  page: async ({ page, welcomeTour }, use) => {
    if (!welcomeTour) await page.addInitScript(() => localStorage.setItem('tutorialDone', 'true'));
    await use(page);
  },
  // A real git daemon on 127.0.0.1, started only by the tests that use it.
  gitRepos: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const daemon = await GitDaemon.start();
      await daemon.addRepo('acme', 'calculator', CALCULATOR_FILES, CALCULATOR_LATER);
      await daemon.addRepo('acme', 'bigrepo', bigRepoFiles());
      const bigGate = await GitGate.start(daemon);
      await use({ daemon, calculatorUrl: daemon.url('acme', 'calculator'), bigUrl: bigGate.url('acme/bigrepo'), bigGate });
      await bigGate.stop();
      await daemon.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  docent: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const mailbox = new Mailbox();
      const smtpPort = await mailbox.start();
      const logDir = path.resolve(workerInfo.project.outputDir);
      mkdirSync(logDir, { recursive: true });
      const oauth = new FakeOAuth();
      await oauth.start();
      // The built-in test payment provider is off unless asked for (docs/billing.md): the shared
      // server asks, so e2e/billing.spec.ts pays through it.
      const server = await startServer(smtpPort, path.join(logDir, `server-${workerInfo.workerIndex}.log`), {
        env: { ...oauth.env(), BILLING_TEST_PROVIDER: 'true' },
      });
      await use({ url: server.url, mailbox, oauth });
      await server.stop();
      await oauth.stop();
      await mailbox.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ docent }, use) => use(docent.url),
});

export { expect };

let counter = 0;
/** A unique address per call, so tests never collide on the fresh database. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@example.com`;
}

/** Fills and sends the sign-up form (at `link`, e.g. a referral link) with a fresh address; answers the address. */
export async function signUpInBrowser(page: Page, first: string, last: string, password: string, link = '/auth/sign-up'): Promise<string> {
  const email = uniqueEmail(first.toLowerCase());
  await page.goto(link);
  await page.getByLabel('First name').fill(first);
  await page.getByLabel('Last name').fill(last);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('checkbox').check(); // the Terms box starts unticked
  await page.getByRole('button', { name: 'Create account' }).click();
  return email;
}

/**
 * Waits until an antd popup (popover, popconfirm) has finished opening. Until its zoom motion
 * ends it can sit unaligned at opacity 0, where Playwright already calls it visible and stable
 * but a click on its buttons does nothing: a race only a test can lose, as no user sees it yet.
 */
export async function expectPopupOpen(popup: Locator): Promise<void> {
  await expect(popup).toBeVisible();
  await expect(popup).not.toHaveClass(/-(appear|enter)\b/);
  await expect(popup).toHaveCSS('opacity', '1');
}

/** The open option list of an antd Select, and the open menu of an antd Dropdown. */
export const openSelectList = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
export const openDropdownMenu = (page: Page) => page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');

/** Clicks a trigger and answers its popup once that has finished opening (see expectPopupOpen). */
export async function openPopup(trigger: Locator, popup: Locator): Promise<Locator> {
  await trigger.click();
  await expectPopupOpen(popup);
  return popup;
}

/** Opens the header's account menu and answers it once it has finished opening. */
export async function openAccountMenu(page: Page): Promise<Locator> {
  await page.getByTestId('account-menu').click();
  const menu = page.locator('.ant-popover').filter({ has: page.getByTestId('logout') });
  await expectPopupOpen(menu);
  return menu;
}
