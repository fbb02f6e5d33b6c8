import {
  editedUnlessGone,
  intro,
  JsonReporter,
  suggestionKey,
  type PrReporter,
  type StatusVia,
  type StoredComment,
} from '../pr-reporter.ts';
import { VENDOR_LABEL } from '../hosted-types.ts';
import { gitlabAuthHeaders, gitlabProjectUrl } from './api.ts';
import { COMMENT_MARKER, STATUS_CONTEXT, suggestionBlock, type CommitState } from '../../insights/comment.ts';
import type { Suggestion } from '../../insights/change.ts';

/** GitLab's word for a commit state. */
const GITLAB_STATE = { pending: 'running', success: 'success', failure: 'failed', error: 'failed' } as const;

/** GitLab: merge-request notes, commit status, and discussions with suggestion blocks. */
export class GitLabReporter extends JsonReporter implements PrReporter {
  readonly label = VENDOR_LABEL.GITLAB;
  protected headers(): Record<string, string> {
    return gitlabAuthHeaders(this.cred);
  }
  private get project() {
    return gitlabProjectUrl(this.cred, this.pr);
  }
  private get mr() {
    return `${this.project}/merge_requests/${this.pr.number}`;
  }

  async upsertComment(body: string, known: StoredComment, signal?: AbortSignal) {
    if (known.commentId) {
      const ok = await editedUnlessGone(this.req('PUT', `${this.mr}/notes/${encodeURIComponent(known.commentId)}`, { body }, signal));
      if (ok) return { commentId: known.commentId, threadId: null, created: false };
    }
    for (let page = 1; page <= 20; page++) {
      const { data, headers } = await this.req<Array<{ id: number; body: string }>>(
        'GET',
        `${this.mr}/notes?per_page=100&sort=asc&order_by=created_at&page=${page}`,
        undefined,
        signal,
      );
      const mine = Array.isArray(data) ? data.find((n) => typeof n.body === 'string' && n.body.includes(COMMENT_MARKER)) : undefined;
      if (mine) {
        await this.req('PUT', `${this.mr}/notes/${mine.id}`, { body }, signal);
        return { commentId: String(mine.id), threadId: null, created: false };
      }
      if (!headers.get('x-next-page')) break;
    }
    const { data } = await this.req<{ id: number }>('POST', `${this.mr}/notes`, { body }, signal);
    return { commentId: String(data.id), threadId: null, created: true };
  }

  async setStatus(sha: string, verdict: CommitState, targetUrl: string, signal?: AbortSignal): Promise<StatusVia> {
    await this.req(
      'POST',
      `${this.project}/statuses/${sha}`,
      { state: GITLAB_STATE[verdict.state], name: STATUS_CONTEXT, description: verdict.description.slice(0, 255), target_url: targetUrl },
      signal,
    );
    return 'status';
  }

  postSuggestions = async (
    suggestions: readonly Suggestion[],
    shas: { head: string; base: string; mergeBase: string },
    signal?: AbortSignal,
  ): Promise<number> => {
    if (suggestions.length === 0) return 0;
    const posted = new Set<string>();
    for (let page = 1; page <= 20; page++) {
      const { data, headers } = await this.req<Array<{ notes?: Array<{ body?: string }> }>>(
        'GET',
        `${this.mr}/discussions?per_page=100&page=${page}`,
        undefined,
        signal,
      );
      for (const d of Array.isArray(data) ? data : [])
        for (const n of d.notes ?? []) {
          const key = /<!-- docent:suggestion [^>]*-->/.exec(n.body ?? '')?.[0];
          if (key) posted.add(key);
        }
      if (!headers.get('x-next-page')) break;
    }
    let count = 0;
    for (const s of suggestions) {
      // a note positioned by new_line alone must sit on an added or modified line
      if (!s.onChangedLines || posted.has(suggestionKey(s))) continue;
      await this.req(
        'POST',
        `${this.mr}/discussions`,
        {
          body: suggestionBlock(`suggestion:-0+${s.endLine - s.startLine}`, s.lines, intro(s)),
          position: {
            position_type: 'text',
            base_sha: shas.mergeBase,
            start_sha: shas.base,
            head_sha: shas.head,
            new_path: s.path,
            new_line: s.startLine,
          },
        },
        signal,
      );
      count++;
    }
    return count;
  };
}
