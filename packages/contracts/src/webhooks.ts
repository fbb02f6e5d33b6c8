import { z } from 'zod';
import { AutoDocDetailPart } from './auto-doc-detail.ts';
import { detailParts, fillDetail } from './detail-parts.ts';
import { GitRepoPayload } from './repos.ts';

/** The code hosts that send webhooks, as the PR_INSIGHTS payload names them. */
export const WebhookVendor = z.enum(['github', 'gitlab', 'bitbucket', 'azure']);
export type WebhookVendor = z.infer<typeof WebhookVendor>;

/**
 * Where a pull-request check runs: a code host's pull request, or (`git`) a branch pushed to a
 * plain git remote, checked against the default branch when its post-receive hook reports the
 * push (docs/pr-insights.md, "Plain git remotes").
 */
export const PrCheckVendor = z.enum([...WebhookVendor.options, 'git']);
export type PrCheckVendor = z.infer<typeof PrCheckVendor>;

/**
 * The payload of a `PR_INSIGHTS` job, enqueued for a verified pull / merge request event
 * (opened, synchronize, reopened, updated with new commits) on a known repository.
 * `baseSha` is '' when the vendor's event does not carry it (GitLab's merge request hook):
 * the handler then resolves it from `baseRef`.
 */
export const PullRequestEventPayload = z.object({
  vendor: PrCheckVendor,
  number: z.number().int().positive(),
  title: z.string(),
  headSha: z.string(),
  baseSha: z.string(),
  headRef: z.string(),
  baseRef: z.string(),
  deliveryId: z.string().min(1),
});
export type PullRequestEventPayload = z.infer<typeof PullRequestEventPayload>;

/** What a webhook delivery led to, as stored and shown in the repository settings. */
/** `rejected`: refused before it was handled (a signature that does not match, a replay, an unreadable body), with the reason */
export const WebhookResult = z.enum(['analysis-queued', 'pr-insights-queued', 'ignored', 'ping', 'rejected']);
export type WebhookResult = z.infer<typeof WebhookResult>;

/**
 * What a handled delivery did, as codes with parameters (docs/webhooks.md, "Delivery details in
 * the user's language"): the server words them in English for `detail` (the API, the vendor's
 * delivery log); the web app words them in the interface's language.
 */
export const WEBHOOK_DETAIL_EN = {
  PING: 'ping received: the webhook is set up',
  EVENT_NOT_USED: 'ignored: the event "{{event}}" is not used',
  PR_ACTION_NO_CODE_CHANGE: 'ignored: pull request action "{{action}}" does not change code',
  MR_ACTION_NO_CODE_CHANGE: 'ignored: merge request action "{{action}}" does not change code',
  NOT_DEFAULT_BRANCH: 'ignored: no push to the default branch {{branch}}',
  DEFAULT_BRANCH_DELETED: 'ignored: the default branch {{branch}} was deleted',
  GIT_NO_PULL_REQUESTS: 'ignored: a git hook has no pull requests',
  ANALYSIS_QUEUED: 'push to {{branch}} ({{commit}}): analysis job {{job}} queued',
  DOCS_UPDATE_QUEUED: 'documentation update job {{job}} queued',
  ARCH_DOCS_NEVER_GENERATED: 'no architecture docs update (never generated)',
  API_DOCS_NEVER_GENERATED: 'no API docs update (never generated)',
  ARCH_DOCS_UPDATE_QUEUED: 'architecture docs update job {{job}} queued',
  API_DOCS_UPDATE_QUEUED: 'API docs update job {{job}} queued',
  BRANCH_CHECK_QUEUED: 'check of {{branch}} against {{base}}: job {{job}} queued',
  PR_CHECK_QUEUED: 'pull request #{{number}} ({{name}}): insights job {{job}} queued',
  // a refused delivery's reason (docs/webhooks.md): `proof` is a header's name (or Azure's basic
  // authentication password), `reason` the parser's own sentence, English
  SIGNATURE_MISMATCH: "the {{proof}} does not match this webhook's secret",
  TIMESTAMP_MISSING:
    'the delivery has no X-Docent-Timestamp: install the current post-receive hook (docs/post-receive-hook.sh), which signs the time of each delivery',
  TIMESTAMP_STALE:
    'the delivery was signed more than 5 minutes ago (X-Docent-Timestamp), or the clocks of the git server and Docent differ: it is not handled',
  BODY_REPLAYED:
    'this signed body was already delivered to this webhook within the last 24 hours under another delivery id: it is not handled again',
  UNREADABLE_BODY: '{{reason}}',
} as const;

/** One sentence from the parts' texts, in any language: the first capitalised, the rest after commas. */
export function joinWebhookDetail(texts: readonly string[]): string {
  const joined = texts.join(', ');
  return joined ? `${joined.charAt(0).toUpperCase()}${joined.slice(1)}.` : '';
}

const webhookDetail = detailParts(WEBHOOK_DETAIL_EN, joinWebhookDetail);
export const WebhookDetailCode = webhookDetail.Code;
export type WebhookDetailCode = z.infer<typeof WebhookDetailCode>;
export const WebhookDetailPart = webhookDetail.Part;
export type WebhookDetailPart = z.infer<typeof WebhookDetailPart>;

/** `{{name}}` placeholders filled from `params` (i18next's syntax, so the web's texts read the same). */
export const fillWebhookDetail = fillDetail;

/** The English sentence of a handled delivery's parts (the server's `detail`). */
export const webhookDetailEnglish = webhookDetail.english;

export const WebhookDelivery = z.object({
  deliveryId: z.string(),
  event: z.string(),
  receivedAt: z.string(),
  result: WebhookResult,
  /** one sentence: why it was ignored, which jobs it queued */
  detail: z.string(),
  /** `detail` as codes (null for deliveries stored before migration 0017, and refusals before 0018's release) */
  detailParts: z.array(WebhookDetailPart).nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

/**
 * Automatic documentation updates after a push to the default branch, per doc type: `repo` the
 * code docs (docstrings), `arch` / `api` the architecture and API doc sets (docs/webhooks.md).
 */
export const AutoDocSettings = z.object({ repo: z.boolean(), arch: z.boolean(), api: z.boolean() });
export type AutoDocSettings = z.infer<typeof AutoDocSettings>;

/** What the latest automatic update of an architecture / API doc set did. */
export const AutoDocRunResult = z.enum(['queued', 'regenerated', 'unchanged', 'failed', 'skipped']);
export type AutoDocRunResult = z.infer<typeof AutoDocRunResult>;

export const AutoDocRun = z.object({
  /** the pushed commit it ran for */
  commit: z.string(),
  at: z.string(),
  jobId: z.number().int().nullable(),
  result: AutoDocRunResult,
  /** one sentence: the pages regenerated, why nothing was, or why it failed */
  detail: z.string(),
  /** `detail` as codes, for the user's language (absent on runs stored before they were kept) */
  detailParts: z.array(AutoDocDetailPart).nullish(),
});
export type AutoDocRun = z.infer<typeof AutoDocRun>;

export const AutoDocSetState = z.object({
  /** a doc set of this kind was generated by hand: its options are what automatic updates reuse */
  ready: z.boolean(),
  lastRun: AutoDocRun.nullable(),
});
export type AutoDocSetState = z.infer<typeof AutoDocSetState>;

/**
 * GET /v1/git/repos/webhook: the repository's webhook. The secret is never part of this answer
 * (POST …/webhook/secret reveals it to the owner for a manual set-up).
 */
export const WebhookStatus = z.object({
  /** where the vendor (or the post-receive hook) posts */
  url: z.string(),
  /** vendor: registered through the vendor API; manual: to be pasted by hand (or a git hook) */
  registration: z.enum(['vendor', 'manual']),
  /** why the vendor registration did not happen, when it was tried and failed */
  registrationNote: z.string().nullable(),
  lastDelivery: WebhookDelivery.nullable(),
  autoDocs: AutoDocSettings,
  /** per doc type: can it be updated automatically, and what did the last update do (code docs are always ready) */
  autoDocSets: z.object({ repo: AutoDocSetState, arch: AutoDocSetState, api: AutoDocSetState }),
});
export type WebhookStatus = z.infer<typeof WebhookStatus>;

export const WebhookSecretResponse = z.object({ secret: z.string() });

/** Only the doc types named are changed. */
export const WebhookSettingsRequest = GitRepoPayload.extend({ autoDocs: AutoDocSettings.partial() });

/** One analysis of the repository's history (the trend chart's point). */
export const AnalysisHistoryPoint = z.object({
  jobId: z.number().int().nullable(),
  commit: z.string(),
  analysedAt: z.string(),
  /** documented functions / all functions, 0–100; null when the run had no function analysis */
  documentedShare: z.number().nullable(),
  outdatedCount: z.number().int().nullable(),
  readmeScore: z.number().nullable(),
});
export type AnalysisHistoryPoint = z.infer<typeof AnalysisHistoryPoint>;

export const AnalysisHistoryResponse = z.object({ points: z.array(AnalysisHistoryPoint) });
export type AnalysisHistoryResponse = z.infer<typeof AnalysisHistoryResponse>;

/** a shell word that stands for `value` exactly: single-quoted, with each `'` closed, escaped and reopened */
const shellQuote = (value: string): string => `'${value.replaceAll("'", `'\\''`)}'`;

/**
 * The documented post-receive hook (docs/post-receive-hook.sh) with one repository's webhook URL
 * and secret written in, for the Settings tab's download: the two `git config` reads become
 * assignments, so the file works as downloaded. Throws when the template no longer has those reads.
 */
export function filledPostReceiveHook(template: string, url: string, secret: string): string {
  const reads: Array<[RegExp, string]> = [
    [/^url=\$\(git config --get docent\.webhookUrl\) \|\| exit 0$/m, `url=${shellQuote(url)}`],
    [/^secret=\$\(git config --get docent\.webhookSecret\) \|\| exit 0$/m, `secret=${shellQuote(secret)}`],
  ];
  let script = template;
  for (const [read, assignment] of reads) {
    if (!read.test(script)) throw new Error('the post-receive hook template no longer reads its settings with git config');
    script = script.replace(read, assignment);
  }
  return script.replace(
    /^# Install it as hooks\/post-receive[\s\S]*?'<the secret from the repository settings>'\n/m,
    "# This copy has its repository's webhook URL and secret written in: install it as\n# hooks/post-receive of the bare repository, readable by the git user only (chmod 700).\n",
  );
}
