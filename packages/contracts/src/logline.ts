import { LogKind, type MessageType } from './enums.ts';

/**
 * The job-log wire format `KIND::timestamp::text` (docs/spec-conformance.md §3). The timestamp is ISO-8601; the
 * text may itself contain `::`, so only the first two separators split.
 */
export interface LogLine {
  kind: LogKind;
  timestamp: string;
  text: string;
}

const SEP = '::';

export function encodeLogLine(line: LogLine): string {
  // A newline inside a line would split it in a plain-text log: keep one record per line.
  const text = line.text.replace(/\r?\n/g, ' ⏎ ');
  return `${line.kind}${SEP}${line.timestamp}${SEP}${text}`;
}

export function decodeLogLine(raw: string): LogLine {
  const first = raw.indexOf(SEP);
  const second = first < 0 ? -1 : raw.indexOf(SEP, first + SEP.length);
  if (first < 0 || second < 0) return { kind: 'INFO', timestamp: '', text: raw };
  const kind = LogKind.safeParse(raw.slice(0, first));
  if (!kind.success) return { kind: 'INFO', timestamp: '', text: raw };
  return { kind: kind.data, timestamp: raw.slice(first + SEP.length, second), text: raw.slice(second + SEP.length) };
}

/** How the terminal shows a wire kind. */
export function messageTypeOfKind(kind: LogKind): MessageType {
  return kind.toLowerCase() as MessageType;
}
