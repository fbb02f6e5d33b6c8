import { describe, expect, it } from 'vitest';
import { badgeColor, belowThreshold, documentedPercent, parsePercent, renderBadge, thresholdLine } from '../src/badge.ts';
import { renderSummary } from '../src/analyze.ts';

describe('documented share (the dashboard coverage)', () => {
  it('is documented over all functions, 0 with none', () => {
    expect(documentedPercent({ totalFunctions: 10, totalDocumented: 4 })).toBe(40);
    expect(documentedPercent({ totalFunctions: 0, totalDocumented: 0 })).toBe(0);
  });

  it('says how many trivial docs it left out, in the --fail-under line and the summary', () => {
    expect(thresholdLine({ totalFunctions: 10, totalDocumented: 4, trivialDocs: 2 }, 50)).toBe(
      'documented share 40.0% (4 of 10 functions; 2 trivial docs not counted), threshold 50%',
    );
    expect(thresholdLine({ totalFunctions: 10, totalDocumented: 4, trivialDocs: 1 }, 50)).toContain('; 1 trivial doc not counted)');
    expect(thresholdLine({ totalFunctions: 10, totalDocumented: 4 }, 50)).toBe('documented share 40.0% (4 of 10 functions), threshold 50%');
    const bucket = { documented: 0, total: 0 };
    const summary = renderSummary('repo', {
      report: { basicFuncDocAnalysis: { totalFunctions: 10, totalDocumented: 4, trivialDocs: 3 } },
      stats: { testFunctions: 0 },
      docMetrics: {
        complexity: { low: bucket, medium: bucket, high: bucket },
        visibility: { public: bucket, private: bucket, protected: bucket },
      },
    } as unknown as Parameters<typeof renderSummary>[1]);
    expect(summary).toMatch(/Trivial docs\s+3 \(only restate the name; not counted as documented\)/);
  });

  it('compares with the threshold exactly: equal passes, a hair below fails', () => {
    expect(belowThreshold({ totalFunctions: 10, totalDocumented: 4 }, 40)).toBe(false);
    expect(belowThreshold({ totalFunctions: 10, totalDocumented: 4 }, 40.01)).toBe(true);
    expect(belowThreshold({ totalFunctions: 3, totalDocumented: 1 }, 33.3)).toBe(false);
    expect(belowThreshold({ totalFunctions: 3, totalDocumented: 1 }, 33.34)).toBe(true);
    expect(belowThreshold({ totalFunctions: 0, totalDocumented: 0 }, 0)).toBe(false);
    expect(belowThreshold({ totalFunctions: 0, totalDocumented: 0 }, 1)).toBe(true);
  });

  it('accepts 0–100 with an optional % and nothing else', () => {
    expect(parsePercent('80')).toBe(80);
    expect(parsePercent('72.5')).toBe(72.5);
    expect(parsePercent('90%')).toBe(90);
    expect(parsePercent('0')).toBe(0);
    expect(parsePercent('100')).toBe(100);
    for (const bad of ['abc', '', '-5', '101', '1e2', '0x10', '50 %x', 'NaN']) expect(parsePercent(bad)).toBeNull();
  });
});

// jsdom (a root dev dependency, used by the web tests) parses the SVG as XML; typed here by hand
// because the analyzer has no DOM types.
interface XmlNode {
  tagName: string;
  textContent: string | null;
  getAttribute(name: string): string | null;
}
interface XmlDoc {
  documentElement: XmlNode;
  getElementsByTagName(name: string): ArrayLike<XmlNode> & Iterable<XmlNode>;
}
type Jsdom = { JSDOM: new (html: string) => { window: { DOMParser: new () => { parseFromString(s: string, type: string): XmlDoc } } } };
const { JSDOM } = (await import('jsdom' as string)) as Jsdom;

describe('badge', () => {
  it('colours by interrogate bands', () => {
    expect(badgeColor(100)).toBe('#4c1');
    expect(badgeColor(95)).toBe('#4c1');
    expect(badgeColor(94.9)).toBe('#97ca00');
    expect(badgeColor(90)).toBe('#97ca00');
    expect(badgeColor(75)).toBe('#a4a61d');
    expect(badgeColor(60)).toBe('#dfb317');
    expect(badgeColor(40)).toBe('#fe7d37');
    expect(badgeColor(39)).toBe('#e05d44');
    expect(badgeColor(0)).toBe('#e05d44');
  });

  it('is well-formed SVG reading "docs | 87%" in the band colour', () => {
    const svg = renderBadge(87.9);
    const parser = new new JSDOM('').window.DOMParser();
    const xml = parser.parseFromString(svg, 'image/svg+xml');
    expect(xml.getElementsByTagName('parsererror')).toHaveLength(0);
    const root = xml.documentElement;
    expect(root.tagName).toBe('svg');
    expect(root.getAttribute('aria-label')).toBe('docs: 87%');
    const texts = [...xml.getElementsByTagName('text')].map((t) => t.textContent);
    expect(texts).toEqual(['docs', 'docs', '87%', '87%']);
    const fills = [...xml.getElementsByTagName('rect')].map((r) => r.getAttribute('fill'));
    expect(fills).toContain('#a4a61d');
    expect(fills).not.toContain('#97ca00');
  });
});
