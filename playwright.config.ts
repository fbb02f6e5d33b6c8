import { defineConfig } from '@playwright/test';

/**
 * Browser tests against the real server (started per worker by e2e/fixtures.ts) serving the
 * built web app; `npm run test:e2e` builds apps/web first. Chromium is Debian's.
 */
export default defineConfig({
  testDir: 'e2e',
  // Walks that only take pictures for people to look at run with `npm run screenshots`
  // (docs/decisions.md "Screenshot walks").
  grepInvert: process.env.DOCENT_SCREENSHOTS ? undefined : /@screenshots/,
  outputDir: 'test-results',
  // One worker: on the 2-core CI machine two workers made every test about twice as slow (the
  // browser and the server are CPU-bound), gained no time and turned a layout walk flaky
  // (docs/decisions.md "Browser test workers").
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // One retry: a test that passes only on its second try is reported as flaky in the list, and
  // a test that fails twice fails the run (docs/decisions.md "Browser test retries").
  retries: 1,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    timezoneId: 'UTC',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
});
