import { describe, expect, it } from 'vitest';
import { couponSummary, RedeemRequest, type Coupon } from './coupons.ts';

const c = (amount: number, is_used: boolean, coupon_state: Coupon['coupon_state'], currency: Coupon['currency'] = 'INR'): Coupon => ({
  coupon_code: 'X',
  coupon_type: 'REFERRAL',
  amount,
  currency,
  is_used,
  used_at: null,
  coupon_state,
});

describe('couponSummary', () => {
  it('sums unused, used and completed coupons in the first coupon currency', () => {
    expect(
      couponSummary([
        c(5, false, 'PAYMENT_ACTIVE'),
        c(2.5, false, 'PAYMENT_ACTIVE'),
        c(10, true, 'PAYMENT_PENDING'),
        c(1.1, true, 'PAYMENT_COMPLETE'),
      ]),
    ).toEqual({ toRedeem: 7.5, pending: 11.1, earned: 1.1, currency: 'INR' });
  });
  it('is zero in USD without coupons', () => {
    expect(couponSummary([])).toEqual({ toRedeem: 0, pending: 0, earned: 0, currency: 'USD' });
  });
});

describe("RedeemRequest: the coupon code's validation", () => {
  it('takes name@handle for UPI and an email for Amazon Pay', () => {
    expect(RedeemRequest.safeParse({ redeem_type: 'UPI', redeem_id: 'ada@okaxis' }).success).toBe(true);
    expect(RedeemRequest.safeParse({ redeem_type: 'UPI', redeem_id: 'ada.okaxis' }).error?.issues[0]?.message).toBe('Not a valid UPI ID');
    expect(RedeemRequest.safeParse({ redeem_type: 'AMAZON', redeem_id: 'ada@example.com' }).success).toBe(true);
    expect(RedeemRequest.safeParse({ redeem_type: 'AMAZON', redeem_id: 'ada@okaxis' }).error?.issues[0]?.message).toBe(
      'Not a valid Email Id',
    );
  });
});
