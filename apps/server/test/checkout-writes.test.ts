/**
 * Writes into a repository's checkout never follow a symbolic link (docs/security.md, "Git
 * arguments and writes into a checkout"), against a real git daemon: architecture docs
 * "committed to the repository" into a folder that is a symbolic link, or under a link to `/`,
 * and automatic code docs after a push that turned a folder into a symbolic link. Nothing is
 * written outside the checkout; the job says why.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeLogLine, type DocSetResult, type WebhookStatus } from '@docent/contracts';
import { hookSignature } from '../src/webhooks/verify.ts';
import { createTestApp, signUp, type TestApp } from './helpers/app.ts';
import { GitDaemon, git } from './helpers/git-daemon.ts';
import { waitForJobRow } from './helpers/jobs.ts';

const UNDOCUMENTED = 'def area(width, height):\n    return width * height\n';
const FILES: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'shop', main: 'src/server.js', dependencies: { express: '^4.19.0' } }, null, 2),
  'src/server.js':
    "const express = require('express');\n\nconst app = express();\napp.get('/health', (req, res) => res.json({ ok: true }));\napp.listen(3000);\n",
  'pkg/mod.py': UNDOCUMENTED,
  'README.md': '# Links\n',
};

let t: TestApp;
let daemon: GitDaemon;
let token: string;
let work: string;
const outside: string[] = [];
const repo = { git_repo: { organization_name: 'local', repo_name: 'links' }, vendor: 'GIT' } as const;

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

/** A folder outside every checkout, holding `m.py` (and what a test adds). */
function outsideDir(files: Record<string, string> = {}): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docent-outside-'));
  for (const [rel, text] of Object.entries(files)) writeFileSync(path.join(dir, rel), text);
  outside.push(dir);
  return dir;
}

type Done = { state: string; result: DocSetResult | null; texts: string[] };
async function archDocs(commitPath: string): Promise<Done> {
  const config = {
    hostDocumentation: false,
    generateHtml: false,
    generateMd: true,
    generatePdf: false,
    generateRst: false,
    generateXml: false,
    generateRtf: false,
    commitOutput: { commitToGit: true, branch: 'main', path: commitPath, confirmDirectPush: true },
  };
  const start = await t.call({
    method: 'POST',
    url: '/api/v1/git/generate/arch/doc',
    token,
    payload: { ...repo, arch_doc_config: config },
  });
  expect(start.statusCode, start.body).toBe(200);
  const jobId = start.json().lroJobId as number;
  const until = Date.now() + 120_000;
  for (;;) {
    const res = await t.call({ method: 'POST', url: `/api/v1/git/generate/arch/doc/status?jobId=${jobId}`, token, payload: repo });
    const body = res.json() as Done & { messages: string[] };
    if (['COMPLETE', 'FAILED', 'CANCELLED'].includes(body.state))
      return { ...body, texts: body.messages.map((m) => decodeLogLine(m).text) };
    if (Date.now() > until) throw new Error(`job ${jobId} still ${body.state}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const waitJob = (id: number) => waitForJobRow(t, id, 120_000);

beforeAll(async () => {
  daemon = await GitDaemon.start();
  // the repository, with a folder that is a symbolic link out of it and one to /
  const src = mkdtempSync(path.join(os.tmpdir(), 'docent-links-src-'));
  git(src, 'init', '-q', '-b', 'main');
  for (const [rel, text] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(src, rel)), { recursive: true });
    writeFileSync(path.join(src, rel), text);
  }
  symlinkSync(outsideDir(), path.join(src, 'docs'));
  symlinkSync('/', path.join(src, 'rootlink'));
  git(src, 'add', '-A');
  git(src, 'commit', '-q', '-m', 'links');
  git(daemon.base, 'clone', '-q', '--bare', src, path.join(daemon.base, 'links.git'));
  rmSync(src, { recursive: true, force: true });

  t = await createTestApp();
  token = (await signUp(t, 'links@example.com')).token;
  const res = await t.call({ method: 'POST', url: '/api/v1/git/repos', token, payload: { url: daemon.url('links') } });
  expect(res.statusCode, res.body).toBe(201);
  work = mkdtempSync(path.join(os.tmpdir(), 'docent-links-work-'));
  git(work, 'clone', '-q', daemon.url('links'), '.');
}, 120_000);

afterAll(async () => {
  await t?.close();
  await daemon?.stop();
  for (const d of [work, ...outside]) if (d) rmSync(d, { recursive: true, force: true });
});

describe('doc sets committed to the repository', () => {
  it('into a folder that is a symbolic link: nothing is written where it points, and the delivery says why', async () => {
    expect(git(work, 'ls-files', '-s', 'docs')).toMatch(/^120000 /); // a symbolic link in the repository
    const done = await archDocs('docs/arch');
    expect(done.state).toBe('COMPLETE');
    expect(readdirSync(outside[0]!)).toEqual([]);
    expect(done.result!.delivery).toMatchObject({ pushed: false, branch: null });
    expect(done.result!.delivery!.deliveryNote).toBe(
      'The documentation could not be committed: docs/arch/architecture.md: the folder docs is a symbolic link in the repository; nothing was written there. It can be downloaded.',
    );
    expect(done.texts.some((l) => l.includes('the folder docs is a symbolic link'))).toBe(true);
  }, 180_000);

  it('under a symbolic link to / (rootlink/<absolute path>): no folder or file appears at that path', async () => {
    const target = outsideDir();
    const done = await archDocs(`rootlink${target}/arch`);
    expect(done.state).toBe('COMPLETE');
    expect(readdirSync(target)).toEqual([]);
    expect(done.result!.delivery!.deliveryNote).toMatch(
      /the folder rootlink is a symbolic link in the repository; nothing was written there/,
    );
  }, 180_000);
});

describe('automatic code docs after a push', () => {
  it('a push that turned a folder into a symbolic link: the file it points at is neither read nor rewritten', async () => {
    const put = await t.call({
      method: 'PUT',
      url: '/api/v1/git/repos/webhook/settings',
      token,
      payload: { ...repo, autoDocs: { repo: true } },
    });
    expect(put.statusCode).toBe(200);
    const target = outsideDir({ 'mod.py': UNDOCUMENTED });
    const before = git(work, 'rev-parse', 'HEAD').trim();
    git(work, 'rm', '-q', '-r', 'pkg');
    symlinkSync(target, path.join(work, 'pkg'));
    git(work, 'add', '-A');
    git(work, 'commit', '-q', '-m', 'pkg is a link now');
    const after = git(work, 'rev-parse', 'HEAD').trim();
    await run(['push', '-q', 'origin', 'main']);
    const s = (
      await t.call({ method: 'GET', url: '/api/v1/git/repos/webhook?vendor=GIT&orgName=local&repoName=links', token })
    ).json() as WebhookStatus;
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
        'x-docent-delivery': `links-${after}`,
        'x-docent-timestamp': ts,
        'x-docent-signature-256': hookSignature(body, secret, ts),
      },
    });
    expect(res.statusCode, res.body).toBe(202);
    const ids = (res.json() as { jobIds: number[] }).jobIds;
    for (const id of ids) await waitJob(id);
    const doc = await t.database.db.selectFrom('jobs').selectAll().where('id', '=', ids[1]!).executeTakeFirstOrThrow();
    expect(doc.job_type).toBe('DOC_REPO');
    expect(readFileSync(path.join(target, 'mod.py'), 'utf8')).toBe(UNDOCUMENTED);
    expect(readdirSync(target)).toEqual(['mod.py']);
    const logs = ((await t.call({ method: 'GET', url: `/api/v1/lro/logs/${doc.id}`, token })).json() as string[]).map(
      (l) => decodeLogLine(l).text,
    );
    expect(logs).toContain(
      'pkg/mod.py is reached through a symbolic link in the repository: skipped (nothing is read or written through a link)',
    );
  }, 240_000);
});
