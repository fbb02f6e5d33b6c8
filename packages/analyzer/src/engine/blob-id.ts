import { createHash } from 'node:crypto';

/**
 * Git's blob id of some bytes: sha1 of `blob <len>\0` followed by the bytes. Computed from the
 * working-tree content, so a dirty file gets the id git would give it once staged.
 */
export function gitBlobId(bytes: Uint8Array): string {
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}
