import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { seriousViolations } from './a11y.ts';

/**
 * The checks of the screen walks (screens.spec.ts, repository-screens.spec.ts) on the screen as
 * it is: its theme applied, no serious WCAG 2 AA violation, nothing scrolls sideways; with
 * DOCENT_SCREENSHOTS set (`npm run screenshots`) also a picture under artifacts/screenshots/.
 *
 * Each screen is loaded once per width and checked in the light theme and English with every
 * rule, then switched to dark in place, the way a theme picked in another tab reaches it (layout
 * checked, picture taken), then to German the same way and checked with every rule: the dark
 * theme's colours and the German texts, and with them the layout (docs/decisions.md "Screen
 * walks check both themes in one load", "… and both languages").
 */
export const SCREENSHOTS = Boolean(process.env.DOCENT_SCREENSHOTS);
const OUT = path.resolve(import.meta.dirname, '../../artifacts/screenshots');
if (SCREENSHOTS) mkdirSync(OUT, { recursive: true });

export type ThemeName = 'light' | 'dark';
export type LanguageName = 'en' | 'de';

/** Turns the open page to `theme` without a reload, as a pick in another tab does. */
export async function switchTheme(page: Page, theme: ThemeName): Promise<void> {
  await page.evaluate((t) => {
    localStorage.setItem('theme', t);
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme' }));
  }, theme);
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  // antd's colour transitions (0.2–0.3 s) must end before axe reads the colours
  await page.waitForTimeout(400);
}

/**
 * Turns the open page to `language` without a reload, as a pick in another tab does: the texts
 * (i18n/index.ts loads the language's chunks first) and antd's locale.
 */
export async function switchLanguage(page: Page, language: LanguageName): Promise<void> {
  await page.evaluate((l) => {
    localStorage.setItem('language', l);
    window.dispatchEvent(new StorageEvent('storage', { key: 'language' }));
  }, language);
  // i18next sets the attribute once the language's texts are loaded
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  // React re-renders, antd's locale chunk arrives, popups re-measure their longer labels
  await page.waitForTimeout(400);
}

/**
 * The German half of a screen's walk, after its English checks (light: every rule; dark: layout):
 * switched to German while dark, every rule (colours in dark; text decides names, label
 * mismatches, and the longer words the layout). A language changes no colour and a theme no text,
 * so each rule meets both themes or both languages where they can change its outcome
 * (docs/decisions.md "Screen walks check both themes in one load"). The page stays German: the
 * next screen's load sets the language it wants. `file` is the picture's name stem
 * (`<screen>-<width>`).
 */
export async function checkGerman(page: Page, o: { name: string; file: string; fullPage: boolean }): Promise<void> {
  await switchLanguage(page, 'de');
  await checkScreen(page, { name: `${o.name} (de)`, file: `${o.file}-dark-de`, theme: 'dark', axe: 'all', fullPage: o.fullPage });
}

export interface CheckOptions {
  /** the screen's name in messages and picture file names */
  name: string;
  /** the picture's file name without `.png` */
  file: string;
  theme: ThemeName;
  /**
   * `all`: every WCAG 2 A/AA rule; `none`: layout only (English in dark, whose colours the German
   * check in dark reads; a width whose components the other widths already check)
   */
  axe: 'all' | 'none';
  fullPage: boolean;
}

export async function checkScreen(page: Page, o: CheckOptions): Promise<void> {
  await expect.soft(page.locator('html')).toHaveAttribute('data-theme', o.theme);
  if (o.axe !== 'none') {
    const violations = await seriousViolations(page);
    expect.soft(violations, `${o.name} (${o.theme}): no serious or critical WCAG 2 AA violations`).toEqual([]);
  }
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect.soft(overflow, `${o.name} (${o.theme}): no horizontal scrolling`).toBeLessThanOrEqual(0);
  if (SCREENSHOTS) await page.screenshot({ path: path.join(OUT, `${o.file}.png`), fullPage: o.fullPage });
}
