import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect as baseExpect, test as baseTest } from '@playwright/test';
import { generateDocs } from '../packages/docgen/src/docs.ts';
import { expect, signUpInBrowser, test } from './fixtures.ts';
import { seriousViolations } from './support/a11y.ts';
import { swaggerProblems } from './support/swagger.ts';
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
  // Committing is the user's choice (docs/consent.md): off by default, so this run pushes nothing.
  await expect(api.getByTestId('opt-commit')).not.toBeChecked();
  const heads = () => execFileSync('git', ['ls-remote', '--heads', gitRepos.calculatorUrl], { encoding: 'utf8' });
  const headsBefore = heads();
  await api.getByTestId('generate-api').click();
  await expect(api.getByTestId('docset-terminal-api').locator('.dc-term__row--complete')).toContainText(
    'Documentation generation complete!',
    { timeout: 120_000 },
  );
  expect(heads()).toBe(headsBefore);
  const href = await api.getByTestId('docset-site').getAttribute('href');
  expect(href).toMatch(/^\/docs\/[0-9a-f-]{36}\/api\/$/);
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('text/html; charset=utf-8');
  // Its OpenAPI viewer (Swagger UI) passes axe in both themes (docs/decisions.md, "Swagger UI themed for WCAG AA").
  const viewer = await page.context().newPage();
  await viewer.goto(`${href!}openapi.html`);
  expect(await swaggerProblems(viewer, false)).toEqual([]);
  await viewer.setViewportSize({ width: 360, height: 780 });
  expect(await swaggerProblems(viewer, true)).toEqual([]);
  await viewer.close();

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

/**
 * docs/docgen-arch-api.md, "Overview and navigation": the HTML a doc set is made of, opened as a
 * reader opens the download (no server): it starts on the overview, with a sidebar of human
 * titles on a wide screen and a folding "Contents" menu at 360 px, breadcrumbs back to the
 * overview, no horizontal overflow and no serious axe finding, light and dark.
 */
baseTest('the HTML doc set opens on the overview with its navigation, at 1280 and 360 px, light and dark', async ({ browser }) => {
  baseTest.setTimeout(90_000);
  const repo = mkdtempSync(path.join(os.tmpdir(), 'docent-e2e-site-'));
  const site = mkdtempSync(path.join(os.tmpdir(), 'docent-e2e-site-out-'));
  try {
    for (const [rel, text] of Object.entries(SITE_FILES)) {
      mkdirSync(path.dirname(path.join(repo, rel)), { recursive: true });
      writeFileSync(path.join(repo, rel), text);
    }
    for (const f of await generateDocs(repo, 'api', ['html'], { name: 'shop' })) writeFileSync(path.join(site, f.name), f.content);
    const index = pathToFileURL(path.join(site, 'index.html')).href;
    for (const [width, scheme] of [
      [1280, 'light'],
      [360, 'dark'],
    ] as const) {
      const context = await browser.newContext({ viewport: { width, height: 800 }, colorScheme: scheme });
      const page = await context.newPage();
      await page.goto(index);
      await baseExpect(page.locator('h1')).toContainText('shop — API');
      await baseExpect(page.getByRole('heading', { name: 'Overview', level: 2 })).toBeVisible();
      await baseExpect(page.getByText('The README opens: “A small shop that sells things online.”')).toBeVisible();
      let nav = page.getByRole('navigation', { name: 'Contents', exact: true });
      if (width < 900) {
        await baseExpect(nav).toBeHidden();
        await page.locator('summary', { hasText: 'Contents' }).click();
        nav = page.getByRole('navigation', { name: 'Contents (menu)' });
      }
      await baseExpect(nav).toBeVisible();
      await baseExpect(nav.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
      await baseExpect(nav.getByRole('link', { name: 'examples/demo' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);
      if (process.env.SCREENSHOTS !== '0')
        await page.screenshot({ path: path.join(OUT, `docs-site-overview-${width}-${scheme}.png`), fullPage: width > 900 });
      // An endpoint group, then back to the overview by the breadcrumbs.
      await nav.getByRole('link', { name: '/orders' }).click();
      await baseExpect(page).toHaveURL(/api-http\.html#orders$/);
      await baseExpect(page.getByRole('heading', { name: '/orders', level: 2 })).toBeInViewport();
      const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
      await baseExpect(crumbs).toContainText('HTTP API');
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      if (process.env.SCREENSHOTS !== '0') await page.screenshot({ path: path.join(OUT, `docs-site-endpoints-${width}-${scheme}.png`) });
      await crumbs.getByRole('link', { name: 'Overview' }).click();
      await baseExpect(page).toHaveURL(/api\.html$/);
      await context.close();
    }
  } finally {
    rmSync(repo, { recursive: true, force: true });
    rmSync(site, { recursive: true, force: true });
  }
});

const SITE_FILES: Record<string, string> = {
  'README.md': '# Shop\n\nA small **shop** that sells [things](https://example.com) online.\n',
  'shop/__init__.py': '"""Shop: orders and payments for the storefront."""\n',
  'shop/auth.py':
    "from flask import Blueprint\nbp = Blueprint('auth', __name__)\n\n@bp.route('/login', methods=['POST'])\ndef login():\n    \"\"\"Signs a user in.\"\"\"\n    return ''\n",
  'shop/views.py':
    'from flask import Flask\nfrom shop.auth import bp\napp = Flask(__name__)\napp.register_blueprint(bp, url_prefix=\'/auth\')\n\n@app.get(\'/orders\')\ndef orders():\n    """Lists the orders."""\n    return []\n',
  'examples/demo/app.py': "from flask import Flask\napp = Flask(__name__)\n\n@app.get('/hello')\ndef hello():\n    return 'hi'\n",
};
