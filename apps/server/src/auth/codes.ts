import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ErrorCode } from '@docent/contracts';
import type { CodePurpose, Database } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';

const CODE_TTL_MS = 15 * 60 * 1000;
const MAX_CODE_ATTEMPTS = 5;

export const CODE_MESSAGES = {
  incorrect: 'The entered code is incorrect. Please check and try again.',
  expired: 'This code has expired. Please request a new one.',
  tooMany: 'Too many incorrect attempts. Please request a new code.',
  none: 'No active code for this email. Please request a new one.',
} as const;

/**
 * One-time codes (6 digits) and link ids, stored only as HMACs. A new code replaces the
 * previous one of the same purpose; five wrong tries burn it; it expires after 15 minutes.
 */
export class CodeStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly key: Uint8Array,
  ) {}

  private hash(value: string): string {
    return createHmac('sha256', this.key).update(value).digest('base64');
  }

  async issue(userId: string, purpose: CodePurpose, email: string, ttlMs = CODE_TTL_MS, value?: string): Promise<string> {
    const code = value ?? String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('auth_codes')
        .set({ consumed_at: new Date() })
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('consumed_at', 'is', null)
        .execute();
      await trx
        .insertInto('auth_codes')
        .values({ user_id: userId, purpose, email, code_hash: this.hash(code), expires_at: new Date(Date.now() + ttlMs) })
        .execute();
    });
    return code;
  }

  /**
   * Checks `code` against the newest live code for (purpose, email). With `consume`, a match
   * is used up. Throws an HttpError that says why it failed.
   */
  async check(purpose: CodePurpose, email: string, code: string, opts: { consume: boolean; userId?: string }): Promise<string> {
    // The transaction returns its verdict instead of throwing, so a failed try's attempt count
    // is committed rather than rolled back with the error.
    const verdict = await this.db.transaction().execute(async (trx): Promise<string | HttpError> => {
      let q = trx
        .selectFrom('auth_codes')
        .selectAll()
        .where('purpose', '=', purpose)
        .where('email', '=', email)
        .where('consumed_at', 'is', null)
        .orderBy('created_at', 'desc')
        .limit(1)
        .forUpdate();
      if (opts.userId) q = q.where('user_id', '=', opts.userId);
      const row = await q.executeTakeFirst();
      if (!row) return new HttpError(400, ErrorCode.CODE_INVALID, CODE_MESSAGES.none);
      if (new Date(row.expires_at).getTime() < Date.now()) {
        await trx.updateTable('auth_codes').set({ consumed_at: new Date() }).where('id', '=', row.id).execute();
        return new HttpError(410, ErrorCode.CODE_EXPIRED, CODE_MESSAGES.expired);
      }
      const a = Buffer.from(this.hash(code));
      const b = Buffer.from(row.code_hash);
      if (a.length !== b.length || !timingSafeEqual(a, b)) {
        const attempts = row.attempts + 1;
        const burnt = attempts >= MAX_CODE_ATTEMPTS;
        await trx
          .updateTable('auth_codes')
          .set({ attempts, ...(burnt ? { consumed_at: new Date() } : {}) })
          .where('id', '=', row.id)
          .execute();
        if (burnt) return new HttpError(429, ErrorCode.TOO_MANY_ATTEMPTS, CODE_MESSAGES.tooMany);
        return new HttpError(400, ErrorCode.CODE_INVALID, CODE_MESSAGES.incorrect);
      }
      if (opts.consume) await trx.updateTable('auth_codes').set({ consumed_at: new Date() }).where('id', '=', row.id).execute();
      return row.user_id;
    });
    if (verdict instanceof HttpError) throw verdict;
    return verdict;
  }
}
