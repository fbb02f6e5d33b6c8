/**
 * Reporting a pull request's documentation check to its code host, through each vendor's
 * documented REST API with the repository's connection token:
 * - the comment, edited in place (found by its stored id, else by COMMENT_MARKER, else created);
 * - the commit status (GitHub statuses, GitLab commit status, Bitbucket build status, Azure
 *   DevOps pull-request status); on GitHub with a GitHub App installation token a check run
 *   instead (Checks API, which only Apps may write), falling back to the status on a 403;
 * - suggested docstrings as review suggestions where the vendor has them (GitHub review comments
 *   with ```suggestion blocks, GitLab MR discussions with ```suggestion:-0+0).
 * Every failure is a VendorApiError; callers log its HTTP status only.
 */
import { Octokit } from '@octokit/rest';
import { policyFetch } from '../net/outbound.ts';
import {
  DEFAULT_TIMEOUT_MS,
  VendorApiError,
  failureBeforeAnswer,
  requestBudget,
  trimBase,
  vendorErrorFromAnswer,
  vendorRequest,
  type RequestBudget,
  type VendorCredential,
  type VendorRequest,
} from '../vendors/hosted-types.ts';
import { gitlabApiRoot } from '../vendors/gitlab/gitlab-adapter.ts';
import { COMMENT_MARKER, STATUS_CONTEXT, suggestionBlock, type CommitState } from './comment.ts';
import type { Suggestion } from './change.ts';

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

/** Each vendor's word for a commit state (GitHub's commit statuses use ours). */
const GITLAB_STATE = { pending: 'running', success: 'success', failure: 'failed', error: 'failed' } as const;
const BITBUCKET_STATE = { pending: 'INPROGRESS', success: 'SUCCESSFUL', failure: 'FAILED', error: 'FAILED' } as const;
const AZURE_STATE = { pending: 'pending', success: 'succeeded', failure: 'failed', error: 'error' } as const;

/** The Checks API's output.summary limit (65535 characters). */
const CHECK_SUMMARY_MAX = 65_535;

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
  postSuggestions: ((s: readonly Suggestion[], shas: { head: string; base: string; mergeBase: string }, signal?: AbortSignal) => Promise<number>) | null;
}

const silentLog = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

/** The hidden key of one suggestion: a later push does not post the same suggestion again. */
export const suggestionKey = (s: Pick<Suggestion, 'path' | 'name'>) => `<!-- docent:suggestion ${encodeURIComponent(s.path)} ${encodeURIComponent(s.name)} -->`;
const intro = (s: Suggestion) => `Docent suggests a docstring for \`${s.name.replace(/`/g, "'")}\`. ${suggestionKey(s)}`;

function isOctokitHttpError(err: unknown): err is { status: number; response?: { headers: Record<string, string | number | undefined>; data: unknown } } {
  return !!err && typeof err === 'object' && typeof (err as { status?: unknown }).status === 'number';
}

/** GitHub (github.com or Enterprise) through Octokit, every request through the outbound policy. */
export class GitHubReporter implements PrReporter {
  readonly label = 'GitHub';
  constructor(
    private readonly cred: VendorCredential,
    private readonly pr: PrRef,
    private readonly timeoutMs = DEFAULT_TIMEOUT_MS,
  ) {}

  private async call<T>(signal: AbortSignal | undefined, what: string, work: (o: Octokit) => Promise<T>): Promise<T> {
    let last: RequestBudget = requestBudget(signal, this.timeoutMs);
    const octokit = new Octokit({
      auth: this.cred.token,
      baseUrl: trimBase(this.cred.baseUrl ?? 'https://api.github.com'),
      userAgent: 'Docent',
      log: silentLog,
      request: {
        fetch: (url: string, init: RequestInit) => {
          last = requestBudget(signal, this.timeoutMs);
          return policyFetch(url, { ...(init as object), signal: last.signal }) as unknown as Promise<Response>;
        },
      },
    });
    try {
      return await work(octokit);
    } catch (err) {
      if (err instanceof VendorApiError) throw err;
      if (isOctokitHttpError(err) && err.response) {
        const h = new Headers();
        for (const [k, v] of Object.entries(err.response.headers)) if (v !== undefined) h.set(k, String(v));
        throw vendorErrorFromAnswer(this.label, err.status, h, err.response.data, this.cred.token, what);
      }
      throw failureBeforeAnswer(this.label, err, last, this.cred.token);
    }
  }

  private get ids() {
    return { owner: this.pr.organizationName, repo: this.pr.repoName };
  }

  async upsertComment(body: string, known: StoredComment, signal?: AbortSignal) {
    const what = `pull request #${this.pr.number}`;
    if (known.commentId) {
      const edited = await this.call(signal, what, (o) => o.rest.issues.updateComment({ ...this.ids, comment_id: Number(known.commentId), body })).then(
        () => true,
        (err: unknown) => {
          if (err instanceof VendorApiError && err.status === 404) return false; // deleted by someone: look again
          throw err;
        },
      );
      if (edited) return { commentId: known.commentId, threadId: null, created: false };
    }
    const comments = await this.call(signal, what, (o) => o.paginate(o.rest.issues.listComments, { ...this.ids, issue_number: this.pr.number, per_page: 100 }));
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
      o.rest.repos.createCommitStatus({ ...this.ids, sha, state: verdict.state, description: verdict.description.slice(0, 140), context: STATUS_CONTEXT, target_url: targetUrl }),
    );
    return via;
  }

  private async setCheckRun(sha: string, verdict: CommitState, detailsUrl: string, summary: string, signal?: AbortSignal): Promise<void> {
    const what = `commit ${sha.slice(0, 12)}`;
    const output = { title: verdict.description.slice(0, 255), summary: summary.length > CHECK_SUMMARY_MAX ? `${summary.slice(0, CHECK_SUMMARY_MAX - 1)}…` : summary };
    // A check run in progress has no conclusion yet; one that could not finish failed.
    const done =
      verdict.state === 'pending'
        ? { status: 'in_progress' as const, details_url: detailsUrl, output }
        : { status: 'completed' as const, conclusion: verdict.state === 'error' ? ('failure' as const) : verdict.state, completed_at: new Date().toISOString(), details_url: detailsUrl, output };
    const { data } = await this.call(signal, what, (o) => o.rest.checks.listForRef({ ...this.ids, ref: sha, check_name: STATUS_CONTEXT, filter: 'latest', per_page: 100 }));
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
    const existing = await this.call(signal, what, (o) => o.paginate(o.rest.pulls.listReviewComments, { ...this.ids, pull_number: this.pr.number, per_page: 100 }));
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

/** Shared by the three vendors reached with plain JSON requests. */
abstract class JsonReporter {
  abstract readonly label: string;
  constructor(
    protected readonly cred: VendorCredential,
    protected readonly pr: PrRef,
    protected readonly timeoutMs = DEFAULT_TIMEOUT_MS,
  ) {}
  protected abstract headers(): Record<string, string>;
  protected req<T>(method: NonNullable<VendorRequest['method']>, url: string, json?: unknown, signal?: AbortSignal) {
    return vendorRequest<T>({ label: this.label, method, url, token: this.cred.token, headers: this.headers(), budget: requestBudget(signal, this.timeoutMs), what: `pull request #${this.pr.number}`, ...(json === undefined ? {} : { json }) });
  }
}

/** GitLab: merge-request notes, commit status, and discussions with suggestion blocks. */
export class GitLabReporter extends JsonReporter implements PrReporter {
  readonly label = 'GitLab';
  protected headers(): Record<string, string> {
    return this.cred.kind === 'oauth' ? { authorization: `Bearer ${this.cred.token}` } : { 'private-token': this.cred.token };
  }
  private get project() {
    return `${gitlabApiRoot(this.cred)}/projects/${encodeURIComponent(`${this.pr.organizationName}/${this.pr.repoName}`)}`;
  }
  private get mr() {
    return `${this.project}/merge_requests/${this.pr.number}`;
  }

  async upsertComment(body: string, known: StoredComment, signal?: AbortSignal) {
    if (known.commentId) {
      const ok = await this.req('PUT', `${this.mr}/notes/${encodeURIComponent(known.commentId)}`, { body }, signal).then(
        () => true,
        (err: unknown) => {
          if (err instanceof VendorApiError && err.status === 404) return false;
          throw err;
        },
      );
      if (ok) return { commentId: known.commentId, threadId: null, created: false };
    }
    for (let page = 1; page <= 20; page++) {
      const { data, headers } = await this.req<Array<{ id: number; body: string }>>('GET', `${this.mr}/notes?per_page=100&sort=asc&order_by=created_at&page=${page}`, undefined, signal);
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
    await this.req('POST', `${this.project}/statuses/${sha}`, { state: GITLAB_STATE[verdict.state], name: STATUS_CONTEXT, description: verdict.description.slice(0, 255), target_url: targetUrl }, signal);
    return 'status';
  }

  postSuggestions = async (suggestions: readonly Suggestion[], shas: { head: string; base: string; mergeBase: string }, signal?: AbortSignal): Promise<number> => {
    if (suggestions.length === 0) return 0;
    const posted = new Set<string>();
    for (let page = 1; page <= 20; page++) {
      const { data, headers } = await this.req<Array<{ notes?: Array<{ body?: string }> }>>('GET', `${this.mr}/discussions?per_page=100&page=${page}`, undefined, signal);
      for (const d of Array.isArray(data) ? data : []) for (const n of d.notes ?? []) {
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
          position: { position_type: 'text', base_sha: shas.mergeBase, start_sha: shas.base, head_sha: shas.head, new_path: s.path, new_line: s.startLine },
        },
        signal,
      );
      count++;
    }
    return count;
  };
}

/** Bitbucket Cloud: pull-request comments and the commit's build status. */
export class BitbucketReporter extends JsonReporter implements PrReporter {
  readonly label = 'Bitbucket';
  readonly postSuggestions = null;
  protected headers(): Record<string, string> {
    if (this.cred.username) return { authorization: `Basic ${Buffer.from(`${this.cred.username}:${this.cred.token}`).toString('base64')}` };
    return { authorization: `Bearer ${this.cred.token}` };
  }
  private get repo() {
    return `${trimBase(this.cred.baseUrl ?? 'https://api.bitbucket.org')}/2.0/repositories/${encodeURIComponent(this.pr.organizationName)}/${encodeURIComponent(this.pr.repoName)}`;
  }

  async upsertComment(body: string, known: StoredComment, signal?: AbortSignal) {
    const comments = `${this.repo}/pullrequests/${this.pr.number}/comments`;
    if (known.commentId) {
      const ok = await this.req('PUT', `${comments}/${encodeURIComponent(known.commentId)}`, { content: { raw: body } }, signal).then(
        () => true,
        (err: unknown) => {
          if (err instanceof VendorApiError && err.status === 404) return false;
          throw err;
        },
      );
      if (ok) return { commentId: known.commentId, threadId: null, created: false };
    }
    let url: string | undefined = `${comments}?pagelen=100`;
    for (let page = 0; url && page < 20; page++) {
      const { data }: { data: { values?: Array<{ id: number; content?: { raw?: string }; deleted?: boolean }>; next?: string } } = await this.req('GET', url, undefined, signal);
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
      { key: STATUS_CONTEXT.replace('/', '-'), state: BITBUCKET_STATE[verdict.state], name: 'Docent documentation', description: verdict.description.slice(0, 255), url: targetUrl },
      signal,
    );
    return 'status';
  }
}

/** Azure DevOps: a pull-request thread (its first comment is edited in place) and a pull-request status. */
export class AzureReporter extends JsonReporter implements PrReporter {
  readonly label = 'Azure DevOps';
  readonly postSuggestions = null;
  protected headers(): Record<string, string> {
    if (this.cred.kind === 'oauth') return { authorization: `Bearer ${this.cred.token}` };
    return { authorization: `Basic ${Buffer.from(`:${this.cred.token}`).toString('base64')}` };
  }
  private get pullRequest() {
    const org = this.pr.organizationName || this.cred.organization || '';
    const collection = this.cred.baseUrl ? trimBase(this.cred.baseUrl) : `https://dev.azure.com/${encodeURIComponent(org)}`;
    const slash = this.pr.repoName.indexOf('/');
    if (slash <= 0) throw new VendorApiError(400, this.label, `${this.label} repositories are named "project/repository".`, 'not-found');
    const project = encodeURIComponent(this.pr.repoName.slice(0, slash));
    const repository = encodeURIComponent(this.pr.repoName.slice(slash + 1));
    return `${collection}/${project}/_apis/git/repositories/${repository}/pullRequests/${this.pr.number}`;
  }

  async upsertComment(body: string, known: StoredComment, signal?: AbortSignal) {
    const v = 'api-version=7.1';
    if (known.threadId && known.commentId) {
      const ok = await this.req('PATCH', `${this.pullRequest}/threads/${encodeURIComponent(known.threadId)}/comments/${encodeURIComponent(known.commentId)}?${v}`, { content: body }, signal).then(
        () => true,
        (err: unknown) => {
          if (err instanceof VendorApiError && err.status === 404) return false;
          throw err;
        },
      );
      if (ok) return { ...known, created: false };
    }
    const { data } = await this.req<{ value?: Array<{ id: number; isDeleted?: boolean; comments?: Array<{ id: number; content?: string; isDeleted?: boolean }> }> }>('GET', `${this.pullRequest}/threads?${v}`, undefined, signal);
    for (const thread of data.value ?? []) {
      if (thread.isDeleted) continue;
      const mine = (thread.comments ?? []).find((c) => !c.isDeleted && c.content?.includes(COMMENT_MARKER));
      if (mine) {
        await this.req('PATCH', `${this.pullRequest}/threads/${thread.id}/comments/${mine.id}?${v}`, { content: body }, signal);
        return { threadId: String(thread.id), commentId: String(mine.id), created: false };
      }
    }
    // status 1 = active; commentType 1 = text
    const created = await this.req<{ id: number; comments?: Array<{ id: number }> }>('POST', `${this.pullRequest}/threads?${v}`, { comments: [{ parentCommentId: 0, content: body, commentType: 1 }], status: 1 }, signal);
    return { threadId: String(created.data.id), commentId: String(created.data.comments?.[0]?.id ?? 1), created: true };
  }

  async setStatus(_sha: string, verdict: CommitState, targetUrl: string, signal?: AbortSignal): Promise<StatusVia> {
    await this.req(
      'POST',
      `${this.pullRequest}/statuses?api-version=7.1`,
      { state: AZURE_STATE[verdict.state], description: verdict.description, context: { name: 'documentation', genre: 'docent' }, targetUrl },
      signal,
    );
    return 'status';
  }
}

export function reporterFor(vendor: string, cred: VendorCredential, pr: PrRef): PrReporter {
  switch (vendor) {
    case 'GITHUB':
      return new GitHubReporter(cred, pr);
    case 'GITLAB':
      return new GitLabReporter(cred, pr);
    case 'BITBUCKET':
      return new BitbucketReporter(cred, pr);
    case 'AZUREDEVOPS':
      return new AzureReporter(cred, pr);
    default:
      throw new Error(`No pull-request reporting for ${vendor}.`);
  }
}
