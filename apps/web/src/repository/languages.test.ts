import { describe, expect, it } from 'vitest';
import { formatPercent, legend, percentOf, sortLanguages } from './languages.ts';

describe('languages card', () => {
  it('sorts by share and shows the top 4 at one decimal with +N more', () => {
    const langs = sortLanguages({ Shell: 1.04, Python: 61.25, CSS: 2.5, JavaScript: 30.21, HTML: 5 });
    expect(langs.map((l) => l.name)).toEqual(['Python', 'JavaScript', 'HTML', 'CSS', 'Shell']);
    const l = legend(langs);
    expect(l.shown.map((s) => `${s.name} ${s.label}`)).toEqual(['Python 61.3%', 'JavaScript 30.2%', 'HTML 5.0%', 'CSS 2.5%']);
    expect(l.more).toBe(1);
  });
  it('has no "+N more" with 4 or fewer languages; ignores empty shares', () => {
    const l = legend(sortLanguages({ Python: 91.07, JavaScript: 8.93, Text: 0 }));
    expect(l.shown.map((s) => s.label)).toEqual(['91.1%', '8.9%']);
    expect(l.more).toBe(0);
  });
  it('formats percentages at one decimal in the interface language', () => {
    expect(formatPercent(60)).toBe('60.0%');
    expect(formatPercent(91.07, 'de')).toBe('91,1 %');
    expect(legend(sortLanguages({ Python: 91.07 }), 'de').shown[0]?.label).toBe('91,1 %');
  });
  it('percent of a total', () => {
    expect(percentOf(3, 5)).toBe(60);
    expect(percentOf(1, 3).toFixed(1)).toBe('33.3');
    expect(percentOf(0, 0)).toBe(0);
  });
});
