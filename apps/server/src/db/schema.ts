import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Kysely's view of the tables; the SQL lives in ./migrations. */
export interface UsersTable {
  id: Generated<string>;
  first_name: string;
  last_name: string;
  user_name: string;
  email: string;
  password_hash: string;
  /** bumped on every password change: older session tokens stop working */
  password_version: Generated<number>;
  is_verified: Generated<boolean>;
  plan_type: string | null;
  img_url: string | null;
  github_login_id: string | null;
  google_login_id: string | null;
  count_repo_gen: Generated<number>;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, never, Date>;
}

export type CodePurpose = 'verify-email' | 'reset-password' | 'change-email';

export interface AuthCodesTable {
  id: Generated<string>;
  user_id: string;
  purpose: CodePurpose;
  /** the address the code was sent to */
  email: string;
  /** HMAC of the code (or of the link token id): the code itself is never stored */
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Date;
  consumed_at: Date | null;
  created_at: ColumnType<Date, never, never>;
}

export interface Database {
  users: UsersTable;
  auth_codes: AuthCodesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type AuthCodeRow = Selectable<AuthCodesTable>;
