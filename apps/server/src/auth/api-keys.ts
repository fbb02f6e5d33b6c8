import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { API_KEY_PREFIX, maskApiKey, type ApiKey } from '@docent/contracts';
import type { ApiKeyRow, Database } from '../db/schema.ts';

/** 32 random bytes, base64url: 43 characters after the prefix. */
const KEY_BYTES = 32;
const KEY_BODY = /^[A-Za-z0-9_-]{43}$/;
/** `last_used_at` is written at most this often per key: a busy script costs no write per call. */
export const LAST_USED_THROTTLE_MS = 60_000;

/** SHA-256 suffices: a key has 256 bits of entropy, so there is nothing to brute-force slowly. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** Whether `key` has the shape of a Docent API key (prefix and body), before any lookup. */
function looksLikeApiKey(key: string): boolean {
  return key.startsWith(API_KEY_PREFIX) && KEY_BODY.test(key.slice(API_KEY_PREFIX.length));
}

export function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    key: maskApiKey(`${row.prefix}${row.last4}`),
    isActive: row.is_active,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    lastUsed: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
  };
}

export type KeyCheck = { ok: true; userId: string; keyId: string } | { ok: false; detail: string };

/** The api_keys table: keys are created here, shown once, and afterwards known only by hash. */
export class ApiKeyStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  async create(userId: string, name: string): Promise<{ key: string; row: ApiKeyRow }> {
    const key = `${API_KEY_PREFIX}${randomBytes(KEY_BYTES).toString('base64url')}`;
    const row = await this.db
      .insertInto('api_keys')
      .values({ user_id: userId, name, key_hash: hashApiKey(key), prefix: key.slice(0, 8), last4: key.slice(-4), last_used_at: null })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { key, row };
  }

  async list(userId: string, page: { limit: number; offset: number }): Promise<{ rows: ApiKeyRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('api_keys')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      this.db
        .selectFrom('api_keys')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** Flips active/inactive; null when the key is not the user's. */
  async toggle(id: string, userId: string): Promise<ApiKeyRow | null> {
    const row = await this.db
      .updateTable('api_keys')
      .set((eb) => ({ is_active: eb.not('is_active'), updated_at: new Date(this.now()) }))
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirst();
    return row ?? null;
  }

  /**
   * Switches off every active key of the user (password change, sign-out everywhere); answers
   * how many. Switched off, not deleted: the owner can turn trusted ones back on.
   */
  async deactivateAll(userId: string): Promise<number> {
    const res = await this.db
      .updateTable('api_keys')
      .set({ is_active: false, updated_at: new Date(this.now()) })
      .where('user_id', '=', userId)
      .where('is_active', '=', true)
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  }

  /** Deletes for good; false when the key is not the user's. */
  async delete(id: string, userId: string): Promise<boolean> {
    const res = await this.db.deleteFrom('api_keys').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }

  /** Checks a presented key; an active key's `last_used_at` is brought up to date (throttled). */
  async check(key: string): Promise<KeyCheck> {
    if (!looksLikeApiKey(key)) return { ok: false, detail: `This is not a Docent API key (keys start with "${API_KEY_PREFIX}").` };
    const row = await this.db
      .selectFrom('api_keys')
      .select(['id', 'user_id', 'is_active', 'last_used_at'])
      .where('key_hash', '=', hashApiKey(key))
      .executeTakeFirst();
    if (!row) return { ok: false, detail: 'This API key is not valid. It may have been deleted.' };
    if (!row.is_active) return { ok: false, detail: 'This API key is inactive. Activate it on the API Keys page or use another key.' };
    const now = this.now();
    if (!row.last_used_at || now - new Date(row.last_used_at).getTime() >= LAST_USED_THROTTLE_MS) {
      await this.db
        .updateTable('api_keys')
        .set({ last_used_at: new Date(now) })
        .where('id', '=', row.id)
        .execute();
    }
    return { ok: true, userId: row.user_id, keyId: row.id };
  }
}
