import type { z } from 'zod';
import { detailParts } from './detail-parts.ts';

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
/** One sentence from the parts' texts, in any language: joined by semicolons, with a full stop. */
export function joinAutoDocDetail(texts: readonly string[]): string {
  return texts.length ? `${texts.join('; ')}.` : '';
}

const autoDocDetail = detailParts(AUTO_DOC_DETAIL_EN, joinAutoDocDetail);
export const AutoDocDetailCode = autoDocDetail.Code;
export type AutoDocDetailCode = z.infer<typeof AutoDocDetailCode>;
export const AutoDocDetailPart = autoDocDetail.Part;
export type AutoDocDetailPart = z.infer<typeof AutoDocDetailPart>;

/** A part with its parameters as texts. */
export const autoDocPart = autoDocDetail.part;

/** The English sentence of an automatic run's parts (the server's `detail`). */
export const autoDocDetailEnglish = autoDocDetail.english;
