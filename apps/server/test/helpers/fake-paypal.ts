import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import { LoopbackFake } from './loopback-fake.ts';

export const PAYPAL_CLIENT_ID = 'AZpaypal-client';
export const PAYPAL_CLIENT_SECRET = 'EHpaypal-secret';
export const PAYPAL_WEBHOOK_ID = '8PT597110X687430LKGECATA';
const CLIENT_ID = PAYPAL_CLIENT_ID;
const CLIENT_SECRET = PAYPAL_CLIENT_SECRET;
const WEBHOOK_ID = PAYPAL_WEBHOOK_ID;

/**
 * A loopback PayPal REST API: client-credentials tokens, Orders v2 create and capture, and
 * verify-webhook-signature, which answers SUCCESS only for a delivery this fake "sent" (its
 * transmission id, signature and event id) to the registered webhook id.
 */
export class FakePayPal extends LoopbackFake {
  readonly orders = new Map<
    string,
    {
      id: string;
      customId: string;
      amount: { currency_code: string; value: string };
      status: string;
      captureAmount?: { currency_code: string; value: string };
    }
  >();
  readonly subscriptions = new Map<
    string,
    {
      id: string;
      planId: string;
      customId: string;
      status: string;
      returnUrl: string;
      cancelReason?: string;
      lastPayment?: { currency_code: string; value: string };
    }
  >();
  /** called when the approval page approves a subscription (the e2e spec sends the webhook from here) */
  onApproved: ((sub: { id: string; planId: string; customId: string }) => Promise<void>) | null = null;
  readonly plans = new Map<string, { id: string; productId: string; price: { value: string; currency_code: string } }>();
  readonly products: string[] = [];
  private readonly sent = new Map<string, { sig: string; eventId: string }>();
  /**
   * PayPal's documented BILLING.SUBSCRIPTION.ACTIVATED event (resource version 2.0) for one of
   * this fake's subscriptions; `value` is the first payment (default: its plan's price).
   */
  activatedEvent(subId: string, customId?: string, value?: string) {
    const sub = this.subscriptions.get(subId);
    const price = this.plans.get(sub?.planId ?? '')?.price;
    return {
      id: `WH-${randomUUID().slice(0, 17).toUpperCase()}`,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: 'subscription',
      resource_version: '2.0',
      event_type: 'BILLING.SUBSCRIPTION.ACTIVATED',
      summary: 'Subscription activated',
      resource: {
        id: subId,
        plan_id: sub?.planId,
        custom_id: customId ?? sub?.customId,
        status: 'ACTIVE',
        quantity: '1',
        subscriber: { email_address: 'buyer@example.com', payer_id: 'YY9WRWVMNRFRC', name: { given_name: 'John', surname: 'Doe' } },
        start_time: new Date().toISOString(),
        billing_info: {
          outstanding_balance: { currency_code: 'USD', value: '0.0' },
          cycle_executions: [
            {
              tenure_type: 'REGULAR',
              sequence: 1,
              cycles_completed: 1,
              cycles_remaining: 0,
              current_pricing_scheme_version: 1,
              total_cycles: 0,
            },
          ],
          last_payment: {
            amount: { currency_code: price?.currency_code ?? 'USD', value: value ?? price?.value ?? '0.00' },
            time: new Date().toISOString(),
          },
          next_billing_time: new Date(Date.now() + 30 * 86400_000).toISOString(),
          failed_payments_count: 0,
        },
        links: [],
      },
      links: [],
    };
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
  protected async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    let raw = '';
    for await (const chunk of req) raw += String(chunk);
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    // PayPal's approval page for a subscription (the payer's browser; no credentials).
    const approve = /^\/webapps\/billing\/subscriptions\?ba_token=BA-([^&]+)$/.exec(req.url ?? '');
    if (approve) {
      const s = this.subscriptions.get(decodeURIComponent(approve[1] ?? ''));
      if (!s) return json(404, { name: 'RESOURCE_NOT_FOUND' });
      const plan = this.plans.get(s.planId);
      if (req.method === 'POST') {
        s.status = 'ACTIVE';
        s.lastPayment = plan?.price;
        await this.onApproved?.(s);
        const back = new URL(s.returnUrl);
        back.searchParams.set('subscription_id', s.id);
        back.searchParams.set('ba_token', `BA-${s.id}`);
        res.writeHead(303, { location: back.toString() });
        return void res.end();
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return void res.end(
        `<!doctype html><html lang="en"><head><title>PayPal</title></head><body><main><h1>PayPal (test double)</h1>` +
          `<p data-testid="pp-price">$${plan?.price.value ?? '?'} ${plan?.price.currency_code ?? ''} per month</p>` +
          `<form method="post"><button type="submit">Agree &amp; Subscribe</button></form></main></body></html>`,
      );
    }
    if (req.url === '/v1/oauth2/token') {
      const ok =
        req.headers.authorization === `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}` &&
        raw === 'grant_type=client_credentials';
      return ok
        ? json(200, {
            scope: 'https://uri.paypal.com/services/payments/payment',
            access_token: 'A21AAFake',
            token_type: 'Bearer',
            app_id: 'APP-80W284485P519543T',
            expires_in: 32400,
            nonce: 'n',
          })
        : json(401, { error: 'invalid_client' });
    }
    if (req.headers.authorization !== 'Bearer A21AAFake') return json(401, { name: 'AUTHENTICATION_FAILURE' });
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    if (req.method === 'POST' && req.url === '/v2/checkout/orders') {
      const unit = (body.purchase_units as Array<{ custom_id: string; amount: { currency_code: string; value: string } }>)[0]!;
      const id = `5O190127TN${this.orders.size.toString().padStart(6, '0')}`;
      this.orders.set(id, { id, customId: unit.custom_id, amount: unit.amount, status: 'PAYER_ACTION_REQUIRED' });
      return json(200, {
        id,
        status: 'PAYER_ACTION_REQUIRED',
        payment_source: { paypal: {} },
        links: [
          { href: `https://api-m.paypal.com/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' },
          { href: `${this.url}/checkoutnow?token=${id}`, rel: 'payer-action', method: 'GET' },
        ],
      });
    }
    const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(req.url ?? '');
    if (req.method === 'POST' && capture) {
      const o = this.orders.get(capture[1] ?? '');
      if (!o) return json(404, { name: 'RESOURCE_NOT_FOUND' });
      if (o.status !== 'APPROVED') return json(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] });
      o.status = 'COMPLETED';
      const amount = o.captureAmount ?? o.amount;
      return json(201, {
        id: o.id,
        status: 'COMPLETED',
        purchase_units: [
          {
            reference_id: o.customId,
            payments: { captures: [{ id: '3C679366HH908993F', status: 'COMPLETED', amount, custom_id: o.customId, final_capture: true }] },
          },
        ],
      });
    }
    if (req.method === 'POST' && req.url === '/v1/catalogs/products') {
      const id = `PROD-${(this.products.length + 1).toString().padStart(13, '0')}`;
      this.products.push(id);
      return json(201, {
        id,
        name: body.name,
        description: body.description,
        create_time: new Date().toISOString(),
        links: [{ href: `https://api-m.paypal.com/v1/catalogs/products/${id}`, rel: 'self', method: 'GET' }],
      });
    }
    if (req.method === 'POST' && req.url === '/v1/billing/plans') {
      if (!this.products.includes(String(body.product_id))) return json(422, { name: 'UNPROCESSABLE_ENTITY' });
      const cycle = (
        body.billing_cycles as Array<{
          pricing_scheme: { fixed_price: { value: string; currency_code: string } };
          frequency: { interval_unit: string };
        }>
      )[0]!;
      const id = `P-${(this.plans.size + 1).toString().padStart(24, '0')}`;
      this.plans.set(id, { id, productId: String(body.product_id), price: cycle.pricing_scheme.fixed_price });
      return json(201, {
        id,
        product_id: body.product_id,
        name: body.name,
        status: 'ACTIVE',
        usage_type: 'LICENSED',
        create_time: new Date().toISOString(),
        links: [],
      });
    }
    if (req.method === 'POST' && req.url === '/v1/billing/subscriptions') {
      if (!this.plans.has(String(body.plan_id))) return json(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'INVALID_PLAN' }] });
      const id = `I-${(this.subscriptions.size + 1).toString().padStart(12, '0')}`;
      this.subscriptions.set(id, {
        id,
        planId: String(body.plan_id),
        customId: String(body.custom_id),
        status: 'APPROVAL_PENDING',
        returnUrl: String((body.application_context as { return_url?: string })?.return_url ?? ''),
      });
      return json(201, {
        id,
        status: 'APPROVAL_PENDING',
        status_update_time: new Date().toISOString(),
        plan_id: body.plan_id,
        custom_id: body.custom_id,
        links: [
          { href: `${this.url}/webapps/billing/subscriptions?ba_token=BA-${id}`, rel: 'approve', method: 'GET' },
          { href: `https://api-m.paypal.com/v1/billing/subscriptions/${id}`, rel: 'edit', method: 'PATCH' },
          { href: `https://api-m.paypal.com/v1/billing/subscriptions/${id}`, rel: 'self', method: 'GET' },
        ],
      });
    }
    const sub = /^\/v1\/billing\/subscriptions\/([^/]+)(\/cancel)?$/.exec(req.url ?? '');
    if (sub) {
      const s = this.subscriptions.get(decodeURIComponent(sub[1] ?? ''));
      if (!s) return json(404, { name: 'RESOURCE_NOT_FOUND' });
      if (req.method === 'POST' && sub[2]) {
        if (s.status !== 'ACTIVE' && s.status !== 'SUSPENDED')
          return json(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'SUBSCRIPTION_STATUS_INVALID' }] });
        s.status = 'CANCELLED';
        s.cancelReason = String(body.reason);
        res.writeHead(204);
        return void res.end();
      }
      if (req.method === 'GET') {
        return json(200, {
          id: s.id,
          plan_id: s.planId,
          custom_id: s.customId,
          status: s.status,
          billing_info: s.lastPayment
            ? {
                outstanding_balance: { currency_code: 'USD', value: '0.0' },
                last_payment: { amount: s.lastPayment, time: new Date().toISOString() },
                failed_payments_count: 0,
              }
            : undefined,
          links: [],
        });
      }
    }
    if (req.method === 'POST' && req.url === '/v1/notifications/verify-webhook-signature') {
      const sent = this.sent.get(String(body.transmission_id));
      const ok =
        sent !== undefined &&
        sent.sig === body.transmission_sig &&
        body.webhook_id === WEBHOOK_ID &&
        (body.webhook_event as { id?: string })?.id === sent.eventId;
      return json(200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
    }
    json(404, { name: 'RESOURCE_NOT_FOUND' });
  }
}
