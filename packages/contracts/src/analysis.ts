import { z } from 'zod';
import { ComplexityCategory, Scope, VersionState } from './enums.ts';

/** docs/spec-conformance.md §3 Analysis report and its parts; produced by packages/analyzer, stored by the server. */

export const TextStatistics = z.object({
  wordCount: z.number().int(),
  lines: z.number().int(),
  /** seconds, at 200 words per minute */
  readingTime: z.number(),
  avgSentenceLength: z.number(),
  fleschReadingEase: z.number(),
  fleschKincaidGrade: z.number(),
  smogIndex: z.number(),
});
export type TextStatistics = z.infer<typeof TextStatistics>;

export const BrokenLink = z.object({
  /** the link target as written in the README */
  url: z.string(),
  /** 1-based line in the README */
  line: z.number().int(),
  kind: z.enum(['link', 'image', 'anchor', 'external']),
  reason: z.string(),
});
export type BrokenLink = z.infer<typeof BrokenLink>;

export const GrammarIssue = z.object({
  message: z.string(),
  line: z.number().int(),
  column: z.number().int(),
  rule: z.string(),
  /** the words the issue is about, as written */
  text: z.string().optional(),
});
export type GrammarIssue = z.infer<typeof GrammarIssue>;

/** One README recommendation as a code with parameters (the web words it in the user's language). */
export const ReadmeRecommendationCode = z.enum([
  'ADD_README',
  'README_UNREADABLE',
  'README_BINARY',
  'README_TOO_LONG',
  'ADD_SECTION',
  'FIX_LINKS',
  'FIX_GRAMMAR',
  'IMPROVE_READABILITY',
  'ADD_CONTENT',
  'IMPROVE_CLARITY',
  'EXCELLENT',
]);
export const ReadmeRecommendation = z.object({ code: ReadmeRecommendationCode, params: z.record(z.string(), z.string()) });
export type ReadmeRecommendation = z.infer<typeof ReadmeRecommendation>;

/** One change the suggested README makes, with why (a code with parameters). */
export const ReadmeChangeCode = z.enum([
  'ADD_DESCRIPTION',
  'ADD_INSTALLATION',
  'ADD_USAGE',
  'ADD_LICENSE',
  'ADD_CONTRIBUTING',
  'ADD_TOC',
  'FIX_LINK',
  'ADD_TITLE',
]);
export const ReadmeChange = z.object({ code: ReadmeChangeCode, params: z.record(z.string(), z.string()) });
export type ReadmeChange = z.infer<typeof ReadmeChange>;

export const ReadmeAnalysis = z.object({
  /** README path relative to the repository root, null when there is none */
  fileName: z.string().nullable(),
  calculatedQualityScore: z.number().min(0).max(100),
  wordCount: z.number().int(),
  /** number of grammar issues found */
  grammarError: z.number().int(),
  grammarIssues: z.array(GrammarIssue),
  brokenLinks: z.array(BrokenLink),
  llmInterpretationScore: z.number().min(0).max(100),
  /** 'llm' when an OpenAI-compatible endpoint scored it, 'rubric' for the deterministic rubric */
  llmInterpretationSource: z.enum(['llm', 'rubric']),
  textStatistics: TextStatistics,
  /** English wording of `recommendationCodes`, one list without duplicates or contradictions (docs/metrics/readme.md) */
  recommendations: z.array(z.string()),
  recommendationCodes: z.array(ReadmeRecommendation).optional(),
  /** what the suggested README changes, each with its reason; empty when there is no suggestion */
  suggestionChanges: z.array(ReadmeChange).optional(),
  /** the README's format, for the suggestion's file name and diff */
  format: z.enum(['markdown', 'rst', 'text']).optional(),
  /** what the analysis wants the user to know about itself (LLM fallback, README cut short…) */
  notes: z.array(z.string()).optional(),
});
export type ReadmeAnalysis = z.infer<typeof ReadmeAnalysis>;

export const AnalysisReport = z.object({
  basicFuncDocAnalysis: z
    .object({
      totalFunctions: z.number().int(),
      /** functions with a doc that is not trivial (docs/metrics/functions.md): the documented share's numerator */
      totalDocumented: z.number().int(),
      /** functions whose doc only restates the name, not in totalDocumented; omitted when 0 (and in reports made before) */
      trivialDocs: z.number().int().optional(),
    })
    .optional(),
  advancedFuncDocAnalysis: z.object({ outdatedDocCount: z.number().int(), urgentDocCount: z.number().int() }).optional(),
  readmeAnalysis: ReadmeAnalysis.optional(),
  /** language name → percent of included bytes (0–100) */
  programmingLanguages: z.record(z.string(), z.number()).optional(),
});
export type AnalysisReport = z.infer<typeof AnalysisReport>;

/**
 * A finding about a function's doc as a code with parameters: the web app words it in the user's
 * language; `explanation` fields keep the English wording for API users (docs/metrics.md).
 */
export const DocFindingCode = z.enum([
  // signature versus doc (no history needed)
  'DOC_PARAM_NOT_IN_SIGNATURE',
  'DOC_RETURN_BUT_NONE',
  // contract changes after the doc's last change (git history)
  'PARAM_ADDED_UNDOCUMENTED',
  'RAISE_REMOVED_STILL_DOCUMENTED',
  'RAISE_ADDED_UNDOCUMENTED',
  'DEFAULT_CHANGED_DOC_STATES_OLD',
  'RETURN_TYPE_CHANGED_DOC_STATES_OLD',
  'RETURN_NONE_REMOVED_STILL_DOCUMENTED',
  // review suggestions: changes that may or may not make the doc wrong
  'PARAM_ADDED',
  'PARAM_REMOVED',
  'DEFAULT_CHANGED',
  'RETURN_KIND_CHANGED',
  'RAISE_ADDED',
  'RAISE_REMOVED',
  'DECORATOR_CHANGED',
  'BODY_CHANGED',
  // incomplete from the start
  'PARAMS_UNDOCUMENTED',
  // an LLM judged a review suggestion and found the doc wrong
  'LLM_JUDGED_OUTDATED',
]);
export type DocFindingCode = z.infer<typeof DocFindingCode>;

export const DocFinding = z.object({
  code: DocFindingCode,
  /** values the text needs: names, commits (short sha), dates (YYYY-MM-DD), a reason */
  params: z.record(z.string(), z.string()),
});
export type DocFinding = z.infer<typeof DocFinding>;

export const OutdatedStatus = z.object({
  /** docs/spec-conformance.md §3 Version state */
  status: VersionState,
  /** one line a user understands; empty when CURRENT */
  explanation: z.string(),
  docstring: z.string(),
  grammarError: z.number().int(),
  /** what earned OUTDATED: the doc against the signature, the contract's history, or an LLM's judgement */
  source: z.enum(['signature', 'history', 'llm']).optional(),
  /** the commit that made the contract change (never a merge), for history verdicts */
  commit: z.string().optional(),
  findings: z.array(DocFinding).optional(),
});
export type OutdatedStatus = z.infer<typeof OutdatedStatus>;

/** "Changed since documented": a body change after the doc's last change that may need a look. */
export const ReviewSuggestion = z.object({
  /** short sha of the newest commit that changed the function (a merge is resolved to its change), '' for uncommitted */
  commit: z.string(),
  /** YYYY-MM-DD of that commit */
  date: z.string(),
  /** YYYY-MM-DD of the doc's last change */
  docDate: z.string(),
  explanation: z.string(),
  findings: z.array(DocFinding),
});
export type ReviewSuggestion = z.infer<typeof ReviewSuggestion>;

/** A doc that documents parameters but not all of them, and never did (not outdated: incomplete). */
export const IncompleteDoc = z.object({
  missingParams: z.array(z.string()),
  explanation: z.string(),
  findings: z.array(DocFinding),
});
export type IncompleteDoc = z.infer<typeof IncompleteDoc>;

export const FunctionAnalysisEntry = z.object({
  name: z.string(),
  /** path relative to the repository root, forward slashes */
  fileName: z.string(),
  /** `path#L12-L30` */
  gitLocation: z.string(),
  content: z.string(),
  docstring: z.string().nullable(),
  /** language name as Linguist spells it, e.g. "Python", "TypeScript" */
  languageType: z.string(),
  complexityCategory: ComplexityCategory,
  complexity: z.number().int(),
  scope: Scope,
  urgentDocumentation: z.boolean(),
  outdatedStatus: OutdatedStatus,
  /** set when the body changed after the doc in a way no rule calls a contradiction */
  reviewSuggestion: ReviewSuggestion.nullable().optional(),
  /** set when the doc lists parameters but misses some that existed when it was written */
  incompleteDoc: IncompleteDoc.nullable().optional(),
  /** true when the doc only restates the function's name and parameters: not counted as documented; omitted otherwise */
  trivialDoc: z.boolean().optional(),
  startLine: z.number().int(),
  endLine: z.number().int(),
  isTest: z.boolean(),
});
export type FunctionAnalysisEntry = z.infer<typeof FunctionAnalysisEntry>;

const Bucket = z.object({ documented: z.number().int(), total: z.number().int() });
export const DocMetrics = z.object({
  totalFunctions: z.number().int(),
  /** trivial docs excluded, here and in the buckets' `documented` */
  totalDocumented: z.number().int(),
  /** functions with a trivial doc; omitted when 0 */
  trivialDocs: z.number().int().optional(),
  complexity: z.object({ low: Bucket, medium: Bucket, high: Bucket }),
  visibility: z.object({ public: Bucket, private: Bucket, protected: Bucket }),
});
export type DocMetrics = z.infer<typeof DocMetrics>;

/** Everything one analysis run produces. */
export const AnalysisResult = z.object({
  report: AnalysisReport,
  functions: z.array(FunctionAnalysisEntry),
  docMetrics: DocMetrics.optional(),
  /** suggested improved README (markdown), null when nothing is missing */
  readmeSuggestion: z.string().nullable().optional(),
  readmeContent: z.string().nullable().optional(),
  stats: z.object({
    files: z.number().int(),
    bytes: z.number().int(),
    parsedFiles: z.number().int(),
    cachedFiles: z.number().int(),
    skippedFiles: z.number().int(),
    testFunctions: z.number().int(),
    durationMs: z.number(),
  }),
});
export type AnalysisResult = z.infer<typeof AnalysisResult>;

export const AnalysisOnly = z.enum(['languages', 'basicDoc', 'advancedDoc', 'readme']);
export type AnalysisOnly = z.infer<typeof AnalysisOnly>;
