import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeRepository } from '../../src/engine/analyze.ts';
import { commitAll, initRepo, tempDir, write } from './helpers.ts';

const dirs: string[] = [];
const track = (dir: string): string => (dirs.push(dir), dir);
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

const SECRET = 'def outside_secret(token):\n    """Must never be read."""\n    return token\n';

describe('never reads outside the repository', () => {
  for (const useGit of [false, true]) {
    it(`skips symlinks to files and folders outside the tree (${useGit ? 'git' : 'plain folder'})`, async () => {
      const outside = track(tempDir('outside'));
      write(outside, 'secret.py', SECRET);
      const root = track(tempDir('symlinks'));
      write(root, 'inside.py', 'def inside():\n    return 1\n');
      fs.symlinkSync(path.join(outside, 'secret.py'), path.join(root, 'link.py'));
      fs.symlinkSync(outside, path.join(root, 'linked_dir'));
      if (useGit) {
        // A tracked folder later swapped for a symlink: git still lists sub/secret.py.
        write(root, 'sub/secret.py', 'def tracked():\n    return 0\n');
        initRepo(root);
        commitAll(root, 'init', '2025-01-01T00:00:00Z');
        fs.rmSync(path.join(root, 'sub'), { recursive: true });
        fs.symlinkSync(outside, path.join(root, 'sub'));
      }
      const result = await analyzeRepository(root, { cacheDir: track(tempDir('symlink-cache')) });
      expect(result.functions.map((f) => f.name)).toEqual(['inside']);
      expect(JSON.stringify(result)).not.toContain('outside_secret');
      expect(result.stats.files).toBe(1);
    });
  }

  it('rejects a missing path and a file path with InvalidRepositoryError', async () => {
    await expect(analyzeRepository('/definitely/not/here')).rejects.toMatchObject({
      name: 'InvalidRepositoryError',
      message: expect.stringContaining('No such directory'),
    });
    const dir = track(tempDir('notdir'));
    write(dir, 'f.txt', 'x');
    await expect(analyzeRepository(path.join(dir, 'f.txt'))).rejects.toMatchObject({
      name: 'InvalidRepositoryError',
      message: expect.stringContaining('Not a directory'),
    });
  });
});

describe('abort', () => {
  it('rejects at once when the signal is already aborted', async () => {
    const root = track(tempDir('abort-pre'));
    write(root, 'a.py', 'def a():\n    return 1\n');
    await expect(analyzeRepository(root, { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('stops parse workers within 2 s of an abort mid-parse', async () => {
    const root = track(tempDir('abort-mid'));
    // ~120 files × ~30 KB of Python: several seconds of parsing on 2 cores.
    const body = Array.from({ length: 400 }, (_, i) => `def f${i}(x):\n    if x > ${i}:\n        return x\n    return ${i}\n`).join('\n');
    for (let i = 0; i < 120; i++) write(root, `m${i}.py`, body);
    const controller = new AbortController();
    let abortedAt = 0;
    const started = performance.now();
    const outcome = analyzeRepository(root, {
      cacheDir: track(tempDir('abort-cache')),
      signal: controller.signal,
      onProgress: (_p, message) => {
        if (!abortedAt && /^Parsed [1-9]/.test(message)) {
          abortedAt = performance.now();
          controller.abort();
        }
      },
    });
    await expect(outcome).rejects.toMatchObject({ name: 'AbortError' });
    expect(abortedAt).toBeGreaterThan(started);
    expect(performance.now() - abortedAt).toBeLessThan(2000);
  });
});
