import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface SavedInsight {
  commentId: string | null;
  threadId: string | null;
  headSha: string;
  result: unknown;
  patch: string | null;
  patchToken: string | null;
}

/** The pull-request check's settings and the comment each pull request carries. */
export class PrInsightStore {
  constructor(private readonly db: Kysely<Database>) {}

  async failUnder(repositoryId: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('pr_check_settings')
      .select('fail_under')
      .where('repository_id', '=', repositoryId)
      .executeTakeFirst();
    return row?.fail_under ?? null;
  }

  async setFailUnder(repositoryId: string, failUnder: number | null): Promise<void> {
    await this.db
      .insertInto('pr_check_settings')
      .values({ repository_id: repositoryId, fail_under: failUnder, updated_at: new Date() })
      .onConflict((oc) => oc.column('repository_id').doUpdateSet({ fail_under: failUnder, updated_at: new Date() }))
      .execute();
  }

  find(repositoryId: string, number: number) {
    return this.db
      .selectFrom('pr_insights')
      .selectAll()
      .where('repository_id', '=', repositoryId)
      .where('number', '=', number)
      .executeTakeFirst();
  }

  async save(repositoryId: string, number: number, vendor: string, s: SavedInsight): Promise<void> {
    const values = {
      comment_id: s.commentId,
      thread_id: s.threadId,
      head_sha: s.headSha,
      result: JSON.stringify(s.result),
      patch: s.patch,
      patch_token: s.patchToken,
      updated_at: new Date(),
    };
    await this.db
      .insertInto('pr_insights')
      .values({ repository_id: repositoryId, number, vendor, ...values })
      .onConflict((oc) => oc.columns(['repository_id', 'number']).doUpdateSet(values))
      .execute();
  }

  /** The latest check of each pull request or branch, newest first. */
  latest(repositoryId: string, limit: number) {
    return this.db
      .selectFrom('pr_insights')
      .select(['number', 'vendor', 'head_sha', 'result', 'updated_at'])
      .where('repository_id', '=', repositoryId)
      .orderBy('updated_at', 'desc')
      .limit(limit)
      .execute();
  }

  async patchByToken(token: string): Promise<string | null> {
    const row = await this.db.selectFrom('pr_insights').select('patch').where('patch_token', '=', token).executeTakeFirst();
    return row?.patch ?? null;
  }
}
