/**
 * Reporting a pull request's documentation check to its code host, through each vendor's
 * documented REST API with the repository's connection token:
 * - the comment, edited in place (found by its stored id, else by COMMENT_MARKER, else created);
 * - the commit status (GitHub statuses, GitLab commit status, Bitbucket build status, Azure
 *   DevOps pull-request status); on GitHub with a GitHub App installation token a check run
 *   instead (Checks API, which only Apps may write), falling back to the status on a 403;
 * - suggested docstrings as review suggestions where the vendor has them (GitHub review comments
 *   with ```suggestion blocks, GitLab MR discussions with ```suggestion:-0+0).
 * Every failure is a VendorApiError; callers log its HTTP status only. Each vendor's reporter
 * lives in its own folder (vendors/<vendor>/reporter.ts); this file holds what they share.
 */
import {
  DEFAULT_TIMEOUT_MS,
  VendorApiError,
  requestBudget,
  vendorRequest,
  type VendorCredential,
  type VendorRequest,
} from './hosted-types.ts';
import type { CommitState } from '../insights/comment.ts';
import type { Suggestion } from '../insights/change.ts';

export interface PrRef {
  organizationName: string;
  repoName: string;
  number: number;
}

export interface StoredComment {
  commentId: string | null;
  threadId: string | null;
}

/** How the result reached the commit: a commit status, a check run, or a status after the Checks API refused (403). */
export type StatusVia = 'status' | 'check-run' | 'status-after-403';

export interface PrReporter {
  readonly label: string;
  /** Edits Docent's comment on the pull request, or creates it; returns where it is. */
  upsertComment(body: string, known: StoredComment, signal?: AbortSignal): Promise<StoredComment & { created: boolean }>;
  /**
   * Sets the commit's status (or check run): the verdict, `pending` while the check runs, `error`
   * when it could not finish. Says which one it set. `summary`: the check run's Markdown text.
   */
  setStatus(sha: string, verdict: CommitState, targetUrl: string, signal?: AbortSignal, summary?: string): Promise<StatusVia>;
  /** Review suggestions not posted before (keyed by path and function); null: the vendor has none. */
  postSuggestions:
    ((s: readonly Suggestion[], shas: { head: string; base: string; mergeBase: string }, signal?: AbortSignal) => Promise<number>) | null;
}

/** The hidden key of one suggestion: a later push does not post the same suggestion again. */
export const suggestionKey = (s: Pick<Suggestion, 'path' | 'name'>) =>
  `<!-- docent:suggestion ${encodeURIComponent(s.path)} ${encodeURIComponent(s.name)} -->`;
export const intro = (s: Suggestion) => `Docent suggests a docstring for \`${s.name.replace(/`/g, "'")}\`. ${suggestionKey(s)}`;

/** Shared by the three vendors reached with plain JSON requests. */
export abstract class JsonReporter {
  abstract readonly label: string;
  constructor(
    protected readonly cred: VendorCredential,
    protected readonly pr: PrRef,
    protected readonly timeoutMs = DEFAULT_TIMEOUT_MS,
  ) {}
  protected abstract headers(): Record<string, string>;
  protected req<T>(method: NonNullable<VendorRequest['method']>, url: string, json?: unknown, signal?: AbortSignal) {
    return vendorRequest<T>({
      label: this.label,
      method,
      url,
      token: this.cred.token,
      headers: this.headers(),
      budget: requestBudget(signal, this.timeoutMs),
      what: `pull request #${this.pr.number}`,
      ...(json === undefined ? {} : { json }),
    });
  }
}

/** A stored comment id that answers 404 was deleted by someone: look for the comment again. */
export function editedUnlessGone(edit: Promise<unknown>): Promise<boolean> {
  return edit.then(
    () => true,
    (err: unknown) => {
      if (err instanceof VendorApiError && err.status === 404) return false;
      throw err;
    },
  );
}
