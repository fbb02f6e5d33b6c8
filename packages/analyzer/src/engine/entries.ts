import type { DocMetrics, FunctionAnalysisEntry } from '@docent/contracts';
import { describeFinding, finding } from '../functions/findings.ts';
import { isTrivialDoc } from '../functions/trivial-doc.ts';
import type { DocHistoryVerdict } from './history-types.ts';
import { isTestFile } from './test-files.ts';
import type { ParsedFunctionLike } from './types.ts';

export type ComplexityCategory = 'low' | 'medium' | 'high';

/** docs/design.md §5: low ≤ 5, medium 6–10, high > 10. */
export function complexityCategory(complexity: number): ComplexityCategory {
  if (complexity > 10) return 'high';
  if (complexity > 5) return 'medium';
  return 'low';
}

/** docs/design.md §5 urgent rule: undocumented, public, and high complexity (or medium and ≥ 50 lines). */
export function isUrgent(fn: Pick<ParsedFunctionLike, 'docstring' | 'scope' | 'complexity' | 'startLine' | 'endLine'>): boolean {
  if (fn.docstring !== null || fn.scope !== 'public') return false;
  const category = complexityCategory(fn.complexity);
  const lines = fn.endLine - fn.startLine + 1;
  return category === 'high' || (category === 'medium' && lines >= 50);
}

/** 'docstring' for Python, 'doc comment' elsewhere: the word explanations use. */
export function docNoun(language: string): string {
  return language === 'Python' ? 'docstring' : 'doc comment';
}

/**
 * One parsed function as the report lists it. `history` (doc-history.ts) may turn a CURRENT
 * signature verdict into OUTDATED, add a review suggestion, or say which missing parameters were
 * missing from the start. `isTest` may be passed when the caller already knows it for the file.
 */
export function toEntry(
  fn: ParsedFunctionLike,
  fileName: string,
  language: string,
  history: DocHistoryVerdict | null,
  isTest = isTestFile(fileName),
): FunctionAnalysisEntry {
  const noun = docNoun(language);
  let outdatedStatus: FunctionAnalysisEntry['outdatedStatus'];
  if (fn.outdated.status === 'OUTDATED') {
    outdatedStatus = {
      status: 'OUTDATED',
      explanation: fn.outdated.explanation,
      docstring: fn.docstring ?? '',
      grammarError: 0,
      source: 'signature',
      findings: fn.outdated.findings ?? [],
    };
  } else if (history?.outdated) {
    const o = history.outdated;
    outdatedStatus = {
      status: 'OUTDATED',
      explanation: o.explanation,
      docstring: fn.docstring ?? '',
      grammarError: 0,
      source: 'history',
      commit: o.commit,
      findings: o.findings,
    };
  } else {
    outdatedStatus = { status: 'CURRENT', explanation: '', docstring: fn.docstring ?? '', grammarError: 0 };
  }
  const missing = history?.incomplete ?? (history?.outdated || fn.outdated.status === 'OUTDATED' ? [] : (fn.docFacts?.missingParams ?? []));
  const incomplete = missing.length > 0 ? finding('PARAMS_UNDOCUMENTED', { names: missing.join(',') }) : null;
  return {
    name: fn.name,
    fileName,
    gitLocation: `${fileName}#L${fn.startLine}-L${fn.endLine}`,
    content: fn.content,
    docstring: fn.docstring,
    languageType: language,
    complexityCategory: complexityCategory(fn.complexity),
    complexity: fn.complexity,
    scope: fn.scope,
    urgentDocumentation: isUrgent(fn),
    outdatedStatus,
    reviewSuggestion: outdatedStatus.status === 'CURRENT' && history?.review ? reviewOf(history.review) : null,
    incompleteDoc: incomplete ? { missingParams: missing, explanation: describeFinding(incomplete, noun), findings: [incomplete] } : null,
    startLine: fn.startLine,
    endLine: fn.endLine,
    isTest: isTest || fn.isTest === true,
    // only on trivial docs, so reports without any keep their shape
    ...(fn.docstring !== null && isTrivialDoc(fn.docstring, fn.name, fn.docFacts?.signature?.names ?? []) ? { trivialDoc: true } : {}),
  };
}

/** The contract's review suggestion: the verdict without the old text kept for a judge. */
function reviewOf(review: NonNullable<DocHistoryVerdict['review']>): NonNullable<FunctionAnalysisEntry['reviewSuggestion']> {
  const { commit, date, docDate, explanation, findings } = review;
  return { commit, date, docDate, explanation, findings };
}

/**
 * An LLM judged the review suggestion and found the doc wrong: the entry becomes OUTDATED with the
 * model's one-line reason, `source: 'llm'` and an LLM_JUDGED_OUTDATED finding naming the model.
 */
export function promoteJudged(entry: FunctionAnalysisEntry, reason: string, model: string): void {
  const review = entry.reviewSuggestion;
  if (!review) return;
  const f = finding('LLM_JUDGED_OUTDATED', { reason, model, commit: review.commit, date: review.date, docDate: review.docDate });
  entry.outdatedStatus = {
    status: 'OUTDATED',
    explanation: describeFinding(f, docNoun(entry.languageType)),
    docstring: entry.docstring ?? '',
    grammarError: 0,
    source: 'llm',
    commit: review.commit,
    findings: [f],
  };
  entry.reviewSuggestion = null;
}

export interface FunctionFigures {
  totalFunctions: number;
  /** documented and not trivial: what the documented share counts */
  totalDocumented: number;
  /** documented with a trivial doc (functions/trivial-doc.ts), not in totalDocumented; the report omits it when 0 */
  trivialDocs: number;
  outdatedDocCount: number;
  urgentDocCount: number;
  testFunctions: number;
  docMetrics: DocMetrics;
}

/**
 * Headline figures over non-test functions; test functions are only counted. A trivial doc (one
 * that only restates the name, functions/trivial-doc.ts) does not count as documented: it is
 * counted apart in `trivialDocs` (docs/metrics/functions.md).
 */
export function summarizeFunctions(entries: readonly FunctionAnalysisEntry[]): FunctionFigures {
  const bucket = (): { documented: number; total: number } => ({ documented: 0, total: 0 });
  const docMetrics: DocMetrics = {
    totalFunctions: 0,
    totalDocumented: 0,
    complexity: { low: bucket(), medium: bucket(), high: bucket() },
    visibility: { public: bucket(), private: bucket(), protected: bucket() },
  };
  let outdatedDocCount = 0;
  let urgentDocCount = 0;
  let testFunctions = 0;
  let trivialDocs = 0;
  for (const entry of entries) {
    if (entry.isTest) {
      testFunctions++;
      continue;
    }
    const documented = entry.docstring !== null && !entry.trivialDoc ? 1 : 0;
    if (entry.docstring !== null && entry.trivialDoc) trivialDocs++;
    docMetrics.totalFunctions++;
    docMetrics.totalDocumented += documented;
    docMetrics.complexity[entry.complexityCategory].total++;
    docMetrics.complexity[entry.complexityCategory].documented += documented;
    docMetrics.visibility[entry.scope].total++;
    docMetrics.visibility[entry.scope].documented += documented;
    if (entry.outdatedStatus.status === 'OUTDATED') outdatedDocCount++;
    if (entry.urgentDocumentation) urgentDocCount++;
  }
  if (trivialDocs > 0) docMetrics.trivialDocs = trivialDocs;
  return {
    totalFunctions: docMetrics.totalFunctions,
    totalDocumented: docMetrics.totalDocumented,
    trivialDocs,
    outdatedDocCount,
    urgentDocCount,
    testFunctions,
    docMetrics,
  };
}
