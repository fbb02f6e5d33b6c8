import type { Page } from '@playwright/test';
import { expect, openAccountMenu, test, uniqueEmail } from './fixtures.ts';

const ACTIVATION_LINK = /https?:\/\/[^\s"'<>]+\/auth\/rapid\/login\?token=[^\s"'<>]+/;
const SECURITY_CODE = /security code is (\d{6})/i;

async function login(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function openSettings(page: Page) {
  await page.locator('button[aria-label="Settings"], button[aria-label="Einstellungen"]').first().click();
  await expect(page.getByTestId('settings-panel')).toBeVisible();
}

/** The whole account journey in a real browser against the real server. */
test('sign up, verify by mail, log out and in, theme and language, reset the password, bad token', async ({ page, docent }) => {
  const email = uniqueEmail('ada');
  const password = 'Analytical1';
  const newPassword = 'Engine2Difference';

  await test.step('sign up lands signed in with the unverified-email banner', async () => {
    await page.goto('/auth/sign-up');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    // the Terms box starts unticked: nothing is agreed to for the user
    await expect(page.getByRole('checkbox')).not.toBeChecked();
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/repositories$/);
    await expect(page.getByTestId('verify-banner')).toContainText(`Activation email sent to ${email}. Check your inbox to verify.`);
    await expect(page.getByTestId('connect-vendors')).toContainText('Connect Vendors');
  });

  await test.step('the activation link from the mail signs in and removes the banner', async () => {
    const { match } = await docent.mailbox.waitFor(email, ACTIVATION_LINK);
    const link = match[0].replace(/&amp;/g, '&');
    expect(new URL(link).origin).toBe(docent.url);
    await page.goto(link);
    await expect(page).toHaveURL(/\/repositories$/);
    await expect(page.locator('.ant-message')).toContainText('Email verified');
    await expect(page.getByTestId('connect-vendors')).toBeVisible();
    await expect(page.getByTestId('verify-banner')).toHaveCount(0);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null') as { isVerified: boolean } | null);
    expect(stored?.isVerified).toBe(true);
  });

  await test.step('log out clears the session', async () => {
    await (await openAccountMenu(page)).getByTestId('logout').click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await page.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('user')])).toEqual([null, null]);
    // Protected pages now send the visitor to the login page.
    await page.goto('/jobs');
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  await test.step('log in with email and password', async () => {
    await login(page, email, password);
    await expect(page).toHaveURL(/\/jobs$/); // back to the page that asked for a login
    await expect(page.getByTestId('sidebar-footer')).toContainText('v1.2.0');
    await expect(page.getByTestId('sidebar-footer')).toContainText('Free plan');
  });

  await test.step('dark theme and German take effect and are remembered', async () => {
    const layoutBackground = () => page.locator('.dc-shell').evaluate((el) => getComputedStyle(el).backgroundColor);
    const lightBackground = await layoutBackground();
    await openSettings(page);
    await page.getByTestId('settings-panel').getByText('Dark', { exact: true }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect.poll(layoutBackground).not.toBe(lightBackground);
    expect(await layoutBackground()).toBe('rgb(11, 13, 18)');

    await page.getByTestId('settings-panel').getByText('Deutsch', { exact: true }).click();
    await expect(page.getByTestId('sidebar')).toContainText('Git-Repositorys');
    await expect(page.getByRole('heading', { name: 'Alle Jobs' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');

    await page.keyboard.press('Escape');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByTestId('sidebar')).toContainText('API-Schlüssel');

    // Back to English for the rest of the journey; the theme stays dark.
    await openSettings(page);
    await page.getByTestId('settings-panel').getByText('English', { exact: true }).click();
    await expect(page.getByTestId('sidebar')).toContainText('Git Repositories');
    await page.keyboard.press('Escape');
  });

  await test.step('forgot password with the mailed code, then the new password works and the old does not', async () => {
    await (await openAccountMenu(page)).getByTestId('logout').click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    const mailsBefore = docent.mailbox.mails.length;

    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/auth\/forgot-password$/);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send security code' }).click();
    await expect(page).toHaveURL(/\/auth\/security-code\?email=/);

    const { match } = await docent.mailbox.waitFor(email, SECURITY_CODE, { since: mailsBefore });
    const code = match[1] ?? '';
    // A wrong code is refused with the server's message.
    const wrong = code === '000000' ? '111111' : '000000';
    await page.locator('.ant-otp input').first().click();
    await page.keyboard.type(wrong);
    await expect(page.locator('.ant-message')).toContainText('The entered code is incorrect. Please check and try again.');
    await expect(page).toHaveURL(/\/auth\/security-code/);
    // The six digits submit themselves.
    await page.locator('.ant-otp input').first().click();
    await page.keyboard.press('Control+A');
    for (let i = 0; i < 6; i++) await page.keyboard.press('Backspace');
    await page.locator('.ant-otp input').first().click();
    await page.keyboard.type(code);
    // the code travels in the history state, not the address (docs/security.md "Reset code")
    await expect(page).toHaveURL(/\/auth\/new-password\?email=[^&]+$/);

    await page.getByLabel('New password').fill(newPassword);
    await page.getByLabel('Confirm password').fill(newPassword);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page).toHaveURL(/\/auth\/login\?email=/);
    await expect(page.getByLabel('Email')).toHaveValue(email);

    await login(page, email, password);
    await expect(page.locator('.ant-message')).toContainText('Login failed');
    await expect(page.locator('.ant-message')).toContainText('Incorrect email or password.');
    await expect(page).toHaveURL(/\/auth\/login/);

    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/repositories$/);
  });

  await test.step('a bad token sends the app back to the login page', async () => {
    await page.evaluate(() => localStorage.setItem('accessToken', 'garbage.token.value'));
    await page.reload();
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await page.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('user')])).toEqual([null, null]);
  });
});
