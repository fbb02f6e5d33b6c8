import type { DocBlock, DocConvention } from './types.ts';

/**
 * Finds the doc comment directly above a declaration by reading the source lines, not the tree:
 * grammars attach comments to odd parents (Ruby puts them inside the class node), while
 * "directly above, no blank line or code between" is a statement about lines.
 */

/** How far up a block comment's opener is looked for; bounds the work on hostile input. */
const MAX_BLOCK_LINES = 5_000;

export function findDocAbove(lines: readonly string[], row: number, column: number, conv: DocConvention): DocBlock | null {
  const block = docAbove(lines, row, column, conv);
  return block && conv.standalone?.test(block.text) ? null : block;
}

function docAbove(lines: readonly string[], row: number, column: number, conv: DocConvention): DocBlock | null {
  const head = (lines[row] ?? '').slice(0, column);
  // Something other than a comment before the declaration on its own line: nothing attaches.
  if (head.trim() !== '') return head.trimEnd().endsWith('*/') ? blockEndingAt(lines, row, head, conv) : null;
  let r = row - 1;
  while (r >= 0 && (conv.betweenLine?.test(lines[r] ?? '') || (conv.blankLinesBetween && (lines[r] ?? '').trim() === ''))) r--;
  if (r < 0) return null;
  const above = (lines[r] ?? '').trim();
  if (above === '') return null;
  if (above.endsWith('*/')) return blockEndingAt(lines, r, lines[r] ?? '', conv);
  if (isDocLine(above, conv)) return lineBlockEndingAt(lines, r, conv);
  return null;
}

function isDocLine(trimmed: string, conv: DocConvention): boolean {
  if (!conv.linePrefixes.some((p) => trimmed.startsWith(p))) return false;
  return !conv.lineExcludes?.some((p) => trimmed.startsWith(p));
}

function lineBlockEndingAt(lines: readonly string[], end: number, conv: DocConvention): DocBlock | null {
  let start = end;
  while (start > 0 && isDocLine((lines[start - 1] ?? '').trim(), conv)) start--;
  const body: string[] = [];
  for (let r = start; r <= end; r++) {
    const t = (lines[r] ?? '').trim();
    const prefix = conv.linePrefixes.find((p) => t.startsWith(p)) ?? '';
    let rest = t.slice(prefix.length);
    if (rest.startsWith(' ')) rest = rest.slice(1);
    // Tool directives (`//go:generate`, `//nolint`) are part of the comment group but not doc text.
    if (/^(go:|nolint|lint:|export\s|line\s)/.test(t.slice(prefix.length)) && prefix === '//') continue;
    body.push(rest);
  }
  const text = trimBlankLines(dedent(body));
  return text === '' ? null : { text, startRow: start, endRow: end };
}

/** `lineText` is the text of row `end` up to (not including) the declaration. */
function blockEndingAt(lines: readonly string[], end: number, lineText: string, conv: DocConvention): DocBlock | null {
  if (conv.blockOpeners.length === 0) return null;
  const closeAt = lineText.trimEnd().length - 2;
  let row = end;
  let openAt = openerIn(lineText.slice(0, closeAt));
  while (openAt < 0) {
    row--;
    if (row < 0 || end - row > MAX_BLOCK_LINES) return null;
    const text = lines[row] ?? '';
    if (text.includes('*/')) return null; // another comment closes first: ours has no opener here
    openAt = openerIn(text);
  }
  const openLine = row === end ? lineText : (lines[row] ?? '');
  if (openLine.slice(0, openAt).trim() !== '') return null; // trailing comment of some code
  const parts: string[] = [];
  for (let r = row; r <= end; r++) {
    let t = r === end ? lineText : (lines[r] ?? '');
    if (r === end) t = t.slice(0, closeAt);
    if (r === row) t = t.slice(openAt);
    parts.push(t);
  }
  const raw = parts.join('\n');
  const opener = conv.blockOpeners.find((o) => raw.startsWith(o));
  if (!opener || raw === '/*' || raw.startsWith('/**/')) return null;
  // `/***` banners are decoration, not doc comments, when the language's opener is `/**`.
  if (opener === '/**' && raw.startsWith('/***')) return null;
  const text = cleanBlock(raw.slice(opener.length));
  return text === '' ? null : { text, startRow: row, endRow: end };
}

/**
 * Where a block comment opens on this line, or -1. A `/*` inside a comment's text (`text/*`,
 * `application/*`, a glob) is not an opener: an interior line starts with `*`, and an opener
 * that starts its line wins over later ones.
 */
function openerIn(text: string): number {
  const first = text.search(/\S/);
  if (first >= 0 && text.startsWith('/*', first)) return first;
  if (first >= 0 && text[first] === '*') return -1;
  return text.lastIndexOf('/*');
}

function cleanBlock(inner: string): string {
  const lines = inner.split('\n').map((line, i) => {
    const t = i === 0 ? line : line.replace(/^\s*\*(?!\/) ?/, '');
    return t.replace(/\s+$/, '');
  });
  const first = (lines[0] ?? '').trim();
  const rest = dedent(lines.slice(1));
  return trimBlankLines([first, ...rest]);
}

export function dedent(lines: readonly string[]): string[] {
  let indent = Infinity;
  for (const l of lines) {
    if (l.trim() === '') continue;
    indent = Math.min(indent, l.length - l.trimStart().length);
  }
  if (!Number.isFinite(indent) || indent === 0) return [...lines];
  return lines.map((l) => l.slice(Math.min(indent, l.length - l.trimStart().length)));
}

export function trimBlankLines(lines: readonly string[]): string {
  let a = 0;
  let b = lines.length;
  while (a < b && (lines[a] ?? '').trim() === '') a++;
  while (b > a && (lines[b - 1] ?? '').trim() === '') b--;
  return lines
    .slice(a, b)
    .map((l) => l.replace(/\s+$/, ''))
    .join('\n');
}
