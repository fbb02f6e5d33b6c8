import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from './helpers/app.ts';
import { GitDaemon } from './helpers/git-daemon.ts';

/**
 * The remote commands (docs/cli.md): `docent repos` and `docent analyze --remote org/repo` against a
 * real, listening Docent server with a real API key (and with the token `docent login` stores),
 * analysing a repository served by a real git daemon.
 */
const BIN = path.resolve(import.meta.dirname, '../../../packages/cli/bin/docent.js');

const DEMO = {
  'README.md': '# Demo\n\nDemo is a tiny library used to test Docent. It adds and scales numbers.\n',
  'src/calc.py':
    'def add(a, b):\n    """Add two numbers."""\n    return a + b\n\n\ndef scale(x, factor):\n    """Scale a number."""\n    return x * factor\n\n\ndef _helper(value):\n    return value\n',
};

let t: TestApp;
let daemon: GitDaemon;
let server: string;
let configDir: string;
let alice: { token: string; id: string };
let key: string;

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}
function docent(args: string[], env: Record<string, string> = {}): Promise<Result> {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { ...process.env, DOCENT_CONFIG_DIR: configDir, DOCENT_SERVER: '', DOCENT_URL: '', DOCENT_API_KEY: '', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}
const createKey = async (token: string): Promise<{ key: string; id: string }> => {
  const res = await t.call({ method: 'GET', url: '/api/v1/apiToken/create?name=CI', token });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { key: string; apiKey: { id: string } };
  return { key: body.key, id: body.apiKey.id };
};
const writeLogin = (token: string, at = server) =>
  fs.writeFileSync(
    path.join(configDir, 'credentials.json'),
    JSON.stringify({ server: at, token, email: 'alice@example.com', savedAt: new Date().toISOString() }),
    { mode: 0o600 },
  );

beforeAll(async () => {
  daemon = await GitDaemon.start();
  await daemon.addRepo('demo', [DEMO]);
  t = await createTestApp();
  server = await t.app.listen({ port: 0, host: '127.0.0.1' });
  configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docent-cli-remote-'));
  alice = await signUp(t, 'alice-remote@example.com');
  const reg = await t.call({ method: 'POST', url: '/api/v1/git/repos', token: alice.token, payload: { url: daemon.url('demo') } });
  expect(reg.statusCode).toBe(201);
  key = (await createKey(alice.token)).key;
}, 120_000);

afterAll(async () => {
  await t?.close();
  await daemon?.stop();
  if (configDir) fs.rmSync(configDir, { recursive: true, force: true });
});

describe('docent repos / analyze --remote with DOCENT_API_KEY', () => {
  it('repos lists the repository before any analysis: provider, "never", no share', async () => {
    const run = await docent(['repos'], { DOCENT_URL: server, DOCENT_API_KEY: key });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^NAME\s+PROVIDER\s+LAST ANALYSIS\s+DOCUMENTED$/);
    expect(lines[1]).toMatch(/^local\/demo\s+GIT\s+never\s+–$/);
  }, 120_000);

  it('analyze --remote starts the job, streams its log, prints the report; --fail-under 50 passes (exit 0)', async () => {
    const run = await docent(['analyze', '--remote', 'local/demo', '--fail-under', '50'], { DOCENT_URL: server, DOCENT_API_KEY: key });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/job \d+ started on http:\/\/127\.0\.0\.1:\d+ for local\/demo \(GIT\)/);
    // the job's own log lines, as the web terminal gets them
    expect(run.stderr).toMatch(/Job \d+ created: ANALYSIS for local\/demo/);
    expect(run.stderr).toContain('COMMAND: git clone');
    expect(run.stderr).toContain('Functions: 2 of 3 documented');
    expect(run.stderr).toContain('SUCCESS: Job COMPLETE: Analysis complete');
    expect(run.stderr).toContain('docent: passed: documented share 66.7% (2 of 3 functions), threshold 50%');
    expect(run.stdout).toContain('Docent report for local/demo');
    expect(run.stdout).toMatch(/Documented functions\s+2 of 3 \(66\.7%\)/);
    expect(run.stdout).toMatch(/Languages\s+Python 100\.0%/);
    expect(run.stdout + run.stderr).not.toContain(key);

    // the job is the user's, and repos now shows when it ran and the share
    const jobs = (await t.call({ method: 'GET', url: '/api/v1/lro/all', token: alice.token })).json() as {
      jobs: Array<{ state: string; timeCreated: string }>;
    };
    expect(jobs.jobs[0]!.state).toBe('COMPLETE');
    const repos = await docent(['repos', '--json'], { DOCENT_URL: server, DOCENT_API_KEY: key });
    expect(repos.code).toBe(0);
    expect(JSON.parse(repos.stdout)).toEqual([
      { name: 'local/demo', provider: 'GIT', lastAnalysis: jobs.jobs[0]!.timeCreated, documentedPercent: 200 / 3 },
    ]);
  }, 180_000);

  it('--fail-under above the share exits 1; --json keeps stdout parseable', async () => {
    const run = await docent(['analyze', '--remote=local/demo', '--fail-under=80', '--json'], { DOCENT_URL: server, DOCENT_API_KEY: key });
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain('docent: FAILED: documented share 66.7% (2 of 3 functions), threshold 80%');
    const out = JSON.parse(run.stdout) as { repository: string; vendor: string; report: { basicFuncDocAnalysis: unknown } };
    expect(out).toMatchObject({
      repository: 'local/demo',
      vendor: 'GIT',
      report: { basicFuncDocAnalysis: { totalFunctions: 3, totalDocumented: 2 } },
    });
  }, 180_000);

  it("errors exit 2 with a clear message: unknown repository, another user's repository, refused or inactive key, bad usage", async () => {
    const unknown = await docent(['analyze', '--remote', 'local/nope'], { DOCENT_URL: server, DOCENT_API_KEY: key });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no repository local/nope in your account');

    const bob = await signUp(t, 'bob-remote@example.com');
    const bobKey = (await createKey(bob.token)).key;
    const foreign = await docent(['analyze', '--remote', 'local/demo'], { DOCENT_URL: server, DOCENT_API_KEY: bobKey });
    expect(foreign.code).toBe(2);
    expect(foreign.stderr).toContain('no repository local/demo in your account');
    const bobRepos = await docent(['repos'], { DOCENT_URL: server, DOCENT_API_KEY: bobKey });
    expect(bobRepos.stdout).toContain('No repositories yet.');

    const wrong = await docent(['repos'], { DOCENT_URL: server, DOCENT_API_KEY: `dk_${'x'.repeat(43)}` });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain(`${server} refused the API key in DOCENT_API_KEY (401`);

    const { key: soonOff, id } = await createKey(alice.token);
    expect((await t.call({ method: 'GET', url: `/api/v1/apiToken/${id}/toggle`, token: alice.token })).statusCode).toBeLessThan(300);
    const inactive = await docent(['repos'], { DOCENT_URL: server, DOCENT_API_KEY: soonOff });
    expect(inactive.code).toBe(2);
    expect(inactive.stderr).toContain('refused the API key');

    const usage = await docent(['analyze', '--remote', 'demo'], { DOCENT_URL: server, DOCENT_API_KEY: key });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--remote needs <org>/<repo> (got "demo")');
    const unreachable = await docent(['repos'], { DOCENT_URL: 'http://127.0.0.1:9', DOCENT_API_KEY: key });
    expect(unreachable.code).toBe(2);
    expect(unreachable.stderr).toContain('cannot reach http://127.0.0.1:9');
  }, 180_000);
});

describe('remote commands with the stored login', () => {
  it('use the token docent login stored, on its own server only; DOCENT_API_KEY wins over it', async () => {
    const none = await docent(['repos'], { DOCENT_URL: server });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain(`not signed in. Run "docent login --server ${server}" or set DOCENT_API_KEY`);

    const tool = (await t.call({ method: 'POST', url: '/api/v1/auth/local-tool-token', token: alice.token })).json() as { token: string };
    writeLogin(tool.token);
    const stored = await docent(['repos']); // the server comes from the stored login
    expect(stored.code, stored.stderr).toBe(0);
    expect(stored.stdout).toMatch(/local\/demo\s+GIT\s+\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ\s+66\.7%/);

    // the stored session token is never sent to another server
    const elsewhere = await docent(['repos'], { DOCENT_URL: 'http://127.0.0.1:9' });
    expect(elsewhere.code).toBe(2);
    expect(elsewhere.stderr).toContain(`the stored login belongs to ${server}, not http://127.0.0.1:9`);

    // an ended session: a clear hint to sign in again
    writeLogin('not-a-session-token');
    const ended = await docent(['repos']);
    expect(ended.code).toBe(2);
    expect(ended.stderr).toContain('refused the stored login (511). Run "docent login" again.');
    // …and the API key, when set, is used instead of the stored login
    const withKey = await docent(['repos'], { DOCENT_API_KEY: key });
    expect(withKey.code, withKey.stderr).toBe(0);
    expect(withKey.stdout).toContain('local/demo');
  }, 180_000);
});
