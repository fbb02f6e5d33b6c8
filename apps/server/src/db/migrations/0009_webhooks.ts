import { type Kysely, sql } from 'kysely';

/**
 * Webhooks and analysis history (docs/webhooks.md): one webhook per repository (its public id in the
 * URL, its secret sealed), every verified delivery keyed by the vendor's delivery id (a
 * redelivery is recognised and does nothing), and one row per finished analysis.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE repo_webhooks (
      repository_id uuid PRIMARY KEY REFERENCES repositories(id) ON DELETE CASCADE,
      hook_id text NOT NULL UNIQUE,
      secret_sealed text NOT NULL,
      registration text NOT NULL DEFAULT 'manual',
      registration_note text,
      vendor_hook_id text,
      auto_docs jsonb NOT NULL DEFAULT '{}'::jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE webhook_deliveries (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      repository_id uuid NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,
      vendor text NOT NULL,
      delivery_id text NOT NULL,
      event text NOT NULL,
      result text NOT NULL,
      detail text NOT NULL DEFAULT '',
      received_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX webhook_deliveries_once ON webhook_deliveries (vendor, delivery_id)`.execute(db);
  await sql`CREATE INDEX webhook_deliveries_repo ON webhook_deliveries (repository_id, received_at DESC)`.execute(db);
  await sql`
    CREATE TABLE analysis_history (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      repository_id uuid NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,
      job_id integer,
      commit_sha text NOT NULL,
      documented_share real,
      outdated_count integer,
      readme_score real,
      analysed_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX analysis_history_repo ON analysis_history (repository_id, analysed_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE analysis_history`.execute(db);
  await sql`DROP TABLE webhook_deliveries`.execute(db);
  await sql`DROP TABLE repo_webhooks`.execute(db);
}
