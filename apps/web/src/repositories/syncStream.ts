import { SYNC_END_WORDS } from '@docent/contracts';
import { ApiRequestError, errorMessage, openStream } from '../api/client.ts';
import { readEventStream, SseParser } from '../terminal/sse.ts';

export type SyncEnd = (typeof SYNC_END_WORDS)[number];

/**
 * One message of the install/sync stream (docs/spec-conformance.md §7): 'x~~message' or JSON with a message.
 * Returns the text and, for COMPLETE / ERROR / FAILED, the end word.
 */
export function parseSyncData(data: string): { text: string; end: SyncEnd | null } {
  let text = data.trim();
  if (text.startsWith('{')) {
    try {
      const obj = JSON.parse(text) as { message?: unknown };
      if (typeof obj.message === 'string') text = obj.message;
    } catch {
      /* not JSON after all: keep the text */
    }
  }
  const sep = text.indexOf('~~');
  if (sep !== -1) text = text.slice(sep + 2);
  const end = (SYNC_END_WORDS as readonly string[]).includes(text.trim()) ? (text.trim() as SyncEnd) : null;
  return { text, end };
}

export interface SyncCallbacks {
  onMessage: (text: string) => void;
  /** the stream said COMPLETE, ERROR or FAILED */
  onEnd: (end: SyncEnd) => void;
  /** the connection failed or was interrupted; reason null: the stream kept ending without an end word */
  onError: (reason: string | null, started: boolean) => void;
}

/** The stream reconnects after 1 s when it ends without an end word (docs/spec-conformance.md §4), at most this often. */
export const SYNC_RECONNECTS = 3;
export const SYNC_RETRY_MS = 1000;

/** Runs one vendor's install/reinstall stream to its end word. */
export async function runSyncStream(path: string, cb: SyncCallbacks, signal: AbortSignal): Promise<void> {
  let started = false;
  for (let attempt = 0; attempt <= SYNC_RECONNECTS; attempt++) {
    let ended: SyncEnd | null = null;
    try {
      const res = await openStream(path, { signal });
      started = true;
      await readEventStream(res.body!, new SseParser(), (events) => {
        for (const e of events) {
          const m = parseSyncData(e.data);
          if (m.end) ended = m.end;
          else if (m.text) cb.onMessage(m.text);
        }
      });
    } catch (err) {
      if (signal.aborted) return;
      cb.onError(err instanceof ApiRequestError ? err.message : errorMessage(err), started);
      return;
    }
    if (ended) {
      cb.onEnd(ended);
      return;
    }
    if (signal.aborted) return;
    await new Promise((r) => setTimeout(r, SYNC_RETRY_MS));
  }
  cb.onError(null, started);
}
