import { type Kysely, sql } from 'kysely';

/**
 * OAuth sign-in: one login id per identity provider on the user, each unique,
 * and the pending authorization requests whose `state` is used once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN gitlab_login_id text, ADD COLUMN bitbucket_login_id text, ADD COLUMN azure_login_id text`.execute(
    db,
  );
  for (const col of ['github_login_id', 'google_login_id', 'gitlab_login_id', 'bitbucket_login_id', 'azure_login_id']) {
    await sql`CREATE UNIQUE INDEX ${sql.raw(`users_${col}_key`)} ON users (${sql.ref(col)}) WHERE ${sql.ref(col)} IS NOT NULL`.execute(db);
  }
  await sql`
    CREATE TABLE oauth_states (
      state_hash text PRIMARY KEY,
      provider text NOT NULL,
      browser_hash text NOT NULL,
      verifier_sealed text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX oauth_states_expires ON oauth_states (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE oauth_states`.execute(db);
  for (const col of ['github_login_id', 'google_login_id', 'gitlab_login_id', 'bitbucket_login_id', 'azure_login_id']) {
    await sql`DROP INDEX IF EXISTS ${sql.raw(`users_${col}_key`)}`.execute(db);
  }
  await sql`ALTER TABLE users DROP COLUMN gitlab_login_id, DROP COLUMN bitbucket_login_id, DROP COLUMN azure_login_id`.execute(db);
}
