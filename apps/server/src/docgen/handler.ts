import { generateRepository, writeChanges, type RepoOptions } from '@docent/docgen';
import type { DocGenResult, LanguageStyle } from '@docent/contracts';
import { checkoutForJob, type AnalysisHandlerOptions } from '../analysis/handler.ts';
import type { JobHandler } from '../jobs/engine.ts';
import type { RepoRepository } from '../repos/repository.ts';
import type { RepoService } from '../repos/service.ts';
import { KeyedMutex } from '../util/keyed-mutex.ts';
import { GitError, runGit } from '../vendors/git/client.ts';

/** What a DOC_REPO job carries in its payload (set by the route after the plan gate). */
export interface DocJobPayload {
  languages: LanguageStyle[];
  /** the free plan's file limit, null for a full run */
  fileLimit: number | null;
}

export const DOC_DETAILS = 'docgen';

/**
 * The code-docs job: check out (0–20 %), generate with the quality gate (20–85 %), deliver: a
 * commit on a new branch `docent/docs-<short sha>` pushed to the repository's remote (never
 * forced, never the default branch); the patch is kept for the app whatever the push does.
 */
export function docRepoHandler(repos: RepoRepository, service: RepoService, opts: Pick<AnalysisHandlerOptions, 'cloneDir' | 'maxRepoBytes' | 'llm'>, clones: KeyedMutex = new KeyedMutex()): JobHandler {
  return (ctx) =>
    clones.run(ctx.job.repository_id ?? String(ctx.job.id), async () => {
      const { job, signal, log, progress } = ctx;
      const payload = job.payload as unknown as DocJobPayload;
      const checkout = await checkoutForJob(repos, service, opts, ctx);
      const { repo, dest, commit } = checkout;
      const configs: RepoOptions['configs'] = {};
      for (const l of payload.languages ?? []) configs[l.name] = { docstringStyle: l.docstringStyle, maxDocStringLength: l.maxDocStringLength };
      if (payload.fileLimit !== null) await log('INFO', `Free plan: at most ${payload.fileLimit} files, the most undocumented first`);
      let lastReport = 0;
      if (opts.llm) await log('INFO', `Prose: ${opts.llm.model} (${opts.llm.name}) where its text passes the checks, the deterministic generator elsewhere`);
      const result = await generateRepository(dest, {
        configs,
        signal,
        ...(opts.llm ? { llm: opts.llm } : {}),
        ...(payload.fileLimit !== null ? { fileLimit: payload.fileLimit } : {}),
        onProgress: (done, total, file) => {
          if (Date.now() - lastReport < 500 && done < total) return;
          lastReport = Date.now();
          void progress(20 + Math.round((65 * done) / Math.max(1, total)), file ? `Documenting ${file}` : 'Documented');
        },
      }).catch((err: unknown) => {
        // A style the language does not support, named in the user's words.
        if (err instanceof RangeError) throw new Error(err.message);
        throw err;
      });
      const s = result.summary;
      const fromModel = (c: (typeof result.changes)[number]): number => c.outcomes.filter((o) => o.action !== 'skipped' && o.prose === 'model').length;
      for (const c of result.changes) {
        const n = c.outcomes.filter((o) => o.action !== 'skipped').length;
        await log('INFO', `${c.path}: ${n} function(s) documented${opts.llm ? `, ${fromModel(c)} with prose from the model` : ''}`);
        for (const o of c.outcomes) if (o.action !== 'skipped' && o.rejected) await log('DEBUG', `${c.path} ${o.name}: model text refused (${o.rejected.join('; ')})`);
      }
      for (const g of s.gateFailures) await log('WARNING', `Quality gate: ${g} (file left unchanged)`);
      for (const p of s.staleParams) await log('WARNING', `${p.path} ${p.name} documents ${p.params.join(', ')}, which the signature lacks`);
      await log('INFO', `Functions: ${s.documented} documented, ${s.updated} updated, ${s.skipped} skipped in ${s.files} file(s)`);
      if (s.model) await log('INFO', `Prose from ${s.model}: ${s.modelProse} of ${s.documented + s.updated} docstring(s)`);

      const short = commit.slice(0, 7);
      let branch: string | null = null;
      let pushed = false;
      let deliveryNote: string | null = null;
      if (result.changes.length === 0) deliveryNote = 'Nothing to change: every function is documented.';
      else {
        await progress(88, 'Committing');
        branch = `docent/docs-${short}`;
        const git = (args: string[]) => runGit(args, { cwd: dest, signal, remoteConfig: checkout.remoteConfig, allowFile: checkout.local, timeoutMs: 10 * 60 * 1000 });
        try {
          await git(['checkout', '-B', branch, commit]);
          await writeChanges(dest, result.changes);
          await git(['add', '--', ...result.changes.map((c) => c.path)]);
          await git(['-c', 'user.name=Docent', '-c', 'user.email=docent@localhost', '-c', 'commit.gpgsign=false', 'commit', '-q', '-m', `docs: docstrings for ${s.documented + s.updated} functions (Docent)`, '-m', s.model && s.modelProse > 0 ? `Generated from ${commit} by Docent; the prose of ${s.modelProse} function(s) was written by ${s.model}, the rest by the deterministic generator; every file passed its quality gate.` : `Generated from ${commit} by Docent's deterministic generator; every file passed its quality gate.`]);
          await log('COMMAND', `git push origin ${branch}`);
          // A plain push: an existing branch of that name is never overwritten.
          await git(['push', 'origin', `refs/heads/${branch}:refs/heads/${branch}`]);
          pushed = true;
          await log('INFO', `Pushed branch ${branch}`);
        } catch (err) {
          if (signal.aborted) throw err;
          deliveryNote = `The branch could not be pushed: ${err instanceof GitError ? err.message.split('\n')[0] : 'git failed'}. The patch can be downloaded.`;
          await log('WARNING', deliveryNote);
        } finally {
          // The clone cache goes back to the checked-out commit for the next job.
          await git(['checkout', '-q', '-f', '--detach', commit]).catch(() => undefined);
          await git(['branch', '-D', branch]).catch(() => undefined);
        }
      }
      const saved: DocGenResult = {
        commit,
        branch: pushed ? branch : null,
        pushed,
        deliveryNote,
        fileLimit: payload.fileLimit,
        documented: s.documented,
        updated: s.updated,
        skipped: s.skipped,
        files: result.changes.map((c) => ({ path: c.path, functions: c.outcomes.filter((o) => o.action !== 'skipped').length, diff: c.diff, ...(s.model ? { modelProse: fromModel(c) } : {}) })),
        diff: result.diff,
        modelProse: s.modelProse,
        model: s.model,
      };
      await progress(96, 'Saving the patch');
      await repos.saveDetails(repo.id, DOC_DETAILS, saved);
      return 'Documentation generation complete!';
    });
}
