import { type Kysely, sql } from 'kysely';

/**
 * The webhook replay window (docs/webhooks.md): the digest of every accepted delivery's signed
 * body (vendor route, hook id, raw body, and the post-receive hook's signed timestamp), kept
 * for 24 hours. The same signed body under a new delivery id within that window is a replay.
 * In the database, so every API process sees the others' deliveries.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE webhook_bodies (
      digest text PRIMARY KEY,
      repository_id uuid NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,
      received_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX webhook_bodies_received ON webhook_bodies (received_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE webhook_bodies`.execute(db);
}
