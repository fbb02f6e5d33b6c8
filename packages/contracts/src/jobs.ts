import { z } from 'zod';
import { JobState, Vendor } from './enums.ts';

/** docs/spec-conformance.md §3 Job (long-running operation). `totalTime` is in seconds. */
export const Job = z.object({
  id: z.number().int(),
  jobType: z.string(),
  organizationName: z.string(),
  repoName: z.string(),
  vendor: Vendor,
  state: JobState,
  message: z.string(),
  progress: z.number().int().min(0).max(100),
  timeCreated: z.string(),
  totalTime: z.number(),
});
export type Job = z.infer<typeof Job>;

/** The 24-hour rule of docs/spec-conformance.md §4: an active job this old is shown (and stored) as TIMEOUT. */
export const JOB_TIMEOUT_SECONDS = 86_400;
export const JOB_TIMEOUT_MESSAGE = 'Job automatically cancelled after 24 hours';
export const NOT_CANCELLABLE_DETAIL = 'LRO job is not in a cancellable state';

export const JobIdParam = z.object({
  id: z.coerce.number({ error: 'Job id must be a number.' }).int().positive('Job id must be a positive number.').max(2_147_483_647),
});

export const JobListQuery = z.object({
  orgName: z.string().max(200).optional(),
  repoName: z.string().max(200).optional(),
});

/** The all-jobs listing of the jobs page (path ours: /v1/lro/all). */
export const AllJobsQuery = z.object({
  status: z.string().max(200).optional().describe('comma-separated JobState values'),
  type: z.string().max(200).optional().describe('comma-separated job types'),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  q: z.string().max(200).optional().describe('matches id, job type, organisation or repository'),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});

export const JobStatusBatchQuery = z.object({
  ids: z
    .string()
    .max(4000)
    .regex(/^\d+(,\d+)*$/, 'ids must be a comma-separated list of job ids'),
});

export const TerminateResponse = z.object({ success: z.boolean(), message: z.string() });
