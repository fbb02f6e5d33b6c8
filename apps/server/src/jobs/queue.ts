import type { Vendor } from '@docent/contracts';
import type { JobRow, RepositoryRow } from '../db/schema.ts';
import type { RepoService } from '../repos/service.ts';
import type { JobEngine } from './engine.ts';
import type { JobStore } from './store.ts';

export interface QueueDeps {
  jobs: JobStore;
  engine: JobEngine;
  service: RepoService;
}

/**
 * Creates a job of `jobType` on one of its owner's repositories and hands it to the engine, which
 * first checks that the repository can still be reached (RepoService.validateForJob).
 */
export async function queueRepoJob(deps: QueueDeps, repo: RepositoryRow, jobType: string, payload: Record<string, unknown>): Promise<JobRow> {
  const job = await deps.jobs.create({
    userId: repo.user_id,
    repositoryId: repo.id,
    jobType,
    organizationName: repo.organization_name,
    repoName: repo.repo_name,
    vendor: repo.vendor as Vendor, // stored from the same enum
    payload,
  });
  await deps.engine.enqueue(job, () => deps.service.validateForJob(repo));
  return job;
}
