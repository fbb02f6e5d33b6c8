import { z } from 'zod';
import { PrCheckVendor } from './webhooks.ts';

/** The code hosts a pull-request check reports to, as webhooks name them. */
export const PrVendor = z.enum(['github', 'gitlab', 'bitbucket', 'azure']);
export type PrVendor = z.infer<typeof PrVendor>;

const Sha = z.string().regex(/^[0-9a-f]{7,64}$/i, 'Must be a commit id (hex).');
const Ref = z
  .string()
  .min(1)
  .max(255)
  .regex(/^(?!-)(?!.*\.\.)[^\s~^:?*[\\\u0000-\u001f]+$/, 'Must be a branch name.');

/** POST /v1/git/pull-request/insights: check a pull request without a webhook (CLI, tests). */
export const PrInsightsRequest = z.object({
  repoId: z.string().uuid('Must be a repository id.'),
  vendor: PrVendor,
  number: z.number().int().positive().max(2_147_483_647),
  headSha: Sha,
  baseSha: Sha,
  headRef: Ref,
  baseRef: Ref,
  title: z.string().max(1000).default(''),
});
export type PrInsightsRequest = z.infer<typeof PrInsightsRequest>;

export const PrInsightsResponse = z.object({ message: z.string(), lroJobId: z.number().int() });

/** A repository's pull-request check: `failUnder` percent of changed public functions documented; null = off. */
export const PrCheckSettings = z.object({
  failUnder: z
    .number()
    .int('Must be a whole percentage.')
    .min(0, 'Must be between 0 and 100.')
    .max(100, 'Must be between 0 and 100.')
    .nullable(),
});
export type PrCheckSettings = z.infer<typeof PrCheckSettings>;

export const PrCheckSettingsQuery = z.object({ repoId: z.string().uuid('Must be a repository id.') });
export const PrCheckSettingsUpdate = PrCheckSettings.extend({ repoId: z.string().uuid('Must be a repository id.') });

/**
 * GET /v1/git/pull-request/checks: the latest check of each pull request (or plain-git branch),
 * newest first, as kept in Docent whether or not a code host took the comment.
 */
export const PrCheckListQuery = z.object({ repoId: z.string().uuid('Must be a repository id.') });
export const PrCheckResult = z.object({
  vendor: PrCheckVendor,
  /** the pull request's number; null for a plain-git branch */
  number: z.number().int().nullable(),
  title: z.string(),
  headRef: z.string(),
  baseRef: z.string(),
  headSha: z.string(),
  /** the job that made this result (its log), when known */
  jobId: z.number().int().nullable(),
  checkedAt: z.string(),
  /** percentage of changed public functions documented; null when the change has none */
  coverage: z.number().nullable(),
  changedFunctions: z.number().int(),
  documented: z.number().int(),
  outdated: z.number().int(),
  suggestions: z.number().int(),
  brokenLinks: z.number().int(),
  state: z.enum(['success', 'failure', 'pending', 'error']),
});
export type PrCheckResult = z.infer<typeof PrCheckResult>;
export const PrCheckList = z.object({ checks: z.array(PrCheckResult) });
export type PrCheckList = z.infer<typeof PrCheckList>;
