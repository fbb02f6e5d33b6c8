import { sql, type Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/index.ts';
import { migrations } from '../src/db/migrations/index.ts';
import type { Database } from '../src/db/schema.ts';
import { COMPRESS_FROM, RepoRepository } from '../src/repos/repository.ts';
import { createTestDatabase } from './helpers/database.ts';

/**
 * Large analysis details are stored gzip-compressed (`data_gzip`, migration 0016), so PostgreSQL —
 * on PGlite the API's own thread — never parses them (docs/decisions.md, "Large analysis details
 * are stored compressed"). Rows stored before the migration keep their data and read the same;
 * migrating down expands the compressed rows back into `jsonb`.
 */
let database: DatabaseHandle;
let db: Kysely<Database>;
let repos: RepoRepository;
let repoId: string;
const migrator = () => new Migrator({ db, provider: { getMigrations: async () => migrations } });

/** function entries as the analyzer writes them: keys in its order, ~1 KB each */
const entries = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    name: `fn_${i}`,
    fileName: `pkg/mod_${i % 7}.py`,
    gitLocation: `pkg/mod_${i % 7}.py#L${i}-L${i + 4}`,
    content: `def fn_${i}(a, b):\n    """Ünïcode ✓ doc ${i}."""\n    return a + b\n`.repeat(8),
    docstring: i % 3 === 0 ? null : `Doc ${i}`,
    complexity: i % 5,
    urgentDocumentation: i % 2 === 0,
  }));
const bigDetails = { functions: entries(300), docMetrics: { totalFunctions: 300, totalDocumented: 200 } };
const smallDetails = { languages: [{ language: 'Python', style: 'google' }] };

async function stored(type: string): Promise<{ data: unknown; gzipped: boolean }> {
  const row = await db
    .selectFrom('analysis_details')
    .select(['data', sql<boolean>`data_gzip is not null`.as('gzipped')])
    .where('repository_id', '=', repoId)
    .where('analysis_type', '=', type)
    .executeTakeFirstOrThrow();
  return { data: row.data, gzipped: row.gzipped };
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  repos = new RepoRepository(db);
  const user = await sql<{ id: string }>`
    insert into users (first_name, user_name, email, password_hash) values ('A', 'a', 'details@example.com', 'x') returning id`.execute(db);
  const repo = await repos.insert({
    user_id: user.rows[0]!.id,
    vendor: 'GIT',
    organization_name: 'acme',
    repo_name: 'shapes',
    clone_url: 'x',
    default_branch: 'main',
    is_private: false,
  });
  repoId = repo.id;
}, 120_000);

afterAll(async () => {
  await database?.close();
});

describe('analysis details storage', () => {
  it('keeps details stored as jsonb before migration 0016, compresses large new ones, and migrates down without loss', async () => {
    expect(JSON.stringify(bigDetails).length).toBeGreaterThan(COMPRESS_FROM);
    // the database as it was before the migration, with details in the old form
    const down = await migrator().migrateTo('0015_webhook_replay');
    expect(down.error).toBeUndefined();
    await sql`
      insert into analysis_details (repository_id, analysis_type, data)
      values (${repoId}, 'functions', ${JSON.stringify(bigDetails)}::jsonb), (${repoId}, 'docgen-config', ${JSON.stringify(smallDetails)}::jsonb)`.execute(
      db,
    );

    const up = await migrator().migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(up.results?.map((r) => r.migrationName)).toContain('0016_details_gzip');
    // the old rows are kept as they were, and read the same
    expect(await stored('functions')).toEqual({ data: bigDetails, gzipped: false });
    expect(await repos.details(repoId, 'functions')).toEqual(bigDetails);
    expect(JSON.parse((await repos.detailsJson(repoId, 'functions'))!)).toEqual(bigDetails);
    expect(await repos.details(repoId, 'docgen-config')).toEqual(smallDetails);

    // a new save: large details compressed (not parsed by PostgreSQL), small ones still jsonb
    const changed = { ...bigDetails, functions: bigDetails.functions.slice(1) };
    await repos.saveDetails(repoId, 'functions', changed);
    await repos.saveDetails(repoId, 'docgen-config', { languages: [] });
    expect(await stored('functions')).toEqual({ data: null, gzipped: true });
    expect(await stored('docgen-config')).toEqual({ data: { languages: [] }, gzipped: false });
    expect(await repos.details(repoId, 'functions')).toEqual(changed);
    // the stored text itself: the entries' keys in the analyzer's order (jsonb would reorder them)
    expect(await repos.detailsJson(repoId, 'functions')).toBe(JSON.stringify(changed));
    expect(await repos.details(repoId, 'no-such-type')).toBeNull();
    expect(await repos.detailsJson(repoId, 'no-such-type')).toBeNull();
    // one form at a time
    await expect(
      sql`update analysis_details set data = '{}'::jsonb where repository_id = ${repoId} and analysis_type = 'functions'`.execute(db),
    ).rejects.toThrow(/analysis_details_one_form/);

    // and back: the compressed row becomes jsonb again
    const back = await migrator().migrateTo('0015_webhook_replay');
    expect(back.error).toBeUndefined();
    const row = await sql<{ data: unknown }>`
      select data from analysis_details where repository_id = ${repoId} and analysis_type = 'functions'`.execute(db);
    expect(row.rows[0]!.data).toEqual(changed);
    expect((await migrator().migrateToLatest()).error).toBeUndefined();
  }, 120_000);
});
