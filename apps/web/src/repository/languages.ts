/** Programming languages card (docs/spec-conformance.md §2): sorted by share; the legend shows the top 4 at one decimal and '+N more'. */
export interface LanguageShare {
  name: string;
  percent: number;
}

export const LEGEND_SIZE = 4;

export function sortLanguages(map: Record<string, number> | undefined): LanguageShare[] {
  return Object.entries(map ?? {})
    .filter(([, p]) => Number.isFinite(p) && p > 0)
    .map(([name, percent]) => ({ name, percent }))
    .sort((a, b) => b.percent - a.percent || a.name.localeCompare(b.name));
}

/** A number at one decimal in the interface language: "40.0" (en), "40,0" (de). */
export function oneDecimal(value: number, language = 'en'): string {
  return new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
}

/** A percentage at one decimal in the interface language: "60.0%" (en), "60,0 %" (de). */
export function formatPercent(value: number, language = 'en'): string {
  const n = oneDecimal(value, language);
  return language.startsWith('de') ? `${n} %` : `${n}%`;
}

export function legend(langs: LanguageShare[], language = 'en'): { shown: Array<LanguageShare & { label: string }>; more: number } {
  return {
    shown: langs.slice(0, LEGEND_SIZE).map((l) => ({ ...l, label: formatPercent(l.percent, language) })),
    more: Math.max(0, langs.length - LEGEND_SIZE),
  };
}

/** A steady colour per language name (GitHub's for the common ones). */
const KNOWN: Record<string, string> = {
  Python: '#3572A5',
  JavaScript: '#f1e05a',
  TypeScript: '#3178c6',
  Java: '#b07219',
  Go: '#00ADD8',
  Rust: '#dea584',
  Ruby: '#701516',
  'C++': '#f34b7d',
  C: '#555555',
  'C#': '#178600',
  PHP: '#4F5D95',
  Kotlin: '#A97BFF',
  Swift: '#F05138',
  Shell: '#89e051',
  HTML: '#e34c26',
  CSS: '#663399',
  Markdown: '#083fa1',
};
const PALETTE = ['#6366f1', '#14b8a6', '#f97316', '#ec4899', '#84cc16', '#06b6d4', '#a855f7', '#eab308'];

export function languageColor(name: string): string {
  const known = KNOWN[name];
  if (known) return known;
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return PALETTE[h % PALETTE.length]!;
}

/** "60.0%" from a count over a total; '0.0%' for an empty total. */
export function percentOf(part: number, total: number): number {
  return total > 0 ? (part / total) * 100 : 0;
}
