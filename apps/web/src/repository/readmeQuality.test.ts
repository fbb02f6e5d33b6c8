import { describe, expect, it } from 'vitest';
import { bannerType, qualityLabel, readingTimeText, scoreBand } from './readmeQuality.ts';
import i18n from '../i18n/index.ts';

describe('README quality', () => {
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

describe('README reading time', () => {
  const show = (s: number, lng = 'en') => {
    const r = readingTimeText(s);
    return i18n.getFixedT(lng)(r.key, { count: r.count });
  };
  it('reads in minutes, not 174.6 s', () => {
    expect(show(174.6)).toBe('about 3 min');
    expect(show(174.6, 'de')).toBe('etwa 3 Min.');
    expect(show(89)).toBe('about 1 min');
    expect(show(7.8)).toBe('under 1 min');
    expect(show(0)).toBe('under 1 min');
    expect(show(3600)).toBe('about 60 min');
  });
});
