import type { Job } from '@docent/contracts';
import { apiRequest } from '../api/client.ts';

export interface AllJobsFilter {
  status?: string[];
  type?: string[];
  from?: string;
  to?: string;
  q?: string;
}

/** Job calls of docs/spec-conformance.md §7 (and our /v1/lro/all listing for the jobs page). */
export const jobsApi = {
  listForRepo: (orgName: string, repoName: string) => apiRequest<Job[]>(`/v1/lro/list?${new URLSearchParams({ orgName, repoName })}`),
  all: (f: AllJobsFilter) => {
    const p = new URLSearchParams({ limit: '500' });
    if (f.status?.length) p.set('status', f.status.join(','));
    if (f.type?.length) p.set('type', f.type.join(','));
    if (f.from) p.set('from', f.from);
    if (f.to) p.set('to', f.to);
    if (f.q?.trim()) p.set('q', f.q.trim());
    return apiRequest<{ jobs: Job[]; total: number }>(`/v1/lro/all?${p}`);
  },
  /** One batch call for all active jobs (docs/spec-conformance.md §4). */
  statuses: (ids: number[]) => apiRequest<Job[]>(`/v1/lro/status?ids=${ids.join(',')}`),
  status: (id: number) => apiRequest<Job>(`/v1/lro/${id}/status`),
  logs: (id: number) => apiRequest<string[]>(`/v1/lro/logs/${id}`),
  terminate: (id: number) => apiRequest<{ success: boolean; message: string }>(`/v1/git/lro/${id}/terminate`, { method: 'POST' }),
};

export const jobKeys = {
  all: ['jobs'] as const,
  list: (f: AllJobsFilter) => ['jobs', 'all', f] as const,
  repo: (org: string, repo: string) => ['jobs', 'repo', org, repo] as const,
};
