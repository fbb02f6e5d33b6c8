import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobCore, type JobCore } from '../src/app.ts';
import { queueRepoJob } from '../src/jobs/queue.ts';
import { flushObservability } from '../src/observability/index.ts';
import { loadSecrets } from '../src/secrets.ts';
import { createTestApp, signUp, type TestApp } from './helpers/app.ts';
import { GitDaemon } from './helpers/git-daemon.ts';
import { waitForJobRow } from './helpers/jobs.ts';

/**
 * docs/security.md "Error reporting and usage analytics": a job whose handler fails is reported to
 * SENTRY_DSN as an error event tagged with the job type, scrubbed like any other.
 */
let sentry: http.Server;
const envelopes: string[] = [];
let daemon: GitDaemon;
let t: TestApp;
let core: JobCore;

beforeAll(async () => {
  sentry = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (req.url === '/api/7/envelope/') envelopes.push(body);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => sentry.listen(0, '127.0.0.1', r));
  const port = (sentry.address() as AddressInfo).port;
  daemon = await GitDaemon.start();
  await daemon.addRepo('calc', [{ 'calc/ops.py': 'def add(a, b):\n    return a + b\n' }]);
  t = await createTestApp({ SENTRY_DSN: `http://key@127.0.0.1:${port}/7` });
  core = createJobCore({ config: t.config, database: t.database, secrets: await loadSecrets(t.config), log: t.app.log, work: false });
  await core.engine.start();
}, 120_000);

afterAll(async () => {
  await core?.engine.stop();
  await t?.close();
  await daemon?.stop();
  await new Promise((r) => sentry.close(r));
});

describe('a failed job is reported', () => {
  it('sends the handler failure as a Sentry event tagged caught=job and the job type', async () => {
    const { token } = await signUp(t, 'job-failure@example.com');
    const added = await t.call({
      method: 'POST',
      url: '/api/v1/git/repos',
      token,
      payload: { url: daemon.url('calc'), organizationName: 'acme', repoName: 'calc' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const repo = await t.database.db.selectFrom('repositories').selectAll().where('repo_name', '=', 'calc').executeTakeFirstOrThrow();
    // a job the handler refuses while it runs (its earlier commit is no commit id)
    const job = await queueRepoJob({ jobs: core.store, engine: core.engine, service: core.repoService }, repo, 'DOC_REPO', {
      languages: [],
      fileLimit: 10,
      auto: { before: 'not-a-commit', after: 'a'.repeat(40), deliveryId: 'd1' },
    });
    const done = await waitForJobRow(t, job.id, 90_000);
    expect(done.state).toBe('FAILED');
    await flushObservability();

    interface SentryEvent {
      platform: string;
      tags?: Record<string, string>;
      exception: { values: Array<{ value: string }> };
    }
    const events = envelopes.map((body) => JSON.parse(body.split('\n')[2]!) as SentryEvent);
    const event = events.find((e) => e.tags?.caught === 'job');
    expect(event, JSON.stringify(events)).toBeDefined();
    expect(event!.tags?.job_type).toBe('DOC_REPO');
    expect(event!.platform).toBe('node');
    expect(event!.exception.values[0]?.value).toBe(done.message);
    expect(JSON.stringify(event)).not.toContain('job-failure@example.com');
  }, 150_000);
});
