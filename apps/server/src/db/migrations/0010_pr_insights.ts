import { type Kysely, sql } from 'kysely';

/** docs/pr-insights.md: a repository's pull-request check threshold, and one row per checked pull request. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE pr_check_settings (
      repository_id uuid PRIMARY KEY REFERENCES repositories(id) ON DELETE CASCADE,
      fail_under integer CHECK (fail_under BETWEEN 0 AND 100),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE pr_insights (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      repository_id uuid NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,
      number integer NOT NULL,
      vendor text NOT NULL,
      comment_id text,
      thread_id text,
      head_sha text NOT NULL,
      result jsonb NOT NULL DEFAULT '{}'::jsonb,
      patch text,
      patch_token text UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (repository_id, number)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE pr_insights`.execute(db);
  await sql`DROP TABLE pr_check_settings`.execute(db);
}
