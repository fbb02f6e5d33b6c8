/**
 * Whether a diff hunk only reformats: its removed and added lines are the same code once layout
 * is set aside. The line walk (history.ts) lets such a hunk pass its lines' history through to
 * the lines it replaced, so a Black, gofmt or Prettier run never becomes "the commit that last
 * changed" a function or its doc (issue 10: a rule that fires on a formatting commit is a bug).
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
