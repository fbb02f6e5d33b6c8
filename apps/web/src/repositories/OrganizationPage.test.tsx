import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Repository } from '@docent/contracts';
import OrganizationPage from './OrganizationPage.tsx';
import { renderRoutes } from '../test/renderWithProviders.tsx';
import { fakeApi } from '../test/fakeApi.ts';
import { reloadSession, setSession } from '../auth/session.ts';
import { testUser } from '../test/fixtures.ts';

const repo = (repoName: string, organizationName: string, vendor: Repository['vendor']): Repository => ({
  id: `${vendor}/${organizationName}/${repoName}`,
  repoName,
  organizationName,
  vendor,
  planType: 'FREE',
  isPrivate: false,
  installationId: null,
  defaultBranch: 'main',
  gitAppMetaData: { siteUrl: null, analysisReport: {} },
  createdAt: '2026-01-01T00:00:00Z',
});

const routes = [{ path: '/repositories/:vendor/:orgName', element: <OrganizationPage /> }];

function serve(repos: Repository[]) {
  setSession('tok', testUser);
  fakeApi({
    '/app/github/list': (url) => ({
      body: repos.filter((r) => !url.searchParams.get('orgName') || r.organizationName === url.searchParams.get('orgName')),
    }),
    '/v1/vendors/connections': { body: [] },
  });
}

describe('OrganizationPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    reloadSession();
  });

  it('an unknown organisation shows a not-found state, not an empty organisation page', async () => {
    serve([repo('demo', 'local', 'GIT')]);
    renderRoutes(routes, '/repositories/GIT/doesnotexist');
    const state = await screen.findByTestId('org-not-found');
    expect(within(state).getByText('Organisation not found.')).toBeTruthy();
    expect(within(state).getByRole('link', { name: 'Back to repositories' }).getAttribute('href')).toBe('/repositories');
    expect(screen.queryByRole('heading', { name: 'doesnotexist' })).toBeNull();
    expect(screen.queryByPlaceholderText('Search repositories')).toBeNull();
  });

  it('a known organisation lists its cards; the subtitle names the vendor the filter shows', async () => {
    serve([repo('demo', 'acme', 'GIT'), repo('web', 'acme', 'GITHUB')]);
    renderRoutes(routes, '/repositories/GIT/acme');
    await screen.findAllByTestId('repo-card');
    expect(screen.getByText('Repositories of this organisation on Git.')).toBeTruthy();
    const cards = () => screen.queryAllByTestId('repo-card').map((c) => c.getAttribute('data-repo'));
    expect(cards()).toEqual(['demo']);
    // the vendor filter set to GitHub: GitHub's card, and the subtitle says GitHub
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const filter = screen.getByRole('combobox', { name: 'Filter by vendor' });
    await user.click(filter);
    // 'GitHub' may also be on a card: wait for the one inside the opened dropdown. A click that
    // lands while the page still renders can leave the dropdown closed (a CI run on 2 cores): the
    // wait opens it again with a mouse-down and a click on the select
    const option = await waitFor(() => {
      const found = screen.queryAllByText('GitHub').find((el) => el.closest('.ant-select-item-option'));
      if (found) return found;
      if (!document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')) {
        fireEvent.mouseDown(filter);
        fireEvent.click(filter);
      }
      throw new Error('no GitHub option yet');
    });
    await user.click(option);
    expect(await screen.findByText('Repositories of this organisation on GitHub.')).toBeTruthy();
    expect(screen.queryByText('Repositories of this organisation on Git.')).toBeNull();
    expect(cards()).toEqual(['web']);
  });
});
