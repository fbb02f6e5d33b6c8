import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BillingProviders, Currency, ProductId } from '@docent/contracts';
import { billingApi } from './api.ts';
import { errorMessage } from '../api/client.ts';
import { useToast } from '../shell/toast.tsx';

/**
 * The checkout path for a currency (spec §7: INR → the card/UPI provider, otherwise the wallet
 * provider). This build completes payments through the built-in test provider only; a server
 * that offers no path for the currency answers null, and the page says so.
 */
export function checkoutPath(providers: BillingProviders | undefined): 'test' | null {
  return providers?.test ? 'test' : null;
}

export function useCheckout(providers: BillingProviders | undefined) {
  const navigate = useNavigate();
  const toast = useToast();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: async (v: { product: ProductId; currency: Currency; repoId?: string }) => {
      if (checkoutPath(providers) !== 'test') throw new Error(t('billing.upgrade.noProvider'));
      return billingApi.testCheckout(v.product, v.currency, v.repoId);
    },
    onSuccess: (a) => void navigate(a.checkout_url),
    onError: (err) => toast.error(t('billing.upgrade.checkoutFailed'), errorMessage(err)),
  });
}
