import type { PrCheckList, PrCheckSettings } from '@docent/contracts';
import { apiRequest } from '../../api/client.ts';

/** The repository's pull-request check threshold (docs/pr-insights.md): GET/PUT /v1/git/pull-request/settings. */
export const prCheckApi = {
  get: (repoId: string) => apiRequest<PrCheckSettings>(`/v1/git/pull-request/settings?${new URLSearchParams({ repoId })}`),
  save: (repoId: string, failUnder: number | null) =>
    apiRequest<PrCheckSettings>('/v1/git/pull-request/settings', { method: 'PUT', json: { repoId, failUnder } }),
  /** The latest check of each pull request (or plain-git branch), newest first. */
  checks: (repoId: string) => apiRequest<PrCheckList>(`/v1/git/pull-request/checks?${new URLSearchParams({ repoId })}`),
};

export const prCheckKeys = {
  settings: (repoId: string) => ['pr-check-settings', repoId] as const,
  checks: (repoId: string) => ['pr-check-results', repoId] as const,
};
