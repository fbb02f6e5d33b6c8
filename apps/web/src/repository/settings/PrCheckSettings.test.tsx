import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi } from '../../test/fakeApi.ts';
import { renderRoutes } from '../../test/renderWithProviders.tsx';
import { PrCheckSettings } from './PrCheckSettings.tsx';

const REPO = '6f1c3a52-8a47-4c2e-9f7e-2b1d7f3c9a10';

afterEach(() => vi.unstubAllGlobals());

describe('PrCheckSettings', () => {
  it('is off by default; switching it on saves the threshold with PUT', async () => {
    const api = fakeApi({
      '/v1/git/pull-request/settings': (_url, init) =>
        init?.method === 'PUT' ? { body: JSON.parse(String(init.body)) as object } : { body: { failUnder: null } },
    });
    renderRoutes([{ path: '/', element: <PrCheckSettings repoId={REPO} /> }], '/');
    expect(await screen.findByText('Off: the check always passes and only reports.')).toBeTruthy();
    const save = screen.getByTestId('pr-check-save');
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByTestId('pr-check-enabled'));
    fireEvent.change(screen.getByRole('spinbutton'), { target: { value: '75' } });
    await waitFor(() => expect(screen.getByTestId('pr-check-save').hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByTestId('pr-check-save'));
    await screen.findByText('On: the check fails under 75 % of changed functions documented.');
    const put = api.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put![1]!.body))).toEqual({ repoId: REPO, failUnder: 75 });
  });

  it('shows the server refusal as a toast', async () => {
    fakeApi({
      '/v1/git/pull-request/settings': (_url, init) =>
        init?.method === 'PUT'
          ? { status: 404, body: { detail: 'Repository not found.', code: 'NOT_FOUND' } }
          : { body: { failUnder: 60 } },
    });
    renderRoutes([{ path: '/', element: <PrCheckSettings repoId={REPO} /> }], '/');
    expect(await screen.findByText('On: the check fails under 60 % of changed functions documented.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('pr-check-enabled'));
    fireEvent.click(screen.getByTestId('pr-check-save'));
    expect(await screen.findByText('Repository not found.')).toBeTruthy();
  });
});

describe('PrCheckResults (the latest checks, kept in Docent)', () => {
  const check = {
    vendor: 'git',
    number: null,
    title: 'feature/pow',
    headRef: 'feature/pow',
    baseRef: 'main',
    headSha: 'ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12',
    jobId: 42,
    checkedAt: '2026-11-27T01:30:00.000Z',
    coverage: 50,
    changedFunctions: 2,
    documented: 1,
    outdated: 1,
    suggestions: 0,
    brokenLinks: 0,
    state: 'failure',
  };

  it("lists a plain-git branch's check with its coverage, outdated docs, verdict and job log; a pull request by number", async () => {
    fakeApi({
      '/v1/git/pull-request/settings': { body: { failUnder: 80 } },
      '/v1/git/pull-request/checks': {
        body: { checks: [check, { ...check, vendor: 'github', number: 7, title: 'Add pow', outdated: 0, state: 'success', jobId: null }] },
      },
    });
    renderRoutes([{ path: '/', element: <PrCheckSettings repoId={REPO} plainGit /> }], '/');
    expect(await screen.findByText(/every branch its post-receive hook reports is checked against the default branch/)).toBeTruthy();
    const items = await screen.findAllByTestId('pr-check-result');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Branch feature/pow → main');
    expect(items[0]!.textContent).toContain('ab12cd3 · 50 % documented (1 of 2 changed functions) · 1 doc made outdated');
    expect(items[0]!.textContent).toContain('Failed');
    expect(items[0]!.querySelector('a')!.getAttribute('href')).toBe('/jobs/42');
    expect(items[1]!.textContent).toContain('#7 Add pow');
    expect(items[1]!.textContent).toContain('Passed');
    expect(items[1]!.querySelector('a')).toBeNull();
  });

  it('says so when nothing was checked yet', async () => {
    fakeApi({
      '/v1/git/pull-request/settings': { body: { failUnder: null } },
      '/v1/git/pull-request/checks': { body: { checks: [] } },
    });
    renderRoutes([{ path: '/', element: <PrCheckSettings repoId={REPO} /> }], '/');
    expect(await screen.findByText('No pull request has been checked yet.')).toBeTruthy();
  });
});
