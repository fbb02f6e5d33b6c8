import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PrCheckList,
  PrCheckListQuery,
  PrCheckSettings,
  PrCheckSettingsQuery,
  PrCheckSettingsUpdate,
  PrCheckVendor,
  PrInsightsRequest,
  PrInsightsResponse,
  type PrCheckResult,
} from '@docent/contracts';
import { requireUser, userOf } from '../auth/guard.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { limitBy, WindowLimiter } from '../http/limits.ts';
import { queueRepoJob, type RepoJobRouteDeps } from '../jobs/queue.ts';
import { REPO_VENDOR } from './handler.ts';
import type { PrInsightStore } from './store.ts';
import { startLanguage } from '../users/language.ts';

const tags = ['pull requests'];
const NOT_FOUND = 'Repository not found.';
/** A patch link is a secret in a URL: guesses are slowed per client address. */
const patchLookups = new WindowLimiter(60, 60_000);
/** How many checks the repository page lists. */
const LISTED_CHECKS = 20;
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
        const job = await queueRepoJob(deps, repo, 'PR_INSIGHTS', { ...rest, deliveryId: `api:${req.id}` }, startLanguage(req));
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
      '/v1/git/pull-request/checks',
      { ...signedIn, schema: { tags, querystring: PrCheckListQuery, response: { 200: PrCheckList } } },
      async (req) => {
        const repo = await ownRepo(userOf(req).id, req.query.repoId);
        return { checks: (await store.latest(repo.id, LISTED_CHECKS)).map(checkOf) };
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

/** A stored run as listed; rows kept before a field was stored read it as unknown (0, '', null). */
function checkOf(row: { number: number; vendor: string; head_sha: string; result: unknown; updated_at: Date }): PrCheckResult {
  const r = (typeof row.result === 'string' ? JSON.parse(row.result) : (row.result ?? {})) as Record<string, unknown>;
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const vendor = PrCheckVendor.catch('git').parse(row.vendor);
  const state = r.state === 'success' || r.state === 'failure' || r.state === 'error' ? r.state : 'pending';
  return {
    vendor,
    number: vendor === 'git' ? null : row.number,
    title: text(r.title),
    headRef: text(r.headRef),
    baseRef: text(r.baseRef),
    headSha: row.head_sha,
    jobId: typeof r.jobId === 'number' ? r.jobId : null,
    checkedAt: row.updated_at.toISOString(),
    coverage: typeof r.coverage === 'number' ? r.coverage : null,
    changedFunctions: num(r.changedFunctions),
    documented: num(r.documented),
    outdated: Array.isArray(r.outdated) ? r.outdated.length : 0,
    suggestions: num(r.suggestions),
    brokenLinks: Array.isArray(r.brokenLinks) ? r.brokenLinks.length : 0,
    state,
  };
}
