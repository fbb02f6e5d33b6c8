import path from 'node:path';
import { openDatabase } from '../../apps/server/src/db/index.ts';
import type { UserUpdate } from '../../apps/server/src/db/schema.ts';

/**
 * Changes a user's row in a stopped e2e server's embedded database (DATA_DIR/pglite), for
 * states no API reaches yet (a user with 5 repository-generation credits). The server must
 * not be running: PGlite is single-process.
 */
export async function updateUserRow(dataDir: string, email: string, changes: Omit<UserUpdate, 'id' | 'created_at'>): Promise<void> {
  const handle = await openDatabase({ databaseUrl: null, pgliteDir: path.join(dataDir, 'pglite') });
  try {
    const row = await handle.db
      .updateTable('users')
      .set(changes)
      .where('email', '=', email.toLowerCase())
      .returning('id')
      .executeTakeFirst();
    if (!row) throw new Error(`no user ${email}`);
  } finally {
    await handle.close();
  }
}
