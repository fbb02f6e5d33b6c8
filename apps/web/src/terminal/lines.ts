import { decodeLogLine, messageTypeOfKind, type MessageType } from '@docent/contracts';

/** One line the terminal shows. `no` is 1-based and stable (line numbers, search, storage). */
export interface TerminalLine {
  no: number;
  type: MessageType;
  /** ISO time, '' when the line has none */
  timestamp: string;
  text: string;
  /** a line the app wrote: its i18n key, so it shows in the interface language (`text` is the English) */
  i18n?: LineText;
  /** docs/spec-conformance.md §3 terminal message: the job the line belongs to (none in a sync dialog) */
  lroJobId?: number | null;
  /** §3 terminal message: the job's percentage when the line arrived */
  percentageCompleted?: number;
}

/** The job fields of docs/spec-conformance.md §3's terminal message: which job, and how far it was. */
export interface LineJob {
  lroJobId: number | null;
  percentageCompleted: number;
}

/** A translatable text: key and parameters. */
export interface LineText {
  key: string;
  params?: Record<string, string>;
}

/** The text a line shows: its translation when it has a key, else the text as received. */
export function displayText(l: TerminalLine, t?: (key: string, options: Record<string, string>) => string): string {
  return l.i18n && t ? t(l.i18n.key, { ...l.i18n.params, defaultValue: l.text }) : l.text;
}

/**
 * A line that is a JSON object or array (`{"programmingLanguages":…}`), pretty-printed with two
 * spaces; null for any other text. The terminal shows such lines collapsed to one row and
 * expands them on demand.
 */
export function prettyJson(text: string): string | null {
  const s = text.trim();
  if (!(s.startsWith('{') && s.endsWith('}')) && !(s.startsWith('[') && s.endsWith(']'))) return null;
  try {
    const v: unknown = JSON.parse(s);
    return v !== null && typeof v === 'object' ? JSON.stringify(v, null, 2) : null;
  } catch {
    return null;
  }
}

/** A job-log line from the wire (`KIND::timestamp::text`). */
export function lineFromWire(raw: string, no: number, job?: LineJob): TerminalLine {
  const l = decodeLogLine(raw);
  return { no, type: messageTypeOfKind(l.kind), timestamp: l.timestamp, text: l.text, ...job };
}

/** A line the web app itself writes (termination, result texts, errors). */
export function localLine(
  text: string,
  type: MessageType,
  no: number,
  now: Date = new Date(),
  i18n?: LineText,
  job?: LineJob,
): TerminalLine {
  return { no, type, timestamp: now.toISOString(), text, ...(i18n ? { i18n } : {}), ...job };
}

/** Types that end a terminal's session (docs/spec-conformance.md §4: polling stops after one of these). */
export const TERMINAL_TYPES: readonly MessageType[] = ['complete', 'terminated', 'failed', 'timeout'];

export function isTerminalType(type: MessageType | undefined): boolean {
  return type !== undefined && TERMINAL_TYPES.includes(type);
}

/** The raw log as a file: one `KIND::timestamp::text` line each, as the server keeps it. */
export function toRawLog(lines: readonly TerminalLine[]): string {
  return lines.map((l) => `${l.type.toUpperCase()}::${l.timestamp}::${l.text}`).join('\n') + (lines.length ? '\n' : '');
}

/** Plain text for the clipboard: `[time] text`, each line as shown (`show`: its display text). */
export function toPlainText(lines: readonly TerminalLine[], show: (l: TerminalLine) => string = (l) => l.text): string {
  return lines.map((l) => (l.timestamp ? `[${formatClock(l.timestamp)}] ${show(l)}` : show(l))).join('\n');
}

/** HH:MM:SS of an ISO time, in the browser's zone; the raw text when it is not a time. */
export function formatClock(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** 1-based numbers of lines whose text contains `query` (case-insensitive); [] for an empty query. */
export function searchLines(lines: readonly TerminalLine[], query: string, show: (l: TerminalLine) => string = (l) => l.text): number[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const hits: number[] = [];
  for (let i = 0; i < lines.length; i++) if (show(lines[i]!).toLowerCase().includes(q)) hits.push(i);
  return hits;
}
