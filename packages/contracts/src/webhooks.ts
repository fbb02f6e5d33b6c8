import { z } from 'zod';
import { BuiltDocType } from './docgen.ts';
import { GitRepoPayload } from './repos.ts';

/** The code hosts that send webhooks, as the PR_INSIGHTS payload names them. */
export const WebhookVendor = z.enum(['github', 'gitlab', 'bitbucket', 'azure']);
export type WebhookVendor = z.infer<typeof WebhookVendor>;

/**
 * The payload of a `PR_INSIGHTS` job, enqueued for a verified pull / merge request event
 * (opened, synchronize, reopened, updated with new commits) on a known repository.
 * `baseSha` is '' when the vendor's event does not carry it (GitLab's merge request hook):
 * the handler then resolves it from `baseRef`.
 */
export const PullRequestEventPayload = z.object({
  vendor: WebhookVendor,
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
export const WebhookResult = z.enum(['analysis-queued', 'pr-insights-queued', 'ignored', 'ping']);
export type WebhookResult = z.infer<typeof WebhookResult>;

export const WebhookDelivery = z.object({
  deliveryId: z.string(),
  event: z.string(),
  receivedAt: z.string(),
  result: WebhookResult,
  /** one sentence: why it was ignored, which jobs it queued */
  detail: z.string(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

/** Automatic documentation updates after a push to the default branch, per built doc type. */
export const AutoDocSettings = z.record(BuiltDocType, z.boolean());
export type AutoDocSettings = z.infer<typeof AutoDocSettings>;

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
});
export type WebhookStatus = z.infer<typeof WebhookStatus>;

export const WebhookSecretResponse = z.object({ secret: z.string() });

export const WebhookSettingsRequest = GitRepoPayload.extend({ autoDocs: AutoDocSettings });

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
