import { constants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The one way anything is written into (or a source read from) a repository's checkout
 * (docs/security.md, "Git arguments and writes into a checkout"). A repository can hold
 * symbolic links, and a push can turn a folder into one: a plain `writeFile(join(root, rel))`
 * follows them and writes wherever they point. Here the target is walked component by
 * component with `lstat` from the checkout's real root: a symbolic link anywhere on the way
 * (or as the target itself) is refused, missing folders are created one at a time (`mkdir`
 * without `recursive`, then checked again), and the file is opened with O_NOFOLLOW, so
 * nothing is written outside the checkout.
 */

/** A write or read refused because of where its path leads; the message names the path. */
export class UnsafePathError extends Error {
  constructor(
    readonly relPath: string,
    reason: string,
  ) {
    super(`${relPath}: ${reason}; nothing was written there.`);
  }
}

/** `a/b/c.py` → ['a', 'b', 'c.py']; refuses absolute paths, `.`/`..`/empty components and NUL. */
function components(rel: string): string[] {
  if (typeof rel !== 'string' || rel === '' || rel.includes('\0') || path.isAbsolute(rel))
    throw new UnsafePathError(String(rel), 'not a relative path inside the repository');
  const parts = rel.split('/');
  if (parts.some((p) => p === '' || p === '.' || p === '..'))
    throw new UnsafePathError(rel, 'not a plain relative path inside the repository');
  return parts;
}

const lstatOrNull = async (p: string) =>
  fs.lstat(p).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    throw err;
  });

/**
 * The folder `rel`'s file goes in, walked from the checkout's real root without following a
 * link; with `create`, missing folders are made one by one. Null when a folder is missing and
 * `create` is off.
 */
async function parentInside(root: string, rel: string, parts: readonly string[], create: boolean): Promise<string | null> {
  let dir = await fs.realpath(root);
  for (const [i, part] of parts.slice(0, -1).entries()) {
    const next = path.join(dir, part);
    const where = parts.slice(0, i + 1).join('/');
    let st = await lstatOrNull(next);
    if (!st) {
      if (!create) return null;
      await fs.mkdir(next).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'EEXIST') throw err;
      });
      st = await fs.lstat(next);
    }
    if (st.isSymbolicLink()) throw new UnsafePathError(rel, `the folder ${where} is a symbolic link in the repository`);
    if (!st.isDirectory()) throw new UnsafePathError(rel, `${where} is not a folder`);
    dir = next;
  }
  return dir;
}

/**
 * Writes `content` to `root/rel` without following any symbolic link: every existing component
 * is lstat-ed (a link is refused), missing folders are created one by one, and the file is
 * opened with O_NOFOLLOW | O_CREAT | O_TRUNC | O_WRONLY. Throws UnsafePathError when refused.
 */
export async function writeInsideCheckout(root: string, rel: string, content: string | Uint8Array): Promise<void> {
  const parts = components(rel);
  const dir = (await parentInside(root, rel, parts, true))!;
  const target = path.join(dir, parts.at(-1)!);
  const st = await lstatOrNull(target);
  if (st?.isSymbolicLink()) throw new UnsafePathError(rel, 'the file is a symbolic link in the repository');
  if (st && !st.isFile()) throw new UnsafePathError(rel, 'not a regular file');
  let fh: fs.FileHandle;
  try {
    fh = await fs.open(target, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW, 0o644);
  } catch (err) {
    // ELOOP: the name became a link between the check and the open
    if ((err as NodeJS.ErrnoException).code === 'ELOOP') throw new UnsafePathError(rel, 'the file is a symbolic link in the repository');
    throw err;
  }
  try {
    if (!(await fh.stat()).isFile()) throw new UnsafePathError(rel, 'not a regular file');
    await fh.writeFile(content);
  } finally {
    await fh.close();
  }
}

/**
 * Reads `root/rel` as UTF-8 the same way: null when it is missing, not a regular file, larger
 * than `maxBytes`, or reached through a symbolic link (a source file's content must come from
 * the repository itself, not from wherever a link points).
 */
export async function readInsideCheckout(root: string, rel: string, maxBytes: number): Promise<string | null> {
  const bytes = await readBytesInsideCheckout(root, rel, maxBytes);
  return bytes === null ? null : bytes.toString('utf8');
}

/** As readInsideCheckout, the file's bytes (for a caller that checks the encoding itself). */
export async function readBytesInsideCheckout(root: string, rel: string, maxBytes: number): Promise<Buffer | null> {
  let parts: string[];
  try {
    parts = components(rel);
  } catch {
    return null;
  }
  let dir: string | null;
  try {
    dir = await parentInside(root, rel, parts, false);
  } catch (err) {
    if (err instanceof UnsafePathError) return null;
    throw err;
  }
  if (!dir) return null;
  const target = path.join(dir, parts.at(-1)!);
  const st = await lstatOrNull(target);
  if (!st?.isFile() || st.size > maxBytes) return null;
  const fh = await fs.open(target, constants.O_RDONLY | constants.O_NOFOLLOW).catch(() => null);
  if (!fh) return null;
  try {
    return await fh.readFile();
  } finally {
    await fh.close();
  }
}

/** Whether `root/rel` is reached through a symbolic link (or is one). */
export async function throughSymlink(root: string, rel: string): Promise<boolean> {
  try {
    const parts = components(rel);
    await parentInside(root, rel, parts, false);
    return (await lstatOrNull(path.join(root, rel)))?.isSymbolicLink() ?? false;
  } catch (err) {
    return err instanceof UnsafePathError;
  }
}

/**
 * Writes a run's changed files back, each through writeInsideCheckout: a path reached through a
 * symbolic link (a folder a later commit turned into one) throws UnsafePathError and nothing
 * is written there.
 */
export async function writeChanges(root: string, changes: readonly { path: string; after: string }[]): Promise<void> {
  for (const c of changes) await writeInsideCheckout(root, c.path, c.after);
}
