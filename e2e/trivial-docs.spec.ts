import { expect, signUpInBrowser, test } from './fixtures.ts';
import { addAndAnalyseInBrowser } from './support/flows.ts';
import { seriousViolations } from './support/a11y.ts';

/**
 * A doc that only restates its function's name is *trivial* (docs/metrics/functions.md): the
 * documented share does not count it, and the card and the function list show it apart.
 * users.py: get_user ("Get user." + "user_id: the user id." — trivial), close ("Close the
 * socket; idempotent." — informative), bare (undocumented) → 1 of 3 documented = 33.3 %, 1 trivial.
 */
const USERS_PY = [
  'def get_user(user_id):',
  '    """Get user.',
  '',
  '    Args:',
  '        user_id: the user id.',
  '    """',
  '    return user_id',
  '',
  '',
  'def close(sock):',
  '    """Close the socket; idempotent."""',
  '    return sock',
  '',
  '',
  'def bare():',
  '    return 1',
  '',
].join('\n');

test('a trivial doc is not counted as documented: the card and the coverage modal show it apart, tagged', async ({ page, gitRepos }) => {
  test.setTimeout(180_000);
  await gitRepos.daemon.addRepo('plain', 'userlib', { 'userlib/users.py': USERS_PY });
  await signUpInBrowser(page, 'Ada', 'Lovelace', 'Analytical1');
  await expect(page).toHaveURL(/\/repositories$/, { timeout: 60_000 });
  await addAndAnalyseInBrowser(page, gitRepos.daemon.url('plain', 'userlib'), 'plain', 'userlib');

  await test.step('the Documented functions card counts 1 of 3 and names the trivial doc apart', async () => {
    const card = page.getByTestId('card-functions');
    await expect(card).toHaveAttribute('data-state', 'ready');
    await expect(page.getByTestId('functions-documented')).toHaveText('1');
    await expect(card).toContainText('/ 3');
    await expect(page.getByTestId('functions-bar')).toContainText('33.3');
    await expect(page.getByTestId('functions-trivial')).toHaveText('1 trivial doc not counted');
  });

  await test.step('the coverage modal lists it on its own tab with a "trivial" tag', async () => {
    await page.getByTestId('card-functions').click();
    const modal = page.getByTestId('coverage-modal');
    await expect(modal).toContainText('1 / 3');
    await expect(modal.getByTestId('coverage-trivial')).toHaveText('1 trivial doc not counted');
    await expect(modal.getByRole('tab', { name: 'Documented (1)', exact: true })).toBeVisible();
    await modal.getByRole('tab', { name: 'Documented (1)', exact: true }).click();
    await expect(page.getByTestId('documented-table')).toContainText('close');
    await expect(page.getByTestId('documented-table')).not.toContainText('get_user');
    await modal.getByRole('tab', { name: 'Trivial (1)', exact: true }).click();
    const table = page.getByTestId('trivial-table');
    await expect(table).toContainText('get_user');
    await expect(table.getByTestId('trivial-doc')).toHaveText('trivial');
    await expect(modal).toContainText("These docs only restate the function's name and parameters");
    expect(await seriousViolations(page), 'no serious or critical WCAG 2 AA violations').toEqual([]);
  });
});
