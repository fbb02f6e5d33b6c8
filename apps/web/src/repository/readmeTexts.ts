import type { TFunction } from 'i18next';
import { structuredPatch } from 'diff';
import type { ReadmeAnalysis, ReadmeChange, ReadmeRecommendation } from '@docent/contracts';

/** README recommendations and suggestion changes travel as codes; these word them (docs/metrics/readme.md). */

export function recommendationText(t: TFunction, r: ReadmeRecommendation): string {
  const params = r.code === 'ADD_SECTION' ? { section: t(`repository.readme.sections.${r.params.section}`) } : r.params;
  return t(`repository.readme.recCodes.${r.code}`, params);
}

/** The one recommendation list: from codes, or the server's English for analyses made before codes existed. */
export function recommendationTexts(t: TFunction, a: ReadmeAnalysis): string[] {
  return a.recommendationCodes ? a.recommendationCodes.map((r) => recommendationText(t, r)) : a.recommendations;
}

export function changeText(t: TFunction, c: ReadmeChange): string {
  return t(`repository.readme.changes.${c.code}`, c.params);
}

export interface DiffLine {
  kind: 'add' | 'remove' | 'context' | 'hunk';
  text: string;
}

/** A unified diff of the README and its suggestion, as lines to colour. */
export function readmeDiff(fileName: string, before: string, after: string): DiffLine[] {
  const patch = structuredPatch(fileName, fileName, before, after, '', '', { context: 3 });
  const lines: DiffLine[] = [];
  for (const hunk of patch.hunks) {
    lines.push({ kind: 'hunk', text: `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@` });
    for (const line of hunk.lines) {
      if (line.startsWith('\\')) continue; // "\ No newline at end of file"
      lines.push({ kind: line[0] === '+' ? 'add' : line[0] === '-' ? 'remove' : 'context', text: line });
    }
  }
  return lines;
}
