import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, signUp, type TestApp } from './helpers/app.ts';

/**
 * The server's side of docs/spec-conformance.md §2 Jobs dashboard and §3/§4 jobs: the search of
 * `/v1/lro/all`, the batch refresh `/v1/lro/status?ids=`, the job's fields and its TIMEOUT
 * display, against the real database. The jobs are rows written directly, so no worker runs.
 */
let t: TestApp;
let alice: { token: string; id: string };
let bob: { token: string; id: string };
type Key = 'calc' | 'docs' | 'readme' | 'bob' | 'finished' | 'stuck' | 'young';
const ids = {} as Record<Key, number>;

async function job(
  key: Key,
  userId: string,
  row: { type: string; org: string; repo: string; state?: string; createdAgoS?: number; finishedAfterS?: number },
) {
  const created = new Date(Date.now() - (row.createdAgoS ?? 0) * 1000);
  const inserted = await t.database.db
    .insertInto('jobs')
    .values({
      user_id: userId,
      repository_id: null,
      job_type: row.type,
      organization_name: row.org,
      repo_name: row.repo,
      vendor: 'GIT',
      state: row.state ?? 'COMPLETE',
      message: 'done',
      progress: 100,
      payload: '{}',
      finished_at: row.finishedAfterS === undefined ? null : new Date(created.getTime() + row.finishedAfterS * 1000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // time_created is the database's own clock: moved back for the timing cases
  await sql`update jobs set time_created = ${created} where id = ${inserted.id}`.execute(t.database.db);
  ids[key] = inserted.id;
}

beforeAll(async () => {
  t = await createTestApp();
  alice = await signUp(t, 'spec-jobs-alice@example.com');
  bob = await signUp(t, 'spec-jobs-bob@example.com');
  await job('calc', alice.id, { type: 'ANALYSIS', org: 'Acme', repo: 'calc' });
  await job('docs', alice.id, { type: 'DOC_ARCH', org: 'zed', repo: 'web' });
  await job('readme', alice.id, { type: 'ANALYSIS_README', org: 'zed', repo: 'Billing_100%' });
  await job('bob', bob.id, { type: 'ANALYSIS', org: 'Acme', repo: 'calc' });
  await job('finished', alice.id, { type: 'ANALYSIS', org: 'time', repo: 'fin', createdAgoS: 600, finishedAfterS: 42 });
  await job('stuck', alice.id, { type: 'ANALYSIS', org: 'time', repo: 'stuck', state: 'RUNNING', createdAgoS: 86_400 + 5 });
  await job('young', alice.id, { type: 'ANALYSIS', org: 'time', repo: 'young', state: 'QUEUED', createdAgoS: 86_400 - 60 });
});
afterAll(async () => {
  await t.close();
});

describe("the jobs page search (docs/spec-conformance.md §2: 'Search matches id, job type, org or repo name')", () => {
  const found = async (q: string) =>
    (
      (await t.call({ method: 'GET', url: `/api/v1/lro/all?q=${encodeURIComponent(q)}`, token: alice.token })).json().jobs as Array<{
        id: number;
      }>
    )
      .map((j) => j.id)
      .sort((a, b) => a - b);

  it('matches the job id exactly, the job type, the organisation and the repository name, any case; only the own jobs', async () => {
    expect(await found(String(ids.docs))).toEqual([ids.docs]);
    expect(await found('doc_arch')).toEqual([ids.docs]);
    expect(await found('ACME')).toEqual([ids.calc]);
    expect(await found('CAL')).toEqual([ids.calc]);
    expect(await found('zed')).toEqual([ids.docs, ids.readme].sort((a, b) => a - b));
    expect(await found('readme')).toEqual([ids.readme]);
    expect(await found('nothing-like-this')).toEqual([]);
  });

  it('a % or _ in the search is a literal character, not a wildcard', async () => {
    expect(await found('100%')).toEqual([ids.readme]);
    expect(await found('%')).toEqual([ids.readme]);
    // '_' is in DOC_ARCH, ANALYSIS_README and Billing_100%: as a wildcard it would match every job
    expect(await found('_')).toEqual([ids.docs, ids.readme].sort((a, b) => a - b));
  });
});

describe('batch refresh and the job fields (docs/spec-conformance.md §3, §4)', () => {
  it("GET /v1/lro/status?ids= answers the listed jobs of this user only; a malformed list is 400 'ids must be a comma-separated list of job ids'", async () => {
    const res = await t.call({ method: 'GET', url: `/api/v1/lro/status?ids=${ids.calc},${ids.bob},${ids.docs}`, token: alice.token });
    expect(res.statusCode).toBe(200);
    expect((res.json() as Array<{ id: number }>).map((j) => j.id).sort((a, b) => a - b)).toEqual(
      [ids.calc, ids.docs].sort((a, b) => a - b),
    );
    const bad = await t.call({ method: 'GET', url: '/api/v1/lro/status?ids=1;2', token: alice.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('ids must be a comma-separated list of job ids');
  });

  it('a job has id, jobType, organizationName, repoName, vendor, state, message, progress, timeCreated and totalTime in seconds', async () => {
    const res = await t.call({ method: 'GET', url: `/api/v1/lro/${ids.finished}/status`, token: alice.token });
    const body = res.json() as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(
      ['id', 'jobType', 'organizationName', 'repoName', 'vendor', 'state', 'message', 'progress', 'timeCreated', 'totalTime'].sort(),
    );
    expect(body).toMatchObject({
      id: ids.finished,
      jobType: 'ANALYSIS',
      organizationName: 'time',
      repoName: 'fin',
      vendor: 'GIT',
      state: 'COMPLETE',
    });
    // created 10 minutes ago, finished 42 s later: the total time is the job's 42 s, not the time since
    expect(body.totalTime).toBe(42);
  });

  it("a running job of 86400 s or more is answered as TIMEOUT 'Job automatically cancelled after 24 hours'; a younger queued one keeps its state", async () => {
    const stuck = (await t.call({ method: 'GET', url: `/api/v1/lro/${ids.stuck}/status`, token: alice.token })).json();
    expect(stuck).toMatchObject({ state: 'TIMEOUT', message: 'Job automatically cancelled after 24 hours' });
    expect(stuck.totalTime).toBeGreaterThanOrEqual(86_400);
    const young = (await t.call({ method: 'GET', url: `/api/v1/lro/${ids.young}/status`, token: alice.token })).json();
    expect(young).toMatchObject({ state: 'QUEUED', message: 'done' });
  });
});
