import type { AnalysisType } from '@docent/contracts';

/**
 * One human label per job type (issue 16 item 6): the raw types the server writes
 * (`ANALYSIS_ADVANCEDDOC`, `DOC_REPO`…) are wire values, never shown. Each maps to an i18n key
 * under `jobs.types`; an unknown type (a newer server) shows as it is.
 */
export const JOB_TYPE_KEYS: Readonly<Record<string, string>> = {
  ANALYSIS: 'full',
  ANALYSIS_COVERAGE: 'full',
  ANALYSIS_BASICDOC: 'basicDoc',
  ANALYSIS_ADVANCEDDOC: 'advancedDoc',
  ANALYSIS_README: 'readme',
  DOC_REPO: 'docgen',
  DOC_ARCH: 'docArch',
  DOC_API: 'docApi',
  PR_INSIGHTS: 'prInsights',
};

/** The job type the server writes for an analysis type (apps/server/src/analysis/routes.ts). */
export function jobTypeOfAnalysis(type: AnalysisType): string {
  return type === 'coverage' ? 'ANALYSIS' : `ANALYSIS_${type.toUpperCase()}`;
}

/** The i18n key of a job type's label, or null for a type this app does not know. */
export function jobTypeLabelKey(jobType: string): string | null {
  const key = JOB_TYPE_KEYS[jobType];
  return key ? `jobs.types.${key}` : null;
}

/** The label of a job type in the current language (`t` is i18next's). */
export function jobTypeLabel(jobType: string, t: (key: string) => string): string {
  const key = jobTypeLabelKey(jobType);
  return key ? t(key) : jobType;
}

/** The label of an analysis type, as its job is labelled. */
export function analysisLabel(type: AnalysisType, t: (key: string) => string): string {
  return jobTypeLabel(jobTypeOfAnalysis(type), t);
}
