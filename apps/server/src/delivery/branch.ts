/**
 * Delivering generated files through git, shared by code docs, doc sets and automatic updates:
 * a scratch branch in the worker's clone, a commit as Docent, a push to a free branch name or
 * to one branch replaced with a lease, and the remote's heads. Every revision and branch name a
 * user or a payload can influence is checked by vendors/git/revisions.ts and passed after
 * END_OF_OPTIONS (docs/security.md, "Git arguments and writes into a checkout"); files are
 * written by the callers through @docent/docgen's guarded writes (safe-write.ts), never here.
 */
import { UnsafePathError } from '@docent/docgen/safe-write';
import type { JobContext } from '../jobs/engine.ts';
import type { Checkout } from '../jobs/checkout.ts';
import { GitError, runGit } from '../vendors/git/client.ts';
import { branchName, END_OF_OPTIONS, GitArgumentError, objectId } from '../vendors/git/revisions.ts';

/** One git command in the job's clone, with the checkout's remote pinning and credential. */
export type Git = (args: string[]) => Promise<string>;

/** Where delivery talks to: the clone's git, and the job's log and signal. */
export interface DeliveryContext extends Pick<JobContext, 'log' | 'signal' | 'text'> {
  git: Git;
}

/** git in the job's clone, talking to its remote the way the checkout did (pinned address, per-run credential). */
export function gitIn(checkout: Pick<Checkout, 'dest' | 'remoteConfig' | 'httpAuth' | 'local'>, signal: AbortSignal): Git {
  return (args) =>
    runGit(args, {
      cwd: checkout.dest,
      signal,
      remoteConfig: checkout.remoteConfig,
      httpAuth: checkout.httpAuth,
      allowFile: checkout.local,
      timeoutMs: 10 * 60 * 1000,
    });
}

/** Where a fetched remote branch is kept while a delivery builds on it (removed afterwards). */
const BASE_REF = 'refs/docent/base';

/**
 * Runs `work` on the local branch `local` made at `from` (a full object id), then puts the clone
 * back on `restoreTo` (detached) and removes the scratch branch and base ref, whatever happened:
 * the clone cache is left as the next job expects it.
 */
export async function onScratchBranch<T>(
  git: Git,
  branch: { local: string; from: string; restoreTo: string },
  work: () => Promise<T>,
): Promise<T> {
  try {
    await git([
      'checkout',
      '-q',
      '-f',
      '-B',
      branchName(branch.local, 'The scratch branch'),
      objectId(branch.from, 'The branch head'),
      '--',
    ]);
    return await work();
  } finally {
    await git(['checkout', '-q', '-f', '--detach', branch.restoreTo, '--']).catch(() => undefined);
    await git(['branch', '-D', branch.local]).catch(() => undefined);
    await git(['update-ref', '-d', BASE_REF]).catch(() => undefined);
  }
}

/** Commits what is staged, as Docent (never signed: the worker has no key). */
export async function commitAsDocent(git: Git, subject: string, body?: string): Promise<void> {
  await git([
    '-c',
    'user.name=Docent',
    '-c',
    'user.email=docent@localhost',
    '-c',
    'commit.gpgsign=false',
    'commit',
    '-q',
    '-m',
    subject,
    ...(body === undefined ? [] : ['-m', body]),
  ]);
}

/** `base`, or the first of `base-2`, `base-3`… that is not among the remote's branches. */
export function freeBranchName(base: string, existing: readonly string[]): string {
  const taken = new Set(existing);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** The commit `branch` points to on the remote; null when the remote has no such branch. */
export async function remoteBranchHead(git: Git, branch: string): Promise<string | null> {
  const listed = await git(['ls-remote', '--heads', END_OF_OPTIONS, 'origin', `refs/heads/${branchName(branch, 'The branch')}`]);
  return /^([0-9a-f]{40,64})\s/.exec(listed)?.[1] ?? null;
}

/** The remote's default branch (its HEAD), null when it does not say. */
export async function remoteDefaultBranch(git: Git): Promise<string | null> {
  const out = await git(['ls-remote', '--symref', END_OF_OPTIONS, 'origin', 'HEAD']).catch(() => '');
  return /^ref: refs\/heads\/(\S+)\s+HEAD/m.exec(out)?.[1] ?? null;
}

/** Fetches the remote's `branch` and answers its commit, to build on (kept until the scratch branch is removed). */
export async function fetchRemoteBranch(git: Git, branch: string): Promise<string> {
  await git(['fetch', '-q', '--no-tags', END_OF_OPTIONS, 'origin', `+refs/heads/${branchName(branch, 'The branch')}:${BASE_REF}`]);
  return objectId((await git(['rev-parse', '--verify', `${BASE_REF}^{commit}`])).trim(), 'The branch head');
}

/**
 * Pushes the local branch to `remote` on the remote. Without `lease` a plain push: an existing
 * branch is never overwritten. With `lease` (the remote head read earlier, null for none) the
 * branch is replaced only while it is still that commit (absent for null).
 */
export async function pushBranch(
  { git, log }: DeliveryContext,
  local: string,
  remote: string,
  lease?: { expected: string | null },
): Promise<void> {
  branchName(remote, 'The branch to push to');
  const force = lease
    ? [`--force-with-lease=refs/heads/${remote}:${lease.expected === null ? '' : objectId(lease.expected, 'The remote branch head')}`]
    : [];
  await log('COMMAND', `git push origin ${remote}`);
  await git(['push', ...force, END_OF_OPTIONS, 'origin', `refs/heads/${local}:refs/heads/${remote}`]);
}

/**
 * Pushes the local branch to `wanted`, or, when a branch of that name is already on the remote
 * (an earlier run on this commit), to the first free `-2`, `-3`… name, which it answers; an
 * existing branch is left as it is.
 */
export async function pushToFreeBranch(ctx: DeliveryContext, local: string, wanted: string): Promise<string> {
  const listed = await ctx.git(['ls-remote', '--heads', END_OF_OPTIONS, 'origin', `refs/heads/${branchName(wanted, 'The branch')}*`]);
  const branch = freeBranchName(
    wanted,
    listed.split('\n').map((l) => l.split('\t')[1]?.replace(/^refs\/heads\//, '') ?? ''),
  );
  if (branch !== wanted) await ctx.log('INFO', ctx.text.branchTaken(wanted, branch));
  await pushBranch(ctx, local, branch);
  return branch;
}

/** Why a delivery failed, in git's (or the guarded write's) first line: the worker's paths never appear. */
export function deliveryFailure(err: unknown): string {
  if (err instanceof GitError || err instanceof GitArgumentError || err instanceof UnsafePathError)
    return (err.message.split('\n')[0] ?? 'git failed').replace(/\.$/, '');
  return 'git failed';
}
