import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_FULL_REPO, PRICE_PRO_MONTHLY, type TransactionsAnswer } from '@docent/contracts';
import { BillingService, RENEWAL_GRACE_MS } from '../src/billing/service.ts';
import { createTestApp, signUp, type TestApp } from './helpers/app.ts';
import {
  FakePayPal,
  PAYPAL_CLIENT_ID as CLIENT_ID,
  PAYPAL_CLIENT_SECRET as CLIENT_SECRET,
  PAYPAL_WEBHOOK_ID as WEBHOOK_ID,
} from './helpers/fake-paypal.ts';

/** PayPal's documented PAYMENT.CAPTURE.COMPLETED event (v2 resource). */
function captureEvent(paymentId: string, value: string, currency = 'USD') {
  return {
    id: `WH-${randomUUID().slice(0, 17).toUpperCase()}`,
    event_version: '1.0',
    create_time: new Date().toISOString(),
    resource_type: 'capture',
    resource_version: '2.0',
    event_type: 'PAYMENT.CAPTURE.COMPLETED',
    summary: `Payment completed for $ ${value} USD`,
    resource: {
      id: '42311647XV020574X',
      amount: { currency_code: currency, value },
      final_capture: true,
      seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
      custom_id: paymentId,
      status: 'COMPLETED',
      supplementary_data: { related_ids: { order_id: '5O190127TN364715T' } },
      create_time: new Date().toISOString(),
      update_time: new Date().toISOString(),
      links: [],
    },
    links: [],
  };
}

describe('PayPal', () => {
  let t: TestApp;
  const pp = new FakePayPal();
  beforeAll(async () => {
    await pp.start();
    t = await createTestApp({
      PAYPAL_CLIENT_ID: CLIENT_ID,
      PAYPAL_CLIENT_SECRET: CLIENT_SECRET,
      PAYPAL_WEBHOOK_ID: WEBHOOK_ID,
      PAYPAL_BASE_URL: pp.url,
    });
  });
  afterAll(async () => {
    await t.close();
    await pp.stop();
  });

  const post = (event: { id: string }, headers: Record<string, string>) =>
    t.call({
      method: 'POST',
      url: '/api/paypal/webhook',
      payload: JSON.stringify(event),
      headers: { 'content-type': 'application/json', ...headers },
    });
  const me = async (token: string) => (await t.call({ method: 'GET', url: '/api/v1/user', token })).json();
  const tx = async (token: string) => (await t.call({ method: 'GET', url: '/api/transactions', token })).json() as TransactionsAnswer;
  const deliver = async (event: { id: string }) => (await post(event, pp.deliver(event))).json();

  async function addRepo(userId: string, name: string): Promise<string> {
    const row = await t.database.db
      .insertInto('repositories')
      .values({
        user_id: userId,
        vendor: 'GIT',
        organization_name: 'acme',
        repo_name: name,
        clone_url: `https://example.com/acme/${name}.git`,
        default_branch: null,
        is_private: false,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** The full-repository package: a PayPal order. */
  async function checkout(u: { id: string; token: string }): Promise<{ id: string; repoId: string }> {
    const repoId = await addRepo(u.id, `r${Math.random().toString(36).slice(2, 8)}`);
    const res = await t.call({
      method: 'GET',
      url: `/api/paypal/checkout?product_id=${PRICE_FULL_REPO}&repo_ids=${repoId}`,
      token: u.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().approval_url).toMatch(new RegExp(`^${pp.url}/checkoutnow\\?token=`));
    return { id: res.json().payment_id as string, repoId };
  }
  const planOf = async (repoId: string) =>
    (await t.database.db.selectFrom('repositories').select('plan_type').where('id', '=', repoId).executeTakeFirstOrThrow()).plan_type;

  it('approve → capture on return: the captured amount makes the repository PREMIUM; capturing again changes nothing', async () => {
    const u = await signUp(t, 'pp-return@example.com');
    const { id, repoId } = await checkout(u);
    const capture = () => t.call({ method: 'POST', url: `/api/v1/billing/paypal/payments/${id}/capture`, token: u.token });
    // Not approved yet: PayPal refuses the capture.
    expect((await capture()).statusCode).toBe(502);
    [...pp.orders.values()].find((o) => o.customId === id)!.status = 'APPROVED';
    expect((await capture()).json().status).toBe('PAYMENT_COMPLETE');
    expect(await planOf(repoId)).toBe('PREMIUM');
    expect((await capture()).json().status).toBe('PAYMENT_COMPLETE');
    expect((await me(u.token)).countRepoGen).toBe(1);
  });

  it('a capture of another amount fails the payment', async () => {
    const u = await signUp(t, 'pp-amount@example.com');
    const { id, repoId } = await checkout(u);
    const o = [...pp.orders.values()].find((x) => x.customId === id)!;
    o.status = 'APPROVED';
    o.captureAmount = { currency_code: 'USD', value: '0.01' };
    expect((await t.call({ method: 'POST', url: `/api/v1/billing/paypal/payments/${id}/capture`, token: u.token })).statusCode).toBe(409);
    expect(await planOf(repoId)).toBe('FREE');
    expect((await tx(u.token)).payments[0]?.status).toBe('PAYMENT_FAILED');
  });

  it('webhooks: a verified delivery fulfils once; forged, replayed and wrong-amount deliveries do not', async () => {
    const u = await signUp(t, 'pp-hook@example.com');
    const { id, repoId } = await checkout(u);
    const event = captureEvent(id, '49.00');
    // Forged: a signature PayPal never sent.
    const forged = { ...pp.deliver(event), 'paypal-transmission-sig': 'Zm9yZ2Vk' };
    expect((await post(event, forged)).statusCode).toBe(401);
    // Missing transmission headers.
    expect((await post(event, {})).statusCode).toBe(401);
    // A signed delivery of another event with this event's body.
    expect((await post(event, pp.deliver({ id: 'WH-OTHER' }))).statusCode).toBe(401);
    expect(await planOf(repoId)).toBe('FREE');

    expect(await deliver(event)).toEqual({ status: 'fulfilled' });
    expect(await planOf(repoId)).toBe('PREMIUM');
    expect(await deliver(event)).toEqual({ status: 'duplicate' });

    const v = await signUp(t, 'pp-hook-amount@example.com');
    const second = await checkout(v);
    expect(await deliver(captureEvent(second.id, '1.00'))).toEqual({ status: 'rejected' });
    expect(await planOf(second.repoId)).toBe('FREE');
  });

  describe('Pro as a PayPal subscription', () => {
    async function subscribe(token: string): Promise<{ id: string; sub: string }> {
      const res = await t.call({ method: 'GET', url: `/api/paypal/checkout?product_id=${PRICE_PRO_MONTHLY}`, token });
      expect(res.statusCode).toBe(200);
      const { approval_url, payment_id } = res.json();
      const sub = [...pp.subscriptions.values()].find((s) => s.customId === payment_id);
      expect(sub).toBeDefined();
      expect(approval_url).toBe(`${pp.url}/webapps/billing/subscriptions?ba_token=BA-${sub!.id}`);
      return { id: payment_id as string, sub: sub!.id };
    }
    const activated = (subId: string, customId: string, value: string) => pp.activatedEvent(subId, customId, value);
    /** PayPal's documented PAYMENT.SALE.COMPLETED event for a subscription's charge (v1 sale). */
    const sale = (
      subId: string,
      total: string,
      saleId = `${randomUUID().replace(/-/g, '').slice(0, 17).toUpperCase()}`,
      currency = 'USD',
    ) => ({
      id: `WH-${randomUUID().slice(0, 17).toUpperCase()}`,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: 'sale',
      event_type: 'PAYMENT.SALE.COMPLETED',
      summary: `Payment completed for ${total} ${currency}`,
      resource: {
        billing_agreement_id: subId,
        amount: { total, currency, details: { subtotal: total } },
        payment_mode: 'INSTANT_TRANSFER',
        update_time: new Date().toISOString(),
        create_time: new Date().toISOString(),
        protection_eligibility_type: 'ITEM_NOT_RECEIVED_ELIGIBLE,UNAUTHORIZED_PAYMENT_ELIGIBLE',
        transaction_fee: { currency, value: '0.88' },
        protection_eligibility: 'ELIGIBLE',
        links: [],
        id: saleId,
        state: 'completed',
        invoice_number: '',
      },
      links: [],
    });
    const periodEnd = async (token: string) => new Date((await tx(token)).subscription!.currentPeriodEnd).getTime();

    it('creates the product and plan once, then a subscription whose approve link is the approval_url', async () => {
      const a = await signUp(t, 'pp-sub-create-a@example.com');
      const b = await signUp(t, 'pp-sub-create-b@example.com');
      await subscribe(a.token);
      await subscribe(b.token);
      expect(pp.products).toHaveLength(1);
      expect([...pp.plans.values()]).toEqual([expect.objectContaining({ price: { value: '20.00', currency_code: 'USD' } })]);
      expect((await me(a.token)).planType).toBe(null);
      // Remembered in the database: after a restart (a new service) the plan is reused, not created again.
      const planId = [...pp.plans.keys()][0]!;
      const restarted = new BillingService(t.database.db, t.config.billing);
      let created = 0;
      expect(await restarted.providerPlan('PAYPAL', PRICE_PRO_MONTHLY, 'USD', 2000, async () => String(++created))).toBe(planId);
      expect(created).toBe(0);
    });

    it('activation (webhook) makes the user PRO; the first sale only records; a renewal sale extends by a period once', async () => {
      const u = await signUp(t, 'pp-sub-renew@example.com');
      const { id, sub } = await subscribe(u.token);
      pp.subscriptions.get(sub)!.status = 'ACTIVE';
      // Forged activation.
      const act = activated(sub, id, '20.00');
      expect((await post(act, { ...pp.deliver(act), 'paypal-transmission-sig': 'Zm9yZ2Vk' })).statusCode).toBe(401);
      expect((await me(u.token)).planType).toBe(null);
      expect(await deliver(act)).toEqual({ status: 'fulfilled' });
      expect((await me(u.token)).planType).toBe('PRO');
      const end1 = await periodEnd(u.token);
      // The first cycle's sale: already paid by the activation.
      const first = sale(sub, '20.00');
      expect(await deliver(first)).toEqual({ status: 'duplicate' });
      expect(await periodEnd(u.token)).toBe(end1);
      // A month later: the renewal extends Pro by one period and records a payment.
      const renewal = sale(sub, '20.00');
      expect(await deliver(renewal)).toEqual({ status: 'fulfilled' });
      const end2 = await periodEnd(u.token);
      expect(end2 - end1).toBe(30 * 86400_000);
      const payments = (await tx(u.token)).payments;
      expect(payments).toHaveLength(2);
      expect(
        payments.every(
          (p) => p.provider === 'PAYPAL' && p.productId === PRICE_PRO_MONTHLY && p.amount === 20 && p.status === 'PAYMENT_ACTIVE',
        ),
      ).toBe(true);
      // Replayed (same event) and redelivered under a new event id (same sale): nothing changes.
      expect(await deliver(renewal)).toEqual({ status: 'duplicate' });
      expect(await deliver({ ...renewal, id: `WH-${randomUUID().slice(0, 17).toUpperCase()}` })).toEqual({ status: 'duplicate' });
      expect(await periodEnd(u.token)).toBe(end2);
      expect((await tx(u.token)).payments).toHaveLength(2);
      // A renewal of the wrong amount or currency is refused and extends nothing.
      expect(await deliver(sale(sub, '2.00'))).toEqual({ status: 'rejected' });
      expect(await deliver(sale(sub, '20.00', undefined, 'EUR'))).toEqual({ status: 'rejected' });
      expect(await periodEnd(u.token)).toBe(end2);
      expect((await tx(u.token)).payments.filter((p) => p.status === 'PAYMENT_FAILED')).toHaveLength(2);
    });

    it('a subscription renewing at PayPal keeps Pro for the grace past its period (calendar months, retried charges); the late renewal extends from the old end', async () => {
      const u = await signUp(t, 'pp-sub-grace@example.com');
      const { id, sub } = await subscribe(u.token);
      expect(await deliver(activated(sub, id, '20.00'))).toEqual({ status: 'fulfilled' });
      const setEnd = (msAgo: number) =>
        t.database.db
          .updateTable('subscriptions')
          .set({ current_period_end: new Date(Date.now() - msAgo) })
          .where('user_id', '=', u.id)
          .execute();
      // A day past the period (a 31-day month): still Pro, still shown, awaiting the renewal.
      await setEnd(86400_000);
      const end1 = await periodEnd(u.token); // GET /transactions also runs the lapse check
      expect((await me(u.token)).planType).toBe('PRO');
      expect(await deliver(sale(sub, '20.00'))).toEqual({ status: 'duplicate' }); // the first cycle's sale
      expect(await deliver(sale(sub, '20.00'))).toEqual({ status: 'fulfilled' });
      expect(await periodEnd(u.token)).toBe(end1 + 30 * 86400_000);
      // No renewal for longer than the grace: Pro lapses.
      await setEnd(RENEWAL_GRACE_MS + 60_000);
      expect((await tx(u.token)).subscription).toBe(null);
      expect((await me(u.token)).planType).toBe('FREE');
    });

    it('an activation reporting another amount is refused', async () => {
      const u = await signUp(t, 'pp-sub-cheap@example.com');
      const { id, sub } = await subscribe(u.token);
      expect(await deliver(activated(sub, id, '0.50'))).toEqual({ status: 'rejected' });
      expect((await me(u.token)).planType).toBe(null);
    });

    it('the return path reads the subscription at PayPal; Cancel in Docent cancels it at PayPal and keeps Pro until the period ends', async () => {
      const u = await signUp(t, 'pp-sub-cancel@example.com');
      const { id, sub } = await subscribe(u.token);
      const confirm = () => t.call({ method: 'POST', url: `/api/v1/billing/paypal/payments/${id}/capture`, token: u.token });
      // Not approved yet: still pending.
      expect((await confirm()).json().status).toBe('PAYMENT_PENDING');
      const s = pp.subscriptions.get(sub)!;
      s.status = 'ACTIVE';
      s.lastPayment = { currency_code: 'USD', value: '20.00' };
      expect((await confirm()).json().status).toBe('PAYMENT_ACTIVE');
      expect((await me(u.token)).planType).toBe('PRO');

      const cancel = await t.call({ method: 'POST', url: '/api/v1/billing/subscription/cancel', token: u.token });
      expect(cancel.statusCode).toBe(200);
      expect(cancel.json().status).toBe('CANCELLED');
      expect(s.status).toBe('CANCELLED');
      expect(s.cancelReason).toBe('Cancelled by the subscriber in Docent');
      // PayPal's notice of that cancellation keeps the paid period.
      const notice = {
        id: `WH-${randomUUID().slice(0, 17).toUpperCase()}`,
        event_version: '1.0',
        resource_type: 'subscription',
        resource_version: '2.0',
        event_type: 'BILLING.SUBSCRIPTION.CANCELLED',
        summary: 'Subscription cancelled',
        resource: { id: sub, plan_id: s.planId, status: 'CANCELLED' },
        links: [],
      };
      expect(await deliver(notice)).toEqual({ status: 'ignored' });
      expect((await me(u.token)).planType).toBe('PRO');
    });

    it('when PayPal cannot cancel, Docent keeps the subscription active (502)', async () => {
      const u = await signUp(t, 'pp-sub-cancel-fail@example.com');
      const { id, sub } = await subscribe(u.token);
      pp.subscriptions.get(sub)!.status = 'ACTIVE';
      await deliver(activated(sub, id, '20.00'));
      pp.subscriptions.get(sub)!.status = 'EXPIRED';
      expect((await t.call({ method: 'POST', url: '/api/v1/billing/subscription/cancel', token: u.token })).statusCode).toBe(502);
      expect((await tx(u.token)).subscription?.status).toBe('ACTIVE');
    });

    it('BILLING.SUBSCRIPTION.CANCELLED at PayPal ends Pro for that subscription', async () => {
      const u = await signUp(t, 'pp-sub@example.com');
      const { id, sub } = await subscribe(u.token);
      await deliver(activated(sub, id, '20.00'));
      expect((await me(u.token)).planType).toBe('PRO');
      const cancelled = {
        id: 'WH-55TG7562XN2588878-8YH955435R661687G',
        event_version: '1.0',
        create_time: new Date().toISOString(),
        resource_type: 'subscription',
        resource_version: '2.0',
        event_type: 'BILLING.SUBSCRIPTION.CANCELLED',
        summary: 'Subscription cancelled',
        resource: { id: sub, plan_id: 'P-5ML4271244454362WXNWU5NQ', status: 'CANCELLED', status_update_time: new Date().toISOString() },
        links: [],
      };
      expect(await deliver(cancelled)).toEqual({ status: 'lapsed' });
      expect((await me(u.token)).planType).toBe('FREE');
    });
  });
});
