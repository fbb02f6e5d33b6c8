import { beforeEach, describe, expect, it } from 'vitest';
import { getPreferences, pickTheme, reloadPreferences, setNightMode, setNightTime } from './preferences.ts';

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
});
