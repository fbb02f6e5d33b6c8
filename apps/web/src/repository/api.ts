import type {
  AnalysisReport,
  AnalysisType,
  DocMetrics,
  FunctionAnalysisEntry,
  ReadmeAnalysis,
  Repository,
  PlanType,
  GitRepoPayload,
  Vendor,
} from '@docent/contracts';
import { apiRequest } from '../api/client.ts';

export interface RepoRef {
  vendor: Vendor;
  org: string;
  repo: string;
}

export interface RepoDetail {
  planType: PlanType;
  gitAppMetaData: { siteUrl: string | null; analysisReport: AnalysisReport };
  repository: Repository;
}

export interface AnalysisStatus {
  jobId: number;
  state: string;
  percentage: number;
  messages: string[];
  lastLine: number;
  report: AnalysisReport | null;
}

export interface FunctionDetails {
  functions: FunctionAnalysisEntry[];
  docMetrics: DocMetrics | null;
}

export interface ReadmeDetails {
  content: string | null;
  suggestion: string | null;
  analysis: ReadmeAnalysis | null;
}

export function payload(r: RepoRef): GitRepoPayload {
  return { git_repo: { repo_name: r.repo, organization_name: r.org }, vendor: r.vendor };
}

/** Repository and analysis calls of docs/spec-conformance.md §7. */
export const repositoryApi = {
  get: (r: RepoRef) =>
    apiRequest<RepoDetail>(`/app/github/get/repo?${new URLSearchParams({ orgName: r.org, repoName: r.repo, vendor: r.vendor })}`),
  languages: (r: RepoRef) =>
    apiRequest<{ languages: Record<string, number> }>('/v1/git/repo/language', { method: 'POST', json: payload(r) }),
  /** coverage is the full analysis at /v1/git/analyze/repo; the others at /{type} */
  analyze: (r: RepoRef, type: AnalysisType) =>
    apiRequest<{ lroJobId: number; message: string }>(type === 'coverage' ? '/v1/git/analyze/repo' : `/v1/git/analyze/repo/${type}`, {
      method: 'POST',
      json: payload(r),
    }),
  status: (r: RepoRef, type: AnalysisType, jobId: number, since: number) =>
    apiRequest<AnalysisStatus>(`/v1/git/analyze/repo/${type}/status?jobId=${jobId}&since=${since}`, { method: 'POST', json: payload(r) }),
  functionDetails: (r: RepoRef, type: 'basicDoc' | 'advancedDoc') =>
    apiRequest<FunctionDetails>(`/v1/git/analyze/repo/${type}/details`, { method: 'POST', json: payload(r) }),
  readmeDetails: (r: RepoRef) => apiRequest<ReadmeDetails>('/v1/git/analyze/repo/readme/details', { method: 'POST', json: payload(r) }),
  /** Removes the repository with its analyses, clone and cache (its jobs keep their history). */
  remove: (r: RepoRef) =>
    apiRequest<void>(`/v1/git/repos/${encodeURIComponent(r.vendor)}/${encodeURIComponent(r.org)}/${encodeURIComponent(r.repo)}`, {
      method: 'DELETE',
    }),
  azurePatValid: (org: string) =>
    apiRequest<{ isValid: boolean; message?: string }>(`/v1/azure/pat?${new URLSearchParams({ organization: org })}`),
  submitAzurePat: (org: string, pat: string) =>
    apiRequest<{ isValid: boolean; message?: string }>(`/v1/azure/pat?${new URLSearchParams({ organization: org })}`, {
      method: 'POST',
      headers: { 'X-Azure-PAT': pat },
    }),
};

export const repositoryKeys = {
  detail: (r: RepoRef) => ['repository', r.vendor, r.org, r.repo] as const,
  languages: (r: RepoRef) => ['repository', r.vendor, r.org, r.repo, 'languages'] as const,
  details: (r: RepoRef, kind: string) => ['repository', r.vendor, r.org, r.repo, 'details', kind] as const,
};
