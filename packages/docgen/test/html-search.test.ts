import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDocs } from '../src/docs.ts';

/** The HTML doc set in Chromium: links resolve, the search finds sections, no console error. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const hasChromium = fs.existsSync(CHROMIUM);
if (!hasChromium && process.env.CI) throw new Error(`Chromium is missing at ${CHROMIUM}`);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'html-search-'));
const out = path.join(dir, 'out');
const write = (rel: string, text: string): void => {
  fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  fs.writeFileSync(path.join(dir, rel), text);
};
write(
  'src/server.js',
  "const express = require('express');\nconst app = express();\n/** Lists the invoices of a customer. */\nfunction listInvoices(req, res) {}\napp.get('/invoices', listInvoices);\nmodule.exports.listInvoices = listInvoices;\napp.listen(3000);\n",
);
write('src/billing/tax.js', '/** Computes the value added tax. */\nexports.vatOf = function vatOf(amount) { return amount * 0.2; };\n');

let browser: Browser;
beforeAll(async () => {
  if (!hasChromium) return;
  fs.mkdirSync(out, { recursive: true });
  for (const d of await generateDocs(dir, 'api', ['html'], { name: 'billing' })) fs.writeFileSync(path.join(out, d.name), d.content);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe.runIf(hasChromium)('HTML in Chromium', () => {
  it('every page link resolves to a file of the set; the search box finds a function and leads to its page; no console error', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`file://${path.join(out, 'api.html')}`);
    const hrefs = await page.$$eval('a[href]', (as) => as.map((a) => a.getAttribute('href')!));
    expect(hrefs).toEqual(expect.arrayContaining(['api-http.html', 'api-m-src-billing.html']));
    for (const h of hrefs) expect(fs.existsSync(path.join(out, h.split('#')[0]!)), h).toBe(true);
    await page.fill('#docent-search input', 'vatOf');
    const result = page.locator('.docent-results a').first();
    await expect.poll(async () => result.getAttribute('href')).toBe('api-m-src-billing.html#srcbillingtaxjs');
    await result.click();
    await page.waitForURL(/api-m-src-billing\.html/);
    expect(await page.textContent('body')).toContain('Computes the value added tax.');
    await page.fill('#docent-search input', 'zzzzqqq');
    await expect.poll(async () => page.locator('.docent-results li').first().textContent()).toBe('No result');
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});
