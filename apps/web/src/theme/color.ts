/**
 * Hex colours of the theme (docs/spec-conformance.md §5: "a hex colour that is invalid raises an
 * internal error"): `#rgb` or `#rrggbb`; anything else throws rather than draw a wrong colour.
 */
export class InvalidHexColorError extends Error {
  constructor(value: string) {
    super(`Invalid hex color: ${JSON.stringify(value)}`);
    this.name = 'InvalidHexColorError';
  }
}

export function hexToRgb(hex: string): { r: number; g: number; b: number } {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex);
  if (!m) throw new InvalidHexColorError(hex);
  const digits = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  return { r: parseInt(digits.slice(0, 2), 16), g: parseInt(digits.slice(2, 4), 16), b: parseInt(digits.slice(4, 6), 16) };
}

/** The colour at `alpha` (0–1) as CSS `rgba()`, e.g. a tinted track under a coloured bar. */
export function withAlpha(hex: string, alpha: number): string {
  const { r, g, b } = hexToRgb(hex);
  return `rgba(${r}, ${g}, ${b}, ${Math.max(0, Math.min(1, alpha))})`;
}
