import {
  ArchDocConfig,
  autoDocDetailEnglish,
  type AutoDocDetailPart,
  type AutoDocRun,
  type AutoDocSetState,
  type DocSetKind,
} from '@docent/contracts';
import type { RepoRepository } from '../repos/repository.ts';

/**
 * Automatic updates of the architecture / API doc sets after a push to the default branch
 * (docs/hosted-docs.md). A hand-started generation keeps its options (`docset-config-<kind>`); a push
 * queues DOC_ARCH / DOC_API with them and the pushed commit; the job's outcome is kept as the
 * kind's last automatic run (`docset-auto-<kind>`), which the repository settings show.
 */
const configKey = (kind: DocSetKind) => `docset-config-${kind}`;
/** `repo`: the code docs (docstrings) update of webhooks/auto-docs.ts */
export type AutoDocType = DocSetKind | 'repo';
const autoRunKey = (kind: AutoDocType) => (kind === 'repo' ? 'auto-docs-run' : `docset-auto-${kind}`);

/** Each doc type's own branch (and so its own pull request) for automatic updates to the default branch. */
export const autoDocSetBranch = (kind: DocSetKind) => `docent/auto-docs-${kind}`;

/** The options the user last generated this kind with by hand; null when none was generated. */
export async function storedDocSetConfig(repos: RepoRepository, repositoryId: string, kind: DocSetKind): Promise<ArchDocConfig | null> {
  const raw = await repos.details(repositoryId, configKey(kind));
  if (raw === null) return null;
  const parsed = ArchDocConfig.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

export async function saveDocSetConfig(
  repos: RepoRepository,
  repositoryId: string,
  kind: DocSetKind,
  config: ArchDocConfig,
): Promise<void> {
  await repos.saveDetails(repositoryId, configKey(kind), config);
}

export async function recordAutoRun(
  repos: RepoRepository,
  repositoryId: string,
  kind: AutoDocType,
  run: Omit<AutoDocRun, 'at' | 'detail' | 'detailParts'> & { parts: AutoDocDetailPart[] },
): Promise<void> {
  const { parts, ...rest } = run;
  // the English sentence for the API, the codes for the user's language (docs/i18n.md)
  const detail = autoDocDetailEnglish(parts).slice(0, 500);
  await repos.saveDetails(repositoryId, autoRunKey(kind), { ...rest, detail, detailParts: parts, at: new Date().toISOString() });
}

/** What the settings show for one kind. */
export async function autoDocSetState(repos: RepoRepository, repositoryId: string, kind: AutoDocType): Promise<AutoDocSetState> {
  const last = (await repos.details(repositoryId, autoRunKey(kind))) as AutoDocRun | null;
  return { ready: kind === 'repo' || (await storedDocSetConfig(repos, repositoryId, kind)) !== null, lastRun: last ?? null };
}
