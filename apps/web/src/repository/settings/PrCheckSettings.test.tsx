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
