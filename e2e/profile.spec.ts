import { profileProgress, type User } from '@docent/contracts';
import { expect, expectPopupOpen, openAccountMenu, test, uniqueEmail } from './fixtures.ts';

const SECURITY_CODE = /security code is (\d{6})/i;

/** The profile pages against the real server: edit, change password, change email by code. */
test('edit the profile, change the password and the email address', async ({ page, docent, request }) => {
  const email = uniqueEmail('grace');
  const newEmail = uniqueEmail('hopper');
  const password = 'Compiler1952';
  const newPassword = 'Cobol1959Rocks';
  const res = await request.post('/api/signup', {
    data: { first_name: 'Grace', last_name: 'Hopper', email, password, agreeToTerms: true },
  });
  expect(res.status()).toBe(201);

  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/repositories$/);
  const storedUser = () => page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null') as User);

  await test.step('personal info saves through PUT /v1/users and the completeness follows', async () => {
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/profile\/personal-info$/); // desktop redirects to the first subpage
    const before = await storedUser();
    await expect(page.getByTestId('profile-completeness')).toHaveText(`${profileProgress(before).percent}%`);

    await page.getByLabel('First name').fill('Amazing');
    await page.getByLabel('Picture URL').fill('https://example.com/grace.png');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Profile updated')).toBeVisible();
    await expect(page.getByTestId('account-menu')).toContainText('Amazing Hopper');

    const after = await storedUser();
    expect(after.firstName).toBe('Amazing');
    expect(after.imgUrl).toBe('https://example.com/grace.png');
    expect(profileProgress(after).percent).toBeGreaterThan(profileProgress(before).percent);
    await expect(page.getByTestId('profile-completeness')).toHaveText(`${profileProgress(after).percent}%`);
    // The form shows what was saved (it used to snap back to the values it opened with, and a
    // second Save then silently reverted the change).
    await expect(page.getByLabel('First name')).toHaveValue('Amazing');
    const [second] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'PUT' && new URL(r.url()).pathname === '/api/v1/users'),
      page.getByRole('button', { name: 'Save changes' }).click(),
    ]);
    expect(second.postDataJSON()).toMatchObject({ firstName: 'Amazing', imgUrl: 'https://example.com/grace.png' });
    // The server kept it: a reload reads it back.
    await page.reload();
    await expect(page.getByLabel('First name')).toHaveValue('Amazing');
  });

  await test.step('an invalid user name is refused before anything is sent', async () => {
    await page.getByLabel('User name').fill('a b');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.locator('.ant-form-item-explain-error')).toContainText('Use 3 to 40 letters, digits, dots, dashes or underscores.');
    await page.reload();
  });

  await test.step('change password keeps this tab signed in with the new token', async () => {
    await page.getByRole('menuitem', { name: 'Security settings' }).click();
    await expect(page).toHaveURL(/\/profile\/security-settings$/);
    await page.getByLabel('Current password').fill(password);
    await page.getByLabel('New password').fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.locator('.ant-form-item-explain-error')).toContainText('The new password must differ from the previous one.');

    await page.getByLabel('New password').fill(newPassword);
    await page.getByLabel('Confirm password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.locator('.ant-message')).toContainText('Password changed');
    await page.reload();
    await expect(page).toHaveURL(/\/profile\/security-settings$/);
    await expect(page.getByTestId('profile-side-panel')).toBeVisible();
  });

  await test.step('change email: code by mail, six digits submit themselves, quick login with the new token', async () => {
    await page.getByRole('menuitem', { name: 'Personal info' }).click();
    await page.getByRole('button', { name: 'Change email' }).click();
    const since = docent.mailbox.mails.length;
    await page.getByLabel('New email address').fill(newEmail);
    await page.getByRole('button', { name: 'Update' }).click();
    const { match } = await docent.mailbox.waitFor(newEmail, SECURITY_CODE, { since });
    await page.locator('.ant-modal .ant-otp input').first().click();
    await page.keyboard.type(match[1] ?? '');
    await expect(page).toHaveURL(/\/repositories$/);
    expect((await storedUser()).email.name).toBe(newEmail);
  });

  await test.step('the new email and password sign in', async () => {
    await (await openAccountMenu(page)).getByTestId('logout').click();
    await page.getByLabel('Email').fill(newEmail);
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/repositories$/);
  });

  await test.step('sign out everywhere ends this session on the server too', async () => {
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    expect(token).toBeTruthy();
    await page.goto('/profile/security-settings');
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    const confirm = page.locator('.ant-popconfirm');
    await expectPopupOpen(confirm);
    await confirm.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/auth\/login/);
    const res = await page.request.get('/api/v1/user', { headers: { authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(511);
  });
});
