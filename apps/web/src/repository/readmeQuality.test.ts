import { describe, expect, it } from 'vitest';
import { bannerType, qualityLabel, scoreBand } from './readmeQuality.ts';

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
});
