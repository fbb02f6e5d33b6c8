import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      first_name text NOT NULL,
      last_name text NOT NULL DEFAULT '',
      user_name text NOT NULL,
      email text NOT NULL,
      password_hash text NOT NULL,
      password_version integer NOT NULL DEFAULT 0,
      is_verified boolean NOT NULL DEFAULT false,
      plan_type text,
      img_url text,
      github_login_id text,
      google_login_id text,
      count_repo_gen integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX users_email_key ON users (lower(email))`.execute(db);
  await sql`CREATE UNIQUE INDEX users_user_name_key ON users (lower(user_name))`.execute(db);
  await sql`
    CREATE TABLE auth_codes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      purpose text NOT NULL,
      email text NOT NULL,
      code_hash text NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      expires_at timestamptz NOT NULL,
      consumed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX auth_codes_lookup ON auth_codes (purpose, email, created_at DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE auth_codes`.execute(db);
  await sql`DROP TABLE users`.execute(db);
}
