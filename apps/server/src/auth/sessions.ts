import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface SessionRef {
  id: string;
  expiresAt: Date;
}

/**
 * Server-side sessions. A session token names its session (`sid`); the guard accepts it only
 * while the session is neither revoked nor past its absolute end, so logout and "sign out
 * everywhere" take effect at once, and refreshing never extends a session past its lifetime.
 */
export class SessionStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly maxLifetimeSeconds: number,
  ) {}

  async open(userId: string): Promise<SessionRef> {
    const row = await this.db
      .insertInto('sessions')
      .values({ user_id: userId, expires_at: new Date(Date.now() + this.maxLifetimeSeconds * 1000), revoked_at: null })
      .returning(['id', 'expires_at'])
      .executeTakeFirstOrThrow();
    return { id: row.id, expiresAt: new Date(row.expires_at) };
  }

  /** The live session `id` of `userId`, or null (unknown, another user's, revoked or ended). */
  async live(id: string, userId: string): Promise<SessionRef | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const row = await this.db
      .selectFrom('sessions')
      .select(['id', 'expires_at'])
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', new Date())
      .executeTakeFirst();
    return row ? { id: row.id, expiresAt: new Date(row.expires_at) } : null;
  }

  async revoke(id: string, userId: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Ends every session of the user; returns how many were live. */
  async revokeAll(userId: string): Promise<number> {
    const res = await this.db
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  }
}
