import { autoDocPart } from '@docent/contracts';
import {
  DOC_SET_JOB_TYPE,
  DocSetKind,
  type JobPayloadInput,
  type JobType,
  type LanguageStyle,
  type WebhookDetailPart,
  type WebhookResult,
  webhookDetailEnglish,
} from '@docent/contracts';
import type { RepositoryRow } from '../db/schema.ts';
import type { JobEngine } from '../jobs/engine.ts';
import type { JobStore } from '../jobs/store.ts';
import { queueRepoJob } from '../jobs/queue.ts';
import type { RepoRepository } from '../repos/repository.ts';
import type { RepoService } from '../repos/service.ts';
import { FREE_FILE_LIMIT } from '../docgen/routes.ts';
import { isZeroId } from '../vendors/git/revisions.ts';
import type { HookEvent } from '../vendors/hooks.ts';
import type { HookRoute } from '../vendors/webhooks.ts';
import type { WebhookRow } from './store.ts';
import { recordAutoRun, storedDocSetConfig } from '../docsets/auto.ts';

export interface DispatchDeps {
  jobs: JobStore;
  engine: JobEngine;
  repos: RepoRepository;
  service: RepoService;
}

export interface Outcome {
  result: WebhookResult;
  /** `parts` in English (docs/webhooks.md, "Delivery details in the user's language") */
  detail: string;
  parts: WebhookDetailPart[];
  jobIds: number[];
}

const outcome = (result: WebhookResult, parts: WebhookDetailPart[], jobIds: number[] = []): Outcome => ({
  result,
  detail: webhookDetailEnglish(parts),
  parts,
  jobIds,
});
const part = (code: WebhookDetailPart['code'], params: Record<string, string | number> = {}): WebhookDetailPart => ({
  code,
  params: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
});

async function queue<T extends JobType>(deps: DispatchDeps, repo: RepositoryRow, jobType: T, payload: JobPayloadInput<T>): Promise<number> {
  return (await queueRepoJob(deps, repo, jobType, payload)).id;
}

/**
 * What a verified delivery does: a push to the default branch queues an incremental analysis
 * (the analyzer's per-file cache re-parses only the changed files) and, when turned on, the
 * automatic documentation update; a pull / merge request event queues PR_INSIGHTS.
 */
export async function dispatch(
  deps: DispatchDeps,
  repo: RepositoryRow,
  hook: WebhookRow,
  route: HookRoute,
  event: HookEvent,
  deliveryId: string,
): Promise<Outcome> {
  switch (event.kind) {
    case 'ping':
      return outcome('ping', [part('PING')]);
    case 'other':
      return outcome('ignored', [event.reason]);
    case 'push': {
      const branch = repo.default_branch ?? 'main';
      const ref = event.refs.find((r) => r.branch === branch);
      // A plain git remote has no pull requests: a pushed branch is checked against the default one.
      const branchChecks =
        route === 'git' && repo.vendor === 'GIT' ? await queueBranchChecks(deps, repo, branch, event.refs, deliveryId) : null;
      if (!ref && branchChecks?.jobIds.length) return outcome('pr-insights-queued', branchChecks.parts, branchChecks.jobIds);
      if (!ref) return outcome('ignored', [part('NOT_DEFAULT_BRANCH', { branch })]);
      if (isZeroId(ref.after)) return outcome('ignored', [part('DEFAULT_BRANCH_DELETED', { branch })]);
      const jobIds = [await queue(deps, repo, 'ANALYSIS', { analysisType: 'coverage', trigger: 'webhook', deliveryId, commit: ref.after })];
      const parts = [part('ANALYSIS_QUEUED', { branch, commit: ref.after.slice(0, 7), job: jobIds[0]! })];
      if (hook.auto_docs.repo) {
        const languages = ((await deps.repos.details(repo.id, 'docgen-config')) as { languages?: LanguageStyle[] } | null)?.languages ?? [];
        const premium = repo.plan_type === 'PRO' || repo.plan_type === 'PREMIUM';
        const docJob = await queue(deps, repo, 'DOC_REPO', {
          languages,
          fileLimit: premium ? null : repo.is_private ? FREE_FILE_LIMIT.private : FREE_FILE_LIMIT.public,
          auto: { before: ref.before, after: ref.after, deliveryId },
        });
        jobIds.push(docJob);
        await recordAutoRun(deps.repos, repo.id, 'repo', {
          commit: ref.after,
          jobId: docJob,
          result: 'queued',
          parts: [autoDocPart('QUEUED', { job: docJob })],
        });
        parts.push(part('DOCS_UPDATE_QUEUED', { job: docJob }));
      }
      // Architecture / API docs: with the options they were last generated with, at the pushed commit.
      for (const kind of DocSetKind.options) {
        if (!hook.auto_docs[kind]) continue;
        const config = await storedDocSetConfig(deps.repos, repo.id, kind);
        if (!config) {
          const never = autoDocPart(kind === 'arch' ? 'ARCH_NEVER_GENERATED' : 'API_NEVER_GENERATED');
          await recordAutoRun(deps.repos, repo.id, kind, { commit: ref.after, jobId: null, result: 'skipped', parts: [never] });
          parts.push(part(kind === 'arch' ? 'ARCH_DOCS_NEVER_GENERATED' : 'API_DOCS_NEVER_GENERATED'));
          continue;
        }
        const id = await queue(deps, repo, DOC_SET_JOB_TYPE[kind], {
          kind,
          config,
          auto: { before: ref.before, after: ref.after, deliveryId },
        });
        await recordAutoRun(deps.repos, repo.id, kind, {
          commit: ref.after,
          jobId: id,
          result: 'queued',
          parts: [autoDocPart('QUEUED', { job: id })],
        });
        jobIds.push(id);
        parts.push(part(kind === 'arch' ? 'ARCH_DOCS_UPDATE_QUEUED' : 'API_DOCS_UPDATE_QUEUED', { job: id }));
      }
      if (branchChecks?.jobIds.length) {
        jobIds.push(...branchChecks.jobIds);
        parts.push(...branchChecks.parts);
      }
      return outcome('analysis-queued', parts, jobIds);
    }
    case 'pull': {
      if (route === 'git') return outcome('ignored', [part('GIT_NO_PULL_REQUESTS')]);
      const id = await queue(deps, repo, 'PR_INSIGHTS', {
        vendor: route,
        number: event.number,
        title: event.title.slice(0, 500),
        headSha: event.headSha,
        baseSha: event.baseSha,
        headRef: event.headRef,
        baseRef: event.baseRef,
        deliveryId,
      });
      return outcome('pr-insights-queued', [part('PR_CHECK_QUEUED', { number: event.number, name: event.name, job: id })], [id]);
    }
  }
}

/** At most this many branches of one push are checked (a mirror push can name hundreds). */
const MAX_BRANCH_CHECKS = 5;

/**
 * The key a plain-git branch's check is kept under (pr_insights is keyed by repository and
 * number): a positive 31-bit FNV-1a hash of the branch name, so every push of a branch updates one
 * result (docs/pr-insights.md, "Plain git remotes").
 */
export function branchCheckNumber(branch: string): number {
  let h = 0x811c9dc5;
  for (const byte of Buffer.from(branch, 'utf8')) h = Math.imul(h ^ byte, 0x01000193) >>> 0;
  return h % 0x7fffffff || 1;
}

/** PR_INSIGHTS for each pushed branch other than the default one and Docent's own (not deleted): its change against the default branch. */
async function queueBranchChecks(
  deps: DispatchDeps,
  repo: RepositoryRow,
  defaultBranch: string,
  refs: Array<{ branch: string; before: string; after: string }>,
  deliveryId: string,
): Promise<{ jobIds: number[]; parts: WebhookDetailPart[] }> {
  // Docent's own branches (docent/docs-…, docent/auto-docs…) hold its output, not a change to judge.
  const pushed = refs
    .filter((r) => r.branch !== defaultBranch && !r.branch.startsWith('docent/') && !isZeroId(r.after))
    .slice(0, MAX_BRANCH_CHECKS);
  const jobIds: number[] = [];
  for (const r of pushed)
    jobIds.push(
      await queue(deps, repo, 'PR_INSIGHTS', {
        vendor: 'git',
        number: branchCheckNumber(r.branch),
        title: r.branch,
        headSha: r.after,
        baseSha: '',
        headRef: r.branch,
        baseRef: defaultBranch,
        deliveryId,
      }),
    );
  return { jobIds, parts: pushed.map((r, i) => part('BRANCH_CHECK_QUEUED', { branch: r.branch, base: defaultBranch, job: jobIds[i]! })) };
}
