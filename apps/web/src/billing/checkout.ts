import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BillingProviders, Currency, ProductId } from '@docent/contracts';
import { billingApi } from './api.ts';
import { errorMessage } from '../api/client.ts';
import { useToast } from '../shell/toast.tsx';

export type CheckoutPath = 'paypal' | 'cashfree' | 'test';

/**
 * The checkout path for a currency (docs/spec-conformance.md §7: INR → the card/UPI provider, Cashfree, otherwise
 * the wallet provider, PayPal), else the test provider where the server offers it; null: no
 * path for this currency. Cashfree is paid on its hosted payment-link page (no JS SDK from a
 * CDN): the browser goes there and comes back to /profile/transactions?payment_id=.
 */
export function checkoutPath(providers: BillingProviders | undefined, currency: Currency): CheckoutPath | null {
  if (currency === 'USD' && providers?.paypal) return 'paypal';
  if (currency === 'INR' && providers?.cashfree) return 'cashfree';
  return providers?.test ? 'test' : null;
}

export function useCheckout(providers: BillingProviders | undefined) {
  const navigate = useNavigate();
  const toast = useToast();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: async (v: { product: ProductId; currency: Currency; repoId?: string }) => {
      const path = checkoutPath(providers, v.currency);
      if (path === 'paypal') {
        // docs/spec-conformance.md §7: PayPal's approval page opens in a new tab (opened now, while the click counts as the user's).
        const tab = window.open('about:blank', '_blank');
        try {
          const a = await billingApi.paypalCheckout(v.product, v.repoId);
          if (tab) tab.location.href = a.approval_url;
          else window.location.assign(a.approval_url);
          return null;
        } catch (err) {
          tab?.close();
          throw err;
        }
      }
      if (path === 'cashfree') {
        const a = await billingApi.cashfreeLink(v.product, v.repoId);
        window.location.assign(a.link_url);
        return null;
      }
      if (path !== 'test') throw new Error(t('billing.upgrade.noProvider'));
      return (await billingApi.testCheckout(v.product, v.currency, v.repoId)).checkout_url;
    },
    onSuccess: (url) => {
      if (url) void navigate(url);
    },
    onError: (err) => toast.error(t('billing.upgrade.checkoutFailed'), errorMessage(err)),
  });
}
