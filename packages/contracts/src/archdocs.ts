import { z } from 'zod';
import { JobState, Vendor } from './enums.ts';
import { GitRepoPayload } from './repos.ts';

/**
 * Architecture and API docs (docs/spec-conformance.md §1 doc types `arch`/`api`, §3 Documentation options, §4 Options,
 * §5 validation, §7 `POST /v1/git/generate/{arch|api}/doc` with `arch_doc_config`). The rules live
 * here once: the web form and the server's zod schema both run `docOptionsIssues`.
 */
export const DocSetKind = z.enum(['arch', 'api']);
export type DocSetKind = z.infer<typeof DocSetKind>;

/** The texts of docs/spec-conformance.md §5 (English; the web app shows them through its i18n keys). */
export const DOC_OPTION_TEXTS = {
  pathRequired: 'Please specify a directory path',
  commitRequired: 'Repository commit is required when HTML is not selected',
  hostRequiresHtml: 'Hosting requires HTML to be selected',
  formatRequired: 'Select at least one output format',
  branchInvalid: 'Please specify a valid branch name',
  pathInvalid: 'The directory path must be relative to the repository root, without “..” or “.git”',
} as const;
export type DocOptionRule = keyof typeof DOC_OPTION_TEXTS;

/** The Documentation options entity of docs/spec-conformance.md §3, as the form holds it. */
export interface DocOptionsForm {
  hostDocumentation: boolean;
  generatePdf: boolean;
  generateMd: boolean;
  generateHtml: boolean;
  generateRst: boolean;
  generateXml: boolean;
  generateRtf: boolean;
  commitToGit: boolean;
  branch: string;
  path: string;
}

/** docs/spec-conformance.md §4 Options defaults: host, PDF, Markdown, HTML on; RST, XML (and RTF) off; commit off; branch main; path docs. */
export const DEFAULT_DOC_OPTIONS: DocOptionsForm = {
  hostDocumentation: true,
  generatePdf: true,
  generateMd: true,
  generateHtml: true,
  generateRst: false,
  generateXml: false,
  generateRtf: false,
  commitToGit: false,
  branch: 'main',
  path: 'docs',
};

/** docs/spec-conformance.md §4: unchecking HTML forces commit to repository on and host documentation off. */
export function withHtml(form: DocOptionsForm, on: boolean): DocOptionsForm {
  return on ? { ...form, generateHtml: true } : { ...form, generateHtml: false, commitToGit: true, hostDocumentation: false };
}

const BRANCH_RE = /^(?!-)(?!.*\.\.)(?!.*\/\/)(?!.*@\{)(?!.*\.lock(?:\/|$))(?!\/)(?!.*[/.]$)[A-Za-z0-9._/-]+$/;
export function validBranchName(branch: string): boolean {
  return branch.length <= 200 && branch !== '@' && BRANCH_RE.test(branch);
}

/** `docs`, `docs/arch`: relative, no `..`, no `.git` segment, no backslash or control characters. */
export function normalDocPath(p: string): string | null {
  const trimmed = p
    .trim()
    .replace(/^\.\/+/, '')
    .replace(/\/+$/, '');
  if (trimmed === '' || trimmed.length > 200 || trimmed.startsWith('/') || /[\\\u0000-\u001f\u007f:*?"<>|]/.test(trimmed)) return null;
  const parts = trimmed.split('/');
  if (parts.some((s) => s === '' || s === '.' || s === '..' || s.toLowerCase() === '.git')) return null;
  return parts.join('/');
}

export const DOC_FORMAT_FIELDS = [
  ['md', 'generateMd'],
  ['html', 'generateHtml'],
  ['pdf', 'generatePdf'],
  ['rst', 'generateRst'],
  ['xml', 'generateXml'],
  ['rtf', 'generateRtf'],
] as const satisfies ReadonlyArray<readonly [string, keyof DocOptionsForm]>;
export type DocOutputFormat = (typeof DOC_FORMAT_FIELDS)[number][0];

export function formatsOf(form: Pick<DocOptionsForm, (typeof DOC_FORMAT_FIELDS)[number][1]>): DocOutputFormat[] {
  return DOC_FORMAT_FIELDS.filter(([, field]) => form[field]).map(([f]) => f);
}

/** docs/spec-conformance.md §5 Architecture docs rules (plus: at least one format, a valid branch and path). Empty: valid. */
export function docOptionsIssues(form: DocOptionsForm): Array<{ field: keyof DocOptionsForm | 'formats'; rule: DocOptionRule }> {
  const issues: Array<{ field: keyof DocOptionsForm | 'formats'; rule: DocOptionRule }> = [];
  if (formatsOf(form).length === 0) issues.push({ field: 'formats', rule: 'formatRequired' });
  if (!form.generateHtml && !form.commitToGit) issues.push({ field: 'commitToGit', rule: 'commitRequired' });
  if (form.hostDocumentation && !form.generateHtml) issues.push({ field: 'hostDocumentation', rule: 'hostRequiresHtml' });
  if (form.commitToGit) {
    if (form.path.trim() === '') issues.push({ field: 'path', rule: 'pathRequired' });
    else if (normalDocPath(form.path) === null) issues.push({ field: 'path', rule: 'pathInvalid' });
    if (!validBranchName(form.branch.trim())) issues.push({ field: 'branch', rule: 'branchInvalid' });
  }
  return issues;
}

const CommitOutput = z.object({
  commitToGit: z.literal(true),
  branch: z.string().max(200),
  path: z.string().max(200),
  /** the user confirmed a direct push to the repository's default branch (else a new branch + pull request) */
  confirmDirectPush: z.boolean().optional(),
});

/** The wire form of the options: `commitOutput` is present only when commit is chosen (docs/spec-conformance.md §3). */
export const ArchDocConfig = z
  .object({
    hostDocumentation: z.boolean().default(DEFAULT_DOC_OPTIONS.hostDocumentation),
    generatePdf: z.boolean().default(DEFAULT_DOC_OPTIONS.generatePdf),
    generateMd: z.boolean().default(DEFAULT_DOC_OPTIONS.generateMd),
    generateHtml: z.boolean().default(DEFAULT_DOC_OPTIONS.generateHtml),
    generateRst: z.boolean().default(DEFAULT_DOC_OPTIONS.generateRst),
    generateXml: z.boolean().default(DEFAULT_DOC_OPTIONS.generateXml),
    generateRtf: z.boolean().default(DEFAULT_DOC_OPTIONS.generateRtf),
    commitOutput: CommitOutput.optional(),
  })
  .superRefine((cfg, ctx) => {
    for (const issue of docOptionsIssues(formOfConfig(cfg))) {
      const field =
        issue.field === 'branch' || issue.field === 'path'
          ? ['commitOutput', issue.field]
          : issue.field === 'commitToGit'
            ? ['commitOutput']
            : [issue.field];
      ctx.addIssue({ code: 'custom', message: DOC_OPTION_TEXTS[issue.rule], path: field });
    }
  });
export type ArchDocConfig = z.infer<typeof ArchDocConfig>;

export function formOfConfig(
  cfg: Omit<ArchDocConfig, 'commitOutput'> & { commitOutput?: z.infer<typeof CommitOutput> | undefined },
): DocOptionsForm {
  const { commitOutput, ...flags } = cfg;
  return {
    ...flags,
    commitToGit: commitOutput !== undefined,
    branch: commitOutput?.branch ?? DEFAULT_DOC_OPTIONS.branch,
    path: commitOutput?.path ?? DEFAULT_DOC_OPTIONS.path,
  };
}

/** What the form sends: `commitOutput` only when commit is chosen. */
export function toArchDocConfig(form: DocOptionsForm, confirmDirectPush = false): ArchDocConfig {
  const { commitToGit, branch, path, ...flags } = form;
  return commitToGit
    ? {
        ...flags,
        commitOutput: {
          commitToGit: true,
          branch: branch.trim(),
          path: path.trim(),
          ...(confirmDirectPush ? { confirmDirectPush: true } : {}),
        },
      }
    : flags;
}

export const GenerateDocSetRequest = GitRepoPayload.extend({
  /** accepted for the spec's body shape; architecture and API docs have no docstring style */
  style_guide: z.unknown().optional(),
  arch_doc_config: ArchDocConfig.optional(),
});
export type GenerateDocSetRequest = z.infer<typeof GenerateDocSetRequest>;

export const DocArtifact = z.object({
  name: z.string(),
  format: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  /** download address (same origin; the docs cookie or a bearer credential) */
  url: z.string(),
  /**
   * A file of one page of a multi-page set (a page, its PDF part, its diagrams): downloaded with
   * its format's zip (`zipUrl?format=`), not on its own.
   */
  part: z.boolean().optional(),
});
export type DocArtifact = z.infer<typeof DocArtifact>;

export const DocDelivery = z.object({
  /** the branch the docs were pushed to */
  branch: z.string().nullable(),
  /** the folder inside the repository */
  path: z.string(),
  pushed: z.boolean(),
  /** pushed straight onto the chosen branch (else onto a new branch with a pull request) */
  direct: z.boolean(),
  branchUrl: z.string().nullable(),
  pullRequest: z.object({ url: z.string(), number: z.number().int(), vendor: Vendor.exclude(['GIT']) }).nullable(),
  deliveryNote: z.string().nullable(),
});
export type DocDelivery = z.infer<typeof DocDelivery>;

/** What a DOC_ARCH / DOC_API job leaves behind. */
export const DocSetResult = z.object({
  kind: DocSetKind,
  commit: z.string(),
  formats: z.array(z.string()),
  files: z.array(DocArtifact),
  /** all files in one zip; `?format=md` (html, rst…) one format's files with the diagrams they show */
  zipUrl: z.string(),
  /** the hosted site, latest version (null when not hosted) */
  siteUrl: z.string().nullable(),
  /** the hosted site at this commit */
  versionUrl: z.string().nullable(),
  regenerated: z.array(z.string()),
  reused: z.array(z.string()),
  delivery: DocDelivery.nullable(),
});
export type DocSetResult = z.infer<typeof DocSetResult>;

export const DocSetStatusResponse = z.object({
  jobId: z.number().int(),
  state: JobState,
  percentage: z.number().int(),
  messages: z.array(z.string()),
  lastLine: z.number().int(),
  result: DocSetResult.nullable(),
});
export type DocSetStatusResponse = z.infer<typeof DocSetStatusResponse>;

/** Freshness of a repository's doc sets against its latest analysed commit (the dashboard's badge). */
export const DocSetsState = z.object({
  analysedCommit: z.string().nullable(),
  sets: z.array(
    z.object({
      kind: DocSetKind,
      commit: z.string(),
      generatedAt: z.string(),
      /** true when the set was built from the latest analysed commit (or nothing was analysed yet) */
      fresh: z.boolean(),
      siteUrl: z.string().nullable(),
      result: DocSetResult.nullable(),
    }),
  ),
  /** the options each kind was last generated with by hand (never a confirmed direct push): the form starts from them */
  lastOptions: z.object({ arch: ArchDocConfig.nullable(), api: ArchDocConfig.nullable() }),
});
export type DocSetsState = z.infer<typeof DocSetsState>;

/** The hosted docs' paths: latest `/docs/{repoId}/{kind}/`, a version `/docs/{repoId}/{kind}/@{commit}/`. */
export const hostedDocsPath = (repoId: string, kind: DocSetKind, commit?: string): string =>
  `/docs/${repoId}/${kind}/${commit ? `@${commit}/` : ''}`;
