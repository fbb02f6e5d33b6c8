/**
 * The part of an old file version that holds one function, so that the history pass parses a
 * few dozen lines instead of the whole file (docs/performance.md, "old versions as fragments").
 *
 * Lines that occur exactly once in today's text and once in the old one place the function (its
 * doc included) in the old version: it starts at its own first line when that is such a line
 * (else after the nearest such line above it) and ends before the first such line below it. The
 * fragment is those old lines, preceded by the lines that enclose them (each less indented than
 * the last: `class Gson {`, `impl Foo {`) and followed by the closers those need. Whenever the
 * fragment's parse looks wrong — no function of the name there, two, one that does not end
 * where its block ends — the caller parses the whole version as before.
 */

/**
 * Languages parsed with tree-sitter whose blocks are closed by `}`. Python is left out on
 * purpose: its scanner reads a whole old version in ~1.4 ms, and finding the fragment cost as
 * much as it saved (measured, docs/performance.md).
 */
const BRACE_LANGUAGES = new Set([
  'Go',
  'Java',
  'JavaScript',
  'TypeScript',
  'TSX',
  'Rust',
  'C#',
  'Kotlin',
  'Scala',
  'C',
  'C++',
  'Swift',
  'Dart',
]);

export function fragmentSupported(language: string): boolean {
  return BRACE_LANGUAGES.has(language);
}

/** Lines that place nothing: blank, or only closing brackets. */
const TRIVIAL = /^\s*(?:[)}\]];?,?\s*)*(?:end)?\s*$/;

/** A file version's text, split into lines and indexed by line once. */
export class Text {
  private split: string[] | null = null;
  private index: Map<string, number> | null = null;

  constructor(readonly text: string) {}

  lines(): string[] {
    return (this.split ??= this.text.split('\n'));
  }

  /** The 0-based line that is `line` when exactly one is; -1 when none is, -2 when several are. */
  uniqueLine(line: string): number {
    if (!this.index) {
      this.index = new Map();
      const lines = this.lines();
      for (let i = 0; i < lines.length; i++) this.index.set(lines[i]!, this.index.has(lines[i]!) ? -2 : i);
    }
    return this.index.get(line) ?? -1;
  }
}

/** Lines searched above and below a function for one that places it. */
const ANCHOR_SEARCH = 60;

/** The 0-based line of `then` that is `line`, when `line` occurs exactly once in each text; else -1. */
function uniqueIn(now: Text, then: Text, line: string): number {
  if (TRIVIAL.test(line) || now.uniqueLine(line) < 0) return -1;
  return Math.max(then.uniqueLine(line), -1);
}

export interface Fragment {
  text: string;
  /** 1-based line of the fragment where the old version's line `from` is */
  firstRegionLine: number;
  /** the old version's lines [from, to] (1-based) the fragment holds after its enclosing lines */
  from: number;
  to: number;
  /** the old version's lines */
  lines: string[];
}

const indentOf = (line: string): number => {
  let i = 0;
  while (i < line.length && (line[i] === ' ' || line[i] === '\t')) i++;
  return i === line.length ? -1 : i; // a blank line has no indentation
};

/**
 * The fragment of `then` that holds the lines [start, end] (1-based) of `now`, or null when the
 * language is not supported or the lines cannot be placed.
 */
export function fragmentFor(now: Text, then: Text, start: number, end: number, language: string): Fragment | null {
  if (!fragmentSupported(language)) return null;
  const nowLines = now.lines();
  const thenLines = then.lines();
  // Only lines found exactly once in each text place the function: a diff pairs a repeated line
  // (`/// <summary>`, `@Override`, `}`) with any of its twins, and a wrong pair here would hand
  // the judge another overload.
  let from = uniqueIn(now, then, nowLines[start - 1]!);
  if (from < 0) {
    // Its first line changed or repeats: start after the nearest placed line above, at the first
    // line indented as the function's first line is (skipping the tail of the function above).
    let above = -1;
    for (let i = start - 2, tries = 0; i >= 0 && above < 0; i--) {
      if (TRIVIAL.test(nowLines[i]!)) continue;
      above = uniqueIn(now, then, nowLines[i]!);
      if (above < 0 && ++tries === ANCHOR_SEARCH) return null;
    }
    const indent = indentOf(nowLines[start - 1]!);
    from = above + 1;
    while (from < thenLines.length && (TRIVIAL.test(thenLines[from]!) || indentOf(thenLines[from]!) !== indent)) from++;
  }
  // The first placed line below the function (in the old version, after its start) ends it.
  let below = thenLines.length;
  for (let i = end, tries = 0; i < nowLines.length; i++) {
    if (TRIVIAL.test(nowLines[i]!)) continue;
    const at = uniqueIn(now, then, nowLines[i]!);
    if (at > from) {
      below = at;
      break;
    }
    if (++tries === ANCHOR_SEARCH) return null;
  }
  let to = below - 1;
  // A function starts with neither a blank line nor a closing bracket (the end of the one above).
  while (from <= to && TRIVIAL.test(thenLines[from]!)) from++;
  // Nothing in the old version is indented as the function is after the line above it (a file
  // ending in closing brackets without a final newline): no place for it there.
  if (from >= thenLines.length) return null;
  // Decorators, annotations and attributes paired above it still belong to it.
  while (from > 0 && /^\s*(?:@|#\[|\[[A-Z])/.test(thenLines[from - 1]!)) from--;
  // …unless one of them spans lines (its closing bracket is what is above): parse the whole version.
  if (from > 0 && /^\s*[)\]}]/.test(thenLines[from - 1]!) && indentOf(thenLines[from - 1]!) === indentOf(thenLines[from]!)) return null;
  if (to < from || to - from > 4000) return null;
  const indent0 = indentOf(thenLines[from]!);
  // Closing lines less indented than the function's first line close what encloses it.
  while (to > from && TRIVIAL.test(thenLines[to]!) && indentOf(thenLines[to]!) < indent0) to--;
  // The enclosing lines: walking up from the region, each line less indented than the last kept.
  let indent = indent0;
  if (indent < 0) return null;
  const enclosing: string[] = [];
  for (let i = from - 1; i >= 0 && indent > 0; i--) {
    const line = thenLines[i]!;
    const own = indentOf(line);
    if (own < 0 || own >= indent || line[own] === '#') continue; // `#if`, `#region`: no block
    if (line.trim() === '{') {
      // A brace on a line of its own (C#'s style): its header is the line above, as indented.
      let header = i - 1;
      while (header >= 0 && (indentOf(thenLines[header]!) < 0 || thenLines[header]!.trimStart().startsWith('#'))) header--;
      if (header < 0 || indentOf(thenLines[header]!) !== own) return null;
      enclosing.unshift(`${thenLines[header]!} {`);
      i = header;
    } else enclosing.unshift(line);
    indent = own;
  }
  const closers: string[] = [];
  for (const line of enclosing) {
    // A line that opens a block it does not close (`class A {`, `impl<T> B for C {`).
    const code = line.replace(/\/\/.*$/, '').trimEnd();
    if (!code.endsWith('{')) return null; // e.g. a header over several lines: parse the whole version
    closers.unshift('}');
  }
  const region = thenLines.slice(from, to + 1);
  return {
    text: [...enclosing, ...region, ...closers].join('\n') + '\n',
    firstRegionLine: enclosing.length + 1,
    from: from + 1,
    to: to + 1,
    lines: thenLines,
  };
}

/**
 * A function found in the fragment at fragment lines [startLine, endLine] really ends there in
 * the old version: the next line that is not blank is no more indented than its first line (a
 * region cut short by a misplaced diff would leave the rest of the body, more indented, below).
 */
export function endsCleanly(fragment: Fragment, startLine: number, endLine: number): boolean {
  const oldStart = fragment.from + startLine - fragment.firstRegionLine - 1; // 0-based
  const oldEnd = fragment.from + endLine - fragment.firstRegionLine - 1;
  const own = indentOf(fragment.lines[oldStart] ?? '');
  if (own < 0) return false;
  for (let i = oldEnd + 1; i < fragment.lines.length; i++) {
    const next = indentOf(fragment.lines[i]!);
    if (next >= 0) return next <= own;
  }
  return true;
}
