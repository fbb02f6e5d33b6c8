import { z } from 'zod';

/** Every API key starts with this, so a key is recognisable in a header, a log or a leak scan. */
export const API_KEY_PREFIX = 'dk_';

/** docs/spec-conformance.md §9: the API keys page fetches with a page size of 100. */
export const API_KEY_PAGE_SIZE = 100;

/**
 * An API key as listed (docs/spec-conformance.md §3 "API key"): `key` is the masked form — the first 8 characters,
 * '...', the last 4 (docs/spec-conformance.md §4). The full key appears only in the create answer.
 */
export const ApiKey = z.object({
  id: z.string(),
  name: z.string(),
  key: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastUsed: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKey>;

/** GET /v1/apiToken/get/all: newest first. */
export const ApiKeyListQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(API_KEY_PAGE_SIZE).default(API_KEY_PAGE_SIZE),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  })
  .strict();
export type ApiKeyListQuery = z.input<typeof ApiKeyListQuery>;

export const ApiKeyList = z.object({ keys: z.array(ApiKey), total: z.number().int() });
export type ApiKeyList = z.infer<typeof ApiKeyList>;

/** GET /v1/apiToken/create: an optional label for the key. */
export const ApiKeyCreateQuery = z.object({ name: z.string().trim().max(80, 'At most 80 characters.').default('') }).strict();
export type ApiKeyCreateQuery = z.input<typeof ApiKeyCreateQuery>;

/** Answer of create: the full key, this once, beside the listed form. */
export const ApiKeyCreated = z.object({ key: z.string(), apiKey: ApiKey });
export type ApiKeyCreated = z.infer<typeof ApiKeyCreated>;

export const ApiKeyIdParam = z.object({ id: z.guid({ error: 'Not a valid API key id.' }) });

/** The masked form of a key (docs/spec-conformance.md §4): the first 8 characters, '...', the last 4. */
export function maskApiKey(key: string): string {
  return `${key.slice(0, 8)}...${key.slice(-4)}`;
}
