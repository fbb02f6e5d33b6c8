import { runGit } from './git.ts';

/**
 * What the clones of one repository have in common, so that their cache packs can be shared
 * (see cache.ts): the origin remote's URL without credentials, else the root commit(s) of HEAD.
 * Null outside git or when neither exists. Only ever stored hashed.
 */
export async function projectKey(root: string, signal?: AbortSignal): Promise<string | null> {
  try {
    const url = (await runGit(root, ['config', '--get', 'remote.origin.url'], signal)).toString('utf8').trim();
    if (url) return `origin:${withoutCredentials(url)}`;
  } catch {
    // no origin remote (git config exits 1): fall back to the root commit
  }
  try {
    const roots = (await runGit(root, ['rev-list', '--max-parents=0', 'HEAD'], signal))
      .toString('utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .sort();
    return roots.length > 0 ? `root:${roots.join(',')}` : null;
  } catch {
    return null;
  }
}

/** `https://user:token@host/x.git` → `https://host/x.git` (tokens rotate; the project does not). */
function withoutCredentials(url: string): string {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return url; // scp-like `git@host:x.git` or a path
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return url;
  }
}
