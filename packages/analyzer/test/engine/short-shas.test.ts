import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { BlobBatch } from '../../src/engine/blob-batch.ts';
import { commitRev, mergesAmong } from '../../src/engine/doc-history.ts';
import { commitAll, git, initRepo, tempDir, write } from './helpers.ts';

/**
 * The walk names commits by short shas. In a large repository a short sha can also begin a tree
 * or a blob (Twisted's a604afd), and git then refuses the bare prefix as ambiguous: the merges
 * among the named commits went undetected (so suggestions named merges) and old versions could
 * not be read. Here the ambiguity is made on purpose, with a blob whose id begins like the merge.
 */
const root = tempDir('short-shas');
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** Content whose blob id begins with `prefix` (a few ten thousand hashes for 4 hex digits). */
function blobStartingWith(prefix: string): string {
  for (let i = 0; ; i++) {
    const content = `collide ${i}\n`;
    const id = createHash('sha1')
      .update(`blob ${Buffer.byteLength(content)}\0${content}`)
      .digest('hex');
    if (id.startsWith(prefix)) return content;
  }
}

describe('short shas that are ambiguous in the repository', () => {
  it('are read as the commits they name: merges are found and old versions are read', async () => {
    initRepo(root);
    write(root, 'a.py', 'x = 1\n');
    commitAll(root, 'one', '2025-01-01T00:00:00Z');
    git(root, ['checkout', '-q', '-b', 'topic']);
    write(root, 'a.py', 'x = 2\n');
    commitAll(root, 'topic', '2025-01-02T00:00:00Z');
    git(root, ['checkout', '-q', 'main']);
    write(root, 'b.py', 'y = 1\n');
    commitAll(root, 'main', '2025-01-03T00:00:00Z');
    git(root, ['merge', '-q', '--no-ff', '-m', 'merge', 'topic'], '2025-01-04T00:00:00Z');
    const merge = git(root, ['rev-parse', 'HEAD']);
    const short = merge.slice(0, 4);
    execFileSync('git', ['hash-object', '-w', '--stdin'], { cwd: root, input: blobStartingWith(short) });
    expect(() => git(root, ['rev-parse', '--verify', '-q', short])).toThrow(); // ambiguous, as in Twisted

    expect([...(await mergesAmong(root, [short]))]).toEqual([merge.slice(0, 7)]);
    const blobs = new BlobBatch(root);
    try {
      expect(await blobs.read(commitRev(short), './a.py')).toBe('x = 2\n');
    } finally {
      blobs.close();
    }
  });
});
