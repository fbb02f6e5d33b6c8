import { execFileSync } from 'node:child_process';
import { expect, openPopup, openSelectList, signUpInBrowser, test } from './fixtures.ts';
import { addAndAnalyseInBrowser } from './support/flows.ts';

/**
 * Code docs in a real browser — a free user meets 'Pro Feature Required', Try Free generates
 * with the chosen style, the live log ends with 'Documentation generation complete!', the patch
 * is shown and nothing is pushed; once the user chooses to push a branch, the branch with the
 * commit exists on the git daemon (docs/consent.md).
 */
const LOADER_FILES = {
  'loader.py':
    'def load(path, strict=False):\n    """Load a file.\n\n    Args:\n        path: Where the file lives, relative to the root.\n        strict: Whether a missing file is an error.\n    """\n    return open(path).read()\n\n\ndef load_text(path, strict=False):\n    return load(path, strict)\n',
  'README.md': '# Loader\n\nReads files.\n',
};

test('Code Docs: choose a style, Try Free, live log, diff viewer, nothing pushed until chosen, then a branch pushed to the daemon', async ({
  page,
  gitRepos,
}) => {
  test.setTimeout(240_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));

  await signUpInBrowser(page, 'Ada', 'Lovelace', 'Analytical1');
  await expect(page).toHaveURL(/\/repositories$/);

  // The calculator has nothing a docstring could be grounded in (docs/docgen.md): this repository has
  // a documented function and a thin wrapper of it, which the generator documents in its words.
  await gitRepos.daemon.addRepo('acme', 'loader', LOADER_FILES);
  const loaderUrl = gitRepos.daemon.url('acme', 'loader');
  await addAndAnalyseInBrowser(page, loaderUrl, 'acme', 'loader');

  const card = page.getByTestId('doc-tools');
  await expect(card).toBeVisible();
  await expect(card.getByRole('tab', { name: /Code Docs/ })).toContainText('PRO');
  const python = card.getByTestId('docstyle-Python');
  const styles = await openPopup(python.getByLabel('Docstring style for Python'), openSelectList(page));
  await styles
    .locator('.ant-select-item-option')
    .filter({ hasText: /^numpy$/ })
    .click();
  await python.getByLabel('Max line length for Python').fill('30');
  await expect(python.getByRole('alert')).toHaveText('Max line length must be a whole number from 40 to 120.');
  await expect(card.getByTestId('generate-docs')).toBeDisabled();
  await python.getByLabel('Max line length for Python').fill('72');
  await expect(python.getByRole('alert')).toHaveCount(0);

  // Nothing is pushed unless chosen (docs/consent.md): the default run only shows the patch.
  const deliveryBox = card.getByTestId('docs-delivery');
  await expect(deliveryBox.getByRole('radio', { name: /nothing is written to the repository/ })).toBeChecked();
  await expect(deliveryBox.getByRole('radio', { name: /open a pull request/ })).toBeDisabled();
  await card.getByTestId('generate-docs').click();
  await page.getByRole('dialog', { name: 'Pro Feature Required' }).getByRole('button', { name: 'Try Free' }).click();
  await expect(card.getByTestId('docs-terminal').locator('.dc-term__row--complete')).toContainText('Documentation generation complete!', {
    timeout: 90_000,
  });
  await expect(card.getByTestId('docs-patch')).toContainText(
    'Nothing was written to the repository: you chose to review and download the patch.',
  );
  await expect(card.getByTestId('docs-diff')).toContainText('+    Args:');
  expect(execFileSync('git', ['ls-remote', '--heads', loaderUrl], { encoding: 'utf8' }).trim().split('\n')).toHaveLength(1);

  // Then the user chooses to push a branch to the remote the option names.
  await deliveryBox.getByRole('radio', { name: `Push a new branch docent/docs-… to ${loaderUrl}` }).check();
  await card.getByTestId('generate-docs').click();
  const modal = page.getByRole('dialog', { name: 'Pro Feature Required' });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Buy Pro' })).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Full Repo Doc' })).toBeVisible();
  await modal.getByRole('button', { name: 'Try Free' }).click();

  // The first run's patch goes when this one starts; the new one names the pushed branch.
  const patch = card.getByTestId('docs-patch');
  // The next free name when another test pushed this commit's branch first (docent/docs-<sha>-2).
  const branchTag = patch.getByText(/^Branch docent\/docs-[0-9a-f]{7}(-\d+)? pushed$/);
  await expect(branchTag).toBeVisible({ timeout: 90_000 });
  const terminal = card.getByTestId('docs-terminal');
  await expect(terminal.locator('.dc-term__row--complete')).toContainText('Documentation generation complete!');
  await expect(card.getByTestId('generate-docs')).toHaveText('Generate');
  await expect(patch).toContainText(/functions? documented in \d+ file/);
  // the file's own style (Google sections) wins over the numpy chosen for the repository
  await expect(card.getByTestId('docs-diff')).toContainText('+    Args:');
  await expect(card.getByTestId('download-patch')).toBeVisible();

  const branch = (await branchTag.textContent())!.replace(/^Branch | pushed$/g, '');
  const heads = execFileSync('git', ['ls-remote', '--heads', loaderUrl], { encoding: 'utf8' });
  expect(heads).toContain(`refs/heads/${branch}`);
  expect(errors).toEqual([]);
});
