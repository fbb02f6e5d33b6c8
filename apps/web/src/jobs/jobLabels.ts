import { ANALYSIS_JOB_TYPE, isJobType, type AnalysisType, type JobType } from '@docent/contracts';

/**
 * One human label per job type of packages/contracts/src/job-types.ts: the raw types the server
 * writes (`ANALYSIS_ADVANCEDDOC`, `DOC_REPO`…) are wire values, never shown. Each maps to an
 * i18n key under `jobs.types`; an unknown type (a newer server) shows as it is.
 */
export const JOB_TYPE_KEYS: Readonly<Record<JobType, string>> = {
  ANALYSIS: 'full',
  ANALYSIS_BASICDOC: 'basicDoc',
  ANALYSIS_ADVANCEDDOC: 'advancedDoc',
  ANALYSIS_README: 'readme',
  DOC_REPO: 'docgen',
  DOC_ARCH: 'docArch',
  DOC_API: 'docApi',
  PR_INSIGHTS: 'prInsights',
};

/** The i18n key of a job type's label, or null for a type this app does not know. */
export function jobTypeLabelKey(jobType: string): string | null {
  return isJobType(jobType) ? `jobs.types.${JOB_TYPE_KEYS[jobType]}` : null;
}

/** The label of a job type in the current language (`t` is i18next's). */
export function jobTypeLabel(jobType: string, t: (key: string) => string): string {
  const key = jobTypeLabelKey(jobType);
  return key ? t(key) : jobType;
}

/** The label of an analysis type, as its job is labelled. */
export function analysisLabel(type: AnalysisType, t: (key: string) => string): string {
  return jobTypeLabel(ANALYSIS_JOB_TYPE[type], t);
}
