import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import RepositoryRoute from './RepositoryPage.tsx';
import { renderRoutes } from '../test/renderWithProviders.tsx';
import { fakeApi } from '../test/fakeApi.ts';
import { reloadSession, setSession } from '../auth/session.ts';
import { testUser } from '../test/fixtures.ts';

class NoResize {
  observe() {}
  unobserve() {}
  disconnect() {}
}

/** Issue 16 item 10: a missing repository shows only "Repository not found.". */
describe('RepositoryPage for a repository that does not exist', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    reloadSession();
  });

  it('shows the not-found state without the header, the logs button and the tabs', async () => {
    setSession('tok', testUser);
    vi.stubGlobal('ResizeObserver', NoResize);
    fakeApi({
      '/app/github/get/repo': { status: 404, body: { detail: 'Repository not found.', code: 'NOT_FOUND' } },
      '/v1/user': { body: testUser },
    });
    renderRoutes([{ path: '/repositories/:vendor/:orgName/:repoName/*', element: <RepositoryRoute /> }], '/repositories/GIT/local/missing/');
    const state = await screen.findByTestId('repo-not-found-page');
    expect(within(state).getByText('Repository not found.')).toBeTruthy();
    expect(within(state).getByRole('link', { name: 'Back to repositories' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'missing' })).toBeNull();
    expect(screen.queryByTestId('open-terminal')).toBeNull();
    expect(screen.queryByRole('tab')).toBeNull();
  });
});
