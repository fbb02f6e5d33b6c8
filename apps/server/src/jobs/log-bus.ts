import { EventEmitter } from 'node:events';
import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

const CHANNEL = 'docent_jobs';

/**
 * Wakes live-log streams when a job writes a line or changes state. In one process an
 * EventEmitter is enough; with a PostgreSQL server, NOTIFY carries the wake-up to whichever
 * API process holds the browser's stream (docs/design.md §3).
 */
export class LogBus {
  private readonly emitter = new EventEmitter();
  private listener: pg.Client | null = null;
  private wakes = 0;

  constructor(private readonly remote: { db: Kysely<Database>; databaseUrl: string } | null) {
    this.emitter.setMaxListeners(0);
  }

  /**
   * How many wake-ups this process has seen, of any job. A wake-up comes after its write was
   * committed, so a read begun when this counter was at N sees every write whose wake-up was one
   * of the first N (the live-log streams share reads on this ground, stream-reads.ts).
   */
  get seq(): number {
    return this.wakes;
  }

  /** true when every publisher is in this process (embedded mode): no wake-up can be missed */
  get inProcess(): boolean {
    return this.remote === null;
  }

  async start(): Promise<void> {
    if (!this.remote) return;
    const client = new pg.Client({ connectionString: this.remote.databaseUrl });
    client.on('notification', (msg) => {
      const id = Number(msg.payload);
      if (Number.isInteger(id)) this.wake(id);
    });
    client.on('error', () => undefined); // a lost listener degrades to the streams' own polling
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.listener = client;
  }

  async stop(): Promise<void> {
    await this.listener?.end().catch(() => undefined);
    this.listener = null;
  }

  publish(jobId: number): void {
    if (this.remote) {
      sql`select pg_notify(${CHANNEL}, ${String(jobId)})`.execute(this.remote.db).catch(() => undefined);
    } else {
      this.wake(jobId);
    }
  }

  private wake(jobId: number): void {
    this.wakes += 1; // before the listeners run: their reads start after this wake-up
    this.emitter.emit(String(jobId));
  }

  subscribe(jobId: number, onWake: () => void): () => void {
    const key = String(jobId);
    this.emitter.on(key, onWake);
    return () => this.emitter.off(key, onWake);
  }
}
