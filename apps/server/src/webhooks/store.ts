import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  WebhookDetailPart,
  type AnalysisHistoryPoint,
  type AnalysisReport,
  type AutoDocSettings,
  type WebhookDelivery,
  type WebhookResult,
} from '@docent/contracts';
import type { SecretBox } from '../crypto/secretbox.ts';
import type { Database, RepositoryRow } from '../db/schema.ts';

export interface WebhookRow {
  repository_id: string;
  hook_id: string;
  secret_sealed: string;
  registration: string;
  registration_note: string | null;
  vendor_hook_id: string | null;
  auto_docs: Record<string, boolean>;
}

/** Webhooks, their deliveries and the analysis history, in PostgreSQL. */
export class WebhookStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly box: SecretBox,
  ) {}

  /** The repository's webhook, created on first use with a random URL id and secret (sealed). */
  async ensure(repositoryId: string): Promise<WebhookRow> {
    const found = await this.get(repositoryId);
    if (found) return found;
    await this.db
      .insertInto('repo_webhooks')
      .values({
        repository_id: repositoryId,
        hook_id: randomBytes(18).toString('base64url'),
        secret_sealed: this.box.seal(randomBytes(32).toString('hex')),
      })
      .onConflict((oc) => oc.column('repository_id').doNothing())
      .execute();
    return (await this.get(repositoryId))!;
  }

  get(repositoryId: string): Promise<WebhookRow | undefined> {
    return this.db.selectFrom('repo_webhooks').selectAll().where('repository_id', '=', repositoryId).executeTakeFirst();
  }

  /** The webhook and its repository for a URL's public id. */
  async byHookId(hookId: string): Promise<{ hook: WebhookRow; repo: RepositoryRow } | undefined> {
    if (!/^[A-Za-z0-9_-]{10,64}$/.test(hookId)) return undefined;
    const hook = await this.db.selectFrom('repo_webhooks').selectAll().where('hook_id', '=', hookId).executeTakeFirst();
    if (!hook) return undefined;
    const repo = await this.db.selectFrom('repositories').selectAll().where('id', '=', hook.repository_id).executeTakeFirst();
    return repo ? { hook, repo } : undefined;
  }

  secret(hook: WebhookRow): string {
    return this.box.open(hook.secret_sealed);
  }

  async setRegistration(
    repositoryId: string,
    registration: 'vendor' | 'manual',
    note: string | null,
    vendorHookId: string | null,
  ): Promise<void> {
    await this.db
      .updateTable('repo_webhooks')
      .set({ registration, registration_note: note, vendor_hook_id: vendorHookId, updated_at: new Date() })
      .where('repository_id', '=', repositoryId)
      .execute();
  }

  async setAutoDocs(repositoryId: string, autoDocs: AutoDocSettings): Promise<void> {
    await this.db
      .updateTable('repo_webhooks')
      .set({ auto_docs: JSON.stringify(autoDocs), updated_at: new Date() })
      .where('repository_id', '=', repositoryId)
      .execute();
  }

  /** Records a verified delivery once; null when this vendor delivery id was seen before (a redelivery). */
  async claimDelivery(repositoryId: string, vendor: string, deliveryId: string, event: string): Promise<number | null> {
    const row = await this.db
      .insertInto('webhook_deliveries')
      .values({ repository_id: repositoryId, vendor, delivery_id: deliveryId, event: event.slice(0, 200), result: 'ignored' })
      .onConflict((oc) => oc.columns(['vendor', 'delivery_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /**
   * Records a delivery refused before it was handled, with the reason the sender was answered, so
   * that the settings show why a hook does not work. Its id column never holds the vendor's
   * delivery id (a correctly signed redelivery of it must still be handled); a repository keeps its
   * latest 20 refusals.
   */
  async recordRejected(
    repositoryId: string,
    vendor: string,
    event: string,
    detail: string,
    parts: WebhookDetailPart[] = [],
  ): Promise<void> {
    await this.db
      .insertInto('webhook_deliveries')
      .values({
        repository_id: repositoryId,
        vendor,
        delivery_id: `rejected:${randomUUID()}`,
        event: event.slice(0, 200),
        result: 'rejected',
        detail: detail.slice(0, 500),
        // the reason as codes, for the user's language (docs/webhooks.md)
        detail_parts: parts.length > 0 ? JSON.stringify(parts) : null,
      })
      .execute();
    const keep = this.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('repository_id', '=', repositoryId)
      .where('result', '=', 'rejected')
      .orderBy('id', 'desc')
      .limit(20);
    await this.db
      .deleteFrom('webhook_deliveries')
      .where('repository_id', '=', repositoryId)
      .where('result', '=', 'rejected')
      .where('id', 'not in', keep)
      .execute();
  }

  /**
   * Records the digest of an accepted delivery's signed body; false when the same digest was
   * accepted within the last `windowMs` (a replay under a new delivery id). Atomic across
   * processes: the primary key decides, and a digest older than the window is taken over.
   */
  async claimBody(repositoryId: string, digest: string, windowMs: number, now = new Date()): Promise<boolean> {
    const cutoff = new Date(now.getTime() - windowMs);
    await this.db.deleteFrom('webhook_bodies').where('received_at', '<', cutoff).execute();
    const row = await this.db
      .insertInto('webhook_bodies')
      .values({ digest, repository_id: repositoryId, received_at: now })
      .onConflict((oc) =>
        oc.column('digest').doUpdateSet({ repository_id: repositoryId, received_at: now }).where('webhook_bodies.received_at', '<', cutoff),
      )
      .returning('digest')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** A delivery whose handling failed leaves no digest behind (its redelivery is handled again). */
  async forgetBody(digest: string): Promise<void> {
    await this.db.deleteFrom('webhook_bodies').where('digest', '=', digest).execute();
  }

  async finishDelivery(id: number, result: WebhookResult, detail: string, parts: WebhookDetailPart[]): Promise<void> {
    await this.db
      .updateTable('webhook_deliveries')
      .set({ result, detail: detail.slice(0, 500), detail_parts: JSON.stringify(parts) })
      .where('id', '=', id)
      .execute();
  }

  /** A delivery whose handling failed is forgotten, so the vendor's redelivery is handled again. */
  async forgetDelivery(id: number): Promise<void> {
    await this.db.deleteFrom('webhook_deliveries').where('id', '=', id).execute();
  }

  async lastDelivery(repositoryId: string): Promise<WebhookDelivery | null> {
    const row = await this.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('repository_id', '=', repositoryId)
      .orderBy('received_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row) return null;
    return {
      deliveryId: row.delivery_id,
      event: row.event,
      receivedAt: new Date(row.received_at).toISOString(),
      result: row.result as WebhookResult,
      detail: row.detail,
      detailParts: partsOf(row.detail_parts),
    };
  }

  /** One point of the trend: the repository's merged report as it stands after an analysis. */
  async recordAnalysis(repositoryId: string, jobId: number | null, commit: string): Promise<void> {
    const repo = await this.db.selectFrom('repositories').select('analysis_report').where('id', '=', repositoryId).executeTakeFirst();
    if (!repo) return;
    const report = repo.analysis_report as AnalysisReport;
    const fn = report.basicFuncDocAnalysis;
    await this.db
      .insertInto('analysis_history')
      .values({
        repository_id: repositoryId,
        job_id: jobId,
        commit_sha: commit,
        documented_share: fn ? (fn.totalFunctions > 0 ? Math.round((1000 * fn.totalDocumented) / fn.totalFunctions) / 10 : 100) : null,
        outdated_count: report.advancedFuncDocAnalysis?.outdatedDocCount ?? null,
        readme_score: report.readmeAnalysis?.calculatedQualityScore ?? null,
      })
      .execute();
  }

  /** The newest `limit` analyses, oldest first. */
  async history(repositoryId: string, limit = 200): Promise<AnalysisHistoryPoint[]> {
    const rows = await this.db
      .selectFrom('analysis_history')
      .selectAll()
      .where('repository_id', '=', repositoryId)
      .orderBy('analysed_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.reverse().map((r) => ({
      jobId: r.job_id,
      commit: r.commit_sha,
      analysedAt: new Date(r.analysed_at).toISOString(),
      documentedShare: r.documented_share === null ? null : Number(r.documented_share),
      outdatedCount: r.outdated_count,
      readmeScore: r.readme_score === null ? null : Number(r.readme_score),
    }));
  }
}

/** Stored parts as the contract has them; anything else (older rows, a code since renamed) reads as none. */
function partsOf(stored: unknown): WebhookDetailPart[] | null {
  const parsed = WebhookDetailPart.array().safeParse(typeof stored === 'string' ? JSON.parse(stored) : stored);
  return parsed.success ? parsed.data : null;
}
