import { z } from 'zod';
import { Currency, PaymentStatus } from './enums.ts';
import { EMAIL_PATTERN, UPI_PATTERN } from './validation.ts';

/** docs/spec-conformance.md §5/§9: the coupons table is paged at 5. */
export const COUPON_PAGE_SIZE = 5;

/** docs/spec-conformance.md §3 Coupon, as GET /v1/coupon/get/all answers it. */
export const Coupon = z.object({
  coupon_code: z.string(),
  coupon_type: z.string(),
  amount: z.number(),
  currency: Currency,
  is_used: z.boolean(),
  used_at: z.string().nullable(),
  coupon_state: PaymentStatus,
});
export type Coupon = z.infer<typeof Coupon>;

export const RedeemType = z.enum(['UPI', 'AMAZON']);
export type RedeemType = z.infer<typeof RedeemType>;

/** POST /v1/coupon/redeem: a UPI id (name@handle) or an Amazon Pay id (an email address). */
export const RedeemRequest = z
  .object({ redeem_type: RedeemType, redeem_id: z.string().trim().min(1).max(254) })
  .strict()
  .superRefine((v, ctx) => {
    if (v.redeem_type === 'UPI' && !UPI_PATTERN.test(v.redeem_id))
      ctx.addIssue({ code: 'custom', path: ['redeem_id'], message: 'Not a valid UPI ID' });
    if (v.redeem_type === 'AMAZON' && !EMAIL_PATTERN.test(v.redeem_id))
      ctx.addIssue({ code: 'custom', path: ['redeem_id'], message: 'Not a valid Email Id' });
  });
export type RedeemRequest = z.input<typeof RedeemRequest>;

export const RedeemStatus = z.enum(['GITHUB_APP_NOT_INSTALLED', 'SUCCESS']);
export type RedeemStatus = z.infer<typeof RedeemStatus>;
export const RedeemAnswer = z.object({ status: z.array(RedeemStatus) });
export type RedeemAnswer = z.infer<typeof RedeemAnswer>;

/** docs/spec-conformance.md §4 coupon summary: to redeem = unused amounts, pending = used, earned = PAYMENT_COMPLETE; the first coupon's currency, else USD. */
export function couponSummary(coupons: Coupon[]): { toRedeem: number; pending: number; earned: number; currency: Currency } {
  const sum = (list: Coupon[]) => Math.round(list.reduce((n, c) => n + c.amount * 100, 0)) / 100;
  return {
    toRedeem: sum(coupons.filter((c) => !c.is_used)),
    pending: sum(coupons.filter((c) => c.is_used)),
    earned: sum(coupons.filter((c) => c.coupon_state === 'PAYMENT_COMPLETE')),
    currency: coupons[0]?.currency ?? 'USD',
  };
}

/** GET /v1/user/referred?user_id= */
export const ReferredQuery = z.object({ user_id: z.string().uuid('Not a user id.') }).strict();
export const ReferredUser = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  joinedAt: z.string(),
  paid: z.boolean(),
});
export type ReferredUser = z.infer<typeof ReferredUser>;
export const ReferredAnswer = z.object({ referralLink: z.string(), users: z.array(ReferredUser) });
export type ReferredAnswer = z.infer<typeof ReferredAnswer>;

/** POST /v1/user/referral: a new user names who referred them (from the referral link), once. */
export const ReferralRequest = z.object({ referrer_id: z.string().uuid('Not a referral code.') }).strict();
