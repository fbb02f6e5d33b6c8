import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '../auth/session.ts';
import { fakeApi } from '../test/fakeApi.ts';
import { testUser } from '../test/fixtures.ts';
import { renderRoutes } from '../test/renderWithProviders.tsx';
import '../i18n/index.ts';
import CouponsPage from './CouponsPage.tsx';

const coupons = Array.from({ length: 6 }, (_, i) => ({
  coupon_code: `DOC-${i}`,
  coupon_type: 'REFERRAL',
  amount: 5,
  currency: 'INR',
  is_used: i > 3,
  used_at: i > 3 ? '2026-01-01T00:00:00Z' : null,
  coupon_state: i === 5 ? 'PAYMENT_COMPLETE' : i === 4 ? 'PAYMENT_PENDING' : 'PAYMENT_ACTIVE',
}));

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('CouponsPage', () => {
  it('shows the summary in the first coupon currency and pages the table at 5', async () => {
    setSession('t', testUser);
    fakeApi({
      '/v1/coupon/get/all': { body: coupons },
      '/v1/user/referred': { body: { referralLink: 'http://x/auth/sign-up?ref=1', users: [] } },
    });
    renderRoutes([{ path: '/redeem-coupon', element: <CouponsPage /> }], '/redeem-coupon');
    await waitFor(() =>
      expect(screen.getByTestId('coupon-summary').textContent).toBe('To redeem: ₹20.00 · Pending: ₹10.00 · Earned: ₹5.00'),
    );
    await waitFor(() => expect(screen.getAllByText(/^DOC-\d$/)).toHaveLength(5));
    expect(document.querySelector('.ant-pagination')).not.toBeNull();
  });

  it("says 'Failed to get coupons data.' when the list fails, and warns and opens the add-email modal for an invalid email", async () => {
    setSession('t', { ...testUser, email: { name: 'not-an-email' } });
    fakeApi({
      '/v1/coupon/get/all': { status: 500, body: { detail: 'boom' } },
      '/v1/user/referred': { body: { referralLink: '', users: [] } },
    });
    renderRoutes([{ path: '/redeem-coupon', element: <CouponsPage /> }], '/redeem-coupon');
    expect(await screen.findByText('Failed to get coupons data.')).toBeTruthy();
    expect(screen.getByText('Add a valid email address to redeem coupons.')).toBeTruthy();
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });
});
