import { perFile } from './cache.ts';

/**
 * Source text with comments blanked (same length, newlines kept) and strings left intact: import
 * and route statements are found in code, never in a commented-out line, and their string
 * arguments (module names, URL paths) stay readable. Line numbers are preserved.
 */

const HASH = new Set(['Python', 'Ruby']);

const cache = new Map<string, RegExp>();
function pattern(language: string): RegExp {
  let re = cache.get(language);
  if (!re) {
    const comments = HASH.has(language) ? String.raw`#[^\n]*` : String.raw`//[^\n]*|/\*[\s\S]*?\*/`;
    // Group 1: a comment; strings are matched only to be skipped over (a `//` inside a URL is no comment).
    const strings = String.raw`"""[\s\S]*?"""|'''[\s\S]*?'''|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|` + '`(?:[^`\\\\]|\\\\.)*`';
    re = new RegExp(`(${comments})|${strings}`, 'g');
    cache.set(language, re);
  }
  re.lastIndex = 0;
  return re;
}

export function withoutComments(text: string, language: string): string {
  return text.replace(pattern(language), (m: string, comment: string | undefined) =>
    comment === undefined ? m : m.replace(/[^\n]/g, ' '),
  );
}

/** 1-based line of a character offset (line starts cached for the last text: callers ask many times per file). */
let lastText: string | null = null;
let lastStarts: number[] = [];
export function lineAt(text: string, offset: number): number {
  if (text !== lastText) {
    lastStarts = [0];
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lastStarts.push(i + 1);
    lastText = text;
  }
  let lo = 0;
  let hi = lastStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lastStarts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/** The value of a quoted literal ('x', "x", `x` without substitutions), or null. */
export function literal(quoted: string): string | null {
  const q = quoted[0];
  if ((q !== '"' && q !== "'" && q !== '`') || quoted.at(-1) !== q || quoted.length < 2) return null;
  const body = quoted.slice(1, -1);
  if (q === '`' && body.includes('${')) return null;
  return body.replace(/\\(.)/g, '$1');
}

/** withoutComments of a source file, computed once per file however many fact readers ask. */
const codes = new WeakMap<object, string>();
export function codeOf(file: { text: string; language: string }): string {
  let code = codes.get(file);
  if (code === undefined) {
    code = perFile(file.text, `code\0${file.language}`, () => withoutComments(file.text, file.language));
    codes.set(file, code);
  }
  return code;
}

/**
 * Where a source's string literals are (start and end offsets, quotes included), sorted: a route
 * call or decorator found inside one — an example in a docstring, a snippet in a message — is no
 * route (docs/docgen-arch-api.md §Routes). Comments are blanked by `codeOf` already.
 */
export function stringSpans(file: { text: string; language: string }): Array<[number, number]> {
  return perFile(file.text, `strings\0${file.language}`, () => {
    const code = codeOf(file);
    const re =
      file.language === 'Python'
        ? /"""[\s\S]*?"""|'''[\s\S]*?'''|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g
        : /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`/g;
    return [...code.matchAll(re)].map((m): [number, number] => [m.index, m.index + m[0].length]);
  });
}

/** Whether an offset lies inside one of the (sorted) spans. */
export function inSpan(spans: ReadonlyArray<readonly [number, number]>, offset: number): boolean {
  let lo = 0;
  let hi = spans.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [a, b] = spans[mid]!;
    if (offset < a) hi = mid - 1;
    else if (offset >= b) lo = mid + 1;
    else return true;
  }
  return false;
}

/**
 * The offset just past the bracket closing the one at `open` (`(`, `[` or `{`), string literals
 * skipped; the text's end when it is not closed.
 */
export function closing(code: string, open: number): number {
  const pairs: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
  const stack: string[] = [];
  for (let i = open; i < code.length; i++) {
    const c = code[i]!;
    if (c === '"' || c === "'" || c === '`') {
      const triple = code.startsWith(c.repeat(3), i) && c !== '`';
      const end = triple ? code.indexOf(c.repeat(3), i + 3) : -1;
      if (triple) {
        i = end === -1 ? code.length : end + 2;
        continue;
      }
      for (i++; i < code.length && code[i] !== c; i++) if (code[i] === '\\') i++;
      continue;
    }
    if (pairs[c]) stack.push(pairs[c]);
    else if (c === stack.at(-1)) {
      stack.pop();
      if (stack.length === 0) return i + 1;
    }
  }
  return code.length;
}

/** The top-level, comma-separated arguments of an argument list's text (without its brackets). */
export function splitArgs(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'" || c === '`') {
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === '\\') i++;
    } else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (c === ',' && depth === 0) {
      out.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  const last = text.slice(start).trim();
  if (last !== '') out.push(last);
  return out;
}
