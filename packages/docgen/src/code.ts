/**
 * Reading a function's own code for the grounding rules (docs/docgen.md): comments are blanked
 * and string contents masked (same length, newlines kept), so a `raise` or a call is only ever
 * found in code — never in a comment or a string — while each literal's value stays at hand.
 */

export interface Masked {
  /** the text with comments blanked and string contents replaced by `_` */
  code: string;
  /** string literals by the offset of their opening quote: value (null when interpolated) and end offset */
  literals: Map<number, { value: string | null; end: number }>;
}

const HASH = new Set(['Python', 'Ruby']);

export function mask(text: string, language: string): Masked {
  const comment = HASH.has(language)
    ? String.raw`#[^\n]*`
    : language === 'PHP'
      ? String.raw`//[^\n]*|#(?!\[)[^\n]*|/\*[\s\S]*?\*/`
      : String.raw`//[^\n]*|/\*[\s\S]*?\*/`;
  const py = language === 'Python';
  // JavaScript continues a quoted string on the next line after a backslash (held out, set 30:
  // grammY's "Bot not initialized! … \⏎or directly set …")
  const js = language === 'JavaScript' || language === 'TypeScript' || language === 'TSX';
  const esc = js ? String.raw`\\[\s\S]` : String.raw`\\.`;
  const strings = [
    py ? String.raw`[rRbBuUfF]{0,2}"""[\s\S]*?"""|[rRbBuUfF]{0,2}'''[\s\S]*?'''` : '',
    py ? String.raw`[rRbBuUfF]{0,2}"(?:[^"\\\n]|\\.)*"|[rRbBuUfF]{0,2}'(?:[^'\\\n]|\\.)*'` : String.raw`"(?:[^"\\\n]|` + esc + ')*"',
    // Rust lifetimes (`'a`) are no strings: only a char literal is.
    py ? '' : language === 'Rust' ? String.raw`'(?:[^'\\\n]|\\.)'` : String.raw`'(?:[^'\\\n]|` + esc + ")*'",
    language === 'JavaScript' || language === 'TypeScript' || language === 'TSX' || language === 'Go' || language === 'Kotlin'
      ? '`(?:[^`\\\\]|\\\\.)*`'
      : '',
  ]
    .filter((s) => s !== '')
    .join('|');
  const re = new RegExp(`(${comment})|(${strings})`, 'g');
  const literals = new Map<number, { value: string | null; end: number }>();
  const code = text.replace(re, (m: string, c: string | undefined, s: string | undefined, offset: number) => {
    if (c !== undefined) return m.replace(/[^\n]/g, ' ');
    const lit = s!;
    const prefix = /^[rRbBuUfF]*/.exec(lit)![0];
    const body = lit.slice(prefix.length);
    const q = body.startsWith('"""') || body.startsWith("'''") ? 3 : 1;
    const inner = body.slice(q, body.length - q);
    const interpolated =
      /[fF]/.test(prefix) ||
      (body[0] === '`' && inner.includes('${')) ||
      (language === 'Kotlin' && /\$[\w{]/.test(inner)) ||
      (language === 'Ruby' && inner.includes('#{')) ||
      (language === 'C#' && text[offset - 1] === '$') ||
      (language === 'Swift' && inner.includes('\\('));
    const raw = /[rR]/.test(prefix) || body[0] === '`';
    literals.set(offset + prefix.length, {
      value: interpolated ? null : raw ? inner : unescape(inner, language, body[0]!),
      end: offset + lit.length,
    });
    return prefix + body.slice(0, q) + inner.replace(/[^\n]/g, '_') + body.slice(body.length - q);
  });
  return { code, literals };
}

/** Index of the bracket closing the one at `open` in masked code, or -1. */
export function closing(code: string, open: number): number {
  const pairs: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
  const stack: string[] = [];
  for (let i = open; i < code.length; i++) {
    const ch = code[i]!;
    if (pairs[ch]) stack.push(pairs[ch]);
    else if (ch === ')' || ch === ']' || ch === '}') {
      if (stack.pop() !== ch) return -1;
      if (stack.length === 0) return i;
    }
  }
  return -1;
}

/** Top-level comma-separated parts of masked code (an argument list's inside), with their offsets. */
export function splitTop(code: string, start: number, end: number): { text: string; at: number }[] {
  const out: { text: string; at: number }[] = [];
  let depth = 0;
  let from = start;
  for (let i = start; i < end; i++) {
    const ch = code[i]!;
    if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') depth--;
    else if (ch === ',' && depth === 0) {
      out.push({ text: code.slice(from, i), at: from });
      from = i + 1;
    }
  }
  if (code.slice(from, end).trim() !== '') out.push({ text: code.slice(from, end), at: from });
  return out.map((p) => {
    const lead = p.text.length - p.text.trimStart().length;
    return { text: p.text.trim(), at: p.at + lead };
  });
}

/** The function's body within its masked content: [start, end) offsets; null when not found. */
export function bodyRange(code: string, language: string, short: string): { start: number; end: number } | null {
  if (language === 'Python') {
    // The header ends at the first `:` at depth 0 after the parameter list.
    const open = code.search(new RegExp(`\\b${escapeRe(short)}\\s*[(\\[]`));
    if (open < 0) return null;
    let i = code.indexOf('(', open);
    const close = closing(code, i);
    if (close < 0) return null;
    for (i = close + 1; i < code.length; i++) {
      if (code[i] === '(' || code[i] === '[') {
        const c = closing(code, i);
        if (c < 0) return null;
        i = c;
      } else if (code[i] === ':') return { start: i + 1, end: code.length };
    }
    return null;
  }
  if (language === 'Ruby') {
    // `def name(params)` or `def name params` up to the line's end; the body runs to the last `end`.
    const def = new RegExp(`\\bdef\\s+(?:self\\.)?${escapeRe(short)}\\b`).exec(code);
    if (!def) return null;
    let i = def.index + def[0].length;
    if (code[i] === '(') i = closing(code, i) + 1;
    const nl = code.indexOf('\n', i);
    const end = code.lastIndexOf('end');
    return nl < 0 || end < nl ? null : { start: nl + 1, end };
  }
  const name = new RegExp(`(?:^|[^\\w$])${escapeRe(short)}\\s*(?:<[^(]*>)?\\s*\\(`, 'g');
  let m: RegExpExecArray | null;
  let open = -1;
  while ((m = name.exec(code)) !== null) {
    open = m.index + m[0].length - 1;
    break;
  }
  // a function expression assigned to the name (`ns.generateKeys = function (cn) {`): its own
  // parameter list, not that of a function of the same name it returns (held out, set 32: sjcl's
  // `basicKey.generateKeys` got the throw of the `function generateKeys(curve, …)` it returns)
  const expr = /^(JavaScript|TypeScript|TSX)$/.test(language)
    ? /^[^{\n]*?[=:]\s*(?:async\s+)?function\b\s*\*?\s*[\w$]*\s*\(/.exec(code)
    : null;
  if (expr && (open < 0 || expr.index + expr[0].length - 1 < open)) open = expr.index + expr[0].length - 1;
  if (open < 0) {
    // an arrow function assigned to a name, `(a) => ...`
    open = code.indexOf('(');
    if (open < 0) return null;
  }
  const close = closing(code, open);
  if (close < 0) return null;
  const arrow = code.slice(close).search(/=>/);
  const brace = code.indexOf('{', close);
  if (arrow >= 0 && (brace < 0 || close + arrow < brace)) {
    const s = close + arrow + 2;
    const rest = code.slice(s).trimStart();
    const at = code.length - rest.length;
    if (rest.startsWith('{')) {
      const e = closing(code, at);
      return e < 0 ? null : { start: at + 1, end: e };
    }
    return { start: s, end: code.length };
  }
  if (brace < 0) return null;
  const e = closing(code, brace);
  return e < 0 ? null : { start: brace + 1, end: e };
}

export function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export interface Call {
  /** the callee as written: `helper`, `self.helper`, `utils.helper`, `Foo::bar` */
  callee: string;
  short: string;
  /** `self.`/`this.`/`Self::` */
  onSelf: boolean;
  /** a member of another expression's result: `f(x).put(…)`, `a[0].put(…)`, `a?.put(…)`, a chain's `\n  .put(…)` */
  onResult: boolean;
  args: { text: string; at: number }[];
  start: number;
  end: number;
}

const CALLEE = /([A-Za-z_$][\w$]*(?:\s*(?:\.|::|->)\s*[A-Za-z_$][\w$]*)*)\s*(?:::<[^>]*>\s*)?\(/g;
const NOT_CALLS = new Set([
  'if',
  'for',
  'while',
  'switch',
  'catch',
  'return',
  'function',
  'elif',
  'and',
  'or',
  'not',
  'in',
  'is',
  'lambda',
  'await',
  'yield',
  'match',
  'print',
  'new',
  'typeof',
  'sizeof',
  'throw',
  'raise',
  'assert',
  'super',
]);

/** Calls in masked code between `start` and `end`. */
export function callsIn(code: string, start: number, end: number): Call[] {
  const out: Call[] = [];
  CALLEE.lastIndex = start;
  let m: RegExpExecArray | null;
  while ((m = CALLEE.exec(code)) !== null && m.index < end) {
    const callee = m[1]!.replace(/\s+/g, '').replace(/^\$/, '');
    const segments = callee.split(/\.|::|->/);
    const short = segments.at(-1)!;
    if (NOT_CALLS.has(callee) || (NOT_CALLS.has(segments[0]!) && segments.length === 1)) continue;
    const open = m.index + m[0].length - 1;
    const close = closing(code, open);
    if (close < 0 || close > end) continue;
    const args = splitTop(code, open + 1, close).map((a) => (a.text.startsWith('$') ? { text: a.text.slice(1), at: a.at + 1 } : a));
    out.push({
      callee,
      short,
      onSelf: /^(self|this|Self|cls|static)$/.test(segments[0]!) && segments.length > 1,
      onResult: /(?:\.|::|->)\s*$/.test(code.slice(Math.max(0, m.index - 40), m.index)),
      args,
      start: m.index,
      end: close + 1,
    });
    // nested calls inside the arguments are found by continuing right after the open paren
    CALLEE.lastIndex = open + 1;
  }
  return out;
}

/** A literal argument (number, string, boolean, null) as written, or null. */
export function literalArg(text: string, original: string): string | null {
  if (/^-?\d[\d_.]*[a-zA-Z]?$/.test(text) || /^(True|False|None|true|false|null|nil|undefined)$/.test(text)) return text;
  if (/^[rRbBuU]?(["'])_*\1$/.test(text) && original.length <= 40 && !original.includes('\n')) return original;
  return null;
}

/** Lines of masked code, with their start offsets. */
export function linesOf(code: string): { text: string; at: number }[] {
  const out: { text: string; at: number }[] = [];
  let at = 0;
  for (const text of code.split('\n')) {
    out.push({ text, at });
    at += text.length + 1;
  }
  return out;
}

/**
 * A string literal's text: a single-quoted PHP, Ruby or Perl string knows only `\\` and `\'`
 * (`'… of Node\Identifier'` keeps its backslash, held out set 23: PHP-Parser's messages lost
 * theirs); elsewhere a newline, tab or return escape is a space, and an unknown escape keeps its
 * backslash where the language does (PHP, Python: `"\d"`), else loses it.
 */
function unescape(text: string, language: string, quote: string): string {
  const inner = /^(JavaScript|TypeScript|TSX)$/.test(language) ? text.replace(/\\\r?\n/g, '') : text;
  if (quote === "'" && /^(PHP|Ruby|Perl)$/.test(language)) return inner.replace(/\\([\\'])/g, '$1');
  const keepsUnknown = /^(PHP|Python)$/.test(language);
  return inner.replace(/\\(.)/g, (m: string, c: string) => (/[ntr]/.test(c) ? ' ' : /[\\'"`$]/.test(c) || !keepsUnknown ? c : m));
}

/**
 * Whether the call at [`start`, `end`) of masked code runs only under a condition that tests
 * `param`: an enclosing `if`/`unless`/`elsif`/`when`/`switch` (or its `else`) whose condition names
 * it, or a modifier `if`, a ternary, `&&`/`||` on the call's own line. The value reaching the
 * callee there is a narrowed one (`sync_lazy(value)` inside `if lazy?(value)`), and the callee's
 * words about it do not hold for what the caller may pass (held out, set 27: graphql-ruby's
 * `after_lazy`).
 */
export function narrowedAt(code: string, language: string, bodyStart: number, start: number, end: number, param: string): boolean {
  if (!/^[\w$]+$/.test(param)) return false;
  const e = escapeRe(param);
  const P = `\\$?${e}(?![\\w$])`;
  // a test of presence only (`if value`, `x is not None`, `!x`, `x != null`, `x.nil?`, `isset($x)`)
  // leaves the value what the callee's words describe; a test of its kind or content narrows it
  const presence = [
    new RegExp(`${P}\\s*(?:is\\s+(?:not\\s+)?None|[!=]==?\\s*(?:null|undefined|nil|None)|\\.nil\\?)`, 'g'),
    new RegExp(`(?:null|undefined|nil)\\s*[!=]==?\\s*${P}`, 'g'),
    new RegExp(`\\bisset\\s*\\(\\s*${P}\\s*\\)`, 'g'),
    new RegExp(
      `(^|(?<![\\w$?!\\]])\\(|!|\\bnot\\s|&&|\\|\\||\\band\\s|\\bor\\s|\\b(?:if|unless|elsif|elif|while)\\s)\\s*${P}(?=\\s*(?:$|\\)|:|&&|\\|\\||\\band\\b|\\bor\\b|\\bthen\\b))`,
      'g',
    ),
  ];
  const names = (s: string): boolean =>
    new RegExp(`(^|[^\\w$.@])${P}`).test(
      presence.reduce((t, re) => t.replace(re, (_m: string, pre?: string) => (typeof pre === 'string' ? pre : ' ')), s.trim()),
    );
  // the call's own line(s): a condition before the call (`lazy?(v) && sync(v)`, `v ? f(v) : x`,
  // `x if t(v) else f(v)`) or a modifier after it (`f(v) if lazy?(v)`); what follows the call
  // otherwise (`f(v) && v > 0`) is evaluated after it
  const ls = code.lastIndexOf('\n', start - 1) + 1;
  const le = code.indexOf('\n', end) < 0 ? code.length : code.indexOf('\n', end);
  const before = code.slice(ls, start);
  if (names(before) && /\bif\b|\bunless\b|\?|&&|\|\||\band\b|\bor\b/.test(before)) return true;
  const modifier = /^\s*(?:if|unless)\b(.*)$/.exec(code.slice(end, le));
  if (modifier && names(modifier[1]!.replace(/\belse\b[\s\S]*$/, ''))) return true;
  if (language === 'Python' || language === 'Ruby') {
    const lines = linesOf(code.slice(0, ls)).filter((l) => l.at >= bodyStart && l.text.trim() !== '');
    const indent = (s: string): number => s.length - s.trimStart().length;
    let min = indent(code.slice(ls, le));
    let chain = -1;
    for (let k = lines.length - 1; k >= 0; k--) {
      const t = lines[k]!.text;
      const ind = indent(t);
      const head = /^\s*(if|unless|elsif|elif|while|until|when|case|else|in)\b(.*)$/.exec(t);
      if (ind === chain && head) {
        if (names(head[2]!)) return true;
        if (/^(if|unless|case)$/.test(head[1]!)) chain = -1;
        continue;
      }
      if (ind >= min) continue;
      min = ind;
      chain = -1;
      if (!head) continue;
      if (names(head[2]!)) return true;
      if (/^(else|elsif|elif|when|in)$/.test(head[1]!)) chain = ind;
    }
    return false;
  }
  // brace languages: the blocks enclosing the call, innermost first; an `else` block's head is
  // the chain of `if` conditions before it
  const chainBefore = (elseAt: number): string => {
    let j = elseAt - 1;
    while (j > bodyStart && /\s/.test(code[j]!)) j--;
    if (code[j] !== '}') return '';
    let depth = 0;
    for (let k = j; k >= bodyStart; k--) {
      if (code[k] === '}') depth++;
      else if (code[k] === '{' && --depth === 0) return headOf(k);
    }
    return '';
  };
  const headOf = (open: number): string => {
    const before = code.slice(bodyStart, open).trimEnd();
    const endAt = bodyStart + before.length;
    if (/(^|[^\w$])else$/.test(before)) return chainBefore(endAt - 4);
    if (!before.endsWith(')')) return '';
    let depth = 0;
    for (let k = endAt - 1; k >= bodyStart; k--) {
      if (code[k] === ')') depth++;
      else if (code[k] === '(' && --depth === 0) {
        const kw = code.slice(bodyStart, k).trimEnd();
        if (!/(^|[^\w$])(if|while|switch)$/.test(kw)) return '';
        const own = code.slice(k, endAt);
        const elseIf = /(^|[^\w$])else\s+if$/.exec(kw);
        return elseIf ? `${own} ${chainBefore(bodyStart + elseIf.index + elseIf[1]!.length)}` : own;
      }
    }
    return '';
  };
  let depth = 0;
  for (let k = start - 1; k >= bodyStart; k--) {
    const ch = code[k];
    if (ch === '}') depth++;
    else if (ch === '{') {
      if (depth > 0) depth--;
      else if (names(headOf(k))) return true;
    }
  }
  return false;
}
