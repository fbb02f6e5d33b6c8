import { useEffect } from 'react';
import type { Currency } from '@docent/contracts';
import { billingApi } from './api.ts';
import { getPreferences, setCurrency, usePreferences } from '../theme/preferences.ts';

/** Set once this device's currency was derived from the location lookup. */
export const CURRENCY_LOCATED_KEY = 'currency-located';

let lookingUp = false;

/** The settings popover's choice: it overrides the located currency, now and on later loads. */
export function chooseCurrency(currency: Currency): void {
  localStorage.setItem(CURRENCY_LOCATED_KEY, 'chosen');
  setCurrency(currency);
}

/**
 * The currency prices are shown in (docs/spec-conformance.md §4): the one cached on this device (`currency`), first
 * derived from the location lookup (INR in India, USD elsewhere). A choice made in the settings
 * popover overrides it and stays (`chooseCurrency`): the lookup runs once per device and only
 * while no choice was made.
 */
export function useCurrency(): Currency {
  const prefs = usePreferences();
  useEffect(() => {
    if (lookingUp || localStorage.getItem(CURRENCY_LOCATED_KEY) !== null) return;
    lookingUp = true;
    const before = getPreferences().currency;
    billingApi
      .location()
      .then((loc) => {
        if (localStorage.getItem(CURRENCY_LOCATED_KEY) === 'chosen' || getPreferences().currency !== before) return;
        localStorage.setItem(CURRENCY_LOCATED_KEY, loc.currency_code);
        setCurrency(loc.currency_code);
      })
      .catch(() => {
        /* the cached currency (USD by default) stays; the next load asks again */
      })
      .finally(() => {
        lookingUp = false;
      });
  }, []);
  return prefs.currency;
}
