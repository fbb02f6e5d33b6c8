/**
 * Git option injection (docs/security.md, "Git arguments and writes into a checkout"): a signed
 * webhook of each vendor whose push names `--output=<file>` as a commit, or whose pull request
 * names `--upload-pack=<command>` as a branch, is refused with 400 and a detail, and queues
 * nothing; a job whose queued payload carries such a value (a job queued before the check, or
 * by any other path) fails with a message before git runs; nothing is created either way.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeLogLine, type JobPayloadInput, type JobType, type WebhookStatus } from '@docent/contracts';
import { createJobCore, type JobCore } from '../src/app.ts';
import { queueRepoJob } from '../src/jobs/queue.ts';
import { loadSecrets } from '../src/secrets.ts';
import { hmacSignature, hookSignature } from '../src/webhooks/verify.ts';
import { createTestApp, signUp, type TestApp } from './helpers/app.ts';
import { GitDaemon, git } from './helpers/git-daemon.ts';
import { fixture } from './vendors/fixtures.ts';
import { waitForJobRow } from './helpers/jobs.ts';

const FILES = { 'calc/ops.py': 'def add(a, b):\n    return a + b\n', 'README.md': '# Calc\n' };
const gitRepo = { git_repo: { organization_name: 'acme', repo_name: 'calc' }, vendor: 'GIT' } as const;

let t: TestApp;
let daemon: GitDaemon;
let core: JobCore;
let token: string;
let hookPath: string;
let secret: string;
let head: string;
let tmp: string;

type Tree = { [key: string]: unknown };
/** Sets a nested field of a parsed payload. */
function set(o: Tree, keys: string[], value: unknown): void {
  let cur = o;
  for (const k of keys.slice(0, -1)) cur = cur[k] as Tree;
  cur[keys.at(-1)!] = value;
}

let seq = 0;
const uuid = () => `7c2e6c1a-0000-4000-8000-${String(++seq).padStart(12, '0')}`;

function signed(vendor: string, body: string, event: string): Record<string, string> {
  const delivery = uuid();
  switch (vendor) {
    case 'github':
      return {
        'content-type': 'application/json',
        'x-github-event': event,
        'x-github-delivery': delivery,
        'x-hub-signature-256': hmacSignature(body, secret),
      };
    case 'gitlab':
      return { 'content-type': 'application/json', 'x-gitlab-event': event, 'x-gitlab-event-uuid': delivery, 'x-gitlab-token': secret };
    case 'bitbucket':
      return {
        'content-type': 'application/json',
        'x-event-key': event,
        'x-request-uuid': delivery,
        'x-hub-signature': hmacSignature(body, secret),
      };
    case 'azure':
      return {
        'content-type': 'application/json; charset=utf-8',
        authorization: `Basic ${Buffer.from(`docent:${secret}`).toString('base64')}`,
      };
    default: {
      const ts = String(Math.floor(Date.now() / 1000));
      return {
        'content-type': 'text/plain',
        'x-docent-delivery': delivery,
        'x-docent-timestamp': ts,
        'x-docent-signature-256': hookSignature(body, secret, ts),
      };
    }
  }
}

const jobCount = async () => (await t.database.db.selectFrom('jobs').select('id').execute()).length;

async function deliver(vendor: string, body: string, event: string) {
  return t.call({ method: 'POST', url: hookPath.replace('/git/', `/${vendor}/`), payload: body, headers: signed(vendor, body, event) });
}

const waitJob = (id: number) => waitForJobRow(t, id, 90_000);

async function logsOf(id: number): Promise<string[]> {
  const res = await t.call({ method: 'GET', url: `/api/v1/lro/logs/${id}`, token });
  return (res.json() as string[]).map((l) => decodeLogLine(l).text);
}

/** Queues a job with `payload` as it is, the way a job queued before the webhook's check (or by any other path) would be. */
async function queueRaw<T extends JobType>(jobType: T, payload: JobPayloadInput<T>) {
  const repo = await t.database.db.selectFrom('repositories').selectAll().where('repo_name', '=', 'calc').executeTakeFirstOrThrow();
  return queueRepoJob({ jobs: core.store, engine: core.engine, service: core.repoService }, repo, jobType, payload);
}

beforeAll(async () => {
  daemon = await GitDaemon.start();
  const bare = await daemon.addRepo('calc', [FILES, { 'calc/ops.py': `${FILES['calc/ops.py']}\n\ndef sub(a, b):\n    return a - b\n` }]);
  head = git(bare, 'rev-parse', 'HEAD').trim();
  t = await createTestApp({ WEBHOOK_FAILURES_PER_HOUR: '1000' });
  token = (await signUp(t, 'git-args@example.com')).token;
  const added = await t.call({
    method: 'POST',
    url: '/api/v1/git/repos',
    token,
    payload: { url: daemon.url('calc'), organizationName: 'acme', repoName: 'calc' },
  });
  expect(added.statusCode, added.body).toBe(201);
  const put = await t.call({
    method: 'PUT',
    url: '/api/v1/git/repos/webhook/settings',
    token,
    payload: { ...gitRepo, autoDocs: { repo: true } },
  });
  expect(put.statusCode).toBe(200);
  const q = new URLSearchParams({ vendor: 'GIT', orgName: 'acme', repoName: 'calc' }).toString();
  hookPath = new URL(((await t.call({ method: 'GET', url: `/api/v1/git/repos/webhook?${q}`, token })).json() as WebhookStatus).url)
    .pathname;
  secret = (
    (await t.call({ method: 'POST', url: '/api/v1/git/repos/webhook/secret', token, payload: gitRepo })).json() as { secret: string }
  ).secret;
  // a second job core on the same database: queues jobs the test app's worker runs
  core = createJobCore({ config: t.config, database: t.database, secrets: await loadSecrets(t.config), log: t.app.log, work: false });
  await core.engine.start();
  tmp = mkdtempSync(path.join(os.tmpdir(), 'docent-gitargs-'));
}, 120_000);

afterAll(async () => {
  await core?.engine.stop();
  await t?.close();
  await daemon?.stop();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe('webhook payloads naming git options', () => {
  const pushes: Array<[string, string, string, (text: string, evil: string) => string]> = [
    ['github', 'github/webhook-push.json', 'push', (s, evil) => s.replace('6113728f27ae82c7b1a177c8d03f9e96e0adf246', evil)],
    ['gitlab', 'gitlab/webhook-push.json', 'Push Hook', (s, evil) => s.replace('95790bf891e76fee5e1747ab589903a6a1f80f22', evil)],
    ['bitbucket', 'bitbucket/webhook-push.json', 'repo:push', (s, evil) => s.replace('1e65c05c1d5171631d92438a13901ca7dae9618c', evil)],
    [
      'azure',
      'azure/webhook-push.json',
      'git.push',
      (s, evil) => s.replace('aad331d8d3b131fa9ae03cf5e53965b51942618a', evil).replace('03c164c2-8912-4d5e-8009-3707d5f83734', uuid()),
    ],
  ];
  for (const [vendor, file, event, inject] of pushes) {
    it(`${vendor}: a push whose "before" is --output=<file> is refused with 400, queues nothing and creates nothing`, async () => {
      const target = path.join(tmp, `push-${vendor}`);
      const text = inject(JSON.stringify(fixture<object>(file)).replaceAll('__AFTER__', head), `--output=${target}`);
      expect(text).toContain('--output=');
      const jobs = await jobCount();
      const res = await deliver(vendor, text, event);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().detail).toMatch(/"before" is not a git commit id/);
      expect(res.body).not.toContain('--output');
      expect(await jobCount()).toBe(jobs);
      expect(existsSync(target)).toBe(false);
    });
  }

  it('github: a push whose "after" or ref is an option is refused with 400', async () => {
    const base = JSON.stringify(fixture<object>('github/webhook-push.json'));
    const after = base.replaceAll('__AFTER__', `--output=${path.join(tmp, 'after')}`);
    const res = await deliver('github', after, 'push');
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/"after" is not a git commit id/);
    const ref = base.replaceAll('__AFTER__', head).replace('refs/heads/main', 'refs/heads/--upload-pack=touch');
    const refused = await deliver('github', ref, 'push');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe('The push names a ref that is not a valid git ref name.');
  });

  it('post-receive: a ref line naming an option or an invalid ref is refused with 400', async () => {
    const jobs = await jobCount();
    for (const ref of [`refs/heads/--upload-pack=touch${path.join(tmp, 'hook')}`, 'refs/heads/a..b', 'refs/heads/x.lock']) {
      const res = await deliver('git', `${'0'.repeat(40)} ${head} ${ref}\n`, 'push');
      expect(res.statusCode, ref).toBe(400);
      expect(res.json().detail).toMatch(/not a valid git ref name/);
    }
    expect(await jobCount()).toBe(jobs);
    expect(existsSync(path.join(tmp, 'hook'))).toBe(false);
  });

  const pulls: Array<[string, string, string, (p: Tree, evil: string) => void]> = [
    ['github', 'github/webhook-pull-request.json', 'pull_request', (p, evil) => set(p, ['pull_request', 'head', 'ref'], evil)],
    [
      'gitlab',
      'gitlab/webhook-merge-request.json',
      'Merge Request Hook',
      (p, evil) => set(p, ['object_attributes', 'source_branch'], evil),
    ],
    [
      'bitbucket',
      'bitbucket/webhook-pullrequest.json',
      'pullrequest:created',
      (p, evil) => set(p, ['pullrequest', 'source', 'branch', 'name'], evil),
    ],
    [
      'azure',
      'azure/webhook-pullrequest.json',
      'git.pullrequest.created',
      (p, evil) => (set(p, ['resource', 'sourceRefName'], `refs/heads/${evil}`), set(p, ['id'], uuid())),
    ],
  ];
  for (const [vendor, file, event, inject] of pulls) {
    it(`${vendor}: a pull request whose branch is --upload-pack=<command> is refused with 400 and queues nothing`, async () => {
      const payload = fixture<Tree>(file);
      inject(payload, `--upload-pack=touch ${path.join(tmp, `pull-${vendor}`)}`);
      const jobs = await jobCount();
      const res = await deliver(vendor, JSON.stringify(payload), event);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().detail).toBe("The pull request's source branch is not a valid git branch name.");
      expect(await jobCount()).toBe(jobs);
    });
  }

  it('a pull request whose head commit is an option is refused with 400', async () => {
    const payload = fixture<Tree>('github/webhook-pull-request.json');
    set(payload, ['pull_request', 'head', 'sha'], '--output=/tmp/x');
    const res = await deliver('github', JSON.stringify(payload), 'pull_request');
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/head commit is not a git commit id/);
  });
});

describe('queued jobs naming git options', () => {
  it('the automatic code-docs job with "before" = --output=<file> fails with a message and creates nothing', async () => {
    const target = path.join(tmp, 'auto-docs-before');
    const job = await queueRaw('DOC_REPO', {
      languages: [],
      fileLimit: 10,
      auto: { before: `--output=${target}`, after: head, deliveryId: 'x1' },
    });
    const done = await waitJob(job.id);
    expect(done.state).toBe('FAILED');
    expect(done.message).toBe("The push's earlier commit is not a git commit id (40 or 64 lowercase hex digits); git was not run.");
    expect(existsSync(target)).toBe(false);
  }, 120_000);

  it('an automatic architecture-docs job whose pushed commit is an option fails with a message', async () => {
    const target = path.join(tmp, 'auto-arch-after');
    const config = {
      hostDocumentation: false,
      generateHtml: true,
      generateMd: true,
      generatePdf: false,
      generateRst: false,
      generateXml: false,
      generateRtf: false,
    };
    const job = await queueRaw('DOC_ARCH', { kind: 'arch', config, auto: { before: head, after: `--output=${target}`, deliveryId: 'x2' } });
    const done = await waitJob(job.id);
    expect(done.state).toBe('FAILED');
    expect(done.message).toBe("The push's new commit is not a git commit id (40 or 64 lowercase hex digits); git was not run.");
    expect(existsSync(target)).toBe(false);
  }, 120_000);

  it('a pull-request check whose branch is --upload-pack=<command> fails with a message naming the field', async () => {
    const target = path.join(tmp, 'pr-upload-pack');
    const job = await queueRaw('PR_INSIGHTS', {
      vendor: 'github',
      number: 5,
      title: 'x',
      headSha: head,
      baseSha: '1'.repeat(40),
      headRef: `--upload-pack=touch ${target}`,
      baseRef: 'main',
      deliveryId: 'x3',
    });
    const done = await waitJob(job.id);
    expect(done.state).toBe('FAILED');
    expect(done.message).toMatch(/headRef: Must be a git branch name/);
    expect(existsSync(target)).toBe(false);
    expect((await logsOf(job.id)).some((l) => l.includes('git fetch'))).toBe(false);
  }, 120_000);
});
