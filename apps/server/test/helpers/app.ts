import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import type { DatabaseHandle } from '../../src/db/index.ts';
import type { Mail, Mailer } from '../../src/mail/mailer.ts';
import { loadSecrets, type Secrets } from '../../src/secrets.ts';
import { createTestDatabase } from './database.ts';

/** Collects mails in memory (the real-SMTP path has its own test). */
export class MemoryMailer implements Mailer {
  readonly sent: Mail[] = [];
  async send(mail: Mail): Promise<void> {
    this.sent.push(mail);
  }
  last(to: string): Mail {
    const mail = [...this.sent].reverse().find((m) => m.to === to);
    if (!mail) throw new Error(`no mail to ${to}`);
    return mail;
  }
  /**
   * The next mail to `to` once there are more than `since` of them: forgotPassword mails after
   * it has answered, so its code arrives a moment later.
   */
  async waitFor(to: string, since = 0, timeoutMs = 5_000): Promise<Mail> {
    const deadline = Date.now() + timeoutMs;
    while (this.sent.filter((m) => m.to === to).length <= since) {
      if (Date.now() > deadline) throw new Error(`no new mail to ${to}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    return this.last(to);
  }
  count(to: string): number {
    return this.sent.filter((m) => m.to === to).length;
  }
  lastCode(to: string): string {
    const match = /security code is (\d{6})/.exec(this.last(to).text);
    if (!match?.[1]) throw new Error('no code in mail');
    return match[1];
  }
  lastLinkToken(to: string): string {
    const match = /\/auth\/rapid\/login\?token=([^\s"]+)/.exec(this.last(to).text);
    if (!match?.[1]) throw new Error('no link in mail');
    return decodeURIComponent(match[1]);
  }
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  mailer: MemoryMailer;
  config: Config;
  /** the JWT secret and encryption key the app uses */
  secrets: Secrets;
  close(): Promise<void>;
  /** app.inject with a bearer token */
  call(opts: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
}

export async function createTestApp(
  env: Record<string, string> = {},
  opts: { logStream?: { write(line: string): unknown } } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'docent-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    APP_URL: 'http://docent.test',
    WEB_DIST: path.join(dataDir, 'no-web'),
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    MAIL_RATE_LIMIT_PER_HOUR: '1000',
    CODE_ATTEMPTS_PER_HOUR: '1000',
    OUTBOUND_ALLOW: '127.0.0.1,localhost',
    ...env,
  });
  const database = await createTestDatabase();
  const secrets = await loadSecrets(config);
  const mailer = new MemoryMailer();
  const app = await buildApp({
    config,
    database,
    secrets,
    mailer,
    ...(opts.logStream ? { logStream: opts.logStream } : { logger: false }),
  });
  await app.ready();
  return {
    app,
    database,
    mailer,
    config,
    secrets,
    call: ({ token, headers, ...rest }) =>
      app.inject({ ...rest, headers: { ...(headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } }),
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const PASSWORD = 'Correct-Horse1';

/** Signs up a user and returns its session token. */
export async function signUp(t: TestApp, email: string, password = PASSWORD): Promise<{ token: string; id: string }> {
  const res = await t.call({ method: 'POST', url: '/api/signup', payload: { first_name: 'Test', last_name: 'User', email, password } });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { token: string; user: { id: string } };
  return { token: body.token, id: body.user.id };
}

export function form(values: Record<string, string>): { payload: string; headers: Record<string, string> } {
  return { payload: new URLSearchParams(values).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
}
