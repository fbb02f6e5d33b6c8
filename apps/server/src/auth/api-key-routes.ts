import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiKey, ApiKeyCreated, ApiKeyCreateQuery, ApiKeyIdParam, ApiKeyList, ApiKeyListQuery, SuccessResponse } from '@docent/contracts';
import { notFound } from '../http/errors.ts';
import { requireSession, userOf } from './guard.ts';
import type { AuthService } from './service.ts';
import { toApiKey } from './api-keys.ts';

const tags = ['api keys'];
const KEY_NOT_FOUND = 'API key not found.';

/**
 * docs/spec-conformance.md §7 "Coupons and API keys": `/v1/apiToken/…` (GET, as the spec names them). Managing keys
 * needs a signed-in session: a key can neither list, mint nor re-enable keys.
 */
export function apiKeyRoutes(auth: AuthService) {
  return async (app: FastifyInstance): Promise<void> => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const signedIn = { preHandler: requireSession(auth) };
    const keys = auth.apiKeys;

    r.get(
      '/v1/apiToken/get/all',
      { ...signedIn, schema: { tags, querystring: ApiKeyListQuery, response: { 200: ApiKeyList } } },
      async (req) => {
        const { rows, total } = await keys.list(userOf(req).id, req.query);
        return { keys: rows.map(toApiKey), total };
      },
    );

    r.get(
      '/v1/apiToken/create',
      { ...signedIn, schema: { tags, querystring: ApiKeyCreateQuery, response: { 200: ApiKeyCreated } } },
      async (req, reply) => {
        const { key, row } = await keys.create(userOf(req).id, req.query.name);
        // The only answer that carries a key: no cache may keep it.
        reply.header('cache-control', 'no-store');
        req.log.info({ apiKeyId: row.id }, 'api key created');
        return { key, apiKey: toApiKey(row) };
      },
    );

    r.get(
      '/v1/apiToken/:id/delete',
      { ...signedIn, schema: { tags, params: ApiKeyIdParam, response: { 200: SuccessResponse } } },
      async (req) => {
        if (!(await keys.delete(req.params.id, userOf(req).id))) throw notFound(KEY_NOT_FOUND);
        req.log.info({ apiKeyId: req.params.id }, 'api key deleted');
        return { success: true, message: 'API key deleted.' };
      },
    );

    r.get('/v1/apiToken/:id/toggle', { ...signedIn, schema: { tags, params: ApiKeyIdParam, response: { 200: ApiKey } } }, async (req) => {
      const row = await keys.toggle(req.params.id, userOf(req).id);
      if (!row) throw notFound(KEY_NOT_FOUND);
      return toApiKey(row);
    });
  };
}
