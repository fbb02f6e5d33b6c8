import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { PRICE_FULL_REPO, PRICE_PRO_MONTHLY } from '@docent/contracts';
import { useCheckout } from './checkout.ts';
import { fakeApi } from '../test/fakeApi.ts';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
    <MemoryRouter>
      <AntApp>{children}</AntApp>
    </MemoryRouter>
  </QueryClientProvider>
);

const paypalOnly = { paypal: true, cashfree: false, test: false };

/** A stand-in for the tab window.open returns: its location and close are what the checkout touches. */
function fakeTab() {
  const location = { href: 'about:blank' };
  const close = vi.fn();
  const tab = Object.create(window) as Window;
  Object.defineProperty(tab, 'location', { value: location });
  Object.defineProperty(tab, 'close', { value: close });
  const open = vi.spyOn(window, 'open').mockImplementation(() => tab);
  return { location, close, open };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** docs/spec-conformance.md §7: a USD payment goes to PayPal, whose approval page opens in a new tab. */
describe('useCheckout through PayPal', () => {
  it('opens a tab before the request and sends it to the approval_url of GET /paypal/checkout (product and repository)', async () => {
    const tab = fakeTab();
    const api = fakeApi({
      '/paypal/checkout': { body: { approval_url: 'https://www.sandbox.paypal.com/checkoutnow?token=EC-1', payment_id: 'p1' } },
    });
    const { result } = renderHook(() => useCheckout(paypalOnly), { wrapper });
    act(() => result.current.mutate({ product: PRICE_FULL_REPO, currency: 'USD', repoId: 'r7' }));
    await waitFor(() => expect(tab.location.href).toBe('https://www.sandbox.paypal.com/checkoutnow?token=EC-1'));
    expect(tab.open).toHaveBeenCalledWith('about:blank', '_blank');
    // opened before the request, not when the answer comes: a tab opened later would be a blocked popup
    expect(tab.open.mock.invocationCallOrder[0]).toBeLessThan(api.mock.invocationCallOrder[0]!);
    expect(String(api.mock.calls[0]![0])).toBe(`/api/paypal/checkout?product_id=${PRICE_FULL_REPO}&repo_ids=r7`);
    expect(tab.close).not.toHaveBeenCalled();
  });

  it('closes the tab again when the checkout is refused', async () => {
    const tab = fakeTab();
    fakeApi({ '/paypal/checkout': { status: 502, body: { detail: 'PayPal did not answer.', code: 'UPSTREAM' } } });
    const { result } = renderHook(() => useCheckout(paypalOnly), { wrapper });
    act(() => result.current.mutate({ product: PRICE_PRO_MONTHLY, currency: 'USD' }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('about:blank');
  });
});
