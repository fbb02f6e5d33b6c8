import type http from 'node:http';
import { LoopbackFake } from './loopback-fake.ts';

export const CASHFREE_SECRET = 'cfsk_ma_test_secret';
export const CASHFREE_APP_ID = 'TEST-APP-ID';

interface Link {
  link_id: string;
  cf_link_id: number;
  link_amount: number;
  link_currency: string;
  link_purpose: string;
  link_status: string;
  link_amount_paid: number;
  returnUrl: string;
}

interface Subscription {
  subscription_id: string;
  cf_subscription_id: string;
  plan_id: string;
  subscription_status: string;
  subscription_session_id: string;
  authorization_amount: number;
  authorization_status: string;
  returnUrl: string;
}

/**
 * A loopback Cashfree PG (API version 2023-08-01) replaying the documented shapes: orders
 * (POST/GET /pg/orders), payment links (POST/GET /pg/links, with a hosted page at link_url
 * whose "Pay" button marks the link PAID and returns to the link's return_url), plans,
 * subscriptions, the subscription auth call and the manage (cancel) call. Every call needs the
 * x-client-id / x-client-secret headers.
 */
export class FakeCashfree extends LoopbackFake {
  readonly orders = new Map<string, { order_id: string; order_amount: number; order_currency: string; order_status: string }>();
  readonly links = new Map<string, Link>();
  readonly plans = new Map<string, { plan_id: string; plan_recurring_amount: number; plan_currency: string }>();
  readonly subscriptions = new Map<string, Subscription>();
  readonly seen: Array<{ method: string; url: string; headers: http.IncomingHttpHeaders; body: unknown }> = [];
  /** called when the hosted page "pays" a link (the e2e spec sends the webhook from here) */
  onLinkPaid: ((link: Link) => Promise<void>) | null = null;

  protected async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    let raw = '';
    for await (const chunk of req) raw += String(chunk);
    const url = req.url ?? '';
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    // Cashfree's hosted payment-link page (no credentials: the payer's browser opens it).
    const page = /^\/links\/([^/?]+)$/.exec(url);
    if (page) {
      const link = this.links.get(decodeURIComponent(page[1] ?? ''));
      if (!link) return json(404, { message: 'link not found' });
      if (req.method === 'POST') {
        link.link_status = 'PAID';
        link.link_amount_paid = link.link_amount;
        await this.onLinkPaid?.(link);
        res.writeHead(303, { location: link.returnUrl });
        return void res.end();
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return void res.end(
        `<!doctype html><html lang="en"><head><title>Cashfree Payments</title></head><body><main><h1>Cashfree (test double)</h1>` +
          `<p>${link.link_purpose}</p><p data-testid="cf-amount">₹${link.link_amount.toFixed(2)}</p>` +
          `<form method="post"><button type="submit">Pay ₹${link.link_amount.toFixed(2)}</button></form></main></body></html>`,
      );
    }

    const body: unknown = raw ? JSON.parse(raw) : undefined;
    this.seen.push({ method: req.method ?? '', url, headers: req.headers, body });
    if (req.headers['x-client-id'] !== CASHFREE_APP_ID || req.headers['x-client-secret'] !== CASHFREE_SECRET)
      return json(401, { message: 'authentication Failed', code: 'request_failed', type: 'authentication_error' });
    const b = (body ?? {}) as Record<string, unknown>;
    if (req.method === 'POST' && url === '/pg/orders') {
      const order = {
        order_id: String(b.order_id),
        order_amount: Number(b.order_amount),
        order_currency: String(b.order_currency),
        order_status: 'ACTIVE',
      };
      this.orders.set(order.order_id, order);
      return json(200, {
        cf_order_id: '2149460581',
        created_at: new Date().toISOString(),
        ...order,
        payment_session_id: `session_${order.order_id.slice(0, 8)}`,
        order_expiry_time: new Date(Date.now() + 3600_000).toISOString(),
      });
    }
    const order = /^\/pg\/orders\/([^/]+)$/.exec(url);
    if (req.method === 'GET' && order) {
      const o = this.orders.get(decodeURIComponent(order[1] ?? ''));
      return o
        ? json(200, { cf_order_id: '2149460581', ...o })
        : json(404, { message: 'order not found', code: 'order_not_found', type: 'invalid_request_error' });
    }
    if (req.method === 'POST' && url === '/pg/links') {
      const id = String(b.link_id);
      if (this.links.has(id))
        return json(409, { message: 'link_id already exists', code: 'link_post_failed', type: 'invalid_request_error' });
      const meta = (b.link_meta ?? {}) as { return_url?: string };
      const link: Link = {
        link_id: id,
        cf_link_id: 1000 + this.links.size,
        link_amount: Number(b.link_amount),
        link_currency: String(b.link_currency),
        link_purpose: String(b.link_purpose),
        link_status: 'ACTIVE',
        link_amount_paid: 0,
        returnUrl: meta.return_url ?? '',
      };
      this.links.set(id, link);
      return json(200, {
        ...this.linkAnswer(link),
        link_meta: b.link_meta,
        customer_details: b.customer_details,
        link_expiry_time: b.link_expiry_time,
        link_created_at: new Date().toISOString(),
      });
    }
    const link = /^\/pg\/links\/([^/]+)$/.exec(url);
    if (req.method === 'GET' && link) {
      const l = this.links.get(decodeURIComponent(link[1] ?? ''));
      return l
        ? json(200, this.linkAnswer(l))
        : json(404, { message: 'link does not exist', code: 'link_not_found', type: 'invalid_request_error' });
    }
    if (req.method === 'POST' && url === '/pg/plans') {
      const id = String(b.plan_id);
      if (this.plans.has(id))
        return json(409, { message: 'plan_id already exists', code: 'plan_id_duplicate', type: 'invalid_request_error' });
      this.plans.set(id, { plan_id: id, plan_recurring_amount: Number(b.plan_recurring_amount), plan_currency: String(b.plan_currency) });
      return json(200, {
        plan_id: id,
        plan_name: b.plan_name,
        plan_type: b.plan_type,
        plan_currency: b.plan_currency,
        plan_recurring_amount: b.plan_recurring_amount,
        plan_max_amount: b.plan_max_amount,
        plan_intervals: b.plan_intervals,
        plan_interval_type: b.plan_interval_type,
        plan_status: 'ACTIVE',
      });
    }
    if (req.method === 'POST' && url === '/pg/subscriptions') {
      const id = String(b.subscription_id);
      const plan = this.plans.get(String((b.plan_details as { plan_id?: string })?.plan_id));
      if (!plan) return json(400, { message: 'plan not found', code: 'plan_id_invalid', type: 'invalid_request_error' });
      const auth = b.authorization_details as { authorization_amount: number };
      const s: Subscription = {
        subscription_id: id,
        cf_subscription_id: String(5000 + this.subscriptions.size),
        plan_id: plan.plan_id,
        subscription_status: 'INITIALIZED',
        subscription_session_id: `sub_session_${id.slice(-8)}`,
        authorization_amount: auth.authorization_amount,
        authorization_status: 'INITIALIZED',
        returnUrl: (b.subscription_meta as { return_url?: string })?.return_url ?? '',
      };
      this.subscriptions.set(id, s);
      return json(200, this.subscriptionAnswer(s));
    }
    if (req.method === 'POST' && url === '/pg/subscriptions/pay') {
      const s = this.subscriptions.get(String(b.subscription_id));
      if (!s || b.subscription_session_id !== s.subscription_session_id || b.payment_type !== 'AUTH')
        return json(400, { message: 'invalid subscription', code: 'subscription_id_invalid', type: 'invalid_request_error' });
      s.authorization_status = 'PENDING';
      return json(200, {
        cf_payment_id: '7000001',
        payment_id: b.payment_id,
        payment_type: 'AUTH',
        payment_amount: s.authorization_amount,
        payment_status: 'PENDING',
        subscription_id: s.subscription_id,
        payment_method: 'upi',
        data: {
          url: `${this.url}/subscriptions/${encodeURIComponent(s.subscription_id)}/authorise`,
          payload: { default: `upi://mandate?pa=cashfree@test&tr=${s.cf_subscription_id}` },
        },
      });
    }
    const manage = /^\/pg\/subscriptions\/([^/]+)\/manage$/.exec(url);
    if (req.method === 'POST' && manage) {
      const s = this.subscriptions.get(decodeURIComponent(manage[1] ?? ''));
      if (!s) return json(404, { message: 'subscription not found', code: 'subscription_not_found', type: 'invalid_request_error' });
      if (b.action !== 'CANCEL' || s.subscription_status !== 'ACTIVE')
        return json(400, { message: 'action not allowed', code: 'action_invalid', type: 'invalid_request_error' });
      s.subscription_status = 'CANCELLED';
      return json(200, this.subscriptionAnswer(s));
    }
    const sub = /^\/pg\/subscriptions\/([^/]+)$/.exec(url);
    if (req.method === 'GET' && sub) {
      const s = this.subscriptions.get(decodeURIComponent(sub[1] ?? ''));
      return s
        ? json(200, this.subscriptionAnswer(s))
        : json(404, { message: 'subscription not found', code: 'subscription_not_found', type: 'invalid_request_error' });
    }
    json(404, { message: 'not found' });
  }

  private linkAnswer(l: Link) {
    return {
      cf_link_id: l.cf_link_id,
      link_id: l.link_id,
      link_status: l.link_status,
      link_currency: l.link_currency,
      link_amount: l.link_amount,
      link_amount_paid: l.link_amount_paid,
      link_purpose: l.link_purpose,
      link_url: `${this.url}/links/${encodeURIComponent(l.link_id)}`,
      link_partial_payments: false,
    };
  }

  private subscriptionAnswer(s: Subscription) {
    return {
      cf_subscription_id: s.cf_subscription_id,
      subscription_id: s.subscription_id,
      subscription_status: s.subscription_status,
      subscription_session_id: s.subscription_session_id,
      plan_details: { plan_id: s.plan_id },
      authorisation_details: {
        authorization_amount: s.authorization_amount,
        authorization_amount_refund: false,
        authorization_status: s.authorization_status,
        payment_id: null,
      },
    };
  }
}
