import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config.ts';

export interface Secrets {
  jwtSecret: Uint8Array;
  /** 32-byte AES-256-GCM key for provider tokens at rest */
  encryptionKey: Buffer;
}

interface StoredSecrets {
  jwtSecret: string;
  encryptionKey: string;
}

/**
 * Secrets come from the environment when given, else are generated once and kept in
 * DATA_DIR/secrets.json (mode 0600) so restarts keep sessions and encrypted tokens valid.
 */
export async function loadSecrets(config: Config): Promise<Secrets> {
  const file = path.join(config.dataDir, 'secrets.json');
  let stored: StoredSecrets | null = null;
  try {
    stored = JSON.parse(await readFile(file, 'utf8')) as StoredSecrets;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`Cannot read ${file}: ${(err as Error).message}`);
  }
  if (!stored || !stored.jwtSecret || !stored.encryptionKey) {
    stored = {
      jwtSecret: stored?.jwtSecret || randomBytes(48).toString('base64'),
      encryptionKey: stored?.encryptionKey || randomBytes(32).toString('base64'),
    };
    if (!config.jwtSecret || !config.encryptionKey) {
      await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
      await writeFile(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
    }
  }
  const key = Buffer.from(config.encryptionKey ?? stored.encryptionKey, 'base64');
  if (key.length !== 32) throw new Error('ENCRYPTION_KEY must be 32 bytes, base64-encoded');
  return {
    jwtSecret: new TextEncoder().encode(config.jwtSecret ?? stored.jwtSecret),
    encryptionKey: key,
  };
}
