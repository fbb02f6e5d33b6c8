import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type * as FsPromises from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GitDaemon } from './helpers/git-daemon.ts';

// Every directory listed on this (the API's) thread while a clone is watched.
const listedHere: string[] = [];
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof FsPromises>();
  const readdir = ((dir: Parameters<typeof real.readdir>[0], ...rest: unknown[]) => {
    listedHere.push(String(dir));
    return (real.readdir as (...a: unknown[]) => unknown)(dir, ...rest);
  }) as typeof real.readdir;
  return { ...real, readdir, default: { ...real, readdir } };
});

const { cloneOrFetch, dirSize } = await import('../src/vendors/git/client.ts');

let daemon: GitDaemon;
let work: string;
beforeAll(async () => {
  daemon = await GitDaemon.start();
  const files: Record<string, string> = {};
  for (let i = 0; i < 4; i++) files[`blob${i}.txt`] = randomBytes(400 * 1024).toString('base64');
  await daemon.addRepo('sized', [files]);
  work = await mkdtemp(path.join(os.tmpdir(), 'docent-sizewatch-'));
});
afterAll(async () => {
  await daemon.stop();
  await rm(work, { recursive: true, force: true });
});

describe("the clone's size watch", () => {
  it('walks the checkout on a thread of its own: the API thread lists no folder of it', async () => {
    const dest = path.join(work, 'fits');
    listedHere.length = 0;
    await cloneOrFetch(daemon.url('sized'), dest, { maxBytes: 50 * 1024 * 1024, branch: 'main' });
    expect(existsSync(path.join(dest, 'blob0.txt'))).toBe(true);
    expect(listedHere.filter((d) => d.startsWith(dest))).toEqual([]);
    // and the walk still counts the files (more than the four blobs' 2.1 MB with .git's copy)
    expect(await dirSize(dest, 50 * 1024 * 1024)).toBeGreaterThan(4 * 540 * 1024);
  });

  it('still stops and removes a clone past the limit', async () => {
    const dest = path.join(work, 'too-big');
    listedHere.length = 0;
    await expect(cloneOrFetch(daemon.url('sized'), dest, { maxBytes: 1024 * 1024, branch: 'main' })).rejects.toThrow(
      'The repository is larger than the limit of 1 MB; the clone was stopped.',
    );
    expect(existsSync(dest)).toBe(false);
    expect(listedHere.filter((d) => d.startsWith(dest))).toEqual([]);
  });

  it('stops counting once past the limit', async () => {
    const dest = path.join(work, 'fits');
    const size = await dirSize(dest, 100);
    expect(size).toBeGreaterThan(100);
    expect(size).toBeLessThan(await dirSize(dest, 50 * 1024 * 1024));
  });
});
