import { describe, expect, it } from 'vitest';
import type { TextStatistics } from '@docent/contracts';
import { recommendations, type RecommendationInput } from '../../../packages/analyzer/src/readme/score.ts';

/**
 * docs/spec-conformance.md §9 README recommendations at their thresholds: readability below 70, word count
 * below 300, clarity below 70, and Excellent at a quality of 80 or more (then no advice). The analyzer's
 * own tests show each recommendation firing far from its threshold; these pin the threshold itself.
 */

/** Nothing to advise: readable, long, clear, not yet excellent. */
const stats: TextStatistics = {
  wordCount: 300,
  lines: 40,
  readingTime: 90,
  avgSentenceLength: 12,
  fleschReadingEase: 70,
  fleschKincaidGrade: 8,
  smogIndex: 9,
};
const base: RecommendationInput = {
  stats,
  proseWords: 300,
  quality: 79,
  interpretation: 70,
  missing: [],
  brokenLinks: 0,
  grammarIssues: 0,
};
const codes = (over: Partial<RecommendationInput>, statsOver: Partial<TextStatistics> = {}) =>
  recommendations({ ...base, ...over, stats: { ...stats, ...statsOver } }).map((r) => r.code);

describe('README recommendations at their thresholds (docs/spec-conformance.md §9)', () => {
  it('at the thresholds themselves nothing is advised', () => {
    expect(codes({})).toEqual([]);
  });

  it('readability: Flesch reading ease below 70 is advised, 70 is not', () => {
    expect(codes({}, { fleschReadingEase: 69.9 })).toEqual(['IMPROVE_READABILITY']);
    expect(codes({}, { fleschReadingEase: 70 })).toEqual([]);
  });

  it('word count: below 300 words is advised, 300 is not', () => {
    expect(codes({}, { wordCount: 299 })).toEqual(['ADD_CONTENT']);
    expect(codes({}, { wordCount: 300 })).toEqual([]);
  });

  it('clarity: an interpretation score below 70 is advised, 70 is not', () => {
    expect(codes({ interpretation: 69 })).toEqual(['IMPROVE_CLARITY']);
    expect(codes({ interpretation: 70 })).toEqual([]);
  });

  it('excellent at a quality of 80, with no advice; 79 gets the advice instead', () => {
    const weak = { interpretation: 50 };
    const weakStats = { fleschReadingEase: 40, wordCount: 120 };
    expect(codes({ ...weak, quality: 80 }, weakStats)).toEqual(['EXCELLENT']);
    expect(codes({ ...weak, quality: 79 }, weakStats)).toEqual(['IMPROVE_READABILITY', 'ADD_CONTENT', 'IMPROVE_CLARITY']);
  });
});
