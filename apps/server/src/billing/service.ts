import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import {
  DEFAULT_USD_INR_RATE,
  ErrorCode,
  PRICE_FULL_REPO,
  PRICE_PRO_MONTHLY,
  TAX_PERCENT,
  type ConversionRates,
  type Currency,
  type Payment,
  type PaymentProvider,
  type PaymentStatus,
  type PricePlans,
  type ProductId,
  type Subscription,
  type TransactionsAnswer,
} from '@docent/contracts';
import type { BillingConfig } from '../config.ts';
import type { Database, PaymentRow, SubscriptionRow, UserRow } from '../db/schema.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { CouponStore } from './coupon-store.ts';

/** What a verified server-side confirmation says was paid. */
export interface Confirmation {
  amountMinor: number;
  currency: string;
  /** the provider's subscription id, for Pro bought as a subscription */
  subscriptionRef?: string | null;
}

export type FulfilResult = 'fulfilled' | 'duplicate';

const PRO_PERIOD_MS = 30 * 24 * 3600 * 1000;
/** How long a full-repository checkout stays open: a second one for the repository reuses it meanwhile. */
const PACKAGE_CHECKOUT_OPEN_MS = 3600 * 1000;
/**
 * A subscription the provider renews by itself (it has a provider id and was not cancelled) stays
 * paid this long past its period end: providers bill by calendar month (a 31-day month outlasts
 * 30 days) and retry a failed charge over a few days. Its renewal or end webhook decides.
 */
export const RENEWAL_GRACE_MS = 3 * 24 * 3600 * 1000;

/** Subscriptions still paid at `now`: within their period, or renewing at a provider within the grace. */
function stillPaid(now: Date) {
  return (eb: ExpressionBuilder<Database, 'subscriptions'>) =>
    eb.and([
      eb('status', 'in', ['ACTIVE', 'CANCELLED']),
      eb.or([
        eb('current_period_end', '>', now),
        eb.and([
          eb('status', '=', 'ACTIVE'),
          eb('provider_ref', 'is not', null),
          eb('current_period_end', '>', new Date(now.getTime() - RENEWAL_GRACE_MS)),
        ]),
      ]),
    ]);
}

export const toMajor = (minor: number): number => Math.round(minor) / 100;

function isUuid(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
}

/**
 * Prices, payments and their fulfilment. Every provider (test, PayPal, Cashfree) ends in
 * `fulfil`, which applies a payment's effects once: Pro → the user's planType PRO until the
 * subscription lapses; the full-repository package → the repository's planType PREMIUM and the
 * user's countRepoGen + 1 (what the code-docs gate of docgen reads).
 */
/** Stops a subscription's renewal at its provider (registered by the provider's routes). */
export type ProviderCanceller = (providerRef: string) => Promise<void>;

export type SubscriptionChargeResult = 'fulfilled' | 'duplicate' | 'ignored';

export class BillingService {
  private readonly cancellers = new Map<PaymentProvider, ProviderCanceller>();

  constructor(
    private readonly db: Kysely<Database>,
    readonly config: BillingConfig,
    private readonly now: () => Date = () => new Date(),
  ) {}

  pricePlans(): PricePlans {
    const p = this.config.prices;
    return {
      [PRICE_FULL_REPO]: { id: PRICE_FULL_REPO, interval: 'once', amount: { USD: toMajor(p.fullRepo.USD), INR: toMajor(p.fullRepo.INR) } },
      [PRICE_PRO_MONTHLY]: {
        id: PRICE_PRO_MONTHLY,
        interval: 'month',
        amount: { USD: toMajor(p.proMonthly.USD), INR: toMajor(p.proMonthly.INR) },
      },
      taxPercent: TAX_PERCENT,
    };
  }

  conversionRates(): ConversionRates {
    const rate = this.config.usdInrRate;
    return { base: 'USD', rates: { USD: 1, INR: rate ?? DEFAULT_USD_INR_RATE }, source: rate === null ? 'fallback' : 'operator' };
  }

  priceMinor(product: ProductId, currency: Currency): number {
    return (product === PRICE_PRO_MONTHLY ? this.config.prices.proMonthly : this.config.prices.fullRepo)[currency];
  }

  /**
   * A pending payment for `product` in `currency`, at the plan's price. The full-repository
   * package names one of the user's repositories (another user's id → 404).
   */
  async createPayment(
    user: UserRow,
    provider: PaymentProvider,
    product: ProductId,
    currency: Currency,
    repoIds: string | undefined,
  ): Promise<PaymentRow> {
    if (product === PRICE_FULL_REPO) {
      const ids = (repoIds ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (ids.length !== 1)
        throw new HttpError(400, ErrorCode.VALIDATION, 'repo_ids: name exactly one repository for the full-repository package.');
      return this.packageCheckout(user, provider, currency, ids[0] as string);
    }
    if (repoIds?.trim()) throw new HttpError(400, ErrorCode.VALIDATION, 'repo_ids: the Pro plan is not bought for a repository.');
    return this.db
      .insertInto('payments')
      .values({
        user_id: user.id,
        provider,
        product_id: product,
        repository_id: null,
        amount_minor: this.priceMinor(product, currency),
        currency,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /**
   * One full-repository checkout per repository at a time: the repository row is locked while
   * its checkout is decided, and a checkout still open (pending, younger than
   * PACKAGE_CHECKOUT_OPEN_MS) with the same provider and currency is answered again instead of a
   * second payment. Twenty concurrent checkouts are one payment and, completed, one credit.
   */
  private packageCheckout(user: UserRow, provider: PaymentProvider, currency: Currency, id: string): Promise<PaymentRow> {
    if (!isUuid(id)) throw notFound('Repository not found!');
    return this.db.transaction().execute(async (trx) => {
      const repo = await trx
        .selectFrom('repositories')
        .select(['id', 'plan_type'])
        .where('id', '=', id)
        .where('user_id', '=', user.id)
        .forUpdate()
        .executeTakeFirst();
      if (!repo) throw notFound('Repository not found!');
      if (repo.plan_type === 'PREMIUM' || repo.plan_type === 'PRO')
        throw new HttpError(409, ErrorCode.CONFLICT, 'This repository already has the full-repository package.');
      const open = await trx
        .selectFrom('payments')
        .selectAll()
        .where('repository_id', '=', repo.id)
        .where('product_id', '=', PRICE_FULL_REPO)
        .where('provider', '=', provider)
        .where('currency', '=', currency)
        .where('fulfilled_at', 'is', null)
        .where('status', '<>', 'PAYMENT_FAILED')
        .where('created_at', '>', new Date(this.now().getTime() - PACKAGE_CHECKOUT_OPEN_MS))
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      if (open) return open;
      return trx
        .insertInto('payments')
        .values({
          user_id: user.id,
          provider,
          product_id: PRICE_FULL_REPO,
          repository_id: repo.id,
          amount_minor: this.priceMinor(PRICE_FULL_REPO, currency),
          currency,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }

  async setProviderRef(paymentId: string, ref: string): Promise<void> {
    await this.db.updateTable('payments').set({ provider_ref: ref, updated_at: this.now() }).where('id', '=', paymentId).execute();
  }

  paymentOf(userId: string, id: string): Promise<PaymentRow | undefined> {
    if (!isUuid(id)) return Promise.resolve(undefined);
    return this.db.selectFrom('payments').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  }

  paymentByRef(provider: PaymentProvider, ref: string): Promise<PaymentRow | undefined> {
    return this.db.selectFrom('payments').selectAll().where('provider', '=', provider).where('provider_ref', '=', ref).executeTakeFirst();
  }

  /**
   * Applies a confirmed payment's effects, once. The confirmed amount and currency must be the
   * payment's (set from the plan when it was created): anything else fails the payment and
   * changes nothing else. A second confirmation of the same payment answers 'duplicate'.
   */
  async fulfil(paymentId: string, confirmation: Confirmation): Promise<FulfilResult> {
    const result = await this.db.transaction().execute(async (trx): Promise<FulfilResult | 'mismatch'> => {
      const payment = await trx.selectFrom('payments').selectAll().where('id', '=', paymentId).forUpdate().executeTakeFirst();
      if (!payment) throw notFound('Payment not found.');
      if (payment.fulfilled_at) return 'duplicate';
      if (payment.status === 'PAYMENT_FAILED') throw new HttpError(409, ErrorCode.CONFLICT, 'This payment has failed.');
      if (confirmation.amountMinor !== payment.amount_minor || confirmation.currency !== payment.currency) return 'mismatch';
      const now = this.now();
      let status: PaymentStatus = 'PAYMENT_COMPLETE';
      let subscriptionId: string | null = null;
      if (payment.product_id === PRICE_PRO_MONTHLY) {
        subscriptionId = await this.extendPro(trx, payment, confirmation.subscriptionRef ?? null, now);
        status = 'PAYMENT_ACTIVE';
      } else if (await this.grantPackage(trx, payment, now)) {
        await trx
          .updateTable('users')
          .set({ count_repo_gen: sql<number>`count_repo_gen + 1`, updated_at: now })
          .where('id', '=', payment.user_id)
          .execute();
      }
      await trx
        .updateTable('payments')
        .set({ status, fulfilled_at: now, completed_at: now, updated_at: now, subscription_id: subscriptionId })
        .where('id', '=', payment.id)
        .execute();
      await this.rewardReferrer(trx, payment);
      return 'fulfilled';
    });
    if (result === 'mismatch') {
      // Recorded outside the transaction above, which changed nothing.
      await this.fail(paymentId, 'amount or currency differs from the plan');
      throw new HttpError(409, ErrorCode.CONFLICT, 'The confirmed amount does not match the price plan.');
    }
    return result;
  }

  /**
   * Makes the payment's repository PREMIUM; false when it already was (another payment for the
   * same repository got there first — possible only across providers or currencies, see
   * packageCheckout): the credit is granted once per repository, the second payment is recorded
   * with a note for a refund.
   */
  private async grantPackage(trx: Transaction<Database>, payment: PaymentRow, now: Date): Promise<boolean> {
    if (!payment.repository_id) return true;
    const repo = await trx
      .selectFrom('repositories')
      .select(['plan_type'])
      .where('id', '=', payment.repository_id)
      .forUpdate()
      .executeTakeFirst();
    if (repo && (repo.plan_type === 'PREMIUM' || repo.plan_type === 'PRO')) {
      await trx
        .updateTable('payments')
        .set({ failure_reason: 'the repository already had the package: refund due' })
        .where('id', '=', payment.id)
        .execute();
      return false;
    }
    await trx.updateTable('repositories').set({ plan_type: 'PREMIUM', updated_at: now }).where('id', '=', payment.repository_id).execute();
    return true;
  }

  /** Marks a pending payment failed (a declined card, a cancelled checkout). Fulfilled ones stay. */
  async fail(paymentId: string, reason: string): Promise<void> {
    await this.db
      .updateTable('payments')
      .set({ status: 'PAYMENT_FAILED', failure_reason: reason.slice(0, 200), updated_at: this.now() })
      .where('id', '=', paymentId)
      .where('fulfilled_at', 'is', null)
      .execute();
  }

  /** Pro for one more period: from the end of a running one, else from now. */
  private async extendPro(trx: Transaction<Database>, payment: PaymentRow, subscriptionRef: string | null, now: Date): Promise<string> {
    const running = await trx
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', payment.user_id)
      .where(stillPaid(now))
      .orderBy('current_period_end', 'desc')
      .forUpdate()
      .executeTakeFirst();
    let id: string;
    if (subscriptionRef) {
      // One row per provider subscription: a lapsed row that holds the ref gives it up (or is revived below).
      const holder = await trx
        .selectFrom('subscriptions')
        .select(['id'])
        .where('provider', '=', payment.provider)
        .where('provider_ref', '=', subscriptionRef)
        .forUpdate()
        .executeTakeFirst();
      if (holder && !running) {
        await trx
          .updateTable('subscriptions')
          .set({ status: 'ACTIVE', current_period_end: new Date(now.getTime() + PRO_PERIOD_MS), cancelled_at: null, updated_at: now })
          .where('id', '=', holder.id)
          .execute();
        await trx.updateTable('users').set({ plan_type: 'PRO', updated_at: now }).where('id', '=', payment.user_id).execute();
        return holder.id;
      }
      if (holder && running && holder.id !== running.id)
        await trx.updateTable('subscriptions').set({ provider_ref: null, updated_at: now }).where('id', '=', holder.id).execute();
    }
    if (running) {
      const end = new Date(running.current_period_end.getTime() + PRO_PERIOD_MS);
      await trx
        .updateTable('subscriptions')
        .set({
          current_period_end: end,
          status: 'ACTIVE',
          cancelled_at: null,
          updated_at: now,
          ...(subscriptionRef ? { provider: payment.provider, provider_ref: subscriptionRef } : {}),
        })
        .where('id', '=', running.id)
        .execute();
      id = running.id;
    } else {
      const row = await trx
        .insertInto('subscriptions')
        .values({
          user_id: payment.user_id,
          provider: payment.provider,
          provider_ref: subscriptionRef,
          status: 'ACTIVE',
          current_period_end: new Date(now.getTime() + PRO_PERIOD_MS),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = row.id;
    }
    await trx.updateTable('users').set({ plan_type: 'PRO', updated_at: now }).where('id', '=', payment.user_id).execute();
    return id;
  }

  /**
   * A referred user's first fulfilled payment earns their referrer a coupon (once:
   * source_payment_id is unique). Test-provider payments moved no money: they never earn one,
   * nor count as the first payment.
   */
  private async rewardReferrer(trx: Transaction<Database>, payment: PaymentRow): Promise<void> {
    if (payment.provider === 'TEST') return;
    const coupons = new CouponStore(trx);
    const referrer = await coupons.referrerOf(payment.user_id);
    if (!referrer) return;
    if (await coupons.hasPaid(payment.user_id, { realOnly: true, exceptPaymentId: payment.id })) return;
    await coupons.mintReferralCoupon(referrer, payment, this.config.referralCoupon);
  }

  /**
   * A charge of a provider subscription (PayPal sale, Cashfree subscription payment), confirmed
   * by a verified webhook. The first charge belongs to the payment the checkout created (its
   * provider_ref is the subscription's id until then): it fulfils that payment, or, when the
   * activation already did, is only recorded. Every later charge is a renewal: a new payment at
   * the plan's price, fulfilled through the same checks (amount and currency), which extends Pro
   * by a period. A charge seen before (by its id) answers 'duplicate'.
   */
  async subscriptionCharge(
    provider: PaymentProvider,
    subscriptionRef: string,
    chargeRef: string,
    currency: Currency,
    confirmation: Confirmation,
  ): Promise<SubscriptionChargeResult> {
    if (await this.paymentByRef(provider, chargeRef)) return 'duplicate';
    const conf = { ...confirmation, subscriptionRef };
    const initial = await this.paymentByRef(provider, subscriptionRef);
    if (initial) {
      await this.setProviderRef(initial.id, chargeRef);
      return initial.fulfilled_at ? 'duplicate' : this.fulfil(initial.id, conf);
    }
    const sub = await this.db
      .selectFrom('subscriptions')
      .select(['user_id'])
      .where('provider', '=', provider)
      .where('provider_ref', '=', subscriptionRef)
      .executeTakeFirst();
    if (!sub) return 'ignored';
    const renewal = await this.db
      .insertInto('payments')
      .values({
        user_id: sub.user_id,
        provider,
        product_id: PRICE_PRO_MONTHLY,
        repository_id: null,
        amount_minor: this.priceMinor(PRICE_PRO_MONTHLY, currency),
        currency,
        provider_ref: chargeRef,
      })
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!renewal) return 'duplicate';
    return this.fulfil(renewal.id, conf);
  }

  /** Records a provider's webhook event; false when it was seen before (a replay). */
  async recordDelivery(provider: PaymentProvider, eventId: string, eventType: string): Promise<boolean> {
    const row = await this.db
      .insertInto('payment_webhook_deliveries')
      .values({ provider, event_id: eventId.slice(0, 200), event_type: eventType.slice(0, 100) })
      .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
      .returning('event_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** A payment by its id, whoever it belongs to (webhooks name it by the order id they were given). */
  paymentById(id: string): Promise<PaymentRow | undefined> {
    if (!isUuid(id)) return Promise.resolve(undefined);
    return this.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Ends Pro for subscriptions whose paid period is over (cancelled or not renewed). */
  async lapseDue(): Promise<number> {
    const now = this.now();
    return this.db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('subscriptions')
        .select(['id', 'user_id'])
        .where('status', 'in', ['ACTIVE', 'CANCELLED'])
        .where((eb) => eb.not(stillPaid(now)(eb)))
        .forUpdate()
        .execute();
      for (const s of due) await this.lapse(trx, s.id, s.user_id, now);
      return due.length;
    });
  }

  /**
   * A provider said the subscription ended (expired, suspended, cancelled at once). A
   * subscription the user cancelled in Docent stays paid until its period ends: the provider's
   * cancellation notice that follows Docent's own cancel call changes nothing.
   */
  async lapseByRef(provider: PaymentProvider, ref: string, opts: { keepIfCancelledHere?: boolean } = {}): Promise<boolean> {
    const now = this.now();
    return this.db.transaction().execute(async (trx) => {
      const s = await trx
        .selectFrom('subscriptions')
        .select(['id', 'user_id', 'status'])
        .where('provider', '=', provider)
        .where('provider_ref', '=', ref)
        .forUpdate()
        .executeTakeFirst();
      if (!s || s.status === 'LAPSED') return false;
      if (opts.keepIfCancelledHere && s.status === 'CANCELLED') return false;
      await this.lapse(trx, s.id, s.user_id, now);
      return true;
    });
  }

  private async lapse(trx: Transaction<Database>, subscriptionId: string, userId: string, now: Date): Promise<void> {
    await trx.updateTable('subscriptions').set({ status: 'LAPSED', updated_at: now }).where('id', '=', subscriptionId).execute();
    await trx
      .updateTable('payments')
      .set({ status: 'PAYMENT_COMPLETE', updated_at: now })
      .where('subscription_id', '=', subscriptionId)
      .where('status', '=', 'PAYMENT_ACTIVE')
      .execute();
    const other = await trx
      .selectFrom('subscriptions')
      .select('id')
      .where('user_id', '=', userId)
      .where('id', '!=', subscriptionId)
      .where(stillPaid(now))
      .executeTakeFirst();
    if (!other)
      await trx
        .updateTable('users')
        .set({ plan_type: 'FREE', updated_at: now })
        .where('id', '=', userId)
        .where('plan_type', '=', 'PRO')
        .execute();
  }

  /** The user's running subscription (active, or cancelled but paid until its period ends; renewing at a provider within the grace). */
  currentSubscription(userId: string): Promise<SubscriptionRow | undefined> {
    return this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .where(stillPaid(this.now()))
      .orderBy('current_period_end', 'desc')
      .executeTakeFirst();
  }

  /**
   * The provider's plan for a product at a price: the one remembered, else `create`d once and
   * remembered (concurrent first calls may both create; the first stored wins).
   */
  async providerPlan(
    provider: PaymentProvider,
    product: ProductId,
    currency: Currency,
    amountMinor: number,
    create: () => Promise<string>,
  ): Promise<string> {
    const find = () =>
      this.db
        .selectFrom('billing_provider_plans')
        .select('plan_ref')
        .where('provider', '=', provider)
        .where('product_id', '=', product)
        .where('currency', '=', currency)
        .where('amount_minor', '=', amountMinor)
        .executeTakeFirst();
    const known = await find();
    if (known) return known.plan_ref;
    const ref = await create();
    await this.db
      .insertInto('billing_provider_plans')
      .values({ provider, product_id: product, currency, amount_minor: amountMinor, plan_ref: ref })
      .onConflict((oc) => oc.doNothing())
      .execute();
    return (await find())?.plan_ref ?? ref;
  }

  registerCanceller(provider: PaymentProvider, cancel: ProviderCanceller): void {
    this.cancellers.set(provider, cancel);
  }

  /**
   * Cancel: no renewal; Pro stays until the paid period ends. A subscription that renews at a
   * provider is cancelled there first; when the provider cannot be reached nothing changes (502).
   */
  async cancelSubscription(userId: string): Promise<SubscriptionRow> {
    const s = await this.currentSubscription(userId);
    if (!s || s.status !== 'ACTIVE') throw notFound('No active subscription.');
    const cancel = s.provider_ref ? this.cancellers.get(s.provider as PaymentProvider) : undefined;
    if (cancel && s.provider_ref) {
      try {
        await cancel(s.provider_ref);
      } catch {
        throw new HttpError(502, ErrorCode.INTERNAL, 'The payment provider could not cancel the subscription. Please try again later.');
      }
    }
    return this.db
      .updateTable('subscriptions')
      .set({ status: 'CANCELLED', cancelled_at: this.now(), updated_at: this.now() })
      .where('id', '=', s.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async transactions(userId: string): Promise<TransactionsAnswer> {
    const rows = await this.db
      .selectFrom('payments as p')
      .leftJoin('repositories as r', 'r.id', 'p.repository_id')
      .selectAll('p')
      .select(['r.organization_name', 'r.repo_name', 'r.vendor'])
      .where('p.user_id', '=', userId)
      .orderBy('p.created_at', 'desc')
      .limit(500)
      .execute();
    const sub = await this.currentSubscription(userId);
    return {
      payments: rows.map((r) =>
        toPayment(
          r,
          r.repository_id && r.organization_name && r.repo_name && r.vendor
            ? { id: r.repository_id, organizationName: r.organization_name, repoName: r.repo_name, vendor: r.vendor }
            : null,
        ),
      ),
      subscription: sub ? toSubscription(sub) : null,
    };
  }
}

export function toPayment(row: PaymentRow, repository: Payment['repository']): Payment {
  return {
    id: row.id,
    provider: row.provider as PaymentProvider,
    productId: row.product_id as ProductId,
    status: row.status as PaymentStatus,
    amount: toMajor(row.amount_minor),
    currency: row.currency as Currency,
    repository,
    createdAt: new Date(row.created_at).toISOString(),
    completedAt: row.completed_at ? new Date(row.completed_at).toISOString() : null,
  };
}

export function toSubscription(row: SubscriptionRow): Subscription {
  return {
    id: row.id,
    provider: row.provider as PaymentProvider,
    status: row.status as Subscription['status'],
    currentPeriodEnd: new Date(row.current_period_end).toISOString(),
    cancelledAt: row.cancelled_at ? new Date(row.cancelled_at).toISOString() : null,
  };
}
