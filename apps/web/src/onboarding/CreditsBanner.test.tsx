import { act, fireEvent, render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@docent/contracts';
import { testUser } from '../test/fixtures.ts';
import { CreditsBanner } from './CreditsBanner.tsx';
import { creditsBannerKey } from './onboarding.ts';
import { preloadAlert } from '../shell/LazyAlert.tsx';

// the notice's Alert loads on first use (shell/LazyAlert.tsx); here it is there from the start
beforeAll(() => preloadAlert());

function renderBanner(user: User) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AntApp>
        <CreditsBanner user={user} />
      </AntApp>
    </QueryClientProvider>,
  );
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(
    async () => new Response(JSON.stringify({ ...testUser, countRepoGen: 5, creditsBannerDismissed: true }), { status: 200 }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('CreditsBanner: a success banner when countRepoGen exceeds 4, once per user', () => {
  it('is shown above 4 credits and not at 4', () => {
    const { unmount } = renderBanner({ ...testUser, countRepoGen: 4 });
    expect(screen.queryByTestId('credits-banner')).toBeNull();
    unmount();
    renderBanner({ ...testUser, countRepoGen: 5 });
    const banner = screen.getByTestId('credits-banner');
    expect(banner.textContent).toContain('You have 5 full-repository documentation runs left.');
    expect(banner.className).toContain('ant-alert-success');
  });

  it('dismissing hides it and records it on the server and for this user in the browser', async () => {
    renderBanner({ ...testUser, countRepoGen: 7 });
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await act(async () => {});
    expect(screen.queryByTestId('credits-banner')).toBeNull();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect([url, init.method]).toEqual(['/api/v1/user/credits-banner/dismiss', 'POST']);
    expect(localStorage.getItem(creditsBannerKey(testUser.id))).toBe('true');
  });

  it("is not shown once dismissed, by the server flag or this user's browser flag, but is for another user", () => {
    const { unmount } = renderBanner({ ...testUser, countRepoGen: 9, creditsBannerDismissed: true });
    expect(screen.queryByTestId('credits-banner')).toBeNull();
    unmount();
    localStorage.setItem(creditsBannerKey(testUser.id), 'true');
    const second = renderBanner({ ...testUser, countRepoGen: 9 });
    expect(screen.queryByTestId('credits-banner')).toBeNull();
    second.unmount();
    renderBanner({ ...testUser, id: 'u2', countRepoGen: 9 });
    expect(screen.getByTestId('credits-banner')).toBeTruthy();
  });
});
