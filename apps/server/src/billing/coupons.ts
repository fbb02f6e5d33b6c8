import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  Coupon,
  ErrorCode,
  RedeemAnswer,
  RedeemRequest,
  ReferralRequest,
  ReferredAnswer,
  ReferredQuery,
  type Currency,
  type PaymentStatus,
} from '@docent/contracts';
import { z } from 'zod';
import { requireSession, requireUser, userOf } from '../auth/guard.ts';
import type { AuthService } from '../auth/service.ts';
import type { SecretBox } from '../crypto/secretbox.ts';
import type { CouponRow, Database, UserRow } from '../db/schema.ts';
import { CouponStore } from './coupon-store.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { toMajor } from './service.ts';

const tags = ['coupons'];

/** How long after sign-up a user may still name who referred them. */
const REFERRAL_WINDOW_MS = 7 * 24 * 3600 * 1000;

function toCoupon(row: CouponRow): Coupon {
  return {
    coupon_code: row.coupon_code,
    coupon_type: row.coupon_type,
    amount: toMajor(row.amount_minor),
    currency: row.currency as Currency,
    is_used: row.is_used,
    used_at: row.used_at ? new Date(row.used_at).toISOString() : null,
    coupon_state: row.coupon_state as PaymentStatus,
  };
}

/** Coupons (earned by referrals, issued by the operator), their payout by UPI or Amazon Pay, and referrals. */
export class CouponService {
  private readonly store: CouponStore;

  constructor(
    db: Kysely<Database>,
    private readonly box: SecretBox,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.store = new CouponStore(db);
  }

  list(userId: string): Promise<CouponRow[]> {
    return this.store.list(userId);
  }

  /**
   * docs/spec-conformance.md §4 redeem results: with no code host connected and no repository added the
   * checklist reports the app missing (`GITHUB_APP_NOT_INSTALLED`, the wire's name) and nothing changes —
   * any vendor counts, and a plain git repository, which needs no connection (docs/decisions.md
   * "Coupons need a code host, not GitHub"); otherwise every unused coupon becomes used, payout pending, to the
   * given id (sealed at rest) — the operator pays it out and marks it complete.
   */
  async redeem(userId: string, type: 'UPI' | 'AMAZON', id: string): Promise<RedeemAnswer> {
    if (!(await this.store.hasCodeHost(userId))) return { status: ['GITHUB_APP_NOT_INSTALLED'] };
    const used = await this.store.redeemAll(userId, type, this.box.seal(id), this.now());
    if (used === 0) throw new HttpError(409, ErrorCode.CONFLICT, 'You have no coupons to redeem.');
    return { status: ['SUCCESS'] };
  }

  issue(userId: string, amountMinor: number, currency: Currency, type = 'ADMIN'): Promise<CouponRow> {
    return this.store.issue(userId, amountMinor, currency, type);
  }

  /** The operator paid a pending coupon out. */
  markPaid(code: string): Promise<CouponRow | undefined> {
    return this.store.markPaid(code);
  }

  /**
   * Pending payouts with the id to pay them to (opened for the operator's CLI only). `test`: the
   * coupon was earned by a test-provider payment (minted before such payments stopped earning
   * coupons): no money came in, so none is to go out.
   */
  async pending(): Promise<
    Array<{ code: string; email: string; amount: number; currency: string; type: string | null; payTo: string; test: boolean }>
  > {
    return (await this.store.pendingPayouts()).map((r) => ({
      code: r.coupon_code,
      email: r.email,
      amount: toMajor(r.amount_minor),
      currency: r.currency,
      type: r.redeem_type,
      payTo: r.redeem_id_sealed ? this.box.open(r.redeem_id_sealed) : '',
      test: r.provider === 'TEST',
    }));
  }

  /** The users `me` referred, and the link that refers more. */
  async referred(me: UserRow, appUrl: string): Promise<ReferredAnswer> {
    const rows = await this.store.referred(me.id);
    return {
      referralLink: `${appUrl}/auth/sign-up?ref=${me.id}`,
      users: rows.map((u) => ({
        id: u.id,
        firstName: u.first_name,
        lastName: u.last_name,
        joinedAt: new Date(u.created_at).toISOString(),
        paid: Boolean(u.paid),
      })),
    };
  }

  /** Names who referred `me`: in the first week after sign-up, before the first payment, once. */
  async addReferral(me: UserRow, referrerId: string): Promise<void> {
    if (referrerId === me.id) throw new HttpError(400, ErrorCode.VALIDATION, 'You cannot refer yourself.');
    if (this.now().getTime() - new Date(me.created_at).getTime() > REFERRAL_WINDOW_MS)
      throw new HttpError(409, ErrorCode.CONFLICT, 'A referral can only be added in the first week after sign-up.');
    if (!(await this.store.userExists(referrerId))) throw notFound('Referral code not found.');
    if (await this.store.hasPaid(me.id))
      throw new HttpError(409, ErrorCode.CONFLICT, 'A referral can only be added before the first payment.');
    if (!(await this.store.addReferral(me.id, referrerId))) throw new HttpError(409, ErrorCode.CONFLICT, 'A referral was already added.');
  }
}

/** docs/spec-conformance.md §7: GET /v1/coupon/get/all, POST /v1/coupon/redeem, GET /v1/user/referred; and POST /v1/user/referral. */
export function couponRoutes(auth: AuthService, coupons: CouponService, appUrl: string) {
  return async (app: FastifyInstance): Promise<void> => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const signedIn = { preHandler: requireUser(auth) };

    r.get('/v1/coupon/get/all', { ...signedIn, schema: { tags, response: { 200: z.array(Coupon) } } }, async (req) =>
      (await coupons.list(userOf(req).id)).map(toCoupon),
    );

    // Payout details are account security: a session, not an API key.
    r.post(
      '/v1/coupon/redeem',
      { preHandler: requireSession(auth), schema: { tags, body: RedeemRequest, response: { 200: RedeemAnswer } } },
      async (req) => coupons.redeem(userOf(req).id, req.body.redeem_type, req.body.redeem_id),
    );

    r.get(
      '/v1/user/referred',
      { ...signedIn, schema: { tags, querystring: ReferredQuery, response: { 200: ReferredAnswer } } },
      async (req) => {
        const me = userOf(req);
        // Only one's own referrals: another user's id is not found.
        if (req.query.user_id !== me.id) throw notFound('User not found.');
        return coupons.referred(me, appUrl);
      },
    );

    r.post(
      '/v1/user/referral',
      { preHandler: requireSession(auth), schema: { tags, body: ReferralRequest, response: { 200: z.object({ success: z.boolean() }) } } },
      async (req) => {
        await coupons.addReferral(userOf(req), req.body.referrer_id);
        return { success: true };
      },
    );
  };
}
