import type { Octokit } from '@octokit/rest';
import { DEFAULT_TIMEOUT_MS, VENDOR_LABEL, VendorApiError, type VendorCredential } from '../hosted-types.ts';
import { editedUnlessGone, intro, suggestionKey, type PrRef, type PrReporter, type StatusVia, type StoredComment } from '../pr-reporter.ts';
import { withOctokit } from './octokit.ts';
import { COMMENT_MARKER, STATUS_CONTEXT, suggestionBlock, type CommitState } from '../../insights/comment.ts';
import type { Suggestion } from '../../insights/change.ts';

/** The Checks API's output.summary limit (65535 characters). */
const CHECK_SUMMARY_MAX = 65_535;

/** GitHub (github.com or Enterprise) through Octokit, every request through the outbound policy. */
export class GitHubReporter implements PrReporter {
  readonly label = VENDOR_LABEL.GITHUB;
  constructor(
    private readonly cred: VendorCredential,
    private readonly pr: PrRef,
    private readonly timeoutMs = DEFAULT_TIMEOUT_MS,
  ) {}

  private call<T>(signal: AbortSignal | undefined, what: string, work: (o: Octokit) => Promise<T>): Promise<T> {
    return withOctokit(this.cred, signal, this.timeoutMs, what, work);
  }

  private get ids() {
    return { owner: this.pr.organizationName, repo: this.pr.repoName };
  }

  async upsertComment(body: string, known: StoredComment, signal?: AbortSignal) {
    const what = `pull request #${this.pr.number}`;
    if (known.commentId) {
      const edited = await editedUnlessGone(
        this.call(signal, what, (o) => o.rest.issues.updateComment({ ...this.ids, comment_id: Number(known.commentId), body })),
      );
      if (edited) return { commentId: known.commentId, threadId: null, created: false };
    }
    const comments = await this.call(signal, what, (o) =>
      o.paginate(o.rest.issues.listComments, { ...this.ids, issue_number: this.pr.number, per_page: 100 }),
    );
    const mine = comments.find((c) => c.body?.includes(COMMENT_MARKER));
    if (mine) {
      await this.call(signal, what, (o) => o.rest.issues.updateComment({ ...this.ids, comment_id: mine.id, body }));
      return { commentId: String(mine.id), threadId: null, created: false };
    }
    const { data } = await this.call(signal, what, (o) => o.rest.issues.createComment({ ...this.ids, issue_number: this.pr.number, body }));
    return { commentId: String(data.id), threadId: null, created: true };
  }

  /**
   * With a GitHub App installation token: the check run named STATUS_CONTEXT on the head commit,
   * edited in place when this commit has one (PATCH), else created (POST). A personal or OAuth
   * token cannot write check runs (GitHub answers 403), so it sets the commit status; so does an
   * App whose installation lacks the checks:write permission (the same 403).
   */
  async setStatus(sha: string, verdict: CommitState, targetUrl: string, signal?: AbortSignal, summary?: string): Promise<StatusVia> {
    const what = `commit ${sha.slice(0, 12)}`;
    let via: StatusVia = 'status';
    if (this.cred.kind === 'app-installation') {
      try {
        await this.setCheckRun(sha, verdict, targetUrl, summary ?? verdict.description, signal);
        return 'check-run';
      } catch (err) {
        if (!(err instanceof VendorApiError && err.status === 403)) throw err;
        via = 'status-after-403';
      }
    }
    await this.call(signal, what, (o) =>
      o.rest.repos.createCommitStatus({
        ...this.ids,
        sha,
        state: verdict.state,
        description: verdict.description.slice(0, 140),
        context: STATUS_CONTEXT,
        target_url: targetUrl,
      }),
    );
    return via;
  }

  private async setCheckRun(sha: string, verdict: CommitState, detailsUrl: string, summary: string, signal?: AbortSignal): Promise<void> {
    const what = `commit ${sha.slice(0, 12)}`;
    const output = {
      title: verdict.description.slice(0, 255),
      summary: summary.length > CHECK_SUMMARY_MAX ? `${summary.slice(0, CHECK_SUMMARY_MAX - 1)}…` : summary,
    };
    // A check run in progress has no conclusion yet; one that could not finish failed.
    const done =
      verdict.state === 'pending'
        ? { status: 'in_progress' as const, details_url: detailsUrl, output }
        : {
            status: 'completed' as const,
            conclusion: verdict.state === 'error' ? ('failure' as const) : verdict.state,
            completed_at: new Date().toISOString(),
            details_url: detailsUrl,
            output,
          };
    const { data } = await this.call(signal, what, (o) =>
      o.rest.checks.listForRef({ ...this.ids, ref: sha, check_name: STATUS_CONTEXT, filter: 'latest', per_page: 100 }),
    );
    const mine = (data.check_runs ?? []).find((c) => c.name === STATUS_CONTEXT && c.head_sha === sha);
    if (mine) {
      await this.call(signal, what, (o) => o.rest.checks.update({ ...this.ids, check_run_id: mine.id, ...done }));
      return;
    }
    await this.call(signal, what, (o) => o.rest.checks.create({ ...this.ids, name: STATUS_CONTEXT, head_sha: sha, ...done }));
  }

  /** One review (event COMMENT) on the head commit holding every new suggestion as a review comment. */
  postSuggestions = async (suggestions: readonly Suggestion[], shas: { head: string }, signal?: AbortSignal): Promise<number> => {
    if (suggestions.length === 0) return 0;
    const what = `pull request #${this.pr.number}`;
    const existing = await this.call(signal, what, (o) =>
      o.paginate(o.rest.pulls.listReviewComments, { ...this.ids, pull_number: this.pr.number, per_page: 100 }),
    );
    const posted = new Set(existing.map((c) => /<!-- docent:suggestion [^>]*-->/.exec(c.body ?? '')?.[0]).filter(Boolean));
    // A review comment must sit on a line of the diff, or GitHub refuses the whole review.
    const fresh = suggestions.filter((s) => s.inDiff && !posted.has(suggestionKey(s)));
    if (fresh.length === 0) return 0;
    await this.call(signal, what, (o) =>
      o.rest.pulls.createReview({
        ...this.ids,
        pull_number: this.pr.number,
        commit_id: shas.head,
        event: 'COMMENT',
        body: `Docent suggests docstrings for ${fresh.length} undocumented function(s) this change adds or modifies. Each can be applied with one click. ${COMMENT_MARKER.replace('pr-insights', 'pr-review')}`,
        comments: fresh.map((s) => ({
          path: s.path,
          line: s.endLine,
          side: 'RIGHT' as const,
          ...(s.startLine < s.endLine ? { start_line: s.startLine, start_side: 'RIGHT' as const } : {}),
          body: suggestionBlock('suggestion', s.lines, intro(s)),
        })),
      }),
    );
    return fresh.length;
  };
}
