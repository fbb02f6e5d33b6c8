import type { Page } from '@playwright/test';
import { expect, openPopup, openSelectList, test } from './fixtures.ts';
import { apiSession } from './support/flows.ts';

/**
 * The jobs page's Type filter offers every job type the server writes (the one list of
 * packages/contracts/src/job-types.ts, pull-request checks included), and each choice narrows
 * the list to the jobs of that type.
 */
const LABELS = [
  'Full analysis',
  'Documentation coverage',
  'Documentation issues',
  'README analysis',
  'Docstring generation',
  'Architecture docs',
  'API docs',
  'Pull-request check',
];

/** Escape closes the top layer; a hover tooltip would be that layer, so the pointer moves away first. */
async function pressEscape(page: Page) {
  await page.mouse.move(1, 1);
  await page.keyboard.press('Escape');
}

test('the jobs page filters by every job type, pull-request checks included', async ({ page, playwright, docent, gitRepos }) => {
  test.setTimeout(180_000);
  const request = await playwright.request.newContext({ baseURL: docent.url });
  const session = await apiSession(request, docent, { first: 'Grace', last: 'Hopper' });
  const headers = { Authorization: `Bearer ${session.token}` };

  await test.step('one job of each type, started through the API', async () => {
    const added = await request.post('/api/v1/git/repos', { headers, data: { url: gitRepos.calculatorUrl } });
    expect(added.status()).toBe(201);
    const repoId = ((await added.json()) as { id: string }).id;
    const gitRepo = { git_repo: { organization_name: 'acme', repo_name: 'calculator' }, vendor: 'GIT' };
    const starts = [
      request.post('/api/v1/git/analyze/repo', { headers, data: gitRepo }),
      ...['basicDoc', 'advancedDoc', 'readme'].map((type) => request.post(`/api/v1/git/analyze/repo/${type}`, { headers, data: gitRepo })),
      request.post('/api/v1/git/generate/repo/doc', { headers, data: { ...gitRepo, free_trial: true } }),
      request.post('/api/v1/git/generate/arch/doc', { headers, data: gitRepo }),
      request.post('/api/v1/git/generate/api/doc', { headers, data: gitRepo }),
      request.post('/api/v1/git/pull-request/insights', {
        headers,
        data: {
          repoId,
          vendor: 'github',
          number: 7,
          title: 'Add sub',
          headSha: '1'.repeat(40),
          baseSha: '2'.repeat(40),
          headRef: 'feature',
          baseRef: 'main',
        },
      }),
    ];
    for (const start of starts) {
      const res = await start;
      expect(res.status(), await res.text()).toBe(200);
    }
  });
  await request.dispose();

  await page.goto('/404');
  await page.evaluate((s) => {
    localStorage.setItem('accessToken', s.token);
    localStorage.setItem('user', JSON.stringify(s.user));
  }, session);
  await page.goto('/jobs');
  const rows = page.getByTestId('job-row');
  await expect(page.getByTestId('jobs-total')).toHaveText(`${LABELS.length} jobs`);
  await expect(rows).toHaveCount(LABELS.length);

  const filter = page.getByTestId('jobs-type-filter');
  await test.step('the Type filter lists every job type by its label', async () => {
    const list = await openPopup(filter, openSelectList(page));
    await expect(list.locator('.ant-select-item-option')).toHaveText(LABELS);
    await pressEscape(page);
  });

  for (const label of LABELS) {
    await test.step(`choosing "${label}" shows only its job`, async () => {
      const list = await openPopup(filter, openSelectList(page));
      await list
        .locator('.ant-select-item-option')
        .filter({ hasText: new RegExp(`^${label}$`) })
        .click();
      await pressEscape(page);
      await expect(filter).toContainText(label);
      await expect(page.getByTestId('jobs-total')).toHaveText('1 job');
      await expect(rows).toHaveCount(1);
      await expect(rows.getByTestId('job-type')).toHaveText(label);
      await filter.hover();
      await filter.locator('.ant-select-clear').click();
      await expect(rows).toHaveCount(LABELS.length);
    });
  }
});
