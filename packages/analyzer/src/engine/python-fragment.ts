/**
 * One Python function out of an old version of its file, without scanning the whole version
 * (the history pass reads one old version per doc commit; scanning each whole was ~half of a cold
 * SQLAlchemy history pass). Python's blocks are indentation, so the function is its `def` line,
 * the decorators above it and the lines down to the next code line indented no deeper than the
 * `def`. Enclosing classes and functions are replaced by one synthetic header each (`class A:`,
 * `def f():`, indented one step), so that the scanner gives the function its qualified name.
 *
 * Refused (null: the caller scans the whole version) whenever the text is not plain enough to be
 * sure: the `def` with this qualified path is not found exactly once, a line above the decorators
 * could be another decorator, the last line continues with a backslash. A cut inside a string or
 * brackets cannot go unnoticed: the scanner rejects the fragment (unterminated).
 */

export interface PythonFragment {
  /** the synthetic headers and the function's lines */
  text: string;
}

const HEADER = /^[ \t]*(?:async[ \t]+)?(def|class)[ \t]+([\p{L}\p{Nl}_][\p{L}\p{N}_]*)/u;
const COMPOUND = /^[ \t]*(?:if|elif|else|try|except|finally|with|for|while|async[ \t]+(?:with|for)|match|case)\b/;

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
  const start = text.lastIndexOf('\n', line.start - 2) + 1;
  return { start, end: line.start - 1 };
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The enclosing headers' names of the def at `line`, outermost first, or null when a line that
 * encloses it is neither a header nor a compound statement (text inside a string, most likely).
 */
function enclosingNames(text: string, line: Line, indent: number): string[] | null {
  const names: string[] = [];
  let threshold = indent;
  for (let prev = lineBefore(text, line); prev && threshold > 0; prev = lineBefore(text, prev)) {
    const i = indentOf(text, prev);
    if (i >= threshold || !isCodeLine(text, prev, i)) continue;
    const c = text.charCodeAt(prev.start + i);
    // The closing line of a header split over lines (`):`), or a decorator of the enclosing one.
    if (c === 41 /* ) */ || c === 93 /* ] */ || c === 125 /* } */) continue;
    const row = text.slice(prev.start, prev.end);
    const header = HEADER.exec(row);
    if (header) names.unshift(header[2]!);
    else if (!COMPOUND.test(row)) return null;
    threshold = i;
  }
  return names;
}

/**
 * The fragment of `text` that holds the function called `qualifiedName` (dotted: `A.B.f`), with
 * `isFunction(prefix)` telling whether an enclosing name is a function (else a class).
 */
export function pythonFragment(text: string, qualifiedName: string, isFunction: (prefix: string) => boolean): PythonFragment | null {
  const parts = qualifiedName.split('.');
  const leaf = parts.pop()!;
  const pattern = new RegExp(`^([ \\t]*)(?:async[ \\t]+)?def[ \\t]+${escapeRegExp(leaf)}[ \\t]*[(\\[]`, 'gm');
  let found: { line: Line; indent: number } | null = null;
  for (const m of text.matchAll(pattern)) {
    const line = lineAt(text, m.index);
    const indent = m[1]!.length;
    const names = enclosingNames(text, line, indent);
    if (names === null) return null; // cannot tell where this one belongs
    if (names.length !== parts.length || names.some((n, i) => n !== parts[i])) continue;
    if (found) return null; // two definitions with this path (if/else variants)
    found = { line, indent };
  }
  if (!found) return null;
  const { line: defLine, indent } = found;

  // Decorators: lines at the def's indent starting with '@', with their continuation lines.
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
  // A decorator separated by a blank line would be missed: refuse rather than guess.
  for (let prev = lineBefore(text, first); prev; prev = lineBefore(text, prev)) {
    const i = indentOf(text, prev);
    if (!isCodeLine(text, prev, i)) continue;
    const c = text.charCodeAt(prev.start + i);
    if (i === indent && c === 64) return null;
    break;
  }

  // The body: down to the next code line indented no deeper than the def.
  let last = defLine;
  for (let next = defLine.end < text.length ? lineAt(text, defLine.end + 1) : null; next; next = next.end < text.length ? lineAt(text, next.end + 1) : null) {
    const i = indentOf(text, next);
    if (!isCodeLine(text, next, i)) continue;
    const c = text.charCodeAt(next.start + i);
    // A line opening with a closing bracket continues a statement (`) -> int:` of a split def).
    if (i <= indent && c !== 41 && c !== 93 && c !== 125) break;
    last = next;
  }
  const body = text.slice(first.start, last.end);
  if (/\\\r?$/.test(body)) return null; // the statement continues past the cut

  // One synthetic header per enclosing name, each indented deeper than the one before.
  const ws = text.slice(defLine.start, defLine.start + indent);
  if (parts.length > indent) return null;
  let headers = '';
  for (let i = 0; i < parts.length; i++) {
    const kind = isFunction(parts.slice(0, i + 1).join('.')) ? 'def' : 'class';
    headers += `${ws.slice(0, i)}${kind} ${parts[i]}${kind === 'def' ? '()' : ''}:\n`;
  }
  return { text: headers + body };
}
