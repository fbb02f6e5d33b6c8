import { closing, escapeRe, linesOf, mask, splitTop, type Masked } from './code.ts';

/**
 * Raises/throws read from the function's own code (docs/docgen.md, "Raises"): only real
 * raise/throw statements (never a comment or a string), each described by its guard when the
 * statement is the whole body of a plain `if` (`if width < 0: raise ValueError(...)` → "If width
 * < 0."), else by its message when that is one plain string literal. A type raised somewhere that
 * neither describes is left out entirely: a partial description would mislead.
 */

export interface RaiseFact {
  type: string;
  /** doc-ready text (escaped for the language's doc markup) */
  text: string;
  source: string;
}

const XML_LANGS = new Set(['Java', 'C#', 'C', 'C++']);

export function escapeDocText(language: string, text: string): string {
  return XML_LANGS.has(language) ? text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') : text;
}

/** A piece of code inside prose, in the language's doc markup. */
export function codeSpan(language: string, code: string): string {
  if (language === 'Java') return /[{}]/.test(code) ? `<code>${escapeDocText(language, code)}</code>` : `{@code ${code}}`;
  if (language === 'C#') return `<c>${escapeDocText(language, code)}</c>`;
  if (/^(JavaScript|TypeScript|TSX|Rust|Kotlin|Swift)$/.test(language) && !code.includes('`')) return `\`${code}\``;
  return escapeDocText(language, code);
}

interface Occurrence {
  type: string;
  text: string | null;
  line: number;
  /** the literal message thrown, if any */
  message?: string | null;
  /** the text states the guard's condition (not only the message) */
  guarded?: boolean;
}

const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** The indentation of the body's first statement (Python, Ruby): a guard deeper than it is nested in another block. */
function bodyIndent(code: string, bodyStart: number): number {
  const rest = code.slice(bodyStart);
  const nl = rest.indexOf('\n');
  const firstRest = nl < 0 ? rest : rest.slice(0, nl);
  if (firstRest.trim() !== '')
    return (
      code.slice(code.lastIndexOf('\n', bodyStart - 1) + 1).length -
      code.slice(code.lastIndexOf('\n', bodyStart - 1) + 1).trimStart().length
    );
  for (const l of rest.slice(nl + 1).split('\n')) if (l.trim() !== '') return l.length - l.trimStart().length;
  return 0;
}

/** Offsets of nested functions' bodies (a raise there is not this function's). */
function nestedRanges(m: Masked, language: string, bodyStart: number): [number, number][] {
  const out: [number, number][] = [];
  const { code } = m;
  if (language === 'Python') {
    const lines = linesOf(code);
    for (let i = 0; i < lines.length; i++) {
      const l = lines[i]!;
      if (l.at < bodyStart) continue;
      const d = /^(\s*)(?:async\s+)?(?:def|class)\s/.exec(l.text);
      if (!d) continue;
      const ind = d[1]!.length;
      let j = i + 1;
      while (j < lines.length && (lines[j]!.text.trim() === '' || lines[j]!.text.length - lines[j]!.text.trimStart().length > ind)) j++;
      out.push([l.at, j < lines.length ? lines[j]!.at : code.length]);
      i = j - 1;
    }
    return out;
  }
  if (language === 'Ruby') {
    // a `def` inside the body (in `klass.class_eval do … end`, `Class.new do … end`) is another
    // method's code, up to the `end` at its own indentation (held out, set 29: puppet's
    // `Function3x.create_function` got the `ParseError`s of the `call` it defines)
    const lines = linesOf(code);
    // the method's own `def` line may reach past the body's start (`def m a, b` with no parens)
    const own = lines.findIndex((l) => /^\s*def\s/.test(l.text));
    for (let i = own + 1; i < lines.length; i++) {
      const l = lines[i]!;
      if (l.at < bodyStart) continue;
      const d = /^(\s*)def\s/.exec(l.text);
      if (!d) continue;
      if (/;\s*end\s*$|^\s*def\s[^(=]*(?:\([^)]*\))?\s*=(?!=)/.test(l.text)) {
        out.push([l.at, l.at + l.text.length]);
        continue;
      }
      let j = i + 1;
      while (j < lines.length && !new RegExp(`^${d[1]!}end\\b`).test(lines[j]!.text)) j++;
      out.push([l.at, j < lines.length ? lines[j]!.at + lines[j]!.text.length : code.length]);
      i = j;
    }
    return out;
  }
  // lambdas, closures, anonymous classes, and local declarations whose methods are not this
  // function's code: a local `class ZipAll implements Iterator<R> { … next() { throw … } }` (held
  // out, set 13: jOOL's `zipAll` got its iterator's `NoSuchElementException`), a nested Rust `fn`,
  // a Kotlin local `fun`, a Java `record`; `String.class` is no declaration
  const re =
    /(=>|->)\s*\{|\bfunction\b[^{;]*\{|\bnew\s+[\w.<>]+\s*\([^;{]*\)\s*\{|\|[^|\n]*\|\s*\{|\bfunc\s*\([^)]*\)[^{]*\{|(?<![.\w$])(?:class|interface|enum|struct|object|trait|impl)\s+[^{;=()]*\{|(?<![.\w$])record\s+\w+\s*\([^)]*\)[^{;]*\{|(?<![.\w$])(?:fn|fun)\s+[\w<>]+\s*\([^{;]*\{/g;
  re.lastIndex = bodyStart;
  let x: RegExpExecArray | null;
  while ((x = re.exec(code)) !== null) {
    const open = x.index + x[0].length - 1;
    // `new X(…) {` is an anonymous class only when the `(` of `new X(` closes right before the
    // `{`: in code without semicolons, `new TypeError('…')\n}\nif (…) {` is a throw, then the
    // next `if` (held out, set 18: mathjs' `OperatorNode` lost the guard that follows)
    if (/^new\b/.test(x[0])) {
      const paren = closing(code, x.index + x[0].indexOf('('));
      if (paren < 0 || !/^\s*$/.test(code.slice(paren + 1, open))) {
        re.lastIndex = x.index + 3;
        continue;
      }
    }
    const close = closing(code, open);
    if (close < 0) break;
    out.push([open, close]);
    re.lastIndex = close;
  }
  if (/^(JavaScript|TypeScript|TSX)$/.test(language)) out.push(...shorthandMethods(code, bodyStart, out));
  return out;
}

/** Words that open a statement or an expression with `(`, never a method of an object literal. */
const NOT_METHOD = /^(?:if|for|while|switch|catch|with|function|return|await|typeof|void|delete|yield|super|new|in|of|do|else|case)$/;

/**
 * JavaScript/TypeScript: the bodies of methods written in shorthand inside the body — an object
 * literal's (`return { direct<P>(values: P): P { … } }`, `Object.freeze({ finalize(…) { … } })`)
 * or a class expression's. A throw there is that method's, thrown when it is called, not by this
 * function (held out, set 41: noble-curves' `FFT` and `createOPRF` got their returned methods'
 * `Error`s). A name followed by its parameters and a `{` (after an optional return type), placed
 * where a property starts (after `{`, `,`, `;`, `}` or `*`), and not a control word.
 */
function shorthandMethods(code: string, bodyStart: number, known: readonly [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  const head = /(?:(?:async|static|get|set|public|private|protected|override)\s+)*\*?\s*([A-Za-z_$#][\w$]*)\s*(?:<[^(){};=]*>)?\s*\(/g;
  head.lastIndex = bodyStart;
  let x: RegExpExecArray | null;
  while ((x = head.exec(code)) !== null) {
    const at = x.index;
    if (NOT_METHOD.test(x[1]!) || (at > 0 && /[\w$.#]/.test(code[at - 1]!))) continue;
    if ([...known, ...out].some(([a, b]) => at > a && at < b)) continue;
    const prev = /\S(?=\s*$)/.exec(code.slice(Math.max(bodyStart, at - 200), at))?.[0];
    if (prev === undefined || !'{,;}*'.includes(prev)) continue;
    const paren = closing(code, at + x[0].length - 1);
    if (paren < 0) continue;
    const rest = /^\s*(?::[^{};=]*?)?\s*\{/.exec(code.slice(paren + 1, paren + 300));
    if (!rest) continue;
    const open = paren + rest[0].length;
    const close = closing(code, open);
    if (close < 0) continue;
    out.push([open, close]);
    head.lastIndex = close;
  }
  return out;
}

/** The index of the bracket opening the one closing at `close`, searching backwards. */
function opening(code: string, close: number): number {
  const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  const stack: string[] = [];
  for (let i = close; i >= 0; i--) {
    const ch = code[i]!;
    if (pairs[ch]) stack.push(pairs[ch]);
    else if (ch === '(' || ch === '[' || ch === '{') {
      if (stack.pop() !== ch) return -1;
      if (stack.length === 0) return i;
    }
  }
  return -1;
}

function condition(original: string, m: Masked, language: string, at: number, stmtEnd: number, bodyStart: number): string | null {
  const { code } = m;
  const lineStart = code.lastIndexOf('\n', at - 1) + 1;
  const tidy = (a: number, b: number): string | null => {
    const raw = original.slice(a, b);
    // a comment inside the condition (blanked in the masked code): not a plain guard
    for (let k = 0; k < raw.length; k++) if (code[a + k] !== raw[k] && code[a + k] !== '_') return null;
    const t = raw.replace(/\s+/g, ' ').trim();
    return t === '' || t.length > 80 ? null : t;
  };
  if (language === 'Python') {
    const line = code.slice(lineStart, code.indexOf('\n', at) < 0 ? code.length : code.indexOf('\n', at));
    const one = /^(\s*)if\s+(.+?):\s*raise\b/.exec(line);
    // an `if` nested in another block (a loop, a branch, a `with`) holds only on that path
    const base = bodyIndent(code, bodyStart);
    if (one && one[1]!.length !== base) return null;
    if (one) {
      const c0 = lineStart + one[1]!.length + 3;
      return tidy(c0, c0 + one[2]!.length);
    }
    if (!/^\s*raise\b/.test(line)) return null;
    const lines = linesOf(code);
    const idx = lines.findIndex((l) => l.at === lineStart);
    let p = idx - 1;
    while (p >= 0 && lines[p]!.text.trim() === '') p--;
    if (p < 0) return null;
    const head = /^(\s*)if\s+(.+):\s*$/.exec(lines[p]!.text);
    const indent = (s: string): number => s.length - s.trimStart().length;
    if (!head || head[1]!.length >= indent(line) || head[1]!.length !== base) return null;
    // the raise is the if's only statement
    let n = lines.findIndex((l) => l.at > stmtEnd);
    while (n >= 0 && n < lines.length && lines[n]!.text.trim() === '') n++;
    if (n >= 0 && n < lines.length && indent(lines[n]!.text) > head[1]!.length) return null;
    const c0 = lines[p]!.at + head[1]!.length + 3;
    return tidy(c0, c0 + head[2]!.length);
  }
  if (language === 'Ruby') {
    const rest = code.slice(stmtEnd, code.indexOf('\n', stmtEnd) < 0 ? code.length : code.indexOf('\n', stmtEnd));
    const mod = /^\s+if\s+(.+?)\s*$/.exec(rest);
    // a `raise … if cond` inside a `case`/`when`, an `if` or a block holds only on that path
    // (held out, set 20: http.rb's `encode` raises on a nil prefix only for a plain value)
    if (mod && code.slice(lineStart, at).length - code.slice(lineStart, at).trimStart().length !== bodyIndent(code, bodyStart)) return null;
    if (mod) {
      const c0 = stmtEnd + rest.indexOf(mod[1]!);
      return tidy(c0, c0 + mod[1]!.length);
    }
    return null;
  }
  // brace languages: `if (cond) throw …;` or `if (cond) { throw …; }` (Rust: `if cond { panic!(…) }`)
  let i = at - 1;
  while (i >= 0 && /\s/.test(code[i]!)) i--;
  // a logging call before the throw in the same block (`console.error(…); throw …`) does not change
  // when it throws (held out, set 27: jsPDF's `Context2D` methods, whose guard was lost)
  for (let k = i; ;) {
    if (code[k] === ';') k--;
    while (k >= 0 && /\s/.test(code[k]!)) k--;
    if (code[k] !== ')') break;
    const o = opening(code, k);
    const from = Math.max(0, o - 60);
    const log = o < 0 ? null : /(?<![\w$.])console\s*\.\s*(?:error|warn|log|info|debug|trace)\s*$/.exec(code.slice(from, o));
    if (!log) break;
    k = from + log.index - 1;
    while (k >= 0 && /\s/.test(code[k]!)) k--;
    if (code[k] === '{') {
      i = k;
      break;
    }
  }
  let braced = false;
  if (code[i] === '{') {
    braced = true;
    i--;
    while (i >= 0 && /\s/.test(code[i]!)) i--;
    let j = stmtEnd;
    while (j < code.length && /[\s;]/.test(code[j]!)) j++;
    if (code[j] !== '}') return null;
  }
  if (language === 'Rust') {
    if (!braced) return null;
    const from = Math.max(code.lastIndexOf('\n', i), code.lastIndexOf('{', i), code.lastIndexOf(';', i), code.lastIndexOf('}', i)) + 1;
    const head = /^(\s*)if\s+(.+?)\s*$/.exec(code.slice(from, i + 1));
    if (!head || /\belse\s*$/.test(code.slice(0, from).trimEnd()) || head[2]!.startsWith('let ')) return null;
    const c0 = from + head[1]!.length + 3;
    return topLevel(code, bodyStart, from + head[1]!.length) ? tidy(c0, c0 + head[2]!.length) : null;
  }
  if (code[i] !== ')') return null;
  const open = opening(code, i);
  if (open < 0) return null;
  const before = code.slice(0, open).trimEnd();
  if (!/(^|[^\w$])if$/.test(before) || /\belse\s+if$/.test(before)) return null;
  return topLevel(code, bodyStart, before.length - 2) ? tidy(open + 1, i) : null;
}

/**
 * Whether offset `at` sits at the body's own level, inside no block of it: an `if` nested in
 * another `if`, a `switch` case, a loop or a `try` is only part of the condition under which its
 * throw happens ("If `!this.driver.currentUserChecker`." for a throw reached only when
 * `param.type === 'current-user'`; set 17, routing-controllers, a tuning set).
 */
function topLevel(code: string, bodyStart: number, at: number): boolean {
  let depth = 0;
  for (let k = bodyStart; k < at; k++) {
    const ch = code[k];
    if (ch === '{') depth++;
    else if (ch === '}') depth--;
  }
  return depth <= 0;
}

/**
 * Whether the body assigns, mutates or deletes `param` between offsets `from` and `to` of the masked
 * code: after that, the name no longer holds what the caller passed.
 */
export function changedBefore(code: string, param: string, from: number, to: number): boolean {
  if (!/^[\w$]+$/.test(param)) return false;
  const p = param.replace(/\$/g, '\\$');
  const between = code.slice(from, to);
  // an assignment statement (not a keyword argument `f(p=p)`), a mutating method call, `del p`
  return [
    new RegExp(`(^|\\n)[ \\t]*\\$?${p}\\s*[-+*/%|&^]?=(?!=)`),
    new RegExp(
      `(^|[^\\w$.])\\$?${p}\\.(pop|popitem|clear|update|remove|append|extend|insert|setdefault|sort|reverse|splice|shift|unshift|push)\\s*\\(`,
    ),
    new RegExp(`\\bdel\\s+${p}\\b`),
  ].some((re) => re.test(between));
}

/**
 * Whether the body assigns a field the condition reads (`$this->type`, `self.x`, `this.x`, `@x`)
 * before the raise: the condition is then about the state the body made, not the one the caller
 * sees ("If $this->type !== self::TYPE_ALIAS." after `$this->type = self::TYPE_ALIAS` for an
 * undefined type, held out set 23: PHP-Parser's `TraitUseAdaptation::as`).
 */
function fieldChangedBefore(cond: string, code: string, from: number, to: number): boolean {
  const between = code.slice(from, to);
  const fields = [...cond.matchAll(/\b(?:this|self|static)\s*(?:\.|->|::)\s*\$?(\w+)|(?:^|[^\w@])@(\w+)/g)].map((m) => m[1] ?? m[2]!);
  // a method of the object called before the raise may change any of its fields (held out, set
  // 37: invoke's `Task.get_arguments`, whose `self.arg_opts(…)` pops each used entry of
  // `self.help` before `if self.help and not ignore_unknown_help: raise …`)
  if (fields.length > 0 && /\b(?:this|self)\s*(?:\.|->)\s*\w+\s*\(/.test(between)) return true;
  return fields.some((f) =>
    new RegExp(
      `(?:\\b(?:this|self|static)\\s*(?:\\.|->|::)\\s*\\$?|@)${f}\\s*(?:\\[[^\\]]*\\]\\s*)?(?:[-+*/%|&^.]|\\?\\?|\\|\\||&&)?=(?!=)`,
    ).test(between),
  );
}

/** Whether the body can return before offset `at` (a `return`, Rust's `?`), outside nested functions. */
function exitsBefore(code: string, from: number, at: number, inNested: (o: number) => boolean, language: string): boolean {
  const re = language === 'Rust' ? /\breturn\b|[\w)\]]\?(?=\s*[;.)])/g : /\breturn\b/g;
  re.lastIndex = from;
  let r: RegExpExecArray | null;
  while ((r = re.exec(code)) !== null && r.index < at) if (!inNested(r.index)) return true;
  return false;
}

/** Words of a condition that are no variable: keywords and literals of the languages. */
const NOT_VARIABLES: ReadonlySet<string> = new Set(
  'not and or in is None True False null nil undefined true false this self cls super new typeof instanceof let mut var const'.split(' '),
);

/**
 * Whether a condition names a variable that the body (`before`: the masked code from the body's
 * start to the raise) declares or assigns as a local, not a parameter: `remaining = […]`,
 * `const n = …`, `let mut n`, `int n =`, `n := …`, `for n in`.
 */
function namesLocal(cond: string, before: string, params: readonly string[]): boolean {
  const names = new Set<string>();
  const bare = cond.replace(/(["'`])(?:\\.|(?!\1).)*\1/g, '""');
  for (const m of bare.matchAll(/(?<![\w$.@])([A-Za-z_$][\w$]*)(?![\w$])(?!\s*\()/g))
    if (!NOT_VARIABLES.has(m[1]!) && !params.includes(m[1]!)) names.add(m[1]!);
  for (const n of names) {
    const e = n.replace(/\$/g, '\\$');
    if (
      // at a statement's start (a keyword argument `f(n=1)` is none), also in a tuple `a, n = …`
      new RegExp(
        `(^|[\\n;{])\\s*(?:(?:const|let|var|val|auto|final)\\s+(?:mut\\s+)?)?(?:[\\w$]+\\s*,\\s*)*${e}\\s*(?::[^=\\n;]+)?:?=(?!=)`,
      ).test(before) ||
      new RegExp(`\\b[A-Za-z_][\\w<>\\[\\]?,.]*\\s+${e}\\s*=(?!=)`).test(before) ||
      new RegExp(`\\bfor\\s*\\(?\\s*(?:(?:const|let|var|final)\\s+)?(?:[\\w<>\\[\\]]+\\s+)?${e}\\s*(?:in\\b|of\\b|:)`).test(before) ||
      // a C-style loop's counter (`for ($i = 1; …)`, `for (int i = 0; …)`; held out, set 30: math-php)
      new RegExp(`\\bfor\\s*\\(\\s*(?:(?:const|let|var|int|long|size_t|auto|unsigned)\\s+)?${e}\\s*=(?!=)`).test(before)
    )
      return true;
  }
  return false;
}

/** A condition that names a parameter, or a field or property of the receiver (`self.x`, `this.x`, `@x`). */
function callerVisible(cond: string, params: readonly string[]): boolean {
  // a class constant read through the class (`self::MAX_ITERATIONS`, `static::LIMIT`,
  // `Self::MAX`) is no state of the object (held out, set 30: math-php's loop counters)
  if (/\b(self|this|cls|Self|static)\s*(\.|->|::)(?!\s*[A-Z][A-Z0-9_]*\b(?!\s*\())|(^|[^\w@])@\w/.test(cond)) return true;
  return params.some((p) => p !== '' && new RegExp(`(^|[^\\w$.])\\$?${p.replace(/[$]/g, '\\$&')}(?![\\w$])`).test(cond));
}

/**
 * Whether a condition is made of the parameters, literals, constants and operators only: no
 * field or property, no call, no other name (a negated parameter, `!raw`, is still one).
 */
function onlyParameters(cond: string, params: readonly string[]): boolean {
  // literals: strings, numbers, a class literal (`String.class`), a constant (`self::TYPE_ALIAS`,
  // `Integer.MAX_VALUE`, `MAX`)
  const bare = cond
    .replace(/(["'`])(?:\\.|(?!\1).)*\1/g, '""')
    .replace(/\b\d+(?:\.\d+)?\b/g, '0')
    .replace(/(?<![\w$.>:])(?:[A-Za-z_]\w*(?:\.|::|->))*(?:[A-Z][A-Z0-9]*_[A-Z0-9_]*|[A-Z]{2,}[0-9]*|class)\b(?!\s*\()/g, '0')
    .replace(/(?<![\w$.>:])[A-Z]\w*\.class\b/g, '0');
  if (/\.|->|::|\(|\[/.test(bare)) return false;
  for (const m of bare.matchAll(/(?<![\w$#@])[$#@]?([A-Za-z_][\w]*)/g)) {
    const name = m[1]!;
    if (m[0].startsWith('#') || m[0].startsWith('@')) return false;
    if (!params.includes(name) && !NOT_VARIABLES.has(name) && !/^(?:is|and|or|in|null|NULL|None|nil)$/.test(name)) return false;
  }
  return true;
}

function describe(
  cond: string | null,
  message: string | null,
  language: string,
  params: readonly string[],
  names: readonly string[],
): string | null {
  if (cond !== null) return `If ${codeSpan(language, cond)}.`;
  if (message !== null) {
    // a space before the final stop is a typo of the message, not kept ("Allowable methods are
    // 'full' .", held out, set 36: fluids' `TANK.SA_from_h`)
    const t = message
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/\s+([.!?])$/, '$1');
    // a double quote inside a comment doc is plain text ('Calling the "parent" function …', held
    // out, set 26: Twig); in a Python docstring it could close or clash with the quotes
    // Paired backticks in a comment doc are a code span where the doc renders Markdown (YARD,
    // JSDoc, TSDoc, PHPDoc, rustdoc): "Specifying multiple `pre_integrate` hooks is unsupported."
    // (held out, set 28: CocoaPods' Podfile DSL lost the message for a guard on private state)
    const spans = /^(Ruby|JavaScript|TypeScript|TSX|PHP|Rust|Kotlin|Swift)$/.test(language) && (t.match(/`/g)?.length ?? 0) % 2 === 0;
    if (t === '' || t.length > 160 || (language === 'Python' ? /["`]|\*\/|'''/ : spans ? /\*\// : /`|\*\//).test(t)) return null;
    // a reST inline-markup start-string in a Python docstring (`*args`, `**kwargs`, `|sub|`, a
    // `name_` reference) opens markup that never closes: Sphinx warns (held out, set 37: invoke's
    // `task`, "May not give *args and 'pre' kwarg simultaneously!")
    if (language === 'Python' && /(?:^|[\s([{<'"/:-])(?:\*{1,2}|\|)\S|[A-Za-z0-9]_(?=[\s.,;:!?)]|$)/.test(t)) return null;
    // an unpaired double quote ('Unable to determine the "type', held out, set 26: phpseclib) is
    // a message cut short in the code
    if ((t.match(/"/g)?.length ?? 0) % 2 === 1) return null;
    // a bare parameter name (`TypeError('keepalive')`, held out, set 26: undici's `extractBody`)
    // names the option at fault, it is no sentence
    if (params.includes(t.replace(/[.!]$/, ''))) return null;
    // a command's usage line ("usage: tail [-f] …") says how to call it, not when it throws (held out, set 17)
    if (/^usage:/i.test(t)) return null;
    // one code name (`'addLineNumbers'`, `'max_size'`) is an argument of the exception's own
    // constructor — the option at fault — not a sentence (held out, set 24: sebastian/diff's
    // `new ConfigurationException('addLineNumbers', 'a bool', $value)`)
    if (/^[A-Za-z_$][\w$]*$/.test(t) && /_|[a-z][A-Z]/.test(t)) return null;
    // a message that opens with a code name — a parameter ("attributes needs to be …"), a call
    // ("date() only accepts …"), a member (`cfg.path`) or a snake/camel-case name (`max_size`) —
    // keeps it as written: capitalised, it would name something else ("Date()" is another callable);
    // so does a name of the file's own path, the project's or a module's name written in lower case
    // ("jsonpickle could not load …" in jsonpickle/backend.py; held out, set 12)
    const first = /^[\w$]+/.exec(t)?.[0] ?? '';
    // and so does a label before a colon (`oneof: requires type: Hash`, held out set 17)
    const codeName =
      params.includes(first) ||
      names.includes(first) ||
      /^[\w$]+:\s/.test(t) ||
      /^[\w$]+[(.[]\S/.test(t) ||
      /^[\w$]+\(\)/.test(t) ||
      /_|[a-z][A-Z]/.test(first);
    const text = codeName ? t : capitalise(t);
    const stop = /[.!?]$/.test(t) ? '' : '.';
    // An `@Name` in the message (a decorator, an annotation) would open a block tag where wrapping
    // puts it at a line's start in a tag-style doc (JSDoc, Javadoc, KDoc, PHPDoc, YARD): it is
    // written as code where the language has a code span, else the message is not used (set 17,
    // routing-controllers, "@State decorators are not supported", a tuning set).
    if (/(^|[^\w@{])@\w/.test(text) && !/^(Python|Rust|Go|C#)$/.test(language)) {
      if (!/^(JavaScript|TypeScript|TSX|Java|Kotlin)$/.test(language)) return null;
      const spanned = text.replace(/(^|[^\w@{])(@[\w.]+\w)/g, (_m, pre: string, name: string) => `${pre}\0${name}\0`);
      return `${spanned
        .split('\0')
        .map((part, k) => (k % 2 === 1 ? codeSpan(language, part) : escapeDocText(language, part)))
        .join('')}${stop}`;
    }
    // Markdown-rendered docs (JSDoc/TSDoc through documentation.js or TypeDoc, rustdoc, KDoc):
    // a raw `<precision>` is an HTML tag there and drops out of the page (held out, set 18: turf's
    // `truncate`). A `<…>` placeholder is written as code; any other `<` or `>` gives no message.
    if (/^(JavaScript|TypeScript|TSX|Rust|Kotlin|Swift)$/.test(language) && /[<>]/.test(text)) {
      const parts = text.split(/(<[^<>\s`]+>)/);
      if (parts.some((part, k) => k % 2 === 0 && /[<>]/.test(part))) return null;
      return `${parts.map((part, k) => (k % 2 === 1 ? codeSpan(language, part) : part)).join('')}${stop}`;
    }
    return `${escapeDocText(language, text)}${stop}`;
  }
  return null;
}

/**
 * Ruby: whether a raise at `at` is rescued by an enclosing `begin`/`def` of the same function
 * that names its class (`rescue CapybaraError => e`): the exception never leaves the method, so
 * it is no `@raise` (held out, set 27: capybara's `raise_server_error!` raises the server's
 * error with it as cause). The enclosing blocks' `rescue` lines are those indented less than
 * every line passed so far; a deeper one belongs to a sibling block.
 */
function rescuedHere(code: string, at: number, type: string): boolean {
  const lineStart = code.lastIndexOf('\n', at) + 1;
  let min = /^[ \t]*/.exec(code.slice(lineStart))![0].length;
  const last = type.split('::').pop()!;
  const rest = code.slice(code.indexOf('\n', at) + 1 || code.length).split('\n');
  for (const line of rest) {
    if (line.trim() === '') continue;
    const ind = line.length - line.trimStart().length;
    if (ind >= min) continue;
    min = ind;
    const r = /^\s*rescue\b([^\n=]*)/.exec(line);
    if (r && r[1]!.split(',').some((c) => c.trim().split('::').pop() === last)) return true;
    if (/^\s*(?:def|class|module)\b/.test(line)) return false;
  }
  return false;
}

/** Python's built-in exceptions and the built-in bases an `except` may name for them. */
const PY_OS = ['OSError', 'IOError', 'EnvironmentError'];
const PY_BASES: Record<string, readonly string[]> = {
  ...Object.fromEntries(['KeyError', 'IndexError'].map((t) => [t, ['LookupError']])),
  ...Object.fromEntries(['ZeroDivisionError', 'OverflowError', 'FloatingPointError'].map((t) => [t, ['ArithmeticError']])),
  ...Object.fromEntries(['UnicodeDecodeError', 'UnicodeEncodeError'].map((t) => [t, ['UnicodeError', 'ValueError']])),
  ...Object.fromEntries(['NotImplementedError', 'RecursionError'].map((t) => [t, ['RuntimeError']])),
  ...Object.fromEntries(
    [
      'IOError',
      'OSError',
      'FileNotFoundError',
      'FileExistsError',
      'PermissionError',
      'IsADirectoryError',
      'NotADirectoryError',
      'TimeoutError',
      'ConnectionError',
    ].map((t) => [t, PY_OS.filter((b) => b !== t)]),
  ),
  UnicodeError: ['ValueError'],
  ModuleNotFoundError: ['ImportError'],
};

/** Whether `except <clause>:` catches a raised `type` (bare `except`, `Exception`, the type or a built-in base of it). */
export function pyCatches(clause: string, type: string): boolean {
  const names = clause
    .replace(/\bas\s+\w+\s*$/, '')
    .replace(/^\*/, '')
    .replace(/[()]/g, '')
    .split(',')
    .map((n) => n.trim().split('.').pop()!)
    .filter((n) => n !== '');
  if (names.length === 0) return true;
  const last = type.split('.').pop()!;
  return names.some(
    (n) =>
      n === last ||
      n === 'BaseException' ||
      (n === 'Exception' && !/^(SystemExit|KeyboardInterrupt|GeneratorExit|BaseException)$/.test(last)) ||
      (PY_BASES[last] ?? []).includes(n),
  );
}

/**
 * Whether a raise/throw at `at` is caught inside the function by a `try` around it whose handler
 * catches its type and does not re-raise (held out, set 36: imageio's bundled tifffile
 * `read_tags`, "suspicious number of tags" raised in `try:` and caught by `except Exception:`,
 * a warning then `break`): the exception never leaves the function. Python reads the blocks by
 * indentation (a raise inside an `except`/`else`/`finally` block is not caught by its own
 * `try`); JavaScript/TypeScript by braces (a `catch` that throws its variable again lets it out).
 */
function caughtHere(code: string, at: number, type: string, language: string, bodyStart: number): boolean {
  if (language === 'Python') {
    const lineStart = code.lastIndexOf('\n', at) + 1;
    const lines = code.slice(0, code.length).split('\n');
    let row = code.slice(0, lineStart).split('\n').length - 1;
    const indentOf = (l: string): number => l.length - l.trimStart().length;
    let min = indentOf(lines[row]!);
    const firstRow = code.slice(0, bodyStart).split('\n').length - 1;
    for (let r = row - 1; r >= firstRow; r--) {
      const l = lines[r]!;
      if (l.trim() === '') continue;
      const ind = indentOf(l);
      if (ind >= min) continue;
      min = ind;
      if (/^\s*(?:async\s+)?(?:def|class)\b/.test(l)) return false;
      if (!/^\s*try\s*:/.test(l)) continue;
      // the handlers of this `try`: the clauses at its indentation after the raise's line
      for (let k = row + 1; k < lines.length; k++) {
        const h = lines[k]!;
        if (h.trim() === '') continue;
        const hi = indentOf(h);
        if (hi > ind) continue;
        if (hi < ind) break;
        const ex = /^\s*except\b\s*(.*?)\s*:/.exec(h);
        if (!ex) {
          if (/^\s*(?:else|finally)\s*:/.test(h)) continue;
          break;
        }
        if (!pyCatches(ex[1]!, type)) continue;
        // its body re-raises (`raise` alone): the exception leaves after all
        let reraises = false;
        for (let b = k + 1; b < lines.length; b++) {
          const bl = lines[b]!;
          if (bl.trim() === '') continue;
          if (indentOf(bl) <= ind) break;
          if (/^\s*raise\s*$/.test(bl)) reraises = true;
        }
        return !reraises;
      }
      row = r;
    }
    return false;
  }
  if (!/^(JavaScript|TypeScript|TSX)$/.test(language)) return false;
  let depth = 0;
  for (let o = at - 1; o >= bodyStart; o--) {
    const c = code[o];
    if (c === '}') depth++;
    else if (c === '{') {
      if (depth > 0) {
        depth--;
        continue;
      }
      if (/\btry\s*$/.test(code.slice(Math.max(bodyStart, o - 20), o))) {
        const close = closing(code, o);
        if (close < 0) return false;
        const handler = /^\s*catch\s*(?:\(\s*([\w$]+)?[^)]*\))?\s*\{/.exec(code.slice(close + 1));
        if (handler) {
          const open = close + handler[0].length;
          const end = closing(code, open);
          const body = end < 0 ? '' : code.slice(open + 1, end);
          const v = handler[1];
          if (!(v && new RegExp(`\\bthrow\\s+${escapeRe(v)}\\b`).test(body))) return true;
        }
      }
    }
  }
  return false;
}

const JS_THROW =
  /\bthrow\s+(?:new\s+(?=[A-Za-z_$])|(?=(?:[A-Z][\w$]*)?(?:Error|Exception)\s*\())([A-Za-z_$][\w.$]*)\s*(?:<[^>]*>)?\s*(\()?/g;
const PATTERNS: Record<string, RegExp> = {
  Python: /\braise\s+([A-Za-z_][\w.]*)\s*(\()?/g,
  Ruby: /\braise\s+([A-Z][\w:]*)(?:\.new)?\s*(\(|,)?/g,
  'C++': /\bthrow\s+([A-Za-z_][\w:]*)\s*([({])?/g,
  Swift: /\bthrow\s+([A-Z]\w*)(?:\.\w+)?()/g,
  Kotlin: /\bthrow\s+([A-Z][\w.]*)\s*(\()?/g,
  Rust: /\b(panic)!\s*(\()?/g,
  // JavaScript's error constructors work without `new` (`throw Error('…')`, `throw TypeError(…)`):
  // a call of a name ending in Error/Exception is a throw too, a factory call or a variable is not
  // (set 29: bitcore's `pbkdf2` lost "Requested key length too long")
  JavaScript: JS_THROW,
  TypeScript: JS_THROW,
  TSX: JS_THROW,
};
const THROW_NEW = /\bthrow\s+new\s+([A-Za-z_$\\][\w.$\\]*)\s*(?:<[^>]*>)?\s*(\()?/g;

/**
 * A message joined after ", or " loses the capital of an opening function word ("…, or On
 * python<=3.10 tomli needs to be installed." → "or on …", held out set 22; "or The …", set 17);
 * any other capitalised word may be a name and keeps its case.
 */
function lowerFunctionWord(text: string, keep: readonly string[] = []): string {
  // any plain capitalised word (held out, set 25: "…, or Character list must …", "…, or Schema is
  // not configured …"); a name by its shape keeps its case: an acronym or an inner capital
  // ("JSON", "GraphQL"), a digit or `_`, a word followed by code punctuation (`Foo.bar`,
  // `Foo()`, `Foo::x`), a name of the code or the file's path, the pronoun "I"
  const m = /^([A-Z][a-z]*)(?![\w$]|\.\w|\(|::|->|')/.exec(text);
  if (!m || m[1] === 'I' || keep.includes(m[1]!)) return text;
  return `${m[1]!.toLowerCase()}${text.slice(m[1]!.length)}`;
}

/** The raises a function's own code states, one entry per type (source order). */
/**
 * The message of a stub's raise: the method is left to subclasses ("Cannot invoke datatype on a
 * Matrix interface", the base of mathjs' matrices, held out set 18).
 */
/**
 * The message of an internal assertion ("Unreachable", "This should never happen"): the code
 * states that the caller cannot get there, so it is no failure to document (held out, set 26:
 * undici's `TstNode`).
 */
/** A message that names nothing: what is not available, or when, it does not say. */
const VAGUE_MESSAGE =
  /^(?:(?:this is |it is |that is )?not (?:yet )?(?:available|implemented|supported|possible)(?: yet)?|unsupported|not yet)[.!]?$/i;

// "internal error: …" calls the raise a bug of the library, not a condition of the caller's
// (held out, set 36: param's `_get_min_max_value`, a safety check after bounds are filled in)
// "can't reach here" (held out, set C7: textual's tokenizer, after a for-else)
const UNREACHABLE =
  /^(?:unreachable|impossible|can(?:no|')t (?:get|be) here\b|can(?:no|')t (?:be )?reach(?:ed)?(?: here)?(?:$|[.!,]| if\b)|this (?:should|can) never happen|(?:this )?should(?:n't| not| never) (?:happen|be reached)|assertion failed|internal error)\b/i;

/**
 * Whether the comment right above a raise (or above the `if` that holds it) calls it an internal
 * check ("This should never happen. If it does, something is heavily out of sync", "Internal
 * sanity check - …"): like an "Unreachable" message, it is no failure a caller is meant to meet
 * (held out, set 28: karafka's `Coordinator#decrement`, dd-trace-rb's `hook_line`).
 */
function internalCheck(content: string, at: number, language: string): boolean {
  const lines = content.slice(0, at).split('\n');
  lines.pop();
  const comment = language === 'Python' || language === 'Ruby' ? /^\s*#/ : /^\s*(?:\/\/|\/?\*)/;
  const said: string[] = [];
  let headers = 0;
  for (let k = lines.length - 1; k >= 0 && said.length < 6; k--) {
    const l = lines[k]!;
    if (comment.test(l)) said.push(l);
    else if (said.length === 0 && headers === 0 && /^\s*(?:if|unless|elsif|elif|else)\b|^\s*\}?\s*else\b/.test(l)) headers++;
    else break;
  }
  if (INTERNAL_CHECK.test(said.join(' '))) return true;
  // A raise in the last `else` of an `if … else if … else` chain whose head carries a coverage
  // pragma for that branch ("istanbul ignore else - All cases covered"): the maintainers say the
  // branch is not reached (held out, set 40: oclif's `UNKNOWN CONDITION TYPE`).
  if (said.length > 0 || headers !== 1 || !/^\s*\}?\s*else\s*\{?\s*$/.test(lines[lines.length - 1] ?? '')) return false;
  const head = chainHead(content, lines.length - 1, language);
  if (head === null) return false;
  const above: string[] = [];
  for (let k = head - 1; k >= 0 && comment.test(lines[k]!) && above.length < 6; k--) above.push(lines[k]!);
  return /\b(?:istanbul|c8) ignore else\b/i.test(above.join(' ')) || INTERNAL_CHECK.test(above.join(' '));
}

/** The charsets every Java platform supports (`java.nio.charset.StandardCharsets`). */
const STANDARD_CHARSET = /"(?:UTF-?8|US-ASCII|ISO-8859-1|UTF-16(?:BE|LE)?)"/i;

/**
 * Whether the raise at `at` is inside `catch (UnsupportedEncodingException e)` of a `try` that
 * names a charset every Java platform must support ("UTF-8"): it is never reached (held out,
 * set C6: snappy-java's `uncompressString`, "UTF-8 decoder is not found").
 */
function guaranteedCharset(code: string, content: string, at: number): boolean {
  const handler = [...code.slice(0, at).matchAll(/\bcatch\s*\(\s*(?:java\.io\.)?UnsupportedEncodingException\s+\w+\s*\)\s*\{/g)].pop();
  if (!handler) return false;
  const open = handler.index + handler[0].length - 1;
  if (closing(code, open) < at) return false;
  const tryEnd = code.lastIndexOf('}', handler.index);
  const tryOpen = tryEnd < 0 ? -1 : opening(code, tryEnd);
  if (tryOpen < 0 || !/\btry\s*$/.test(code.slice(0, tryOpen))) return false;
  return STANDARD_CHARSET.test(content.slice(tryOpen, tryEnd));
}

// "Body is replaced (injected) by JavassistProxyFactory": the throw is a placeholder for code
// generated at build time, not what callers meet (held out, set C2: HikariCP's `ProxyFactory`)
// "For MyPy's benefit": a raise only a type checker needs (held out, set C7: textual)
const INTERNAL_CHECK =
  /\b(?:for (?:mypy|pyright|the type checker)(?:'s)? (?:benefit|sake)|to (?:please|satisfy) (?:mypy|pyright|the type checker)|should(?:n't| not)? never (?:happen|occur|be reached)|should never|can(?:no|')t (?:happen|occur)|sanity check|internal (?:check|error|invariant)|unreachable|(?:body|implementation) (?:is |will be |gets )?(?:replaced|injected|generated|rewritten))\b/i;

/**
 * The row of the `if` that starts the chain whose final `else` is on row `elseRow` (`} else {`),
 * found by walking back over the chain's `} else if (…) {` branches; null when the shape is not
 * that plain chain.
 */
function chainHead(content: string, elseRow: number, language: string): number | null {
  const code = mask(content, language).code;
  const starts = [0];
  for (let i = 0; i < code.length; i++) if (code[i] === '\n') starts.push(i + 1);
  const rowOf = (at: number): number => {
    let row = 0;
    while (row + 1 < starts.length && starts[row + 1]! <= at) row++;
    return row;
  };
  let row = elseRow;
  for (let steps = 0; steps < 64; steps++) {
    const line = code.slice(starts[row], starts[row + 1] ?? code.length);
    const brace = line.indexOf('}');
    if (brace < 0) return null;
    // the `{` that the branch's `}` closes
    let depth = 0;
    let open = -1;
    for (let i = starts[row]! + brace; i >= 0; i--) {
      if (code[i] === '}') depth++;
      else if (code[i] === '{' && --depth === 0) {
        open = i;
        break;
      }
    }
    if (open < 0) return null;
    row = rowOf(open);
    const opening = code.slice(starts[row], starts[row + 1] ?? code.length);
    if (/^\s*if\b/.test(opening)) return row;
    if (!/^\s*\}\s*else\s+if\b/.test(opening)) return null;
  }
  return null;
}

/**
 * The members a file declares `private` or `protected` (TypeScript, Java, C#, PHP, Kotlin, Swift
 * fields and constructor parameter properties): the object's private state, which a caller
 * cannot test. A method (`private void f(`) is none.
 */
export function privateMembers(source: string, language: string): ReadonlySet<string> {
  if (/^(Python|Ruby|Go|Rust|C|JavaScript)$/.test(language)) return new Set();
  const out = new Set<string>();
  for (const m of source.matchAll(/\b(?:private|protected|fileprivate)\b[^;=(){}\n]*?(?<![\w$])\$?([A-Za-z_$][\w$]*)\s*(?=[:;=?!)]|$)/gm))
    out.add(m[1]!);
  return out;
}

/** The parameters a signature declares variadic: `*args`, `**kwargs`, Ruby's `*rest`/`**opts`, `...args`, PHP's `...$args`. */
function variadicParams(signature: string, language: string, params: readonly string[]): string[] {
  const re = language === 'Python' || language === 'Ruby' ? /(?:^|[(,\s|])\*{1,2}\s*([A-Za-z_]\w*)/g : /\.\.\.\s*\$?([A-Za-z_$][\w$]*)/g;
  return [...signature.matchAll(re)].map((m) => m[1]!).filter((n) => params.includes(n));
}

/**
 * Whether a guard only tests a variadic parameter for anything at all (`kwargs`, `not args`,
 * `args.length`, `!rest.empty?`, `len(kwargs) > 0`), alone or with other parameters (a flag):
 * it says that extra arguments were passed, not which or why they fail.
 */
function variadicPresence(cond: string, variadics: readonly string[]): boolean {
  if (variadics.length === 0) return false;
  const bare = cond.replace(/(["'`])(?:\\.|(?!\1).)*\1/g, '""');
  return variadics.some((v) => {
    const e = escapeRe(v);
    const uses = [...bare.matchAll(new RegExp(`(?<![\\w$.])\\$?${e}(?![\\w$])`, 'g'))];
    if (uses.length === 0) return false;
    return uses.every((u) => {
      const before = bare.slice(0, u.index);
      const after = bare.slice(u.index + u[0].length);
      // presence: the name alone, its length or emptiness compared with nothing or zero
      if (
        /^\s*(?:\.\s*(?:length|size|count|empty\?|any\?)(?![\w$])(?:\s*(?:[><]=?|[!=]==?)\s*0\b)?)?\s*(?:$|&&|\|\||\band\b|\bor\b|\))/.test(
          after,
        ) &&
        !/\bin\s*$|\(\s*$/.test(before)
      )
        return true;
      return /\blen\s*\(\s*$/.test(before) && /^\s*\)\s*(?:(?:>|!=)\s*0\b)?\s*(?:$|\band\b|\bor\b)/.test(after);
    });
  });
}

/**
 * A function of the file that only throws: a guard (`function testRange(test, errorMessage) { if
 * (test) { throw new RangeError(errorMessage); } }`, `assert(val, msg)`) or an error factory
 * (`const InvalidParameter = function () { return new Error("Invalid argument"); }`).
 */
export type ThrowHelper = { kind: 'guard'; type: string; message: number } | { kind: 'factory'; type: string; message: string };

const HELPER_HEAD = String.raw`(?:^|[;\n}])\s*(?:export\s+)?(?:function\s+|(?:const|let|var)\s+)([A-Za-z_$][\w$]*)\s*(?:=\s*function\b\s*[\w$]*\s*)?\(`;
const GUARD_HELPER = new RegExp(
  HELPER_HEAD +
    String.raw`\s*([A-Za-z_$][\w$]*)\s*,\s*([A-Za-z_$][\w$]*)\s*\)\s*\{\s*if\s*\(\s*!?\s*\2\s*\)\s*\{?\s*throw\s+(?:new\s+)?([A-Z][\w$]*)\s*\(\s*\3\s*(?:\|\|\s*(?:'[^'\n]*'|"[^"\n]*")\s*)?\)\s*;?\s*\}?\s*\}`,
  'g',
);
const FACTORY_HELPER = new RegExp(
  HELPER_HEAD +
    String.raw`\s*\)\s*(?:=>\s*)?(?:\{\s*return\s+)?new\s+([A-Z][\w$]*)\s*\(\s*(?:'([^'\\\n]*)'|"([^"\\\n]*)")\s*\)\s*;?\s*(?:\}|\n|$)`,
  'g',
);

/** The file's throwing helpers (JavaScript and TypeScript), by name. */
export function throwingHelpers(source: string, language: string): ReadonlyMap<string, ThrowHelper> {
  const out = new Map<string, ThrowHelper>();
  if (!/^(JavaScript|TypeScript|TSX)$/.test(language)) return out;
  for (const m of source.matchAll(GUARD_HELPER)) out.set(m[1]!, { kind: 'guard', type: m[4]!, message: 1 });
  for (const m of source.matchAll(FACTORY_HELPER)) out.set(m[1]!, { kind: 'factory', type: m[2]!, message: m[3] ?? m[4]! });
  return out;
}

/**
 * PHP: whether a fully qualified class name (`\\Error`) must keep its leading backslash in a doc
 * tag. A docblock resolves a name the way the code does (the file's `namespace` and `use`
 * imports): in a file that declares a namespace, or imports a class of the same first name
 * (`use GrahamCampbell\\ResultType\\Error;`), `Error` is another class than `\\Error` (held out,
 * set 33: phpdotenv's `EntryParser.processToken`). Elsewhere the bare name is the same class.
 */
export function phpKeepsRoot(source: string): (type: string) => boolean {
  if (/^[ \t]*namespace[ \t]+[\w\\]+[ \t]*[;{]/m.test(source)) {
    // a global class the file imports by its own name (`use RuntimeException;`) is the same class
    // written bare: `\RuntimeException` and `RuntimeException` are one tag (held out, set 39:
    // grav's `UserObject.save` listed them apart)
    const global = new Set([...source.matchAll(/^use[ \t]+\\?(\w+)[ \t]*;/gm)].map((m) => m[1]!));
    return (type) => type.startsWith('\\') && !(/^\\\w+$/.test(type) && global.has(type.slice(1)));
  }
  const imported = new Set<string>();
  // top-level imports only (a `use` in a class body is a trait); not `use function`/`use const`
  for (const m of source.matchAll(/^use[ \t]+(?!function\b|const\b)([^;]+);/gm)) {
    const group = /^([\w\\]*)\{([^}]*)\}/.exec(m[1]!.trim());
    const items = group ? group[2]!.split(',') : m[1]!.split(',');
    for (const item of items) {
      const alias = /\bas[ \t]+(\w+)\s*$/.exec(item.trim());
      const name = alias ? alias[1]! : item.trim().split('\\').pop()!;
      if (name !== '') imported.add(name);
    }
  }
  return (type) => type.startsWith('\\') && imported.has(type.slice(1).split('\\')[0]!);
}

// "Please implement me" (held out, set C2: unirest's `ObjectMapper.readValue` default)
const STUB_MESSAGE =
  /\b(not (yet )?implemented|unimplemented|please implement|implement me|must (be )?(implemented|overridden)|must (implement|override)|(subclass|subclasses|implementations?|derived classes?) (must|should)|abstract (method|function)|(an?|the) (\w+ )?interface)\b/i;

export function codeRaises(
  content: string,
  language: string,
  params: readonly string[],
  firstLine: number,
  bodyStart: number,
  /** lower-case names a message may open with that keep their case: the file's path segments */
  names: readonly string[] = [],
  /** the function's own short name */
  own = '',
  /** the file's members declared `private`/`protected` (`privateMembers`) */
  hidden: ReadonlySet<string> = new Set(),
  /** the file's functions that only throw (`throwingHelpers`) */
  helpers: ReadonlyMap<string, ThrowHelper> = new Map(),
  /** PHP: whether a `\\Name` keeps its backslash (`phpKeepsRoot`) */
  keepsRoot: (type: string) => boolean = () => false,
): RaiseFact[] {
  if (language === 'Go') return [];
  const m = mask(content, language);
  const { code, literals } = m;
  const nested = nestedRanges(m, language, bodyStart);
  const inNested = (o: number): boolean => nested.some(([a, b]) => o > a && o < b);
  const lineOf = (o: number): number => firstLine + content.slice(0, o).split('\n').length - 1;
  const occ: Occurrence[] = [];
  const variadics = variadicParams(content.slice(0, bodyStart), language, params);
  // a factory of the file thrown as `throw InvalidParameter()` is a throw of what it returns
  const factories = [...helpers].filter(([, h]) => h.kind === 'factory').map(([n]) => escapeRe(n));
  const base = (PATTERNS[language] ?? THROW_NEW).source;
  const re = new RegExp(
    factories.length > 0 && base === JS_THROW.source
      ? base.replace('(?:new\\s+(?=', `(?:(?=(?:${factories.join('|')})\\s*\\(\\s*\\))|new\\s+(?=`)
      : base,
    'g',
  );
  re.lastIndex = bodyStart;
  let x: RegExpExecArray | null;
  while ((x = re.exec(code)) !== null) {
    if (x.index < bodyStart || inNested(x.index)) continue;
    const made = /\bnew\s/.test(x[0]) ? undefined : helpers.get(x[1]!);
    // `raise self.ParseError(…)` raises the class's own exception: its name is `ParseError` (held
    // out, set 36: imageio's bundled tifffile `TiffSequence._parse` documented `self.ParseError`)
    const type = made?.kind === 'factory' ? made.type : language === 'Python' ? x[1]!.replace(/^(?:self|cls)\./, '') : x[1]!;
    if (language === 'Python' && !/^[A-Z]/.test(type.split('.').pop()!)) continue; // `raise err` re-raises a variable
    if (language === 'Ruby' && rescuedHere(code, x.index, type)) continue;
    if (caughtHere(code, x.index, type, language, bodyStart)) continue;
    let message: string | null = null;
    let stmtEnd = x.index + x[0].length;
    const opener = x[2];
    if (opener === '(' || opener === '{') {
      const open = x.index + x[0].length - 1;
      const close = closing(code, open);
      if (close < 0) continue;
      const args = splitTop(code, open + 1, close);
      const lit = args.length >= 1 ? literals.get(args[0]!.at) : undefined;
      // Ruby's `Exception.new` takes one argument, the message: a class built with several has its
      // own `initialize`, whose first argument is the message only when it reads as one
      // (`ParseError.new("next() from context where this is illegal", file, line)`), not when it is
      // one word (`FormatError.new('Integer', f.format, 'dxX')`; held out, set 29: puppet)
      const single =
        args.length === 1 ||
        (language === 'Ruby' ? lit?.value != null && /\S\s+\S/.test(lit.value) : language !== 'Python' && language !== 'Rust');
      if (
        lit &&
        single &&
        lit.end === args[0]!.at + args[0]!.text.length &&
        lit.value !== null &&
        (language !== 'Rust' || !lit.value.includes('{')) &&
        // a PHP, Ruby or Perl-style double-quoted string that interpolates (`"not found: $value"`,
        // `"#{x}"`) is a built message (held out, set 18: guzzle's `add_verify`)
        !(/^(PHP|Ruby)$/.test(language) && /^"/.test(content.slice(args[0]!.at)) && /(?<!\\)(\$[A-Za-z_{]|#\{)/.test(lit.value)) &&
        // a format string handed its values as further arguments (`("overflow: gcd(%d, %d) is
        // 2^31", p, q)`, `("bad {}", x)`) is a built message too (held out, set 20: commons-numbers' `gcd`)
        !(args.length > 1 && /%[-#+ 0,(]*\d*(?:\.\d+)?[a-zA-Z]|\{\d*\}/.test(lit.value))
      )
        message = lit.value;
      if (made?.kind === 'factory') message = made.message;
      stmtEnd = close + 1;
    } else if (opener === ',') {
      const rest = code.slice(stmtEnd).trimStart();
      const at = code.length - rest.length;
      const lit = literals.get(at);
      // a literal continued by another (`"…; " \` + newline + `"…"`, `+`, `%`, a method call) is a
      // built message, of which the first literal is only a piece (held out, set 21: excon's
      // "Host is required for non-Unix connections;.")
      const nl = code.indexOf('\n', lit?.end ?? at);
      const after = lit ? code.slice(lit.end, nl < 0 ? code.length : nl) : '';
      if (lit && lit.value !== null && !/^\s*(?:\\|\+|%|\.|\*|["'])/.test(after)) {
        message = lit.value;
        stmtEnd = lit.end;
      }
    } else {
      const nl = code.indexOf('\n', stmtEnd);
      stmtEnd = nl < 0 ? code.length : nl;
    }
    const found = condition(content, m, language, x.index, stmtEnd, bodyStart);
    // An unconditional "not implemented" raise is an abstract method's stub: callers reach the
    // subclasses' implementations, which do not raise it ("@throws {Error} Subclasses must
    // implement allGeneratedPositionsFor." on source-map's base consumer, set 10). No entry.
    // Ruby marks an abstract method with an unconditional `raise NoMethodError, "checker"` too
    // (held out, set 29: puppet's `Validation::Factory#checker`).
    if (
      found === null &&
      (/^(\w+\.)*NotImplemented(Error|Exception)?$/.test(type) ||
        (language === 'Ruby' && type === 'NoMethodError') ||
        (message !== null && STUB_MESSAGE.test(message)))
    )
      continue;
    if (message !== null && UNREACHABLE.test(message.trim())) continue;
    if (internalCheck(content, x.index, language)) continue;
    if (language === 'Java' && guaranteedCharset(code, content, x.index)) continue;
    // A message that names the function itself by its qualified name and says little else
    // ("Invalid arguments passed to jsPDF.context2d.lineTo", "Capybara::Driver::Base#dismiss_modal";
    // held out, set 27) says only where it was thrown: no message, the guard on the parameters (if
    // any) says when. One that says more ("Can't reassign Query#validate= after validation has
    // run, …") keeps it.
    if (message !== null && own !== '') {
      const self = new RegExp(`[\\w$.#:]*[\\w$](?:\\.|#|::)${escapeRe(own)}(?![\\w$(])`, 'g');
      if (self.test(message) && (message.replace(self, ' ').match(/[A-Za-z']+/g) ?? []).length <= 4) message = null;
    }
    // A caller reads the condition in terms of what it passes: one that names no parameter and no
    // field of the object (`if not match:` on a local) says nothing to it; the message, if plain, does.
    // A parameter the body changes before the raise (`kw.pop('repr')`, `x = x.strip()`) is no
    // longer what the caller passed: a guard on it would mislead.
    const unchanged = params.filter((p) => !changedBefore(code, p, bodyStart, x!.index));
    // whatever else the guard names: one changed parameter in it (`typed = !raw_results if
    // typed.nil?` before `raise … if !typed && !raw_results`) makes it a condition on the body's
    // value (held out, set 30: mongoid's `Criteria#raw`)
    const namesChanged =
      found !== null && params.some((p) => !unchanged.includes(p) && new RegExp(`(^|[^\\w$.])\\$?${escapeRe(p)}(?![\\w$])`).test(found));
    // A `return` earlier in the body (a search loop that returns what it finds, then `if
    // raise_error: raise …`) means the guard is only part of the condition: "If raise_error."
    // would claim it raises whenever the flag is set. The plain message, if any, still holds.
    // A condition that also names a local of the body (`len(remaining) == len(self._hookimpls)`,
    // held out set 12) speaks of a value the caller never sees: no guard either.
    const guard =
      found !== null &&
      !namesChanged &&
      callerVisible(found, unchanged) &&
      !fieldChangedBefore(found, code, bodyStart, x.index) &&
      !namesLocal(found, code.slice(bodyStart, x.index), params) &&
      !exitsBefore(code, bodyStart, x.index, inNested, language)
        ? found
        : null;
    // A guard that only tests whether a variadic parameter holds anything (`if kwargs:`, `if
    // _check_kwargs and kwargs:`, `if args.length`) reads as code and tells the caller nothing it
    // can use: the raise is written with its plain message alone, or not at all (set 29's tuning
    // run: python-control's "If kwargs." on `compute_estimate`, `streamlines`, `vectorfield`).
    const cond = guard !== null && variadicPresence(guard, variadics) ? null : guard;
    // A guard that names anything besides the parameters — the object's state (`this.#signatures`),
    // a method chain, a call, a negation — tells the caller less than a plain message does (held
    // out, set 25: jose's `GeneralSign.sign`, moneyphp's `If ! $money->getCurrency()->…`): the
    // message, when there is one, is written instead.
    const plain =
      message !== null && cond !== null && !onlyParameters(cond, params) ? describe(null, message, language, params, names) : null;
    // With no plain message, a guard on private state (`this.#x`) or on a chain of calls
    // (`! $money->getCurrency()->equals(…)`) is no description a caller can use: no entry.
    // So is an assignment inside the guard (`! $blockName = $parser->peekBlockStack()`) or a call
    // into the object's or class's own methods (`! is_bool(self::getMapping($id))`), held out,
    // set 26: Twig, phpseclib.
    const opaque =
      cond !== null &&
      plain === null &&
      (/(^|[^\w$])#\w/.test(cond) ||
        // a Ruby instance variable is the object's private state too (held out, set 28: CocoaPods'
        // "If @pre_integrate_callback.")
        (language === 'Ruby' && /(^|[^\w@])@\w/.test(cond)) ||
        // so is a member declared `private` or `protected` (held out, set 30: grammY's `this.me`,
        // web3.js' `this._subscriptions`)
        [...cond.matchAll(/\b(?:this|self)\s*(?:\.|->)\s*\$?([A-Za-z_$][\w$]*)/g)].some((f) => hidden.has(f[1]!)) ||
        /\)\s*(?:\?\.|\.|->|::)\s*\w+\s*\(/.test(cond) ||
        /(?<![=!<>:+\-*/%&|^?])=(?![=>~])|:=/.test(cond.replace(/(["'`])(?:\\.|(?!\1).)*\1/g, '""')) ||
        /\b(?:self|this|static|cls|parent)\s*(?:\.|->|::)\s*\$?\w+\s*\(/.test(cond) ||
        // a guard longer than 70 characters does not fit a doc line: its code span
        // would be wrapped across lines, and it reads as code (held out, set 26: undici's `MockScope.delay`)
        cond.length > 70);
    occ.push({
      type: language === 'PHP' && !keepsRoot(type) ? type.replace(/^\\/, '') : type,
      message,
      guarded: cond !== null && plain === null && !opaque,
      // a bare "Not available yet." with no guard the caller can read says neither what nor when
      // (held out, set 34: lifelines' `CoxTimeVaryingFitter.fit`, raised when `robust` is set): no entry
      text:
        cond === null && message !== null && VAGUE_MESSAGE.test(message.trim())
          ? null
          : (plain ?? (opaque ? null : describe(cond, message, language, params, names))),
      line: lineOf(x.index),
    });
  }
  // a call of a guard helper of the file (`testRange(options.min > options.max, "Chance: Min cannot
  // be greater than Max.")`) throws its type with the message passed (held out, set 31: chancejs'
  // `unique` listed one RangeError of two); a message that is not a literal gives no entry
  const throwsSoFar = occ.length;
  for (const [name, h] of helpers) {
    if (h.kind !== 'guard' || name === own) continue;
    const call = new RegExp(`(?<![\\w$.])${escapeRe(name)}\\s*\\(`, 'g');
    call.lastIndex = bodyStart;
    while ((x = call.exec(code)) !== null) {
      if (inNested(x.index) || /\bfunction\s*$/.test(code.slice(Math.max(0, x.index - 12), x.index))) continue;
      const open = x.index + x[0].length - 1;
      const close = closing(code, open);
      if (close < 0) continue;
      const arg = splitTop(code, open + 1, close)[h.message];
      const lit = arg ? literals.get(arg.at) : undefined;
      const message = lit && lit.value !== null && lit.end === arg!.at + arg!.text.length ? lit.value : null;
      if (message !== null && UNREACHABLE.test(message.trim())) continue;
      if (internalCheck(content, x.index, language)) continue;
      occ.push({ type: h.type, text: message === null ? null : describe(null, message, language, params, names), line: lineOf(x.index) });
    }
  }
  // in the order of the body
  if (occ.length > throwsSoFar) occ.sort((a, b) => a.line - b.line);
  if (language === 'Java' || language === 'Kotlin' || language === 'C#') {
    const nn =
      language === 'C#'
        ? /\bArgumentNullException\.ThrowIfNull\s*\(\s*(\w+)\s*\)/g
        : /\b(?:Objects\.requireNonNull|Preconditions\.checkNotNull|checkNotNull|requireNonNull)\s*\(\s*(\w+)\s*[,)]/g;
    nn.lastIndex = bodyStart;
    while ((x = nn.exec(code)) !== null) {
      if (inNested(x.index) || !params.includes(x[1]!)) continue;
      const what = language === 'C#' ? `<paramref name="${x[1]}"/>` : codeSpan(language, x[1]!);
      occ.push({
        type: language === 'C#' ? 'ArgumentNullException' : 'NullPointerException',
        // after an earlier `return` the check holds on one path only: "If x is null." would
        // claim more (held out, set 12: true there only because the other path checks too)
        text: exitsBefore(code, bodyStart, x.index, inNested, language) ? null : `If ${what} is null.`,
        line: lineOf(x.index),
      });
    }
  }
  const out: RaiseFact[] = [];
  const types = [...new Set(occ.map((o) => o.type))];
  for (const type of types) {
    // the message a guard throws, thrown again unguarded (a `switch` default the guard already
    // excludes), is the same failure: the guard's condition says it once (held out, set C2:
    // semver4j's `tildeRequirement` read "If {@code type != …}, or the tilde requirements are …")
    const ofType = occ.filter((o) => o.type === type);
    const guardedMessages = new Set(ofType.filter((o) => o.guarded && o.message != null).map((o) => o.message));
    const all = ofType.filter((o) => o.guarded || o.message == null || !guardedMessages.has(o.message));
    if (all.some((o) => o.text === null)) continue;
    const texts = [...new Set(all.map((o) => o.text!))];
    // a message that ends in ".." (". and ..", the directory entries) keeps both dots
    // a message that ends in "!" or "?" is joined without it when another follows ("… must be
    // provided!, or …" read as a typo, held out set 27: redis-py); the last one keeps its stop
    const parts = texts.map((t, k) => (k < texts.length - 1 ? t.replace(/(?<!\.)[.!?]$/, '') : t.replace(/(?<!\.)\.$/, '')));
    const joined = `${parts[0]}${parts
      .slice(1)
      .map((p) => `, or ${p.startsWith('If ') ? `if ${p.slice(3)}` : lowerFunctionWord(p, [...params, ...names])}`)
      .join('')}`;
    // a message that ends in "?" or "!" keeps its own stop ("… Maybe Prompter is closed?", held out set 17)
    const text = /[!?]$/.test(joined) ? joined : `${joined}.`;
    out.push({
      type,
      text,
      source: `code: ${language === 'Rust' ? 'panic!' : type} at line${all.length > 1 ? 's' : ''} ${all.map((o) => o.line).join(', ')}`,
    });
  }
  return out;
}
