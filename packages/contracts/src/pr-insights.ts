import { z } from 'zod';

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
