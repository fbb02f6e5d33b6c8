import type { Locator, Page } from '@playwright/test';
import { expect, openPopup, openSelectList, test, uniqueEmail } from './fixtures.ts';

/**
 * The repository and job screens in a real browser, against the real server, cloning
 * from a real git daemon on 127.0.0.1. The figures asserted below are computed by hand in
 * e2e/support/fixture-repos.ts.
 */

async function signUp(page: Page) {
  await page.goto('/auth/sign-up');
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Email').fill(uniqueEmail('grace'));
  await page.getByLabel('Password', { exact: true }).fill('Analytical1');
  await page.getByLabel('Confirm password').fill('Analytical1');
  await page.getByRole('checkbox').check(); // the Terms box starts unticked
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/repositories$/);
}

async function addRepo(page: Page, url: string) {
  const dialog = page.getByRole('dialog', { name: 'Add a repository by git URL' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Git URL').fill(url);
  await dialog.getByRole('button', { name: 'Add repository' }).click();
  await expect(dialog).toBeHidden();
}

/** Escape closes the top layer; a hover tooltip would be that layer, so the pointer moves away first. */
async function pressEscape(page: Page) {
  await page.mouse.move(1, 1);
  await page.keyboard.press('Escape');
}

/** The texts of the terminal rows currently rendered (the list is virtualised). */
function rowTexts(terminal: Locator) {
  return terminal.locator('.dc-term__row .dc-term__text');
}

test('add a repository by git URL, analyse it, read every card and modal, stop a second analysis, find the jobs', async ({
  page,
  gitRepos,
  context,
}) => {
  test.setTimeout(240_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));

  await test.step('sign up lands on the Connect Vendors empty state', async () => {
    await signUp(page);
    await expect(page.getByTestId('connect-vendors')).toContainText('Connect Vendors');
  });

  await test.step('a bad URL is refused with the server reason', async () => {
    await page.getByTestId('add-repo-empty').click();
    const dialog = page.getByRole('dialog', { name: 'Add a repository by git URL' });
    await dialog.getByLabel('Git URL').fill('file:///etc/passwd');
    await dialog.getByRole('button', { name: 'Add repository' }).click();
    await expect(dialog.getByTestId('add-repo-error')).toContainText('scheme is not allowed');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  await test.step('add acme/calculator by its git:// URL; it is grouped under acme', async () => {
    await page.getByTestId('add-repo-empty').click();
    await addRepo(page, gitRepos.calculatorUrl);
    const group = page.getByTestId('org-group').filter({ has: page.getByRole('link', { name: 'acme' }) });
    await expect(group).toBeVisible();
    await expect(group.getByTestId('repo-card')).toHaveCount(1);
    await expect(group.getByTestId('repo-card')).toContainText('calculator');
    await expect(group).toContainText('1 repository');
  });

  await test.step('search narrows the list; no match says Repository not found!', async () => {
    await page.getByTestId('repo-search').fill('nothing-like-this');
    await expect(page.getByTestId('repo-not-found')).toContainText('Repository not found!');
    await page.getByTestId('repo-search').fill('calc');
    await expect(page.getByTestId('repo-card')).toHaveCount(1);
  });

  await test.step('open it: tabs Dashboard and All Jobs, every card empty with its button', async () => {
    await page.getByTestId('repo-card').click();
    await expect(page).toHaveURL(/\/repositories\/GIT\/acme\/calculator$/);
    await expect(page.getByRole('tab', { name: 'Dashboard' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('card-functions').getByRole('button', { name: 'Analyze Repository' })).toBeVisible();
    await expect(page.getByTestId('card-languages').getByRole('button', { name: 'Analyze Languages' })).toBeVisible();
    await expect(page.getByTestId('card-issues').getByRole('button', { name: 'Find Issues' })).toBeVisible();
    await expect(page.getByTestId('card-readme').getByRole('button', { name: 'Score README' })).toBeVisible();
    await expect(page.getByTestId('full-analysis')).toBeVisible();
    await expect(page.getByTestId('upgrade-button')).toBeVisible();
  });

  const terminal = page.getByTestId('analysis-terminal');
  await test.step('Analyze Repository: the terminal shows live log lines and progress, then Complete!', async () => {
    await page.getByTestId('card-functions').getByRole('button', { name: 'Analyze Repository' }).click();
    await expect(terminal).toBeVisible();
    await expect(rowTexts(terminal).filter({ hasText: /^git clone git:\/\/127\.0\.0\.1:\d+\/acme\/calculator\.git$/ })).toHaveCount(1, {
      timeout: 30_000,
    });
    await expect(page.getByTestId('analysis-terminal-percent')).toHaveText(/^\d+%$/);
    await expect(rowTexts(terminal).filter({ hasText: /^Complete!$/ })).toHaveCount(1, { timeout: 90_000 });
    await expect(terminal.locator('.dc-term__row--complete')).toContainText('Complete!');
    await expect(page.getByTestId('analysis-terminal-percent')).toHaveText('100%');
    await expect(rowTexts(terminal).filter({ hasText: 'Functions: 3 of 5 documented' })).toHaveCount(1);
    await expect(page.getByTestId('analysis-state')).toHaveText('Complete');
    // Escape closes the modal.
    await pressEscape(page);
    await expect(terminal).toBeHidden();
  });

  await test.step('the cards show the analyzer numbers for the fixture repository', async () => {
    await expect(page.getByTestId('functions-bar-count')).toHaveText('3 / 5');
    await expect(page.getByTestId('functions-bar-percent')).toHaveText('60.0%');
    const legend = page.getByTestId('languages-legend');
    await expect(legend.locator('li')).toHaveText(['Python91.1%', 'JavaScript8.9%']);
    await expect(page.getByTestId('issues-outdated-count')).toHaveText('1 / 3');
    await expect(page.getByTestId('issues-outdated-percent')).toHaveText('33.3%');
    await expect(page.getByTestId('issues-urgent-count')).toHaveText('1 / 5');
    await expect(page.getByTestId('issues-urgent-percent')).toHaveText('20.0%');
    await expect(page.getByTestId('readme-score')).toHaveText('54');
    await expect(page.getByTestId('readme-bar')).toHaveAttribute('data-band', 'amber');
    // Health = 0.6 × (1 − 0.5 × 1/3) × 50 + 54/100 × 20 + 0.6 × 30 = 25 + 10.8 + 18 = 53.8 → 54
    await expect(page.getByTestId('health-score')).toHaveText('54');
    await expect(page.getByTestId('health-label')).toHaveText('Needs Improvement');
    const items = page.getByTestId('action-items').locator('li');
    await expect(items).toHaveCount(3);
    await expect(items.nth(0)).toHaveAttribute('data-priority', 'high');
    await expect(items.nth(0)).toContainText('Document 2 undocumented functions (40.0% of all functions).');
    await expect(items.nth(1)).toHaveAttribute('data-priority', 'medium');
    await expect(items.nth(2)).toHaveAttribute('data-priority', 'high');
    await expect(page.getByTestId('full-analysis')).toHaveCount(0);
  });

  await test.step('function coverage modal: sortable, searchable lists', async () => {
    await page.getByTestId('card-functions').click();
    const modal = page.getByRole('dialog', { name: 'Function coverage' });
    await expect(modal.getByRole('tab', { name: 'Undocumented (2)' })).toBeVisible();
    const undocumented = modal.getByTestId('undocumented-table');
    await expect(undocumented.locator('tbody tr.ant-table-row code')).toHaveText(['greet', 'classify']);
    await undocumented.getByRole('columnheader', { name: 'Function' }).click();
    await expect(undocumented.locator('tbody tr.ant-table-row code')).toHaveText(['classify', 'greet']);
    await undocumented.getByLabel('Search functions or files').fill('gre');
    await expect(undocumented.locator('tbody tr.ant-table-row code')).toHaveText(['greet']);
    await modal.getByRole('tab', { name: 'Documented (3)' }).click();
    await expect(modal.getByTestId('documented-table').locator('tbody tr.ant-table-row code')).toHaveText(['add', 'scale', 'double']);
    await pressEscape(page);
    await expect(modal).toBeHidden();
  });

  await test.step('documentation issues modal: outdated entries, review suggestions (a separate list, body-only changes apart), and the urgent one', async () => {
    await page.getByTestId('card-issues').click();
    const modal = page.getByRole('dialog', { name: 'Function documentation issues' });
    const outdated = modal.getByTestId('outdated-table');
    await expect(modal.getByRole('tab', { name: 'Outdated (1)' })).toBeVisible();
    await expect(outdated.locator('tbody tr.ant-table-row')).toHaveCount(1);
    await expect(outdated.locator('tbody tr.ant-table-row')).toContainText('scale');
    await expect(outdated.locator('tbody tr.ant-table-row')).toContainText(
      "The docstring documents 'timeout', which the signature does not have.",
    );
    // add's body changed in the second commit, after its docstring, to use `sum`, which the doc names as code:
    // not outdated, and no contract change either — a body-only change, listed apart below the review list as a
    // hint (docs/decisions.md "Body-change suggestions shown apart").
    await modal.getByRole('tab', { name: 'To review (0)' }).click();
    await expect(modal.getByTestId('review-table').locator('tbody tr.ant-table-row')).toHaveCount(0);
    await expect(modal.getByRole('heading', { name: 'Changed since documented (1)' })).toBeVisible();
    const changed = modal.getByTestId('body-changed-table');
    await expect(changed.locator('tbody tr.ant-table-row code')).toHaveText(['add']);
    await expect(changed.locator('tbody tr.ant-table-row')).toContainText(
      /Changed in [0-9a-f]{7} \(2025-02-01\), after the docstring was last updated \(2025-01-01\): the body changed\./,
    );
    await modal.getByRole('tab', { name: 'Urgent (1)' }).click();
    await expect(modal.getByTestId('urgent-table').locator('tbody tr.ant-table-row code')).toHaveText(['classify']);
    await expect(modal.getByTestId('urgent-table').locator('tbody tr.ant-table-row')).toContainText('High · 11');
    await pressEscape(page);
  });

  await test.step('README Analysis modal: every figure and the suggestions tab', async () => {
    await page.getByTestId('card-readme').click();
    const modal = page.getByRole('dialog', { name: 'README Analysis' });
    await expect(modal.getByTestId('readme-banner')).toContainText('Quality score 54/100 · Average');
    await expect(modal.getByTestId('stat-words')).toContainText('26');
    await expect(modal.getByTestId('stat-lines')).toContainText('7');
    await expect(modal.getByTestId('stat-reading')).toContainText('under 1 min');
    await expect(modal.getByTestId('stat-reading')).toHaveAttribute('title', '7.8 s');
    for (const id of ['stat-sentence', 'stat-links', 'stat-grammar', 'stat-llm', 'stat-flesch', 'stat-fk', 'stat-smog'])
      await expect(modal.getByTestId(id)).toBeVisible();
    await expect(modal.getByTestId('stat-links')).toContainText('0');
    await expect(modal.getByTestId('readme-recommendations')).toContainText(
      'Add more content: the README has 26 words; aim for at least 300.',
    );
    // One list: the missing sections first, each recommendation once, in the interface language.
    await expect(modal.getByTestId('readme-recommendations').locator('li')).toHaveText([
      'Add an Installation section.',
      'Add a License section.',
      'Add a Contributing section.',
      'Add more content: the README has 26 words; aim for at least 300.',
      /^Improve clarity: the interpretation score is \d+ out of 100\./,
    ]);
    await modal.getByRole('tab', { name: 'Suggested Improvements' }).click();
    const suggestion = modal.getByTestId('readme-suggestion');
    // A real improvement from pyproject.toml, as a diff with its reason; nothing invented.
    await expect(suggestion.getByTestId('readme-changes').locator('li')).toHaveText([
      'Adds an Installation section with the install commands pyproject.toml implies.',
    ]);
    await expect(suggestion.getByTestId('readme-diff').locator('.dc-rdiff__line--add')).toHaveText([
      '+',
      '+## Installation',
      '+',
      '+```sh',
      '+pip install calculator',
      '+```',
    ]);
    await expect(suggestion.getByTestId('readme-diff').locator('.dc-rdiff__line--remove')).toHaveCount(0);
    const [download] = await Promise.all([page.waitForEvent('download'), suggestion.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toBe('README.md');
    await pressEscape(page);
  });

  await test.step('the terminal keeps its messages across a reload, and copies them', async () => {
    await page.reload();
    await page.getByTestId('open-terminal').click();
    await expect(rowTexts(terminal).filter({ hasText: /^Complete!$/ })).toHaveCount(1);
    await terminal.getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByText('Terminal content copied to clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('Functions: 3 of 5 documented');
    await pressEscape(page);
  });

  let bigJobId = 0;
  await test.step('a second, larger analysis is stopped from the terminal', async () => {
    await page.goto('/repositories');
    await page.getByTestId('add-repo').click();
    await addRepo(page, gitRepos.bigUrl);
    await page.getByTestId('repo-card').filter({ hasText: 'bigrepo' }).click();
    await expect(page).toHaveURL(/\/acme\/bigrepo$/);
    gitRepos.bigGate.hold(); // its clone now hangs: the job is running when Stop is pressed
    await page.getByTestId('full-analysis').click();
    await expect(terminal).toBeVisible();
    await expect(rowTexts(terminal).first()).toBeVisible();
    bigJobId = Number(/Job #(\d+)/.exec((await terminal.locator('.dc-term__name').textContent()) ?? '')?.[1]);
    expect(bigJobId).toBeGreaterThan(0);
    await terminal.getByRole('button', { name: 'Stop' }).click();
    const confirm = page.getByRole('dialog', { name: 'Terminate Process' });
    await expect(confirm).toContainText('Are you sure you want to stop this process? This action cannot be undone.');
    await confirm.getByRole('button', { name: 'Stop' }).click();
    await expect(rowTexts(terminal).filter({ hasText: 'Attempting to terminate job...' })).toHaveCount(1);
    await expect(rowTexts(terminal).filter({ hasText: 'Job termination requested. It may take a moment to complete.' })).toHaveCount(1);
    // docs/spec-conformance.md §4: a CANCELLED job prints 'Complete!' as a terminated line.
    await expect(terminal.locator('.dc-term__row--terminated')).toContainText('Complete!', { timeout: 60_000 });
    await expect(page.getByTestId('analysis-state')).toHaveText('Cancelled');
    gitRepos.bigGate.release();
    // Escape goes to the top layer: wait until the confirmation has finished closing.
    await expect(confirm).toBeHidden();
    await pressEscape(page);
    await expect(terminal).toBeHidden();
  });

  await test.step('All Jobs tab (path /lro): the job shows Cancelled', async () => {
    await page.getByRole('tab', { name: 'All Jobs' }).click();
    await expect(page).toHaveURL(/\/acme\/bigrepo\/lro$/);
    const row = page
      .getByTestId('repo-jobs')
      .getByTestId('job-row')
      .filter({ hasText: String(bigJobId) });
    await expect(row.getByTestId('job-state')).toHaveText('Cancelled');
    await row.getByRole('button', { name: 'Logs' }).click();
    const log = page.getByTestId('job-terminal');
    await expect(rowTexts(log).filter({ hasText: 'Job CANCELLED: Cancelled by user' })).toHaveCount(1);
    await expect(log.getByRole('button', { name: 'Stop' })).toBeDisabled();
    await pressEscape(page);
    await page.getByRole('tab', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/acme\/bigrepo\/$/);
  });

  await test.step('/jobs: filters and search narrow the list; a row opens /jobs/{id}; closing returns to /jobs with the filters', async () => {
    await page.goto('/jobs');
    await expect(page.getByRole('heading', { name: 'All Jobs', exact: true })).toBeVisible();
    const rows = page.getByTestId('job-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('acme/bigrepo');
    await expect(rows.first().getByTestId('job-state')).toHaveText('Cancelled');

    // The option list animates in: chosen only once it is fully open (a click during the
    // animation was lost under load), then the filter must show the choice.
    const statuses = await openPopup(page.getByTestId('jobs-status-filter'), openSelectList(page));
    await statuses
      .locator('.ant-select-item-option')
      .filter({ hasText: /^Cancelled$/ })
      .click();
    await pressEscape(page);
    await expect(page.getByTestId('jobs-status-filter')).toContainText('Cancelled');
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText('acme/bigrepo');
    await page.getByTestId('jobs-status-filter').hover();
    await page.getByTestId('jobs-status-filter').locator('.ant-select-clear').click();
    await expect(rows).toHaveCount(2);

    await page.getByTestId('jobs-search').fill('calculator');
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText('acme/calculator');
    await expect(page.getByTestId('jobs-total')).toHaveText('1 job');

    // the search is kept in the URL: the log's URL carries it, closing returns to it
    await expect(page).toHaveURL(/\/jobs\?q=calculator$/);
    await rows.first().click();
    await expect(page).toHaveURL(/\/jobs\/\d+\?q=calculator$/);
    const log = page.getByTestId('job-terminal');
    await expect(rowTexts(log).filter({ hasText: 'Job COMPLETE: Analysis complete' })).toHaveCount(1);
    await pressEscape(page);
    await expect(page).toHaveURL(/\/jobs\?q=calculator$/);
    await expect(page.getByTestId('jobs-search')).toHaveValue('calculator');
  });

  await test.step('a 100,000-line log scrolls and searches (virtualised)', async () => {
    const jobId = bigJobId;
    // The log itself is served by intercepting GET /api/v1/lro/logs/{id}: 100,000 wire lines;
    // the job's status comes from the real server.
    const lines = Array.from({ length: 100_000 }, (_, i) =>
      i === 99_999
        ? `ERROR::2026-01-01T00:00:00.000Z::Job CANCELLED: Cancelled by user`
        : `${i % 1000 === 0 ? 'WARNING' : 'INFO'}::2026-01-01T00:00:00.000Z::line ${i + 1}${i % 1000 === 0 ? ' needle' : ''}`,
    );
    await page.route(`**/api/v1/lro/logs/${jobId}`, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(lines) }),
    );
    await page.goto(`/jobs/${jobId}`);
    const log = page.getByTestId('job-terminal');
    await expect(page.getByTestId('job-terminal-count')).toHaveText('100,000 lines');
    expect(await log.locator('.dc-term__row').count()).toBeLessThan(100);
    // Follow mode starts at the bottom: the last line is on screen.
    await expect(log.locator('.dc-term__row[data-line="100000"]')).toBeVisible();
    // Scrolling up pauses following.
    await log.getByTestId('job-terminal-body').evaluate((el) => el.scrollTo({ top: 20 * 50_000 }));
    await expect(log.locator('.dc-term__row[data-line="50001"]')).toBeVisible();
    await expect(log.getByTestId('job-terminal-follow')).toHaveAttribute('aria-pressed', 'false');
    await log.getByLabel('Search the log').fill('needle');
    await expect(log.getByTestId('job-terminal-matches')).toHaveText('1 of 100');
    await log.getByRole('button', { name: 'Next match' }).click();
    await log.getByRole('button', { name: 'Next match' }).click();
    await expect(log.getByTestId('job-terminal-matches')).toHaveText('3 of 100');
    await expect(log.locator('.dc-term__row.is-current')).toHaveAttribute('data-line', '2001');
    await expect(log.locator('.dc-term__row.is-current')).toContainText('line 2001 needle');
    // Fullscreen; Escape leaves fullscreen first, then closes.
    await log.getByRole('button', { name: 'Fullscreen' }).click();
    await expect(page.locator('.dc-term--fullscreen')).toBeVisible();
    await pressEscape(page);
    await expect(page.locator('.dc-term--fullscreen')).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/jobs/${jobId}$`));
    await pressEscape(page);
    await expect(page).toHaveURL(/\/jobs$/);
    await page.unroute(`**/api/v1/lro/logs/${jobId}`);
  });

  await test.step('remove a repository: confirmed, gone from the list, its jobs kept, the other repository untouched', async () => {
    await page.goto('/repositories/GIT/acme/bigrepo/');
    await page.getByTestId('remove-repo').click();
    const dialog = page.getByRole('dialog', { name: 'Remove acme/bigrepo?' });
    await expect(dialog).toContainText('This cannot be undone.');
    await dialog.getByRole('button', { name: 'Remove repository' }).click();
    await expect(page).toHaveURL(/\/repositories$/);
    await expect(page.getByText('acme/bigrepo was removed')).toBeVisible();
    await expect(page.getByRole('link', { name: 'calculator' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'bigrepo' })).toHaveCount(0);
    await page.goto('/jobs');
    await expect(page.getByTestId('job-row')).toHaveCount(2);
  });

  expect(errors).toEqual([]);
});
