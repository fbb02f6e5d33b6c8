import { autoDocPart } from '@docent/contracts';
import type { RepoOptions } from '@docent/docgen';
import { writeChanges } from '@docent/docgen/safe-write';
import type { DocRepoJobPayload } from '@docent/contracts';
import type { AnalysisHandlerOptions } from '../analysis/handler.ts';
import { checkoutForJob } from '../jobs/checkout.ts';
import type { JobContext } from '../jobs/engine.ts';
import type { RepoRepository } from '../repos/repository.ts';
import type { RepoService } from '../repos/service.ts';
import { END_OF_OPTIONS, isZeroId, objectId } from '../vendors/git/revisions.ts';
import { commitAsDocent, deliveryFailure, gitIn, onScratchBranch, pushBranch, remoteBranchHead } from '../delivery/branch.ts';
import { openOrReusePullRequest } from '../delivery/pull-request.ts';
import { recordAutoRun } from '../docsets/auto.ts';

/** The one branch (and so the one pull request) automatic updates live on. */
const AUTO_DOCS_BRANCH = 'docent/auto-docs';
const AUTO_DOCS_DETAILS = 'docgen-auto';

export interface AutoDocsResult {
  commit: string;
  files: string[];
  branch: string | null;
  pushed: boolean;
  pullRequest: { url: string; number: number; updated: boolean } | null;
}

/**
 * After a push to the default branch: regenerates the docstrings of the source files the push
 * changed (plus those the open auto-docs branch already changes, so its one pull request keeps
 * them), commits them on `docent/auto-docs` from the new head, pushes it (replacing the earlier
 * state with a lease, never touching another branch) and opens the pull request or finds the
 * open one (which the push has then updated).
 */
export async function runAutoDocs(
  repos: RepoRepository,
  service: RepoService,
  opts: Pick<AnalysisHandlerOptions, 'cloneDir' | 'maxRepoBytes' | 'llm'>,
  ctx: JobContext<DocRepoJobPayload>,
): Promise<string> {
  const { job, payload, signal, log, progress, text } = ctx;
  // The push's commits reach git: full object ids only (the webhook checked them; a queued
  // payload is checked again), and after END_OF_OPTIONS (docs/security.md).
  const before = objectId(payload.auto?.before, "The push's earlier commit");
  objectId(payload.auto?.after, "The push's new commit");
  const checkout = await checkoutForJob(repos, service, opts, ctx);
  const { repo, dest, commit } = checkout;
  const git = gitIn(checkout, signal);
  const files = new Set<string>();
  if (!isZeroId(before)) {
    const changed = await git(['diff', '--name-only', '-z', END_OF_OPTIONS, before, objectId(commit, 'The checked-out commit')]).catch(
      () => null,
    );
    if (changed === null) await log('WARNING', text.earlierCommitGone(before.slice(0, 7)));
    else for (const f of changed.split('\0')) if (f) files.add(f);
  }
  const remoteHead = await remoteBranchHead(git, AUTO_DOCS_BRANCH);
  if (remoteHead) {
    await git(['fetch', '-q', END_OF_OPTIONS, 'origin', `refs/heads/${AUTO_DOCS_BRANCH}`]);
    const kept = await git(['diff', '--name-only', '-z', END_OF_OPTIONS, `${commit}...FETCH_HEAD`]).catch(() => '');
    for (const f of kept.split('\0')) if (f) files.add(f);
  }
  const save = async (r: AutoDocsResult) => {
    await repos.saveDetails(repo.id, AUTO_DOCS_DETAILS, r);
    const where = r.pullRequest
      ? [autoDocPart('PULL_REQUEST', { number: r.pullRequest.number })]
      : r.pushed
        ? [autoDocPart('PUSHED_TO', { branch: AUTO_DOCS_BRANCH })]
        : [];
    const parts =
      r.files.length === 0
        ? [autoDocPart('NOTHING_TO_DOCUMENT')]
        : r.pushed
          ? [autoDocPart('DOCSTRINGS_UPDATED', { files: r.files.length }), ...where]
          : [autoDocPart('DOCSTRINGS_NOT_PUSHED', { files: r.files.length })];
    await recordAutoRun(repos, repo.id, 'repo', {
      commit,
      jobId: job.id,
      result: r.files.length === 0 ? 'unchanged' : r.pushed ? 'regenerated' : 'failed',
      parts,
    });
  };
  if (files.size === 0) {
    await save({ commit, files: [], branch: null, pushed: false, pullRequest: null });
    return text.noSourceChanged;
  }
  await log('INFO', text.checkingChanged(files.size));
  const configs: RepoOptions['configs'] = {};
  for (const l of payload.languages) configs[l.name] = { docstringStyle: l.docstringStyle, maxDocStringLength: l.maxDocStringLength };
  // loaded on first use (docs/decisions.md "Heavy packages load on first use")
  const { generateRepository } = await import('@docent/docgen');
  const result = await generateRepository(dest, {
    configs,
    files: [...files].sort(),
    signal,
    ...(opts.llm ? { llm: opts.llm } : {}),
    ...(payload.fileLimit !== null ? { fileLimit: payload.fileLimit } : {}),
    onProgress: (done, total, file) =>
      void progress(25 + Math.round((60 * done) / Math.max(1, total)), file ? text.documenting(file) : text.documented),
  });
  const s = result.summary;
  for (const p of s.unsafePaths) await log('WARNING', text.symlinkSkipped(p));
  await log('INFO', text.functionsUpdated(s.documented, s.updated, result.changes.length));
  if (result.changes.length === 0) {
    await save({ commit, files: [], branch: null, pushed: false, pullRequest: null });
    return text.everyChangedDocumented;
  }
  await progress(88, text.committing);
  let pushed = false;
  try {
    await onScratchBranch(git, { local: `${AUTO_DOCS_BRANCH}-local`, from: commit, restoreTo: commit }, async () => {
      await writeChanges(dest, result.changes);
      await git(['add', '--', ...result.changes.map((c) => c.path)]);
      await commitAsDocent(git, `docs: keep docstrings up to date with ${commit.slice(0, 7)} (Docent)`);
      // Only the auto-docs branch is ever replaced, and only if it is still what was read above.
      await pushBranch({ git, log, signal, text }, `${AUTO_DOCS_BRANCH}-local`, AUTO_DOCS_BRANCH, { expected: remoteHead });
    });
    pushed = true;
    await log('INFO', text.pushedBranch(AUTO_DOCS_BRANCH));
  } catch (err) {
    if (signal.aborted) throw err;
    await log('WARNING', text.pushFailed(deliveryFailure(err)));
  }
  let pullRequest: AutoDocsResult['pullRequest'] = null;
  if (pushed) {
    await progress(92, text.openingPullRequest);
    const body = [
      `Docstrings brought up to date by Docent after ${commit}.`,
      '',
      ...result.changes.slice(0, 50).map((c) => `- \`${c.path}\``),
    ].join('\n');
    const pr = await openOrReusePullRequest(
      service,
      repo,
      { head: AUTO_DOCS_BRANCH, title: 'docs: keep docstrings up to date (Docent)', body },
      { signal, log, text },
    );
    pullRequest = pr && { url: pr.url, number: pr.number, updated: pr.existing };
  }
  await save({ commit, files: result.changes.map((c) => c.path), branch: pushed ? AUTO_DOCS_BRANCH : null, pushed, pullRequest });
  return pushed ? text.updatePushed : text.updateNotPushed;
}
