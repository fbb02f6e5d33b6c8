/**
 * Automatic architecture / API doc updates on push (docs/webhooks.md), against a real git daemon:
 * a push to the default branch queues DOC_ARCH with the options the docs were last generated
 * with by hand; the set is regenerated at the pushed commit (the hosted site then shows it) and
 * committed onto the one docent/auto-docs-arch branch; a push touching none of the set's sources
 * regenerates nothing; a disabled doc type queues nothing; a type never generated is skipped
 * with the reason shown in the settings.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookStatus } from '@docent/contracts';
import { createTestApp, signUp, type TestApp } from './helpers/app.ts';
import { GitDaemon, git } from './helpers/git-daemon.ts';
import { hookSignature } from '../src/webhooks/verify.ts';
import { up as backfillConfigs } from '../src/db/migrations/0014_docset_auto_config.ts';
import { waitForJobRow } from './helpers/jobs.ts';

const FILES: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'shop', main: 'src/server.js', dependencies: { express: '^4.19.0' } }, null, 2),
  'src/server.js':
    "const express = require('express');\nconst users = require('./users');\n\nconst app = express();\napp.use('/users', users);\napp.listen(process.env.PORT || 3000);\n",
  'src/users.js':
    "const { Router } = require('express');\n\nconst router = Router();\n\n/** Lists users. */\nrouter.get('/', (req, res) => res.json([]));\n\nmodule.exports = router;\n",
  'README.md': '# Shop\n',
};

let t: TestApp;
let daemon: GitDaemon;
let token: string;
let repoId: string;
let work: string;
const repo = { git_repo: { organization_name: 'local', repo_name: 'autoshop' }, vendor: 'GIT' } as const;
const query = `vendor=GIT&orgName=local&repoName=autoshop`;

const GIT_ENV = {
  ...process.env,
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: 'T',
  GIT_AUTHOR_EMAIL: 't@example.com',
  GIT_COMMITTER_NAME: 'T',
  GIT_COMMITTER_EMAIL: 't@example.com',
};
/** git without blocking the event loop (the server under test answers in this process) */
const run = (args: string[]) => promisify(execFile)('git', args, { cwd: work, env: GIT_ENV, encoding: 'utf8' });

const waitJob = (id: number) => waitForJobRow(t, id, 120_000);

async function status(): Promise<WebhookStatus> {
  const res = await t.call({ method: 'GET', url: `/api/v1/git/repos/webhook?${query}`, token });
  expect(res.statusCode).toBe(200);
  return res.json() as WebhookStatus;
}

async function settings(autoDocs: Record<string, boolean>): Promise<WebhookStatus> {
  const res = await t.call({ method: 'PUT', url: '/api/v1/git/repos/webhook/settings', token, payload: { ...repo, autoDocs } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as WebhookStatus;
}

/** Commits `files` on main, pushes it, and delivers the post-receive hook's signed request. */
async function push(files: Record<string, string>): Promise<{ after: string; jobs: Array<{ id: number; type: string }> }> {
  const before = git(work, 'rev-parse', 'HEAD').trim();
  for (const [rel, text] of Object.entries(files)) writeFileSync(path.join(work, rel), text);
  git(work, 'add', '-A');
  git(work, 'commit', '-q', '-m', `change ${Object.keys(files).join(', ')}`);
  const after = git(work, 'rev-parse', 'HEAD').trim();
  await run(['push', '-q', 'origin', 'main']);
  const s = await status();
  const secret = (
    (await t.call({ method: 'POST', url: '/api/v1/git/repos/webhook/secret', token, payload: repo })).json() as { secret: string }
  ).secret;
  const body = `${before} ${after} refs/heads/main\n`;
  const ts = String(Math.floor(Date.now() / 1000));
  const res = await t.call({
    method: 'POST',
    url: new URL(s.url).pathname,
    payload: body,
    headers: {
      'content-type': 'text/plain',
      'x-docent-delivery': `auto-${after}`,
      'x-docent-timestamp': ts,
      'x-docent-signature-256': hookSignature(body, secret, ts),
    },
  });
  expect(res.statusCode, res.body).toBe(202);
  const ids = (res.json() as { jobIds: number[] }).jobIds;
  const rows = await t.database.db.selectFrom('jobs').select(['id', 'job_type']).where('id', 'in', ids).orderBy('id').execute();
  // the analysis runs too; wait for every job so the next push starts from a quiet clone
  for (const r of rows) await waitJob(r.id);
  return { after, jobs: rows.map((r) => ({ id: r.id, type: r.job_type })) };
}

const hostedIndex = async () => {
  const res = await t.call({ method: 'GET', url: `/docs/${repoId}/arch/architecture.md`, token });
  expect(res.statusCode).toBe(200);
  return res.body;
};
const setCount = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('doc_sets')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('repository_id', '=', repoId)
        .where('kind', '=', 'arch')
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  daemon = await GitDaemon.start();
  await daemon.addRepo('autoshop', [FILES]);
  t = await createTestApp();
  token = (await signUp(t, 'auto-docsets@example.com')).token;
  const res = await t.call({ method: 'POST', url: '/api/v1/git/repos', token, payload: { url: daemon.url('autoshop') } });
  expect(res.statusCode).toBe(201);
  repoId = (await t.database.db.selectFrom('repositories').select('id').where('repo_name', '=', 'autoshop').executeTakeFirstOrThrow()).id;
  work = mkdtempSync(path.join(os.tmpdir(), 'docent-autosets-'));
  git(work, 'clone', '-q', daemon.url('autoshop'), '.');
}, 120_000);

afterAll(async () => {
  await t?.close();
  await daemon?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('automatic architecture / API doc updates', () => {
  it('a doc type never generated is skipped, and the settings say why', async () => {
    const s = await settings({ arch: true, api: true });
    expect(s.autoDocs).toEqual({ repo: false, arch: true, api: true });
    expect(s.autoDocSets.arch).toEqual({ ready: false, lastRun: null });
    const { jobs, after } = await push({ 'src/users.js': `${FILES['src/users.js']}// touched\n` });
    expect(jobs.map((j) => j.type)).toEqual(['ANALYSIS']);
    const now = await status();
    expect(now.autoDocSets.arch.lastRun).toMatchObject({ commit: after, result: 'skipped', jobId: null });
    expect(now.autoDocSets.arch.lastRun!.detail).toContain('No architecture docs were generated yet');
    expect(now.lastDelivery!.detail).toContain('no architecture docs update (never generated)');
  }, 180_000);

  it('after a hand-made set, a push regenerates it at the pushed commit with its options; the hosted site and the one auto branch follow', async () => {
    const config = {
      hostDocumentation: true,
      generateHtml: true,
      generateMd: true,
      generatePdf: false,
      generateRst: false,
      generateXml: false,
      generateRtf: false,
      commitOutput: { commitToGit: true, branch: 'main', path: 'docs/arch' },
    };
    const start = await t.call({
      method: 'POST',
      url: '/api/v1/git/generate/arch/doc',
      token,
      payload: { ...repo, arch_doc_config: config },
    });
    expect(start.statusCode, start.body).toBe(200);
    expect((await waitJob(start.json().lroJobId)).state).toBe('COMPLETE');
    const first = git(work, 'rev-parse', 'HEAD').trim();
    const firstIndex = await hostedIndex();
    expect(firstIndex).toContain(first);
    expect(firstIndex).toContain('2 source files');
    expect((await status()).autoDocSets.arch.ready).toBe(true);

    // API updates off: a push queues the architecture update only
    await settings({ api: false });
    const { jobs, after } = await push({
      'src/orders.js':
        "const { Router } = require('express');\n\nconst router = Router();\n\n/** Lists orders. */\nrouter.get('/', (req, res) => res.json([]));\n\nmodule.exports = router;\n",
    });
    expect(jobs.map((j) => j.type)).toEqual(['ANALYSIS', 'DOC_ARCH']);
    const job = await t.database.db.selectFrom('jobs').selectAll().where('id', '=', jobs[1]!.id).executeTakeFirstOrThrow();
    expect(job.state).toBe('COMPLETE');
    expect(job.payload).toMatchObject({ kind: 'arch', config: { commitOutput: { branch: 'main', path: 'docs/arch' } }, auto: { after } });
    // the hosted docs moved to the pushed commit
    const hosted = await hostedIndex();
    expect(hosted).toContain(after);
    expect(hosted).toContain('3 source files');
    const s = await status();
    expect(s.autoDocSets.arch.lastRun).toMatchObject({ commit: after, result: 'regenerated', jobId: jobs[1]!.id });
    expect(s.autoDocSets.api.lastRun!.result).toBe('skipped');
    // committed onto the one automatic branch, built on main
    await run(['fetch', '-q', 'origin', 'docent/auto-docs-arch']);
    expect(git(work, 'show', 'FETCH_HEAD:docs/arch/architecture.md')).toContain(after);
    expect(git(work, 'rev-parse', 'FETCH_HEAD^').trim()).toBe(after);
  }, 240_000);

  it("a push touching none of the set's sources regenerates nothing, the next source change replaces the one auto branch; a disabled type queues nothing", async () => {
    const sets = await setCount();
    const before = await hostedIndex();
    // (the README is a source now: the overview quotes its opening; a changelog is read by no page)
    const unread = await push({ 'CHANGELOG.md': '# Changes\n\n- orders\n' });
    expect(unread.jobs.map((j) => j.type)).toEqual(['ANALYSIS', 'DOC_ARCH']);
    expect(await setCount()).toBe(sets);
    expect(await hostedIndex()).toBe(before);
    expect((await status()).autoDocSets.arch.lastRun).toMatchObject({ commit: unread.after, result: 'unchanged' });

    // the next source change replaces the one automatic branch (lease on what was read), no second branch
    const again = await push({ 'src/server.js': `${FILES['src/server.js']}// v2\n` });
    expect((await status()).autoDocSets.arch.lastRun).toMatchObject({ commit: again.after, result: 'regenerated' });
    expect(await hostedIndex()).toContain(again.after);
    await run(['fetch', '-q', 'origin', 'docent/auto-docs-arch']);
    expect(git(work, 'rev-parse', 'FETCH_HEAD^').trim()).toBe(again.after);
    const heads = (await run(['ls-remote', '--heads', 'origin'])).stdout;
    expect(heads.match(/refs\/heads\/docent\/auto-docs-arch$/gm)).toHaveLength(1);

    const regenerated = await setCount();
    await settings({ arch: false });
    const off = await push({ 'src/users.js': `${FILES['src/users.js']}// again\n` });
    expect(off.jobs.map((j) => j.type)).toEqual(['ANALYSIS']);
    expect(await setCount()).toBe(regenerated);
  }, 240_000);

  it('migration 0014 recovers the options of sets made before it from their hand-started job', async () => {
    const kept = await t.database.db
      .selectFrom('analysis_details')
      .select('data')
      .where('repository_id', '=', repoId)
      .where('analysis_type', '=', 'docset-config-arch')
      .executeTakeFirstOrThrow();
    await t.database.db
      .deleteFrom('analysis_details')
      .where('repository_id', '=', repoId)
      .where('analysis_type', '=', 'docset-config-arch')
      .execute();
    expect((await status()).autoDocSets.arch.ready).toBe(false);
    await backfillConfigs(t.database.db as never);
    const back = await t.database.db
      .selectFrom('analysis_details')
      .select('data')
      .where('repository_id', '=', repoId)
      .where('analysis_type', '=', 'docset-config-arch')
      .executeTakeFirstOrThrow();
    expect(back.data).toEqual(kept.data);
    expect((await status()).autoDocSets.arch.ready).toBe(true);
  });
});
