import type {
  BillingProviders,
  CashfreeLinkAnswer,
  ConversionRates,
  Currency,
  LocationAnswer,
  Payment,
  PricePlans,
  ProductId,
  Subscription,
  TestCheckoutAnswer,
  TransactionsAnswer,
} from '@docent/contracts';
import { apiRequest, API_BASE } from '../api/client.ts';
import { getToken } from '../auth/session.ts';

/** docs/spec-conformance.md §7 "Analytics and payments", plus the test provider, cancel and receipts. */
export const billingApi = {
  pricePlan: () => apiRequest<PricePlans>('/v1/analytics/pricePlan'),
  location: () => apiRequest<LocationAnswer>('/v1/analytics/getLocation'),
  conversionRates: () => apiRequest<ConversionRates>('/v1/analytics/conversionRates'),
  providers: () => apiRequest<BillingProviders>('/v1/billing/providers'),
  transactions: () => apiRequest<TransactionsAnswer>('/transactions'),
  cancelSubscription: () => apiRequest<Subscription>('/v1/billing/subscription/cancel', { method: 'POST' }),
  testCheckout: (productId: ProductId, currency: Currency, repoId?: string) =>
    apiRequest<TestCheckoutAnswer>(
      `/v1/billing/test/checkout?${new URLSearchParams({ product_id: productId, currency, ...(repoId ? { repo_ids: repoId } : {}) })}`,
    ),
  paypalCheckout: (productId: ProductId, repoId?: string) =>
    apiRequest<{ approval_url: string; payment_id: string }>(
      `/paypal/checkout?${new URLSearchParams({ product_id: productId, ...(repoId ? { repo_ids: repoId } : {}) })}`,
    ),
  capturePaypal: (id: string) => apiRequest<Payment>(`/v1/billing/paypal/payments/${encodeURIComponent(id)}/capture`, { method: 'POST' }),
  cashfreeLink: (productId: ProductId, repoId?: string) =>
    apiRequest<CashfreeLinkAnswer>(
      `/cashfree/link?${new URLSearchParams({ product_id: productId, ...(repoId ? { repo_ids: repoId } : {}) })}`,
    ),
  confirmCashfree: (id: string) =>
    apiRequest<Payment>(`/v1/billing/cashfree/payments/${encodeURIComponent(id)}/confirm`, { method: 'POST' }),
  testPayment: (id: string) => apiRequest<Payment>(`/v1/billing/test/payments/${encodeURIComponent(id)}`),
  settleTestPayment: (id: string, outcome: 'complete' | 'fail') =>
    apiRequest<Payment>(`/v1/billing/test/payments/${encodeURIComponent(id)}/${outcome}`, { method: 'POST' }),
};

export const billingKeys = {
  pricePlan: ['billing', 'pricePlan'] as const,
  rates: ['billing', 'rates'] as const,
  providers: ['billing', 'providers'] as const,
  transactions: ['billing', 'transactions'] as const,
  paypalCheckout: (productId: ProductId, repoId?: string) =>
    apiRequest<{ approval_url: string; payment_id: string }>(
      `/paypal/checkout?${new URLSearchParams({ product_id: productId, ...(repoId ? { repo_ids: repoId } : {}) })}`,
    ),
  capturePaypal: (id: string) => apiRequest<Payment>(`/v1/billing/paypal/payments/${encodeURIComponent(id)}/capture`, { method: 'POST' }),
  confirmCashfree: (id: string) =>
    apiRequest<Payment>(`/v1/billing/cashfree/payments/${encodeURIComponent(id)}/confirm`, { method: 'POST' }),
  testPayment: (id: string) => ['billing', 'test', id] as const,
};

/** Downloads a payment's receipt (the call needs the bearer token, so not a plain link). */
export async function downloadReceipt(id: string): Promise<void> {
  const token = getToken();
  const res = await fetch(`${API_BASE}/v1/billing/payments/${encodeURIComponent(id)}/receipt`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) throw new Error(`receipt: ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `docent-receipt-${id}.txt`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
