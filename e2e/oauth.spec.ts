import { expect, test } from './fixtures.ts';

/**
 * Sign-in with a code host through the real popup, against the loopback fake
 * of GitHub's authorize, token and user endpoints (apps/server/test/helpers/fake-oauth.ts).
 */
test('sign up with GitHub through the popup: lands signed in, verified, with its repositories', async ({ page, docent }) => {
  const id = Date.now();
  docent.oauth.users.github = { id, login: `hubber${id}`, name: 'Grace Hopper', email: `grace.${id}@example.com`, emailVerified: true };

  await page.goto('/auth/sign-up');
  // Only configured providers have buttons; all of the sign-up ones are configured here.
  for (const name of ['Google', 'GitHub', 'Bitbucket'])
    await expect(page.getByRole('button', { name: `Continue with ${name}` })).toBeVisible();

  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with GitHub' }).click();
  const popup = await popupOpened;
  // The popup went to the app's login path, on to the provider and back to /oauth/github, then closed itself.
  await popup.waitForEvent('close', { timeout: 30_000 });

  await expect(page).toHaveURL(/\/repositories$/);
  const user = await page.evaluate(
    () =>
      JSON.parse(localStorage.getItem('user') ?? 'null') as { githubLoginId: string; isVerified: boolean; email: { name: string } } | null,
  );
  expect(user).toMatchObject({ githubLoginId: String(id), isVerified: true, email: { name: `grace.${id}@example.com` } });
  await expect(page.getByTestId('verify-banner')).toHaveCount(0);

  // The GitHub token became the GitHub connection and its repositories synced at sign-in.
  await expect(async () => {
    await page.reload();
    await expect(page.getByText('Hello-World').first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByText('Spoon-Knife').first()).toBeVisible();
});

test('cancelling at the provider: the popup says so in our words; the page stays signed out', async ({ page, docent }) => {
  docent.oauth.deny = true;
  await page.goto('/auth/login');
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with GitHub' }).click();
  const popup = await popupOpened;
  await expect(popup.getByText('The sign-in was cancelled at the provider. Nothing was changed.')).toBeVisible();
  await expect(popup.getByText('<script>')).toHaveCount(0);
  const closed = popup.waitForEvent('close', { timeout: 15_000 });
  await popup.getByRole('button', { name: 'Close window' }).click({ timeout: 15_000 });
  await closed;
  await expect(page).toHaveURL(/\/auth\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
});
