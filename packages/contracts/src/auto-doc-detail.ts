import { z } from 'zod';

/**
 * What an automatic documentation update did (the settings' "last run", docs/webhooks.md), as
 * codes with parameters: the server words them in English for `detail` (the API), the web app in
 * the interface's language (`webhooks.autoDetail.<code>`), as it does for delivery details.
 */
export const AUTO_DOC_DETAIL_EN = {
  QUEUED: 'Job {{job}} queued',
  ARCH_NEVER_GENERATED: 'No architecture docs were generated yet: generate them once to choose their options',
  API_NEVER_GENERATED: 'No API docs were generated yet: generate them once to choose their options',
  CANCELLED: 'The update was cancelled',
  FAILED: 'The update failed: see the job log',
  NOTHING_TO_DOCUMENT: 'No changed function needed a docstring',
  DOCSTRINGS_UPDATED: 'Docstrings updated in {{files}} file(s)',
  DOCSTRINGS_NOT_PUSHED: 'Docstrings updated in {{files}} file(s), but the branch could not be pushed',
  ARCH_UNCHANGED: 'No source of the architecture docs changed since {{commit}}: the hosted docs stay as they are',
  API_UNCHANGED: 'No source of the API docs changed since {{commit}}: the hosted docs stay as they are',
  PAGES: 'Pages regenerated: {{regenerated}}, reused: {{reused}}',
  HOSTED_AT: 'hosted at {{url}}',
  PULL_REQUEST: 'pull request #{{number}}',
  PUSHED_TO: 'pushed to {{branch}}',
} as const;
export const AutoDocDetailCode = z.enum(Object.keys(AUTO_DOC_DETAIL_EN) as [keyof typeof AUTO_DOC_DETAIL_EN]);
export type AutoDocDetailCode = z.infer<typeof AutoDocDetailCode>;
export const AutoDocDetailPart = z.object({ code: AutoDocDetailCode, params: z.record(z.string(), z.string()) });
export type AutoDocDetailPart = z.infer<typeof AutoDocDetailPart>;

/** One sentence from the parts' texts, in any language: joined by semicolons, with a full stop. */
export function joinAutoDocDetail(texts: readonly string[]): string {
  return texts.length ? `${texts.join('; ')}.` : '';
}

/** A part with its parameters as texts. */
export const autoDocPart = (code: AutoDocDetailCode, params: Record<string, string | number> = {}): AutoDocDetailPart => ({
  code,
  params: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
});

/** The English sentence of an automatic run's parts (the server's `detail`). */
export const autoDocDetailEnglish = (parts: readonly AutoDocDetailPart[]): string =>
  joinAutoDocDetail(parts.map((p) => AUTO_DOC_DETAIL_EN[p.code].replace(/\{\{(\w+)\}\}/g, (_, n: string) => p.params[n] ?? '')));
