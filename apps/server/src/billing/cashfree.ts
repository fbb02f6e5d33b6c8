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

export class CashfreeError extends Error {}

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
    if (!res.ok) throw new CashfreeError(`Cashfree ${method} ${path.split('/').slice(0, 3).join('/')} answered ${res.status}`);
    return (await res.json()) as T;
  }

  createOrder(o: { orderId: string; amount: number; currency: string; customerId: string; email: string; phone: string; returnUrl: string; notifyUrl: string }): Promise<CashfreeOrder> {
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
}

/** How old a webhook's timestamp may be: an older delivery is a replay. */
export const CASHFREE_WEBHOOK_MAX_AGE_MS = 10 * 60_000;

/**
 * Cashfree's documented webhook signature: Base64(HMAC-SHA256(x-webhook-timestamp + rawBody,
 * secret key)), compared in constant time; the timestamp (milliseconds) must be recent.
 */
export function verifyCashfreeSignature(secret: string, timestamp: string | undefined, rawBody: string, signature: string | undefined, now = Date.now()): boolean {
  if (!timestamp || !signature || !/^\d{10,16}$/.test(timestamp)) return false;
  const ts = Number(timestamp.length <= 10 ? Number(timestamp) * 1000 : timestamp);
  if (Math.abs(now - ts) > CASHFREE_WEBHOOK_MAX_AGE_MS) return false;
  const expected = createHmac('sha256', secret).update(timestamp + rawBody).digest();
  let given: Buffer;
  try {
    given = Buffer.from(signature, 'base64');
  } catch {
    return false;
  }
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function signCashfree(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(timestamp + rawBody).digest('base64');
}
