import { API_KEY_PAGE_SIZE, type ApiKey, type ApiKeyCreated, type ApiKeyList } from '@docent/contracts';
import { apiRequest } from '../api/client.ts';

/** docs/spec-conformance.md §7 `/v1/apiToken/…`; the list is fetched with page size 100 (docs/spec-conformance.md §9). */
export const apiKeysApi = {
  list: () => apiRequest<ApiKeyList>(`/v1/apiToken/get/all?limit=${API_KEY_PAGE_SIZE}`),
  create: (name: string) =>
    apiRequest<ApiKeyCreated>(`/v1/apiToken/create${name.trim() ? `?${new URLSearchParams({ name: name.trim() })}` : ''}`),
  toggle: (id: string) => apiRequest<ApiKey>(`/v1/apiToken/${encodeURIComponent(id)}/toggle`),
  remove: (id: string) => apiRequest<{ success: boolean }>(`/v1/apiToken/${encodeURIComponent(id)}/delete`),
};

export const apiKeyKeys = { all: ['apiKeys'] as const };

export type StatusFilter = 'all' | 'active' | 'inactive';

/** The keys a search text and a status filter leave: the text matches the name or the masked key. */
export function filterKeys(keys: ApiKey[], search: string, status: StatusFilter): ApiKey[] {
  const q = search.trim().toLowerCase();
  return keys.filter(
    (k) =>
      (status === 'all' || (status === 'active') === k.isActive) &&
      (!q || k.name.toLowerCase().includes(q) || k.key.toLowerCase().includes(q)),
  );
}
