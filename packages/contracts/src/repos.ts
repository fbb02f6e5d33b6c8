import { z } from 'zod';
import { PlanType, Vendor } from './enums.ts';
import { AnalysisReport } from './analysis.ts';

/** docs/spec-conformance.md §3 Repository. */
export const Repository = z.object({
  id: z.string(),
  repoName: z.string(),
  organizationName: z.string(),
  vendor: Vendor,
  planType: PlanType,
  isPrivate: z.boolean(),
  installationId: z.string().nullable(),
  defaultBranch: z.string().nullable(),
  gitAppMetaData: z.object({ siteUrl: z.string().nullable(), analysisReport: AnalysisReport }),
  createdAt: z.string(),
});
export type Repository = z.infer<typeof Repository>;

const NamePart = z
  .string()
  .trim()
  .min(1, 'This field is required!')
  .max(200, 'At most 200 characters.')
  .regex(/^[^/\\\u0000-\u001f]+$/, 'Must not contain slashes or control characters.')
  .refine((s) => s !== '.' && s !== '..', 'Must not be "." or "..".');

/** Azure DevOps repositories are named `{project}/{repo}`, so a repository name may hold one slash. */
const RepoNamePart = z
  .string()
  .trim()
  .min(1, 'This field is required!')
  .max(400, 'At most 400 characters.')
  .regex(/^[^\\\u0000-\u001f]+$/, 'Must not contain backslashes or control characters.')
  .refine((s) => !s.split('/').some((seg) => seg === '' || seg === '.' || seg === '..'), 'Must not contain empty, "." or ".." segments.');

/** POST /v1/git/repos: register any git repository by URL (the GIT vendor). */
export const RegisterGitRepoRequest = z
  .object({
    url: z.string().trim().min(1, 'This field is required!').max(2048, 'URL is too long.'),
    organizationName: NamePart.optional(),
    repoName: NamePart.optional(),
  })
  .strict();

/** docs/spec-conformance.md §3 Git repo payload. */
export const GitRepoPayload = z.object({
  git_repo: z.object({ repo_name: RepoNamePart, organization_name: NamePart }),
  vendor: Vendor,
});
export type GitRepoPayload = z.infer<typeof GitRepoPayload>;

export const RepoListQuery = z.object({ orgName: z.string().max(200).optional() });
export const RepoDetailQuery = z.object({ orgName: NamePart, repoName: RepoNamePart, vendor: Vendor });
/** DELETE /v1/git/repos/{vendor}/{orgName}/{repoName}: removes a repository with its analyses, clone and cache. */
export const RepoPathParams = z.object({ vendor: Vendor, orgName: NamePart, repoName: RepoNamePart });
export const RepoDetailResponse = z.object({
  planType: PlanType,
  gitAppMetaData: z.object({ siteUrl: z.string().nullable(), analysisReport: AnalysisReport }),
  repository: Repository,
});

export const AnalyzeResponse = z.object({ lroJobId: z.number().int(), message: z.string() });
export const AnalysisStatusQuery = z.object({
  jobId: z.coerce.number().int().positive().max(2_147_483_647),
  since: z.coerce.number().int().min(0).optional(),
});
export const AnalysisStatusResponse = z.object({
  jobId: z.number().int(),
  state: z.string(),
  percentage: z.number().int(),
  /** log lines in the wire format KIND::timestamp::text, after the caller's `since` */
  messages: z.array(z.string()),
  /** the number of lines the job has written so far: pass it back as `since` */
  lastLine: z.number().int(),
  report: AnalysisReport.nullable(),
});
