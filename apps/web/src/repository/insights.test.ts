import { describe, expect, it } from 'vitest';
import { actionItems, healthLabel, healthScore, outdatedFactor } from './insights.ts';

describe('documentation health', () => {
  it('computes the formula: the e2e fixture repository, by hand', () => {
    // 3 of 5 documented, 1 outdated, README 54:
    // coverage 0.6; factor 1 − 0.5 × 1/3 = 0.8333…; 0.6 × 0.8333 × 50 = 25; 54/100 × 20 = 10.8; 0.6 × 30 = 18 → 53.8
    const score = healthScore({ totalFunctions: 5, totalDocumented: 3, outdated: 1, urgent: 1, readmeScore: 54 });
    expect(score).toBeCloseTo(53.8, 10);
    expect(healthLabel(score)).toBe('needsImprovement');
  });

  it('is 100 for full coverage, nothing outdated and a perfect README; README alone gives at most 20', () => {
    expect(healthScore({ totalFunctions: 4, totalDocumented: 4, outdated: 0, urgent: 0, readmeScore: 100 })).toBe(100);
    expect(healthScore({ totalFunctions: 0, totalDocumented: 0, outdated: 0, urgent: 0, readmeScore: 100 })).toBe(20);
    expect(healthScore({ totalFunctions: 0, totalDocumented: 0, outdated: 0, urgent: 0, readmeScore: null })).toBe(0);
  });

  it('halves the documentation term when every documented function is outdated', () => {
    expect(outdatedFactor({ totalDocumented: 10, outdated: 10 })).toBe(0.5);
    expect(outdatedFactor({ totalDocumented: 0, outdated: 0 })).toBe(1);
    // 10/10 documented, all outdated, no README: 1 × 0.5 × 50 + 0 + 30 = 55
    expect(healthScore({ totalFunctions: 10, totalDocumented: 10, outdated: 10, urgent: 0, readmeScore: null })).toBe(55);
  });

  it('counts trivial docs among the docs that can be outdated, not in coverage', () => {
    // 4 documented + 4 trivial docs, 4 outdated: half of all docs → 1 − 0.5 × 4/8 = 0.75
    expect(outdatedFactor({ totalDocumented: 4, trivialDocs: 4, outdated: 4 })).toBe(0.75);
    // coverage 4/10 = 0.4: 0.4 × 0.75 × 50 + 0 + 0.4 × 30 = 27
    expect(healthScore({ totalFunctions: 10, totalDocumented: 4, trivialDocs: 4, outdated: 4, urgent: 0, readmeScore: null })).toBeCloseTo(
      27,
      10,
    );
  });

  it('labels Good at 70, Needs Improvement at 40, Poor below', () => {
    expect([healthLabel(70), healthLabel(69.99), healthLabel(40), healthLabel(39.99)]).toEqual([
      'good',
      'needsImprovement',
      'needsImprovement',
      'poor',
    ]);
  });
});

describe('action items by priority', () => {
  it('undocumented: high above 30 % of all functions, medium at or below', () => {
    expect(actionItems({ totalFunctions: 10, totalDocumented: 6, outdated: 0, urgent: 0, readmeScore: null })).toEqual([
      { kind: 'undocumented', priority: 'high', count: 4, percent: 40 },
    ]);
    expect(actionItems({ totalFunctions: 10, totalDocumented: 7, outdated: 0, urgent: 0, readmeScore: null })[0]).toMatchObject({
      priority: 'medium',
      count: 3,
    });
  });

  it('outdated: high above 5, else medium; urgent always high', () => {
    const five = actionItems({ totalFunctions: 10, totalDocumented: 10, outdated: 5, urgent: 1, readmeScore: null });
    expect(five.map((a) => [a.kind, a.priority])).toEqual([
      ['outdated', 'medium'],
      ['urgent', 'high'],
    ]);
    expect(actionItems({ totalFunctions: 10, totalDocumented: 10, outdated: 6, urgent: 0, readmeScore: null })[0]).toMatchObject({
      kind: 'outdated',
      priority: 'high',
    });
  });

  it('README: an improvement item below 50 (high below 30), an excellent low item at 80 or more, none between', () => {
    const at = (readmeScore: number) => actionItems({ totalFunctions: 0, totalDocumented: 0, outdated: 0, urgent: 0, readmeScore });
    expect(at(29)).toEqual([{ kind: 'readmeImprove', priority: 'high', count: 29 }]);
    expect(at(30)).toEqual([{ kind: 'readmeImprove', priority: 'medium', count: 30 }]);
    expect(at(49)[0]?.priority).toBe('medium');
    expect(at(50)).toEqual([]);
    expect(at(79)).toEqual([]);
    expect(at(80)).toEqual([{ kind: 'readmeExcellent', priority: 'low', count: 80 }]);
  });

  it('the e2e fixture repository gets three items', () => {
    expect(
      actionItems({ totalFunctions: 5, totalDocumented: 3, outdated: 1, urgent: 1, readmeScore: 54 }).map((a) => `${a.kind}:${a.priority}`),
    ).toEqual(['undocumented:high', 'outdated:medium', 'urgent:high']);
  });
});
