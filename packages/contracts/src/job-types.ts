import { z } from 'zod';
import { ArchDocConfig, type DocSetKind } from './archdocs.ts';
import { CodeDocsDelivery, LanguageStyle } from './docgen.ts';
import type { AnalysisType } from './enums.ts';
import { PullRequestEventPayload } from './webhooks.ts';

/**
 * Every job type the server writes, in the order the jobs page's Type filter lists them. The
 * server's handler map (apps/server/src/jobs/registry.ts), the routes that queue jobs and the
 * web app's labels and filter are all derived from this one list.
 */
export const JOB_TYPES = [
  'ANALYSIS',
  'ANALYSIS_BASICDOC',
  'ANALYSIS_ADVANCEDDOC',
  'ANALYSIS_README',
  'DOC_REPO',
  'DOC_ARCH',
  'DOC_API',
  'PR_INSIGHTS',
] as const;
export const JobType = z.enum(JOB_TYPES);
export type JobType = z.infer<typeof JobType>;

/** The job type an analysis of each type runs as (the full analysis is plain `ANALYSIS`). */
export const ANALYSIS_JOB_TYPE = {
  coverage: 'ANALYSIS',
  basicDoc: 'ANALYSIS_BASICDOC',
  advancedDoc: 'ANALYSIS_ADVANCEDDOC',
  readme: 'ANALYSIS_README',
} as const satisfies Record<AnalysisType, JobType>;

/** The job type of each doc-set kind (architecture / API docs). */
export const DOC_SET_JOB_TYPE = { arch: 'DOC_ARCH', api: 'DOC_API' } as const satisfies Record<DocSetKind, JobType>;

/**
 * A push to the default branch that queued an automatic update. Its commits are kept as the
 * webhook gave them: the handler checks each as a git object id before git sees it, and names
 * the field that was not one (docs/security.md).
 */
export const AutoUpdateTrigger = z.object({
  before: z.string().max(200),
  after: z.string().max(200),
  deliveryId: z.string().max(200),
});
export type AutoUpdateTrigger = z.infer<typeof AutoUpdateTrigger>;

/**
 * An analysis job: its type (the job type already says it; kept for the stored rows), and, when a
 * push queued it, the webhook delivery and the pushed commit.
 */
const analysisPayload = <T extends AnalysisType>(type: T) =>
  z.object({
    analysisType: z.literal(type).default(type),
    trigger: z.literal('webhook').optional(),
    deliveryId: z.string().max(200).optional(),
    commit: z.string().max(200).optional(),
  });

/** A code-docs (docstrings) job: the styles chosen, the free plan's file limit (null: no limit), and the push of an automatic update. */
export const DocRepoJobPayload = z.object({
  languages: z.array(LanguageStyle).max(20),
  fileLimit: z.number().int().positive().nullable(),
  /** the user's explicit choice (docs/consent.md); absent in jobs queued before it existed: patch */
  delivery: CodeDocsDelivery.optional(),
  auto: AutoUpdateTrigger.optional(),
});
export type DocRepoJobPayload = z.infer<typeof DocRepoJobPayload>;

const docSetPayload = <K extends DocSetKind>(kind: K) =>
  z.object({
    kind: z.literal(kind),
    config: ArchDocConfig,
    /** set when a push queued the job (automatic updates): the set is built at `auto.after` */
    auto: AutoUpdateTrigger.optional(),
  });

/** The payload schema of each job type: what a job of that type carries from the route that queued it to its handler. */
export const JOB_PAYLOADS = {
  ANALYSIS: analysisPayload('coverage'),
  ANALYSIS_BASICDOC: analysisPayload('basicDoc'),
  ANALYSIS_ADVANCEDDOC: analysisPayload('advancedDoc'),
  ANALYSIS_README: analysisPayload('readme'),
  DOC_REPO: DocRepoJobPayload,
  DOC_ARCH: docSetPayload('arch'),
  DOC_API: docSetPayload('api'),
  PR_INSIGHTS: PullRequestEventPayload,
} as const satisfies Record<JobType, z.ZodType>;

/** What a handler of job type `T` reads (after parsing). */
export type JobPayload<T extends JobType> = z.output<(typeof JOB_PAYLOADS)[T]>;
/** What a route queueing a job of type `T` writes. */
export type JobPayloadInput<T extends JobType> = z.input<(typeof JOB_PAYLOADS)[T]>;

export type AnalysisJobType = (typeof ANALYSIS_JOB_TYPE)[AnalysisType];
export type AnalysisJobPayload = JobPayload<AnalysisJobType>;
export type DocSetJobType = (typeof DOC_SET_JOB_TYPE)[DocSetKind];
export type DocSetJobPayload = JobPayload<DocSetJobType>;

export function isJobType(value: string): value is JobType {
  return (JOB_TYPES as readonly string[]).includes(value);
}
