import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { createMailer } from '../src/mail/mailer.ts';
import { activationMail } from '../src/mail/templates.ts';

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

describe('SMTP mailer', () => {
  it('delivers the activation mail with its link to a real SMTP server', async () => {
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Docent <no-reply@docent.test>', dataDir: '/nonexistent', log: silent });
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
