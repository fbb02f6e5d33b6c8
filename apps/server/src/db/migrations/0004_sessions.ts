import { type Kysely, sql } from 'kysely';

/** Server-side sessions: a token names its session, which logout revokes (docs/security.md). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sessions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX sessions_user ON sessions (user_id) WHERE revoked_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE sessions`.execute(db);
}
