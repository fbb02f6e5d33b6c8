import { sql, type Kysely } from 'kysely';
import { DOC_SET_JOB_TYPE } from '@docent/contracts';
import type { Database } from '../db/schema.ts';

/**
 * The same counts analytics would show, from Docent's own database: the operator sees the
 * product run without any third party (`npm run admin -- stats`). Counts only, no one named.
 */
export interface UsageStats {
  signUpsPerWeek: Array<{ week: string; count: number }>;
  users: number;
  analyses: { total: number; completed: number };
  generations: { total: number; completed: number };
  /** users on Pro now, and their share of all users */
  pro: { users: number; conversion: number };
}

export async function usageStats(db: Kysely<Database>, weeks = 12): Promise<UsageStats> {
  const since = new Date(Date.now() - weeks * 7 * 24 * 3600 * 1000);
  const perWeek = await db
    .selectFrom('users')
    .select([sql<string>`to_char(date_trunc('week', created_at), 'YYYY-MM-DD')`.as('week'), sql<string>`count(*)`.as('count')])
    .where('created_at', '>=', since)
    .groupBy(sql`date_trunc('week', created_at)`)
    .orderBy(sql`date_trunc('week', created_at)`)
    .execute();
  const users = Number(
    (
      await db
        .selectFrom('users')
        .select(sql<string>`count(*)`.as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const pro = Number(
    (
      await db
        .selectFrom('users')
        .select(sql<string>`count(*)`.as('n'))
        .where('plan_type', '=', 'PRO')
        .executeTakeFirstOrThrow()
    ).n,
  );
  const jobs = async (types: (q: ReturnType<typeof jobQuery>) => ReturnType<typeof jobQuery>) => {
    const row = await types(jobQuery(db))
      .select([sql<string>`count(*)`.as('total'), sql<string>`count(*) filter (where state = 'COMPLETE')`.as('completed')])
      .executeTakeFirstOrThrow();
    return { total: Number(row.total), completed: Number(row.completed) };
  };
  const docTypes = ['DOC_REPO', ...Object.values(DOC_SET_JOB_TYPE)];
  return {
    signUpsPerWeek: perWeek.map((r) => ({ week: r.week, count: Number(r.count) })),
    users,
    analyses: await jobs((q) => q.where('job_type', 'like', 'ANALYSIS%')),
    generations: await jobs((q) => q.where('job_type', 'in', docTypes)),
    pro: { users: pro, conversion: users ? pro / users : 0 },
  };
}

function jobQuery(db: Kysely<Database>) {
  return db.selectFrom('jobs');
}

export function formatStats(s: UsageStats): string[] {
  return [
    `Users: ${s.users}`,
    `Pro: ${s.pro.users} (${(s.pro.conversion * 100).toFixed(1)}% conversion)`,
    `Analyses: ${s.analyses.total} run, ${s.analyses.completed} completed`,
    `Generations: ${s.generations.total} run, ${s.generations.completed} completed`,
    'Sign-ups per week:',
    ...(s.signUpsPerWeek.length ? s.signUpsPerWeek.map((w) => `  ${w.week}\t${w.count}`) : ['  (none in the last 12 weeks)']),
  ];
}
