import { type Kysely, sql } from 'kysely';

/**
 * A handled webhook delivery keeps what it did as codes with parameters beside its English
 * `detail`, so the web app can word it in the user's language (docs/webhooks.md, "Delivery details
 * in the user's language"). Rows from before, and refused deliveries, have none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE webhook_deliveries ADD COLUMN detail_parts jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE webhook_deliveries DROP COLUMN detail_parts`.execute(db);
}
