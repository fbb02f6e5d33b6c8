import { createHmac, timingSafeEqual } from 'node:crypto';
import type { BillingConfig } from '../config.ts';

export type CashfreeConfig = NonNullable<BillingConfig['cashfree']>;

/** The fields of a Cashfree PG order this server reads (API version 2023-08-01). */
export interface CashfreeOrder {
  order_id: string;
  cf_order_id?: string | number;
  order_status: string;
  order_amount: number;
  order_currency: string;
  payment_session_id?: string;
}

/** The fields of a Cashfree payment link this server reads. */
export interface CashfreeLink {
  cf_link_id?: string | number;
  link_id: string;
  link_status: string;
  link_url?: string;
  link_amount: number;
  link_amount_paid?: number;
  link_currency: string;
}

/** The fields of a Cashfree subscription this server reads. */
export interface CashfreeSubscription {
  cf_subscription_id?: string | number;
  subscription_id: string;
  subscription_status: string;
  subscription_session_id?: string;
  authorisation_details?: { authorization_amount?: number; authorization_status?: string; payment_id?: string } | null;
}

/** The answer of the subscription auth / charge call. */
export interface CashfreeSubscriptionPayment {
  cf_payment_id?: string | number;
  payment_id?: string;
  payment_status?: string;
  data?: { url?: string | null; payload?: Record<string, string> | null } | null;
}

export class CashfreeError extends Error {
  constructor(
    message: string,
    readonly status = 0,
  ) {
    super(message);
  }
}

/**
 * Cashfree Payment Gateway: create an order (its payment_session_id opens Cashfree's checkout)
 * and read an order's status. Credentials go in the x-client-id / x-client-secret headers;
 * the base URL is the operator's (sandbox, production, or a test double).
 */
export class CashfreeClient {
  constructor(private readonly cfg: CashfreeConfig) {}

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.cfg.baseUrl}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        'x-api-version': this.cfg.apiVersion,
        'x-client-id': this.cfg.appId,
        'x-client-secret': this.cfg.secretKey,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(15_000),
    });
    // Never pass Cashfree's answer on: only its status.
    if (!res.ok) throw new CashfreeError(`Cashfree ${method} ${path.split('/').slice(0, 3).join('/')} answered ${res.status}`, res.status);
    return (await res.json()) as T;
  }

  createOrder(o: {
    orderId: string;
    amount: number;
    currency: string;
    customerId: string;
    email: string;
    phone: string;
    returnUrl: string;
    notifyUrl: string;
  }): Promise<CashfreeOrder> {
    return this.call<CashfreeOrder>('POST', '/pg/orders', {
      order_id: o.orderId,
      order_amount: o.amount,
      order_currency: o.currency,
      customer_details: { customer_id: o.customerId, customer_email: o.email, customer_phone: o.phone },
      order_meta: { return_url: o.returnUrl, notify_url: o.notifyUrl },
    });
  }

  getOrder(orderId: string): Promise<CashfreeOrder> {
    return this.call<CashfreeOrder>('GET', `/pg/orders/${encodeURIComponent(orderId)}`);
  }

  /** A payment link (Payment Links API): Cashfree's hosted page at link_url, no JS SDK needed. */
  createLink(o: {
    linkId: string;
    amount: number;
    currency: string;
    purpose: string;
    email: string;
    phone: string;
    returnUrl: string;
    notifyUrl: string;
    expiresAt: Date;
  }): Promise<CashfreeLink> {
    return this.call<CashfreeLink>('POST', '/pg/links', {
      link_id: o.linkId,
      link_amount: o.amount,
      link_currency: o.currency,
      link_purpose: o.purpose,
      customer_details: { customer_phone: o.phone, customer_email: o.email },
      link_partial_payments: false,
      link_expiry_time: o.expiresAt.toISOString(),
      link_notify: { send_sms: false, send_email: false },
      link_meta: { return_url: o.returnUrl, notify_url: o.notifyUrl },
    });
  }

  getLink(linkId: string): Promise<CashfreeLink> {
    return this.call<CashfreeLink>('GET', `/pg/links/${encodeURIComponent(linkId)}`);
  }

  /** A PERIODIC monthly plan (Subscriptions API). */
  createPlan(o: { planId: string; amount: number; currency: string }): Promise<{ plan_id: string; plan_status?: string }> {
    return this.call('POST', '/pg/plans', {
      plan_id: o.planId,
      plan_name: 'Docent Pro (monthly)',
      plan_type: 'PERIODIC',
      plan_currency: o.currency,
      plan_recurring_amount: o.amount,
      plan_max_amount: o.amount,
      plan_intervals: 1,
      plan_interval_type: 'MONTH',
      plan_note: 'Docent Pro, renews monthly until cancelled',
    });
  }

  /**
   * A subscription to the plan; the authorisation charges the first month (not refunded), the
   * first periodic charge falls a month later.
   */
  createSubscription(o: {
    subscriptionId: string;
    planId: string;
    amount: number;
    email: string;
    phone: string;
    name: string;
    returnUrl: string;
    firstChargeAt: Date;
    expiresAt: Date;
  }): Promise<CashfreeSubscription> {
    return this.call<CashfreeSubscription>('POST', '/pg/subscriptions', {
      subscription_id: o.subscriptionId,
      customer_details: { customer_name: o.name, customer_email: o.email, customer_phone: o.phone },
      plan_details: { plan_id: o.planId },
      authorization_details: {
        authorization_amount: o.amount,
        authorization_amount_refund: false,
        payment_methods: ['upi', 'card', 'enach'],
      },
      subscription_meta: { return_url: o.returnUrl },
      subscription_first_charge_time: o.firstChargeAt.toISOString(),
      subscription_expiry_time: o.expiresAt.toISOString(),
    });
  }

  /**
   * The documented "create an auth" call for a subscription (POST /pg/subscriptions/pay,
   * payment_type AUTH, UPI link channel): its answer carries the authorisation link.
   */
  createAuth(o: { subscriptionId: string; sessionId: string; paymentId: string }): Promise<CashfreeSubscriptionPayment> {
    return this.call<CashfreeSubscriptionPayment>('POST', '/pg/subscriptions/pay', {
      subscription_id: o.subscriptionId,
      subscription_session_id: o.sessionId,
      payment_id: o.paymentId,
      payment_type: 'AUTH',
      payment_method: { upi: { channel: 'link' } },
    });
  }

  getSubscription(subscriptionId: string): Promise<CashfreeSubscription> {
    return this.call<CashfreeSubscription>('GET', `/pg/subscriptions/${encodeURIComponent(subscriptionId)}`);
  }

  async cancelSubscription(subscriptionId: string): Promise<void> {
    await this.call('POST', `/pg/subscriptions/${encodeURIComponent(subscriptionId)}/manage`, {
      subscription_id: subscriptionId,
      action: 'CANCEL',
    });
  }
}

/** How old a webhook's timestamp may be: an older delivery is a replay. */
const CASHFREE_WEBHOOK_MAX_AGE_MS = 10 * 60_000;

/**
 * Cashfree's documented webhook signature: Base64(HMAC-SHA256(x-webhook-timestamp + rawBody,
 * secret key)), compared in constant time; the timestamp (milliseconds) must be recent.
 */
export function verifyCashfreeSignature(
  secret: string,
  timestamp: string | undefined,
  rawBody: string,
  signature: string | undefined,
  now = Date.now(),
): boolean {
  if (!timestamp || !signature || !/^\d{10,16}$/.test(timestamp)) return false;
  const ts = Number(timestamp.length <= 10 ? Number(timestamp) * 1000 : timestamp);
  if (Math.abs(now - ts) > CASHFREE_WEBHOOK_MAX_AGE_MS) return false;
  const expected = createHmac('sha256', secret)
    .update(timestamp + rawBody)
    .digest();
  let given: Buffer;
  try {
    given = Buffer.from(signature, 'base64');
  } catch {
    return false;
  }
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function signCashfree(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret)
    .update(timestamp + rawBody)
    .digest('base64');
}
