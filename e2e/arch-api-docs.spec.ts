import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, signUpInBrowser, test } from './fixtures.ts';
import { addAndAnalyseInBrowser } from './support/flows.ts';

const OUT = path.resolve(import.meta.dirname, '../artifacts/screenshots');

/**
 * docs/docgen-arch-api.md: architecture and API docs in a real browser — options with their rules, the live
 * log to 'Documentation generation complete!', the hosted site under the user's sign-in, the PDF
 * and DocBook downloads, and the branch with the docs folder on the git daemon.
 */
test('Architecture and API docs: generate, open the hosted site, download PDF and DocBook, branch with docs/', async ({
  page,
  gitRepos,
}) => {
  test.setTimeout(300_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));

  await signUpInBrowser(page, 'Grace', 'Hopper', 'Compiler1A');
  await expect(page).toHaveURL(/\/repositories$/);

  await addAndAnalyseInBrowser(page, gitRepos.calculatorUrl, 'acme', 'calculator');

  const card = page.getByTestId('doc-tools');
  await card.getByRole('tab', { name: 'Architecture Docs' }).click();
  const arch = card.getByTestId('docset-arch');
  // The rules of docs/spec-conformance.md §5 as the user meets them.
  await arch.getByText('HTML', { exact: true }).click();
  await expect(arch.getByTestId('opt-commit')).toBeChecked();
  await expect(arch.getByTestId('opt-host')).not.toBeChecked();
  await arch.getByTestId('opt-path').fill('');
  await expect(arch.getByRole('alert')).toHaveText('Please specify a directory path');
  await expect(arch.getByTestId('generate-arch')).toBeDisabled();
  await arch.getByTestId('opt-path').fill('docs');
  await arch.getByText('HTML', { exact: true }).click();
  await arch.getByText('Host documentation').click();
  await arch.getByText('XML (DocBook)').click();
  await arch.getByTestId('opt-branch').fill('published-docs');
  await expect(arch.getByRole('alert')).toHaveCount(0);

  await arch.getByTestId('generate-arch').click();
  await expect(arch.getByTestId('generate-arch')).toHaveText('Generating...');
  const terminal = arch.getByTestId('docset-terminal-arch');
  await expect(terminal.locator('.dc-term__row--complete')).toContainText('Documentation generation complete!', { timeout: 120_000 });
  const result = arch.getByTestId('docset-result-arch');
  await expect(result.getByTestId('docset-branch')).toHaveText('Committed to published-docs in docs/');
  await expect(arch.getByTestId('docset-freshness-arch')).toContainText('Fresh');

  // Downloads: the PDF and the DocBook file.
  for (const [name, head] of [
    ['architecture.pdf', '%PDF-'],
    ['architecture.xml', '<?xml'],
  ] as const) {
    const [download] = await Promise.all([page.waitForEvent('download'), result.getByTestId(`docset-download-${name}`).click()]);
    expect(download.suggestedFilename()).toBe(name);
    const file = await download.path();
    expect(readFileSync(file).subarray(0, head.length).toString()).toBe(head);
  }
  if (process.env.SCREENSHOTS !== '0') await page.screenshot({ path: path.join(OUT, 'arch-docs-1280-light.png'), fullPage: true });

  // The hosted site, in a new tab, under this user's sign-in.
  const [site] = await Promise.all([page.context().waitForEvent('page'), result.getByTestId('docset-site').click()]);
  await site.waitForLoadState();
  await expect(site).toHaveURL(/\/docs\/[0-9a-f-]{36}\/arch\/$/);
  await expect(site.locator('h1').first()).toContainText('calculator');
  const siteUrl = site.url();
  // The site's own search (a prebuilt index, no CDN) finds a section and links to its page.
  await site.locator('#docent-search input').fill('deployment');
  const hit = site.locator('.docent-results li a').first();
  await expect(hit).toContainText('Deployment');
  await hit.click();
  await expect(site).toHaveURL(/architecture-deployment\.html/);
  await site.close();
  // Without the docs cookie (a link opened elsewhere), the sign-in page sets it from the tab's session and reloads.
  await page.context().clearCookies();
  const fresh = await page.context().newPage();
  await fresh.goto(siteUrl);
  await expect(fresh.locator('h1').first()).toContainText('calculator');
  await fresh.close();

  // The branch with the docs folder, on the daemon.
  const work = mkdtempSync(path.join(os.tmpdir(), 'docent-e2e-docs-'));
  try {
    execFileSync('git', ['clone', '-q', '--branch', 'published-docs', gitRepos.calculatorUrl, work]);
    const tree = execFileSync('git', ['ls-tree', '--name-only', 'HEAD', 'docs/'], { cwd: work, encoding: 'utf8' }).trim().split('\n');
    expect(tree).toEqual(expect.arrayContaining(['docs/architecture.html', 'docs/architecture.pdf', 'docs/architecture.xml']));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }

  // API docs with the defaults: hosted, the site opens.
  await card.getByRole('tab', { name: 'API Docs' }).click();
  const api = card.getByTestId('docset-api');
  await api.getByTestId('generate-api').click();
  await expect(api.getByTestId('docset-terminal-api').locator('.dc-term__row--complete')).toContainText(
    'Documentation generation complete!',
    { timeout: 120_000 },
  );
  const href = await api.getByTestId('docset-site').getAttribute('href');
  expect(href).toMatch(/^\/docs\/[0-9a-f-]{36}\/api\/$/);
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('text/html; charset=utf-8');

  // 360 px, dark: the tab fits the screen.
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.setViewportSize({ width: 360, height: 780 });
  await page.reload();
  await page.getByTestId('doc-tools').getByRole('tab', { name: 'API Docs' }).click();
  await expect(page.getByTestId('docset-api')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  if (process.env.SCREENSHOTS !== '0') await page.getByTestId('doc-tools').screenshot({ path: path.join(OUT, 'api-docs-360-dark.png') });
  expect(errors).toEqual([]);
});
