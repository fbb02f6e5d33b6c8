import { type Kysely, sql } from 'kysely';

/**
 * Automatic architecture / API doc updates (docs/webhooks.md) reuse the options a doc set was last
 * generated with by hand, kept in analysis_details as `docset-config-arch` / `docset-config-api`.
 * Sets generated before this migration have them only in their job's payload: copied here once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    INSERT INTO analysis_details (repository_id, analysis_type, data)
    SELECT DISTINCT ON (d.repository_id, d.kind) d.repository_id, 'docset-config-' || d.kind, j.payload -> 'config'
    FROM doc_sets d JOIN jobs j ON j.id = d.job_id
    WHERE j.payload ? 'config' AND NOT (j.payload ? 'auto')
    ORDER BY d.repository_id, d.kind, d.created_at DESC, d.id DESC
    ON CONFLICT (repository_id, analysis_type) DO NOTHING`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM analysis_details WHERE analysis_type IN ('docset-config-arch', 'docset-config-api', 'docset-auto-arch', 'docset-auto-api')`.execute(
    db,
  );
}
