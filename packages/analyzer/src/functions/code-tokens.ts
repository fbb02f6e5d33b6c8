/**
 * A language-agnostic token stream for comparing two versions of a function: comments and
 * whitespace dropped, string quotes unified, trailing commas (Black's "magic trailing comma",
 * Prettier's `trailingComma`) and JS semicolons dropped. Two versions with equal streams differ
 * only in formatting or comments, so no doc can have become wrong between them.
 */

/** Languages whose line comments start with `#` (PHP has both `#` and `//`). */
const HASH_COMMENTS = new Set(['Python', 'Ruby', 'PHP']);
const C_COMMENTS = (language: string): boolean => language !== 'Python' && language !== 'Ruby';
const NO_SEMICOLONS = new Set(['JavaScript', 'TypeScript', 'TSX']);

const STRING = String.raw`"""[\s\S]*?"""|'''[\s\S]*?'''|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|` + '`(?:[^`\\\\]|\\\\.)*`';
const WORD = String.raw`[\p{L}_$][\p{L}\p{N}_$]*`;
const NUMBER = String.raw`\d[\p{L}\p{N}_.]*`;

const cache = new Map<string, RegExp>();
function tokenPattern(language: string): RegExp {
  let re = cache.get(language);
  if (!re) {
    const comments: string[] = [];
    if (C_COMMENTS(language)) comments.push(String.raw`//[^\n]*`, String.raw`/\*[\s\S]*?\*/`);
    if (HASH_COMMENTS.has(language)) comments.push(String.raw`#[^\n]*`);
    // Groups: 1 comment, 2 string, 3 word/number, else one punctuation character.
    re = new RegExp(`\\s+|(${comments.join('|') || '(?!)'})|(${STRING})|(${WORD}|${NUMBER})|([^\\s])`, 'gu');
    cache.set(language, re);
  }
  re.lastIndex = 0;
  return re;
}

const CLOSERS = new Set([')', ']', '}']);

/** The normalised tokens of `text`. */
export function codeTokens(text: string, language: string): string[] {
  const re = tokenPattern(language);
  const tokens: string[] = [];
  const dropSemicolons = NO_SEMICOLONS.has(language);
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[1] !== undefined) continue;
    if (m[2] !== undefined) {
      tokens.push(`"${unquote(m[2])}"`);
    } else if (m[3] !== undefined) {
      tokens.push(m[3]);
    } else if (m[4] !== undefined) {
      const ch = m[4];
      if (dropSemicolons && ch === ';') continue;
      if (CLOSERS.has(ch) && tokens[tokens.length - 1] === ',') tokens.pop();
      tokens.push(ch);
    }
  }
  if (tokens[tokens.length - 1] === ',') tokens.pop();
  return tokens;
}

/** The body of a string literal without its quotes, escaped quotes unescaped ('"' ≡ "\""). */
function unquote(literal: string): string {
  const triple = literal.startsWith('"""') || literal.startsWith("'''");
  return (triple ? literal.slice(3, -3) : literal.slice(1, -1)).replace(/\\(["'`])/g, '$1');
}

/** Text with comments and string contents blanked (same length), for keyword searches. */
export function codeOnly(text: string, language: string): string {
  const re = tokenPattern(language);
  let out = '';
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[1] !== undefined || m[2] !== undefined) {
      out += text.slice(last, m.index) + (m[2] !== undefined ? `"${' '.repeat(Math.max(0, m[0].length - 2))}"` : ' '.repeat(m[0].length));
      last = m.index + m[0].length;
    }
  }
  return out + text.slice(last);
}
