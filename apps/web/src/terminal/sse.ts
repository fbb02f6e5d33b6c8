/** One server-sent event (https://html.spec.whatwg.org/multipage/server-sent-events.html). */
export interface SseEvent {
  event: string;
  data: string;
  /** the last `id:` seen on the stream so far (the spec's "last event ID") */
  id: string | null;
}

/**
 * An incremental parser of the text/event-stream format: feed it chunks as they arrive (they
 * may split lines and events anywhere) and it returns the complete events. Comments (`: ping`)
 * and `retry:` are consumed; an event without data is dropped, as browsers do.
 */
export class SseParser {
  private buffer = '';
  private eventName = '';
  private data: string[] = [];
  private hasData = false;
  lastEventId: string | null = null;
  /** the reconnection delay the server asked for, in ms */
  retryMs: number | null = null;

  feed(chunk: string): SseEvent[] {
    this.buffer += chunk;
    const events: SseEvent[] = [];
    // A trailing "\r" may be the first half of "\r\n": keep it until the next chunk.
    let start = 0;
    for (;;) {
      const cr = this.buffer.indexOf('\r', start);
      const lf = this.buffer.indexOf('\n', start);
      let end: number;
      let next: number;
      if (cr === -1 && lf === -1) break;
      if (cr !== -1 && (lf === -1 || cr < lf)) {
        if (cr === this.buffer.length - 1) break;
        end = cr;
        next = this.buffer[cr + 1] === '\n' ? cr + 2 : cr + 1;
      } else {
        end = lf;
        next = lf + 1;
      }
      const event = this.line(this.buffer.slice(start, end));
      if (event) events.push(event);
      start = next;
    }
    this.buffer = this.buffer.slice(start);
    return events;
  }

  private line(line: string): SseEvent | null {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        this.eventName = value;
        break;
      case 'data':
        this.data.push(value);
        this.hasData = true;
        break;
      case 'id':
        if (!value.includes('\0')) this.lastEventId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) this.retryMs = Number(value);
        break;
      default:
        break;
    }
    return null;
  }

  private dispatch(): SseEvent | null {
    const event = this.hasData ? { event: this.eventName || 'message', data: this.data.join('\n'), id: this.lastEventId } : null;
    this.eventName = '';
    this.data = [];
    this.hasData = false;
    return event;
  }
}

/** Reads a fetch() body as text chunks and hands each parsed event to `onEvent`. */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  parser: SseParser,
  onEvents: (events: SseEvent[]) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      const events = parser.feed(decoder.decode(value, { stream: true }));
      if (events.length) onEvents(events);
    }
  } finally {
    reader.releaseLock();
  }
}
