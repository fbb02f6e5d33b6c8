import path from 'node:path';
import { realpathSync } from 'node:fs';

export class GitUrlError extends Error {}

export interface ParsedGitSource {
  /** what git is given: a URL, or an absolute local path under LOCAL_REPO_ROOTS */
  source: string;
  kind: 'remote' | 'local';
  /** the URL's owner segment (or `local`) and the repository name, for defaults */
  owner: string;
  name: string;
}

const CREDENTIAL_PARAM = /token|key|secret|pass|pwd|auth|sig|credential|session|code/i;

const SCP_LIKE = /^([A-Za-z0-9._-]+)@([A-Za-z0-9.-]+):([^\s]+)$/;

/** The last two path segments of a repository URL path, without `.git`. */
function ownerAndName(p: string): { owner: string; name: string } {
  const parts = p
    .replace(/\/+$/, '')
    .replace(/\.git$/, '')
    .split('/')
    .filter(Boolean);
  const name = parts.at(-1);
  if (!name) throw new GitUrlError('The URL has no repository path.');
  return { owner: parts.at(-2) ?? 'local', name };
}

/**
 * Accepts https, http, ssh, git and scp-like (`git@host:owner/repo.git`) URLs, and local paths
 * only under the server's LOCAL_REPO_ROOTS. Refuses file://, ext::, option-looking values
 * (`--upload-pack=…`), credentials in the URL's query, control characters and paths that
 * escape the roots (docs/design.md §6).
 */
export function parseGitSource(input: string, localRoots: readonly string[]): ParsedGitSource {
  const value = input.trim();
  if (!value) throw new GitUrlError('Enter a git URL.');
  if (/[\u0000-\u001f\u007f\s]/.test(value)) throw new GitUrlError('The URL must not contain spaces or control characters.');
  if (value.startsWith('-')) throw new GitUrlError('The URL must not start with "-".');
  if (/^[a-z][a-z0-9+.-]*::/i.test(value)) throw new GitUrlError('Remote helpers such as "ext::" are not allowed.');

  const scp = SCP_LIKE.exec(value);
  if (scp && !value.includes('://')) {
    const [, , host, repoPath] = scp;
    if (!host || !repoPath || repoPath.startsWith('-') || repoPath.split('/').includes('..'))
      throw new GitUrlError('Invalid SSH repository path.');
    return { source: value, kind: 'remote', ...ownerAndName(repoPath) };
  }

  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new GitUrlError('This is not a valid URL.');
    }
    const scheme = url.protocol.replace(/:$/, '').toLowerCase();
    if (!['https', 'http', 'ssh', 'git'].includes(scheme)) {
      throw new GitUrlError(`The "${scheme}" scheme is not allowed; use https, http, ssh or git.`);
    }
    if (!url.hostname || url.hostname.startsWith('-')) throw new GitUrlError('The URL has no valid host.');
    // A credential in the query would be stored with the URL and shown in logs and job lines.
    for (const name of url.searchParams.keys()) {
      if (CREDENTIAL_PARAM.test(name))
        throw new GitUrlError('The URL must not carry credentials in its query; connect the vendor with a token instead.');
    }
    const decoded = decodeURIComponent(url.pathname);
    if (decoded.split('/').includes('..')) throw new GitUrlError('The URL path must not contain "..".');
    return { source: url.toString(), kind: 'remote', ...ownerAndName(decoded) };
  }

  // A local path: only absolute, only under a configured root, after resolving symlinks.
  if (localRoots.length === 0) {
    throw new GitUrlError('Local paths are not enabled on this server (set LOCAL_REPO_ROOTS); use an https, ssh or git URL.');
  }
  if (!path.isAbsolute(value)) throw new GitUrlError('A local repository path must be absolute.');
  let real: string;
  try {
    real = realpathSync(value);
  } catch {
    throw new GitUrlError('No repository exists at this path.');
  }
  const inside = localRoots.some((root) => {
    let r: string;
    try {
      r = realpathSync(root);
    } catch {
      return false;
    }
    const rel = path.relative(r, real);
    return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
  });
  if (!inside) throw new GitUrlError('This path is outside the directories the server allows (LOCAL_REPO_ROOTS).');
  return { source: real, kind: 'local', owner: 'local', name: path.basename(real).replace(/\.git$/, '') };
}

/** A URL safe to show or log: credentials removed. */
export function redactUrl(url: string): string {
  return url.replace(/\/\/[^/@\s]*@/, '//***@');
}

/**
 * `https://user:token@host/x.git` → `https://host/x.git`: the URL to store or show once its
 * credentials are gone. What is no URL (a local path, scp-like `git@host:x.git`) comes back as
 * `fallback`, itself unless given.
 */
export function stripCredentials(url: string, fallback = url): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    return u.toString();
  } catch {
    return fallback;
  }
}
