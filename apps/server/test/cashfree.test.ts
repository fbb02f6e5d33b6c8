import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_FULL_REPO, PRICE_PRO_MONTHLY, type TransactionsAnswer } from '@docent/contracts';
import { signCashfree, verifyCashfreeSignature } from '../src/billing/cashfree.ts';
import { createTestApp, signUp, type TestApp } from './helpers/app.ts';
import { CASHFREE_APP_ID as APP_ID, CASHFREE_SECRET, FakeCashfree } from './helpers/fake-cashfree.ts';

const SECRET = CASHFREE_SECRET;

/** Cashfree's documented PAYMENT_SUCCESS_WEBHOOK shape (2023-08-01), for an order. */
function paymentWebhook(
  type: 'PAYMENT_SUCCESS_WEBHOOK' | 'PAYMENT_FAILED_WEBHOOK',
  orderId: string,
  amount: number,
  cfPaymentId: number,
  currency = 'INR',
): string {
  return JSON.stringify({
    data: {
      order: { order_id: orderId, order_amount: amount, order_currency: currency, order_tags: null },
      payment: {
        cf_payment_id: cfPaymentId,
        payment_status: type === 'PAYMENT_SUCCESS_WEBHOOK' ? 'SUCCESS' : 'FAILED',
        payment_amount: amount,
        payment_currency: currency,
        payment_message: type === 'PAYMENT_SUCCESS_WEBHOOK' ? 'Simulated response message' : 'Transaction declined',
        payment_time: '2025-03-08T12:55:16+05:30',
        bank_reference: '1234567890',
        auth_id: null,
        payment_method: { upi: { channel: null, upi_id: 'testsuccess@gocash' } },
        payment_group: 'upi',
      },
      customer_details: { customer_name: null, customer_id: 'u1', customer_email: 'a@example.com', customer_phone: '9999999999' },
      payment_gateway_details: { gateway_name: 'CASHFREE', gateway_order_id: '2149460581', gateway_payment_id: String(cfPaymentId) },
    },
    event_time: '2025-03-08T12:55:18+05:30',
    type,
  });
}

describe('Cashfree', () => {
  let t: TestApp;
  const cf = new FakeCashfree();
  beforeAll(async () => {
    await cf.start();
    t = await createTestApp({ CASHFREE_APP_ID: APP_ID, CASHFREE_SECRET_KEY: SECRET, CASHFREE_BASE_URL: cf.url });
  });
  afterAll(async () => {
    await t.close();
    await cf.stop();
  });

  const webhook = (raw: string, opts: { ts?: string; sig?: string } = {}) => {
    const ts = opts.ts ?? String(Date.now());
    return t.call({
      method: 'POST',
      url: '/api/cashfree/webhook',
      payload: raw,
      headers: {
        'content-type': 'application/json',
        'x-webhook-timestamp': ts,
        'x-webhook-signature': opts.sig ?? signCashfree(SECRET, ts, raw),
      },
    });
  };

  async function checkout(token: string, query: string): Promise<string> {
    const res = await t.call({ method: 'GET', url: `/api/cashfree/checkout?${query}`, token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.session_id).toMatch(/^session_/);
    return body.payment_id as string;
  }

  it('offers Cashfree and no test provider once configured', async () => {
    expect((await t.call({ method: 'GET', url: '/api/v1/billing/providers' })).json()).toEqual({
      paypal: false,
      cashfree: true,
      test: false,
    });
  });

  it('creates the order in INR at the plan price with the documented headers', async () => {
    const u = await signUp(t, 'cf-order@example.com');
    const id = await checkout(u.token, `product_id=${PRICE_PRO_MONTHLY}`);
    const call = cf.seen.find((s) => s.method === 'POST' && (s.body as { order_id: string }).order_id === id);
    expect(call?.headers['x-api-version']).toBe('2023-08-01');
    expect(call?.body).toMatchObject({
      order_amount: 1660,
      order_currency: 'INR',
      customer_details: { customer_id: u.id, customer_email: 'cf-order@example.com' },
      order_meta: { notify_url: 'http://docent.test/api/cashfree/webhook' },
    });
  });

  it('a valid signed webhook fulfils once; a replay, a forged signature and a stale timestamp change nothing', async () => {
    const u = await signUp(t, 'cf-hook@example.com');
    const repo = await t.database.db
      .insertInto('repositories')
      .values({
        user_id: u.id,
        vendor: 'GIT',
        organization_name: 'acme',
        repo_name: 'cf',
        clone_url: 'https://example.com/acme/cf.git',
        default_branch: null,
        is_private: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = await checkout(u.token, `product_id=${PRICE_FULL_REPO}&repo_ids=${repo.id}`);
    const raw = paymentWebhook('PAYMENT_SUCCESS_WEBHOOK', id, 4067, 5114910000001);

    expect((await webhook(raw, { sig: signCashfree('not-the-secret', String(Date.now()), raw) })).statusCode).toBe(401);
    const old = String(Date.now() - 60 * 60_000);
    expect((await webhook(raw, { ts: old, sig: signCashfree(SECRET, old, raw) })).statusCode).toBe(401);
    // A body changed after signing fails the check.
    const ts = String(Date.now());
    expect((await webhook(raw.replace('4067', '1'), { ts, sig: signCashfree(SECRET, ts, raw) })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/v1/user', token: u.token })).json().countRepoGen).toBe(0);

    const ok = await webhook(raw);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: 'fulfilled' });
    const replay = await webhook(raw);
    expect(replay.json()).toEqual({ status: 'duplicate' });
    expect((await t.call({ method: 'GET', url: '/api/v1/user', token: u.token })).json().countRepoGen).toBe(1);
    const row = await t.database.db.selectFrom('repositories').select('plan_type').where('id', '=', repo.id).executeTakeFirstOrThrow();
    expect(row.plan_type).toBe('PREMIUM');
  });

  it('a webhook for a wrong amount fails the payment and grants nothing', async () => {
    const u = await signUp(t, 'cf-amount@example.com');
    const id = await checkout(u.token, `product_id=${PRICE_PRO_MONTHLY}`);
    const res = await webhook(paymentWebhook('PAYMENT_SUCCESS_WEBHOOK', id, 1, 5114910000002));
    expect(res.json()).toEqual({ status: 'rejected' });
    const tx = (await t.call({ method: 'GET', url: '/api/transactions', token: u.token })).json() as TransactionsAnswer;
    expect(tx.payments[0]?.status).toBe('PAYMENT_FAILED');
    expect((await t.call({ method: 'GET', url: '/api/v1/user', token: u.token })).json().planType).toBe(null);
  });

  it('the return check reads the order status from Cashfree: ACTIVE waits, PAID fulfils', async () => {
    const u = await signUp(t, 'cf-return@example.com');
    const id = await checkout(u.token, `product_id=${PRICE_PRO_MONTHLY}`);
    const confirm = () => t.call({ method: 'POST', url: `/api/v1/billing/cashfree/payments/${id}/confirm`, token: u.token });
    expect((await confirm()).json().status).toBe('PAYMENT_PENDING');
    cf.orders.get(id)!.order_status = 'PAID';
    expect((await confirm()).json().status).toBe('PAYMENT_ACTIVE');
    expect((await t.call({ method: 'GET', url: '/api/v1/user', token: u.token })).json().planType).toBe('PRO');
    // The webhook arriving after the return changes nothing more.
    expect((await webhook(paymentWebhook('PAYMENT_SUCCESS_WEBHOOK', id, 1660, 5114910000003))).json()).toEqual({ status: 'duplicate' });
    const other = await signUp(t, 'cf-other@example.com');
    expect((await t.call({ method: 'POST', url: `/api/v1/billing/cashfree/payments/${id}/confirm`, token: other.token })).statusCode).toBe(
      404,
    );
  });

  it('a subscription status webhook (expired) ends Pro', async () => {
    const u = await signUp(t, 'cf-sub@example.com');
    const id = await checkout(u.token, `product_id=${PRICE_PRO_MONTHLY}`);
    await webhook(paymentWebhook('PAYMENT_SUCCESS_WEBHOOK', id, 1660, 5114910000004));
    await t.database.db.updateTable('subscriptions').set({ provider_ref: 'sub_docent_1' }).where('user_id', '=', u.id).execute();
    expect((await t.call({ method: 'GET', url: '/api/v1/user', token: u.token })).json().planType).toBe('PRO');
    const raw = JSON.stringify({
      data: {
        subscription_details: {
          cf_subscription_id: '123456',
          subscription_id: 'sub_docent_1',
          subscription_status: 'EXPIRED',
          subscription_expiry_time: '2025-04-08T12:00:00+05:30',
        },
      },
      event_time: '2025-04-08T12:00:01+05:30',
      type: 'SUBSCRIPTION_STATUS_CHANGED',
    });
    expect((await webhook(raw)).json()).toEqual({ status: 'lapsed' });
    expect((await webhook(raw)).json()).toEqual({ status: 'duplicate' });
    expect((await t.call({ method: 'GET', url: '/api/v1/user', token: u.token })).json().planType).toBe('FREE');
  });

  describe("payment links (the web app's INR checkout)", () => {
    /** Cashfree's documented PAYMENT_LINK_EVENT payload. */
    const linkEvent = (linkId: string, status: string, paid: number, currency = 'INR') =>
      JSON.stringify({
        data: {
          cf_link_id: 1001,
          link_id: linkId,
          link_status: status,
          link_currency: currency,
          link_amount: paid,
          link_amount_paid: paid,
          link_partial_payments: false,
          link_minimum_partial_amount: null,
          link_purpose: 'Docent',
          link_created_at: '2025-03-08T12:00:00+05:30',
          customer_details: { customer_name: null, customer_phone: '9999999999', customer_email: 'a@example.com' },
          link_meta: { notify_url: 'x', return_url: 'y' },
          link_url: 'https://payments-test.cashfree.com/links/o1',
          link_expiry_time: '2025-03-09T12:00:00+05:30',
          link_notes: {},
          link_auto_reminders: false,
          link_notify: { send_sms: false, send_email: false },
          order: {
            order_amount: paid,
            order_id: 'CFPay_docent_1',
            order_expiry_time: '2025-03-09T12:00:00+05:30',
            order_hash: 'h',
            transaction_id: 1021206,
            transaction_status: 'SUCCESS',
          },
        },
        type: 'PAYMENT_LINK_EVENT',
        version: 1,
        event_time: '2025-03-08T12:05:00+05:30',
      });
    const repoFor = async (userId: string, name: string) =>
      (
        await t.database.db
          .insertInto('repositories')
          .values({
            user_id: userId,
            vendor: 'GIT',
            organization_name: 'acme',
            repo_name: name,
            clone_url: `https://example.com/acme/${name}.git`,
            default_branch: null,
            is_private: true,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const planOf = async (id: string) =>
      (await t.database.db.selectFrom('repositories').select('plan_type').where('id', '=', id).executeTakeFirstOrThrow()).plan_type;

    it('creates a link at the plan price whose hosted page pays; the return check reads the link status', async () => {
      const u = await signUp(t, 'cf-link@example.com');
      const repoId = await repoFor(u.id, 'linked');
      const res = await t.call({
        method: 'GET',
        url: `/api/cashfree/link?product_id=${PRICE_FULL_REPO}&repo_ids=${repoId}`,
        token: u.token,
      });
      expect(res.statusCode).toBe(200);
      const { link_url, payment_id } = res.json();
      const link = cf.links.get(`link-${payment_id}`)!;
      expect(link_url).toBe(`${cf.url}/links/link-${payment_id}`);
      expect(link).toMatchObject({
        link_amount: 4067,
        link_currency: 'INR',
        returnUrl: `http://docent.test/profile/transactions?payment_id=${payment_id}`,
      });
      const confirm = () => t.call({ method: 'POST', url: `/api/v1/billing/cashfree/payments/${payment_id}/confirm`, token: u.token });
      expect((await confirm()).json().status).toBe('PAYMENT_PENDING');
      // The hosted page's Pay button.
      const paid = await fetch(link_url, { method: 'POST', redirect: 'manual' });
      expect(paid.status).toBe(303);
      expect((await confirm()).json().status).toBe('PAYMENT_COMPLETE');
      expect(await planOf(repoId)).toBe('PREMIUM');
      // The link's webhook afterwards changes nothing more.
      expect((await webhook(linkEvent(`link-${payment_id}`, 'PAID', 4067))).json()).toEqual({ status: 'duplicate' });
      expect((await t.call({ method: 'GET', url: '/api/v1/user', token: u.token })).json().countRepoGen).toBe(1);
    });

    it('PAYMENT_LINK_EVENT: signed and paid fulfils once; forged, replayed or short-paid does not', async () => {
      const u = await signUp(t, 'cf-link-hook@example.com');
      const repoId = await repoFor(u.id, 'hooked');
      const { payment_id } = (
        await t.call({ method: 'GET', url: `/api/cashfree/link?product_id=${PRICE_FULL_REPO}&repo_ids=${repoId}`, token: u.token })
      ).json();
      const raw = linkEvent(`link-${payment_id}`, 'PAID', 4067);
      expect((await webhook(raw, { sig: signCashfree('not-the-secret', String(Date.now()), raw) })).statusCode).toBe(401);
      expect(await planOf(repoId)).toBe('FREE');
      expect((await webhook(raw)).json()).toEqual({ status: 'fulfilled' });
      expect((await webhook(raw)).json()).toEqual({ status: 'duplicate' });
      expect(await planOf(repoId)).toBe('PREMIUM');

      const v = await signUp(t, 'cf-link-short@example.com');
      const repo2 = await repoFor(v.id, 'short');
      const second = (
        await t.call({ method: 'GET', url: `/api/cashfree/link?product_id=${PRICE_FULL_REPO}&repo_ids=${repo2}`, token: v.token })
      ).json();
      expect((await webhook(linkEvent(`link-${second.payment_id}`, 'PAID', 10))).json()).toEqual({ status: 'rejected' });
      expect(await planOf(repo2)).toBe('FREE');
    });
  });

  describe('Pro as a Cashfree subscription', () => {
    /** Cashfree's documented SUBSCRIPTION_PAYMENT_SUCCESS payload (2023-08-01). */
    const chargeEvent = (subscriptionId: string, cfPaymentId: string, amount: number, type: 'AUTH' | 'CHARGE') =>
      JSON.stringify({
        data: {
          payment_id: `pay-${cfPaymentId}`,
          cf_payment_id: cfPaymentId,
          cf_txn_id: `txn-${cfPaymentId}`,
          cf_order_id: `ord-${cfPaymentId}`,
          subscription_id: subscriptionId,
          cf_subscription_id: '5000',
          payment_type: type,
          payment_amount: amount,
          payment_status: 'SUCCESS',
          payment_initiated_date: '2025-03-08T12:00:00+05:30',
          retry_attempts: 0,
          authorization_details: {
            authorization_amount: 1660,
            authorization_amount_refund: false,
            authorization_reference: 'ref',
            authorization_time: '2025-03-08T12:00:00+05:30',
            authorization_status: 'ACTIVE',
            payment_id: `pay-${cfPaymentId}`,
            payment_method: 'upi',
          },
          failure_details: null,
        },
        event_time: '2025-03-08T12:00:01+05:30',
        type: 'SUBSCRIPTION_PAYMENT_SUCCESS',
      });
    const me = async (token: string) => (await t.call({ method: 'GET', url: '/api/v1/user', token })).json();
    const txOf = async (token: string) => (await t.call({ method: 'GET', url: '/api/transactions', token })).json() as TransactionsAnswer;
    async function subscribe(token: string): Promise<{ id: string; sub: string }> {
      const res = await t.call({ method: 'GET', url: `/api/cashfree/subscription?product_id=${PRICE_PRO_MONTHLY}`, token });
      expect(res.statusCode).toBe(200);
      const { redirect_link, payment_id } = res.json();
      const sub = `sub-${payment_id}`;
      expect(redirect_link).toBe(`${cf.url}/subscriptions/${sub}/authorise`);
      return { id: payment_id as string, sub };
    }

    it('creates the plan once and a subscription whose authorisation link is the redirect_link; only Pro', async () => {
      const a = await signUp(t, 'cf-sub-a@example.com');
      const b = await signUp(t, 'cf-sub-b@example.com');
      const { sub } = await subscribe(a.token);
      await subscribe(b.token);
      expect([...cf.plans.values()]).toEqual([{ plan_id: 'docent-pro-inr-166000', plan_recurring_amount: 1660, plan_currency: 'INR' }]);
      expect(cf.subscriptions.get(sub)).toMatchObject({
        plan_id: 'docent-pro-inr-166000',
        authorization_amount: 1660,
        subscription_status: 'INITIALIZED',
      });
      expect(
        (await t.call({ method: 'GET', url: `/api/cashfree/subscription?product_id=${PRICE_FULL_REPO}`, token: a.token })).statusCode,
      ).toBe(400);
      expect((await me(a.token)).planType).toBe(null);
    });

    it('the authorisation payment makes the user PRO; a monthly charge renews once; a wrong amount is refused', async () => {
      const u = await signUp(t, 'cf-sub-renew@example.com');
      const { sub } = await subscribe(u.token);
      const auth = chargeEvent(sub, '7000001', 1660, 'AUTH');
      expect((await webhook(auth, { sig: signCashfree('forged', String(Date.now()), auth) })).statusCode).toBe(401);
      expect((await me(u.token)).planType).toBe(null);
      expect((await webhook(auth)).json()).toEqual({ status: 'fulfilled' });
      expect((await me(u.token)).planType).toBe('PRO');
      const end1 = new Date((await txOf(u.token)).subscription!.currentPeriodEnd).getTime();
      const renewal = chargeEvent(sub, '7000002', 1660, 'CHARGE');
      expect((await webhook(renewal)).json()).toEqual({ status: 'fulfilled' });
      expect((await webhook(renewal)).json()).toEqual({ status: 'duplicate' });
      const end2 = new Date((await txOf(u.token)).subscription!.currentPeriodEnd).getTime();
      expect(end2 - end1).toBe(30 * 86400_000);
      expect((await txOf(u.token)).payments.filter((p) => p.provider === 'CASHFREE' && p.status === 'PAYMENT_ACTIVE')).toHaveLength(2);
      expect((await webhook(chargeEvent(sub, '7000003', 16, 'CHARGE'))).json()).toEqual({ status: 'rejected' });
      expect(new Date((await txOf(u.token)).subscription!.currentPeriodEnd).getTime()).toBe(end2);
    });

    it('the return check reads the subscription; Cancel in Docent cancels it at Cashfree and keeps Pro for the paid period', async () => {
      const u = await signUp(t, 'cf-sub-cancel@example.com');
      const { id, sub } = await subscribe(u.token);
      const confirm = () => t.call({ method: 'POST', url: `/api/v1/billing/cashfree/payments/${id}/confirm`, token: u.token });
      expect((await confirm()).json().status).toBe('PAYMENT_PENDING');
      const s = cf.subscriptions.get(sub)!;
      s.subscription_status = 'ACTIVE';
      s.authorization_status = 'ACTIVE';
      expect((await confirm()).json().status).toBe('PAYMENT_ACTIVE');
      expect((await me(u.token)).planType).toBe('PRO');
      // The AUTH payment's webhook afterwards only records the charge.
      expect((await webhook(chargeEvent(sub, '7100001', 1660, 'AUTH'))).json()).toEqual({ status: 'duplicate' });
      expect((await txOf(u.token)).payments).toHaveLength(1);

      const cancel = await t.call({ method: 'POST', url: '/api/v1/billing/subscription/cancel', token: u.token });
      expect(cancel.statusCode).toBe(200);
      expect(s.subscription_status).toBe('CANCELLED');
      const notice = JSON.stringify({
        data: {
          subscription_details: { cf_subscription_id: s.cf_subscription_id, subscription_id: sub, subscription_status: 'CANCELLED' },
        },
        event_time: '2025-03-09T12:00:01+05:30',
        type: 'SUBSCRIPTION_STATUS_CHANGED',
      });
      expect((await webhook(notice)).json()).toEqual({ status: 'ignored' });
      expect((await me(u.token)).planType).toBe('PRO');
    });
  });

  it('verifyCashfreeSignature matches the documented algorithm', () => {
    const now = 1_700_000_000_000;
    const sig = signCashfree(SECRET, String(now), '{"a":1}');
    expect(verifyCashfreeSignature(SECRET, String(now), '{"a":1}', sig, now)).toBe(true);
    expect(verifyCashfreeSignature(SECRET, String(now), '{"a":2}', sig, now)).toBe(false);
    expect(verifyCashfreeSignature(SECRET, undefined, '{"a":1}', sig, now)).toBe(false);
    expect(verifyCashfreeSignature(SECRET, String(now), '{"a":1}', 'short', now)).toBe(false);
  });
});
