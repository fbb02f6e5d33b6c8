import { VENDOR_LABEL } from '../hosted-types.ts';
import { editedUnlessGone, JsonReporter, type PrReporter, type StatusVia, type StoredComment } from '../pr-reporter.ts';
import { bitbucketAuthHeaders, bitbucketRepoUrl } from './api.ts';
import { COMMENT_MARKER, STATUS_CONTEXT, type CommitState } from '../../insights/comment.ts';

/** Bitbucket's word for a commit state. */
const BITBUCKET_STATE = { pending: 'INPROGRESS', success: 'SUCCESSFUL', failure: 'FAILED', error: 'FAILED' } as const;

/** Bitbucket Cloud: pull-request comments and the commit's build status. */
export class BitbucketReporter extends JsonReporter implements PrReporter {
  readonly label = VENDOR_LABEL.BITBUCKET;
  readonly postSuggestions = null;
  protected headers(): Record<string, string> {
    return bitbucketAuthHeaders(this.cred);
  }
  private get repo() {
    return bitbucketRepoUrl(this.cred, this.pr);
  }

  async upsertComment(body: string, known: StoredComment, signal?: AbortSignal) {
    const comments = `${this.repo}/pullrequests/${this.pr.number}/comments`;
    if (known.commentId) {
      const ok = await editedUnlessGone(
        this.req('PUT', `${comments}/${encodeURIComponent(known.commentId)}`, { content: { raw: body } }, signal),
      );
      if (ok) return { commentId: known.commentId, threadId: null, created: false };
    }
    let url: string | undefined = `${comments}?pagelen=100`;
    for (let page = 0; url && page < 20; page++) {
      const { data }: { data: { values?: Array<{ id: number; content?: { raw?: string }; deleted?: boolean }>; next?: string } } =
        await this.req('GET', url, undefined, signal);
      const mine = (data.values ?? []).find((c) => !c.deleted && c.content?.raw?.includes(COMMENT_MARKER));
      if (mine) {
        await this.req('PUT', `${comments}/${mine.id}`, { content: { raw: body } }, signal);
        return { commentId: String(mine.id), threadId: null, created: false };
      }
      url = data.next && new URL(data.next).origin === new URL(comments).origin ? data.next : undefined;
    }
    const { data } = await this.req<{ id: number }>('POST', comments, { content: { raw: body } }, signal);
    return { commentId: String(data.id), threadId: null, created: true };
  }

  async setStatus(sha: string, verdict: CommitState, targetUrl: string, signal?: AbortSignal): Promise<StatusVia> {
    await this.req(
      'POST',
      `${this.repo}/commit/${sha}/statuses/build`,
      {
        key: STATUS_CONTEXT.replace('/', '-'),
        state: BITBUCKET_STATE[verdict.state],
        name: 'Docent documentation',
        description: verdict.description.slice(0, 255),
        url: targetUrl,
      },
      signal,
    );
    return 'status';
  }
}
