/** Night mode (docs/spec-conformance.md §3/§4): dark between `start` and `end`, default 20:00 to 08:00. */
export interface NightTime {
  start: string; // "HH:mm"
  end: string; // "HH:mm"
}

export const DEFAULT_NIGHT_TIME: NightTime = { start: '20:00', end: '08:00' };

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function isValidTime(value: string): boolean {
  return HHMM.test(value);
}

function minutesOf(value: string): number {
  const m = HHMM.exec(value);
  if (!m) throw new Error(`Not a HH:mm time: ${value}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/**
 * Whether `now` falls in [start, end). A window whose start is after its end wraps past
 * midnight (20:00–08:00). A window with start equal to end is empty.
 */
export function isNightTime(now: Date, window: NightTime): boolean {
  const start = minutesOf(window.start);
  const end = minutesOf(window.end);
  const t = now.getHours() * 60 + now.getMinutes();
  if (start === end) return false;
  return start < end ? t >= start && t < end : t >= start || t < end;
}

export type ThemeName = 'light' | 'dark';

/** The theme on screen: night mode, when on, decides by the clock; otherwise the picked theme. */
export function effectiveTheme(theme: ThemeName, nightMode: boolean, nightTime: NightTime, now: Date): ThemeName {
  if (!nightMode) return theme;
  return isNightTime(now, nightTime) ? 'dark' : 'light';
}

/** Milliseconds until the next minute boundary, so a window edge flips the theme on time. */
export function msUntilNextMinute(now: Date): number {
  return 60_000 - (now.getSeconds() * 1000 + now.getMilliseconds());
}
