import { type Kysely, sql } from 'kysely';

/**
 * Architecture and API docs (docs/docgen-arch-api.md): each generated doc set (repository, kind, commit) with
 * its manifest (for incremental runs) and result, and its files. The files live in the database so
 * that every API process can host them, whichever worker generated them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE doc_sets (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      repository_id uuid NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,
      kind text NOT NULL,
      commit text NOT NULL,
      job_id integer REFERENCES jobs(id) ON DELETE SET NULL,
      hosted boolean NOT NULL DEFAULT false,
      manifest jsonb NOT NULL,
      result jsonb NOT NULL,
      total_bytes bigint NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (repository_id, kind, commit)
    )`.execute(db);
  await sql`CREATE INDEX doc_sets_latest ON doc_sets (repository_id, kind, created_at DESC)`.execute(db);
  await sql`CREATE INDEX doc_sets_job ON doc_sets (job_id)`.execute(db);
  await sql`
    CREATE TABLE doc_files (
      doc_set_id integer NOT NULL REFERENCES doc_sets(id) ON DELETE CASCADE,
      name text NOT NULL,
      format text NOT NULL,
      content_type text NOT NULL,
      size integer NOT NULL,
      content bytea NOT NULL,
      PRIMARY KEY (doc_set_id, name)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE doc_files`.execute(db);
  await sql`DROP TABLE doc_sets`.execute(db);
}
