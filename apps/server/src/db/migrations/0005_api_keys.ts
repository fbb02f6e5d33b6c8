import { type Kysely, sql } from 'kysely';

/**
 * API keys: only the SHA-256 of a key is kept, never the key; `prefix` and
 * `last4` are what the list shows of it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE api_keys (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      name text NOT NULL DEFAULT '',
      key_hash text NOT NULL,
      prefix text NOT NULL,
      last4 text NOT NULL,
      is_active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX api_keys_hash ON api_keys (key_hash)`.execute(db);
  await sql`CREATE INDEX api_keys_user ON api_keys (user_id, created_at DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE api_keys`.execute(db);
}
