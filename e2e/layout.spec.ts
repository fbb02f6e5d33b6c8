import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { analyseCalculatorByApi, apiSession, type Session } from './support/flows.ts';

/**
 * Layout measured in Chromium: widths with getBoundingClientRect and
 * scrollWidth at 1280 and 360 px, on an analysed repository whose figures and file names are
 * made as large as a real one's (gson: 431 of 1140 functions; Java paths eighty characters
 * long) by rewriting the server's answers. Screenshots of the same screens in light and dark,
 * English and German, go to artifacts/screenshots/layout-*.png.
 */
const OUT = path.resolve(import.meta.dirname, '../artifacts/screenshots');
mkdirSync(OUT, { recursive: true });

const LONG_DIR = 'gson/src/main/java/com/google/gson/internal/bind/';

/** The server's answers with a big repository's figures and long names. */
async function bigRepository(page: Page) {
  await page.route('**/api/app/github/get/repo?*', async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { gitAppMetaData: { analysisReport: Record<string, unknown> } };
    Object.assign(body.gitAppMetaData.analysisReport, {
      basicFuncDocAnalysis: { totalFunctions: 1140, totalDocumented: 431 },
      advancedFuncDocAnalysis: { outdatedDocCount: 118, urgentDocCount: 257 },
    });
    await route.fulfill({ response: res, json: body });
  });
  await page.route('**/api/v1/git/analyze/repo/*/details', async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { functions?: Array<{ name: string; fileName: string }> };
    for (const f of body.functions ?? []) {
      f.fileName = `${LONG_DIR}ReflectiveTypeAdapterFactory${f.fileName.replace(/[^a-z]/gi, '')}.java`;
      f.name = `createBoundFieldWithSerializationExclusion_${f.name}`;
    }
    await route.fulfill({ response: res, json: body });
  });
}

async function signIn(page: Page, session: Session, theme: 'light' | 'dark', language: 'en' | 'de') {
  await page.goto('/404');
  await page.evaluate(
    ([t, s, l]) => {
      localStorage.clear();
      localStorage.setItem('theme', t);
      localStorage.setItem('language', l);
      localStorage.setItem('accessToken', s.token);
      localStorage.setItem('user', JSON.stringify(s.user));
    },
    [theme, session, language] as const,
  );
}

type Box = { left: number; right: number; top: number; bottom: number; width: number; height: number };
const box = (page: Page, selector: string): Promise<Box[]> =>
  page.locator(selector).evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height };
    }),
  );

async function openCard(page: Page, testId: string) {
  await expect(page.getByTestId(testId)).toHaveAttribute('data-state', 'ready');
  await page.getByTestId(testId).click();
}

test('layout: cards, function tables, jobs, README tiles, actions and the German toolbar', async ({
  page,
  playwright,
  docent,
  gitRepos,
}) => {
  test.setTimeout(180_000);
  const request = await playwright.request.newContext({ baseURL: docent.url });
  const session = await apiSession(request, docent, { first: 'Margaret', last: 'Hamilton' });
  await analyseCalculatorByApi(request, session, [gitRepos.calculatorUrl]);
  await request.dispose();
  await bigRepository(page);
  const dashboard = '/repositories/GIT/acme/calculator/';

  await test.step('1280 px: "431 / 1140 · 37.8%" stays inside its card, and no card title wraps', async () => {
    await page.setViewportSize({ width: 1280, height: 820 });
    await signIn(page, session, 'light', 'en');
    await page.goto(dashboard);
    await expect(page.getByTestId('functions-bar-count')).toHaveText('431 / 1140');
    for (const card of ['card-functions', 'card-issues']) {
      const [c] = await box(page, `[data-testid="${card}"]`);
      for (const figure of await box(page, `[data-testid="${card}"] .dc-metric__row strong`)) {
        expect.soft(figure.right, `${card}: figure inside the card`).toBeLessThanOrEqual(c!.right - 8);
      }
      const overflow = await page
        .getByTestId(card)
        .evaluate((el) => Array.from(el.querySelectorAll('.dc-metric__row')).map((r) => r.scrollWidth - r.clientWidth));
      expect.soft(Math.max(...overflow), `${card}: metric rows do not overflow`).toBeLessThanOrEqual(0);
    }
    const titles = await page
      .locator('.dc-cards .dc-acard__head h3')
      .evaluateAll((els) =>
        els.map((e) => ({ height: e.getBoundingClientRect().height, line: parseFloat(getComputedStyle(e).lineHeight) || 22 })),
      );
    expect.soft(titles).toHaveLength(4);
    for (const t of titles) expect.soft(t.height, 'a card title on one line').toBeLessThan(t.line * 1.5);
  });

  await test.step('1280 px: the function tables fit their modal, the Language column is visible', async () => {
    await openCard(page, 'card-functions');
    const table = page.getByTestId('undocumented-table');
    await expect(table.locator('tbody tr').first()).toBeVisible();
    // The dialog that holds this table (other dialogs of the page may be in the DOM, closed),
    // measured once its opening zoom has ended: mid-animation it is scaled down.
    const dialog = table.locator('xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " ant-modal ")]');
    await expect
      .poll(() => dialog.evaluate((el) => el.getAnimations({ subtree: true }).filter((a) => a.playState === 'running').length))
      .toBe(0);
    const modal = await dialog.evaluate((el) => el.querySelector('.ant-modal-container')!.getBoundingClientRect().toJSON() as DOMRect);
    const language = table.locator('th', { hasText: 'Language' });
    await expect(language).toBeVisible();
    const th = (await language.boundingBox())!;
    expect.soft(th.x + th.width, 'Language column inside the modal').toBeLessThanOrEqual(modal.right);
    const scroll = await table
      .locator('.ant-table-content, .ant-table-body')
      .first()
      .evaluate((el) => el.scrollWidth - el.clientWidth);
    expect.soft(scroll, 'no sideways scrolling inside the table').toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(OUT, 'layout-functions-modal-1280.png') });
    await page.keyboard.press('Escape');
    await expect(page.locator('.ant-modal-container')).toBeHidden();
  });

  await test.step('360 px: the issues table is no wider than the viewport', async () => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(dashboard);
    await openCard(page, 'card-issues');
    const table = page.getByTestId('outdated-table');
    await expect(table.locator('tbody tr').first()).toBeVisible();
    const [t] = await box(page, '[data-testid="outdated-table"] table');
    expect.soft(t!.width, 'issues table width').toBeLessThanOrEqual(360);
    expect.soft(t!.left).toBeGreaterThanOrEqual(0);
    const cells = await box(page, '[data-testid="outdated-table"] tbody td');
    for (const c of cells) expect.soft(c.right, 'every cell on screen').toBeLessThanOrEqual(360);
    await page.screenshot({ path: path.join(OUT, 'layout-issues-modal-360.png') });
    await page.keyboard.press('Escape');
    await expect(page.locator('.ant-modal-container')).toBeHidden();
  });

  await test.step('360 px: README metric tiles two per row', async () => {
    await openCard(page, 'card-readme');
    await expect(page.getByTestId('stat-words')).toBeVisible();
    const tiles = await box(page, '.dc-stats .dc-stat');
    expect.soft(tiles.length).toBeGreaterThanOrEqual(4);
    expect.soft(Math.abs(tiles[0]!.top - tiles[1]!.top), 'tiles 1 and 2 share a row').toBeLessThan(1);
    expect.soft(tiles[2]!.top, 'tile 3 starts the second row').toBeGreaterThan(tiles[0]!.bottom - 1);
    await expect(page.getByTestId('stat-reading')).toContainText('under 1 min');
    await page.keyboard.press('Escape');
    await expect(page.locator('.ant-modal-container')).toBeHidden();
  });

  await test.step('360 px: the repository action buttons are of equal width', async () => {
    const buttons = await box(page, '.dc-repo-bar__actions > *');
    expect.soft(buttons.length).toBeGreaterThanOrEqual(2);
    const widths = buttons.map((b) => Math.round(b.width));
    expect.soft(Math.max(...widths) - Math.min(...widths), `widths ${widths.join(', ')}`).toBeLessThanOrEqual(1);
    for (const b of buttons) expect.soft(b.right).toBeLessThanOrEqual(360);
  });

  await test.step('360 px: the Jobs table shows Status, Created At and Actions', async () => {
    await page.goto('/jobs');
    const row = page.getByTestId('job-row').first();
    await expect(row).toBeVisible();
    const [t] = await box(page, '.dc-jobs-table table');
    expect.soft(t!.width, 'jobs table width').toBeLessThanOrEqual(360);
    for (const part of [row.getByTestId('job-state'), row.getByTestId('job-created'), row.getByRole('button', { name: 'Logs' })]) {
      await expect(part).toBeVisible();
      const b = (await part.boundingBox())!;
      expect.soft(b.x).toBeGreaterThanOrEqual(0);
      expect.soft(b.x + b.width, 'inside the viewport').toBeLessThanOrEqual(360);
    }
    await expect(row).toContainText('Created At');
    await page.screenshot({ path: path.join(OUT, 'layout-jobs-360.png'), fullPage: true });
  });

  await test.step('1280 px, German: the repositories toolbar fits one row', async () => {
    await page.setViewportSize({ width: 1280, height: 820 });
    await signIn(page, session, 'light', 'de');
    await page.goto('/repositories');
    await expect(page.getByTestId('repo-search')).toBeVisible();
    const toolbar = page.locator('.dc-toolbar').first();
    const parts = await toolbar.evaluate((el) =>
      Array.from(el.children)
        .map((c) => c.getBoundingClientRect())
        .map((r) => ({ top: r.top, bottom: r.bottom })),
    );
    expect.soft(parts.length).toBeGreaterThanOrEqual(3);
    const tops = parts.map((p) => p.top);
    expect.soft(Math.max(...tops) - Math.min(...tops), 'all toolbar parts on one row').toBeLessThan(8);
  });
});

// The changed screens in both themes and both languages, for people to look at: pictures, not
// checks (the walks in screens.spec.ts and repository-screens.spec.ts check these screens), so
// they run with `npm run screenshots`, not in `npm test` (docs/decisions.md "Screenshot walks").
for (const width of [1280, 360]) {
  test(`layout screenshots at ${width}px`, { tag: '@screenshots' }, async ({ page, playwright, docent, gitRepos }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: width < 768 ? 780 : 820 });
    const request = await playwright.request.newContext({ baseURL: docent.url });
    const session = await apiSession(request, docent, { first: 'Margaret', last: 'Hamilton' });
    const jobId = await analyseCalculatorByApi(request, session, [gitRepos.calculatorUrl]);
    await request.dispose();
    await bigRepository(page);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    for (const language of ['en', 'de'] as const) {
      for (const theme of ['light', 'dark'] as const) {
        const name = (shot: string) => path.join(OUT, `layout-${shot}-${width}-${theme}-${language}.png`);
        await signIn(page, session, theme, language);
        await page.goto('/repositories');
        await expect(page.getByTestId('repo-card').first()).toBeVisible();
        await page.screenshot({ path: name('repositories') });
        await page.goto('/repositories/GIT/acme/calculator/');
        await expect(page.getByTestId('card-functions')).toHaveAttribute('data-state', 'ready');
        await page.screenshot({ path: name('dashboard'), fullPage: true });
        for (const [card, ready] of [
          ['card-functions', 'undocumented-table'],
          ['card-issues', 'outdated-table'],
          ['card-readme', 'readme-analysis'],
        ] as const) {
          await openCard(page, card);
          await expect(page.getByTestId(ready)).toBeVisible();
          await page.waitForTimeout(400);
          await page.screenshot({ path: name(card.replace('card-', 'modal-')) });
          await page.keyboard.press('Escape');
          await expect(page.locator('.ant-modal-container')).toBeHidden();
        }
        await page.goto('/jobs?status=FAILED');
        await expect(page.getByTestId('jobs-no-match')).toBeVisible();
        await page.screenshot({ path: name('jobs-no-match') });
        await page.goto('/jobs');
        await expect(page.getByTestId('job-row').first()).toBeVisible();
        await page.screenshot({ path: name('jobs'), fullPage: true });
        await page.goto(`/jobs/${jobId}`);
        // the analysis log's {"programmingLanguages":…} line, expanded
        const toggle = page.locator('.dc-term__row--jsonline .dc-term__json-toggle').first();
        await expect(toggle).toBeVisible();
        await expect(page.getByTestId('job-log-state')).toBeVisible();
        await toggle.click();
        await expect(page.locator('.dc-term__row--jsonline .dc-term__json-toggle').first()).toHaveAttribute('aria-expanded', 'true');
        await page.waitForTimeout(400);
        await page.screenshot({ path: name('job-log') });
      }
    }
    expect(errors).toEqual([]);
  });
}
