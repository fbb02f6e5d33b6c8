import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { expect, signUpInBrowser, test } from './fixtures.ts';

/**
 * docs/webhooks.md: a push to a plain git remote runs Docent's documented post-receive hook; the open
 * repository page updates by itself (no click, no reload) and its trend chart gains a point.
 */
const GIT_ENV = {
  ...process.env,
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: 'Test',
  GIT_AUTHOR_EMAIL: 't@example.com',
  GIT_COMMITTER_NAME: 'Test',
  GIT_COMMITTER_EMAIL: 't@example.com',
};
const git = async (cwd: string, ...args: string[]) =>
  (await promisify(execFile)('git', args, { cwd, env: GIT_ENV, encoding: 'utf8' })).stdout;
const HOOK_SCRIPT = path.resolve(import.meta.dirname, '../docs/post-receive-hook.sh');
const OPS = 'def add(a, b):\n    """Adds two numbers."""\n    return a + b\n\n\ndef sub(a, b):\n    return a - b\n';

async function signUp(page: Page) {
  await signUpInBrowser(page, 'Ada', 'Lovelace', 'Analytical1');
  await expect(page).toHaveURL(/\/repositories$/);
}

test('a push with the post-receive hook re-analyses the repository: the dashboard updates by itself and the trend gains a point', async ({
  page,
  gitRepos,
}) => {
  test.setTimeout(180_000);
  await gitRepos.daemon.addRepo('hooks', 'widget', { 'widget/ops.py': OPS });
  const bare = path.join(gitRepos.daemon.base, 'hooks', 'widget.git');

  await test.step('add the repository and analyse it once: the trend has one point', async () => {
    await signUp(page);
    await page.getByTestId('add-repo-empty').click();
    const dialog = page.getByRole('dialog', { name: 'Add a repository by git URL' });
    await dialog.getByLabel('Git URL').fill(gitRepos.daemon.url('hooks', 'widget'));
    await dialog.getByRole('button', { name: 'Add repository' }).click();
    await expect(dialog).toBeHidden();
    await page.getByTestId('repo-card').filter({ hasText: 'widget' }).click();
    await expect(page).toHaveURL(/\/repositories\/GIT\/hooks\/widget$/);
    await expect(page.getByTestId('trend')).toContainText('No analyses yet');
    await page.getByTestId('full-analysis').click();
    await page.getByRole('button', { name: 'Close' }).first().click();
    await expect(page.getByTestId('trend-count')).toHaveText('1 analysis', { timeout: 60_000 });
    await expect(page.getByTestId('trend-point-documentedShare')).toHaveCount(1);
    await expect(page.getByTestId('trend-documentedShare')).toContainText('50');
  });

  await test.step('the Settings tab shows the webhook URL and secret; the documented hook is installed with them', async () => {
    await page.getByRole('tab', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByTestId('webhook-registration')).toHaveText('Set up by hand');
    await expect(page.getByTestId('webhook-last-delivery')).toContainText('No delivery yet.');
    const url = (await page.getByTestId('webhook-url').textContent())!.trim();
    expect(url).toMatch(/\/api\/v1\/webhooks\/git\/[A-Za-z0-9_-]+$/);
    await page.getByTestId('reveal-secret').click();
    const secret = (await page.getByTestId('webhook-secret').textContent())!.trim();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    await expect(page.getByTestId('hook-commands')).toContainText(`git config docent.webhookSecret '${secret}'`);
    copyFileSync(HOOK_SCRIPT, path.join(bare, 'hooks', 'post-receive'));
    await git(bare, 'config', 'docent.webhookUrl', url);
    await git(bare, 'config', 'docent.webhookSecret', secret);
    await page.getByRole('tab', { name: 'Dashboard' }).click();
  });

  await test.step('push a commit that documents sub: without a click the page shows the new analysis', async () => {
    const work = mkdtempSync(path.join(os.tmpdir(), 'docent-e2e-push-'));
    await git(work, 'clone', '-q', gitRepos.daemon.url('hooks', 'widget'), '.');
    writeFileSync(path.join(work, 'widget/ops.py'), OPS.replace('def sub(a, b):\n', 'def sub(a, b):\n    """Subtracts b from a."""\n'));
    await git(work, 'commit', '-q', '-am', 'document sub');
    await git(work, 'push', '-q', 'origin', 'main');
    await expect(page.getByTestId('trend-count')).toHaveText('2 analyses', { timeout: 90_000 });
    await expect(page.getByTestId('trend-point-documentedShare')).toHaveCount(2);
    await expect(page.getByTestId('trend-documentedShare')).toContainText('100');
    // the dashboard card shows the new report, fetched by itself
    await expect(page.getByTestId('card-functions')).toContainText('100');
    // Automatic documentation updates are off until switched on (docs/consent.md): the push
    // started no documentation job (it would have been queued with the analysis), and the remote
    // has only the branch pushed here.
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    const jobs = (await (await page.request.get('/api/v1/lro/all?limit=50', { headers: { authorization: `Bearer ${token}` } })).json()) as {
      jobs: Array<{ jobType: string }>;
    };
    expect(jobs.jobs.map((j) => j.jobType).filter((type) => type !== 'ANALYSIS')).toEqual([]);
    const heads = await git(work, 'ls-remote', '--heads', 'origin');
    expect(
      heads
        .trim()
        .split('\n')
        .map((line) => line.split('\t')[1]),
    ).toEqual(['refs/heads/main']);
  });

  await test.step('the settings show the delivery; at 360 px in dark mode nothing overflows', async () => {
    await page.getByRole('tab', { name: 'Settings' }).click();
    await expect(page.getByTestId('webhook-last-delivery')).toContainText('Analysis queued');
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    await expect(page.getByTestId('webhook-settings')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByRole('tab', { name: 'Dashboard' }).click();
    await expect(page.getByTestId('trend-point-documentedShare')).toHaveCount(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
