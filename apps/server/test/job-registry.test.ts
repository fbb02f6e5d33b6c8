import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_PAYLOADS, JOB_TYPES, type JobType } from '@docent/contracts';
import { createJobCore, type JobCore } from '../src/app.ts';
import { defineJob, jobHandlers, type JobRun } from '../src/jobs/engine.ts';
import type { JobRow } from '../src/db/schema.ts';
import { jobLogTexts } from '@docent/contracts';
import { loadSecrets } from '../src/secrets.ts';
import { createTestApp, signUp, type TestApp } from './helpers/app.ts';

/** A run of a job of `type` carrying `payload`, as the engine hands it to a definition. */
function runOf(type: JobType, payload: unknown): JobRun {
  const job = { id: 1, job_type: type, payload } as Pick<JobRow, 'id' | 'job_type' | 'payload'>;
  return {
    job: job as JobRow,
    signal: new AbortController().signal,
    workerId: 'test',
    language: 'en',
    text: jobLogTexts('en'),
    log: async () => {},
    progress: async () => {},
  };
}

describe('defineJob', () => {
  it("hands the handler the payload parsed with its type's schema (defaults filled in)", async () => {
    const seen: unknown[] = [];
    const def = defineJob({
      type: 'ANALYSIS',
      handler: async (ctx) => {
        seen.push(ctx.payload);
        return `ran ${ctx.payload.analysisType}`;
      },
    });
    expect(def.type).toBe('ANALYSIS');
    expect(await def.run(runOf('ANALYSIS', {}))).toBe('ran coverage');
    expect(
      await def.run(runOf('ANALYSIS', { analysisType: 'coverage', trigger: 'webhook', deliveryId: 'd1', commit: 'abc', extra: 1 })),
    ).toBe('ran coverage');
    // unknown keys are dropped: the handler sees only what the schema names
    expect(seen).toEqual([{ analysisType: 'coverage' }, { analysisType: 'coverage', trigger: 'webhook', deliveryId: 'd1', commit: 'abc' }]);
  });

  it('fails a payload that does not parse before the handler runs, naming each field and never echoing its value', async () => {
    let called = false;
    const def = defineJob({
      type: 'DOC_REPO',
      handler: async () => {
        called = true;
        return 'done';
      },
    });
    const evil = '--upload-pack=touch /tmp/x';
    const err = await def.run(runOf('DOC_REPO', { languages: [{ name: evil }], fileLimit: 'ten' })).catch((e: Error) => e);
    expect(called).toBe(false);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(/^The DOC_REPO job carries an unreadable payload \(/);
    expect((err as Error).message).toContain('languages.0.docstringStyle:');
    expect((err as Error).message).toContain('fileLimit:');
    expect((err as Error).message).not.toContain(evil);
    // an analysis job of one type does not take another type's payload
    await expect(
      defineJob({ type: 'ANALYSIS_README', handler: async () => 'x' }).run(runOf('ANALYSIS_README', { analysisType: 'coverage' })),
    ).rejects.toThrow(/^The ANALYSIS_README job carries an unreadable payload \(analysisType: /);
    // a payload that is not an object at all
    await expect(defineJob({ type: 'DOC_API', handler: async () => 'x' }).run(runOf('DOC_API', null))).rejects.toThrow(
      /^The DOC_API job carries an unreadable payload \(payload: /,
    );
  });

  it("takes a stricter schema of the type's shape in place of the contract's", async () => {
    const strict = JOB_PAYLOADS.DOC_API.refine((p) => p.auto === undefined, { message: 'Not here.', path: ['auto'] });
    const def = defineJob({
      type: 'DOC_API',
      payload: strict,
      handler: async (ctx) => `kind ${ctx.payload.kind}, md ${ctx.payload.config.generateMd}`,
    });
    expect(await def.run(runOf('DOC_API', { kind: 'api', config: { generateMd: true } }))).toBe('kind api, md true');
    // the contract's schema takes this payload; the stricter one does not
    const auto = { kind: 'api', config: { generateMd: true }, auto: { before: 'a', after: 'b', deliveryId: 'c' } };
    expect(JOB_PAYLOADS.DOC_API.safeParse(auto).success).toBe(true);
    await expect(def.run(runOf('DOC_API', auto))).rejects.toThrow('The DOC_API job carries an unreadable payload (auto: Not here.).');
  });
});

describe('jobHandlers', () => {
  it('refuses a job type defined twice', () => {
    const a = defineJob({ type: 'DOC_ARCH', handler: async () => 'a' });
    const b = defineJob({ type: 'DOC_ARCH', handler: async () => 'b' });
    expect(() => jobHandlers([a, b])).toThrow('Job type DOC_ARCH is defined twice');
    expect(jobHandlers([a]).get('DOC_ARCH')).toBe(a);
  });
});

describe("the app's job engine", () => {
  let t: TestApp;
  let core: JobCore;
  let userId: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ id: userId } = await signUp(t, 'job-registry@example.com'));
    // a second job core on the same database queues jobs; the test app's worker runs them
    core = createJobCore({ config: t.config, database: t.database, secrets: await loadSecrets(t.config), log: t.app.log, work: false });
    await core.engine.start();
  });
  afterAll(async () => {
    await core?.engine.stop();
    await t?.close();
  });

  async function finished(id: number): Promise<JobRow> {
    const until = Date.now() + 30_000;
    for (;;) {
      const row = await core.store.get(id);
      if (row && ['COMPLETE', 'FAILED', 'CANCELLED', 'TIMEOUT'].includes(row.state)) return row;
      if (Date.now() > until) throw new Error(`job ${id} still ${row?.state}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('has a handler for every job type, and each parses its payload before it runs', async () => {
    const ids = new Map<JobType, number>();
    for (const type of JOB_TYPES) {
      // a payload no type accepts: no analysis type is called "nope", and the other types lack their fields
      const job = await core.store.create({
        userId,
        repositoryId: null,
        jobType: type,
        organizationName: 'o',
        repoName: 'r',
        vendor: 'GIT',
        payload: { analysisType: 'nope' },
      });
      expect(await core.engine.enqueue(job)).toBe(true);
      ids.set(type, job.id);
    }
    for (const [type, id] of ids) {
      const row = await finished(id);
      expect(row.state, type).toBe('FAILED');
      expect(row.message, type).toMatch(new RegExp(`^The ${type} job carries an unreadable payload \\(`));
    }
  }, 60_000);
});
