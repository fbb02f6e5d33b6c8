import { type Kysely, sql } from 'kysely';

/** docs/spec-conformance.md §3 "a tutorial-done flag" and "a per-user credits-banner flag", kept on the server. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN tutorial_done_at timestamptz`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN credits_banner_dismissed_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN credits_banner_dismissed_at`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN tutorial_done_at`.execute(db);
}
