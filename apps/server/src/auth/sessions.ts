import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../db/schema.ts';
import { hasUuidShape } from '../util/uuid-shape.ts';

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

  /**
   * The live session `id` of `userId` with the user's row, or null (unknown, another user's,
   * revoked or ended). One statement: every signed-in request asks for both, and on the embedded
   * database each statement runs on the API's thread (docs/performance.md, "Round 12").
   */
  async liveWithUser(id: string, userId: string): Promise<{ row: UserRow; session: SessionRef } | null> {
    if (!hasUuidShape(id) || !hasUuidShape(userId)) return null;
    const found = await this.db
      .selectFrom('users')
      .innerJoin('sessions', 'sessions.user_id', 'users.id')
      .selectAll('users')
      .select(['sessions.id as session_id', 'sessions.expires_at as session_expires_at'])
      .where('sessions.id', '=', id)
      .where('users.id', '=', userId)
      .where('sessions.revoked_at', 'is', null)
      .where('sessions.expires_at', '>', new Date())
      .executeTakeFirst();
    if (!found) return null;
    const { session_id, session_expires_at, ...row } = found;
    return { row, session: { id: session_id, expiresAt: new Date(session_expires_at) } };
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
