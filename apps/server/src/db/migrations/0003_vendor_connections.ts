import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE vendor_connections (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      vendor text NOT NULL,
      organization text NOT NULL DEFAULT '',
      base_url text,
      kind text NOT NULL,
      username text,
      login text,
      credential_sealed text NOT NULL,
      status text NOT NULL DEFAULT 'no_status',
      message text NOT NULL DEFAULT '',
      last_synced_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX vendor_connections_identity ON vendor_connections (user_id, vendor, lower(organization))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE vendor_connections`.execute(db);
}
