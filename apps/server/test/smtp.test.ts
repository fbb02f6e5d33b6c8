import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createMailer } from '../src/mail/mailer.ts';
import { activationMail } from '../src/mail/templates.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { loadSecrets } from '../src/secrets.ts';
import { createTestDatabase } from './helpers/database.ts';
import { PASSWORD } from './helpers/app.ts';

/** The mailer against a real SMTP server on 127.0.0.1 (nodemailer speaks SMTP to it). */
const silent = Fastify({ logger: false }).log;
const received: Array<{ from: string; to: string[]; raw: string }> = [];
let server: SMTPServer;
let port: number;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Decodes a raw message's encoded-word headers and quoted-printable/base64 body for reading. */
function readable(raw: string): string {
  const unfolded = raw.replace(/\r?\n[ \t]+/g, ' ').replace(/\?=\s+=\?/g, '?==?');
  const words = unfolded.replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
    enc.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
  const qp = words.replace(/=\r?\n/g, '').replace(/(?:=[0-9A-F]{2})+/g, (m) => Buffer.from(m.replace(/=/g, ''), 'hex').toString('utf8'));
  return qp;
}

describe('SMTP mailer', () => {
  it('delivers the activation mail with its link to a real SMTP server', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Docent <no-reply@docent.test>',
      dataDir: '/nonexistent',
      log: silent,
    });
    await mailer.send(activationMail('reader@example.com', 'Reader', 'http://app.test/auth/rapid/login?token=abc.def'));
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['reader@example.com']);
    expect(received[0]!.from).toBe('no-reply@docent.test');
    expect(received[0]!.raw).toContain('Subject: Verify your Docent email address');
    expect(received[0]!.raw.replace(/=\r?\n/g, '')).toContain('http://app.test/auth/rapid/login?token=abc.def');
  });

  it('rejects when the SMTP server cannot be reached', async () => {
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'x@docent.test', dataDir: '/nonexistent', log: silent });
    await expect(mailer.send(activationMail('a@example.com', 'A', 'http://x'))).rejects.toThrow();
  });
});

describe("mails in the user's language (docs/i18n.md)", () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'docent-smtp-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      APP_URL: 'http://docent.test',
      WEB_DIST: path.join(dataDir, 'no-web'),
      MAIL_RATE_LIMIT_PER_HOUR: '1000',
    });
    const database = await createTestDatabase();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Docent <no-reply@docent.test>', dataDir, log: silent });
    app = await buildApp({ config, database, secrets: await loadSecrets(config), mailer, logger: false });
    close = async () => {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    };
  }, 120_000);
  afterAll(() => close?.());

  it('a sign-up from a German interface gets the German activation mail over SMTP, an English one the English mail', async () => {
    const signup = (email: string, acceptLanguage: string) =>
      app.inject({
        method: 'POST',
        url: '/api/signup',
        headers: { 'accept-language': acceptLanguage },
        payload: { first_name: 'Jörg', email, password: PASSWORD },
      });
    expect((await signup('joerg@example.com', 'de')).statusCode).toBe(201);
    expect((await signup('jane@example.com', 'en-GB,en;q=0.9,de;q=0.5')).statusCode).toBe(201);

    const german = readable(received.find((m) => m.to.includes('joerg@example.com'))!.raw);
    expect(german).toContain('Subject: Bestätigen Sie Ihre E-Mail-Adresse bei Docent');
    expect(german).toContain('Hallo Jörg,');
    expect(german).toContain('Der Link funktioniert einmal und läuft nach 48 Stunden ab.');
    expect(german).toContain('<html lang="de">');
    expect(german).not.toContain('Verify');
    expect(german).toContain('http://docent.test/auth/rapid/login?token=');

    const english = readable(received.find((m) => m.to.includes('jane@example.com'))!.raw);
    expect(english).toContain('Subject: Verify your Docent email address');
    expect(english).toContain('The link works once and expires in 48 hours.');
  });
});
