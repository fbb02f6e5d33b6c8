import { describe, expect, it } from 'vitest';
import { runAdmin } from '../src/admin.ts';
import { SecretBox } from '../src/crypto/secretbox.ts';
import { loadSecrets } from '../src/secrets.ts';
import { createTestApp, signUp } from './helpers/app.ts';

describe('npm run admin -- stats', { timeout: 120_000 }, () => {
  it('counts sign-ups per week, analyses, generations and conversion to Pro from the database', async () => {
    const t = await createTestApp();
    try {
      const a = await signUp(t, 'stats-a@example.com');
      await signUp(t, 'stats-b@example.com');
      await signUp(t, 'stats-c@example.com');
      await signUp(t, 'stats-d@example.com');
      await t.database.db.updateTable('users').set({ plan_type: 'PRO' }).where('id', '=', a.id).execute();
      const job = (job_type: string, state: string) => ({
        user_id: a.id,
        job_type,
        state,
        organization_name: 'o',
        repo_name: 'r',
        vendor: 'github',
        payload: '{}',
      });
      await t.database.db
        .insertInto('jobs')
        .values([
          job('ANALYSIS', 'COMPLETE'),
          job('ANALYSIS_README', 'FAILED'),
          job('DOC_REPO', 'COMPLETE'),
          job('PR_INSIGHTS', 'COMPLETE'),
        ])
        .execute();

      const lines: string[] = [];
      const box = new SecretBox((await loadSecrets(t.config)).encryptionKey);
      expect(await runAdmin(['stats', '--json'], { db: t.database.db, box, out: (l) => lines.push(l) })).toBe(0);
      const stats = JSON.parse(lines[0]!);
      expect(stats.users).toBe(4);
      expect(stats.pro).toEqual({ users: 1, conversion: 0.25 });
      expect(stats.analyses).toEqual({ total: 2, completed: 1 });
      expect(stats.generations).toEqual({ total: 1, completed: 1 });
      expect(stats.signUpsPerWeek).toHaveLength(1);
      expect(stats.signUpsPerWeek[0].count).toBe(4);
      expect(stats.signUpsPerWeek[0].week).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(lines[0]).not.toContain('@example.com');

      lines.length = 0;
      await runAdmin(['stats'], { db: t.database.db, box, out: (l) => lines.push(l) });
      expect(lines).toContain('Pro: 1 (25.0% conversion)');
    } finally {
      await t.close();
    }
  });
});
