/** docs/spec-conformance.md §9 README quality rules. */
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

// Recommendations are decided by the analyzer (one list of codes, docs/metrics/readme.md) and
// worded by readmeTexts.ts.

/**
 * Reading time as people say it: 'about 3 min' for 174.6 s, 'under 1 min'
 * below a minute. The analyzer's value is in seconds (docs/spec-conformance.md §4); the exact figure
 * stays in the tile's tooltip.
 */
export function readingTimeText(seconds: number): { key: 'repository.readme.minutes' | 'repository.readme.underMinute'; count: number } {
  if (!(seconds >= 60)) return { key: 'repository.readme.underMinute', count: 0 };
  return { key: 'repository.readme.minutes', count: Math.round(seconds / 60) };
}
