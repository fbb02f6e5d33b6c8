/**
 * Whether a diff hunk only reformats: its removed and added lines are the same code once layout
 * is set aside. The line walk (history.ts) lets such a hunk pass its lines' history through to
 * the lines it replaced, so a Black, gofmt or Prettier run never becomes "the commit that last
 * changed" a function or its doc (a rule that fires on a formatting commit is a bug).
 *
 * Deliberately stricter than the judge's token comparison (functions/contract.ts bodyTokens):
 * comments and doc comments count here, so a reworded comment or doc is a change. What is set
 * aside is only what formatters rewrite:
 *  - whitespace and line breaks, except one space between two word characters (`return x`);
 *  - a comma followed by a line break before a closing bracket (Black's and Prettier's "magic"
 *    trailing comma when they explode a call or a literal over several lines);
 *  - for languages whose two string quotes mean the same (Python, JavaScript, TypeScript), ' and ".
 * Known leniency: a one-element Python tuple written `(x,\n)` equals `(x)`; no formatter makes
 * that edit, and its effect is only that the walk looks past that commit.
 */

/** File names whose language treats ' and " alike (formatters switch between them). */
const QUOTES_ALIKE = /\.(?:py|pyi|pyw|js|jsx|mjs|cjs|ts|tsx|mts|cts)$/i;

export function quotesAlike(rel: string): boolean {
  return QUOTES_ALIKE.test(rel);
}

const isWordChar = (code: number): boolean =>
  (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code === 36 || code > 127;

const isClosing = (code: number): boolean => code === 41 || code === 93 || code === 125; // ) ] }

const isSpace = (code: number): boolean => code === 32 || code === 9 || code === 10 || code === 13 || code === 12 || code === 11;

/**
 * Reads one side of a hunk body (its '-' or its '+' lines, prefixes skipped) as formatters see
 * it, a character code at a time, so two sides are compared without building either: most
 * hunks differ within a few characters. Records where each line starts in what it returns, so
 * that an added line can be traced to the removed lines its code came from.
 */
class LayoutFreeReader {
  /** per line of this side: how many codes were returned before it began */
  readonly lineStarts: number[] = [];
  private returned = 0;
  private last = -1; // the last code returned
  private sawNewline = false; // set by skipLayout
  private crossed = 0; // set by skipLayout: lines begun

  constructor(
    private readonly text: string,
    private at: number,
    private readonly end: number,
    private readonly quotes: boolean,
    /** lines start with a '-'/'+' prefix (a hunk body), or not (plain text) */
    private readonly prefixed = true,
  ) {
    this.commit(this.skipLayout(at, prefixed));
  }

  /**
   * From `j`, past blanks and line breaks, each line's '-'/'+' prefix and git's "\ No newline at
   * end of file" notes; `lineStart` says j is at a line's prefix. Sets sawNewline and crossed.
   */
  private skipLayout(j: number, lineStart = false): number {
    const { text, end } = this;
    this.sawNewline = false;
    this.crossed = 0;
    while (j < end) {
      if (lineStart) {
        lineStart = false;
        if (text.charCodeAt(j) === 92 /* \ */) {
          const nl = text.indexOf('\n', j);
          j = nl < 0 || nl >= end ? end : nl;
          continue;
        }
        this.crossed++;
        j++; // the prefix
        continue;
      }
      const code = text.charCodeAt(j);
      if (code === 10) {
        this.sawNewline = true;
        lineStart = this.prefixed;
      } else if (!isSpace(code)) break;
      j++;
    }
    return j;
  }

  /** Moves to `j`, found by skipLayout: the lines it crossed begin here. */
  private commit(j: number): void {
    for (let i = 0; i < this.crossed; i++) this.lineStarts.push(this.returned);
    this.at = j;
  }

  /** The next character code, or -1 at the end. */
  next(): number {
    const { text, end } = this;
    while (this.at < end) {
      let code = text.charCodeAt(this.at);
      if (isSpace(code)) {
        this.commit(this.skipLayout(this.at));
        if (this.at < end && this.last >= 0 && isWordChar(this.last) && isWordChar(text.charCodeAt(this.at))) {
          this.last = 32;
          this.returned++;
          return 32;
        }
        continue;
      }
      if (code === 44 /* , */) {
        // A trailing comma: blanks with a line break, then a closing bracket.
        const j = this.skipLayout(this.at + 1);
        if (this.sawNewline && j < end && isClosing(text.charCodeAt(j))) {
          this.commit(j);
          continue;
        }
      }
      this.at++;
      if (this.quotes && code === 39) code = 34;
      this.last = code;
      this.returned++;
      return code;
    }
    return -1;
  }

  /** Codes returned in all. */
  get total(): number {
    return this.returned;
  }
}

/**
 * For a -U0 hunk body ('-' lines, then '+' lines) whose two sides are the same code apart from
 * layout: for each added line, the first and last removed line (0-based, within the hunk) its
 * code came from, as consecutive pairs. Null when the hunk changes code, or only adds or only
 * removes lines.
 */
export function formattingMap(body: string, quotes: boolean): Int32Array | null {
  if (body.charCodeAt(0) !== 45 /* - */) return null;
  const plus = body.indexOf('\n+');
  if (plus < 0) return null;
  // The removed side ends before the line break that starts the added side.
  const removed = new LayoutFreeReader(body, 0, plus, quotes);
  const added = new LayoutFreeReader(body, plus + 1, body.length, quotes);
  for (;;) {
    const a = removed.next();
    if (a !== added.next()) return null;
    if (a < 0) break;
  }
  const from = removed.lineStarts;
  const to = added.lineStarts;
  const total = removed.total;
  const n = from.length;
  const endOf = (i: number): number => (i + 1 < n ? from[i + 1]! : total);
  // Every removed line must stand behind some added line (a change to a line nobody traces would
  // be lost), so the first added line starts at the first removed one, the last ends at the last,
  // and blank removed lines go with the line before them.
  const map = new Int32Array(to.length * 2);
  let first = 0;
  let last = 0;
  for (let j = 0; j < to.length; j++) {
    const start = to[j]!;
    const stop = j + 1 < to.length ? to[j + 1]! : total; // exclusive
    if (stop > start) {
      while (first < n - 1 && endOf(first) <= start) first++;
      last = first;
      while (last + 1 < n && from[last + 1]! < stop) last++;
      while (last + 1 < n && endOf(last + 1) === from[last + 1]) last++;
    } else {
      // A blank added line: the removed line at its place.
      while (first < n - 1 && from[first + 1]! <= start) first++;
      last = first;
    }
    map[j * 2] = j === 0 ? 0 : first;
    map[j * 2 + 1] = j === to.length - 1 ? n - 1 : last;
  }
  return map;
}

/** Two texts are the same code apart from layout (the rules above), e.g. a doc before and after a formatter ran over its examples. */
export function sameLayoutFree(a: string, b: string, quotes: boolean): boolean {
  if (a === b) return true;
  const left = new LayoutFreeReader(a, 0, a.length, quotes, false);
  const right = new LayoutFreeReader(b, 0, b.length, quotes, false);
  for (;;) {
    const code = left.next();
    if (code !== right.next()) return false;
    if (code < 0) return true;
  }
}

/** The hunk only reformats (see formattingMap). */
export function isFormattingHunk(body: string, quotes: boolean): boolean {
  return formattingMap(body, quotes) !== null;
}

/**
 * Python: what a hunk line is once comments and annotations of a `def` line are set aside, so
 * that the walk (history.ts) looks past commits that only edit comments (`# type: ignore`,
 * `# noqa`, reworded comments), add or remove blank or comment lines, or rewrite a one-line
 * signature's annotations (`t.Optional[str]` → `str | None`, `-> t.List[str]` → `-> list[str]`)
 * — changes the code key (code-key.ts) ignores too, so the walk's commit is the code-changing one
 * and naming a suggestion's commit rarely needs its bisection (docs/metrics/outdated.md
 * §Code-only commits). A `#` inside a string that the line opens is kept; a line inside a
 * multi-line string (a docstring example's `# comment`) cannot be told apart and loses its
 * comment: known leniency. Annotations are dropped only on a line holding a whole `def … :`
 * without `lambda`; a multi-line signature's annotation lines still count as changes.
 */
export function pythonCodeLine(line: string): string {
  let quote = '';
  let code = line;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '#') {
      code = line.slice(0, i);
      break;
    }
  }
  const def = /^(\s*(?:async\s+)?def\s+[\p{L}_][\p{L}\p{N}_]*\s*)\((.*)\)\s*(?:->.*)?:\s*$/u.exec(code);
  if (!def || code.includes('lambda') || /["']/.test(def[2]!)) return code;
  // Parameters at depth 0 of the list: `name: T = d` → `name = d`, `name: T` → `name`.
  const params: string[] = [];
  let depth = 0;
  let start = 0;
  const list = def[2]!;
  for (let i = 0; i <= list.length; i++) {
    const ch = list[i];
    if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') depth--;
    else if (ch === undefined || (ch === ',' && depth === 0)) {
      params.push(list.slice(start, i));
      start = i + 1;
    }
  }
  const bare = params.map((p) => {
    const colon = p.indexOf(':');
    if (colon < 0) return p;
    let d = 0;
    for (let i = colon + 1; i < p.length; i++) {
      const ch = p[i]!;
      if (ch === '(' || ch === '[' || ch === '{') d++;
      else if (ch === ')' || ch === ']' || ch === '}') d--;
      else if (ch === '=' && d === 0) return `${p.slice(0, colon)} ${p.slice(i)}`;
    }
    return p.slice(0, colon);
  });
  return `${def[1]}(${bare.join(',')}):`;
}

/** A -U0 hunk body with every line read as pythonCodeLine (prefixes kept, line count unchanged). */
export function pythonCodeHunk(body: string): string {
  return body
    .split('\n')
    .map((l) => (l.length > 0 && (l[0] === '-' || l[0] === '+') ? l[0] + pythonCodeLine(l.slice(1)) : l))
    .join('\n');
}

/** Every '-'/'+' line of the hunk body is blank once read as pythonCodeLine: it only adds or removes comments or blank lines. */
export function onlyPythonComments(body: string): boolean {
  if (body === '') return false;
  for (const l of body.split('\n')) {
    if (l.length === 0 || l[0] === '\\') continue;
    if (l[0] !== '-' && l[0] !== '+') return false;
    if (pythonCodeLine(l.slice(1)).trim() !== '') return false;
  }
  return true;
}
