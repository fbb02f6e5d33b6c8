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
  return text.replace(pattern(language), (m: string, comment: string | undefined) => (comment === undefined ? m : m.replace(/[^\n]/g, ' ')));
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
