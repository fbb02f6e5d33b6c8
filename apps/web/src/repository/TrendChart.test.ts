import { describe, expect, it } from 'vitest';
import type { AnalysisHistoryPoint } from '@docent/contracts';
import { chartPoints } from './TrendChart.tsx';

const point = (documentedShare: number | null, outdatedCount: number | null, i: number): AnalysisHistoryPoint => ({
  jobId: i,
  commit: `${i}`.padStart(40, 'a'),
  analysedAt: new Date(Date.UTC(2026, 10, 20 + i)).toISOString(),
  documentedShare,
  outdatedCount,
  readmeScore: null,
});

describe('trend chart points', () => {
  it('spreads the analyses over the width, percentages on 0–100 (higher is up), counts on 0–their maximum', () => {
    const pts = [point(0, 4, 1), point(50, 2, 2), point(100, 0, 3)];
    const share = chartPoints(pts, 'documentedShare');
    expect(share.map((p) => p.x)).toEqual([8, 150, 292]);
    expect(share.map((p) => p.y)).toEqual([76, 42, 8]);
    const outdated = chartPoints(pts, 'outdatedCount');
    expect(outdated.map((p) => p.y)).toEqual([8, 42, 76]);
  });

  it('skips analyses without the metric and centres a single point', () => {
    expect(chartPoints([point(null, 1, 1), point(40, null, 2)], 'documentedShare')).toHaveLength(1);
    expect(chartPoints([point(40, null, 2)], 'documentedShare')[0]!.x).toBe(150);
    expect(chartPoints([point(40, null, 2)], 'readmeScore')).toEqual([]);
  });
});
