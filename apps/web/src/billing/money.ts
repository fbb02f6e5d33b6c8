import type { Currency } from '@docent/contracts';
import { localeOf } from '../i18n/format.ts';

/** docs/spec-conformance.md §3: the currencies and their symbols. */
export const CURRENCY_SYMBOL: Record<Currency, string> = { USD: '$', INR: '₹' };

/** An amount in the chosen currency with its symbol, in the interface language's conventions ("$20.00", "20,00 $", "₹1,660.00"). */
export function formatMoney(amount: number, currency: Currency, language: string): string {
  return new Intl.NumberFormat(localeOf(language), { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }).format(amount);
}
