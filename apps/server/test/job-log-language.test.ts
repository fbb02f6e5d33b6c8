/**
 * Job-log lines in the user's language (docs/i18n.md, "Job-log lines"): a job started by a request
 * is worded in that request's Accept-Language, a job no request starts (a webhook delivery) in the
 * language stored with the account, and a client without the header (the CLI) reads English.
 */
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeLogLine } from '@docent/contracts';
import { hookSignature } from '../src/webhooks/verify.ts';
import { createTestApp, signUp, type TestApp } from './helpers/app.ts';
import { git, GitDaemon } from './helpers/git-daemon.ts';
import { waitForJob, waitForJobRow } from './helpers/jobs.ts';

const REPO = {
  'README.md': '# Demo\n\nDemo is a tiny library used to test Docent. It adds numbers.\n',
  'src/calc.py': ['def add(a, b):', '    """Add two numbers."""', '    return a + b', '', 'def sub(a, b):', '    return a - b', ''].join(
    '\n',
  ),
};

const GERMAN = 'de-DE,de;q=0.9,en;q=0.8';

let t: TestApp;
let daemon: GitDaemon;
let head: string;

beforeAll(async () => {
  daemon = await GitDaemon.start();
  head = git(await daemon.addRepo('demo', [REPO]), 'rev-parse', 'HEAD').trim();
  // the daemon's folder is also where local paths may point (a repository that disappears)
  t = await createTestApp({ LOCAL_REPO_ROOTS: daemon.base });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await daemon?.stop();
});

const demo = { git_repo: { organization_name: 'local', repo_name: 'demo' }, vendor: 'GIT' } as const;

async function userWithRepo(email: string): Promise<{ token: string; id: string }> {
  const user = await signUp(t, email);
  const res = await t.call({ method: 'POST', url: '/api/v1/git/repos', token: user.token, payload: { url: daemon.url('demo') } });
  expect(res.statusCode).toBe(201);
  return user;
}

async function logOf(token: string, id: number) {
  const res = await t.call({ method: 'GET', url: `/api/v1/lro/logs/${id}`, token });
  return (res.json() as string[]).map(decodeLogLine);
}

const storedLanguage = async (id: string) =>
  (await t.database.db.selectFrom('users').select('language').where('id', '=', id).executeTakeFirstOrThrow()).language;

/** English lines of every family an analysis writes: none may appear in a German log. */
const ENGLISH =
  /^(Job \d+ created|Validating the request|Queued; waiting|Fetching |Checked out |Listing files|Reading \d|Read \d|Parsed \d|Computing language|Analysing README|Analysis complete|Saving the report|Analysed \d|Functions: |README quality score)/;

describe('job-log lines in the language of the request that starts the job', () => {
  it('an analysis started by the web app in German logs German lines, from the first to the end line, and the account keeps German', async () => {
    const greta = await userWithRepo('greta@example.com');
    const start = await t.call({
      method: 'POST',
      url: '/api/v1/git/analyze/repo',
      token: greta.token,
      headers: { 'accept-language': GERMAN },
      payload: demo,
    });
    expect(start.statusCode).toBe(200);
    const id = start.json().lroJobId as number;
    const job = await waitForJob(t, greta.token, id, { timeoutMs: 90_000 });
    expect(job).toMatchObject({ state: 'COMPLETE', message: 'Analyse abgeschlossen' });

    const lines = await logOf(greta.token, id);
    const texts = lines.map((l) => l.text);
    expect(texts[0]).toBe(`Job ${id} angelegt: ANALYSIS für local/demo`);
    expect(texts).toContain('Die Anfrage wird geprüft');
    expect(texts).toContain('In der Warteschlange; wartet auf einen Worker');
    expect(texts).toContain('local/demo wird abgerufen');
    expect(texts).toContain(`${head.slice(0, 12)} ausgecheckt`);
    expect(texts).toContain('Der Bericht wird gespeichert');
    expect(texts).toContain('Funktionen: 1 von 2 dokumentiert');
    expect(texts.some((x) => /^\d+ Dateien analysiert \(\d+ geparst, \d+ aus dem Cache\) in \d+,\d s$/.test(x))).toBe(true);
    expect(texts.some((x) => x.startsWith('README-Qualitätswert: '))).toBe(true);
    expect(lines.at(-1)).toMatchObject({ kind: 'SUCCESS', text: 'Job COMPLETE: Analyse abgeschlossen' });
    // git's own output, the command line and the JSON report stay as they are; every other line is German
    const worded = lines.filter((l) => l.kind !== 'COMMAND' && l.kind !== 'DEBUG' && l.kind !== 'JSON').map((l) => l.text);
    expect(worded.filter((x) => ENGLISH.test(x))).toEqual([]);
    // the signed-in web app's language is stored with the account, for the jobs no request starts
    expect(await storedLanguage(greta.id)).toBe('de');
  }, 120_000);

  it('a request without Accept-Language (the CLI) gets English, byte for byte, and leaves the stored language alone', async () => {
    const carl = await userWithRepo('carl@example.com');
    await t.database.db.updateTable('users').set({ language: 'de' }).where('id', '=', carl.id).execute();
    const start = await t.call({ method: 'POST', url: '/api/v1/git/analyze/repo', token: carl.token, payload: demo });
    const id = start.json().lroJobId as number;
    const job = await waitForJob(t, carl.token, id, { timeoutMs: 90_000 });
    expect(job).toMatchObject({ state: 'COMPLETE', message: 'Analysis complete' });
    const texts = (await logOf(carl.token, id)).map((l) => l.text);
    expect(texts[0]).toBe(`Job ${id} created: ANALYSIS for local/demo`);
    expect(texts).toContain('Validating the request');
    expect(texts).toContain('Fetching local/demo');
    expect(texts).toContain('Functions: 1 of 2 documented');
    expect(texts.at(-1)).toBe('Job COMPLETE: Analysis complete');
    expect(await storedLanguage(carl.id)).toBe('de');
  }, 120_000);
});

describe('job-log lines of a job no request starts', () => {
  it("a webhook delivery's analysis is worded in the language the account keeps from the web app", async () => {
    const wendy = await userWithRepo('wendy@example.com');
    expect(await storedLanguage(wendy.id)).toBe('en');
    // the web app loads the user in German: the account keeps German
    const me = await t.call({ method: 'GET', url: '/api/v1/user', token: wendy.token, headers: { 'accept-language': GERMAN } });
    expect(me.statusCode).toBe(200);
    expect(await storedLanguage(wendy.id)).toBe('de');

    const query = new URLSearchParams({ vendor: 'GIT', orgName: 'local', repoName: 'demo' }).toString();
    const url = new URL(
      ((await t.call({ method: 'GET', url: `/api/v1/git/repos/webhook?${query}`, token: wendy.token })).json() as { url: string }).url,
    ).pathname;
    const secret = (
      (await t.call({ method: 'POST', url: '/api/v1/git/repos/webhook/secret', token: wendy.token, payload: demo })).json() as {
        secret: string;
      }
    ).secret;
    const on = await t.call({
      method: 'PUT',
      url: '/api/v1/git/repos/webhook/settings',
      token: wendy.token,
      payload: { ...demo, autoDocs: { arch: true } },
    });
    expect(on.statusCode, on.body).toBe(200);
    // the post-receive hook's delivery (docs/post-receive-hook.sh): no Accept-Language, no user
    const body = `${'a'.repeat(40)} ${head} refs/heads/main\n`;
    const ts = String(Math.floor(Date.now() / 1000));
    const res = await t.call({
      method: 'POST',
      url,
      payload: body,
      headers: {
        'content-type': 'text/plain',
        'x-docent-delivery': 'job-log-language-1',
        'x-docent-timestamp': ts,
        'x-docent-signature-256': hookSignature(body, secret, ts),
      },
    });
    expect(res.statusCode).toBe(202);
    const jobId = (res.json() as { jobIds: number[] }).jobIds[0]!;
    const row = await waitForJobRow(t, jobId, 90_000);
    expect(row).toMatchObject({ state: 'COMPLETE', message: 'Analyse abgeschlossen', language: 'de' });
    const texts = (await logOf(wendy.token, jobId)).map((l) => l.text);
    expect(texts[0]).toBe(`Job ${jobId} angelegt: ANALYSIS für local/demo`);
    expect(texts).toContain('Funktionen: 1 von 2 dokumentiert');
    expect(texts.at(-1)).toBe('Job COMPLETE: Analyse abgeschlossen');
    // the architecture docs' automatic update, skipped: its reason as a code too, the detail English
    const skipped = await t.call({ method: 'GET', url: `/api/v1/git/repos/webhook?${query}`, token: wendy.token });
    expect(skipped.json().autoDocSets.arch.lastRun).toMatchObject({
      result: 'skipped',
      detail: 'No architecture docs were generated yet: generate them once to choose their options.',
      detailParts: [{ code: 'ARCH_NEVER_GENERATED', params: {} }],
    });

    // a refused delivery keeps its reason as a code with parameters, for the web app to word
    // (docs/webhooks.md); the answer and the stored detail stay English
    const forged = await t.call({
      method: 'POST',
      url,
      payload: body,
      headers: {
        'content-type': 'text/plain',
        'x-docent-delivery': 'job-log-language-2',
        'x-docent-timestamp': ts,
        'x-docent-signature-256': hookSignature(body, 'not-the-secret', ts),
      },
    });
    expect(forged.statusCode).toBe(401);
    const english = "The X-Docent-Signature-256 does not match this webhook's secret.";
    expect(forged.json().detail).toBe(english);
    const status = await t.call({ method: 'GET', url: `/api/v1/git/repos/webhook?${query}`, token: wendy.token });
    expect(status.json().lastDelivery).toMatchObject({
      result: 'rejected',
      detail: english,
      detailParts: [{ code: 'SIGNATURE_MISMATCH', params: { proof: 'X-Docent-Signature-256' } }],
    });
  }, 120_000);
});

describe('a failure reason thrown before the job runs (docs/i18n.md "Job-log lines")', () => {
  it("the repository's access check words its reason in the job's language after `Job FAILED:`, English unchanged", async () => {
    const bare = await daemon.addRepo('gone', [REPO]);
    const users = [await signUp(t, 'gone-de@example.com'), await signUp(t, 'gone-en@example.com')];
    for (const u of users) {
      const res = await t.call({ method: 'POST', url: '/api/v1/git/repos', token: u.token, payload: { url: bare } });
      expect(res.statusCode).toBe(201);
    }
    await rm(bare, { recursive: true, force: true });
    const payload = { git_repo: { organization_name: 'local', repo_name: 'gone' }, vendor: 'GIT' } as const;
    const ended: string[][] = [];
    for (const [u, headers] of [
      [users[0]!, { 'accept-language': GERMAN }],
      [users[1]!, {}],
    ] as const) {
      const start = await t.call({ method: 'POST', url: '/api/v1/git/analyze/repo', token: u.token, headers, payload });
      expect(start.statusCode).toBe(200);
      const id = start.json().lroJobId as number;
      const job = await waitForJob(t, u.token, id, { timeoutMs: 30_000 });
      const last = (await logOf(u.token, id)).map((l) => l.text).filter((x) => x.startsWith('Job FAILED: '));
      ended.push([job.state, job.message, ...last]);
    }
    expect(ended[0]).toEqual([
      'FAILED',
      'local/gone kann nicht abgerufen werden: Unter diesem Pfad gibt es kein Repository.',
      'Job FAILED: local/gone kann nicht abgerufen werden: Unter diesem Pfad gibt es kein Repository.',
    ]);
    expect(ended[1]).toEqual([
      'FAILED',
      'local/gone cannot be fetched: No repository exists at this path.',
      'Job FAILED: local/gone cannot be fetched: No repository exists at this path.',
    ]);
  });
});
