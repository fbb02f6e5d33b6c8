import { FINAL_JOB_STATES } from '@docent/contracts';
import type { LogBus } from './log-bus.ts';
import { toJob, type JobStore } from './store.ts';

/** Lines read per turn of a stream (a stream that gets this many reads again at once). */
export const STREAM_READ_LINES = 2000;

/** What a live-log stream writes after one read: the same text for every stream at the same place. */
export interface StreamRead {
  /** the SSE events of the new lines and the job's status, in one string (one socket write) */
  text: string;
  /** the sequence number of the last line read (unchanged when none) */
  last: number;
  /** the read was full: more lines wait */
  more: boolean;
  /** the job is final: the `end` event (after `text`) that closes the stream, else null */
  end: string | null;
}

/**
 * Reads for the live-log streams, shared by the streams of one job at one place of its log
 * (docs/decisions.md, "Live-log streams share a read only when it began after their wake-up").
 * A write wakes every stream of its job in the same turn: 10 streams following a job made 10
 * reads of its new lines and 10 of its row per write, on PGlite one at a time
 * (docs/performance.md, "Jobs off the API's event loop", round 5). Now the first stream's read
 * serves the others, and each turns it into text once.
 *
 * A stream joins a read only if the read began after the wake-up the stream answers (the bus's
 * counter at the read's start is at least the counter the stream saw): the read then sees the
 * write that woke it, since a wake-up is sent after its write is committed. A read begun earlier
 * may have missed that write — a stream woken by a job's final transition must not join a read
 * that saw the job still RUNNING, or it would wait for a wake-up that never comes.
 */
export class StreamReads {
  private readonly reads = new Map<string, { seq: number; read: Promise<StreamRead> }>();

  constructor(
    private readonly store: JobStore,
    private readonly bus: LogBus,
  ) {}

  /** The lines of job `jobId` after `since` and its row, read after the bus's current wake-up. */
  read(jobId: number, since: number): Promise<StreamRead> {
    const key = `${jobId}:${since}`;
    const seq = this.bus.seq;
    const shared = this.reads.get(key);
    if (shared && shared.seq >= seq) return shared.read;
    const entry = { seq, read: this.readNow(jobId, since) };
    this.reads.set(key, entry);
    const forget = () => {
      if (this.reads.get(key) === entry) this.reads.delete(key);
    };
    entry.read.then(forget, forget);
    return entry.read;
  }

  /** A read for one stream alone (the polling backstop, which looks for a wake-up that was missed). */
  async readNow(jobId: number, since: number): Promise<StreamRead> {
    const tail = await this.store.tail(jobId, since, STREAM_READ_LINES);
    const lines = tail?.lines ?? [];
    const row = tail?.row ?? null;
    let text = '';
    for (const l of lines) text += `id: ${l.seq}\nevent: line\ndata: ${l.line}\n\n`;
    const job = row ? toJob(row) : null;
    const json = job ? JSON.stringify(job) : null;
    if (json) text += `event: status\ndata: ${json}\n\n`;
    const more = lines.length === STREAM_READ_LINES;
    const final = !more && job !== null && (FINAL_JOB_STATES as readonly string[]).includes(job.state);
    return { text, last: lines.at(-1)?.seq ?? since, more, end: final ? `event: end\ndata: ${json}\n\n` : null };
  }
}
