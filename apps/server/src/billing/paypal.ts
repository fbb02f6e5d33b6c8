import type { BillingConfig } from '../config.ts';

export type PayPalConfig = NonNullable<BillingConfig['paypal']>;

class PayPalError extends Error {}

export interface PayPalMoney {
  currency_code: string;
  value: string;
}

interface PayPalLink {
  href: string;
  rel: string;
}

/** The fields of a PayPal Orders v2 order (create / capture answers) this server reads. */
export interface PayPalOrder {
  id: string;
  status: string;
  links?: PayPalLink[];
  purchase_units?: Array<{
    custom_id?: string;
    payments?: { captures?: Array<{ id: string; status: string; amount: PayPalMoney; custom_id?: string }> };
  }>;
}

/** The fields of a PayPal subscription (Subscriptions API v1) this server reads. */
export interface PayPalSubscription {
  id: string;
  status: string;
  plan_id?: string;
  custom_id?: string;
  links?: PayPalLink[];
  billing_info?: { last_payment?: { amount?: PayPalMoney; time?: string } };
}

/** The transmission headers PayPal signs a webhook delivery with. */
export interface PayPalTransmission {
  authAlgo: string;
  certUrl: string;
  transmissionId: string;
  transmissionSig: string;
  transmissionTime: string;
}

/**
 * PayPal REST: an OAuth 2 client-credentials token, Orders v2 (create, capture) and the
 * documented verify-webhook-signature call. The base URL is the operator's (sandbox, live, or
 * a test double); PayPal's answers are never passed on, only their status.
 */
export class PayPalClient {
  private token: { value: string; until: number } | null = null;

  constructor(private readonly cfg: PayPalConfig) {}

  private async accessToken(): Promise<string> {
    if (this.token && this.token.until > Date.now()) return this.token.value;
    const res = await fetch(`${this.cfg.baseUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${this.cfg.clientId}:${this.cfg.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(15_000),
    });
    if (!res.ok) throw new PayPalError(`PayPal token answered ${res.status}`);
    const body = (await res.json()) as { access_token: string; expires_in: number };
    this.token = { value: body.access_token, until: Date.now() + Math.max(0, body.expires_in - 60) * 1000 };
    return body.access_token;
  }

  private async call<T>(path: string, body: unknown, requestId?: string, method: 'GET' | 'POST' = 'POST'): Promise<T> {
    const res = await fetch(`${this.cfg.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await this.accessToken()}`,
        accept: 'application/json',
        ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
        ...(requestId ? { 'paypal-request-id': requestId } : {}),
      },
      ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(15_000),
    });
    if (!res.ok) throw new PayPalError(`PayPal ${path.split('/').slice(0, 4).join('/')} answered ${res.status}`);
    // 204 No Content (a subscription's cancel) has no body.
    if (res.status === 204) return undefined as T;
    return (await res.json()) as T;
  }

  /** Catalog product for Pro (Catalog Products API), created once per plan. */
  createProduct(requestId: string): Promise<{ id: string }> {
    return this.call<{ id: string }>(
      '/v1/catalogs/products',
      { name: 'Docent Pro', description: 'Docent Pro plan', type: 'SERVICE', category: 'SOFTWARE' },
      requestId,
    );
  }

  /** A monthly plan at a fixed price, no setup fee, renewing until cancelled (Subscriptions API). */
  createPlan(o: { productId: string; amount: string; currency: string; requestId: string }): Promise<{ id: string; status: string }> {
    return this.call<{ id: string; status: string }>(
      '/v1/billing/plans',
      {
        product_id: o.productId,
        name: 'Docent Pro (monthly)',
        status: 'ACTIVE',
        billing_cycles: [
          {
            frequency: { interval_unit: 'MONTH', interval_count: 1 },
            tenure_type: 'REGULAR',
            sequence: 1,
            total_cycles: 0,
            pricing_scheme: { fixed_price: { value: o.amount, currency_code: o.currency } },
          },
        ],
        payment_preferences: { auto_bill_outstanding: true, setup_fee_failure_action: 'CANCEL', payment_failure_threshold: 1 },
      },
      o.requestId,
    );
  }

  /** A subscription for the payer to approve; `paymentId` rides along as custom_id. */
  createSubscription(o: { planId: string; paymentId: string; returnUrl: string; cancelUrl: string }): Promise<PayPalSubscription> {
    return this.call<PayPalSubscription>(
      '/v1/billing/subscriptions',
      {
        plan_id: o.planId,
        custom_id: o.paymentId,
        application_context: {
          brand_name: 'Docent',
          user_action: 'SUBSCRIBE_NOW',
          shipping_preference: 'NO_SHIPPING',
          return_url: o.returnUrl,
          cancel_url: o.cancelUrl,
        },
      },
      `subscribe-${o.paymentId}`,
    );
  }

  getSubscription(id: string): Promise<PayPalSubscription> {
    return this.call<PayPalSubscription>(`/v1/billing/subscriptions/${encodeURIComponent(id)}`, undefined, undefined, 'GET');
  }

  async cancelSubscription(id: string, reason: string): Promise<void> {
    await this.call<undefined>(`/v1/billing/subscriptions/${encodeURIComponent(id)}/cancel`, { reason });
  }

  /** An order to capture; `paymentId` rides along as custom_id and makes the call idempotent. */
  createOrder(o: {
    paymentId: string;
    amount: string;
    currency: string;
    description: string;
    returnUrl: string;
    cancelUrl: string;
  }): Promise<PayPalOrder> {
    return this.call<PayPalOrder>(
      '/v2/checkout/orders',
      {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: o.paymentId,
            custom_id: o.paymentId,
            description: o.description,
            amount: { currency_code: o.currency, value: o.amount },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              return_url: o.returnUrl,
              cancel_url: o.cancelUrl,
              user_action: 'PAY_NOW',
              shipping_preference: 'NO_SHIPPING',
            },
          },
        },
      },
      `create-${o.paymentId}`,
    );
  }

  capture(orderId: string): Promise<PayPalOrder> {
    return this.call<PayPalOrder>(`/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {}, `capture-${orderId}`);
  }

  /** PayPal's verify-webhook-signature: SUCCESS only for a delivery PayPal signed for this webhook id. */
  async verifyWebhook(t: PayPalTransmission, event: unknown): Promise<boolean> {
    if (!this.cfg.webhookId) return false;
    const body = await this.call<{ verification_status: string }>('/v1/notifications/verify-webhook-signature', {
      auth_algo: t.authAlgo,
      cert_url: t.certUrl,
      transmission_id: t.transmissionId,
      transmission_sig: t.transmissionSig,
      transmission_time: t.transmissionTime,
      webhook_id: this.cfg.webhookId,
      webhook_event: event,
    });
    return body.verification_status === 'SUCCESS';
  }
}

export function approvalUrl(order: PayPalOrder): string | null {
  return order.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve')?.href ?? null;
}

/** The completed capture of an order answer, if any. */
export function completedCapture(order: PayPalOrder): { amount: PayPalMoney; customId: string | undefined } | null {
  for (const unit of order.purchase_units ?? []) {
    const c = unit.payments?.captures?.find((x) => x.status === 'COMPLETED');
    if (c) return { amount: c.amount, customId: c.custom_id ?? unit.custom_id };
  }
  return null;
}

/** "20.00" → 2000; anything that is not a plain decimal → NaN (never equal to a price). */
export function minorOf(value: string): number {
  return /^\d+(\.\d{1,2})?$/.test(value) ? Math.round(Number(value) * 100) : Number.NaN;
}
