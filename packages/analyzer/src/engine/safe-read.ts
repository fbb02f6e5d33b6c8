import fs from 'node:fs';
import path from 'node:path';

/**
 * Reads repository files without ever leaving the repository: every parent folder must resolve
 * (realpath) inside the root, the file itself is opened with O_NOFOLLOW, and only regular files
 * are read, up to a byte limit.
 */
export class RepoReader {
  private readonly realRoot: string;
  private readonly dirVerdicts = new Map<string, boolean>();

  constructor(readonly root: string) {
    this.realRoot = fs.realpathSync(root);
  }

  /** True when the folder holding `rel` is really inside the root (no symlinked parent leading out). */
  private parentInside(rel: string): boolean {
    const slash = rel.lastIndexOf('/');
    const dir = slash < 0 ? '' : rel.slice(0, slash);
    const known = this.dirVerdicts.get(dir);
    if (known !== undefined) return known;
    let inside = false;
    try {
      const real = fs.realpathSync(path.join(this.root, dir));
      inside = real === this.realRoot || real.startsWith(this.realRoot + path.sep);
    } catch {
      inside = false;
    }
    this.dirVerdicts.set(dir, inside);
    return inside;
  }

  /**
   * Opens `rel` and reads at most `limit` bytes. Returns null for anything that is not a regular
   * file inside the root (symlink, folder, FIFO, deleted file, unreadable).
   */
  read(rel: string, limit: number): { bytes: Uint8Array; size: number } | null {
    if (rel.includes('\0') || rel.split('/').includes('..') || !this.parentInside(rel)) return null;
    let fd: number;
    try {
      fd = fs.openSync(path.join(this.root, rel), fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK);
    } catch {
      return null;
    }
    try {
      const stat = fs.fstatSync(fd);
      if (!stat.isFile()) return null;
      const size = stat.size;
      const want = Math.min(size, limit);
      const bytes = Buffer.allocUnsafe(want);
      let got = 0;
      while (got < want) {
        const n = fs.readSync(fd, bytes, got, want - got, got);
        if (n === 0) break; // file shrank while reading
        got += n;
      }
      return { bytes: got === want ? bytes : bytes.subarray(0, got), size: got < want ? got : size };
    } catch {
      return null;
    } finally {
      fs.closeSync(fd);
    }
  }
}
