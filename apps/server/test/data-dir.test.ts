import { mkdtemp, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { preparePrivateDataDir } from '../src/data-dir.ts';
import { createMailer } from '../src/mail/mailer.ts';
import { loadSecrets } from '../src/secrets.ts';

const made: string[] = [];
afterAll(async () => Promise.all(made.map((d) => rm(d, { recursive: true, force: true }))));
const mode = async (p: string) => (await stat(p)).mode & 0o777;

describe('DATA_DIR is private to the server user', () => {
  it('creates the folder 0700 and its secrets and outbox 0600', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'docent-perm-'));
    made.push(root);
    const dataDir = path.join(root, 'data');
    await preparePrivateDataDir(dataDir);
    await loadSecrets(loadConfig({ DATA_DIR: dataDir }));
    const log = { info: () => undefined, warn: () => undefined } as never;
    await createMailer({ smtpUrl: null, from: 'x@y', dataDir, log }).send({ to: 'a@b.c', subject: 's', text: 'code 123456', html: '' });
    expect(await mode(dataDir)).toBe(0o700);
    expect(await mode(path.join(dataDir, 'secrets.json'))).toBe(0o600);
    expect(await mode(path.join(dataDir, 'outbox.log'))).toBe(0o600);
  });

  it('fixes an existing install whose files other users could read', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'docent-perm-old-'));
    made.push(dataDir);
    await writeFile(path.join(dataDir, 'outbox.log'), 'code 654321', { mode: 0o644 });
    await mkdir(path.join(dataDir, 'pglite'), { mode: 0o755 });
    await (await import('node:fs/promises')).chmod(dataDir, 0o755);
    await preparePrivateDataDir(dataDir);
    expect(await mode(dataDir)).toBe(0o700);
    expect(await mode(path.join(dataDir, 'outbox.log'))).toBe(0o600);
    expect(await mode(path.join(dataDir, 'pglite'))).toBe(0o700);
  });
});
