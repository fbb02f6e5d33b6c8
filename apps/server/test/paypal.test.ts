import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_PRO_MONTHLY, type TransactionsAnswer } from '@docent/contracts';
import { createTestApp, signUp, type TestApp } from './helpers/app.ts';

const CLIENT_ID = 'AZpaypal-client';
const CLIENT_SECRET = 'EHpaypal-secret';
const WEBHOOK_ID = '8PT597110X687430LKGECATA';

/**
 * A loopback PayPal REST API: client-credentials tokens, Orders v2 create and capture, and
 * verify-webhook-signature, which answers SUCCESS only for a delivery this fake "sent" (its
 * transmission id, signature and event id) to the registered webhook id.
 */
class FakePayPal {
  private server = http.createServer((req, res) => void this.handle(req, res));
  readonly orders = new Map<string, { id: string; customId: string; amount: { currency_code: string; value: string }; status: string; captureAmount?: { currency_code: string; value: string } }>();
  private readonly sent = new Map<string, { sig: string; eventId: string }>();
  url = '';

  async start(): Promise<void> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  stop(): Promise<void> {
    return new Promise((r) => this.server.close(() => r()));
  }
  /** The transmission headers PayPal would send with this event. */
  deliver(event: { id: string }): Record<string, string> {
    const transmissionId = randomUUID();
    const sig = Buffer.from(randomUUID()).toString('base64');
    this.sent.set(transmissionId, { sig, eventId: event.id });
    return {
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77',
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-sig': sig,
      'paypal-transmission-time': new Date().toISOString(),
    };
  }
  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    let raw = '';
    for await (const chunk of req) raw += String(chunk);
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (req.url === '/v1/oauth2/token') {
      const ok = req.headers.authorization === `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}` && raw === 'grant_type=client_credentials';
      return ok ? json(200, { scope: 'https://uri.paypal.com/services/payments/payment', access_token: 'A21AAFake', token_type: 'Bearer', app_id: 'APP-80W284485P519543T', expires_in: 32400, nonce: 'n' }) : json(401, { error: 'invalid_client' });
    }
    if (req.headers.authorization !== 'Bearer A21AAFake') return json(401, { name: 'AUTHENTICATION_FAILURE' });
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    if (req.method === 'POST' && req.url === '/v2/checkout/orders') {
      const unit = (body.purchase_units as Array<{ custom_id: string; amount: { currency_code: string; value: string } }>)[0]!;
      const id = `5O190127TN${this.orders.size.toString().padStart(6, '0')}`;
      this.orders.set(id, { id, customId: unit.custom_id, amount: unit.amount, status: 'PAYER_ACTION_REQUIRED' });
      return json(200, { id, status: 'PAYER_ACTION_REQUIRED', payment_source: { paypal: {} }, links: [{ href: `https://api-m.paypal.com/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' }, { href: `https://www.paypal.com/checkoutnow?token=${id}`, rel: 'payer-action', method: 'GET' }] });
    }
    const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(req.url ?? '');
    if (req.method === 'POST' && capture) {
      const o = this.orders.get(capture[1] ?? '');
      if (!o) return json(404, { name: 'RESOURCE_NOT_FOUND' });
      if (o.status !== 'APPROVED') return json(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] });
      o.status = 'COMPLETED';
      const amount = o.captureAmount ?? o.amount;
      return json(201, { id: o.id, status: 'COMPLETED', purchase_units: [{ reference_id: o.customId, payments: { captures: [{ id: '3C679366HH908993F', status: 'COMPLETED', amount, custom_id: o.customId, final_capture: true }] } }] });
    }
    if (req.method === 'POST' && req.url === '/v1/notifications/verify-webhook-signature') {
      const sent = this.sent.get(String(body.transmission_id));
      const ok = sent !== undefined && sent.sig === body.transmission_sig && body.webhook_id === WEBHOOK_ID && (body.webhook_event as { id?: string })?.id === sent.eventId;
      return json(200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
    }
    json(404, { name: 'RESOURCE_NOT_FOUND' });
  }
}

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
    t = await createTestApp({ PAYPAL_CLIENT_ID: CLIENT_ID, PAYPAL_CLIENT_SECRET: CLIENT_SECRET, PAYPAL_WEBHOOK_ID: WEBHOOK_ID, PAYPAL_BASE_URL: pp.url });
  });
  afterAll(async () => {
    await t.close();
    await pp.stop();
  });

  const post = (event: { id: string }, headers: Record<string, string>) =>
    t.call({ method: 'POST', url: '/api/paypal/webhook', payload: JSON.stringify(event), headers: { 'content-type': 'application/json', ...headers } });
  const me = async (token: string) => (await t.call({ method: 'GET', url: '/api/v1/user', token })).json();

  async function checkout(token: string): Promise<string> {
    const res = await t.call({ method: 'GET', url: `/api/paypal/checkout?product_id=${PRICE_PRO_MONTHLY}`, token });
    expect(res.statusCode).toBe(200);
    expect(res.json().approval_url).toMatch(/^https:\/\/www\.paypal\.com\/checkoutnow\?token=/);
    return res.json().payment_id as string;
  }

  it('approve → capture on return: the captured amount makes the user PRO; capturing again changes nothing', async () => {
    const u = await signUp(t, 'pp-return@example.com');
    const id = await checkout(u.token);
    const capture = () => t.call({ method: 'POST', url: `/api/v1/billing/paypal/payments/${id}/capture`, token: u.token });
    // Not approved yet: PayPal refuses the capture.
    expect((await capture()).statusCode).toBe(502);
    [...pp.orders.values()].find((o) => o.customId === id)!.status = 'APPROVED';
    expect((await capture()).json().status).toBe('PAYMENT_ACTIVE');
    expect((await me(u.token)).planType).toBe('PRO');
    expect((await capture()).json().status).toBe('PAYMENT_ACTIVE');
  });

  it('a capture of another amount fails the payment', async () => {
    const u = await signUp(t, 'pp-amount@example.com');
    const id = await checkout(u.token);
    const o = [...pp.orders.values()].find((x) => x.customId === id)!;
    o.status = 'APPROVED';
    o.captureAmount = { currency_code: 'USD', value: '0.01' };
    expect((await t.call({ method: 'POST', url: `/api/v1/billing/paypal/payments/${id}/capture`, token: u.token })).statusCode).toBe(409);
    expect((await me(u.token)).planType).toBe(null);
    expect(((await t.call({ method: 'GET', url: '/api/transactions', token: u.token })).json() as TransactionsAnswer).payments[0]?.status).toBe('PAYMENT_FAILED');
  });

  it('webhooks: a verified delivery fulfils once; forged, replayed and wrong-amount deliveries do not', async () => {
    const u = await signUp(t, 'pp-hook@example.com');
    const id = await checkout(u.token);
    const event = captureEvent(id, '20.00');
    // Forged: a signature PayPal never sent.
    const forged = { ...pp.deliver(event), 'paypal-transmission-sig': 'Zm9yZ2Vk' };
    expect((await post(event, forged)).statusCode).toBe(401);
    // Missing transmission headers.
    expect((await post(event, {})).statusCode).toBe(401);
    // A signed delivery of another event with this event's body.
    expect((await post(event, pp.deliver({ id: 'WH-OTHER' }))).statusCode).toBe(401);
    expect((await me(u.token)).planType).toBe(null);

    const ok = await post(event, pp.deliver(event));
    expect(ok.json()).toEqual({ status: 'fulfilled' });
    expect((await me(u.token)).planType).toBe('PRO');
    expect((await post(event, pp.deliver(event))).json()).toEqual({ status: 'duplicate' });

    const v = await signUp(t, 'pp-hook-amount@example.com');
    const id2 = await checkout(v.token);
    const cheap = captureEvent(id2, '1.00');
    expect((await post(cheap, pp.deliver(cheap))).json()).toEqual({ status: 'rejected' });
    expect((await me(v.token)).planType).toBe(null);
  });

  it('BILLING.SUBSCRIPTION.CANCELLED ends Pro for that subscription', async () => {
    const u = await signUp(t, 'pp-sub@example.com');
    const id = await checkout(u.token);
    const paid = captureEvent(id, '20.00');
    await post(paid, pp.deliver(paid));
    await t.database.db.updateTable('subscriptions').set({ provider_ref: 'I-BW452GLLEP1G' }).where('user_id', '=', u.id).execute();
    const cancelled = {
      id: 'WH-55TG7562XN2588878-8YH955435R661687G',
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: 'subscription',
      resource_version: '2.0',
      event_type: 'BILLING.SUBSCRIPTION.CANCELLED',
      summary: 'Subscription cancelled',
      resource: { id: 'I-BW452GLLEP1G', plan_id: 'P-5ML4271244454362WXNWU5NQ', status: 'CANCELLED', status_update_time: new Date().toISOString() },
      links: [],
    };
    expect((await post(cancelled, pp.deliver(cancelled))).json()).toEqual({ status: 'lapsed' });
    expect((await me(u.token)).planType).toBe('FREE');
  });
});
