import type { AnalysisHistoryResponse, AutoDocSettings, WebhookStatus } from '@docent/contracts';
import { apiRequest } from '../api/client.ts';
import { payload, type RepoRef } from './api.ts';

const q = (r: RepoRef) => new URLSearchParams({ vendor: r.vendor, orgName: r.org, repoName: r.repo }).toString();

/** The repository's webhook, automatic updates and analysis history (docs/webhooks.md). */
export const webhooksApi = {
  status: (r: RepoRef) => apiRequest<WebhookStatus>(`/v1/git/repos/webhook?${q(r)}`),
  secret: (r: RepoRef) => apiRequest<{ secret: string }>('/v1/git/repos/webhook/secret', { method: 'POST', json: payload(r) }),
  register: (r: RepoRef) => apiRequest<WebhookStatus>('/v1/git/repos/webhook/register', { method: 'POST', json: payload(r) }),
  settings: (r: RepoRef, autoDocs: Partial<AutoDocSettings>) =>
    apiRequest<WebhookStatus>('/v1/git/repos/webhook/settings', { method: 'PUT', json: { ...payload(r), autoDocs } }),
  history: (r: RepoRef) => apiRequest<AnalysisHistoryResponse>(`/v1/git/repos/history?${q(r)}`),
};

export const webhookKeys = {
  status: (r: RepoRef) => ['repository', r.vendor, r.org, r.repo, 'webhook'] as const,
  /** not under the repository's key: invalidating the repository must not refetch the history that triggered it */
  history: (r: RepoRef) => ['repository-history', r.vendor, r.org, r.repo] as const,
};
