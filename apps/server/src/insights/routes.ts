import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PrCheckSettings, PrCheckSettingsQuery, PrCheckSettingsUpdate, PrInsightsRequest, PrInsightsResponse } from '@docent/contracts';
import { requireUser, userOf } from '../auth/guard.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { limitBy, WindowLimiter } from '../http/limits.ts';
import { queueRepoJob, type RepoJobRouteDeps } from '../jobs/queue.ts';
import { REPO_VENDOR } from './handler.ts';
import type { PrInsightStore } from './store.ts';

const tags = ['pull requests'];
const NOT_FOUND = 'Repository not found.';
/** A patch link is a secret in a URL: guesses are slowed per client address. */
const patchLookups = new WindowLimiter(60, 60_000);
const PatchParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, 'Not a patch link.') });

/**
 * POST /v1/git/pull-request/insights (the PR_INSIGHTS job without a webhook), the repository's
 * check threshold, and the patch link given on vendors without suggestion blocks.
 */
export function prInsightsRoutes(deps: RepoJobRouteDeps & { store: PrInsightStore }) {
  const { auth, repos, store } = deps;
  return async (app: FastifyInstance): Promise<void> => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const signedIn = { preHandler: requireUser(auth) };
    const ownRepo = async (userId: string, repoId: string) => {
      const repo = await repos.byId(repoId);
      if (!repo || repo.user_id !== userId) throw notFound(NOT_FOUND);
      return repo;
    };

    r.post(
      '/v1/git/pull-request/insights',
      { ...signedIn, schema: { tags, body: PrInsightsRequest, response: { 200: PrInsightsResponse } } },
      async (req) => {
        const user = userOf(req);
        const repo = await ownRepo(user.id, req.body.repoId);
        if (REPO_VENDOR[req.body.vendor] !== repo.vendor && repo.vendor !== 'GIT') {
          throw badRequest('VALIDATION_ERROR', `vendor: this repository is on ${repo.vendor.toLowerCase()}, not ${req.body.vendor}.`);
        }
        const { repoId: _repoId, ...rest } = req.body;
        const job = await queueRepoJob(deps, repo, 'PR_INSIGHTS', { ...rest, deliveryId: `api:${req.id}` });
        return { lroJobId: job.id, message: `Checking pull request #${req.body.number}` };
      },
    );

    r.get(
      '/v1/git/pull-request/settings',
      { ...signedIn, schema: { tags, querystring: PrCheckSettingsQuery, response: { 200: PrCheckSettings } } },
      async (req) => {
        const repo = await ownRepo(userOf(req).id, req.query.repoId);
        return { failUnder: await store.failUnder(repo.id) };
      },
    );

    r.put(
      '/v1/git/pull-request/settings',
      { ...signedIn, schema: { tags, body: PrCheckSettingsUpdate, response: { 200: PrCheckSettings } } },
      async (req) => {
        const repo = await ownRepo(userOf(req).id, req.body.repoId);
        await store.setFailUnder(repo.id, req.body.failUnder);
        return { failUnder: await store.failUnder(repo.id) };
      },
    );

    r.get(
      '/v1/pr-insights/patch/:token',
      { preHandler: limitBy((req) => [[patchLookups, req.ip]]), schema: { tags, params: PatchParams } },
      async (req, reply) => {
        const patch = await store.patchByToken(req.params.token);
        if (!patch) throw notFound('No such patch.');
        reply
          .header('content-type', 'text/x-diff; charset=utf-8')
          .header('content-disposition', 'attachment; filename="docent-docstrings.patch"');
        return patch;
      },
    );
  };
}
