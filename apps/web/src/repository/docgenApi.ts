import type {
  ArchDocConfig,
  CodeDocsDelivery,
  CodeDocsDeliveryChoice,
  DocGenResult,
  DocSetKind,
  DocSetsState,
  DocSetStatusResponse,
  LanguageStyle,
} from '@docent/contracts';
import { apiRequest } from '../api/client.ts';
import { payload, type RepoRef } from './api.ts';

export interface DocLanguage {
  name: string;
  displayName: string;
  fileExtension: string;
  supportedStyles: string[];
  docstringStyle: string;
  maxDocStringLength: number;
}

export interface DocStatus {
  jobId: number;
  state: string;
  percentage: number;
  messages: string[];
  lastLine: number;
  result: DocGenResult | null;
}

/** Code docs calls of docs/spec-conformance.md §7 (docType repo). */
export const docgenApi = {
  /** the repository language config: every language docgen renders, with this repository's settings */
  config: (r: RepoRef) =>
    apiRequest<DocLanguage[]>(
      `/v1/git/generate/repo/config?${new URLSearchParams({ orgName: r.org, repoName: r.repo, vendor: r.vendor })}`,
    ),
  /** where a run's docs go, as last chosen for this repository (docs/consent.md) */
  delivery: (r: RepoRef) =>
    apiRequest<CodeDocsDeliveryChoice>(
      `/v1/git/generate/repo/delivery?${new URLSearchParams({ orgName: r.org, repoName: r.repo, vendor: r.vendor })}`,
    ),
  generate: (r: RepoRef, languages: LanguageStyle[], freeTrial: boolean, delivery: CodeDocsDelivery) =>
    apiRequest<{ lroJobId: number; message: string }>('/v1/git/generate/repo/doc', {
      method: 'POST',
      json: { ...payload(r), style_guide: { languages }, delivery, ...(freeTrial ? { free_trial: true } : {}) },
    }),
  status: (r: RepoRef, jobId: number, since: number) =>
    apiRequest<DocStatus>(`/v1/git/generate/repo/doc/status?jobId=${jobId}&since=${since}`, { method: 'POST', json: payload(r) }),
};

export type { DocSetKind, DocSetResult, DocSetsState } from '@docent/contracts';

/** Architecture and API docs (docs/spec-conformance.md §7: POST /v1/git/generate/{arch|api}/doc with arch_doc_config). */
export const docSetApi = {
  generate: (kind: DocSetKind, r: RepoRef, config: ArchDocConfig) =>
    apiRequest<{ lroJobId: number; message: string }>(`/v1/git/generate/${kind}/doc`, {
      method: 'POST',
      json: { ...payload(r), arch_doc_config: config },
    }),
  status: (kind: DocSetKind, r: RepoRef, jobId: number, since: number) =>
    apiRequest<DocSetStatusResponse>(`/v1/git/generate/${kind}/doc/status?jobId=${jobId}&since=${since}`, {
      method: 'POST',
      json: payload(r),
    }),
  /** the newest set of each kind, fresh or stale against the latest analysed commit */
  state: (r: RepoRef) =>
    apiRequest<DocSetsState>(`/v1/git/generate/docs/state?${new URLSearchParams({ orgName: r.org, repoName: r.repo, vendor: r.vendor })}`),
  /** lets links and new tabs open the hosted docs and downloads (an HttpOnly cookie for /docs) */
  openSession: () => apiRequest<void>('/v1/docs/session', { method: 'POST' }),
};
