import { JobFailure, type JobLogKey } from '@docent/contracts';

/**
 * The one check for every user-influenced argument handed to git (docs/security.md, "Git
 * arguments and writes into a checkout"). A webhook payload, a queued job's payload or a
 * form field can name a revision or a branch; git reads anything starting with `-` as an
 * option (`--output=<file>` creates or empties a file, `--upload-pack=<cmd>` runs a command).
 * So:
 *  - a commit is a full object id (40 hex digits for SHA-1, 64 for SHA-256, lowercase), or the
 *    all-zero id a push names for "no previous commit" (a new branch) / "branch deleted";
 *  - a pull request's commits may come abbreviated (Bitbucket sends 12 digits): hex only;
 *  - a branch or ref name passes the rules of `git check-ref-format` (checked here without a
 *    process, and tested against git itself), and never starts with `-`;
 *  - and every git call that passes one of them puts END_OF_OPTIONS (or `--`) before it.
 */

/** git ≥ 2.24: everything after it is a revision or a path, never an option. */
export const END_OF_OPTIONS = '--end-of-options';

const OBJECT_ID = /^[0-9a-f]{40,64}$/;
const ABBREVIATED_ID = /^[0-9a-f]{7,64}$/;

/** A refused argument: the message names the field, never echoes the value (worded by the job-log catalog). */
export class GitArgumentError<K extends JobLogKey = JobLogKey> extends JobFailure<K> {
  override readonly name = 'GitArgumentError';
}

/** A full object id (SHA-1 or SHA-256, lowercase hex). The all-zero id passes: see isZeroId. */
export function isObjectId(value: unknown): value is string {
  return typeof value === 'string' && OBJECT_ID.test(value);
}

/** The all-zero object id: a push's `before` of a new branch, or `after` of a deleted one. */
export function isZeroId(value: string): boolean {
  return isObjectId(value) && /^0+$/.test(value);
}

/** A full or abbreviated (7+ digits) object id, as pull-request events may name commits. */
export function isAbbreviatedId(value: unknown): value is string {
  return typeof value === 'string' && ABBREVIATED_ID.test(value);
}

/**
 * `git check-ref-format <ref>`'s rules, for a full ref name (`refs/heads/main`): no component
 * starting with `.` or ending with `.lock`; no `..`, control character, space, `~ ^ : ? * [ \`;
 * no leading, trailing or doubled `/`; not ending with `.`; no `@{`; not `@`; at least two
 * components. Also at most 255 bytes here.
 */
export function isRefName(ref: unknown): ref is string {
  if (typeof ref !== 'string' || ref.length === 0 || Buffer.byteLength(ref) > 255) return false;
  if (ref === '@' || ref.includes('..') || ref.includes('@{') || ref.endsWith('.')) return false;
  if (/[\u0000-\u0020\u007f~^:?*[\\]/.test(ref)) return false;
  const parts = ref.split('/');
  if (parts.length < 2) return false;
  return parts.every((p) => p !== '' && !p.startsWith('.') && !p.endsWith('.lock'));
}

/** A branch name (without `refs/heads/`), as `git check-ref-format --branch` takes it: never `-…`. */
export function isBranchName(name: unknown): name is string {
  return typeof name === 'string' && !name.startsWith('-') && name !== 'HEAD' && isRefName(`refs/heads/${name}`);
}

/** `value` when it is a full object id; else GitArgumentError naming `what`. */
export function objectId(value: unknown, what: string): string {
  if (!isObjectId(value)) throw new GitArgumentError('notObjectId', { english: what });
  return value;
}

/** `value` when it is a full or abbreviated object id; else GitArgumentError naming `what`. */
export function abbreviatedId(value: unknown, what: string): string {
  if (!isAbbreviatedId(value)) throw new GitArgumentError('notAbbreviatedId', { english: what });
  return value;
}

/** `value` when it is a valid branch name; else GitArgumentError naming `what`. */
export function branchName(value: unknown, what: string): string {
  if (!isBranchName(value)) throw new GitArgumentError('notBranchName', { english: what });
  return value;
}
