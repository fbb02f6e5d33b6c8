import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, uniqueEmail, type Docent } from '../fixtures.ts';

/** A signed-in user as the API answers it (what the web app keeps in localStorage). */
export interface Session {
  token: string;
  user: unknown;
}

/**
 * Signs a user up through the API; with `verified`, follows the mailed rapid-login link as the
 * verification step and answers that session.
 */
export async function apiSession(
  request: APIRequestContext,
  docent: Docent,
  name: { first: string; last: string },
  verified = true,
): Promise<Session> {
  const email = uniqueEmail(name.first.toLowerCase());
  const res = await request.post('/api/signup', {
    data: { first_name: name.first, last_name: name.last, email, password: 'Analytical1', agreeToTerms: true },
  });
  expect(res.status()).toBe(201);
  if (!verified) return (await res.json()) as Session;
  const { match } = await docent.mailbox.waitFor(email, /\/auth\/rapid\/login\?token=([^\s"'<>&]+)/);
  const rapid = await request.post('/api/v1/auth/rapid-login', { data: { token: decodeURIComponent(match[1] ?? '') } });
  expect(rapid.status()).toBe(200);
  return (await rapid.json()) as Session;
}

/** Adds the repositories by git URL and analyses acme/calculator to COMPLETE through the API; the job's id. */
export async function analyseCalculatorByApi(request: APIRequestContext, session: Session, urls: readonly string[]): Promise<number> {
  const headers = { Authorization: `Bearer ${session.token}` };
  for (const url of urls) expect((await request.post('/api/v1/git/repos', { headers, data: { url } })).status()).toBe(201);
  const start = await request.post('/api/v1/git/analyze/repo', {
    headers,
    data: { git_repo: { repo_name: 'calculator', organization_name: 'acme' }, vendor: 'GIT' },
  });
  const { lroJobId } = (await start.json()) as { lroJobId: number };
  await expect
    .poll(async () => ((await (await request.get(`/api/v1/lro/${lroJobId}/status`, { headers })).json()) as { state: string }).state, {
      timeout: 60_000,
    })
    .toBe('COMPLETE');
  return lroJobId;
}

/** In the browser, on the repository list: adds a repository by git URL (`first`: the list is still empty). */
export async function addRepoByUrl(page: Page, url: string, first: boolean): Promise<void> {
  await page.getByTestId(first ? 'add-repo-empty' : 'add-repo').click();
  const dialog = page.getByRole('dialog', { name: 'Add a repository by git URL' });
  await dialog.getByLabel('Git URL').fill(url);
  await dialog.getByRole('button', { name: 'Add repository' }).click();
  await expect(dialog).toBeHidden();
}

/**
 * In the browser, from an empty repository list: adds the repository by git URL, opens it and
 * runs a full analysis to 'Complete!', then closes the terminal.
 */
export async function addAndAnalyseInBrowser(page: Page, url: string, org: string, name: string): Promise<void> {
  await addRepoByUrl(page, url, true);
  await page.getByTestId('repo-card').filter({ hasText: name }).click();
  await expect(page).toHaveURL(new RegExp(`/repositories/GIT/${org}/${name}$`));
  await page.getByTestId('full-analysis').click();
  await expect(page.getByTestId('analysis-terminal').locator('.dc-term__row--complete')).toContainText('Complete!', { timeout: 90_000 });
  await page.mouse.move(1, 1);
  await page.keyboard.press('Escape');
}

/**
 * A new user's full-repository package in rupees, up to the provider: adds acme/calculator and
 * acme/bigrepo (bigrepo listed first, alphabetically), switches the currency to INR in the
 * settings popover (it overrides the located one), opens the upgrade page from calculator and
 * presses Buy. Answers the repository cards.
 */
export async function buyInrPackageForCalculator(page: Page, calculatorUrl: string, bigrepoUrl: string): Promise<Locator> {
  await addRepoByUrl(page, calculatorUrl, true);
  await addRepoByUrl(page, bigrepoUrl, false);
  const cards = page.getByTestId('repo-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toHaveAttribute('data-repo', 'bigrepo');

  await page.locator('button[aria-label="Settings"]').first().click();
  await page.getByTestId('settings-panel').getByText('₹ Indian Rupee').click();
  await page.keyboard.press('Escape');

  await cards.filter({ hasText: 'calculator' }).click();
  await page.getByTestId('upgrade-button').click();
  await expect(page).toHaveURL(/\/profile\/upgrade-plan\?accept_payment=acme%2Fcalculator$/);
  const pkg = page.getByTestId('plan-package');
  await expect(pkg).toContainText('acme/calculator');
  await expect(pkg).toContainText('₹4,067.00');
  await pkg.getByRole('button', { name: 'Buy for calculator' }).click();
  return cards;
}
