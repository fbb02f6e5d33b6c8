import { beforeEach, describe, expect, it } from 'vitest';
import {
  getPreferences,
  isThemeCurrency,
  pickTheme,
  reloadPreferences,
  setNightMode,
  setNightTime,
  THEME_CURRENCY_SYMBOL,
} from './preferences.ts';

describe('preferences', () => {
  beforeEach(() => {
    localStorage.clear();
    reloadPreferences();
  });

  it('defaults: light theme, night mode off with 20:00–08:00, USD, English', () => {
    expect(getPreferences()).toEqual({
      theme: 'light',
      nightMode: false,
      nightTime: { start: '20:00', end: '08:00' },
      currency: 'USD',
      language: 'en',
    });
  });

  it('picking a theme turns night mode off and is stored', () => {
    setNightMode(true);
    expect(getPreferences().nightMode).toBe(true);
    pickTheme('dark');
    expect(getPreferences()).toMatchObject({ theme: 'dark', nightMode: false });
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(localStorage.getItem('nightMode')).toBe('false');
  });

  it('a theme or language picked in another tab applies here (the storage event)', () => {
    expect(getPreferences()).toMatchObject({ theme: 'light', language: 'en' });
    // another tab writes the items; this tab hears only the event
    localStorage.setItem('theme', 'dark');
    localStorage.setItem('language', 'de');
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme' }));
    expect(getPreferences()).toMatchObject({ theme: 'dark', language: 'de' });
    localStorage.setItem('theme', 'light');
    window.dispatchEvent(new StorageEvent('storage', { key: 'unrelated' }));
    expect(getPreferences().theme, 'an unrelated item changes nothing').toBe('dark');
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(getPreferences().theme, 'another tab cleared or rewrote storage').toBe('light');
  });

  it('ignores an invalid night time and a damaged stored one', () => {
    setNightTime({ start: '7pm', end: '08:00' });
    expect(getPreferences().nightTime).toEqual({ start: '20:00', end: '08:00' });
    localStorage.setItem('nightTime', '{not json');
    reloadPreferences();
    expect(getPreferences().nightTime).toEqual({ start: '20:00', end: '08:00' });
    localStorage.setItem('nightTime', JSON.stringify({ start: '21:15', end: '06:45' }));
    reloadPreferences();
    expect(getPreferences().nightTime).toEqual({ start: '21:15', end: '06:45' });
  });

  it('the theme currency enum lists ETH and BTC; stored, they are known values priced in USD, INR stays INR', () => {
    expect(['USD', 'INR', 'ETH', 'BTC'].every(isThemeCurrency)).toBe(true);
    expect(isThemeCurrency('EUR')).toBe(false);
    expect(THEME_CURRENCY_SYMBOL).toMatchObject({ ETH: 'Ξ', BTC: '₿' });
    for (const [stored, shown] of [
      ['ETH', 'USD'],
      ['BTC', 'USD'],
      ['INR', 'INR'],
      ['EUR', 'USD'],
    ] as const) {
      localStorage.setItem('currency', stored);
      reloadPreferences();
      expect(getPreferences().currency, stored).toBe(shown);
    }
  });
});
