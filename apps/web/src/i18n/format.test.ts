import { describe, expect, it } from 'vitest';
import { clockPattern, formatClock, formatDateTime } from './format.ts';

/** Times follow the interface language, not the browser. */
describe('times and dates in the interface language', () => {
  it('German writes clock times on 24 hours, English with AM/PM', () => {
    expect(formatClock('20:00', 'de')).toBe('20:00');
    expect(formatClock('08:00', 'de')).toBe('08:00');
    expect(formatClock('20:00', 'en')).toBe('8:00 PM');
    expect(clockPattern('de')).toBe('HH:mm');
    expect(clockPattern('en')).toBe('h:mm A');
  });

  it('a date and time in German has no AM/PM', () => {
    const iso = new Date(2026, 10, 23, 20, 5).toISOString();
    expect(formatDateTime(iso, 'de')).toMatch(/20:05/);
    expect(formatDateTime(iso, 'de')).not.toMatch(/PM/);
    expect(formatDateTime(iso, 'en')).toMatch(/8:05\s?PM/);
  });
});
