import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectPopupOpen, openAccountMenu, test, uniqueEmail } from './fixtures.ts';

/** Against the real server: API keys end to end, and the lock screen. */
const PASSWORD = 'Analytical1';

async function signUpAndSignIn(page: Page, request: APIRequestContext, prefix: string): Promise<string> {
  const email = uniqueEmail(prefix);
  const res = await request.post('/api/signup', {
    data: { first_name: 'Ada', last_name: 'Lovelace', email, password: PASSWORD, agreeToTerms: true },
  });
  expect(res.status()).toBe(201);
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/repositories$/);
  return email;
}

test('create a key, copy it, call the API with it, deactivate it (refused), delete it', async ({ page, context, request, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  const email = await signUpAndSignIn(page, request, 'keys');
  await page.goto('/docent-api-keys');
  await expect(page.getByRole('heading', { name: 'API Keys', exact: true })).toBeVisible();
  await expect(page.getByText('Best practices')).toBeVisible();

  let key = '';
  await test.step('the three-step modal: Next only after copying', async () => {
    await page.getByRole('button', { name: 'Generate New' }).first().click();
    const modal = page.locator('.ant-modal');
    await expect(modal).toBeVisible();
    // (polled: the modal zooms in)
    await expect.poll(async () => Math.round((await modal.boundingBox())?.width ?? 0)).toBe(520);
    await page.getByLabel('Name (optional)').fill('CI pipeline');
    await page.getByRole('button', { name: 'Generate key' }).click();
    key = (await page.getByTestId('new-api-key').textContent()) ?? '';
    expect(key).toMatch(/^dk_[A-Za-z0-9_-]{43}$/);
    const next = page.getByRole('button', { name: 'Next' });
    await expect(next).toBeDisabled();
    await page.getByRole('button', { name: /Copy/ }).click();
    await expect(page.getByText('API key copied to clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await expect(next).toBeEnabled();
    await next.click();
    await expect(page.getByText('Your API key is ready')).toBeVisible();
    await page.getByRole('button', { name: 'Done' }).click();
  });

  const card = page.getByTestId('api-key-card').filter({ hasText: 'CI pipeline' });
  await test.step('the card shows the masked key; the page never shows the key again', async () => {
    await expect(card.getByTestId('masked-key')).toHaveText(`${key.slice(0, 8)}...${key.slice(-4)}`);
    await expect(card.getByTestId('last-used')).toHaveText('Never');
    await page.reload();
    await expect(card).toBeVisible();
    expect(await page.content()).not.toContain(key);
  });

  await test.step('the key authenticates API calls, in either header', async () => {
    const viaHeader = await request.get('/api/v1/user', { headers: { 'X-API-Key': key } });
    expect(viaHeader.status()).toBe(200);
    expect((await viaHeader.json()).email.name).toBe(email);
    const viaBearer = await request.get('/api/v1/lro/all', { headers: { Authorization: `Bearer ${key}` } });
    expect(viaBearer.status()).toBe(200);
    // but not for account security
    const mint = await request.get('/api/v1/apiToken/create', { headers: { 'X-API-Key': key } });
    expect(mint.status()).toBe(403);
    await page.reload();
    await expect(card.getByTestId('last-used')).not.toHaveText('Never');
  });

  await test.step('deactivated after confirmation, the key is refused at once', async () => {
    await card.getByRole('switch').click();
    const confirm = page.locator('.ant-popconfirm').filter({ hasText: 'Deactivate' });
    await expectPopupOpen(confirm);
    // The server's answer is awaited with the click, so a failure names the call, not the toast.
    const [toggled] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/toggle')),
      confirm.getByRole('button', { name: 'Yes' }).click(),
    ]);
    expect(toggled.status()).toBe(200);
    expect((await toggled.json()).isActive).toBe(false);
    await expect(page.getByText('API key deactivated')).toBeVisible();
    await expect(card.getByText('Inactive').first()).toBeVisible();
    const refused = await request.get('/api/v1/user', { headers: { 'X-API-Key': key } });
    expect(refused.status()).toBe(401);
    expect((await refused.json()).detail).toContain('inactive');
    const statusFilter = page.locator('.ant-segmented');
    await statusFilter.getByText('Inactive', { exact: true }).click();
    await expect(page.getByTestId('api-key-card')).toHaveCount(1);
    await statusFilter.getByText('Active', { exact: true }).click();
    await expect(page.getByTestId('api-key-card')).toHaveCount(0);
    await statusFilter.getByText('All', { exact: true }).click();
    await expect(page.getByTestId('api-key-card')).toHaveCount(1);
  });

  await test.step('deleted after confirmation, the key is gone and refused', async () => {
    await card.getByRole('button', { name: /Delete/ }).click();
    const confirm = page.locator('.ant-popconfirm').filter({ hasText: 'Delete this API key?' });
    await expectPopupOpen(confirm);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('API key deleted')).toBeVisible();
    await expect(page.getByTestId('api-key-card')).toHaveCount(0);
    const gone = await request.get('/api/v1/user', { headers: { Authorization: `Bearer ${key}` } });
    expect(gone.status()).toBe(401);
  });
});

test('the lock screen locks: protected pages send to it, its token is dead, unlocking goes back', async ({ page, request }) => {
  await signUpAndSignIn(page, request, 'lock');
  await page.goto('/jobs');
  await expect(page.getByRole('heading', { name: 'All Jobs', exact: true })).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  expect(token).toBeTruthy();

  await test.step('Lock screen from the account menu', async () => {
    await (await openAccountMenu(page)).getByRole('button', { name: 'Lock screen' }).click();
    await expect(page).toHaveURL(/\/auth\/lock$/);
    await expect(page.getByRole('button', { name: /Unlock/ })).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    // the session behind the old token ended on the server
    await expect
      .poll(async () => (await request.get('/api/v1/user', { headers: { Authorization: `Bearer ${token}` } })).status())
      .toBe(511);
  });

  await test.step('a protected page opened while locked shows the lock screen; unlocking opens that page', async () => {
    await page.goto('/docent-api-keys');
    await expect(page).toHaveURL(/\/auth\/lock$/);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: /Unlock/ }).click();
    await expect(page).toHaveURL(/\/docent-api-keys$/);
    await expect(page.getByRole('heading', { name: 'API Keys', exact: true })).toBeVisible();
  });

  await test.step('locked from a page, unlocking goes back one page', async () => {
    await page.getByRole('menuitem', { name: /Jobs/ }).click();
    await expect(page).toHaveURL(/\/jobs$/);
    await (await openAccountMenu(page)).getByRole('button', { name: 'Lock screen' }).click();
    await expect(page).toHaveURL(/\/auth\/lock$/);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: /Unlock/ }).click();
    await expect(page).toHaveURL(/\/jobs$/);
  });

  await test.step('other tabs lock too; a tab with no history unlocks to /repositories', async () => {
    const other = await page.context().newPage();
    await other.goto('/jobs');
    await expect(other.getByRole('heading', { name: 'All Jobs', exact: true })).toBeVisible();
    await (await openAccountMenu(page)).getByRole('button', { name: 'Lock screen' }).click();
    await expect(other).toHaveURL(/\/auth\/lock$/);
    await other.close();

    const fresh = await page.context().newPage();
    await fresh.goto('/auth/lock');
    await fresh.getByLabel('Password').fill(PASSWORD);
    await fresh.getByRole('button', { name: /Unlock/ }).click();
    await expect(fresh).toHaveURL(/\/repositories$/);
    await fresh.close();
  });
});
