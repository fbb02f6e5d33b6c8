import { z } from 'zod';
import { PullRequestEventPayload } from '@docent/contracts';
import { isAbbreviatedId, isBranchName } from '../vendors/git/revisions.ts';

/** Commits and branches reach git as arguments: the one check of docs/security.md. */
const SHA = z
  .string()
  .transform((v) => v.toLowerCase())
  .refine(isAbbreviatedId, 'Must be a commit id (7 to 64 hex digits).');
const BRANCH = z.string().refine(isBranchName, 'Must be a git branch name.');

/**
 * What a PR_INSIGHTS job carries: the webhook receiver's PullRequestEventPayload (contracts), or
 * the same from POST /v1/git/pull-request/insights. Its job is defined with this stricter schema
 * (app.ts), so the payload is re-validated when the job runs: it is data from the queue, not trusted. GitLab's merge-request event names no base commit,
 * so baseSha may be empty; the job then takes the base branch's tip.
 */
export const PrInsightsPayload = PullRequestEventPayload.extend({
  headSha: SHA,
  baseSha: SHA.or(z.literal('')),
  headRef: BRANCH,
  baseRef: BRANCH,
  deliveryId: z.string().max(200),
});
export type PrInsightsPayload = z.infer<typeof PrInsightsPayload>;
