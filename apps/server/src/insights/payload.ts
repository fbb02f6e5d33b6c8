import { z } from 'zod';
import { PullRequestEventPayload } from '@docent/contracts';

const SHA = z.string().regex(/^[0-9a-f]{7,64}$/i);

/**
 * What a PR_INSIGHTS job carries: the webhook receiver's PullRequestEventPayload (contracts), or
 * the same from POST /v1/git/pull-request/insights. Re-validated, stricter, when the job runs: a
 * payload is data from the queue, not trusted. GitLab's merge-request event names no base commit,
 * so baseSha may be empty; the job then takes the base branch's tip.
 */
export const PrInsightsPayload = PullRequestEventPayload.extend({
  headSha: SHA,
  baseSha: SHA.or(z.literal('')),
  headRef: z.string().min(1).max(255),
  baseRef: z.string().min(1).max(255),
  deliveryId: z.string().max(200),
});
export type PrInsightsPayload = z.infer<typeof PrInsightsPayload>;

export const PR_INSIGHTS = 'PR_INSIGHTS';
