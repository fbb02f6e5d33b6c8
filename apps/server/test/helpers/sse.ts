/** A live server-sent-event stream read in the background: its text so far and whether the server ended it. */
export interface FollowedStream {
  text: string;
  ended: boolean;
  abort: () => void;
}

/**
 * Opens `url` with `headers` and reads its body in the background until the server ends it,
 * the test aborts it, or `abortAfterMs` pass. Throws when the answer is not 200.
 */
export async function followStream(url: string, headers: Record<string, string>, abortAfterMs?: number): Promise<FollowedStream> {
  const controller = new AbortController();
  const res = await fetch(url, { headers, signal: controller.signal });
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}, not a stream`);
  const out: FollowedStream = { text: '', ended: false, abort: () => controller.abort() };
  const timer = abortAfterMs === undefined ? undefined : setTimeout(() => controller.abort(), abortAfterMs);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        out.text += decoder.decode(value);
      }
      out.ended = true;
    } catch {
      // aborted by the test
    } finally {
      clearTimeout(timer);
    }
  })();
  return out;
}

/** Polls `cond` every 50 ms until it holds or `ms` pass (the caller's expectations say which). */
export async function waitFor(cond: () => boolean, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!cond() && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
}
