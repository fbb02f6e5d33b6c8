import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import RepositoryRoute from './RepositoryPage.tsx';
import { renderRoutes } from '../test/renderWithProviders.tsx';
import { fakeApi } from '../test/fakeApi.ts';
import { reloadSession, setSession } from '../auth/session.ts';
import { testUser } from '../test/fixtures.ts';

/** A missing repository shows only "Repository not found.". */
describe('RepositoryPage for a repository that does not exist', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    reloadSession();
  });

  it('shows the not-found state without the header, the logs button and the tabs', async () => {
    setSession('tok', testUser);
    fakeApi({
      '/app/github/get/repo': { status: 404, body: { detail: 'Repository not found.', code: 'NOT_FOUND' } },
      '/v1/user': { body: testUser },
    });
    renderRoutes(
      [{ path: '/repositories/:vendor/:orgName/:repoName/*', element: <RepositoryRoute /> }],
      '/repositories/GIT/local/missing/',
    );
    const state = await screen.findByTestId('repo-not-found-page');
    expect(within(state).getByText('Repository not found.')).toBeTruthy();
    expect(within(state).getByRole('link', { name: 'Back to repositories' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'missing' })).toBeNull();
    expect(screen.queryByTestId('open-terminal')).toBeNull();
    expect(screen.queryByRole('tab')).toBeNull();
  });
});

const azureRepo = {
  id: 'r1',
  repoName: 'web',
  organizationName: 'fabrikam',
  vendor: 'AZUREDEVOPS',
  planType: 'FREE',
  isPrivate: true,
  installationId: null,
  defaultBranch: 'main',
  gitAppMetaData: { siteUrl: null, analysisReport: {} },
  createdAt: '2026-01-01T00:00:00Z',
};

/** docs/spec-conformance.md §4/§5/§8: an Azure DevOps repository checks its PAT before an analysis and asks for one. */
describe('RepositoryPage: the Azure DevOps PAT prompt', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    reloadSession();
    localStorage.clear();
  });

  function open(patAnswers: { get: boolean; post: boolean }) {
    setSession('tok', testUser);
    const api = fakeApi({
      '/app/github/get/repo': { body: { planType: 'FREE', gitAppMetaData: azureRepo.gitAppMetaData, repository: azureRepo } },
      '/v1/user': { body: testUser },
      '/v1/azure/pat': (_url, init) =>
        init?.method === 'POST'
          ? { body: patAnswers.post ? { isValid: true, message: 'Azure Devops PAT verified successfully!' } : { isValid: false } }
          : { body: { isValid: patAnswers.get } },
      '/v1/git/analyze/repo': { body: { lroJobId: 41, message: 'Analysis started' } },
      '/v1/lro': { body: [] },
    });
    renderRoutes(
      [{ path: '/repositories/:vendor/:orgName/:repoName/*', element: <RepositoryRoute /> }],
      '/repositories/AZUREDEVOPS/fabrikam/web/',
    );
    return api;
  }

  it('without a stored PAT the analysis asks for one: empty and rejected PATs get the spec texts; cancelling says why', async () => {
    const api = open({ get: false, post: false });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('full-analysis'));
    const dialog = await screen.findByRole('dialog', { name: 'Azure DevOps personal access token' });
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText('Please enter a valid Personal Access Token')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Personal access token'), 'wrong-pat');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText("Invalid PAT. Please try again or check if the PAT has access to 'fabrikam'.")).toBeTruthy();
    const post = api.mock.calls.find(([u, init]) => String(u).startsWith('/api/v1/azure/pat') && init?.method === 'POST')!;
    expect((post[1]!.headers as Record<string, string>)['X-Azure-PAT']).toBe('wrong-pat');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Analysis cancelled: Azure DevOps credentials required')).toBeTruthy();
    expect(api.mock.calls.some(([u]) => String(u).startsWith('/api/v1/git/analyze/repo'))).toBe(false);
  });

  it('a PAT the server accepts starts the analysis', async () => {
    const api = open({ get: false, post: true });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('full-analysis'));
    const dialog = await screen.findByRole('dialog', { name: 'Azure DevOps personal access token' });
    await user.type(within(dialog).getByLabelText('Personal access token'), 'good-pat');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(api.mock.calls.some(([u, init]) => String(u) === '/api/v1/git/analyze/repo' && init?.method === 'POST')).toBe(true),
    );
  });
});

/** docs/spec-conformance.md §8: a detail fetch that fails is logged to the progress terminal as an error. */
describe('RepositoryPage: a failed detail fetch', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    reloadSession();
    localStorage.clear();
  });

  it('logs the README details failure to the progress terminal as an error line', async () => {
    setSession('tok', testUser);
    const report = { readmeAnalysis: { calculatedQualityScore: 54 } };
    const repo = {
      ...azureRepo,
      vendor: 'GIT',
      organizationName: 'acme',
      repoName: 'calc',
      gitAppMetaData: { siteUrl: null, analysisReport: report },
    };
    fakeApi({
      '/v1/git/analyze/repo/readme/details': { status: 500, body: { detail: 'The analysis store is unavailable.', code: 'INTERNAL' } },
      '/app/github/get/repo': { body: { planType: 'FREE', gitAppMetaData: repo.gitAppMetaData, repository: repo } },
      '/v1/user': { body: testUser },
      '/v1/lro': { body: [] },
    });
    renderRoutes([{ path: '/repositories/:vendor/:orgName/:repoName/*', element: <RepositoryRoute /> }], '/repositories/GIT/acme/calc/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open details: README quality score' }));
    const readme = await screen.findByRole('dialog', { name: 'README Analysis' });
    expect(await within(readme).findByText('The analysis store is unavailable.')).toBeTruthy();
    await user.click(within(readme).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByTestId('open-terminal'));
    const line = await screen.findByText('Failed to load the README analysis details: The analysis store is unavailable.');
    expect(line.closest('[class*="--error"]')).not.toBeNull();
  });
});
