import type { LineEdit } from './generate.ts';

const CONTEXT = 3;

/** A unified diff (git's `a/` `b/` form) built straight from the edits: no text comparison needed. */
export function unifiedDiff(relPath: string, oldLines: readonly string[], edits: readonly LineEdit[]): string {
  if (edits.length === 0) return '';
  // A file ending with a newline splits into a last '' that is no line of its own.
  const endsWithEol = oldLines.at(-1) === '';
  const count = endsWithEol ? oldLines.length - 1 : oldLines.length;
  const sorted = [...edits].sort((a, b) => a.startRow - b.startRow);
  // Group edits whose context windows touch.
  const groups: LineEdit[][] = [];
  for (const e of sorted) {
    const g = groups.at(-1);
    if (g && e.startRow - g.at(-1)!.endRow <= 2 * CONTEXT) g.push(e);
    else groups.push([e]);
  }
  const out = [`--- a/${relPath}`, `+++ b/${relPath}`];
  let shift = 0; // new-file rows minus old-file rows before the current group
  for (const g of groups) {
    const from = Math.max(0, g[0]!.startRow - CONTEXT);
    const to = Math.min(count, g.at(-1)!.endRow + CONTEXT);
    const body: string[] = [];
    let row = from;
    let oldCount = 0;
    let newCount = 0;
    let groupShift = 0;
    for (const e of g) {
      for (; row < e.startRow; row++, oldCount++, newCount++) body.push(` ${oldLines[row]}`);
      for (; row < e.endRow; row++, oldCount++) body.push(`-${oldLines[row]}`);
      for (const l of e.lines) body.push(`+${l}`);
      newCount += e.lines.length;
      groupShift += e.lines.length - (e.endRow - e.startRow);
    }
    for (; row < to; row++, oldCount++, newCount++) body.push(` ${oldLines[row]}`);
    if (!endsWithEol && to === count) body.push('\\ No newline at end of file');
    const oldStart = oldCount === 0 ? from : from + 1;
    const newStart = newCount === 0 ? from + shift : from + shift + 1;
    out.push(`@@ -${oldStart},${oldCount} +${newStart},${newCount} @@`, ...body);
    shift += groupShift;
  }
  return `${out.join('\n')}\n`;
}
