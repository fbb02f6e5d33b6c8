import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { redactUrl } from './url.ts';
import { branchName, END_OF_OPTIONS } from './revisions.ts';

export interface GitRunOptions {
  cwd?: string;
  signal?: AbortSignal;
  /** each line git prints on stderr (progress) */
  onLine?: (line: string) => void;
  /** allow the file protocol (local repositories under LOCAL_REPO_ROOTS only) */
  allowFile?: boolean;
  timeoutMs?: number;
  /** `-c` pairs from the outbound policy (pinned address, no redirects) */
  remoteConfig?: string[];
  /**
   * A hosted vendor's credential as an HTTP header for this one git run. It reaches git through
   * the environment (GIT_CONFIG_COUNT/KEY/VALUE), so it is neither on the command line (`ps`)
   * nor written to .git/config, and it applies only to URLs under `scope`.
   */
  httpAuth?: GitHttpAuth | null;
}

/** `http.<scope>.extraHeader = Authorization: <header>` for one git run. */
export interface GitHttpAuth {
  /** URL prefix the header is sent to, e.g. `https://github.com/` */
  scope: string;
  /** the Authorization header's value, e.g. `Basic …` */
  header: string;
}

/**
 * Splits a clone URL carrying credentials (what the vendor adapters build, the way each vendor
 * documents) into the bare URL and the same credentials as an HTTP Basic header for git. A URL
 * without credentials, or one that is not http(s) (git://, ssh), gives no header.
 */
export function httpAuthFromUrl(urlWithCredentials: string): { url: string; httpAuth: GitHttpAuth | null } {
  let u: URL;
  try {
    u = new URL(urlWithCredentials);
  } catch {
    return { url: urlWithCredentials, httpAuth: null };
  }
  if ((u.protocol !== 'https:' && u.protocol !== 'http:') || (!u.username && !u.password))
    return { url: urlWithCredentials, httpAuth: null };
  const user = decodeURIComponent(u.username);
  const pass = decodeURIComponent(u.password);
  u.username = '';
  u.password = '';
  return {
    url: u.toString(),
    httpAuth: { scope: `${u.protocol}//${u.host}/`, header: `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}` },
  };
}

/** Hardened git: no prompts, no hooks, no remote helpers, no system or global config. */
function gitEnv(httpAuth?: GitHttpAuth | null): NodeJS.ProcessEnv {
  return {
    ...(httpAuth
      ? {
          GIT_CONFIG_COUNT: '1',
          GIT_CONFIG_KEY_0: `http.${httpAuth.scope}.extraHeader`,
          GIT_CONFIG_VALUE_0: `Authorization: ${httpAuth.header}`,
        }
      : {}),
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    GIT_TERMINAL_PROMPT: '0',
    GIT_ASKPASS: 'true',
    SSH_ASKPASS: 'true',
    GIT_SSH_COMMAND: 'ssh -o BatchMode=yes -o StrictHostKeyChecking=accept-new',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    LANG: 'C',
  };
}

function hardening(allowFile: boolean): string[] {
  return [
    '-c',
    'core.hooksPath=/dev/null',
    '-c',
    'protocol.ext.allow=never',
    '-c',
    `protocol.file.allow=${allowFile ? 'always' : 'never'}`,
    '-c',
    'core.symlinks=true',
    '-c',
    'submodule.recurse=false',
    '-c',
    'credential.helper=',
  ];
}

export class GitError extends Error {
  constructor(
    message: string,
    readonly exitCode: number | null,
  ) {
    super(message);
  }
}

/** git's words when the server refused the credentials (git never prompts here). */
export function isGitAuthFailure(err: unknown): boolean {
  return (
    err instanceof GitError &&
    /Authentication failed|could not read (Username|Password)|HTTP Basic: Access denied|returned error: 40[13]\b|Invalid username or password/i.test(
      err.message,
    )
  );
}

/** Runs git; rejects with its last stderr lines (credentials redacted); kills it on abort. */
export function runGit(args: string[], opts: GitRunOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) return reject(opts.signal.reason);
    const child = spawn('git', [...hardening(opts.allowFile ?? false), ...(opts.remoteConfig ?? []), ...args], {
      cwd: opts.cwd,
      env: gitEnv(opts.httpAuth),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let errTail: string[] = [];
    let partial = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      if (stdout.length < 16 * 1024 * 1024) stdout += d;
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      const lines = (partial + d).split(/\r|\n/);
      partial = lines.pop() ?? '';
      for (const raw of lines) {
        const line = redactUrl(raw.trim());
        if (!line) continue;
        errTail = [...errTail.slice(-4), line];
        opts.onLine?.(line);
      }
    });
    const kill = () => child.kill('SIGKILL');
    opts.signal?.addEventListener('abort', kill, { once: true });
    const timer = opts.timeoutMs ? setTimeout(kill, opts.timeoutMs) : null;
    child.on('error', (err) => reject(new GitError(`git could not run: ${err.message}`, null)));
    child.on('close', (code) => {
      opts.signal?.removeEventListener('abort', kill);
      if (timer) clearTimeout(timer);
      if (opts.signal?.aborted) return reject(opts.signal.reason);
      if (code === 0) return resolve(stdout);
      reject(new GitError(errTail.join(' — ') || `git exited with code ${code}`, code));
    });
  });
}

async function dirSize(dir: string, limit: number): Promise<number> {
  let total = 0;
  const stack = [dir];
  while (stack.length) {
    const d = stack.pop()!;
    let entries;
    try {
      entries = await readdir(d, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) stack.push(p);
      else if (e.isFile()) total += (await stat(p).catch(() => ({ size: 0 }))).size;
      if (total > limit) return total;
    }
  }
  return total;
}

export interface SyncOptions extends GitRunOptions {
  /** the clone is stopped and removed when it grows past this many bytes */
  maxBytes: number;
  branch?: string | null;
}

/**
 * Clones `source` into `dest`, or fetches and resets an existing clone there, watching its
 * size. Returns the checked-out commit.
 */
export async function cloneOrFetch(source: string, dest: string, opts: SyncOptions): Promise<string> {
  const controller = new AbortController();
  const onAbort = () => controller.abort(opts.signal?.reason);
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  let tooBig = false;
  const watch = setInterval(() => {
    void dirSize(dest, opts.maxBytes).then((size) => {
      if (size > opts.maxBytes && !controller.signal.aborted) {
        tooBig = true;
        controller.abort(
          new GitError(
            `The repository is larger than the limit of ${Math.round(opts.maxBytes / 1024 / 1024)} MB; the clone was stopped.`,
            null,
          ),
        );
      }
    });
  }, 500);
  const run = (args: string[], cwd?: string) => runGit(args, { ...opts, ...(cwd ? { cwd } : {}), signal: controller.signal });
  // The branch reaches git (clone --branch, reset): git's branch-name rules (docs/security.md).
  if (opts.branch) branchName(opts.branch, "The repository's branch");
  try {
    const freshClone = async () => {
      await mkdir(path.dirname(dest), { recursive: true });
      await rm(dest, { recursive: true, force: true });
      await run(['clone', '--progress', '--no-recurse-submodules', ...(opts.branch ? ['--branch', opts.branch] : []), '--', source, dest]);
    };
    if (existsSync(path.join(dest, '.git'))) {
      try {
        await run(['remote', 'set-url', END_OF_OPTIONS, 'origin', source], dest);
        await run(['fetch', '--prune', '--progress', END_OF_OPTIONS, 'origin'], dest);
        const ref = opts.branch ? `origin/${opts.branch}` : 'origin/HEAD';
        await run(['remote', 'set-head', 'origin', '--auto'], dest).catch(() => '');
        await run(['reset', '--hard', ref, '--'], dest);
        await run(['clean', '-ffdx'], dest);
      } catch (err) {
        // A clone left half-made (a killed or cancelled earlier run) is replaced, not trusted.
        if (controller.signal.aborted) throw err;
        opts.onLine?.('The cached clone is unusable; cloning again');
        await freshClone();
      }
    } else {
      await freshClone();
    }
    // A fast clone can finish between two checks of the watcher: check once more at the end.
    if ((await dirSize(dest, opts.maxBytes)) > opts.maxBytes) {
      tooBig = true;
      controller.abort(
        new GitError(
          `The repository is larger than the limit of ${Math.round(opts.maxBytes / 1024 / 1024)} MB; the clone was stopped.`,
          null,
        ),
      );
      throw controller.signal.reason;
    }
    return (await run(['rev-parse', 'HEAD'], dest)).trim();
  } catch (err) {
    if (tooBig) await rm(dest, { recursive: true, force: true });
    throw controller.signal.aborted && tooBig ? controller.signal.reason : err;
  } finally {
    clearInterval(watch);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}
