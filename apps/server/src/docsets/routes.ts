import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ArchDocConfig,
  DocSetKind,
  DocSetStatusResponse,
  DocSetsState,
  DocStatusQuery,
  DOC_SET_JOB_TYPE,
  GenerateDocResponse,
  GenerateDocSetRequest,
  GitRepoPayload,
  RepoDetailQuery,
} from '@docent/contracts';
import { requireSession, requireUser, userOf } from '../auth/guard.ts';
import { docJobProgress, queueRepoJob, type RepoJobRouteDeps } from '../jobs/queue.ts';
import { ANALYSED_COMMIT } from './handler.ts';
import { storedDocSetConfig } from './auto.ts';
import { DOCS_COOKIE, docsCookie } from './hosting.ts';
import type { DocSetStore } from './store.ts';
import { startLanguage } from '../users/language.ts';

const tags = ['documentation'];

/**
 * Architecture and API docs (docs/spec-conformance.md §7, docs/docgen-arch-api.md): `POST /v1/git/generate/{arch|api}/doc` with
 * `arch_doc_config`, its status, the freshness of a repository's doc sets, and the cookie that
 * lets the browser open the hosted docs (/docs/…) under the user's sign-in. The static
 * `arch`/`api` paths take precedence over the code-docs route's `:docType`.
 */
export function docSetRoutes(deps: RepoJobRouteDeps & { sets: DocSetStore; secureCookie: boolean }) {
  const { auth, service, repos, jobs, sets, secureCookie } = deps;
  return async (app: FastifyInstance): Promise<void> => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const signedIn = { preHandler: requireUser(auth) };

    for (const kind of DocSetKind.options) {
      r.post(
        `/v1/git/generate/${kind}/doc`,
        { ...signedIn, schema: { tags, body: GenerateDocSetRequest, response: { 200: GenerateDocResponse } } },
        async (req) => {
          const user = userOf(req);
          const repo = await service.get(user, req.body.vendor, req.body.git_repo.organization_name, req.body.git_repo.repo_name);
          // No premium gate for architecture and API documentation (docs/spec-conformance.md §6).
          const config = req.body.arch_doc_config ?? ArchDocConfig.parse({});
          const job = await queueRepoJob(deps, repo, DOC_SET_JOB_TYPE[kind], { kind, config }, startLanguage(req));
          return { lroJobId: job.id, message: 'Documentation generation started' };
        },
      );

      r.post(
        `/v1/git/generate/${kind}/doc/status`,
        {
          ...signedIn,
          schema: { tags, querystring: DocStatusQuery, body: GitRepoPayload.optional(), response: { 200: DocSetStatusResponse } },
        },
        async (req) => {
          const { job, progress } = await docJobProgress(jobs, req.query.jobId, userOf(req).id, DOC_SET_JOB_TYPE[kind], req.query.since);
          const set = job.state === 'COMPLETE' ? await sets.byJob(job.id) : null;
          return { ...progress, result: set?.result ?? null };
        },
      );
    }

    /** The newest doc set of each kind, fresh or stale against the latest analysed commit. */
    r.get(
      '/v1/git/generate/docs/state',
      { ...signedIn, schema: { tags, querystring: RepoDetailQuery, response: { 200: DocSetsState } } },
      async (req) => {
        const repo = await service.get(userOf(req), req.query.vendor, req.query.orgName, req.query.repoName);
        const analysed = ((await repos.details(repo.id, ANALYSED_COMMIT)) as { commit?: string } | null)?.commit ?? null;
        const latest = await sets.latestPerKind(repo.id);
        // A confirmation to push to the default branch holds for the run it was given for only.
        const remembered = async (kind: DocSetKind) => {
          const config = await storedDocSetConfig(repos, repo.id, kind);
          if (!config?.commitOutput) return config;
          const { confirmDirectPush: _once, ...commitOutput } = config.commitOutput;
          return { ...config, commitOutput };
        };
        return {
          lastOptions: { arch: await remembered('arch'), api: await remembered('api') },
          analysedCommit: analysed,
          sets: latest.map((s) => ({
            kind: s.kind,
            commit: s.commit,
            generatedAt: s.createdAt.toISOString(),
            fresh: analysed === null || analysed === s.commit,
            siteUrl: s.result?.siteUrl ?? null,
            result: s.result,
          })),
        };
      },
    );

    /**
     * The hosted docs are opened as pages (a link, a new tab), which carry no Authorization
     * header: this sets the session token as an HttpOnly cookie scoped to /docs. It is checked
     * like the header (a signed-out or revoked session no longer opens anything).
     */
    r.post('/v1/docs/session', { preHandler: requireSession(auth), schema: { tags, response: { 204: z.null() } } }, async (req, reply) => {
      const token = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1]?.trim() ?? '';
      return reply.header('set-cookie', docsCookie(token, secureCookie)).status(204).send(null);
    });
    r.delete('/v1/docs/session', { schema: { tags, response: { 204: z.null() } } }, async (_req, reply) =>
      reply
        .header('set-cookie', `${DOCS_COOKIE}=; Path=/docs; HttpOnly; SameSite=Lax; Max-Age=0${secureCookie ? '; Secure' : ''}`)
        .status(204)
        .send(null),
    );
  };
}
