import { VENDOR_LABEL } from '../hosted-types.ts';
import { editedUnlessGone, JsonReporter, type PrReporter, type StatusVia, type StoredComment } from '../pr-reporter.ts';
import { azureAuthHeaders, azureCollection, splitAzureRepoName } from './api.ts';
import { COMMENT_MARKER, type CommitState } from '../../insights/comment.ts';

/** Azure DevOps' word for a commit state. */
const AZURE_STATE = { pending: 'pending', success: 'succeeded', failure: 'failed', error: 'error' } as const;

/** Azure DevOps: a pull-request thread (its first comment is edited in place) and a pull-request status. */
export class AzureReporter extends JsonReporter implements PrReporter {
  readonly label = VENDOR_LABEL.AZUREDEVOPS;
  readonly postSuggestions = null;
  protected headers(): Record<string, string> {
    return azureAuthHeaders(this.cred);
  }
  private get pullRequest() {
    const org = this.pr.organizationName || this.cred.organization || '';
    const { project, repository } = splitAzureRepoName(this.pr.repoName);
    return `${azureCollection(this.cred, org)}/${project}/_apis/git/repositories/${repository}/pullRequests/${this.pr.number}`;
  }

  async upsertComment(body: string, known: StoredComment, signal?: AbortSignal) {
    const v = 'api-version=7.1';
    if (known.threadId && known.commentId) {
      const ok = await editedUnlessGone(
        this.req(
          'PATCH',
          `${this.pullRequest}/threads/${encodeURIComponent(known.threadId)}/comments/${encodeURIComponent(known.commentId)}?${v}`,
          { content: body },
          signal,
        ),
      );
      if (ok) return { ...known, created: false };
    }
    const { data } = await this.req<{
      value?: Array<{ id: number; isDeleted?: boolean; comments?: Array<{ id: number; content?: string; isDeleted?: boolean }> }>;
    }>('GET', `${this.pullRequest}/threads?${v}`, undefined, signal);
    for (const thread of data.value ?? []) {
      if (thread.isDeleted) continue;
      const mine = (thread.comments ?? []).find((c) => !c.isDeleted && c.content?.includes(COMMENT_MARKER));
      if (mine) {
        await this.req('PATCH', `${this.pullRequest}/threads/${thread.id}/comments/${mine.id}?${v}`, { content: body }, signal);
        return { threadId: String(thread.id), commentId: String(mine.id), created: false };
      }
    }
    // status 1 = active; commentType 1 = text
    const created = await this.req<{ id: number; comments?: Array<{ id: number }> }>(
      'POST',
      `${this.pullRequest}/threads?${v}`,
      { comments: [{ parentCommentId: 0, content: body, commentType: 1 }], status: 1 },
      signal,
    );
    return { threadId: String(created.data.id), commentId: String(created.data.comments?.[0]?.id ?? 1), created: true };
  }

  async setStatus(_sha: string, verdict: CommitState, targetUrl: string, signal?: AbortSignal): Promise<StatusVia> {
    await this.req(
      'POST',
      `${this.pullRequest}/statuses?api-version=7.1`,
      {
        state: AZURE_STATE[verdict.state],
        description: verdict.description,
        context: { name: 'documentation', genre: 'docent' },
        targetUrl,
      },
      signal,
    );
    return 'status';
  }
}
