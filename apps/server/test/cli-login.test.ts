import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from './helpers/app.ts';

/**
 * `docent login` / `docent logout` against a real, listening Docent server.
 * The test plays the browser: it does what /auth/localhost/login does after Allow (mint a
 * tool token, then open the redirectUri with the token appended).
 */
const BIN = path.resolve(import.meta.dirname, '../../../packages/cli/bin/docent.js');
let t: TestApp;
let server: string;
let configDir: string;

beforeAll(async () => {
  t = await createTestApp();
  server = await t.app.listen({ port: 0, host: '127.0.0.1' });
  configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docent-cli-config-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(configDir, { recursive: true, force: true });
});

interface Run {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
}
function docent(...args: string[]): Run {
  const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, DOCENT_CONFIG_DIR: configDir, DOCENT_SERVER: '' } });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, stdout: () => out, stderr: () => err, exit };
}

/** The redirectUri the CLI asks the server's local-login page to send the token to. */
async function redirectUriOf(run: Run): Promise<URL> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const m = /(http:\/\/127\.0\.0\.1:\d+\/auth\/localhost\/login\?\S+)/.exec(run.stdout());
    if (m) {
      const login = new URL(m[1]!);
      expect(login.origin).toBe(server);
      return new URL(login.searchParams.get('redirectUri')!);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no login address printed: ${run.stdout()} ${run.stderr()}`);
}

const toolToken = async (browserToken: string) =>
  (await t.call({ method: 'POST', url: '/api/v1/auth/local-tool-token', token: browserToken })).json().token as string;
const credsFile = () => path.join(configDir, 'credentials.json');

describe('docent login / logout', () => {
  it('receives the token on a loopback port, checks it, stores it 0600; a wrong state is refused', async () => {
    const { token: browserToken } = await signUp(t, 'cli@example.com');
    const run = docent('login', '--server', server, '--no-browser');
    const redirect = await redirectUriOf(run);
    expect(redirect.hostname).toBe('127.0.0.1');
    expect(redirect.searchParams.get('state')).toMatch(/^[0-9a-f]{32}$/);

    const token = await toolToken(browserToken);
    // another local page guessing the port without the state gets nothing, and the CLI keeps waiting
    const forged = new URL(redirect);
    forged.searchParams.set('state', 'guess');
    forged.searchParams.set('token', token);
    expect((await fetch(forged)).status).toBe(400);

    const real = new URL(redirect);
    real.searchParams.set('token', token);
    const res = await fetch(real);
    expect(res.status).toBe(200);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(await res.text()).toContain('signed in as cli@example.com');
    expect(await run.exit).toBe(0);
    expect(run.stdout()).toContain(`Signed in to ${server} as cli@example.com`);

    const stat = fs.statSync(credsFile());
    expect(stat.mode & 0o777).toBe(0o600);
    const stored = JSON.parse(fs.readFileSync(credsFile(), 'utf8')) as { server: string; token: string; email: string };
    expect(stored).toMatchObject({ server, token, email: 'cli@example.com' });
    expect(run.stdout()).not.toContain(token);
    expect(run.stderr()).not.toContain(token);

    // logout ends that session on the server and removes the file; the browser's session lives on
    const out = docent('logout');
    expect(await out.exit).toBe(0);
    expect(out.stdout()).toContain(`Signed out of ${server}.`);
    expect(fs.existsSync(credsFile())).toBe(false);
    expect((await t.call({ method: 'GET', url: '/api/v1/user', token })).statusCode).toBe(511);
    expect((await t.call({ method: 'GET', url: '/api/v1/user', token: browserToken })).statusCode).toBe(200);

    const again = docent('logout');
    expect(await again.exit).toBe(0);
    expect(again.stdout()).toContain('Not signed in.');
  }, 120_000);

  it('a token the server refuses is not stored (exit 1)', async () => {
    const run = docent('login', `--server=${server}`, '--no-browser');
    const redirect = await redirectUriOf(run);
    redirect.searchParams.set('token', 'not-a-token');
    expect((await fetch(redirect)).status).toBe(401);
    expect(await run.exit).toBe(1);
    expect(run.stderr()).toContain('did not accept the token');
    expect(fs.existsSync(credsFile())).toBe(false);
  }, 120_000);

  it('gives up after --timeout, and refuses a bad --server (exit 2)', async () => {
    const slow = docent('login', '--server', server, '--no-browser', '--timeout', '1');
    expect(await slow.exit).toBe(1);
    expect(slow.stderr()).toContain('no sign-in within 1 s');
    const bad = docent('login', '--server', 'ftp://example.com');
    expect(await bad.exit).toBe(2);
    expect(bad.stderr()).toContain('--server must be an http(s) URL');
  }, 120_000);
});
