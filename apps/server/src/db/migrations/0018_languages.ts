import { type Kysely, sql } from 'kysely';

/**
 * The language a job's log is worded in, and the language stored with the account for jobs that
 * no request of the user starts (webhooks, automatic doc updates, post-receive checks):
 * docs/i18n.md, "Job-log lines". Rows from before read English.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'de'))`.execute(db);
  await sql`ALTER TABLE jobs ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'de'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE jobs DROP COLUMN language`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN language`.execute(db);
}
