/**
 * Dates and times in the selected interface language's conventions: German
 * reads "20:00", English "8:00 PM". Every time or date on screen goes through these, never
 * through the browser's own locale (a `<input type="time">` follows the browser, not the page).
 */

/** The locale the interface language formats with. */
export function localeOf(language: string): string {
  return language.startsWith('de') ? 'de-DE' : 'en-US';
}

/** Whether the language writes clock times with AM/PM. */
export function uses12Hour(language: string): boolean {
  return new Intl.DateTimeFormat(localeOf(language), { hour: 'numeric' }).resolvedOptions().hour12 === true;
}

/** The dayjs/antd picker format of a clock time in the language. */
export function clockPattern(language: string): string {
  return uses12Hour(language) ? 'h:mm A' : 'HH:mm';
}

/** A stored "HH:mm" time as the language writes it: "20:00" (de), "8:00 PM" (en). */
export function formatClock(hhmm: string, language: string): string {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!m) return hhmm;
  const d = new Date(2000, 0, 1, Number(m[1]), Number(m[2]));
  return new Intl.DateTimeFormat(localeOf(language), { hour: uses12Hour(language) ? 'numeric' : '2-digit', minute: '2-digit' }).format(d);
}

/** Date and time of an ISO instant, e.g. a job's creation. */
export function formatDateTime(iso: string, language: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}
