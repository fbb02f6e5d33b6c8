import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { DocSetResult, type DocSetKind } from '@docent/contracts';
import type { Database } from '../db/schema.ts';

/** A stored file of a doc set. */
export interface StoredDocFile {
  name: string;
  format: string;
  contentType: string;
  size: number;
  content: Buffer;
}

export interface DocSetRow {
  id: number;
  repositoryId: string;
  kind: DocSetKind;
  commit: string;
  jobId: number | null;
  hosted: boolean;
  manifest: unknown;
  result: DocSetResult | null;
  createdAt: Date;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.pdf': 'application/pdf',
  '.rst': 'text/x-rst; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.rtf': 'application/rtf',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.mmd': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.zip': 'application/zip',
};

/** The content type of a doc file, by its extension (unknown ones download as bytes). */
export function contentTypeOf(name: string): string {
  return TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream';
}

/** The doc sets of repositories and their files (migration 0011). */
export class DocSetStore {
  constructor(private readonly db: Kysely<Database>) {}

  private row(r: {
    id: number;
    repository_id: string;
    kind: string;
    commit: string;
    job_id: number | null;
    hosted: boolean;
    manifest: unknown;
    result: unknown;
    created_at: Date;
  }): DocSetRow {
    const parsed = DocSetResult.safeParse(r.result);
    return {
      id: r.id,
      repositoryId: r.repository_id,
      kind: r.kind as DocSetKind,
      commit: r.commit,
      jobId: r.job_id,
      hosted: r.hosted,
      manifest: r.manifest,
      result: parsed.success ? parsed.data : null,
      createdAt: r.created_at,
    };
  }

  /** The newest set of a repository and kind (the newest hosted one with `hostedOnly`). */
  async latest(repositoryId: string, kind: DocSetKind, hostedOnly = false): Promise<DocSetRow | null> {
    let q = this.db.selectFrom('doc_sets').selectAll().where('repository_id', '=', repositoryId).where('kind', '=', kind);
    if (hostedOnly) q = q.where('hosted', '=', true);
    const r = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').executeTakeFirst();
    return r ? this.row(r) : null;
  }

  /** A set at a commit; `commit` may be a prefix of at least 7 hex digits. */
  async atCommit(repositoryId: string, kind: DocSetKind, commit: string): Promise<DocSetRow | null> {
    if (!/^[0-9a-f]{7,64}$/i.test(commit)) return null;
    const r = await this.db
      .selectFrom('doc_sets')
      .selectAll()
      .where('repository_id', '=', repositoryId)
      .where('kind', '=', kind)
      .where('commit', 'like', `${commit.toLowerCase()}%`)
      .orderBy('created_at', 'desc')
      .limit(2)
      .execute();
    return r.length === 1 ? this.row(r[0]!) : null;
  }

  async byJob(jobId: number): Promise<DocSetRow | null> {
    const r = await this.db.selectFrom('doc_sets').selectAll().where('job_id', '=', jobId).executeTakeFirst();
    return r ? this.row(r) : null;
  }

  async files(setId: number): Promise<StoredDocFile[]> {
    const rows = await this.db.selectFrom('doc_files').selectAll().where('doc_set_id', '=', setId).orderBy('name').execute();
    return rows.map((f) => ({
      name: f.name,
      format: f.format,
      contentType: f.content_type,
      size: f.size,
      content: Buffer.from(f.content),
    }));
  }

  async file(setId: number, name: string): Promise<StoredDocFile | null> {
    const f = await this.db.selectFrom('doc_files').selectAll().where('doc_set_id', '=', setId).where('name', '=', name).executeTakeFirst();
    return f ? { name: f.name, format: f.format, contentType: f.content_type, size: f.size, content: Buffer.from(f.content) } : null;
  }

  async names(setId: number): Promise<Array<Omit<StoredDocFile, 'content'>>> {
    const rows = await this.db
      .selectFrom('doc_files')
      .select(['name', 'format', 'content_type', 'size'])
      .where('doc_set_id', '=', setId)
      .orderBy('name')
      .execute();
    return rows.map((f) => ({ name: f.name, format: f.format, contentType: f.content_type, size: f.size }));
  }

  /**
   * Stores a set (a set of the same repository, kind and commit is replaced) and keeps the
   * newest `keep` sets of that repository and kind. One transaction: readers see the old set or
   * the new one, never half of it.
   */
  async save(
    set: {
      repositoryId: string;
      kind: DocSetKind;
      commit: string;
      jobId: number;
      hosted: boolean;
      manifest: unknown;
      files: StoredDocFile[];
    },
    keep: number,
  ): Promise<number> {
    return this.db.transaction().execute(async (tx) => {
      await tx
        .deleteFrom('doc_sets')
        .where('repository_id', '=', set.repositoryId)
        .where('kind', '=', set.kind)
        .where('commit', '=', set.commit)
        .execute();
      const total = set.files.reduce((n, f) => n + f.size, 0);
      const { id } = await tx
        .insertInto('doc_sets')
        .values({
          repository_id: set.repositoryId,
          kind: set.kind,
          commit: set.commit,
          job_id: set.jobId,
          hosted: set.hosted,
          manifest: JSON.stringify(set.manifest),
          result: 'null',
          total_bytes: total,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const f of set.files) {
        await tx
          .insertInto('doc_files')
          .values({ doc_set_id: id, name: f.name, format: f.format, content_type: f.contentType, size: f.size, content: f.content })
          .execute();
      }
      await tx
        .deleteFrom('doc_sets')
        .where('repository_id', '=', set.repositoryId)
        .where('kind', '=', set.kind)
        .where('id', 'not in', (eb) =>
          eb
            .selectFrom('doc_sets')
            .select('id')
            .where('repository_id', '=', set.repositoryId)
            .where('kind', '=', set.kind)
            .orderBy('created_at', 'desc')
            .orderBy('id', 'desc')
            .limit(keep),
        )
        .execute();
      return id;
    });
  }

  async setResult(id: number, result: DocSetResult): Promise<void> {
    await this.db
      .updateTable('doc_sets')
      .set({ result: JSON.stringify(result) })
      .where('id', '=', id)
      .execute();
  }

  /** The newest set of each kind of a repository. */
  async latestPerKind(repositoryId: string): Promise<DocSetRow[]> {
    const rows = await this.db
      .selectFrom('doc_sets')
      .selectAll()
      .where('repository_id', '=', repositoryId)
      .where(
        'id',
        'in',
        sql<number>`(SELECT DISTINCT ON (kind) id FROM doc_sets WHERE repository_id = ${repositoryId} ORDER BY kind, created_at DESC, id DESC)`,
      )
      .orderBy('kind')
      .execute();
    return rows.map((r) => this.row(r));
  }
}
