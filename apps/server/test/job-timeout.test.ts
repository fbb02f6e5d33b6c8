import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeLogLine } from '@docent/contracts';
import { createJobCore } from '../src/app.ts';
import { toJob } from '../src/jobs/store.ts';
import type { JobRow } from '../src/db/schema.ts';
import { loadSecrets } from '../src/secrets.ts';
import { createTestApp, signUp, type TestApp } from './helpers/app.ts';

let t: TestApp;
let token: string;
let userId: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ token, id: userId } = await signUp(t, 'timeout@example.com'));
});
afterAll(() => t.close());

/** A queued analysis job of the signed-up user, inserted directly. */
const queuedJob = () =>
  t.database.db
    .insertInto('jobs')
    .values({
      user_id: userId,
      repository_id: null,
      job_type: 'ANALYSIS',
      organization_name: 'o',
      repo_name: 'r',
      vendor: 'GIT',
      state: 'QUEUED',
      payload: '{}',
    })
    .returning('id')
    .executeTakeFirstOrThrow();

const row = (state: string, ageSeconds: number): JobRow => ({
  id: 1,
  user_id: 'u',
  repository_id: null,
  job_type: 'ANALYSIS',
  organization_name: 'o',
  repo_name: 'r',
  vendor: 'GIT',
  state,
  message: 'Running',
  progress: 40,
  payload: {},
  cancel_requested: false,
  worker_id: 'w',
  heartbeat_at: new Date(),
  attempts: 1,
  time_created: new Date(Date.now() - ageSeconds * 1000),
  started_at: null,
  finished_at: null,
  language: 'en',
});

describe('the 24-hour rule: a job still running after 24 hours ends TIMEOUT', () => {
  it('shows an active job of 86400 s or more as TIMEOUT with the spec message', () => {
    for (const state of ['RUNNING', 'QUEUED', 'VALIDATING', 'START']) {
      expect(toJob(row(state, 86_400))).toMatchObject({ state: 'TIMEOUT', message: 'Job automatically cancelled after 24 hours' });
    }
    expect(toJob(row('RUNNING', 86_399))).toMatchObject({ state: 'RUNNING', message: 'Running' });
    expect(toJob(row('COMPLETE', 90_000)).state).toBe('COMPLETE');
  });

  it('shows the timeout in the job\'s language (docs/i18n.md "Job-log lines")', () => {
    expect(toJob({ ...row('RUNNING', 86_400), language: 'de' })).toMatchObject({
      state: 'TIMEOUT',
      message: 'Job nach 24 Stunden automatisch abgebrochen',
    });
  });

  it("answers a terminate request in the request's language, English without the header", async () => {
    const messages: string[] = [];
    for (const headers of [{ 'accept-language': 'de-DE,de;q=0.9' }, {}]) {
      const queued = await queuedJob();
      const term = await t.call({ method: 'POST', url: `/api/v1/git/lro/${queued.id}/terminate`, token, headers });
      expect(term.statusCode).toBe(200);
      messages.push((term.json() as { message: string }).message);
    }
    expect(messages).toEqual([
      'Der Abbruch des Jobs ist angefordert. Es kann einen Moment dauern, bis er abgeschlossen ist.',
      'Job termination requested. It may take a moment to complete.',
    ]);
  });

  it('stores TIMEOUT with a log line, and a timed-out job cannot be terminated', async () => {
    const inserted = await queuedJob();
    await sql`UPDATE jobs SET time_created = now() - interval '25 hours' WHERE id = ${inserted.id}`.execute(t.database.db);

    const shown = await t.call({ method: 'GET', url: `/api/v1/lro/${inserted.id}/status`, token });
    expect(shown.json()).toMatchObject({ state: 'TIMEOUT', message: 'Job automatically cancelled after 24 hours' });
    const term = await t.call({ method: 'POST', url: `/api/v1/git/lro/${inserted.id}/terminate`, token });
    expect(term.statusCode).toBe(409);

    const core = createJobCore({
      config: t.config,
      database: t.database,
      secrets: await loadSecrets(t.config),
      log: t.app.log,
      work: false,
    });
    await core.engine.reap();
    const stored = await t.database.db
      .selectFrom('jobs')
      .select(['state', 'message', 'finished_at'])
      .where('id', '=', inserted.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ state: 'TIMEOUT', message: 'Job automatically cancelled after 24 hours' });
    expect(stored.finished_at).not.toBeNull();
    const logs = (await t.call({ method: 'GET', url: `/api/v1/lro/logs/${inserted.id}`, token })).json() as string[];
    expect(logs.map(decodeLogLine).at(-1)).toMatchObject({ kind: 'ERROR', text: 'Job automatically cancelled after 24 hours' });
  });
});
