import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { User } from '@docent/contracts';
import { expect, test, uniqueEmail } from './fixtures.ts';
import { seriousViolations } from './support/a11y.ts';

/** `docent login` through the real local-login page, its consent step and Chromium. */
const BIN = path.resolve(import.meta.dirname, '../packages/cli/bin/docent.js');

test('docent login: the page asks, Allow hands a token to the CLI on 127.0.0.1, which stores it 0600', async ({
  page,
  request,
  docent,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('cli');
  const res = await request.post('/api/signup', {
    data: { first_name: 'Ada', last_name: 'Lovelace', email, password: 'Analytical1', agreeToTerms: true },
  });
  expect(res.status()).toBe(201);
  const session = (await res.json()) as { token: string; user: User };
  await page.goto('/404');
  await page.evaluate(
    ([token, user]) => {
      localStorage.setItem('accessToken', token);
      localStorage.setItem('user', user);
    },
    [session.token, JSON.stringify(session.user)] as const,
  );

  const configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docent-e2e-cli-'));
  const child = spawn(process.execPath, [BIN, 'login', '--server', docent.url, '--no-browser'], {
    env: { ...process.env, DOCENT_CONFIG_DIR: configDir },
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    await expect.poll(() => /\/auth\/localhost\/login\?\S+/.test(out), { timeout: 60_000 }).toBe(true);
    const loginUrl = /(http:\S+\/auth\/localhost\/login\?\S+)/.exec(out)![1]!;
    const port = new URL(new URL(loginUrl).searchParams.get('redirectUri')!).port;

    await page.goto(loginUrl);
    await expect(page.getByText('Allow the Docent CLI on this computer to use your account?').first()).toBeVisible();
    await expect(page.getByTestId('local-tool-address')).toContainText(`127.0.0.1:${port}`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Allow' }).click();

    await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${port}/callback\\?`));
    await expect(page.getByRole('heading', { name: 'Docent CLI signed in' })).toBeVisible();
    await expect(page.getByText(`signed in as ${email}`)).toBeVisible();
    expect(await exit).toBe(0);
    const file = path.join(configDir, 'credentials.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as { token: string; email: string };
    expect(stored.email).toBe(email);
    expect(stored.token).not.toBe(session.token); // a session of its own
    const me = await request.get('/api/v1/user', { headers: { authorization: `Bearer ${stored.token}` } });
    expect(me.status()).toBe(200);
  } finally {
    child.kill();
    fs.rmSync(configDir, { recursive: true, force: true });
  }
});
