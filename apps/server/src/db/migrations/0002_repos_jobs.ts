import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE repositories (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      vendor text NOT NULL,
      organization_name text NOT NULL,
      repo_name text NOT NULL,
      clone_url text NOT NULL,
      default_branch text,
      plan_type text NOT NULL DEFAULT 'FREE',
      is_private boolean NOT NULL DEFAULT false,
      installation_id text,
      site_url text,
      analysis_report jsonb NOT NULL DEFAULT '{}'::jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX repositories_identity ON repositories (user_id, vendor, lower(organization_name), lower(repo_name))`.execute(
    db,
  );

  // Large per-type results (function entries, README content) are kept apart from the report.
  await sql`
    CREATE TABLE analysis_details (
      repository_id uuid NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,
      analysis_type text NOT NULL,
      data jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (repository_id, analysis_type)
    )`.execute(db);

  await sql`
    CREATE TABLE jobs (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      repository_id uuid REFERENCES repositories(id) ON DELETE SET NULL,
      job_type text NOT NULL,
      organization_name text NOT NULL,
      repo_name text NOT NULL,
      vendor text NOT NULL,
      state text NOT NULL DEFAULT 'START',
      message text NOT NULL DEFAULT '',
      progress integer NOT NULL DEFAULT 0,
      payload jsonb NOT NULL DEFAULT '{}'::jsonb,
      cancel_requested boolean NOT NULL DEFAULT false,
      worker_id text,
      heartbeat_at timestamptz,
      attempts integer NOT NULL DEFAULT 0,
      time_created timestamptz NOT NULL DEFAULT now(),
      started_at timestamptz,
      finished_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX jobs_user_created ON jobs (user_id, time_created DESC)`.execute(db);
  await sql`CREATE INDEX jobs_active ON jobs (state) WHERE state IN ('START','VALIDATING','QUEUED','RUNNING')`.execute(db);

  await sql`
    CREATE TABLE job_logs (
      job_id integer NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
      seq integer NOT NULL,
      kind text NOT NULL,
      ts timestamptz NOT NULL DEFAULT now(),
      text text NOT NULL,
      PRIMARY KEY (job_id, seq)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE job_logs`.execute(db);
  await sql`DROP TABLE jobs`.execute(db);
  await sql`DROP TABLE analysis_details`.execute(db);
  await sql`DROP TABLE repositories`.execute(db);
}
