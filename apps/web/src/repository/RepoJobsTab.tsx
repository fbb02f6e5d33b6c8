import { useState } from 'react';
import { Alert } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../api/client.ts';
import { jobKeys, jobsApi } from '../jobs/api.ts';
import { JobLogModal } from '../jobs/JobLogModal.tsx';
import { JobsTable } from '../jobs/JobsTable.tsx';
import { useRefreshedJobs } from '../jobs/useRefreshedJobs.ts';
import type { RepoRef } from './api.ts';
import '../jobs/jobs.css';

/** The All Jobs tab: this repository's jobs; Actions opens the job's log modal. */
export function RepoJobsTab({ repoRef }: { repoRef: RepoRef }) {
  const list = useQuery({
    queryKey: jobKeys.repo(repoRef.org, repoRef.repo),
    queryFn: () => jobsApi.listForRepo(repoRef.org, repoRef.repo),
  });
  const jobs = useRefreshedJobs(list.data);
  const [open, setOpen] = useState<number | null>(null);
  return (
    <div className="dc-panel dc-jobs-panel" data-testid="repo-jobs">
      {list.isError && <Alert type="error" showIcon title={errorMessage(list.error)} />}
      <JobsTable jobs={jobs} loading={list.isPending} onOpen={(j) => setOpen(j.id)} />
      <JobLogModal jobId={open} job={jobs.find((j) => j.id === open)} onClose={() => setOpen(null)} />
    </div>
  );
}
