import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Repository } from '@docent/contracts';
import RepositoriesPage from './RepositoriesPage.tsx';
import RepositoryRoute from '../repository/RepositoryPage.tsx';
import { reloadSession, setSession } from '../auth/session.ts';
import { fakeApi } from '../test/fakeApi.ts';
import { testRepository, testUser } from '../test/fixtures.ts';
import { renderRoutes } from '../test/renderWithProviders.tsx';

/**
 * The repositories dashboard's empty states (docs/spec-conformance.md §2: 'Connect Vendors', 'Repository not found!')
 * and the repository page's §8 'Failed to fetch repository languages' — docs/spec-conformance.md.
 */
const repo = testRepository;

afterEach(() => {
  vi.unstubAllGlobals();
  reloadSession();
  localStorage.clear();
});

describe('repositories dashboard empty states (docs/spec-conformance.md §2)', () => {
  const open = (repos: Repository[]) => {
    setSession('tok', testUser);
    fakeApi({ '/app/github/list': { body: repos }, '/v1/vendors/connections': { body: [] }, '/v1/user': { body: testUser } });
    renderRoutes([{ path: '/repositories', element: <RepositoriesPage /> }], '/repositories');
  };

  it("without repositories or vendors: the empty state titled 'Connect Vendors'", async () => {
    open([]);
    const empty = await screen.findByTestId('connect-vendors');
    expect(empty.querySelector('h2')!.textContent).toBe('Connect Vendors');
    expect(screen.queryByText('Repository not found!')).toBeNull();
  });

  it("a search that matches nothing says 'Repository not found!'; a match shows its card", async () => {
    open([repo('calc', 'acme'), repo('web', 'zed')]);
    const search = await screen.findByRole('textbox', { name: 'Search repositories' });
    await screen.findByText('calc');
    fireEvent.change(search, { target: { value: 'nothing-like-this' } });
    expect(await screen.findByText('Repository not found!')).toBeTruthy();
    expect(screen.queryByText('calc')).toBeNull();
    fireEvent.change(search, { target: { value: 'calc' } });
    await waitFor(() => expect(screen.queryByText('Repository not found!')).toBeNull());
    expect(screen.getByText('calc')).toBeTruthy();
    expect(screen.queryByTestId('connect-vendors')).toBeNull();
  });
});

describe("repository page: 'Failed to fetch repository languages' (docs/spec-conformance.md §8)", () => {
  it('a failed language call of an analysed repository shows the spec text', async () => {
    setSession('tok', testUser);
    const r = repo('calc', 'acme');
    r.gitAppMetaData = { siteUrl: null, analysisReport: { programmingLanguages: { Python: 100 } } };
    fakeApi({
      '/app/github/get/repo': { body: { planType: 'FREE', gitAppMetaData: r.gitAppMetaData, repository: r } },
      '/v1/user': { body: testUser },
      '/v1/git/repo/language': { status: 500, body: { detail: 'boom' } },
      '/v1/lro': { body: [] },
    });
    renderRoutes([{ path: '/repositories/:vendor/:orgName/:repoName/*', element: <RepositoryRoute /> }], '/repositories/GIT/acme/calc/');
    // the page makes six calls before this one: give a loaded machine time
    expect(await screen.findByText('Failed to fetch repository languages', undefined, { timeout: 10_000 })).toBeTruthy();
  });
});
