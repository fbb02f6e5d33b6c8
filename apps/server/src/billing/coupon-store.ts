import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Currency } from '@docent/contracts';
import type { CouponRow, Database, PaymentRow } from '../db/schema.ts';

/** A coupon's code: `DOC-` and ten hex digits. */
function newCouponCode(): string {
  return `DOC-${randomBytes(5).toString('hex').toUpperCase()}`;
}

/**
 * Every query of coupons and referrals (docs/billing.md): the coupon and referral routes, the
 * operator's commands and the referral reward at fulfilment read and write through here. Built
 * on a transaction, its writes join that transaction.
 */
export class CouponStore {
  constructor(private readonly db: Kysely<Database>) {}

  list(userId: string): Promise<CouponRow[]> {
    return this.db
      .selectFrom('coupons')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('coupon_code')
      .execute();
  }

  /** whether the user has connected a code host of any vendor or added a repository (a plain git one needs no connection) */
  async hasCodeHost(userId: string): Promise<boolean> {
    const connection = await this.db.selectFrom('vendor_connections').select('id').where('user_id', '=', userId).executeTakeFirst();
    if (connection) return true;
    const repository = await this.db.selectFrom('repositories').select('id').where('user_id', '=', userId).executeTakeFirst();
    return repository !== undefined;
  }

  /** Marks every unused coupon of the user used, payout pending to `sealedId`; how many there were. */
  async redeemAll(userId: string, type: 'UPI' | 'AMAZON', sealedId: string, now: Date): Promise<number> {
    const used = await this.db
      .updateTable('coupons')
      .set({ is_used: true, used_at: now, coupon_state: 'PAYMENT_PENDING', redeem_type: type, redeem_id_sealed: sealedId })
      .where('user_id', '=', userId)
      .where('is_used', '=', false)
      .returning('id')
      .execute();
    return used.length;
  }

  issue(userId: string, amountMinor: number, currency: Currency, type: string): Promise<CouponRow> {
    return this.db
      .insertInto('coupons')
      .values({ user_id: userId, coupon_code: newCouponCode(), coupon_type: type, amount_minor: amountMinor, currency })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  markPaid(code: string): Promise<CouponRow | undefined> {
    return this.db
      .updateTable('coupons')
      .set({ coupon_state: 'PAYMENT_COMPLETE' })
      .where('coupon_code', '=', code)
      .where('coupon_state', '=', 'PAYMENT_PENDING')
      .returningAll()
      .executeTakeFirst();
  }

  pendingPayouts() {
    return this.db
      .selectFrom('coupons as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .leftJoin('payments as p', 'p.id', 'c.source_payment_id')
      .select(['c.coupon_code', 'u.email', 'c.amount_minor', 'c.currency', 'c.redeem_type', 'c.redeem_id_sealed', 'p.provider'])
      .where('c.coupon_state', '=', 'PAYMENT_PENDING')
      .orderBy('c.used_at')
      .execute();
  }

  /** The users `referrerId` referred, newest first, each with whether they have paid. */
  referred(referrerId: string) {
    return this.db
      .selectFrom('referrals as r')
      .innerJoin('users as u', 'u.id', 'r.referred_user_id')
      .select(['u.id', 'u.first_name', 'u.last_name', 'r.created_at'])
      .select((eb) =>
        eb
          .exists(eb.selectFrom('payments as p').select('p.id').whereRef('p.user_id', '=', 'u.id').where('p.fulfilled_at', 'is not', null))
          .as('paid'),
      )
      .where('r.referrer_id', '=', referrerId)
      .orderBy('r.created_at', 'desc')
      .execute();
  }

  async userExists(id: string): Promise<boolean> {
    return (await this.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  }

  /** Whether the user has a fulfilled payment (`realOnly`: not counting the test provider's, nor `exceptPaymentId`). */
  async hasPaid(userId: string, opts: { realOnly?: boolean; exceptPaymentId?: string } = {}): Promise<boolean> {
    let q = this.db.selectFrom('payments').select('id').where('user_id', '=', userId).where('fulfilled_at', 'is not', null);
    if (opts.realOnly) q = q.where('provider', '<>', 'TEST');
    if (opts.exceptPaymentId) q = q.where('id', '<>', opts.exceptPaymentId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  /** Records who referred the user; false when a referral was already recorded. */
  async addReferral(referredUserId: string, referrerId: string): Promise<boolean> {
    const row = await this.db
      .insertInto('referrals')
      .values({ referred_user_id: referredUserId, referrer_id: referrerId })
      .onConflict((oc) => oc.column('referred_user_id').doNothing())
      .returning('referrer_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async referrerOf(userId: string): Promise<string | undefined> {
    return (await this.db.selectFrom('referrals').select('referrer_id').where('referred_user_id', '=', userId).executeTakeFirst())
      ?.referrer_id;
  }

  /** The referrer's coupon for `payment` (at most one per payment: source_payment_id is unique). */
  async mintReferralCoupon(referrerId: string, payment: PaymentRow, coupon: { amountMinor: number; currency: string }): Promise<void> {
    await this.db
      .insertInto('coupons')
      .values({
        user_id: referrerId,
        coupon_code: newCouponCode(),
        coupon_type: 'REFERRAL',
        amount_minor: coupon.amountMinor,
        currency: coupon.currency,
        source_payment_id: payment.id,
      })
      .onConflict((oc) => oc.column('source_payment_id').doNothing())
      .execute();
  }
}
