import { useSyncExternalStore } from 'react';
import type { Currency } from '@docent/contracts';
import { DEFAULT_NIGHT_TIME, isValidTime, type NightTime, type ThemeName } from './nightMode.ts';

/**
 * Display preferences kept on this device (docs/spec-conformance.md §3 client-stored items): `theme`,
 * `nightMode`, `nightTime`, `currency`, plus `language` for the interface language.
 */
/**
 * docs/spec-conformance.md §3: the theme's currency enum lists ETH and BTC beside USD and INR.
 * Prices are fetched in USD and INR only (docs/billing.md), so a stored ETH or BTC is a known
 * value of the enum but prices show in USD; the settings popover offers USD and INR.
 */
export const THEME_CURRENCIES = ['USD', 'INR', 'ETH', 'BTC'] as const;
export type ThemeCurrency = (typeof THEME_CURRENCIES)[number];
export const THEME_CURRENCY_SYMBOL: Record<ThemeCurrency, string> = { USD: '$', INR: '₹', ETH: 'Ξ', BTC: '₿' };

export function isThemeCurrency(value: unknown): value is ThemeCurrency {
  return (THEME_CURRENCIES as readonly unknown[]).includes(value);
}

/** The currency prices are shown in for a stored theme currency: INR stays INR, everything else is USD. */
export function priceCurrency(stored: string | null): Currency {
  return isThemeCurrency(stored) && stored === 'INR' ? 'INR' : 'USD';
}

export type Language = 'en' | 'de';
export const LANGUAGES: readonly Language[] = ['en', 'de'];

export interface Preferences {
  theme: ThemeName;
  nightMode: boolean;
  nightTime: NightTime;
  currency: Currency;
  language: Language;
}

export const PREF_KEYS = {
  theme: 'theme',
  nightMode: 'nightMode',
  nightTime: 'nightTime',
  currency: 'currency',
  language: 'language',
} as const;

function readNightTime(): NightTime {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(PREF_KEYS.nightTime) ?? 'null');
    if (raw && typeof raw === 'object' && 'start' in raw && 'end' in raw) {
      const { start, end } = raw as { start: unknown; end: unknown };
      if (typeof start === 'string' && typeof end === 'string' && isValidTime(start) && isValidTime(end)) {
        return { start, end };
      }
    }
  } catch {
    /* a damaged item falls back to the default window */
  }
  return DEFAULT_NIGHT_TIME;
}

export function readPreferences(): Preferences {
  const language = localStorage.getItem(PREF_KEYS.language);
  return {
    theme: localStorage.getItem(PREF_KEYS.theme) === 'dark' ? 'dark' : 'light',
    nightMode: localStorage.getItem(PREF_KEYS.nightMode) === 'true',
    nightTime: readNightTime(),
    currency: priceCurrency(localStorage.getItem(PREF_KEYS.currency)),
    language: language === 'de' ? 'de' : 'en',
  };
}

let current = readPreferences();
const listeners = new Set<() => void>();

function write(next: Preferences): void {
  localStorage.setItem(PREF_KEYS.theme, next.theme);
  localStorage.setItem(PREF_KEYS.nightMode, String(next.nightMode));
  localStorage.setItem(PREF_KEYS.nightTime, JSON.stringify(next.nightTime));
  localStorage.setItem(PREF_KEYS.currency, next.currency);
  localStorage.setItem(PREF_KEYS.language, next.language);
  current = next;
  listeners.forEach((l) => l());
}

export function getPreferences(): Preferences {
  return current;
}

/** Picking a theme turns night mode off (docs/spec-conformance.md §4). */
export function pickTheme(theme: ThemeName): void {
  write({ ...current, theme, nightMode: false });
}

export function setNightMode(nightMode: boolean): void {
  write({ ...current, nightMode });
}

export function setNightTime(nightTime: NightTime): void {
  if (!isValidTime(nightTime.start) || !isValidTime(nightTime.end)) return;
  write({ ...current, nightTime });
}

export function setCurrency(currency: Currency): void {
  write({ ...current, currency });
}

export function setLanguage(language: Language): void {
  write({ ...current, language });
}

/** Re-reads localStorage (tests). */
export function reloadPreferences(): void {
  current = readPreferences();
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// A theme, language or currency picked in another tab of the same browser applies here too, as
// signing in and out does (auth/session.ts); e.key is null when another tab cleared storage.
const STORED_KEYS = new Set<string>(Object.values(PREF_KEYS));
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === null || STORED_KEYS.has(e.key)) reloadPreferences();
  });
}

export function usePreferences(): Preferences {
  return useSyncExternalStore(subscribe, getPreferences, getPreferences);
}
