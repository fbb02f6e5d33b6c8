import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GitRepoPayload,
  RegisterGitRepoRequest,
  Repository,
  RepoDetailQuery,
  RepoDetailResponse,
  RepoListQuery,
  RepoPathParams,
} from '@docent/contracts';
import { requireUser, userOf } from '../auth/guard.ts';
import type { AuthService } from '../auth/service.ts';
import { toRepository } from './mapper.ts';
import type { RepoRepository } from './repository.ts';
import type { RepoService } from './service.ts';

const tags = ['repositories'];

export function repoRoutes(
  auth: AuthService,
  service: RepoService,
  repos: RepoRepository,
  storage: { cloneDir: string; analyzerCacheDir: string },
) {
  return async (app: FastifyInstance): Promise<void> => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const signedIn = { preHandler: requireUser(auth) };

    r.post(
      '/v1/git/repos',
      { ...signedIn, schema: { tags, body: RegisterGitRepoRequest, response: { 201: Repository } } },
      async (req, reply) => {
        const row = await service.registerGit(userOf(req), req.body);
        reply.status(201);
        return toRepository(row);
      },
    );

    r.delete('/v1/git/repos/:vendor/:orgName/:repoName', { ...signedIn, schema: { tags, params: RepoPathParams } }, async (req, reply) => {
      await service.remove(userOf(req), req.params.vendor, req.params.orgName, req.params.repoName, storage);
      return reply.status(204).send();
    });

    r.get(
      '/app/github/list',
      { ...signedIn, schema: { tags, querystring: RepoListQuery, response: { 200: z.array(Repository) } } },
      async (req) => (await repos.list(userOf(req).id, req.query.orgName)).map(toRepository),
    );

    r.get(
      '/app/github/get/repo',
      { ...signedIn, schema: { tags, querystring: RepoDetailQuery, response: { 200: RepoDetailResponse } } },
      async (req) => {
        const repo = toRepository(await service.get(userOf(req), req.query.vendor, req.query.orgName, req.query.repoName));
        return { planType: repo.planType, gitAppMetaData: repo.gitAppMetaData, repository: repo };
      },
    );

    r.post(
      '/v1/git/repo/language',
      { ...signedIn, schema: { tags, body: GitRepoPayload, response: { 200: z.object({ languages: z.record(z.string(), z.number()) }) } } },
      async (req) => {
        const repo = toRepository(
          await service.get(userOf(req), req.body.vendor, req.body.git_repo.organization_name, req.body.git_repo.repo_name),
        );
        return { languages: repo.gitAppMetaData.analysisReport.programmingLanguages ?? {} };
      },
    );
  };
}
