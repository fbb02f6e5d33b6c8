import { OVERLOAD_DECORATOR } from '../functions/index.ts';

/**
 * One Python function out of an old version of its file, without scanning the whole version
 * (the history pass reads one old version per doc commit; scanning each whole was ~half of a cold
 * SQLAlchemy history pass). Python's blocks are indentation, so the function is its `def` line,
 * the decorators above it and the lines down to the next code line indented no deeper than the
 * `def`. Enclosing classes and functions are replaced by one synthetic header each (`class A:`,
 * `def f():`, indented one step), so that the scanner gives the function its qualified name.
 *
 * The version's defs are indexed once (indexDefs). A function is refused (null: the caller scans
 * the whole version) whenever the text is not plain enough to be sure: a def of that name cannot
 * be placed (something that is neither a block nor a string encloses it), two defs with its path
 * remain (if/else variants), a line above the decorators could be another decorator, the last
 * line continues with a backslash. A cut inside a string or brackets cannot go unnoticed: the
 * scanner rejects the fragment (unterminated). 'absent' when every def of the name is placed and
 * none has the path: the version does not have the function.
 */

export interface PythonFragment {
  /** the synthetic headers and the function's lines */
  text: string;
}

// Sticky: matched at a line's first non-blank character, without slicing the line out.
const HEADER = /(?:async[ \t]+)?(def|class)[ \t]+([\p{L}\p{Nl}_][\p{L}\p{N}_]*)/uy;
const COMPOUND = /(?:if|elif|else|try|except|finally|with|for|while|async[ \t]+(?:with|for)|match|case)\b/y;
/** First letters of HEADER's and COMPOUND's keywords: other lines skip both. */
const KEYWORD_START = new Set([...'dcaiefwtm'].map((ch) => ch.charCodeAt(0)));

interface Line {
  start: number;
  end: number;
}

/** Indentation width in characters (tabs count as one: only comparisons within one file matter). */
function indentOf(text: string, line: Line): number {
  let i = line.start;
  while (i < line.end && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++;
  return i - line.start;
}

/** Blank or comment-only: Python ignores such lines' indentation. */
function isCodeLine(text: string, line: Line, indent: number): boolean {
  const at = line.start + indent;
  if (at >= line.end) return false;
  const c = text.charCodeAt(at);
  return c !== 35 /* # */ && !(c === 13 && at + 1 === line.end);
}

function lineAt(text: string, start: number): Line {
  const nl = text.indexOf('\n', start);
  return { start, end: nl === -1 ? text.length : nl };
}

function lineBefore(text: string, line: Line): Line | null {
  if (line.start === 0) return null;
  // The second line's predecessor is the first, at 0: `lastIndexOf('\n', -1)` would read the
  // text's leading newline and give the second line again (a file that opens with a blank line
  // looped forever here: astropy/astroquery, held-out round 14, docs/metrics/outdated.md).
  const start = line.start < 2 ? 0 : text.lastIndexOf('\n', line.start - 2) + 1;
  return { start, end: line.start - 1 };
}

/**
 * Where the triple-quoted strings lie: [open, end) offsets, flattened, from a light lexer that
 * knows comments, one-line strings (with backslash escapes) and triple-quoted ones. Lines that
 * start inside one are string text (SQL at column 0 in a test, an example `def` in a docstring).
 * Should it err, the scanner still checks every fragment, and the doc must be the same.
 */
function tripleStrings(text: string): number[] {
  const ranges: number[] = [];
  const next = /[#'"]/g;
  let m: RegExpExecArray | null;
  while ((m = next.exec(text))) {
    const at = m.index;
    const c = m[0];
    if (c === '#') {
      const nl = text.indexOf('\n', at);
      if (nl === -1) break;
      next.lastIndex = nl + 1;
      continue;
    }
    const triple = text.startsWith(c + c + c, at);
    const quote = triple ? c + c + c : c;
    let i = at + quote.length;
    for (;;) {
      const close = text.indexOf(quote, i);
      // A one-line string also ends at its line's end (unterminated: not ours to judge).
      const nl = triple ? -1 : text.indexOf('\n', i);
      if (close === -1 || (nl !== -1 && nl < close && text.charCodeAt(nl - 1) !== 92)) {
        i = close === -1 ? text.length : nl;
        break;
      }
      let backslashes = 0;
      while (text.charCodeAt(close - 1 - backslashes) === 92) backslashes++;
      i = close + (backslashes % 2 === 1 ? 1 : quote.length);
      if (backslashes % 2 === 0) break;
    }
    if (triple) ranges.push(at, i);
    next.lastIndex = i;
  }
  return ranges;
}

/** True when `offset` lies inside one of the ranges (binary search). */
function inside(ranges: readonly number[], offset: number): boolean {
  let lo = 0;
  let hi = ranges.length / 2;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ranges[mid * 2 + 1]! <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo < ranges.length / 2 && ranges[lo * 2]! < offset;
}

/** A version's defs (indexDefs) and its apparent triple-quoted strings. */
export interface PythonVersionIndex {
  defs: Map<string, Def[]>;
  strings: number[];
}

/** Where a def stands: its line and indentation, and its qualified name (null: not knowable). */
interface Def {
  line: Line;
  indent: number;
  qualified: string | null;
}

/**
 * Every `def` of a version, by its own name, found in one pass over the lines: a stack of the
 * headers (class/def), compound statements (if/try/…, transparent for names) and plain
 * statements that enclose each line. A plain statement that would enclose a def (only text in a
 * string or brackets can be indented less than what follows it) makes that def's path unknowable.
 */
export function indexDefs(text: string): PythonVersionIndex {
  const byName = new Map<string, Def[]>();
  const strings = tripleStrings(text);
  // frames: indent, and the header's name ('' for a compound statement, null for a plain one)
  const indents: number[] = [];
  const names: Array<string | null> = [];
  // strings[pair] is the first triple-quoted string not yet behind the current line.
  let pair = 0;
  for (let start = 0; start <= text.length;) {
    const nl = text.indexOf('\n', start);
    const end = nl === -1 ? text.length : nl;
    const lineStart = start;
    start = nl === -1 ? text.length + 1 : nl + 1;
    let at = lineStart;
    while (at < end && (text.charCodeAt(at) === 32 || text.charCodeAt(at) === 9)) at++;
    if (at >= end) continue; // blank
    const c = text.charCodeAt(at);
    if (c === 35 /* # */ || (c === 13 && at + 1 === end)) continue; // comment, or blank with CR
    if (c === 41 || c === 93 || c === 125) continue; // continues a statement: `):`
    // Text inside a string: SQL at column 0, or an example `def` in a docstring.
    while (pair < strings.length && strings[pair + 1]! <= lineStart) pair += 2;
    if (pair < strings.length && strings[pair]! < lineStart) continue;
    const i = at - lineStart;
    let header: RegExpExecArray | null = null;
    let compound = false;
    if (KEYWORD_START.has(c)) {
      HEADER.lastIndex = at;
      header = HEADER.exec(text);
      if (!header) {
        COMPOUND.lastIndex = at;
        compound = COMPOUND.test(text);
      }
    }
    while (indents.length > 0 && indents[indents.length - 1]! >= i) {
      indents.pop();
      names.pop();
    }
    let name: string | null = compound ? '' : null;
    if (header) {
      name = header[2]!;
      if (header[1] === 'def') {
        const qualified = names.includes(null) ? null : [...names.filter((n) => n !== ''), name].join('.');
        let list = byName.get(name);
        if (!list) byName.set(name, (list = []));
        list.push({ line: { start: lineStart, end }, indent: i, qualified });
      }
    }
    indents.push(i);
    names.push(name);
  }
  return { defs: byName, strings };
}

/**
 * The first line of a def's decorators (lines at its indent starting with '@', with their
 * continuation lines; the def's own line when it has none), or null when a decorator above a
 * blank line could be missed.
 */
function decoratorsStart(text: string, def: Def): Line | null {
  const { line: defLine, indent } = def;
  let first = defLine;
  for (let prev = lineBefore(text, defLine); prev; prev = lineBefore(text, prev)) {
    const i = indentOf(text, prev);
    if (!isCodeLine(text, prev, i)) {
      if (prev.start + i >= prev.end || text.charCodeAt(prev.start + i) === 13) break; // blank line: no more decorators
      continue; // a comment among decorators
    }
    const c = text.charCodeAt(prev.start + i);
    if (i === indent && c === 64 /* @ */) first = prev;
    else if (!(i > indent || (i === indent && (c === 41 || c === 93 || c === 125)))) break;
    // else: inside a decorator's brackets, or the previous block's body (kept only below an '@')
  }
  for (let prev = lineBefore(text, first); prev; prev = lineBefore(text, prev)) {
    const i = indentOf(text, prev);
    if (!isCodeLine(text, prev, i)) continue;
    if (i === indent && text.charCodeAt(prev.start + i) === 64) return null;
    break;
  }
  return first;
}

/**
 * The fragment of `text` that holds the function called `qualifiedName` (dotted: `A.B.f`), with
 * `isFunction(prefix)` telling whether an enclosing name is a function (else a class); `index` is
 * indexDefs(text), computed once per version. 'absent' when the version has no such function;
 * null when it cannot be cut out safely (scan the whole version instead).
 */
export function pythonFragment(
  text: string,
  qualifiedName: string,
  isFunction: (prefix: string) => boolean,
  index: PythonVersionIndex = indexDefs(text),
): PythonFragment | 'absent' | null {
  const parts = qualifiedName.split('.');
  const leaf = parts.pop()!;
  const candidates: Def[] = [];
  for (const def of index.defs.get(leaf) ?? []) {
    if (def.qualified === null) return null; // cannot tell where this one belongs
    if (def.qualified === qualifiedName) candidates.push(def);
  }
  // Every def of this name is placed, none here: the version has no such function (renamed
  // since, or not written yet), as a scan of the whole version would find.
  if (candidates.length === 0) return 'absent';
  // `typing.overload` stubs are not functions (the scanner drops them): the implementation is
  // the one left. Two left: if/else variants, refused.
  let found: { def: Def; first: Line } | null = null;
  for (const def of candidates) {
    const first = decoratorsStart(text, def);
    if (first === null) return null;
    if (candidates.length > 1 && OVERLOAD_DECORATOR.test(text.slice(first.start, def.line.start))) continue;
    if (found) return null;
    found = { def, first };
  }
  if (!found) return null;
  const { line: defLine, indent } = found.def;
  const first = found.first;

  // The body: down to the next code line indented no deeper than the def.
  let last = defLine;
  for (
    let next = defLine.end < text.length ? lineAt(text, defLine.end + 1) : null;
    next;
    next = next.end < text.length ? lineAt(text, next.end + 1) : null
  ) {
    const i = indentOf(text, next);
    if (!isCodeLine(text, next, i)) continue;
    const c = text.charCodeAt(next.start + i);
    // A line opening with a closing bracket continues a statement (`) -> int:` of a split def).
    if (i <= indent && c !== 41 && c !== 93 && c !== 125 && !inside(index.strings, next.start)) break;
    last = next;
  }
  const body = text.slice(first.start, last.end);
  if (/\\\r?$/.test(body)) return null; // the statement continues past the cut

  // One synthetic header per enclosing name, each indented deeper than the one before.
  const ws = text.slice(defLine.start, defLine.start + indent);
  if (parts.length > indent) return null;
  // A def indented under compound statements only (`except ImportError:` at the top level)
  // needs a block to stand in: `if 1:` names nothing.
  let headers = parts.length === 0 && indent > 0 ? 'if 1:\n' : '';
  for (let i = 0; i < parts.length; i++) {
    const kind = isFunction(parts.slice(0, i + 1).join('.')) ? 'def' : 'class';
    headers += `${ws.slice(0, i)}${kind} ${parts[i]}${kind === 'def' ? '()' : ''}:\n`;
  }
  return { text: headers + body };
}
