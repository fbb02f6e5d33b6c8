import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { parseMail, type ParsedMail } from './mime.ts';

export interface ReceivedMail extends ParsedMail {
  /** Envelope recipients, lower-cased. */
  recipients: string[];
  raw: string;
}

/** An in-process SMTP server on 127.0.0.1 that keeps every mail it receives. */
export class Mailbox {
  readonly mails: ReceivedMail[] = [];
  private server: SMTPServer;
  private waiters = new Set<() => void>();

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const recipients = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          this.mails.push({ ...parseMail(raw), recipients, raw });
          this.waiters.forEach((w) => w());
          callback();
        });
      },
    });
  }

  async start(): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => resolve());
    });
    return (this.server.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The first mail (received after `since`, an index into mails) to `to` that matches. */
  async waitFor(
    to: string,
    match: RegExp,
    { since = 0, timeoutMs = 15_000 } = {},
  ): Promise<{ mail: ReceivedMail; match: RegExpExecArray }> {
    const find = () => {
      for (const mail of this.mails.slice(since)) {
        if (!mail.recipients.includes(to.toLowerCase())) continue;
        const m = match.exec(mail.text);
        if (m) return { mail, match: m };
      }
      return null;
    };
    const found = find();
    if (found) return found;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`No mail to ${to} matching ${match} within ${timeoutMs} ms (${this.mails.length} mails received)`));
      }, timeoutMs);
      const check = () => {
        const hit = find();
        if (!hit) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(hit);
      };
      this.waiters.add(check);
    });
  }
}
