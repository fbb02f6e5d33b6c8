import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { sql, type Insertable, type Kysely, type RawBuilder } from 'kysely';
import { ACTIVE_JOB_STATES, type AnalysisReport } from '@docent/contracts';
import type { Database, RepositoriesTable, RepositoryRow } from '../db/schema.ts';

/** Details whose JSON has this many characters or more are stored compressed (saveDetails). */
export const COMPRESS_FROM = 16 * 1024;

const gzipAsync = promisify(gzip);
const gunzipHex = async (hex: string): Promise<string> => (await promisify(gunzip)(Buffer.from(hex, 'hex'))).toString('utf8');

const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

/** Data access for repositories and their analysis details; every read is scoped to a user. */
export class RepoRepository {
  constructor(private readonly db: Kysely<Database>) {}

  list(userId: string, orgName?: string): Promise<RepositoryRow[]> {
    let q = this.db.selectFrom('repositories').selectAll().where('user_id', '=', userId);
    if (orgName) q = q.where(sql<string>`lower(organization_name)`, '=', orgName.toLowerCase());
    return q.orderBy('organization_name').orderBy('repo_name').execute();
  }

  find(userId: string, vendor: string, org: string, repo: string): Promise<RepositoryRow | undefined> {
    return this.db
      .selectFrom('repositories')
      .selectAll()
      .where('user_id', '=', userId)
      .where('vendor', '=', vendor)
      .where(sql<string>`lower(organization_name)`, '=', org.toLowerCase())
      .where(sql<string>`lower(repo_name)`, '=', repo.toLowerCase())
      .executeTakeFirst();
  }

  byId(id: string): Promise<RepositoryRow | undefined> {
    if (!isUuid(id)) return Promise.resolve(undefined);
    return this.db.selectFrom('repositories').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** a new repository: the table's own columns, less what the database fills in or a later step sets */
  insert(
    row: Pick<Insertable<RepositoriesTable>, 'user_id' | 'vendor' | 'organization_name' | 'repo_name' | 'clone_url' | 'default_branch'> & {
      is_private: boolean;
      installation_id?: string | null;
    },
  ): Promise<RepositoryRow> {
    return this.db.insertInto('repositories').values(row).returningAll().executeTakeFirstOrThrow();
  }

  async refreshFromVendor(
    id: string,
    changes: { clone_url: string; default_branch: string | null; is_private: boolean; installation_id: string },
  ): Promise<void> {
    await this.db
      .updateTable('repositories')
      .set({ ...changes, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  /** Merges the parts of a new report into the stored one (a README-only run keeps the rest). */
  async mergeReport(id: string, report: AnalysisReport): Promise<void> {
    await this.db
      .updateTable('repositories')
      .set({ analysis_report: sql`analysis_report || ${JSON.stringify(report)}::jsonb`, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  /** Jobs of this repository still queued or running. */
  async activeJobs(id: string): Promise<number> {
    const row = await this.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('repository_id', '=', id)
      .where('state', 'in', [...ACTIVE_JOB_STATES])
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Deletes the repository; its analysis details go with it, its jobs stay without the link. */
  async remove(id: string, userId: string): Promise<boolean> {
    const result = await this.db.deleteFrom('repositories').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** gitAppMetaData.siteUrl: where the repository's hosted docs are (docs/docgen-arch-api.md). */
  async setSiteUrl(id: string, url: string | null): Promise<void> {
    await this.db.updateTable('repositories').set({ site_url: url, updated_at: new Date() }).where('id', '=', id).execute();
  }

  /**
   * Stores a repository's details of one type. JSON of `COMPRESS_FROM` characters or more is kept
   * gzip-compressed (compressed in libuv's thread pool, not on this thread) so that PostgreSQL never
   * parses it; smaller details stay `jsonb`. The analysis handler passes its function entries
   * already compressed by the job's worker thread (`saveCompressedDetails`).
   */
  async saveDetails(id: string, type: string, data: unknown): Promise<void> {
    const json = JSON.stringify(data);
    if (json.length >= COMPRESS_FROM) return this.saveCompressedDetails(id, type, await gzipAsync(json));
    await this.upsertDetails(id, type, { data: json, data_gzip: null });
  }

  /**
   * Stores details given as gzip-compressed JSON (docs/decisions.md, "Large analysis details are
   * stored compressed"). The bytes travel as hex text and `decode` makes them a `bytea`: PGlite's
   * own `bytea` serialiser builds a string per byte on the API's thread.
   */
  async saveCompressedDetails(id: string, type: string, gzipped: Uint8Array): Promise<void> {
    const hex = Buffer.from(gzipped.buffer, gzipped.byteOffset, gzipped.byteLength).toString('hex');
    await this.upsertDetails(id, type, { data: null, data_gzip: sql<Uint8Array>`decode(${hex}::text, 'hex')` });
  }

  private async upsertDetails(
    id: string,
    type: string,
    value: { data: string | null; data_gzip: null | RawBuilder<Uint8Array> },
  ): Promise<void> {
    await this.db
      .insertInto('analysis_details')
      .values({ repository_id: id, analysis_type: type, ...value })
      // the value once: a second copy was a second parse of the JSON, on PGlite on the API's thread
      // (docs/performance.md, "Jobs off the API's event loop", round 5)
      .onConflict((oc) =>
        oc
          .columns(['repository_id', 'analysis_type'])
          .doUpdateSet((eb) => ({ data: eb.ref('excluded.data'), data_gzip: eb.ref('excluded.data_gzip'), updated_at: new Date() })),
      )
      .execute();
  }

  /** The details of one type, parsed; null when there are none. */
  async details(id: string, type: string): Promise<unknown | null> {
    const row = await this.detailsRow(id, type);
    if (!row) return null;
    return row.gzip_hex === null ? row.data : JSON.parse(await gunzipHex(row.gzip_hex));
  }

  /**
   * The details of one type as JSON text, for an answer that sends them as they are: compressed
   * details are never parsed on this thread. Null when there are none.
   */
  async detailsJson(id: string, type: string): Promise<string | null> {
    const row = await this.detailsRow(id, type);
    if (!row) return null;
    return row.gzip_hex === null ? JSON.stringify(row.data) : gunzipHex(row.gzip_hex);
  }

  private detailsRow(id: string, type: string): Promise<{ data: unknown; gzip_hex: string | null } | undefined> {
    return this.db
      .selectFrom('analysis_details')
      .select(['data', sql<string | null>`encode(data_gzip, 'hex')`.as('gzip_hex')])
      .where('repository_id', '=', id)
      .where('analysis_type', '=', type)
      .executeTakeFirst();
  }
}
