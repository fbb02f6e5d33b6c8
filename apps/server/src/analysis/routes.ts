import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ANALYSIS_JOB_TYPE,
  AnalysisStatusQuery,
  AnalysisStatusResponse,
  AnalysisType,
  AnalyzeResponse,
  GitRepoPayload,
} from '@docent/contracts';
import { requireUser, userOf } from '../auth/guard.ts';
import { notFound } from '../http/errors.ts';
import { queueRepoJob, type RepoJobRouteDeps } from '../jobs/queue.ts';
import { toRepository } from '../repos/mapper.ts';
import type { RepoService } from '../repos/service.ts';
import { startLanguage, type StartLanguage } from '../users/language.ts';

const tags = ['analysis'];
const TypeParam = z.object({ type: AnalysisType });

export function analysisRoutes(deps: RepoJobRouteDeps) {
  const { auth, service, repos, jobs } = deps;
  return async (app: FastifyInstance): Promise<void> => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const signedIn = { preHandler: requireUser(auth) };

    const start = async (
      userId: string,
      body: GitRepoPayload,
      type: AnalysisType,
      user: Parameters<RepoService['get']>[0],
      language: StartLanguage,
    ) => {
      const repo = await service.get(user, body.vendor, body.git_repo.organization_name, body.git_repo.repo_name);
      const job = await queueRepoJob(deps, repo, ANALYSIS_JOB_TYPE[type], { analysisType: type }, language);
      return { lroJobId: job.id, message: 'Analysis started' };
    };

    r.post(
      '/v1/git/analyze/repo',
      { ...signedIn, schema: { tags, body: GitRepoPayload, response: { 200: AnalyzeResponse } } },
      async (req) => start(userOf(req).id, req.body, 'coverage', userOf(req), startLanguage(req)),
    );

    r.post(
      '/v1/git/analyze/repo/:type',
      { ...signedIn, schema: { tags, params: TypeParam, body: GitRepoPayload, response: { 200: AnalyzeResponse } } },
      async (req) => start(userOf(req).id, req.body, req.params.type, userOf(req), startLanguage(req)),
    );

    r.post(
      '/v1/git/analyze/repo/:type/status',
      { ...signedIn, schema: { tags, params: TypeParam, querystring: AnalysisStatusQuery, response: { 200: AnalysisStatusResponse } } },
      async (req) => {
        const job = await jobs.getForUser(req.query.jobId, userOf(req).id);
        if (!job) throw notFound('Job not found.');
        const lines = await jobs.logs(job.id, req.query.since ?? 0);
        const done = job.state === 'COMPLETE';
        const repo = done && job.repository_id ? await repos.byId(job.repository_id) : undefined;
        return {
          jobId: job.id,
          state: job.state,
          percentage: job.progress,
          messages: lines.map((l) => l.line),
          lastLine: lines.at(-1)?.seq ?? req.query.since ?? 0,
          report: repo ? toRepository(repo).gitAppMetaData.analysisReport : null,
        };
      },
    );

    r.post(
      '/v1/git/analyze/repo/:type/details',
      { ...signedIn, schema: { tags, params: TypeParam, body: GitRepoPayload } },
      async (req, reply) => {
        const repo = await service.get(userOf(req), req.body.vendor, req.body.git_repo.organization_name, req.body.git_repo.repo_name);
        const kind = req.params.type === 'readme' ? 'readme' : 'functions';
        // the stored JSON as it is: the function entries are not parsed and serialised again on the API's thread
        const json = await repos.detailsJson(repo.id, kind);
        if (json !== null) return reply.type('application/json; charset=utf-8').send(json);
        if (req.params.type === 'readme') return { content: null, suggestion: null, analysis: null };
        return { functions: [], docMetrics: null };
      },
    );
  };
}
