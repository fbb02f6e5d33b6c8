import { spawn } from 'node:child_process';

/**
 * Runs the system git in `cwd` with settings that keep a repository's own config from running
 * programs (fsmonitor) or mangling paths (quotepath). Resolves with stdout as bytes; rejects on a
 * non-zero exit or when `signal` fires (the child is killed).
 */
export function runGit(cwd: string, args: readonly string[], signal?: AbortSignal): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['-c', 'core.fsmonitor=false', '-c', 'core.quotepath=off', ...args], {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, GIT_OPTIONAL_LOCKS: '0', GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' },
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    const onAbort = (): void => {
      child.kill('SIGKILL');
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      if (err.length < 64) err.push(chunk);
    });
    child.on('error', (error) => {
      signal?.removeEventListener('abort', onAbort);
      reject(error);
    });
    child.on('close', (code) => {
      signal?.removeEventListener('abort', onAbort);
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new Error(`git ${args[0]} exited with ${code}: ${Buffer.concat(err).toString('utf8').trim().slice(0, 500)}`));
    });
  });
}

/** True when `dir` is inside a git work tree that git agrees to read (ownership checks pass). */
export async function isGitWorkTree(dir: string): Promise<boolean> {
  try {
    return (await runGit(dir, ['rev-parse', '--is-inside-work-tree'])).toString('utf8').trim() === 'true';
  } catch {
    return false;
  }
}

/** Splits NUL-separated git output into strings. */
export function splitNul(buf: Buffer): string[] {
  const text = buf.toString('utf8');
  return text.split('\0').filter((entry) => entry.length > 0);
}
