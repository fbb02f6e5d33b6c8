import { expect, openPopup, openSelectList, test, uniqueEmail } from './fixtures.ts';
import { FakeGitHub } from './support/fake-github.ts';

/**
 * Connecting a vendor: the token form, the install stream in the 400 px
 * terminal dialog, the synced repositories grouped by organisation, Sync All, the vendor
 * filter, and the Azure DevOps PAT validation. GitHub is a small fake API on 127.0.0.1.
 */
test('connect GitHub with a token, watch the install stream, filter by vendor, sync all', async ({ page }) => {
  const github = new FakeGitHub('ghp_e2e_good_token');
  const apiUrl = await github.start();
  try {
    await page.goto('/auth/sign-up');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email').fill(uniqueEmail('ada'));
    await page.getByLabel('Password', { exact: true }).fill('Analytical1');
    await page.getByLabel('Confirm password').fill('Analytical1');
    await page.getByRole('checkbox').check(); // the Terms box starts unticked
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByTestId('connect-vendors')).toBeVisible();

    await test.step('the Azure DevOps form asks for a PAT with the spec text', async () => {
      await page.getByTestId('connect-vendors').getByRole('button', { name: 'Azure DevOps' }).click();
      const dialog = page.getByRole('dialog', { name: 'Connect Azure DevOps' });
      await dialog.getByRole('button', { name: 'Connect' }).click();
      await expect(dialog).toContainText('Please enter a valid Personal Access Token');
      await expect(dialog).toContainText('This field is required!');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
    });

    await test.step('a rejected token shows the vendor reason', async () => {
      await page.getByTestId('connect-vendors').getByRole('button', { name: 'GitHub' }).click();
      const dialog = page.getByRole('dialog', { name: 'Connect GitHub' });
      await dialog.getByLabel('Access token').fill('ghp_wrong');
      await dialog.getByLabel('Server URL').fill(apiUrl);
      await dialog.getByRole('button', { name: 'Connect' }).click();
      await expect(dialog.getByRole('alert')).toContainText(/GitHub/);
    });

    await test.step('a good token connects and the install stream runs in a 400 px terminal', async () => {
      const dialog = page.getByRole('dialog', { name: 'Connect GitHub' });
      await dialog.getByLabel('Access token').fill('ghp_e2e_good_token');
      await dialog.getByRole('button', { name: 'Connect' }).click();
      const sync = page.getByRole('dialog', { name: 'Installing GitHub' });
      await expect(sync).toBeVisible();
      const terminal = sync.getByTestId('sync-terminal');
      await expect(terminal.locator('.dc-term__text').filter({ hasText: 'Found 2 repositories' })).toHaveCount(1);
      await expect(terminal.locator('.dc-term__row--complete')).toContainText('GitHub sync complete');
      await expect(terminal).toContainText('1 of 1 complete');
      // Layout sizes (offsetHeight/Width ignore the opening zoom animation): docs/spec-conformance.md §2 sync dialogs.
      expect(await sync.getByTestId('sync-terminal-body').evaluate((el) => (el as HTMLElement).offsetHeight)).toBe(400);
      expect(await sync.evaluate((el) => (el as HTMLElement).offsetWidth)).toBe(800);
      await sync.getByTestId('sync-close').click();
    });

    await test.step('the synced repositories are grouped under octocat; the vendor filter narrows them', async () => {
      const group = page.getByTestId('org-group').filter({ has: page.getByRole('link', { name: 'octocat' }) });
      await expect(group.getByTestId('repo-card')).toHaveCount(2);
      await expect(group.getByTestId('repo-card').first()).toContainText('Hello-World');
      await expect(group.getByTestId('repo-card').nth(1)).toContainText('Private');
      await (
        await openPopup(page.getByTestId('vendor-filter'), openSelectList(page))
      )
        .locator('.ant-select-item-option')
        .filter({ hasText: /^\s*Git\s*$/ })
        .click();
      await expect(page.getByTestId('repo-not-found')).toContainText('Repository not found!');
      await (
        await openPopup(page.getByTestId('vendor-filter'), openSelectList(page))
      )
        .locator('.ant-select-item-option')
        .filter({ hasText: /^\s*GitHub\s*$/ })
        .click();
      await expect(page.getByTestId('repo-card')).toHaveCount(2);
    });

    await test.step('Sync All streams every connected vendor; the connect-more control marks GitHub connected', async () => {
      await page.getByTestId('sync-all').click();
      const sync = page.getByRole('dialog', { name: 'Sync all vendors' });
      await expect(sync.getByTestId('sync-terminal').locator('.dc-term__row--complete')).toContainText('GitHub sync complete');
      await sync.getByTestId('sync-close').click();
      await page.getByTestId('connect-more').click();
      await expect(page.getByRole('menuitem', { name: /GitHub · connected/ })).toHaveAttribute('aria-disabled', 'true');
    });
  } finally {
    await github.stop();
  }
});
