import { describe, expect, it } from 'vitest';
import type { ReadmeAnalysis } from '@docent/contracts';
import { bannerType, qualityLabel, recommendations, scoreBand } from './readmeQuality.ts';

const readme = (over: Partial<ReadmeAnalysis> & { flesch?: number }): ReadmeAnalysis => ({
  fileName: 'README.md',
  calculatedQualityScore: 60,
  wordCount: 500,
  grammarError: 0,
  grammarIssues: [],
  brokenLinks: [],
  llmInterpretationScore: 80,
  llmInterpretationSource: 'rubric',
  textStatistics: { wordCount: 500, lines: 40, readingTime: 150, avgSentenceLength: 12, fleschReadingEase: over.flesch ?? 75, fleschKincaidGrade: 6, smogIndex: 8 },
  recommendations: [],
  ...over,
});

describe('README quality (spec §9)', () => {
  it('labels: 80 Excellent, 70 Good, 50 Average, below Needs Improvement', () => {
    expect([80, 79, 70, 69, 50, 49].map(qualityLabel)).toEqual(['excellent', 'good', 'good', 'average', 'average', 'needsImprovement']);
  });
  it('banner: success at 70, warning at 50, error below', () => {
    expect([70, 69, 50, 49].map(bannerType)).toEqual(['success', 'warning', 'warning', 'error']);
  });
  it('bar: green above 70, amber above 40, red otherwise (70 itself is amber, 40 red)', () => {
    expect([71, 70, 41, 40, 0].map(scoreBand)).toEqual(['green', 'amber', 'amber', 'red', 'red']);
  });
  it('recommendations follow each threshold', () => {
    expect(recommendations(readme({}))).toEqual([]);
    expect(recommendations(readme({ flesch: 69.9, wordCount: 299, llmInterpretationScore: 69 })).map((r) => r.kind)).toEqual(['readability', 'moreContent', 'clarity']);
    expect(recommendations(readme({ calculatedQualityScore: 80 }))).toEqual([{ kind: 'excellent', value: 80 }]);
    // The e2e fixture README: 26 words, Flesch 86.35, rubric 60, score 54.
    expect(recommendations(readme({ wordCount: 26, flesch: 86.35, llmInterpretationScore: 60, calculatedQualityScore: 54 })).map((r) => r.kind)).toEqual(['moreContent', 'clarity']);
  });
});
