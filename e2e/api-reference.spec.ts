import { expect, test } from './fixtures.ts';
import { swaggerProblems } from './support/swagger.ts';

/**
 * The API's own reference (/api/docs, Swagger UI) reads like every other screen: axe 0
 * serious/critical and no horizontal overflow, 1280 px light and 360 px dark, with operations
 * open (docs/decisions.md, "Swagger UI themed for WCAG AA").
 */
for (const [width, dark] of [
  [1280, false],
  [360, true],
] as const) {
  test(`API reference at ${width} px, ${dark ? 'dark' : 'light'}: no serious accessibility violation, no overflow`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/api/docs/');
    expect(await swaggerProblems(page, dark)).toEqual([]);
    // the dark run measured Swagger UI's dark theme, not the light one on a dark system
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark-mode'))).toBe(dark);
  });
}
