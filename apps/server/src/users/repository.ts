import { sql, type Kysely } from 'kysely';
import type { Vendor } from '@docent/contracts';
import type { Database, NewUserRow, UserRow, UserUpdate } from '../db/schema.ts';
import { hasUuidShape } from '../util/uuid-shape.ts';

/** Data access for the users table. Emails are stored lower-cased. */
export class UserRepository {
  constructor(private readonly db: Kysely<Database>) {}

  byId(id: string): Promise<UserRow | undefined> {
    if (!hasUuidShape(id)) return Promise.resolve(undefined);
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Stores the interface language with the account (docs/i18n.md, "Job-log lines"). */
  async setLanguage(id: string, language: 'en' | 'de'): Promise<void> {
    await this.db.updateTable('users').set({ language }).where('id', '=', id).where('language', '<>', language).execute();
  }

  byEmail(email: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .executeTakeFirst();
  }

  async userNameTaken(userName: string, exceptId?: string): Promise<boolean> {
    let q = this.db
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(user_name)`, '=', userName.toLowerCase());
    if (exceptId) q = q.where('id', '<>', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  /** Takes one full-repository generation credit; false when none is left (atomic). */
  async takeRepoGenCredit(userId: string): Promise<boolean> {
    const row = await this.db
      .updateTable('users')
      .set({ count_repo_gen: sql<number>`count_repo_gen - 1` })
      .where('id', '=', userId)
      .where('count_repo_gen', '>', 0)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async connectedVendors(userId: string): Promise<Vendor[]> {
    const rows = await this.db
      .selectFrom('vendor_connections')
      .select('vendor')
      .distinct()
      .where('user_id', '=', userId)
      .orderBy('vendor')
      .execute();
    return rows.map((r) => r.vendor as Vendor);
  }

  insert(row: NewUserRow): Promise<UserRow> {
    return this.db.insertInto('users').values(row).returningAll().executeTakeFirstOrThrow();
  }

  update(id: string, changes: Omit<UserUpdate, 'id' | 'updated_at'>): Promise<UserRow> {
    return this.db
      .updateTable('users')
      .set({ ...changes, updated_at: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Records that the welcome tour was finished or skipped; the first time is kept (idempotent). */
  markTutorialDone(id: string): Promise<UserRow> {
    return this.db
      .updateTable('users')
      .set({ tutorial_done_at: sql<Date>`coalesce(tutorial_done_at, now())` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Records that the credits banner was dismissed; the first time is kept (idempotent). */
  dismissCreditsBanner(id: string): Promise<UserRow> {
    return this.db
      .updateTable('users')
      .set({ credits_banner_dismissed_at: sql<Date>`coalesce(credits_banner_dismissed_at, now())` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Changes the password and bumps its version so older session tokens stop working. */
  setPassword(id: string, passwordHash: string): Promise<UserRow> {
    return this.db
      .updateTable('users')
      .set({ password_hash: passwordHash, password_version: sql`password_version + 1`, updated_at: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}
