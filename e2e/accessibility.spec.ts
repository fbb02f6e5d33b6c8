import AxeBuilder from '@axe-core/playwright';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { analyseCalculatorByApi, apiSession, type Session } from './support/flows.ts';

/**
 * Every route in both themes, both languages, at 1280 and 360 px: 0 serious or critical axe
 * violations (WCAG 2.0 and 2.1, A and AA, and the experimental label-in-name rule) and nothing
 * scrolling sideways. One browser page walks all of them; the routes with data (a repository
 * analysed, a Code Docs patch, architecture docs in every format) are prepared once through the API.
 */

/** Serious and critical violations, one line per offending node (at most 3 per rule). */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes
        .slice(0, 3)
        .map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1, 2).join(' ').trim() ?? ''}`),
    );
}

interface Route {
  name: string;
  path: string | ((jobId: number) => string);
  signedIn: boolean;
  /** something that proves the screen rendered, in either language */
  ready: (page: Page) => ReturnType<Page['locator']>;
  prepare?: (page: Page) => Promise<void>;
}

const REPO = '/repositories/GIT/acme/calculator/';
/** a repository Code Docs writes docstrings for (thin wrappers of a documented function): its patch and diff */
const WRAPPERS = '/repositories/GIT/acme/wrappers/';
const WRAPPER_FILES: Record<string, string> = {
  'lib/ok.py':
    'def fetch(item_id, limit=10):\n    """Fetch an item.\n\n    Args:\n        item_id: The item\'s database key.\n        limit: How many related rows to load.\n    """\n    print(item_id, limit)\n',
  'lib/use.py': ['from lib.ok import fetch', 'def get_item(item_id, limit=10):\n    return fetch(item_id, limit)\n'].join('\n\n'),
};
/** `A11Y_SCREENSHOTS=1`: a full-page picture of every route, for people to look at */
const OUT = path.resolve(import.meta.dirname, '../artifacts/screenshots');

const ROUTES: Route[] = [
  { name: 'login', path: '/auth/login', signedIn: false, ready: (p) => p.locator('form button[type=submit]') },
  { name: 'sign-up', path: '/auth/sign-up', signedIn: false, ready: (p) => p.locator('form button[type=submit]') },
  { name: 'forgot-password', path: '/auth/forgot-password', signedIn: false, ready: (p) => p.locator('form button[type=submit]') },
  { name: 'security-code', path: '/auth/security-code?email=ada%40example.com', signedIn: false, ready: (p) => p.locator('.ant-otp') },
  {
    name: 'new-password',
    path: '/auth/new-password?email=ada%40example.com&code=123456',
    signedIn: false,
    ready: (p) => p.locator('form button[type=submit]'),
  },
  { name: 'not-found', path: '/no/such/page', signedIn: false, ready: (p) => p.locator('.ant-result') },
  { name: 'server-error', path: '/server-error', signedIn: false, ready: (p) => p.locator('.ant-result') },
  { name: 'repositories', path: '/repositories', signedIn: true, ready: (p) => p.getByTestId('org-group') },
  { name: 'organization', path: '/repositories/GIT/acme', signedIn: true, ready: (p) => p.getByTestId('repo-card').first() },
  { name: 'repository', path: REPO, signedIn: true, ready: (p) => p.getByTestId('insights') },
  { name: 'repository-code-docs', path: WRAPPERS, signedIn: true, ready: (p) => p.getByTestId('docs-diff') },
  {
    name: 'repository-arch-docs',
    path: REPO,
    signedIn: true,
    ready: (p) => p.getByTestId('docset-result-arch'),
    prepare: async (p) => {
      await p.getByTestId('doc-tools').getByRole('tab').nth(1).click();
    },
  },
  {
    name: 'coverage-modal',
    path: REPO,
    signedIn: true,
    ready: (p) => p.getByTestId('coverage-modal'),
    prepare: async (p) => {
      await expect(p.getByTestId('card-functions')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
      await p.getByTestId('card-functions').click();
    },
  },
  {
    name: 'issues-modal',
    path: REPO,
    signedIn: true,
    ready: (p) => p.getByTestId('outdated-table'),
    prepare: async (p) => {
      await expect(p.getByTestId('card-issues')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
      await p.getByTestId('card-issues').click();
    },
  },
  {
    name: 'readme-modal',
    path: REPO,
    signedIn: true,
    ready: (p) => p.getByTestId('readme-analysis'),
    prepare: async (p) => {
      await expect(p.getByTestId('card-readme')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
      await p.getByTestId('card-readme').click();
    },
  },
  { name: 'repository-jobs', path: `${REPO}lro`, signedIn: true, ready: (p) => p.getByTestId('job-row').first() },
  { name: 'repository-settings', path: `${REPO}settings`, signedIn: true, ready: (p) => p.locator('main form, main section').first() },
  { name: 'jobs', path: '/jobs', signedIn: true, ready: (p) => p.getByTestId('job-row').first() },
  {
    name: 'job-log',
    path: (id) => `/jobs/${id}`,
    signedIn: true,
    ready: (p) => p.getByTestId('job-terminal').locator('.dc-term__row').first(),
  },
  { name: 'api-keys', path: '/docent-api-keys', signedIn: true, ready: (p) => p.locator('main h1, main h2').first() },
  { name: 'coupons', path: '/redeem-coupon', signedIn: true, ready: (p) => p.getByTestId('coupon-summary') },
  { name: 'profile', path: '/profile', signedIn: true, ready: (p) => p.getByTestId('profile-side-panel') },
  { name: 'personal-info', path: '/profile/personal-info', signedIn: true, ready: (p) => p.locator('form button[type=submit]') },
  { name: 'security-settings', path: '/profile/security-settings', signedIn: true, ready: (p) => p.locator('form').first() },
  { name: 'payments', path: '/profile/payments', signedIn: true, ready: (p) => p.locator('.ant-table, .ant-empty').first() },
  { name: 'transactions', path: '/profile/transactions', signedIn: true, ready: (p) => p.locator('.ant-table, .ant-empty').first() },
  { name: 'upgrade-plan', path: '/profile/upgrade-plan', signedIn: true, ready: (p) => p.getByTestId('plan-pro') },
];

/** Code Docs (Try Free) and architecture docs in every format for acme/calculator, through the API; the Code Docs job. */
async function prepareDocs(request: APIRequestContext, session: Session): Promise<number> {
  const headers = { Authorization: `Bearer ${session.token}` };
  const git_repo = { organization_name: 'acme', repo_name: 'calculator' };
  const code = await request.post('/api/v1/git/generate/repo/doc', {
    headers,
    data: { git_repo: { organization_name: 'acme', repo_name: 'wrappers' }, vendor: 'GIT', free_trial: true },
  });
  expect(code.status()).toBe(200);
  const codeJob = ((await code.json()) as { lroJobId: number }).lroJobId;
  const arch = await request.post('/api/v1/git/generate/arch/doc', {
    headers,
    data: {
      git_repo,
      vendor: 'GIT',
      arch_doc_config: {
        hostDocumentation: true,
        generatePdf: true,
        generateMd: true,
        generateHtml: true,
        generateRst: true,
        generateXml: true,
        generateRtf: true,
      },
    },
  });
  expect(arch.status()).toBe(200);
  const archJob = ((await arch.json()) as { lroJobId: number }).lroJobId;
  for (const id of [codeJob, archJob])
    await expect
      .poll(async () => ((await (await request.get(`/api/v1/lro/${id}/status`, { headers })).json()) as { state: string }).state, {
        timeout: 180_000,
      })
      .toBe('COMPLETE');
  return codeJob;
}

let prepared: { session: Session; analysisJob: number; codeJob: number } | null = null;

test.beforeAll(async ({ playwright, docent, gitRepos }) => {
  test.setTimeout(300_000);
  const request = await playwright.request.newContext({ baseURL: docent.url });
  const session = await apiSession(request, docent, { first: 'Ada', last: 'Lovelace' });
  await gitRepos.daemon.addRepo('acme', 'wrappers', WRAPPER_FILES);
  const headers = { Authorization: `Bearer ${session.token}` };
  expect((await request.post('/api/v1/git/repos', { headers, data: { url: gitRepos.daemon.url('acme', 'wrappers') } })).status()).toBe(201);
  const analysisJob = await analyseCalculatorByApi(request, session, [gitRepos.calculatorUrl]);
  const wrappers = await request.post('/api/v1/git/analyze/repo', {
    headers,
    data: { git_repo: { repo_name: 'wrappers', organization_name: 'acme' }, vendor: 'GIT' },
  });
  expect(wrappers.status()).toBe(200);
  const codeJob = await prepareDocs(request, session);
  await request.dispose();
  prepared = { session, analysisJob, codeJob };
});

// One test per width, theme and language (`--grep "360px dark de"` runs one); a page walks every route.
for (const width of [1280, 360]) {
  for (const theme of ['light', 'dark'] as const) {
    for (const language of ['en', 'de'] as const) {
      test(`every route at ${width}px ${theme} ${language}: no serious or critical axe violation, no sideways scrolling`, async ({
        page,
      }) => {
        test.setTimeout(300_000);
        const { session, analysisJob, codeJob } = prepared!;
        await page.setViewportSize({ width, height: width < 768 ? 780 : 820 });
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        await page.goto('/404');
        // A11Y_ROUTES=name,name: only these routes (while fixing one screen)
        const only = process.env.A11Y_ROUTES?.split(',');
        for (const route of ROUTES.filter((r) => !only || only.includes(r.name))) {
          const label = `${route.name} ${width}px ${theme} ${language}`;
          await test.step(label, async () => {
            await page.evaluate(
              ([t, l, s, job]) => {
                localStorage.setItem('theme', t);
                localStorage.setItem('language', l);
                // the Code Docs card shows the patch of the job it remembers (apps/web/src/terminal/storage.ts)
                localStorage.setItem('terminal:acme/wrappers/docs-repo:job', String(job));
                if (s) {
                  localStorage.setItem('accessToken', s.token);
                  localStorage.setItem('user', JSON.stringify(s.user));
                } else {
                  localStorage.removeItem('accessToken');
                  localStorage.removeItem('user');
                }
              },
              [theme, language, route.signedIn ? session : null, codeJob] as const,
            );
            await page.goto(typeof route.path === 'string' ? route.path : route.path(analysisJob));
            // a route that cannot be prepared is reported, and the walk goes on
            await route.prepare?.(page).catch((e: unknown) => expect.soft(String(e), `${label}: prepared`).toBe(''));
            await expect.soft(route.ready(page), `${label}: rendered`).toBeVisible({ timeout: 30_000 });
            await expect.soft(page.locator('html')).toHaveAttribute('data-theme', theme);
            await expect.soft(page.locator('html')).toHaveAttribute('lang', language);
            await page.mouse.move(1, 1);
            // antd's enter animations end before axe measures colours
            await page.waitForTimeout(300);
            await page
              .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), null, { timeout: 5_000 })
              .catch(() => undefined);
            expect.soft(await violations(page), `${label}: no serious or critical violations`).toEqual([]);
            const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
            expect.soft(overflow, `${label}: no horizontal scrolling`).toBeLessThanOrEqual(0);
            if (process.env.A11Y_SCREENSHOTS)
              await page.screenshot({ path: path.join(OUT, `a11y-${route.name}-${width}-${theme}-${language}.png`), fullPage: true });
          });
        }
        expect(errors).toEqual([]);
      });
    }
  }
}
