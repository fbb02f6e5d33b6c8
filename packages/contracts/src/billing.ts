import { z } from 'zod';
import { Currency, PaymentStatus } from './enums.ts';

/** docs/spec-conformance.md §3 "Price plan": the two products, by their price identifiers. */
export const PRICE_FULL_REPO = 'price_full_repo_8_march_2025';
export const PRICE_PRO_MONTHLY = 'price_pro_monthly_8_march_2025';
export const ProductId = z.enum([PRICE_FULL_REPO, PRICE_PRO_MONTHLY]);
export type ProductId = z.infer<typeof ProductId>;

/** docs/spec-conformance.md §4/§9: the exchange rate when none is set or its source fails; tax is shown as 0 %. */
export const DEFAULT_USD_INR_RATE = 83;
export const TAX_PERCENT = 0;

/** One product's price in both currencies (major units, two decimals at most). */
export const PricePlanEntry = z.object({
  id: ProductId,
  /** 'month' for the Pro subscription, 'once' for the full-repository package */
  interval: z.enum(['month', 'once']),
  amount: z.object({ USD: z.number().nonnegative(), INR: z.number().nonnegative() }),
});
export type PricePlanEntry = z.infer<typeof PricePlanEntry>;

/** GET /v1/analytics/pricePlan */
export const PricePlans = z.object({
  price_full_repo_8_march_2025: PricePlanEntry,
  price_pro_monthly_8_march_2025: PricePlanEntry,
  taxPercent: z.number(),
});
export type PricePlans = z.infer<typeof PricePlans>;

/** GET /v1/analytics/getLocation */
export const LocationAnswer = z.object({ currency_code: Currency, country: z.string().nullable() });
export type LocationAnswer = z.infer<typeof LocationAnswer>;

/** GET /v1/analytics/conversionRates: how many of each currency one US dollar buys. */
export const ConversionRates = z.object({
  base: z.literal('USD'),
  rates: z.object({ USD: z.literal(1), INR: z.number().positive() }),
  /** 'operator': the rate the operator set; 'fallback': the spec's 83 */
  source: z.enum(['operator', 'fallback']),
});
export type ConversionRates = z.infer<typeof ConversionRates>;

export const PaymentProvider = z.enum(['TEST', 'PAYPAL', 'CASHFREE']);
export type PaymentProvider = z.infer<typeof PaymentProvider>;

/** GET /v1/billing/providers: which checkout paths this server offers. */
export const BillingProviders = z.object({ paypal: z.boolean(), cashfree: z.boolean(), test: z.boolean() });
export type BillingProviders = z.infer<typeof BillingProviders>;

/** The checkout query of docs/spec-conformance.md §7 (`product_id`, `repo_ids`), plus the currency for the test provider. */
export const CheckoutQuery = z
  .object({
    product_id: ProductId,
    /** the repository the full-repository package is for (one id); empty for Pro */
    repo_ids: z.string().trim().max(200).optional(),
    currency: Currency.optional(),
  })
  .strict();
export type CheckoutQuery = z.input<typeof CheckoutQuery>;

/** GET /v1/billing/test/checkout → the in-app test checkout page. */
export const TestCheckoutAnswer = z.object({ payment_id: z.string(), checkout_url: z.string() });
export type TestCheckoutAnswer = z.infer<typeof TestCheckoutAnswer>;

/** GET /cashfree/link → Cashfree's hosted payment-link page (the web app's INR checkout, no JS SDK). */
export const CashfreeLinkAnswer = z.object({ link_url: z.string(), payment_id: z.string() });
export type CashfreeLinkAnswer = z.infer<typeof CashfreeLinkAnswer>;

/** GET /cashfree/subscription (docs/spec-conformance.md §7) → the Cashfree subscription's authorisation link. */
export const CashfreeSubscriptionAnswer = z.object({ redirect_link: z.string(), payment_id: z.string() });
export type CashfreeSubscriptionAnswer = z.infer<typeof CashfreeSubscriptionAnswer>;

export const Payment = z.object({
  id: z.string(),
  provider: PaymentProvider,
  productId: ProductId,
  status: PaymentStatus,
  amount: z.number(),
  currency: Currency,
  repository: z.object({ id: z.string(), organizationName: z.string(), repoName: z.string(), vendor: z.string() }).nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type Payment = z.infer<typeof Payment>;

export const Subscription = z.object({
  id: z.string(),
  provider: PaymentProvider,
  status: z.enum(['ACTIVE', 'CANCELLED', 'LAPSED']),
  currentPeriodEnd: z.string(),
  cancelledAt: z.string().nullable(),
});
export type Subscription = z.infer<typeof Subscription>;

/** GET /transactions: the user's payments, newest first, and the subscription that keeps Pro. */
export const TransactionsAnswer = z.object({
  payments: z.array(Payment),
  subscription: Subscription.nullable(),
});
export type TransactionsAnswer = z.infer<typeof TransactionsAnswer>;

export const PaymentIdParam = z.object({ id: z.string().uuid('Not a payment id.') }).strict();
