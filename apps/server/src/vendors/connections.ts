import { sql, type Kysely } from 'kysely';
import type { VendorConnection, Vendor } from '@docent/contracts';
import type { Database, VendorConnectionRow } from '../db/schema.ts';
import type { SecretBox } from '../crypto/secretbox.ts';
import type { VendorCredential } from './hosted-types.ts';
import type { HostedVendor } from './index.ts';

/** Stored vendor credentials, sealed with AES-256-GCM; never returned by the API. */
export class ConnectionRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly box: SecretBox,
  ) {}

  async upsert(userId: string, vendor: HostedVendor, cred: VendorCredential, login: string | null): Promise<VendorConnectionRow> {
    const organization = cred.organization ?? '';
    const values = {
      base_url: cred.baseUrl ?? null,
      kind: cred.kind,
      username: cred.username ?? null,
      login,
      credential_sealed: this.box.seal(cred.token),
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

  async connectedVendors(userId: string): Promise<Vendor[]> {
    const rows = await this.db.selectFrom('vendor_connections').select('vendor').distinct().where('user_id', '=', userId).orderBy('vendor').execute();
    return rows.map((r) => r.vendor as Vendor);
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
  return {
    vendor: row.vendor as Vendor,
    organization: row.organization,
    login: row.login,
    baseUrl: row.base_url,
    status: row.status,
    message: row.message,
    lastSyncedAt: row.last_synced_at ? new Date(row.last_synced_at).toISOString() : null,
  };
}
