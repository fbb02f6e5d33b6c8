import { randomBytes } from 'node:crypto';
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
import type { CouponRow, Database } from '../db/schema.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { toMajor } from './service.ts';

const tags = ['coupons'];

/** How long after sign-up a user may still name who referred them. */
const REFERRAL_WINDOW_MS = 7 * 24 * 3600 * 1000;

export function toCoupon(row: CouponRow): Coupon {
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

export function newCouponCode(): string {
  return `DOC-${randomBytes(5).toString('hex').toUpperCase()}`;
}

/** Coupons (earned by referrals, issued by the operator) and their payout by UPI or Amazon Pay. */
export class CouponService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly box: SecretBox,
  ) {}

  list(userId: string): Promise<CouponRow[]> {
    return this.db
      .selectFrom('coupons')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('coupon_code')
      .execute();
  }

  /**
   * docs/spec-conformance.md §4 redeem results: without a GitHub connection the checklist reports the app missing
   * and nothing changes; otherwise every unused coupon becomes used, payout pending, to the
   * given id (sealed at rest) — the operator pays it out and marks it complete.
   */
  async redeem(userId: string, type: 'UPI' | 'AMAZON', id: string): Promise<RedeemAnswer> {
    const github = await this.db
      .selectFrom('vendor_connections')
      .select('id')
      .where('user_id', '=', userId)
      .where('vendor', '=', 'GITHUB')
      .executeTakeFirst();
    if (!github) return { status: ['GITHUB_APP_NOT_INSTALLED'] };
    const now = new Date();
    const used = await this.db
      .updateTable('coupons')
      .set({ is_used: true, used_at: now, coupon_state: 'PAYMENT_PENDING', redeem_type: type, redeem_id_sealed: this.box.seal(id) })
      .where('user_id', '=', userId)
      .where('is_used', '=', false)
      .returning('id')
      .execute();
    if (used.length === 0) throw new HttpError(409, ErrorCode.CONFLICT, 'You have no coupons to redeem.');
    return { status: ['SUCCESS'] };
  }

  async issue(userId: string, amountMinor: number, currency: Currency, type = 'ADMIN'): Promise<CouponRow> {
    return this.db
      .insertInto('coupons')
      .values({ user_id: userId, coupon_code: newCouponCode(), coupon_type: type, amount_minor: amountMinor, currency })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** The operator paid a pending coupon out. */
  async markPaid(code: string): Promise<CouponRow | undefined> {
    return this.db
      .updateTable('coupons')
      .set({ coupon_state: 'PAYMENT_COMPLETE' })
      .where('coupon_code', '=', code)
      .where('coupon_state', '=', 'PAYMENT_PENDING')
      .returningAll()
      .executeTakeFirst();
  }

  /** Pending payouts with the id to pay them to (opened for the operator's CLI only). */
  /**
   * `test`: the coupon was earned by a test-provider payment (minted before such payments
   * stopped earning coupons): no money came in, so none is to go out.
   */
  async pending(): Promise<
    Array<{ code: string; email: string; amount: number; currency: string; type: string | null; payTo: string; test: boolean }>
  > {
    const rows = await this.db
      .selectFrom('coupons as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .leftJoin('payments as p', 'p.id', 'c.source_payment_id')
      .select(['c.coupon_code', 'u.email', 'c.amount_minor', 'c.currency', 'c.redeem_type', 'c.redeem_id_sealed', 'p.provider'])
      .where('c.coupon_state', '=', 'PAYMENT_PENDING')
      .orderBy('c.used_at')
      .execute();
    return rows.map((r) => ({
      code: r.coupon_code,
      email: r.email,
      amount: toMajor(r.amount_minor),
      currency: r.currency,
      type: r.redeem_type,
      payTo: r.redeem_id_sealed ? this.box.open(r.redeem_id_sealed) : '',
      test: r.provider === 'TEST',
    }));
  }
}

/** docs/spec-conformance.md §7: GET /v1/coupon/get/all, POST /v1/coupon/redeem, GET /v1/user/referred; and POST /v1/user/referral. */
export function couponRoutes(auth: AuthService, coupons: CouponService, db: Kysely<Database>, appUrl: string) {
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
        const rows = await db
          .selectFrom('referrals as r')
          .innerJoin('users as u', 'u.id', 'r.referred_user_id')
          .select(['u.id', 'u.first_name', 'u.last_name', 'r.created_at'])
          .select((eb) =>
            eb
              .exists(
                eb.selectFrom('payments as p').select('p.id').whereRef('p.user_id', '=', 'u.id').where('p.fulfilled_at', 'is not', null),
              )
              .as('paid'),
          )
          .where('r.referrer_id', '=', me.id)
          .orderBy('r.created_at', 'desc')
          .execute();
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
      },
    );

    r.post(
      '/v1/user/referral',
      { preHandler: requireSession(auth), schema: { tags, body: ReferralRequest, response: { 200: z.object({ success: z.boolean() }) } } },
      async (req) => {
        const me = userOf(req);
        if (req.body.referrer_id === me.id) throw new HttpError(400, ErrorCode.VALIDATION, 'You cannot refer yourself.');
        if (Date.now() - new Date(me.created_at).getTime() > REFERRAL_WINDOW_MS)
          throw new HttpError(409, ErrorCode.CONFLICT, 'A referral can only be added in the first week after sign-up.');
        const referrer = await db.selectFrom('users').select('id').where('id', '=', req.body.referrer_id).executeTakeFirst();
        if (!referrer) throw notFound('Referral code not found.');
        const paid = await db
          .selectFrom('payments')
          .select('id')
          .where('user_id', '=', me.id)
          .where('fulfilled_at', 'is not', null)
          .executeTakeFirst();
        if (paid) throw new HttpError(409, ErrorCode.CONFLICT, 'A referral can only be added before the first payment.');
        const row = await db
          .insertInto('referrals')
          .values({ referred_user_id: me.id, referrer_id: referrer.id })
          .onConflict((oc) => oc.column('referred_user_id').doNothing())
          .returning('referrer_id')
          .executeTakeFirst();
        if (!row) throw new HttpError(409, ErrorCode.CONFLICT, 'A referral was already added.');
        return { success: true };
      },
    );
  };
}
