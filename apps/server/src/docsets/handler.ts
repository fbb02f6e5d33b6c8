import { autoDocPart, JobFailure } from '@docent/contracts';
import type { DocFormat, DocManifest, GeneratedDoc } from '@docent/docgen';
import { writeInsideCheckout } from '@docent/docgen/safe-write';
import {
  formatsOf,
  formOfConfig,
  hostedDocsPath,
  normalDocPath,
  type ArchDocConfig,
  type DocDelivery,
  type DocSetJobPayload,
  type DocSetKind,
  type DocSetResult,
} from '@docent/contracts';
import type { AnalysisHandlerOptions } from '../analysis/handler.ts';
import { checkoutForJob } from '../jobs/checkout.ts';
import type { JobContext, JobHandler } from '../jobs/engine.ts';
import type { RepoRepository } from '../repos/repository.ts';
import type { RepoService } from '../repos/service.ts';
import { KeyedMutex } from '../util/keyed-mutex.ts';
import { branchName, END_OF_OPTIONS, GitArgumentError, isObjectId, objectId } from '../vendors/git/revisions.ts';
import type { RepositoryRow } from '../db/schema.ts';
import {
  commitAsDocent,
  deliveryFailure,
  fetchRemoteBranch,
  gitIn,
  onScratchBranch,
  pushBranch,
  pushToFreeBranch,
  remoteBranchHead,
  remoteDefaultBranch,
  type DeliveryContext,
  type Git,
} from '../delivery/branch.ts';
import { branchWebUrl, openOrReusePullRequest } from '../delivery/pull-request.ts';
import { contentTypeOf, type DocSetStore, type StoredDocFile } from './store.ts';
import { autoDocSetBranch, recordAutoRun, saveDocSetConfig } from './auto.ts';
import { runOffThread } from '../jobs/off-thread.ts';

/** analysis_details type holding the commit of the latest completed analysis. */
export const ANALYSED_COMMIT = 'analysed-commit';

export const KIND_TITLE: Record<DocSetKind, string> = { arch: 'architecture', api: 'API' };

export interface DocSetHandlerOptions extends Pick<AnalysisHandlerOptions, 'cloneDir' | 'maxRepoBytes'> {
  maxSetBytes: number;
  keepVersions: number;
}

const human = (n: number): string =>
  n < 1024 ? `${n} B` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`;

/** Download and hosting addresses of a stored set. */
function setUrls(repoId: string, kind: DocSetKind, commit: string) {
  const version = hostedDocsPath(repoId, kind, commit);
  return {
    version,
    latest: hostedDocsPath(repoId, kind),
    file: (name: string) => `${version}${name.split('/').map(encodeURIComponent).join('/')}?download=1`,
    zip: `${version}_download.zip`,
  };
}

/**
 * The architecture / API docs job: check out the repository at its latest analysed commit
 * (0–20 %), generate the doc set, reusing the pages of the previous set whose sources did not
 * change (20–80 %), store and host it (80–88 %), commit it to the chosen branch and folder
 * (88–98 %). A job queued by a push (`payload.auto`, automatic updates) documents the pushed
 * commit instead, regenerates only when a source of the newest set changed since its commit,
 * commits onto the one `docent/auto-docs-<kind>` branch, and records its outcome for the settings.
 */
export function docSetHandler(
  repos: RepoRepository,
  service: RepoService,
  sets: DocSetStore,
  opts: DocSetHandlerOptions,
  clones: KeyedMutex = new KeyedMutex(),
): JobHandler<DocSetJobPayload> {
  return (ctx) =>
    clones.run(ctx.job.repository_id ?? String(ctx.job.id), async () => {
      const payload = ctx.payload;
      if (!payload.auto || !ctx.job.repository_id) return buildDocSet(repos, service, sets, opts, ctx);
      const { kind, auto } = payload;
      const repositoryId = ctx.job.repository_id;
      try {
        return await buildDocSet(repos, service, sets, opts, ctx);
      } catch (err) {
        const parts = [autoDocPart(ctx.signal.aborted ? 'CANCELLED' : 'FAILED')];
        await recordAutoRun(repos, repositoryId, kind, { commit: auto.after, jobId: ctx.job.id, result: 'failed', parts }).catch(
          () => undefined,
        );
        throw err;
      }
    });
}

async function buildDocSet(
  repos: RepoRepository,
  service: RepoService,
  sets: DocSetStore,
  opts: DocSetHandlerOptions,
  ctx: JobContext<DocSetJobPayload>,
): Promise<string> {
  const { job, payload, signal, log, progress, text } = ctx;
  const kind = payload.kind;
  const kindTitle = kind === 'arch' ? text.kindArch : text.kindApi;
  const auto = payload.auto;
  const form = formOfConfig(payload.config);
  const formats = formatsOf(form) as DocFormat[];
  // A push's commit reaches git: a full object id only (docs/security.md).
  if (auto) objectId(auto.after, "The push's new commit");
  const checkout = await checkoutForJob(repos, service, opts, ctx);
  const { repo, dest } = checkout;
  let commit = checkout.commit;
  const git = gitIn(checkout, signal);

  if (auto) {
    // A push's update documents the pushed commit (its analysis may still be running).
    if (auto.after !== commit) {
      try {
        await git(['checkout', '-q', '-f', '--detach', auto.after, '--']);
        commit = auto.after;
      } catch {
        throw new Error(text.pushedCommitGone(auto.after.slice(0, 12)));
      }
    }
    await log('INFO', text.automaticUpdate(commit.slice(0, 12)));
  }
  // The docs describe what was analysed: the latest analysed commit when the clone has it.
  const stored = auto ? undefined : ((await repos.details(repo.id, ANALYSED_COMMIT)) as { commit?: string } | null)?.commit;
  const analysed = isObjectId(stored) ? stored : undefined;
  if (analysed && analysed !== commit) {
    try {
      await git(['checkout', '-q', '-f', '--detach', analysed, '--']);
      commit = analysed;
      await log('INFO', text.usingAnalysed(analysed.slice(0, 12), checkout.commit.slice(0, 12)));
    } catch {
      await log('WARNING', text.analysedGone(analysed.slice(0, 12), commit.slice(0, 12)));
    }
  }

  const previousSet = await sets.latest(repo.id, kind);
  let previous: { manifest: DocManifest; files: GeneratedDoc[] } | undefined;
  if (previousSet && isManifest(previousSet.manifest, kind)) {
    const stored = await sets.files(previousSet.id);
    previous = {
      manifest: previousSet.manifest,
      files: stored.map((f) => ({
        name: f.name,
        format: f.format as DocFormat,
        content: isText(f.contentType) ? f.content.toString('utf8') : f.content,
      })),
    };
  }
  if (auto && previousSet && previous) {
    // Only when a source of the set changed since the set's own commit (docgen's manifest names them).
    const changed =
      previousSet.commit === commit
        ? []
        : !isObjectId(previousSet.commit)
          ? null
          : await git(['diff', '--name-only', '-z', END_OF_OPTIONS, previousSet.commit, commit]).then(
              (out) => out.split('\0').filter(Boolean),
              () => null,
            );
    // docgen's whole module graph is loaded only by the jobs that use it (docs/decisions.md "Heavy packages load on first use")
    const { docSetSourcesChanged } = await import('@docent/docgen');
    const relevant = changed === null ? null : docSetSourcesChanged(previous.manifest, changed);
    if (relevant === null) await log('WARNING', text.setCommitGone(previousSet.commit.slice(0, 12)));
    else if (relevant.length === 0) {
      const since = previousSet.commit.slice(0, 7);
      await log('INFO', text.noDocSourceChanged(kindTitle, since));
      const parts = [autoDocPart(kind === 'arch' ? 'ARCH_UNCHANGED' : 'API_UNCHANGED', { commit: since })];
      await recordAutoRun(repos, repo.id, kind, { commit, jobId: job.id, result: 'unchanged', parts });
      return text.noDocSourceChangedResult(kindTitle);
    } else
      await log(
        'INFO',
        text.sourcesChanged(
          previousSet.commit.slice(0, 12),
          relevant.length,
          `${relevant.slice(0, 20).join(', ')}${relevant.length > 20 ? ', …' : ''}`,
        ),
      );
  }
  await progress(25, text.generatingDocs(kindTitle, formats.join(', ')));
  const started = Date.now();
  // in a worker thread: the API's event loop keeps answering meanwhile
  const set = await runOffThread(
    'generateDocSet',
    [dest, kind, formats, { meta: { name: `${repo.organization_name}/${repo.repo_name}`, commit }, ...(previous ? { previous } : {}) }],
    { signal },
  );
  signal.throwIfAborted();
  await log('INFO', text.generatedIn(((Date.now() - started) / 1000).toFixed(1)));
  if (set.regenerated.length > 0) await log('INFO', text.pagesRegenerated(set.regenerated.length, set.regenerated.join(', ')));
  if (set.reused.length > 0)
    await log('INFO', text.pagesReused(previousSet!.commit.slice(0, 12), set.reused.length, set.reused.join(', ')));

  const files: StoredDocFile[] = set.files.map((f) => {
    if (normalDocPath(f.name) !== f.name) throw new JobFailure('generatorBadName', JSON.stringify(f.name));
    const content = typeof f.content === 'string' ? Buffer.from(f.content, 'utf8') : Buffer.from(f.content);
    return { name: f.name, format: f.format, contentType: contentTypeOf(f.name), size: content.length, content };
  });
  const total = files.reduce((n, f) => n + f.size, 0);
  for (const f of files) await log('INFO', `${f.name}: ${human(f.size)}`);
  if (total > opts.maxSetBytes) throw new Error(text.setTooLarge(human(total), human(opts.maxSetBytes)));

  await progress(82, text.storingDocs);
  const hosted = form.hostDocumentation && form.generateHtml;
  const setId = await sets.save(
    { repositoryId: repo.id, kind, commit, jobId: job.id, hosted, manifest: set.manifest, files },
    opts.keepVersions,
  );
  const urls = setUrls(repo.id, kind, commit);
  if (hosted) {
    // The repository page's site button: the architecture docs, else the API docs.
    if (kind === 'arch' || !repo.site_url || !repo.site_url.startsWith('/docs/')) await repos.setSiteUrl(repo.id, urls.latest);
    await log('INFO', text.hostedAt(urls.latest, urls.version));
  }

  let delivery: DocDelivery | null = null;
  if (payload.config.commitOutput) {
    await progress(88, text.committingDocs);
    delivery = await commitDocs({
      ctx,
      git,
      service,
      repo,
      kind,
      commit,
      files,
      source: checkout.source,
      out: payload.config.commitOutput,
      ...(auto ? { autoBranch: autoDocSetBranch(kind) } : {}),
    });
  }
  // Files of single pages are downloaded with their format's zip; the index, books and extras alone.
  const partNames = new Set(Object.values(set.manifest.pages).flatMap((p) => p.files));
  const result: DocSetResult = {
    kind,
    commit,
    formats,
    files: files.map((f) => ({
      name: f.name,
      format: f.format,
      size: f.size,
      contentType: f.contentType,
      url: urls.file(f.name),
      part: partNames.has(f.name),
    })),
    zipUrl: urls.zip,
    siteUrl: hosted ? urls.latest : null,
    versionUrl: hosted ? urls.version : null,
    regenerated: set.regenerated,
    reused: set.reused,
    delivery,
  };
  await sets.setResult(setId, result);
  if (auto) {
    const where = delivery?.pullRequest
      ? [autoDocPart('PULL_REQUEST', { number: delivery.pullRequest.number })]
      : delivery?.pushed && delivery.branch
        ? [autoDocPart('PUSHED_TO', { branch: delivery.branch })]
        : [];
    await recordAutoRun(repos, repo.id, kind, {
      commit,
      jobId: job.id,
      result: 'regenerated',
      parts: [
        autoDocPart('PAGES', { regenerated: set.regenerated.length, reused: set.reused.length }),
        ...(hosted ? [autoDocPart('HOSTED_AT', { url: urls.latest })] : []),
        ...where,
      ],
    });
  } else {
    // what a push's automatic update will reuse
    await saveDocSetConfig(repos, repo.id, kind, payload.config);
  }
  return text.docsComplete;
}

function isText(contentType: string): boolean {
  return /charset=utf-8|^text\//.test(contentType);
}

function isManifest(m: unknown, kind: DocSetKind): m is DocManifest {
  return (
    typeof m === 'object' &&
    m !== null &&
    (m as DocManifest).version === 2 &&
    (m as DocManifest).kind === kind &&
    typeof (m as DocManifest).pages === 'object'
  );
}

/**
 * Commits the files into `out.path` on the chosen branch. A new branch `docent/<kind>-docs-<sha>`
 * and a pull request take its place when the chosen branch is the default one and the user did
 * not confirm a direct push, or when the remote refuses the push (a protected branch).
 */
async function commitDocs(a: {
  ctx: JobContext;
  git: Git;
  service: RepoService;
  repo: RepositoryRow;
  kind: DocSetKind;
  commit: string;
  files: StoredDocFile[];
  source: string;
  out: NonNullable<ArchDocConfig['commitOutput']>;
  /** automatic update: this one branch (replaced with a lease) instead of a new one per commit */
  autoBranch?: string;
}): Promise<DocDelivery> {
  const { ctx, git, repo, kind, commit, files } = a;
  const { log, signal, text } = ctx;
  const delivery: DeliveryContext = { git, log, signal, text };
  const dir = normalDocPath(a.out.path)!;
  const target = a.out.branch.trim();
  const local = `docent-tmp/${kind}-docs-${ctx.job.id}`;
  const base: DocDelivery = {
    branch: null,
    path: dir,
    pushed: false,
    direct: false,
    branchUrl: null,
    pullRequest: null,
    deliveryNote: null,
  };
  const title = a.autoBranch
    ? `docs: keep the ${KIND_TITLE[kind]} documentation up to date (Docent)`
    : `docs: ${KIND_TITLE[kind]} documentation for ${commit.slice(0, 7)} (Docent)`;
  try {
    // The chosen branch reaches git (ls-remote, fetch, push): git's branch-name rules, after END_OF_OPTIONS.
    branchName(target, 'The branch to commit the documentation to');
    if (normalDocPath(a.out.path) === null) throw new GitArgumentError('docsFolderNotPlain');
    const defaultBranch = repo.default_branch ?? (await remoteDefaultBranch(git));
    // The docs go on top of the chosen branch when it exists, else a new branch from the documented commit.
    const exists = (await remoteBranchHead(git, target)) !== null;
    const parent = exists ? await fetchRemoteBranch(git, target) : commit;
    return await onScratchBranch(git, { local, from: parent, restoreTo: commit }, async (): Promise<DocDelivery> => {
      // Through the one guarded write: a folder of the path that is a symbolic link in the
      // repository (or a file that is one) is refused, nothing is written outside the checkout.
      const top = await git(['rev-parse', '--show-toplevel']).then((s) => s.trim());
      for (const f of files) await writeInsideCheckout(top, `${dir}/${f.name}`, f.content);
      await git(['add', '--', dir]);
      const staged = await git(['diff', '--cached', '--name-only']);
      if (staged.trim() === '') {
        const note = text.folderAlreadyHolds(dir, target);
        await log('INFO', note);
        return { ...base, branch: exists ? target : null, deliveryNote: note };
      }
      await commitAsDocent(git, title, `Generated by Docent from ${commit} (${files.length} file(s) in ${dir}/).`);

      const direct = target !== defaultBranch || a.out.confirmDirectPush === true;
      if (direct) {
        try {
          await pushBranch(delivery, local, target);
          await log('INFO', text.pushedDocsTo(target, dir));
          return { ...base, branch: target, pushed: true, direct: true, branchUrl: branchWebUrl(repo.vendor, a.source, target) };
        } catch (err) {
          if (signal.aborted) throw err;
          await log('WARNING', text.directPushRefused(target, deliveryFailure(err)));
        }
      } else {
        await log('INFO', text.defaultBranchGetsPr(target));
      }
      let branch: string;
      if (a.autoBranch) {
        // One branch per doc type for automatic updates: rebuilt from the target on each push and
        // replaced only if it is still what was read here (another update may have pushed since).
        branch = a.autoBranch;
        await pushBranch(delivery, local, branch, { expected: await remoteBranchHead(git, branch) });
      } else {
        branch = await pushToFreeBranch(delivery, local, `docent/${kind}-docs-${commit.slice(0, 7)}`);
      }
      await log('INFO', text.pushedBranch(branch));
      const pr = exists
        ? await openOrReusePullRequest(
            a.service,
            repo,
            {
              head: branch,
              base: target,
              title,
              body: `${KIND_TITLE[kind]} documentation generated by Docent from ${commit}, in \`${dir}/\`.`,
            },
            ctx,
          )
        : null;
      return {
        ...base,
        branch,
        pushed: true,
        branchUrl: branchWebUrl(repo.vendor, a.source, branch),
        pullRequest: pr && { url: pr.url, number: pr.number, vendor: pr.vendor },
      };
    });
  } catch (err) {
    if (signal.aborted) throw err;
    const note = text.docsNotCommitted(deliveryFailure(err));
    await log('WARNING', note);
    return { ...base, deliveryNote: note };
  }
}
