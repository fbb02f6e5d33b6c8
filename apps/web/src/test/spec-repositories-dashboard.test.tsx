import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Repository } from '@docent/contracts';
import RepositoriesPage from '../repositories/RepositoriesPage.tsx';
import { reloadSession, setSession } from '../auth/session.ts';
import { fakeApi } from './fakeApi.ts';
import { testRepository, testUser } from './fixtures.ts';
import { renderRoutes } from './renderWithProviders.tsx';

/**
 * The repositories dashboard (docs/spec-conformance.md §2 Repositories dashboard, §6 premium first): the toolbar, cards
 * grouped by organisation, a card's link, premium first and marked, the vendor filter and the search — on screen.
 */

const repos: Repository[] = [
  testRepository('zeta', 'acme', { vendor: 'GITHUB' }),
  testRepository('alpha', 'acme', { vendor: 'GITHUB' }),
  testRepository('gold', 'acme', { vendor: 'GITHUB', planType: 'PREMIUM' }),
  testRepository('web', 'zed', { vendor: 'GITLAB', planType: 'PRO' }),
  testRepository('api', 'zed', { vendor: 'GITLAB' }),
];

function open() {
  setSession('tok', testUser);
  fakeApi({
    '/app/github/list': { body: repos },
    '/v1/vendors/connections': {
      body: [{ vendor: 'GITHUB', organization: 'acme', login: 'ada', baseUrl: null, status: 'no_status', message: '', lastSyncedAt: null }],
    },
    '/git/': { body: { status: 'no_status', message: '' } },
    '/v1/user': { body: testUser },
  });
  return renderRoutes([{ path: '/repositories', element: <RepositoriesPage /> }], '/repositories');
}

const groups = () =>
  screen.getAllByTestId('org-group').map((g) => [
    g.getAttribute('data-org'),
    within(g)
      .getAllByTestId('repo-card')
      .map((c) => c.getAttribute('data-repo')),
  ]);

// the file's first render loads antd (10–20 s on a loaded 2-core machine): more than the web default of 20 s
vi.setConfig({ testTimeout: 60_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  reloadSession();
  localStorage.clear();
});

describe('repositories dashboard (docs/spec-conformance.md §2, §6)', () => {
  it('has a search box, Sync All, the connect-more control and a vendor filter dropdown', async () => {
    open();
    expect(await screen.findByRole('textbox', { name: 'Search repositories' })).toBeTruthy();
    const syncAll = screen.getByTestId('sync-all');
    expect(syncAll.textContent).toBe('Sync All');
    // one vendor is connected: Sync All is usable
    await waitFor(() => expect(syncAll.hasAttribute('disabled')).toBe(false));
    expect(screen.getByTestId('connect-more')).toBeTruthy();
    const filter = screen.getByRole('combobox', { name: 'Filter by vendor' });
    expect(within(screen.getByTestId('vendor-filter')).getByText('All vendors')).toBeTruthy();
    expect(filter).toBeTruthy();
  });

  it('groups the cards by organisation; premium (PREMIUM, PRO) first and marked, the rest by name; a card links to /repositories/{vendor}/{org}/{repo}', async () => {
    open();
    await waitFor(() => expect(screen.getAllByTestId('repo-card')).toHaveLength(5));
    expect(groups()).toEqual([
      ['acme', ['gold', 'alpha', 'zeta']],
      ['zed', ['web', 'api']],
    ]);
    const card = (name: string) => screen.getAllByTestId('repo-card').find((c) => c.getAttribute('data-repo') === name)!;
    expect(card('gold').className).toContain('dc-repo-card--premium');
    expect(within(card('gold')).getByText('Premium')).toBeTruthy();
    expect(within(card('web')).getByText('Pro')).toBeTruthy();
    expect(card('alpha').className).not.toContain('dc-repo-card--premium');
    expect(card('alpha').getAttribute('href')).toBe('/repositories/GITHUB/acme/alpha');
    expect(card('web').getAttribute('href')).toBe('/repositories/GITLAB/zed/web');
  });

  it('the vendor filter shows only that vendor’s cards; the search narrows them by name', async () => {
    open();
    await waitFor(() => expect(screen.getAllByTestId('repo-card')).toHaveLength(5));
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(screen.getByRole('combobox', { name: 'Filter by vendor' }));
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent?.trim() === 'GitLab');
      if (!found) throw new Error('no GitLab option yet');
      return found;
    });
    await user.click(option);
    await waitFor(() => expect(groups()).toEqual([['zed', ['web', 'api']]]));
    await user.type(screen.getByRole('textbox', { name: 'Search repositories' }), 'ap');
    await waitFor(() => expect(groups()).toEqual([['zed', ['api']]]));
  });
});
