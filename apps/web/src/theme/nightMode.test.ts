import { describe, expect, it } from 'vitest';
import { DEFAULT_NIGHT_TIME, effectiveTheme, isNightTime, msUntilNextMinute } from './nightMode.ts';

const at = (h: number, m: number) => new Date(2026, 10, 21, h, m, 0, 0);

describe('night mode window', () => {
  it('defaults to 20:00–08:00', () => {
    expect(DEFAULT_NIGHT_TIME).toEqual({ start: '20:00', end: '08:00' });
  });

  it('wraps past midnight: start inclusive, end exclusive', () => {
    expect(isNightTime(at(19, 59), DEFAULT_NIGHT_TIME)).toBe(false);
    expect(isNightTime(at(20, 0), DEFAULT_NIGHT_TIME)).toBe(true);
    expect(isNightTime(at(23, 59), DEFAULT_NIGHT_TIME)).toBe(true);
    expect(isNightTime(at(0, 0), DEFAULT_NIGHT_TIME)).toBe(true);
    expect(isNightTime(at(7, 59), DEFAULT_NIGHT_TIME)).toBe(true);
    expect(isNightTime(at(8, 0), DEFAULT_NIGHT_TIME)).toBe(false);
    expect(isNightTime(at(12, 0), DEFAULT_NIGHT_TIME)).toBe(false);
  });

  it('handles a window within one day', () => {
    const w = { start: '01:30', end: '05:00' };
    expect(isNightTime(at(1, 29), w)).toBe(false);
    expect(isNightTime(at(1, 30), w)).toBe(true);
    expect(isNightTime(at(4, 59), w)).toBe(true);
    expect(isNightTime(at(5, 0), w)).toBe(false);
    expect(isNightTime(at(22, 0), w)).toBe(false);
  });

  it('treats an equal start and end as an empty window', () => {
    expect(isNightTime(at(10, 0), { start: '10:00', end: '10:00' })).toBe(false);
  });

  it('rejects malformed times', () => {
    expect(() => isNightTime(at(1, 0), { start: '25:00', end: '08:00' })).toThrow(/HH:mm/);
  });
});

describe('effectiveTheme', () => {
  it('uses the picked theme while night mode is off', () => {
    expect(effectiveTheme('dark', false, DEFAULT_NIGHT_TIME, at(12, 0))).toBe('dark');
    expect(effectiveTheme('light', false, DEFAULT_NIGHT_TIME, at(23, 0))).toBe('light');
  });

  it('lets the clock decide while night mode is on', () => {
    expect(effectiveTheme('light', true, DEFAULT_NIGHT_TIME, at(23, 0))).toBe('dark');
    expect(effectiveTheme('dark', true, DEFAULT_NIGHT_TIME, at(12, 0))).toBe('light');
  });
});

describe('msUntilNextMinute', () => {
  it('counts to the next minute boundary', () => {
    expect(msUntilNextMinute(new Date(2026, 0, 1, 10, 0, 45, 500))).toBe(14_500);
    expect(msUntilNextMinute(new Date(2026, 0, 1, 10, 0, 0, 0))).toBe(60_000);
  });
});
