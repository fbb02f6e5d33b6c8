import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { type Kysely, sql } from 'kysely';

/**
 * Large analysis details (a repository's function entries: ~650 KB of JSON for 960 functions) are
 * stored gzip-compressed in `data_gzip` instead of as `jsonb` in `data`: PostgreSQL never parses
 * them — on PGlite that parse was one synchronous WebAssembly call on the API's thread per finished
 * analysis (docs/performance.md, "Jobs off the API's event loop", round 6; docs/decisions.md).
 * Exactly one of the two columns is set. Rows stored before stay as they are in `data` and are read
 * as before; the next analysis rewrites them compressed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE analysis_details ADD COLUMN data_gzip bytea`.execute(db);
  await sql`ALTER TABLE analysis_details ALTER COLUMN data DROP NOT NULL`.execute(db);
  await sql`ALTER TABLE analysis_details ADD CONSTRAINT analysis_details_one_form CHECK ((data IS NULL) <> (data_gzip IS NULL))`.execute(
    db,
  );
}

const gunzipText = async (hex: string): Promise<string> => (await promisify(gunzip)(Buffer.from(hex, 'hex'))).toString('utf8');

/** Back to `jsonb` only: every compressed row is expanded into `data` first, one row at a time. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (;;) {
    const { rows } = await sql<{ repository_id: string; analysis_type: string; hex: string }>`
      SELECT repository_id, analysis_type, encode(data_gzip, 'hex') AS hex
      FROM analysis_details WHERE data_gzip IS NOT NULL LIMIT 1`.execute(db);
    const row = rows[0];
    if (!row) break;
    await sql`
      UPDATE analysis_details SET data = ${await gunzipText(row.hex)}::jsonb, data_gzip = NULL
      WHERE repository_id = ${row.repository_id} AND analysis_type = ${row.analysis_type}`.execute(db);
  }
  await sql`ALTER TABLE analysis_details DROP CONSTRAINT analysis_details_one_form`.execute(db);
  await sql`ALTER TABLE analysis_details ALTER COLUMN data SET NOT NULL`.execute(db);
  await sql`ALTER TABLE analysis_details DROP COLUMN data_gzip`.execute(db);
}
