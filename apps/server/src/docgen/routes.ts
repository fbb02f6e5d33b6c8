import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BuiltDocType,
  DocConfigRequest,
  type CodeDocsDelivery,
  CodeDocsDeliveryChoice,
  RepoDetailQuery,
  type LanguageStyle,
  DocGenResult,
  DocStatusQuery,
  DocStatusResponse,
  ErrorCode,
  GenerateDocRequest,
  GenerateDocResponse,
  GitRepoPayload,
  PRO_FEATURE_REQUIRED,
} from '@docent/contracts';
import { DOCGEN_LANGUAGES, resolveConfig } from '@docent/docgen/languages';
import { requireUser, userOf } from '../auth/guard.ts';
import { badRequest, HttpError, notFound } from '../http/errors.ts';
import { docJobProgress, queueRepoJob, type RepoJobRouteDeps } from '../jobs/queue.ts';
import type { RepositoryRow } from '../db/schema.ts';
import type { UserRepository } from '../users/repository.ts';
import { DOC_DETAILS } from './handler.ts';
import { startLanguage } from '../users/language.ts';

const tags = ['documentation'];
const DocTypeParam = z.object({ docType: BuiltDocType });

/** The free plan's file limits (docs/spec-conformance.md §6/§9). */
export const FREE_FILE_LIMIT = { private: 3, public: 10 } as const;

export function docgenRoutes(deps: RepoJobRouteDeps & { users: UserRepository }) {
  const { auth, service, repos, jobs, users } = deps;
  return async (app: FastifyInstance): Promise<void> => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const signedIn = { preHandler: requireUser(auth) };

    const CONFIG = 'docgen-config';
    const validStyles = (languages: readonly LanguageStyle[]): void => {
      for (const l of languages) {
        try {
          resolveConfig(l.name, l);
        } catch (err) {
          throw badRequest(ErrorCode.VALIDATION, err instanceof Error ? err.message : 'Invalid style guide.');
        }
      }
    };
    /** The repository language config (spec): every language docgen renders, with this repository's settings. */
    const configOf = async (repoId: string) => {
      const saved = ((await repos.details(repoId, CONFIG)) as { languages?: LanguageStyle[] } | null)?.languages ?? [];
      return DOCGEN_LANGUAGES.map((l) => {
        const s = saved.find((x) => x.name === l.name);
        return {
          ...l,
          supportedStyles: [...l.supportedStyles],
          docstringStyle: s?.docstringStyle ?? l.supportedStyles[0]!,
          maxDocStringLength: s?.maxDocStringLength ?? 80,
        };
      });
    };

    r.get('/v1/git/generate/repo/config', { ...signedIn, schema: { tags, querystring: RepoDetailQuery } }, async (req) => {
      const repo = await service.get(userOf(req), req.query.vendor, req.query.orgName, req.query.repoName);
      return configOf(repo.id);
    });

    r.put('/v1/git/generate/repo/config', { ...signedIn, schema: { tags, body: DocConfigRequest } }, async (req) => {
      const repo = await service.get(userOf(req), req.body.vendor, req.body.git_repo.organization_name, req.body.git_repo.repo_name);
      validStyles(req.body.languages);
      await repos.saveDetails(repo.id, CONFIG, { languages: req.body.languages });
      return configOf(repo.id);
    });

    /** The remembered delivery choice (docs/consent.md): unset means `patch`, nothing written. */
    const DELIVERY = 'docgen-delivery';
    const deliveryOf = async (repo: RepositoryRow): Promise<CodeDocsDeliveryChoice> => {
      const saved = CodeDocsDeliveryChoice.shape.delivery.safeParse(
        ((await repos.details(repo.id, DELIVERY)) as { delivery?: unknown } | null)?.delivery,
      );
      const pullRequests = (await service.connectionFor(repo).catch(() => null)) !== null;
      return { delivery: saved.success ? saved.data : 'patch', chosen: saved.success, remote: service.remoteShown(repo), pullRequests };
    };

    r.get(
      '/v1/git/generate/repo/delivery',
      { ...signedIn, schema: { tags, querystring: RepoDetailQuery, response: { 200: CodeDocsDeliveryChoice } } },
      async (req) => {
        const repo = await service.get(userOf(req), req.query.vendor, req.query.orgName, req.query.repoName);
        return deliveryOf(repo);
      },
    );

    r.post(
      '/v1/git/generate/:docType/doc',
      { ...signedIn, schema: { tags, params: DocTypeParam, body: GenerateDocRequest, response: { 200: GenerateDocResponse } } },
      async (req) => {
        const user = userOf(req);
        const repo = await service.get(user, req.body.vendor, req.body.git_repo.organization_name, req.body.git_repo.repo_name);
        const languages = req.body.style_guide?.languages ?? [];
        validStyles(languages);
        // The style guide a run uses becomes the repository's language config.
        if (languages.length > 0) await repos.saveDetails(repo.id, CONFIG, { languages });
        // Code docs need PREMIUM/PRO on the repository (or a Pro user, docs/billing.md), or a
        // full-repository credit; otherwise 'Try Free' runs within the free limit.
        let fileLimit: number | null = null;
        const premium = repo.plan_type === 'PRO' || repo.plan_type === 'PREMIUM' || user.plan_type === 'PRO';
        if (!premium) {
          if (req.body.free_trial) fileLimit = repo.is_private ? FREE_FILE_LIMIT.private : FREE_FILE_LIMIT.public;
          else if (!(await users.takeRepoGenCredit(user.id)))
            throw new HttpError(402, ErrorCode.PRO_FEATURE_REQUIRED, PRO_FEATURE_REQUIRED);
        }
        // What is written where: the user's explicit choice, remembered for the next run.
        const current = await deliveryOf(repo);
        const delivery: CodeDocsDelivery = req.body.delivery ?? current.delivery;
        if (delivery === 'pull_request' && !current.pullRequests) {
          throw badRequest(
            ErrorCode.VALIDATION,
            'A pull request needs a connection to the code host holding this repository. Choose to push a branch or to download the patch.',
          );
        }
        if (req.body.delivery) await repos.saveDetails(repo.id, DELIVERY, { delivery });
        const job = await queueRepoJob(deps, repo, 'DOC_REPO', { languages, fileLimit, delivery }, startLanguage(req));
        return { lroJobId: job.id, message: 'Documentation generation started' };
      },
    );

    r.post(
      '/v1/git/generate/:docType/doc/status',
      {
        ...signedIn,
        schema: {
          tags,
          params: DocTypeParam,
          querystring: DocStatusQuery,
          body: GitRepoPayload.optional(),
          response: { 200: DocStatusResponse },
        },
      },
      async (req) => {
        const { job, progress } = await docJobProgress(jobs, req.query.jobId, userOf(req).id, 'DOC_REPO', req.query.since);
        const saved = job.state === 'COMPLETE' && job.repository_id ? await repos.details(job.repository_id, DOC_DETAILS) : null;
        const parsed = saved ? DocGenResult.safeParse(saved) : null;
        return { ...progress, result: parsed?.success ? parsed.data : null };
      },
    );

    /** The last generated patch of a repository, as a file to download. */
    r.post(
      '/v1/git/generate/:docType/doc/patch',
      { ...signedIn, schema: { tags, params: DocTypeParam, body: GitRepoPayload } },
      async (req, reply) => {
        const repo = await service.get(userOf(req), req.body.vendor, req.body.git_repo.organization_name, req.body.git_repo.repo_name);
        const parsed = DocGenResult.safeParse(await repos.details(repo.id, DOC_DETAILS));
        if (!parsed.success) throw notFound('No documentation patch for this repository yet.');
        const name = `docent-docs-${parsed.data.commit.slice(0, 7)}.patch`;
        return reply
          .header('content-type', 'text/x-diff; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}"`)
          .send(parsed.data.diff);
      },
    );
  };
}
