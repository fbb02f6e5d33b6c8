import type { JobLanguage, JobPayloadInput, JobState, JobType, Vendor } from '@docent/contracts';
import { notFound } from '../http/errors.ts';
import type { JobRow, RepositoryRow } from '../db/schema.ts';
import type { AuthService } from '../auth/service.ts';
import type { RepoRepository } from '../repos/repository.ts';
import type { RepoService } from '../repos/service.ts';
import type { JobEngine } from './engine.ts';
import type { JobStore } from './store.ts';

export interface QueueDeps {
  jobs: JobStore;
  engine: JobEngine;
  service: RepoService;
}

/** What the routes that start a repository's jobs are built from. */
export interface RepoJobRouteDeps extends QueueDeps {
  auth: AuthService;
  repos: RepoRepository;
}

/**
 * Creates a job of `jobType` on one of its owner's repositories and hands it to the engine, which
 * first checks that the repository can still be reached (RepoService.validateForJob). The payload
 * is the type's (packages/contracts/src/job-types.ts); its handler parses it again when it runs.
 * `language`: the starting request's (`requestLanguage`); none for a job no request of the user
 * starts, which is then worded in the language stored with the account (docs/i18n.md).
 */
export async function queueRepoJob<T extends JobType>(
  deps: QueueDeps,
  repo: RepositoryRow,
  jobType: T,
  payload: JobPayloadInput<T>,
  language?: JobLanguage | { language: JobLanguage; remember: boolean },
): Promise<JobRow> {
  const from = typeof language === 'string' ? { language, remember: false } : language;
  const job = await deps.jobs.create({
    userId: repo.user_id,
    repositoryId: repo.id,
    jobType,
    organizationName: repo.organization_name,
    repoName: repo.repo_name,
    vendor: repo.vendor as Vendor, // stored from the same enum
    payload,
    ...(from ? { language: from.language, rememberLanguage: from.remember } : {}),
  });
  await deps.engine.enqueue(job, () => deps.service.validateForJob(repo));
  return job;
}

/**
 * A documentation job's progress as its status call answers it (`…/doc/status`, docs/spec-conformance.md): the
 * user's job of that type with its log lines after `since`. Another user's job, or a job of
 * another type, is not found (404).
 */
export async function docJobProgress(
  jobs: JobStore,
  jobId: number,
  userId: string,
  jobType: JobType,
  since = 0,
): Promise<{ job: JobRow; progress: DocJobProgress }> {
  const job = await jobs.getForUser(jobId, userId);
  if (!job || job.job_type !== jobType) throw notFound('Job not found.');
  const lines = await jobs.logs(job.id, since);
  return {
    job,
    progress: {
      jobId: job.id,
      state: job.state as JobState,
      percentage: job.progress,
      messages: lines.map((l) => l.line),
      lastLine: lines.at(-1)?.seq ?? since,
    },
  };
}

export interface DocJobProgress {
  jobId: number;
  state: JobState;
  percentage: number;
  messages: string[];
  lastLine: number;
}
