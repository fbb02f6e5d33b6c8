import type { FastifyBaseLogger } from 'fastify';
import { ErrorCode, PRICE_PRO_MONTHLY, type Currency, type PaymentProvider, type ProductId } from '@docent/contracts';
import type { PaymentRow, UserRow } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import type { BillingService } from './service.ts';

/** What the provider's routes ask for: who buys what, paid in which currency. */
export interface CheckoutRequest {
  user: UserRow;
  productId: ProductId;
  currency: Currency;
  repoIds: string | undefined;
}

/** The provider's answer to a started checkout: its reference for the payment, and what the browser gets. */
interface StartedCheckout<T> {
  ref: string;
  answer: T;
}

const checkoutStartFailed = () =>
  new HttpError(502, ErrorCode.INTERNAL, 'The payment provider could not start the checkout. Please try again later.');

export const providerUnreachable = () =>
  new HttpError(502, ErrorCode.INTERNAL, 'The payment provider could not be reached. Please try again later.');

/** The line the payer sees at the provider. */
export const productDescription = (productId: string): string =>
  productId === PRICE_PRO_MONTHLY ? 'Docent Pro (one month)' : 'Docent full-repository documentation';

/** A payment still waiting for the provider's word: neither fulfilled nor failed. */
export const awaitingConfirmation = (p: PaymentRow): boolean => !p.fulfilled_at && p.status !== 'PAYMENT_FAILED';

/**
 * A verified provider event's fulfilment as the webhook's status: a 409 (the amount or currency
 * does not match the payment) is answered `rejected`, so the provider stops redelivering it.
 */
export async function statusOf(fulfilment: () => Promise<string>): Promise<string> {
  try {
    return await fulfilment();
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 409) return 'rejected';
    throw err;
  }
}

/**
 * The checkout every provider's route runs (docs/billing.md): a pending payment at the plan's
 * price, started at the provider, the provider's reference remembered. A provider that fails
 * to start it fails the payment, is logged without its answer, and is a 502 for the browser.
 */
export class CheckoutService {
  constructor(
    private readonly billing: BillingService,
    private readonly appUrl: string,
  ) {}

  /** Where the provider sends the payer back: the transactions page, which confirms the payment. */
  returnUrl(p: PaymentRow): string {
    return `${this.appUrl}/profile/transactions?payment_id=${p.id}`;
  }

  get cancelUrl(): string {
    return `${this.appUrl}/profile/upgrade-plan`;
  }

  /** Where a provider posts its notifications (`provider`: the path segment, e.g. `cashfree`). */
  notifyUrl(provider: string): string {
    return `${this.appUrl}/api/${provider}/webhook`;
  }

  /**
   * `step` names what `begin` does at the provider ("order creation"): the failed payment's
   * reason and the log line say it.
   */
  async start<T>(
    provider: PaymentProvider,
    req: CheckoutRequest,
    step: string,
    log: FastifyBaseLogger,
    begin: (p: PaymentRow) => Promise<StartedCheckout<T>>,
  ): Promise<T & { payment_id: string }> {
    const p = await this.billing.createPayment(req.user, provider, req.productId, req.currency, req.repoIds);
    let started: StartedCheckout<T>;
    try {
      started = await begin(p);
    } catch (err) {
      await this.billing.fail(p.id, `${step} failed`);
      log.warn({ err: (err as Error).message }, `${provider.toLowerCase()} ${step} failed`);
      throw checkoutStartFailed();
    }
    await this.billing.setProviderRef(p.id, started.ref);
    return { ...started.answer, payment_id: p.id };
  }
}
