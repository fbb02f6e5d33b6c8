import { chmod, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * DATA_DIR holds the generated secrets, the mail outbox (codes, sign-in links), the embedded
 * database and the clones: it is the server user's alone. Created 0700; on every start the
 * folder, its top-level files (0600) and folders (0700) are set again, which also fixes an
 * install made before this rule.
 */
export async function preparePrivateDataDir(dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await chmod(dataDir, 0o700);
  for (const entry of await readdir(dataDir, { withFileTypes: true })) {
    const p = path.join(dataDir, entry.name);
    if (entry.isDirectory()) await chmod(p, 0o700);
    else if (entry.isFile()) await chmod(p, 0o600);
  }
}
