import { languageByName } from './data.ts';

/**
 * Percent of counted bytes per language, as GitHub's language bar computes it: bytes are summed
 * per Linguist group (TSX is part of TypeScript), only over files that count, then rounded to two
 * decimals. Keys are ordered by share, largest first (ties by name).
 */
export function languageShares(
  files: Array<{ language: string | null; bytes: number; countsForLanguages: boolean }>,
): Record<string, number> {
  const bytes = new Map<string, number>();
  let total = 0;
  for (const file of files) {
    if (!file.countsForLanguages || !file.language || !(file.bytes > 0)) continue;
    const group = languageByName(file.language)?.group ?? file.language;
    bytes.set(group, (bytes.get(group) ?? 0) + file.bytes);
    total += file.bytes;
  }
  if (total === 0) return {};
  const entries = [...bytes.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const result: Record<string, number> = {};
  for (const [lang, n] of entries) result[lang] = Math.round((n / total) * 10000) / 100;
  return result;
}
