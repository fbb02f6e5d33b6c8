import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobStore } from '../src/jobs/store.ts';
import { LogBus } from '../src/jobs/log-bus.ts';
import { createTestApp, signUp, type TestApp } from './helpers/app.ts';

let t: TestApp;
let userId: string;
let store: JobStore;
beforeAll(async () => {
  t = await createTestApp();
  ({ id: userId } = await signUp(t, 'job-start@example.com'));
  store = new JobStore(t.database.db, new LogBus(null));
});
afterAll(() => t.close());

describe('a worker taking a job', () => {
  it('moves it to RUNNING and writes "Started on worker" together, or does neither', async () => {
    const job = await store.create({
      userId,
      repositoryId: null,
      jobType: 'ANALYSIS',
      organizationName: 'o',
      repoName: 'r',
      vendor: 'GIT',
      payload: {},
    });
    await store.transition(job.id, 'QUEUED', 'Waiting for a worker');
    // The line cannot be written (as when the worker dies between the two steps): the job
    // must stay QUEUED, not become a RUNNING job whose log never says who ran it.
    await sql`CREATE FUNCTION refuse_start_line() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.text LIKE 'Started on worker%' THEN RAISE EXCEPTION 'line refused'; END IF; RETURN NEW; END $$`.execute(t.database.db);
    await sql`CREATE TRIGGER refuse_start BEFORE INSERT ON job_logs FOR EACH ROW EXECUTE FUNCTION refuse_start_line()`.execute(
      t.database.db,
    );
    await expect(store.start(job.id, 'w:1:a', 'Started on worker w:1:a')).rejects.toThrow(/line refused/);
    expect((await store.get(job.id))?.state).toBe('QUEUED');

    await sql`DROP TRIGGER refuse_start ON job_logs`.execute(t.database.db);
    expect(await store.start(job.id, 'w:1:a', 'Started on worker w:1:a')).toBe(true);
    const row = await store.get(job.id);
    expect(row).toMatchObject({ state: 'RUNNING', worker_id: 'w:1:a', attempts: 1 });
    const lines = await store.logs(job.id);
    expect(lines.at(-1)!.line).toContain('Started on worker w:1:a');
    // A second worker cannot take it again.
    expect(await store.start(job.id, 'w:2:b', 'Started on worker w:2:b')).toBe(false);
    expect((await store.logs(job.id)).filter((l) => l.line.includes('Started on worker'))).toHaveLength(1);
  });
});
