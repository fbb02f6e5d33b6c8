import fs from 'node:fs/promises';
import path from 'node:path';
import { isGitWorkTree, runGit, splitNul } from './git.ts';
import { throwIfAborted } from './errors.ts';

export interface FileListing {
  /** repo-relative paths, forward slashes, sorted, unique; may still name deleted or odd entries */
  files: string[];
  git: boolean;
}

/** A directory walk gives up past this depth: deeper trees are pathological, not code. */
const MAX_WALK_DEPTH = 64;

/**
 * The files an analysis looks at: in a git work tree the tracked plus untracked-but-not-ignored
 * files (`git ls-files`), otherwise every file under `root` except `.git`. Symlinks are never
 * followed (the walk uses the entry type; git lists a symlink as itself).
 */
export async function listRepositoryFiles(root: string, signal?: AbortSignal): Promise<FileListing> {
  if (await isGitWorkTree(root)) {
    try {
      const out = await runGit(root, ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], signal);
      const files = [...new Set(splitNul(out))].filter((p) => !p.startsWith('../')).sort();
      return { files, git: true };
    } catch (error) {
      throwIfAborted(signal);
      // A git that cannot list (corrupt index, odd ownership) still leaves the plain walk.
      void error;
    }
  }
  return { files: await walk(root, signal), git: false };
}

async function walk(root: string, signal?: AbortSignal): Promise<string[]> {
  const files: string[] = [];
  const stack: Array<{ rel: string; depth: number }> = [{ rel: '', depth: 0 }];
  while (stack.length > 0) {
    throwIfAborted(signal);
    const { rel, depth } = stack.pop()!;
    let entries;
    try {
      entries = await fs.readdir(path.join(root, rel), { withFileTypes: true });
    } catch {
      continue; // unreadable folder: skip, an analysis never fails on one
    }
    for (const entry of entries) {
      if (entry.name === '.git') continue;
      const childRel = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (depth < MAX_WALK_DEPTH) stack.push({ rel: childRel, depth: depth + 1 });
      } else if (entry.isFile()) {
        files.push(childRel);
      }
    }
  }
  return files.sort();
}
