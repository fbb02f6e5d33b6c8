import { z } from 'zod';
import { DocType, JobState, Vendor } from './enums.ts';
import { GitRepoPayload } from './repos.ts';

/**
 * The docType of the code-docs route `/v1/git/generate/{docType}/doc`: `repo`. `arch` and `api`
 * have their own static routes (archdocs.ts), which take precedence; anything else is refused.
 */
export const BuiltDocType = DocType.extract(['repo'], { error: 'docType must be repo, arch or api.' });

/** One language's docstring settings (spec "Repository language config": max line length 40–120). */
export const LanguageStyle = z.object({
  name: z.string().min(1).max(40),
  docstringStyle: z.string().min(1).max(40),
  maxDocStringLength: z
    .number()
    .int('Max line length must be a whole number.')
    .min(40, 'Max line length must be at least 40.')
    .max(120, 'Max line length must be at most 120.'),
});
export type LanguageStyle = z.infer<typeof LanguageStyle>;

/**
 * Where Code Docs puts its work (docs/consent.md): `patch` writes nothing into the repository
 * (the diff is shown and downloadable; the default), `branch` pushes a new branch to the
 * repository's remote, `pull_request` pushes it and opens a pull request (code-host repositories).
 */
export const CodeDocsDelivery = z.enum(['patch', 'branch', 'pull_request'], { error: 'delivery must be patch, branch or pull_request.' });
export type CodeDocsDelivery = z.infer<typeof CodeDocsDelivery>;

/**
 * What 'Try Free' documents: at most this many files of a private or a public repository
 * (docs/spec-conformance.md §6). The server's limit is the same figure
 * (tools/doc-checks/trial-limits.test.ts keeps the two equal).
 */
export const FREE_TRIAL_FILE_LIMIT = { private: 3, public: 10 } as const;

export const GenerateDocRequest = GitRepoPayload.extend({
  style_guide: z.object({ languages: z.array(LanguageStyle).max(20) }).optional(),
  /** the 'Try Free' choice of the Pro Feature Required modal: run within the free file limit */
  free_trial: z.boolean().optional(),
  /** the user's explicit choice, remembered for the repository; absent: the remembered one, else `patch` */
  delivery: CodeDocsDelivery.optional(),
});
export type GenerateDocRequest = z.infer<typeof GenerateDocRequest>;

/** The repository's remembered delivery choice and what it would write where. */
export const CodeDocsDeliveryChoice = z.object({
  delivery: CodeDocsDelivery,
  /** whether the user ever chose (false: the default, nothing is written) */
  chosen: z.boolean(),
  /** the remote a branch would be pushed to, without any credential */
  remote: z.string(),
  /** a pull request can be opened (the repository belongs to a code-host connection) */
  pullRequests: z.boolean(),
});
export type CodeDocsDeliveryChoice = z.infer<typeof CodeDocsDeliveryChoice>;

/** Set a repository's per-language docstring settings. */
export const DocConfigRequest = GitRepoPayload.extend({ languages: z.array(LanguageStyle).max(20) });

export const GenerateDocResponse = z.object({ message: z.string(), lroJobId: z.number().int() });

export const DocStatusQuery = z.object({
  jobId: z.coerce.number().int().positive().max(2_147_483_647),
  since: z.coerce.number().int().min(0).optional(),
});

/** What a DOC_REPO job leaves behind: the patch and where it was delivered. */
export const DocGenResult = z.object({
  commit: z.string(),
  /** what the user chose for this run (older results: absent, they were pushed) */
  delivery: CodeDocsDelivery.optional(),
  branch: z.string().nullable(),
  pushed: z.boolean(),
  /** why the branch was not pushed, when it was not */
  deliveryNote: z.string().nullable(),
  /** the pushed branch's page on the vendor's site (hosted https repositories only) */
  branchUrl: z.string().nullable().optional(),
  /** the pull / merge request opened (or found open) through the vendor's API */
  pullRequest: z
    .object({ url: z.string(), number: z.number().int(), vendor: Vendor.exclude(['GIT']) })
    .nullable()
    .optional(),
  fileLimit: z.number().int().nullable(),
  documented: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  files: z.array(z.object({ path: z.string(), functions: z.number().int(), diff: z.string(), modelProse: z.number().int().optional() })),
  diff: z.string(),
  /** docstrings whose prose came (at least in part) from the LLM; absent or 0: all deterministic */
  modelProse: z.number().int().optional(),
  /** the LLM that wrote that prose, null when no provider was configured */
  model: z.string().nullable().optional(),
});
export type DocGenResult = z.infer<typeof DocGenResult>;

export const DocStatusResponse = z.object({
  jobId: z.number().int(),
  state: JobState,
  percentage: z.number().int(),
  messages: z.array(z.string()),
  lastLine: z.number().int(),
  result: DocGenResult.nullable(),
});

export const PRO_FEATURE_REQUIRED = 'Pro Feature Required';
