import { type Kysely, sql } from 'kysely';

/**
 * Refresh tokens of OAuth vendor connections: the identity provider that issued the
 * token, its refresh token (sealed like the access token) and when the access token expires.
 * A PAT connection leaves all three null. `needs_reauth` is set when the provider refused the
 * refresh token: the user has to sign in with the provider again (the UI says so).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE vendor_connections ADD COLUMN oauth_provider text, ADD COLUMN refresh_sealed text, ADD COLUMN expires_at timestamptz, ADD COLUMN needs_reauth boolean NOT NULL DEFAULT false`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE vendor_connections DROP COLUMN needs_reauth, DROP COLUMN expires_at, DROP COLUMN refresh_sealed, DROP COLUMN oauth_provider`.execute(
    db,
  );
}
