import type { Page } from '@playwright/test';
import { expect, openPopup, test } from './fixtures.ts';
import { apiSession, type Session } from './support/flows.ts';

/**
 * docs/spec-conformance.md §9 sizes measured in Chromium: the
 * sidebar is 260 px on desktop, 80 px collapsed on tablets and 0 on phones, switching exactly at
 * the md (768) and lg (992) breakpoints; its footer shows the plan label and v1.2.0; the
 * analysis terminal dialog is 500 px tall and 800 px wide; German night-mode times read 20:00.
 */

async function openAt(page: Page, session: Session, path: string, width: number) {
  await page.setViewportSize({ width, height: 800 });
  await page.goto('/404');
  await page.evaluate((s) => {
    localStorage.clear();
    localStorage.setItem('accessToken', s.token);
    localStorage.setItem('user', JSON.stringify(s.user));
  }, session);
  await page.goto(path);
}

const sidebarWidth = (page: Page) => page.getByTestId('sidebar').evaluate((el) => Math.round(el.getBoundingClientRect().width));

test('sidebar widths at the breakpoints, its footer, and the terminal dialog size', async ({ page, playwright, docent, gitRepos }) => {
  const request = await playwright.request.newContext({ baseURL: docent.url });
  const session = await apiSession(request, docent, { first: 'Grace', last: 'Hopper' });

  await test.step('sidebar: 260 from lg (992), 80 from md (768), 0 below', async () => {
    const widths: Array<[number, number]> = [];
    for (const width of [1920, 1280, 992, 991, 768, 767, 568, 360]) {
      await openAt(page, session, '/repositories', width);
      await expect(page.getByTestId('connect-vendors')).toBeVisible();
      // the sider animates its width: wait until it settles
      await expect.poll(() => sidebarWidth(page)).toBe(width >= 992 ? 260 : width >= 768 ? 80 : 0);
      widths.push([width, await sidebarWidth(page)]);
    }
    expect(widths).toEqual([
      [1920, 260],
      [1280, 260],
      [992, 260],
      [991, 80],
      [768, 80],
      [767, 0],
      [568, 0],
      [360, 0],
    ]);
  });

  await test.step('sidebar footer: the plan label (Free plan without a paid plan) and v1.2.0', async () => {
    await openAt(page, session, '/repositories', 1280);
    const footer = page.getByTestId('sidebar-footer');
    await expect(footer).toContainText('Free plan');
    await expect(footer).toContainText('v1.2.0');
  });

  await test.step('the analysis terminal dialog is 500 px tall and 800 px wide', async () => {
    const add = await request.post('/api/v1/git/repos', {
      headers: { authorization: `Bearer ${session.token}` },
      data: { url: gitRepos.calculatorUrl },
    });
    expect(add.status()).toBe(201);
    const repo = (await add.json()) as { organizationName: string; repoName: string };
    await openAt(page, session, `/repositories/GIT/${repo.organizationName}/${repo.repoName}/`, 1280);
    await page.getByTestId('open-terminal').click();
    const body = page.getByTestId('analysis-terminal-body');
    await expect(body).toBeVisible();
    expect(await body.evaluate((el) => (el as HTMLElement).offsetHeight)).toBe(500);
    // offsetWidth ignores the opening zoom animation
    expect(
      await page
        .getByRole('dialog')
        .filter({ has: body })
        .evaluate((el) => (el as HTMLElement).offsetWidth),
    ).toBe(800);
  });

  await test.step('German shows the night-mode times on 24 hours (20:00, not 08:00 PM), English with AM/PM', async () => {
    const times = () =>
      Promise.all(
        ['night-start', 'night-end'].map((id) =>
          page.getByTestId(id).evaluate((el) => (el instanceof HTMLInputElement ? el : el.querySelector('input'))?.value ?? ''),
        ),
      );
    await openAt(page, session, '/repositories', 1280);
    await openPopup(
      page.getByRole('button', { name: 'Settings' }),
      page.locator('.ant-popover').filter({ has: page.getByTestId('settings-panel') }),
    );
    await page.getByTestId('settings-panel').getByText('Deutsch', { exact: true }).click();
    await page.getByTestId('settings-panel').getByRole('switch', { name: 'Nachtmodus' }).click();
    await expect.poll(times).toEqual(['20:00', '08:00']);
    await expect(page.getByTestId('settings-panel')).toContainText('Dunkel von 20:00 bis 08:00, sonst hell.');
    await page.getByTestId('settings-panel').getByText('English', { exact: true }).click();
    await expect.poll(times).toEqual(['8:00 PM', '8:00 AM']);
  });
  await request.dispose();
});
