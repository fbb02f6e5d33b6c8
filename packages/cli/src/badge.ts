/**
 * The documented share the CLI's CI options use, and its SVG badge.
 *
 * The share is the dashboard's "coverage" (apps/web/src/repository/insights.ts): documented
 * functions over all functions of basicFuncDocAnalysis (test functions are not counted), 0 when
 * there are no functions.
 */

export interface DocCounts {
  totalFunctions: number;
  totalDocumented: number;
  /** docs that only restate the function's name: not in totalDocumented (docs/metrics/functions.md) */
  trivialDocs?: number;
}

/** " (N trivial docs not counted)" when there are any, else "". */
export function trivialNote(c: DocCounts): string {
  const n = c.trivialDocs ?? 0;
  return n > 0 ? `; ${n} trivial ${n === 1 ? 'doc' : 'docs'} not counted` : '';
}

/**
 * The `--fail-under` verdict, the same for a local and a remote analysis: a `passed` or `FAILED`
 * line on stderr (so --json output on stdout stays parseable) and the exit code, 0 or 1.
 */
export function checkThreshold(c: DocCounts, thresholdPercent: number, stderr: Pick<NodeJS.WriteStream, 'write'> = process.stderr): 0 | 1 {
  const below = belowThreshold(c, thresholdPercent);
  stderr.write(`docent: ${below ? 'FAILED' : 'passed'}: ${thresholdLine(c, thresholdPercent)}\n`);
  return below ? 1 : 0;
}

/** The `--fail-under` verdict line. */
export function thresholdLine(c: DocCounts, thresholdPercent: number): string {
  return `documented share ${documentedPercent(c).toFixed(1)}% (${c.totalDocumented} of ${c.totalFunctions} functions${trivialNote(c)}), threshold ${thresholdPercent}%`;
}

/** The documented share in percent (0–100). */
export function documentedPercent(c: DocCounts): number {
  return c.totalFunctions > 0 ? (100 * c.totalDocumented) / c.totalFunctions : 0;
}

/**
 * True when the share is below the threshold (in percent). Compared exactly on the counts
 * (documented × 100 < threshold × total), so 4 of 10 passes `--fail-under 40`.
 */
export function belowThreshold(c: DocCounts, thresholdPercent: number): boolean {
  if (c.totalFunctions === 0) return thresholdPercent > 0;
  return c.totalDocumented * 100 < thresholdPercent * c.totalFunctions;
}

/** Parses a --fail-under value: a number from 0 to 100, optionally followed by '%'; null when invalid. */
export function parsePercent(raw: string): number | null {
  const text = raw.trim().replace(/%$/, '');
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const n = Number(text);
  return n >= 0 && n <= 100 ? n : null;
}

/** Colour bands of interrogate's badge (https://interrogate.readthedocs.io), lowest bound first match. */
const BADGE_COLORS: ReadonlyArray<{ min: number; name: string; hex: string }> = [
  { min: 95, name: 'brightgreen', hex: '#4c1' },
  { min: 90, name: 'green', hex: '#97ca00' },
  { min: 75, name: 'yellowgreen', hex: '#a4a61d' },
  { min: 60, name: 'yellow', hex: '#dfb317' },
  { min: 40, name: 'orange', hex: '#fe7d37' },
  { min: 0, name: 'red', hex: '#e05d44' },
];

export function badgeColor(percent: number): string {
  return (BADGE_COLORS.find((b) => percent >= b.min) ?? BADGE_COLORS[BADGE_COLORS.length - 1]!).hex;
}

/** Approximate widths of Verdana 11 px glyphs (what shields-style badges are drawn in). */
function textWidth(text: string): number {
  let w = 0;
  for (const ch of text) {
    if (/[0-9]/.test(ch)) w += 7;
    else if (ch === '%') w += 12;
    else if (ch === ' ' || ch === '.') w += 3.5;
    else if (/[mw]/.test(ch)) w += 10;
    else if (/[ijl]/.test(ch)) w += 3;
    else w += 6.5;
  }
  return Math.ceil(w);
}

/**
 * A flat "docs | 87%" badge. The percentage is rounded down, so the badge never shows more
 * than the threshold check saw; the colour follows the same (rounded-down) figure.
 */
export function renderBadge(percent: number, label = 'docs'): string {
  const value = `${Math.floor(percent)}%`;
  const color = badgeColor(Math.floor(percent));
  const lw = textWidth(label) + 10;
  const vw = textWidth(value) + 10;
  const w = lw + vw;
  const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const text = (x: number, s: string): string =>
    `<text x="${x}" y="15" fill="#010101" fill-opacity=".3">${esc(s)}</text><text x="${x}" y="14">${esc(s)}</text>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="20" role="img" aria-label="${esc(label)}: ${esc(value)}">`,
    `<title>${esc(label)}: ${esc(value)}</title>`,
    `<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>`,
    `<clipPath id="r"><rect width="${w}" height="20" rx="3" fill="#fff"/></clipPath>`,
    `<g clip-path="url(#r)"><rect width="${lw}" height="20" fill="#555"/><rect x="${lw}" width="${vw}" height="20" fill="${color}"/><rect width="${w}" height="20" fill="url(#s)"/></g>`,
    `<g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11">`,
    text(lw / 2, label),
    text(lw + vw / 2, value),
    `</g>`,
    `</svg>`,
    '',
  ].join('\n');
}
