import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * SMTP through nodemailer when SMTP_URL is set. Without it, mails go to the server log and to
 * DATA_DIR/outbox.log so a self-hoster without SMTP can still verify and reset accounts.
 */
export function createMailer(opts: { smtpUrl: string | null; from: string; dataDir: string; log: FastifyBaseLogger }): Mailer {
  if (opts.smtpUrl) {
    const url = new URL(opts.smtpUrl);
    // smtp:// without TLS is for local relays and tests; smtps:// uses TLS.
    const transport: Transporter = nodemailer.createTransport({
      url: opts.smtpUrl,
      ...(url.protocol === 'smtp:' && url.searchParams.get('ignoreTLS') !== 'false' && url.hostname.match(/^(127\.|localhost$)/)
        ? { ignoreTLS: true }
        : {}),
    } as nodemailer.TransportOptions);
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
        opts.log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
    };
  }
  const outbox = path.join(opts.dataDir, 'outbox.log');
  return {
    async send(mail) {
      opts.log.info({ to: mail.to, subject: mail.subject, text: mail.text }, 'mail (no SMTP_URL set: written to the log and outbox)');
      await mkdir(opts.dataDir, { recursive: true });
      await appendFile(outbox, `--- ${new Date().toISOString()}\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n\n`, {
        mode: 0o600,
      });
    },
  };
}
