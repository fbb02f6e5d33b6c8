import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { ProviderButtons } from './ProviderButtons.tsx';
import { renderRoutes } from '../test/renderWithProviders.tsx';
import { testUser } from '../test/fixtures.ts';
import { reloadSession, setSession } from './session.ts';

function configured(ids: string[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ providers: ids.map((id) => ({ id, label: id })) }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
}

describe('ProviderButtons', () => {
  beforeEach(() => reloadSession());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('shows a button only for the providers the server configured', async () => {
    configured(['github', 'google']);
    renderRoutes(
      [{ path: '*', element: <ProviderButtons providers={['github', 'bitbucket', 'gitlab', 'azure']} onSignedIn={() => {}} /> }],
      '/auth/login',
    );
    expect(await screen.findByRole('button', { name: 'Continue with GitHub' })).toBeTruthy();
    expect(screen.queryByTestId('provider-bitbucket')).toBeNull();
    expect(screen.queryByTestId('provider-google')).toBeNull(); // configured, but not a login button
  });

  it('opens a 600×600 popup and, checking every 500 ms, signs in once it closed with a session', async () => {
    configured(['github']);
    const popup = { closed: false };
    const open = vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
    const onSignedIn = vi.fn();
    renderRoutes([{ path: '*', element: <ProviderButtons providers={['github']} onSignedIn={onSignedIn} /> }], '/auth/sign-up');
    const button = await screen.findByRole('button', { name: 'Continue with GitHub' });
    vi.useFakeTimers();
    fireEvent.click(button);
    const [url, name, features] = open.mock.calls[0] as [string, string, string];
    expect(url).toBe('/api/oauth/github/login');
    expect(name).toBe('docent-oauth-github');
    expect(features).toMatch(/width=600,height=600/);

    await act(async () => vi.advanceTimersByTime(1500));
    expect(onSignedIn).not.toHaveBeenCalled();
    // the callback page in the popup stores the session, then closes the popup
    localStorage.setItem('accessToken', 'from-popup');
    localStorage.setItem('user', JSON.stringify(testUser));
    popup.closed = true;
    await act(async () => vi.advanceTimersByTime(499));
    expect(onSignedIn).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1));
    expect(onSignedIn).toHaveBeenCalledWith('from-popup');
  });

  it('GitLab, Bitbucket and Azure DevOps sign in through their install paths, keeping the current URL query', async () => {
    configured(['github', 'gitlab', 'bitbucket', 'azure']);
    const open = vi.spyOn(window, 'open').mockImplementation(() => ({ closed: false }) as unknown as Window);
    renderRoutes(
      [{ path: '*', element: <ProviderButtons providers={['github', 'gitlab', 'bitbucket', 'azure']} onSignedIn={() => {}} /> }],
      '/auth/login?state=%2Frepositories&ref=mail',
    );
    for (const name of ['GitHub', 'GitLab', 'Bitbucket', 'Azure DevOps']) {
      fireEvent.click(await screen.findByRole('button', { name: `Continue with ${name}` }));
    }
    expect(open.mock.calls.map((c) => c[0])).toEqual([
      '/api/oauth/github/login?state=%2Frepositories&ref=mail',
      '/api/v1/gitlab/install?state=%2Frepositories&ref=mail',
      '/api/v2/bitbucket/install?state=%2Frepositories&ref=mail',
      '/api/v1/azure/install?state=%2Frepositories&ref=mail',
    ]);
  });

  it('signs in when the session arrives even if the popup was cut off from this window', async () => {
    configured(['gitlab']);
    vi.spyOn(window, 'open').mockImplementation(() => ({ closed: false }) as unknown as Window);
    const onSignedIn = vi.fn();
    renderRoutes([{ path: '*', element: <ProviderButtons providers={['gitlab']} onSignedIn={onSignedIn} /> }], '/auth/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with GitLab' }));
    expect(onSignedIn).not.toHaveBeenCalled();
    // what the storage event from the popup does
    act(() => setSession('via-storage', testUser));
    expect(onSignedIn).toHaveBeenCalledWith('via-storage');
  });

  it('a popup closed without signing in changes nothing', async () => {
    configured(['bitbucket']);
    const popup = { closed: false };
    vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
    const onSignedIn = vi.fn();
    renderRoutes([{ path: '*', element: <ProviderButtons providers={['bitbucket']} onSignedIn={onSignedIn} /> }], '/auth/login');
    const button = await screen.findByRole('button', { name: 'Continue with Bitbucket' });
    vi.useFakeTimers();
    fireEvent.click(button);
    popup.closed = true;
    await act(async () => vi.advanceTimersByTime(1000));
    expect(onSignedIn).not.toHaveBeenCalled();
  });
});
