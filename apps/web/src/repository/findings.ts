import type { TFunction } from 'i18next';
import type { DocFinding, FunctionAnalysisEntry } from '@docent/contracts';

/**
 * Words the analyzer's findings (codes with parameters, docs/metrics.md) in the interface
 * language. An entry without findings (a report from before findings existed) keeps the server's
 * English `explanation`.
 */

const quote = (name: string | undefined): string => `'${name ?? ''}'`;
const quoteList = (names: string | undefined): string =>
  (names ?? '')
    .split(',')
    .filter(Boolean)
    .map((n) => `'${n}'`)
    .join(', ');

function nounOf(t: TFunction, language: string): string {
  return t(language === 'Python' ? 'repository.findings.docstring' : 'repository.findings.doc');
}

/** One finding as a sentence (OUTDATED, incomplete) or a clause (review suggestions). */
export function findingText(t: TFunction, f: DocFinding, language: string): string {
  const p = f.params;
  const noun = nounOf(t, language);
  const commit = p.commit || t('repository.findings.uncommitted');
  const values = { ...p, noun, commit, name: quote(p.name), type: quote(p.type), names: quoteList(p.names) };
  switch (f.code) {
    case 'RETURN_KIND_CHANGED':
      return t(p.now === 'value' ? 'repository.findings.RETURN_NOW_VALUE' : 'repository.findings.RETURN_NOW_NONE');
    case 'PARAM_REMOVED':
      return p.renamed
        ? t('repository.findings.PARAM_RENAMED', { name: quote(p.name), renamed: quote(p.renamed) })
        : t('repository.findings.PARAM_REMOVED', values);
    case 'DECORATOR_CHANGED':
      return t(p.change === 'added' ? 'repository.findings.DECORATOR_ADDED' : 'repository.findings.DECORATOR_REMOVED', { name: p.name });
    default:
      return t(`repository.findings.${f.code}`, values);
  }
}

/** Why an entry is OUTDATED, in the interface language. */
export function outdatedReason(t: TFunction, fn: FunctionAnalysisEntry): string {
  const findings = fn.outdatedStatus.findings ?? [];
  return findings.length ? findings.map((f) => findingText(t, f, fn.languageType)).join(' ') : fn.outdatedStatus.explanation;
}

/** The review list's text for an entry: what changed since its doc, and what the doc leaves out. */
export function reviewReason(t: TFunction, fn: FunctionAnalysisEntry): string {
  const parts: string[] = [];
  const review = fn.reviewSuggestion;
  if (review) {
    const what = review.findings.map((f) => findingText(t, f, fn.languageType)).join('; ');
    const noun = nounOf(t, fn.languageType);
    parts.push(
      review.commit
        ? t('repository.findings.review', { commit: review.commit, date: review.date, docDate: review.docDate, noun, what })
        : t('repository.findings.reviewUncommitted', { docDate: review.docDate, noun, what }),
    );
  }
  const incomplete = fn.incompleteDoc;
  if (incomplete) parts.push(incomplete.findings.map((f) => findingText(t, f, fn.languageType)).join(' ') || incomplete.explanation);
  return parts.join(' ');
}

/**
 * The documentation-issues modal's two lists of entries that are not OUTDATED: `review`, whose
 * suggestion has a contract finding (a parameter, default, return, raise or decorator changed) or
 * whose doc is incomplete; and `bodyChanged`, whose only findings are BODY_CHANGED (a word the doc
 * names that the body gained or lost), a hint weighed lower: held out, body-only suggestions were
 * worth a look in 2 of 35, contract ones in 28 of 38 (docs/metrics/outdated.md, rounds 11 and 12).
 * A suggestion without findings (a report from before findings existed) stays in `review`.
 */
export function reviewLists(fns: readonly FunctionAnalysisEntry[]): {
  review: FunctionAnalysisEntry[];
  bodyChanged: FunctionAnalysisEntry[];
} {
  const review: FunctionAnalysisEntry[] = [];
  const bodyChanged: FunctionAnalysisEntry[] = [];
  for (const fn of fns) {
    if (fn.outdatedStatus.status === 'OUTDATED' || !(fn.reviewSuggestion || fn.incompleteDoc)) continue;
    const findings = fn.reviewSuggestion?.findings ?? [];
    const bodyOnly = !fn.incompleteDoc && findings.length > 0 && findings.every((f) => f.code === 'BODY_CHANGED');
    (bodyOnly ? bodyChanged : review).push(fn);
  }
  return { review, bodyChanged };
}

/** The marker for an OUTDATED verdict a model gave (an LLM judged the review suggestion), else null. */
export function judgedMarker(t: TFunction, fn: FunctionAnalysisEntry): string | null {
  if (fn.outdatedStatus.status !== 'OUTDATED' || fn.outdatedStatus.source !== 'llm') return null;
  const model = fn.outdatedStatus.findings?.find((f) => f.code === 'LLM_JUDGED_OUTDATED')?.params.model;
  return model ? t('repository.findings.judgedByModel', { model }) : t('repository.findings.judgedByAModel');
}
