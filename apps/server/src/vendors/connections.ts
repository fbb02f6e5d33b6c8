import { sql, type Kysely } from 'kysely';
import type { VendorConnection, Vendor, OAuthProvider } from '@docent/contracts';
import type { Database, VendorConnectionRow } from '../db/schema.ts';
import type { SecretBox } from '../crypto/secretbox.ts';
import { OAuthProviderFailure } from '../oauth/providers.ts';
import { refreshScope, type TokenRefresher } from '../oauth/refresh.ts';
import { VendorApiError, type VendorCredential } from './hosted-types.ts';
import { VENDOR_LABEL, type HostedVendor } from './index.ts';

/** How an OAuth sign-in's token was granted: kept so it can be refreshed. */
export interface OAuthGrant {
  provider: OAuthProvider;
  refreshToken: string | null;
  /** seconds the access token lives; null when the provider does not say (it does not expire) */
  expiresIn: number | null;
}

/** An access token this close to its expiry is refreshed before use. */
const REFRESH_MARGIN_MS = 60_000;

export const REAUTH_MESSAGE = (label: string): string => `Your ${label} sign-in has expired. Sign in with ${label} again to reconnect it.`;

/** Stored vendor credentials, sealed with AES-256-GCM; never returned by the API. */
export class ConnectionRepository {
  /** refreshes in flight per connection id: one refresh at a time, its result shared */
  private readonly refreshing = new Map<string, Promise<VendorCredential>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly box: SecretBox,
    private readonly refresher?: TokenRefresher,
  ) {}

  /** Stores a connection; `grant` for an OAuth sign-in's token (a PAT clears any refresh token). */
  async upsert(
    userId: string,
    vendor: HostedVendor,
    cred: VendorCredential,
    login: string | null,
    grant?: OAuthGrant,
  ): Promise<VendorConnectionRow> {
    const organization = cred.organization ?? '';
    const values = {
      base_url: cred.baseUrl ?? null,
      kind: cred.kind,
      username: cred.username ?? null,
      login,
      credential_sealed: this.box.seal(cred.token),
      oauth_provider: grant?.provider ?? null,
      refresh_sealed: grant?.refreshToken ? this.box.seal(grant.refreshToken) : null,
      expires_at: grant?.expiresIn ? new Date(Date.now() + grant.expiresIn * 1000) : null,
      needs_reauth: false,
      updated_at: new Date(),
    };
    const existing = await this.find(userId, vendor, organization);
    if (existing) {
      return this.db.updateTable('vendor_connections').set(values).where('id', '=', existing.id).returningAll().executeTakeFirstOrThrow();
    }
    return this.db
      .insertInto('vendor_connections')
      .values({ user_id: userId, vendor, organization, ...values })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  find(userId: string, vendor: string, organization = ''): Promise<VendorConnectionRow | undefined> {
    return this.db
      .selectFrom('vendor_connections')
      .selectAll()
      .where('user_id', '=', userId)
      .where('vendor', '=', vendor)
      .where(sql<string>`lower(organization)`, '=', organization.toLowerCase())
      .executeTakeFirst();
  }

  list(userId: string, vendor?: string): Promise<VendorConnectionRow[]> {
    let q = this.db.selectFrom('vendor_connections').selectAll().where('user_id', '=', userId);
    if (vendor) q = q.where('vendor', '=', vendor);
    return q.orderBy('vendor').orderBy('organization').execute();
  }

  async remove(userId: string, vendor: string, organization = ''): Promise<boolean> {
    const res = await this.db
      .deleteFrom('vendor_connections')
      .where('user_id', '=', userId)
      .where('vendor', '=', vendor)
      .where(sql<string>`lower(organization)`, '=', organization.toLowerCase())
      .executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }

  async setStatus(id: string, status: string, message: string, synced = false): Promise<void> {
    await this.db
      .updateTable('vendor_connections')
      .set({ status, message, updated_at: new Date(), ...(synced ? { last_synced_at: new Date() } : {}) })
      .where('id', '=', id)
      .execute();
  }

  /**
   * The connection's credential, ready to use: an OAuth token that has expired (or expires within
   * a minute) is refreshed first, or always with `force` (after the vendor answered 401).
   */
  async usableCredential(row: VendorConnectionRow, opts: { force?: boolean } = {}): Promise<VendorCredential> {
    // A refused refresh token is not tried again: only a new sign-in (upsert) clears the mark.
    if (row.needs_reauth) throw this.reauthError(row);
    if (!row.refresh_sealed || !row.oauth_provider || !this.refresher) return this.credential(row);
    const expired = row.expires_at !== null && new Date(row.expires_at).getTime() - REFRESH_MARGIN_MS <= Date.now();
    if (!opts.force && !expired) return this.credential(row);
    const running = this.refreshing.get(row.id);
    if (running) return running;
    const job = this.refreshNow(row).finally(() => this.refreshing.delete(row.id));
    this.refreshing.set(row.id, job);
    return job;
  }

  /**
   * Runs `call` with the connection's credential; when the vendor answers 401 and the token can
   * be refreshed, refreshes once and tries again.
   */
  async withCredential<T>(row: VendorConnectionRow, call: (cred: VendorCredential) => Promise<T>): Promise<T> {
    const cred = await this.usableCredential(row);
    try {
      return await call(cred);
    } catch (err) {
      if (!(err instanceof VendorApiError) || err.failure !== 'auth' || !row.refresh_sealed || !this.refresher) throw err;
      const current = (await this.byId(row.id)) ?? row;
      // Another request may have refreshed it meanwhile: then its new token is tried, not a second refresh.
      const fresh =
        current.credential_sealed !== row.credential_sealed
          ? await this.usableCredential(current)
          : await this.usableCredential(current, { force: true });
      return call(fresh);
    }
  }

  byId(id: string): Promise<VendorConnectionRow | undefined> {
    return this.db.selectFrom('vendor_connections').selectAll().where('id', '=', id).executeTakeFirst();
  }

  private reauthError(row: VendorConnectionRow): VendorApiError {
    const label = VENDOR_LABEL[row.vendor as HostedVendor] ?? row.vendor;
    return new VendorApiError(401, label, REAUTH_MESSAGE(label), 'auth');
  }

  private async refreshNow(row: VendorConnectionRow): Promise<VendorCredential> {
    const provider = row.oauth_provider as OAuthProvider;
    const label = VENDOR_LABEL[row.vendor as HostedVendor] ?? row.vendor;
    const refreshToken = this.box.open(row.refresh_sealed!);
    try {
      const t = await this.refresher!.refresh(provider, refreshToken, refreshScope(provider, row.vendor));
      // Compare-and-swap on the refresh token read: a refresh by another process wins, not both.
      const updated = await this.db
        .updateTable('vendor_connections')
        .set({
          credential_sealed: this.box.seal(t.accessToken),
          refresh_sealed: t.refreshToken ? this.box.seal(t.refreshToken) : row.refresh_sealed,
          expires_at: t.expiresIn ? new Date(Date.now() + t.expiresIn * 1000) : null,
          needs_reauth: false,
          updated_at: new Date(),
        })
        .where('id', '=', row.id)
        .where('refresh_sealed', '=', row.refresh_sealed!)
        .returningAll()
        .executeTakeFirst();
      if (updated) return this.credential(updated);
      const now = await this.byId(row.id);
      if (!now) throw this.reauthError(row);
      return this.credential(now);
    } catch (err) {
      if (!(err instanceof OAuthProviderFailure)) throw err;
      if (err.kind === 'unavailable')
        throw new VendorApiError(
          0,
          label,
          `${label} could not renew the sign-in right now. Try again later.`,
          'network',
          undefined,
          err.internal,
        );
      // Refused. If another process rotated the pair meanwhile, ours was simply stale.
      const now = await this.byId(row.id);
      if (now && now.refresh_sealed !== row.refresh_sealed && !now.needs_reauth) return this.credential(now);
      await this.db
        .updateTable('vendor_connections')
        .set({ needs_reauth: true, message: REAUTH_MESSAGE(label), updated_at: new Date() })
        .where('id', '=', row.id)
        .execute();
      const e = this.reauthError(row);
      throw new VendorApiError(e.status, e.vendor, e.message, 'auth', undefined, err.internal);
    }
  }

  credential(row: VendorConnectionRow): VendorCredential {
    return {
      token: this.box.open(row.credential_sealed),
      kind: row.kind as VendorCredential['kind'],
      ...(row.base_url ? { baseUrl: row.base_url } : {}),
      ...(row.organization ? { organization: row.organization } : {}),
      ...(row.username ? { username: row.username } : {}),
    };
  }
}

export function toVendorConnection(row: VendorConnectionRow): VendorConnection {
  const needsReauth = row.needs_reauth === true;
  return {
    vendor: row.vendor as Vendor,
    organization: row.organization,
    login: row.login,
    baseUrl: row.base_url,
    status: row.status,
    message: row.message,
    lastSyncedAt: row.last_synced_at ? new Date(row.last_synced_at).toISOString() : null,
    needsReauth,
  };
}
