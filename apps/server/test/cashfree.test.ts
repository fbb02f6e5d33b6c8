import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_FULL_REPO, PRICE_PRO_MONTHLY, type TransactionsAnswer } from '@docent/contracts';
import { signCashfree, verifyCashfreeSignature } from '../src/billing/cashfree.ts';
import { createTestApp, signUp, type TestApp } from './helpers/app.ts';

const SECRET = 'cfsk_ma_test_secret';
const APP_ID = 'TEST-APP-ID';

/**
 * A loopback Cashfree PG (API version 2023-08-01): POST /pg/orders answers an ACTIVE order with
 * a payment_session_id; GET /pg/orders/{id} answers its status, which the test sets.
 */
class FakeCashfree {
  private server = http.createServer((req, res) => void this.handle(req, res));
  readonly orders = new Map<string, { order_id: string; order_amount: number; order_currency: string; order_status: string }>();
  readonly seen: Array<{ method: string; url: string; headers: http.IncomingHttpHeaders; body: unknown }> = [];
  url = '';

  async start(): Promise<void> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  stop(): Promise<void> {
    return new Promise((r) => this.server.close(() => r()));
  }
  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    let raw = '';
    for await (const chunk of req) raw += String(chunk);
    const body: unknown = raw ? JSON.parse(raw) : undefined;
    this.seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (req.headers['x-client-id'] !== APP_ID || req.headers['x-client-secret'] !== SECRET) return json(401, { message: 'authentication Failed', code: 'request_failed', type: 'authentication_error' });
    if (req.method === 'POST' && req.url === '/pg/orders') {
      const b = body as { order_id: string; order_amount: number; order_currency: string };
      const order = { order_id: b.order_id, order_amount: b.order_amount, order_currency: b.order_currency, order_status: 'ACTIVE' };
      this.orders.set(b.order_id, order);
      return json(200, { cf_order_id: '2149460581', created_at: new Date().toISOString(), ...order, payment_session_id: `session_${b.order_id.slice(0, 8)}`, order_expiry_time: new Date(Date.now() + 3600_000).toISOString() });
    }
    const m = /^\/pg\/orders\/([^/]+)$/.exec(req.url ?? '');
    if (req.method === 'GET' && m) {
      const order = this.orders.get(decodeURIComponent(m[1] ?? ''));
      return order ? json(200, { cf_order_id: '2149460581', ...order }) : json(404, { message: 'order not found', code: 'order_not_found', type: 'invalid_request_error' });
    }
    json(404, { message: 'not found' });
  }
}

/** Cashfree's documented PAYMENT_SUCCESS_WEBHOOK shape (2023-08-01), for an order. */
function paymentWebhook(type: 'PAYMENT_SUCCESS_WEBHOOK' | 'PAYMENT_FAILED_WEBHOOK', orderId: string, amount: number, cfPaymentId: number, currency = 'INR'): string {
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
    return t.call({ method: 'POST', url: '/api/cashfree/webhook', payload: raw, headers: { 'content-type': 'application/json', 'x-webhook-timestamp': ts, 'x-webhook-signature': opts.sig ?? signCashfree(SECRET, ts, raw) } });
  };

  async function checkout(token: string, query: string): Promise<string> {
    const res = await t.call({ method: 'GET', url: `/api/cashfree/checkout?${query}`, token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.session_id).toMatch(/^session_/);
    return body.payment_id as string;
  }

  it('offers Cashfree and no test provider once configured', async () => {
    expect((await t.call({ method: 'GET', url: '/api/v1/billing/providers' })).json()).toEqual({ paypal: false, cashfree: true, test: false });
  });

  it('creates the order in INR at the plan price with the documented headers', async () => {
    const u = await signUp(t, 'cf-order@example.com');
    const id = await checkout(u.token, `product_id=${PRICE_PRO_MONTHLY}`);
    const call = cf.seen.find((s) => s.method === 'POST' && (s.body as { order_id: string }).order_id === id);
    expect(call?.headers['x-api-version']).toBe('2023-08-01');
    expect(call?.body).toMatchObject({ order_amount: 1660, order_currency: 'INR', customer_details: { customer_id: u.id, customer_email: 'cf-order@example.com' }, order_meta: { notify_url: 'http://docent.test/api/cashfree/webhook' } });
  });

  it('a valid signed webhook fulfils once; a replay, a forged signature and a stale timestamp change nothing', async () => {
    const u = await signUp(t, 'cf-hook@example.com');
    const repo = await t.database.db.insertInto('repositories').values({ user_id: u.id, vendor: 'GIT', organization_name: 'acme', repo_name: 'cf', clone_url: 'https://example.com/acme/cf.git', default_branch: null, is_private: true }).returning('id').executeTakeFirstOrThrow();
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
    expect((await t.call({ method: 'POST', url: `/api/v1/billing/cashfree/payments/${id}/confirm`, token: other.token })).statusCode).toBe(404);
  });

  it('a subscription status webhook (expired) ends Pro', async () => {
    const u = await signUp(t, 'cf-sub@example.com');
    const id = await checkout(u.token, `product_id=${PRICE_PRO_MONTHLY}`);
    await webhook(paymentWebhook('PAYMENT_SUCCESS_WEBHOOK', id, 1660, 5114910000004));
    await t.database.db.updateTable('subscriptions').set({ provider_ref: 'sub_docent_1' }).where('user_id', '=', u.id).execute();
    expect((await t.call({ method: 'GET', url: '/api/v1/user', token: u.token })).json().planType).toBe('PRO');
    const raw = JSON.stringify({
      data: { subscription_details: { cf_subscription_id: '123456', subscription_id: 'sub_docent_1', subscription_status: 'EXPIRED', subscription_expiry_time: '2025-04-08T12:00:00+05:30' } },
      event_time: '2025-04-08T12:00:01+05:30',
      type: 'SUBSCRIPTION_STATUS_CHANGED',
    });
    expect((await webhook(raw)).json()).toEqual({ status: 'lapsed' });
    expect((await webhook(raw)).json()).toEqual({ status: 'duplicate' });
    expect((await t.call({ method: 'GET', url: '/api/v1/user', token: u.token })).json().planType).toBe('FREE');
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
