import type { ReadmeAnalysis } from '@docent/contracts';

/** Spec §9 README quality rules. */
export type QualityLabel = 'excellent' | 'good' | 'average' | 'needsImprovement';
export type BannerType = 'success' | 'warning' | 'error';
export type Band = 'green' | 'amber' | 'red';

export function qualityLabel(score: number): QualityLabel {
  if (score >= 80) return 'excellent';
  if (score >= 70) return 'good';
  if (score >= 50) return 'average';
  return 'needsImprovement';
}

export function bannerType(score: number): BannerType {
  if (score >= 70) return 'success';
  if (score >= 50) return 'warning';
  return 'error';
}

/** The score bar: green above 70, amber above 40, red otherwise. */
export function scoreBand(score: number): Band {
  if (score > 70) return 'green';
  if (score > 40) return 'amber';
  return 'red';
}

export const BAND_COLOR: Record<Band, string> = { green: '#22c55e', amber: '#f59e0b', red: '#ef4444' };

export type Recommendation =
  | { kind: 'readability'; value: number }
  | { kind: 'moreContent'; value: number }
  | { kind: 'clarity'; value: number }
  | { kind: 'excellent'; value: number };

/**
 * The recommendations list: readability below 70 (the Flesch reading ease — see
 * docs/decisions.md), more content below 300 words, clarity when the LLM score is below 70,
 * and the excellent message at a quality score of 80 or more.
 */
export function recommendations(a: ReadmeAnalysis): Recommendation[] {
  const out: Recommendation[] = [];
  const flesch = a.textStatistics.fleschReadingEase;
  if (flesch < 70) out.push({ kind: 'readability', value: flesch });
  if (a.wordCount < 300) out.push({ kind: 'moreContent', value: a.wordCount });
  if (a.llmInterpretationScore < 70) out.push({ kind: 'clarity', value: a.llmInterpretationScore });
  if (a.calculatedQualityScore >= 80) out.push({ kind: 'excellent', value: a.calculatedQualityScore });
  return out;
}
