import { z } from 'zod';
import { PrVendor } from '@docent/contracts';

/**
 * What a PR_INSIGHTS job carries (the webhook receiver and POST /v1/git/pull-request/insights
 * both enqueue it). Re-validated when the job runs: a payload is data from the queue, not trusted.
 */
export const PrInsightsPayload = z.object({
  vendor: PrVendor,
  number: z.number().int().positive(),
  title: z.string(),
  headSha: z.string().regex(/^[0-9a-f]{7,64}$/i),
  baseSha: z.string().regex(/^[0-9a-f]{7,64}$/i),
  headRef: z.string().min(1).max(255),
  baseRef: z.string().min(1).max(255),
  deliveryId: z.string().max(200),
});
export type PrInsightsPayload = z.infer<typeof PrInsightsPayload>;

export const PR_INSIGHTS = 'PR_INSIGHTS';
