import { expect, type Page } from '@playwright/test';
import { seriousViolations } from './a11y.ts';

/**
 * A Swagger UI page as Docent serves it (docs/decisions.md, "Swagger UI themed for WCAG AA"):
 * loaded in the colour scheme asked for, its first operations opened (parameters, samples); then
 * axe (serious/critical) and the page's width.
 */
export async function swaggerProblems(page: Page, dark: boolean): Promise<string[]> {
  // Swagger UI follows the system's colour scheme (its own toggle sits in the top bar Docent hides).
  await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
  await page.reload();
  await page.locator('.swagger-ui .info').waitFor({ timeout: 30_000 });
  const toggles = page.locator('.opblock-summary-control');
  for (let i = 0; i < Math.min(2, await toggles.count()); i++) {
    const toggle = toggles.nth(i);
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  }
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  return [...(await seriousViolations(page)), ...(overflow > 0 ? [`horizontal overflow of ${overflow} px`] : [])];
}
