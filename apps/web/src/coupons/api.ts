import type { Coupon, RedeemAnswer, ReferredAnswer, RedeemType } from '@docent/contracts';
import { apiRequest } from '../api/client.ts';

/** docs/spec-conformance.md §7 coupon calls, and the referral list. */
export const couponsApi = {
  all: () => apiRequest<Coupon[]>('/v1/coupon/get/all'),
  redeem: (redeem_type: RedeemType, redeem_id: string) =>
    apiRequest<RedeemAnswer>('/v1/coupon/redeem', { json: { redeem_type, redeem_id } }),
  referred: (userId: string) => apiRequest<ReferredAnswer>(`/v1/user/referred?${new URLSearchParams({ user_id: userId })}`),
  addReferral: (referrerId: string) => apiRequest<{ success: boolean }>('/v1/user/referral', { json: { referrer_id: referrerId } }),
};

export const couponKeys = { all: ['coupons'] as const, referred: ['coupons', 'referred'] as const };

/** docs/spec-conformance.md §3 client-stored items: the last entered payout ids. */
export const SAVED_ID_KEY = { UPI: 'save-upi-id', AMAZON: 'save-amazon-id' } as const;

/** The referral code a sign-up link carried (?ref=), kept until the new account claims it. */
export const PENDING_REFERRAL_KEY = 'pending-referral';
