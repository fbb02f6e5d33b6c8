/**
 * Documentation Insights (docs/spec-conformance.md §9 "Documentation health" and "Action item priorities"),
 * exactly as written:
 *   Health = coverage × outdatedFactor × 50 + readmeScore/100 × 20 + coverage × 30
 *   outdatedFactor = 1 − 0.5 × outdated/documented
 * coverage is documented/total as a fraction (0–1). Good ≥ 70, Needs Improvement ≥ 40, Poor.
 * A trivial doc (it only restates the name, docs/metrics/functions.md) is not documented for
 * coverage, but it is a doc that can be outdated: outdatedFactor divides by all docs.
 */
export interface InsightInput {
  totalFunctions: number;
  totalDocumented: number;
  /** docs that only restate the name: not in totalDocumented */
  trivialDocs?: number;
  outdated: number;
  urgent: number;
  /** README quality score 0–100, null when the README was not analysed */
  readmeScore: number | null;
}

export type HealthLabel = 'good' | 'needsImprovement' | 'poor';
export type Priority = 'high' | 'medium' | 'low';

export interface ActionItem {
  kind: 'undocumented' | 'outdated' | 'urgent' | 'readmeImprove' | 'readmeExcellent';
  priority: Priority;
  /** the number the item is about (functions, or the README score) */
  count: number;
  /** undocumented share of all functions, in percent (undocumented items only) */
  percent?: number;
}

export function coverage(i: Pick<InsightInput, 'totalFunctions' | 'totalDocumented'>): number {
  return i.totalFunctions > 0 ? i.totalDocumented / i.totalFunctions : 0;
}

/** 1 − half the outdated share of functions with a doc (trivial ones too); 1 when nothing has one. */
export function outdatedFactor(i: Pick<InsightInput, 'totalDocumented' | 'trivialDocs' | 'outdated'>): number {
  const docs = i.totalDocumented + (i.trivialDocs ?? 0);
  return docs > 0 ? 1 - 0.5 * (i.outdated / docs) : 1;
}

export function healthScore(i: InsightInput): number {
  const c = coverage(i);
  return c * outdatedFactor(i) * 50 + ((i.readmeScore ?? 0) / 100) * 20 + c * 30;
}

export function healthLabel(score: number): HealthLabel {
  if (score >= 70) return 'good';
  if (score >= 40) return 'needsImprovement';
  return 'poor';
}

export function actionItems(i: InsightInput): ActionItem[] {
  const items: ActionItem[] = [];
  const undocumented = i.totalFunctions - i.totalDocumented;
  if (undocumented > 0) {
    const share = undocumented / i.totalFunctions;
    items.push({ kind: 'undocumented', priority: share > 0.3 ? 'high' : 'medium', count: undocumented, percent: share * 100 });
  }
  if (i.outdated > 0) items.push({ kind: 'outdated', priority: i.outdated > 5 ? 'high' : 'medium', count: i.outdated });
  if (i.urgent > 0) items.push({ kind: 'urgent', priority: 'high', count: i.urgent });
  if (i.readmeScore !== null) {
    if (i.readmeScore < 50) items.push({ kind: 'readmeImprove', priority: i.readmeScore < 30 ? 'high' : 'medium', count: i.readmeScore });
    else if (i.readmeScore >= 80) items.push({ kind: 'readmeExcellent', priority: 'low', count: i.readmeScore });
  }
  return items;
}
