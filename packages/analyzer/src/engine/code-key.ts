import { codeOnly, codeTokens } from '../functions/code-tokens.ts';
import { onlyRaisesNotImplemented, returnText, splitDeclaration } from '../functions/contract.ts';

/**
 * What a function's code is, for deciding whether a commit changed it (docs/metrics/outdated.md
 * §Which commit): its normalised tokens (functions/code-tokens.ts: comments, whitespace, blank
 * lines, quote style, trailing commas and JS semicolons set aside) with, in addition,
 *  - a Python docstring dropped;
 *  - type annotations dropped: parameter and return annotations (Python, TypeScript) and Python
 *    variable annotations (`x: int = 1` is `x = 1`; a bare `x: int` declares nothing);
 *  - local names replaced by placeholders in order of first use (alpha-equivalence): a name bound
 *    in the body (`x = …`, `x += …`, `a, b = …`, `x := …`, `for x in`, `as x`,
 *    `const|let|var x`) that is not a parameter, an attribute (`.x`) or a keyword argument.
 * Two versions with the same key differ only in what no doc can describe, so a commit between
 * them counts against no doc. The key is stricter than equality of meaning (a reordered statement
 * is a change) and more lenient in one known way: swapping which of two locals is used where
 * they are first bound in the same order is not seen.
 */

const ANNOTATED = new Set(['Python', 'TypeScript', 'TSX']);
const IDENT = /^[\p{L}_$][\p{L}\p{N}_$]*$/u;
const AUGMENTED = new Set(['+', '-', '*', '/', '%', '&', '|', '^', '@', '<', '>']);
const DECLARES = new Set(['const', 'let', 'var']);

/** Python statements `x: T` / `x: T = v` at bracket depth 0 of `body`, rewritten without the annotation. */
function withoutVariableAnnotations(body: string): string {
  // Comments and string contents blanked, line breaks kept (a docstring spans lines).
  // codeOnly keeps every offset (a blanked token has its own length), so the pieces between line
  // breaks are cut from it as they are, with no array of characters (docs/performance.md, session 23).
  const blank = codeOnly(body, 'Python');
  let code = '';
  let from = 0;
  for (let i = body.indexOf('\n'); i >= 0; i = body.indexOf('\n', i + 1)) {
    code += `${blank.slice(from, i)}\n`;
    from = i + 1;
  }
  code += blank.slice(from);
  const lines = body.split('\n');
  const codeLines = code.split('\n');
  let depth = 0;
  const out: string[] = [];
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n]!;
    const c = codeLines[n] ?? '';
    let kept = line;
    if (depth === 0) {
      const m = /^(\s*)([\p{L}_][\p{L}\p{N}_]*(?:\.[\p{L}_][\p{L}\p{N}_]*)*)\s*:(?!=)/u.exec(c);
      if (m && !PY_KEYWORDS.has(m[2]!)) {
        const colon = m[0].length - 1;
        // The assignment after the annotation: the first '=' at depth 0 that is not part of '==', '<=' …
        let d = 0;
        let eq = -1;
        for (let i = colon + 1; i < c.length; i++) {
          const ch = c[i]!;
          if (ch === '(' || ch === '[' || ch === '{') d++;
          else if (ch === ')' || ch === ']' || ch === '}') d--;
          else if (ch === '=' && d === 0 && c[i + 1] !== '=' && !'=!<>'.includes(c[i - 1]!)) {
            eq = i;
            break;
          }
        }
        // A statement ending in ':' with nothing after it is a block header, not an annotation.
        if (c.slice(colon + 1).trim() !== '') kept = eq >= 0 ? `${line.slice(0, colon)} ${line.slice(eq)}` : '';
      }
    }
    for (let i = 0; i < c.length; i++) {
      const ch = c.charCodeAt(i);
      if (ch === 40 || ch === 91 || ch === 123)
        depth++; // ( [ {
      else if (ch === 41 || ch === 93 || ch === 125) depth = Math.max(0, depth - 1); // ) ] }
    }
    out.push(kept);
  }
  return out.join('\n');
}

/**
 * Python import statements inside a body left out (one line, or a parenthesised `from x import (…)`):
 * moving an import into the function that uses it (a start-up optimisation, ipython's "defer
 * imports" commits, held-out round 3) changes nothing a doc describes.
 */
function withoutImports(body: string): string {
  return body.replace(/^[ \t]*(?:from[ \t]+[\w.]+[ \t]+import[ \t]+(?:\([^)]*\)|[^\n]*)|import[ \t]+[^\n]*)$/gm, '');
}

const PY_KEYWORDS = new Set([
  'if',
  'elif',
  'else',
  'for',
  'while',
  'try',
  'except',
  'finally',
  'with',
  'def',
  'class',
  'lambda',
  'match',
  'case',
  'async',
  'return',
  'yield',
  'raise',
  'assert',
  'del',
  'pass',
  'global',
  'nonlocal',
  'import',
  'from',
  'await',
  'not',
  'and',
  'or',
  'in',
  'is',
]);

const OPEN = new Set(['(', '[', '{']);
const CLOSE = new Set([')', ']', '}']);

/**
 * A nested Python `def`'s parameter and return annotations dropped, as the function's own are
 * (pymongo's `async def inner(session: Optional[AsyncClientSession], …) -> None:` made "now uses
 * 'AsyncClientSession'"; held-out round 5).
 */
function nestedDefsUnannotated(tokens: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i] !== 'def' || tokens[i + 2] !== '(') {
      out.push(tokens[i]!);
      continue;
    }
    let depth = 1;
    let j = i + 3;
    for (; j < tokens.length && depth > 0; j++) {
      if (OPEN.has(tokens[j]!)) depth++;
      else if (CLOSE.has(tokens[j]!)) depth--;
    }
    out.push('def', tokens[i + 1]!, '(', ...paramTokens(tokens.slice(i + 3, j - 1)), ')');
    // `-> T` up to the ':' that opens the block (at bracket depth 0).
    if (tokens[j] === '->' || (tokens[j] === '-' && tokens[j + 1] === '>')) {
      let d = 0;
      while (j < tokens.length && !(d === 0 && tokens[j] === ':')) {
        if (OPEN.has(tokens[j]!)) d++;
        else if (CLOSE.has(tokens[j]!)) d--;
        j++;
      }
    }
    i = j - 1;
  }
  return out;
}

/** Parameter tokens without their annotations: `a: int = 1` → `a = 1` (TS `b?: string` → `b`). */
function paramTokens(tokens: readonly string[]): string[] {
  const out: string[] = [];
  let depth = 0;
  let skipping = false;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t === '(' || t === '[' || t === '{' || (t === '<' && skipping)) depth++;
    else if (t === ')' || t === ']' || t === '}' || (t === '>' && skipping && tokens[i - 1] !== '=')) depth--;
    if (depth === 0 && t === ',') skipping = false;
    if (depth === 0 && t === '=' && skipping) skipping = false;
    if (depth === 0 && t === ':' && !skipping) {
      skipping = true;
      if (out[out.length - 1] === '?') out.pop();
      continue;
    }
    if (!skipping) out.push(t);
  }
  return out;
}

/**
 * Java and Kotlin annotations before a declaration (`@Override`, `@Deprecated(since = "2")`)
 * left out: adding `@Override` changes no code a doc describes (joda-time, held-out round 3).
 */
function withoutAnnotations(tokens: string[], language: string): string[] {
  if (language !== 'Java' && language !== 'Kotlin') return tokens;
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i] !== '@' || !IDENT.test(tokens[i + 1] ?? '') || tokens[i + 1] === 'interface') {
      out.push(tokens[i]!);
      continue;
    }
    i++;
    while (tokens[i + 1] === '.' && IDENT.test(tokens[i + 2] ?? '')) i += 2;
    if (tokens[i + 1] === '(') {
      let depth = 0;
      for (i++; i < tokens.length; i++) {
        if (tokens[i] === '(') depth++;
        else if (tokens[i] === ')' && --depth === 0) break;
      }
    }
  }
  return out;
}

/** A Python string prefix (`f`, `rb`, `u` …) as its own token before a string literal. */
const STRING_PREFIX = /^[rRbBfFuU]{1,2}$/;

/**
 * Python implicit concatenations joined: `"a" "b"` is `"ab"` (`f"x{y}" "z"` is `f"x{y}z"`), so a
 * formatter joining them (Ruff, Black's preview style: starlette, held-out round 3) changes no code.
 */
function joinedStrings(tokens: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const prefixed = STRING_PREFIX.test(t) && tokens[i + 1]?.startsWith('"');
    if (!prefixed && !t.startsWith('"')) {
      out.push(t);
      continue;
    }
    // A run of adjacent literals, each with its prefix: one literal with the prefixes' letters.
    const letters = new Set<string>();
    let text = '';
    while (i < tokens.length) {
      const cur = tokens[i]!;
      if (STRING_PREFIX.test(cur) && tokens[i + 1]?.startsWith('"')) {
        for (const ch of cur.toLowerCase()) if (ch !== 'u') letters.add(ch);
        i++;
      } else if (!cur.startsWith('"')) break;
      text += tokens[i]!.slice(1, -1);
      i++;
    }
    i--;
    if (letters.size > 0) out.push([...letters].sort().join(''));
    out.push(`"${text}"`);
  }
  return out;
}

/** Go's `any` is `interface{}` (an alias since Go 1.18): gofmt -r and modernisers swap them. */
function goAny(tokens: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i] === 'interface' && tokens[i + 1] === '{' && tokens[i + 2] === '}') {
      out.push('any');
      i += 2;
    } else out.push(tokens[i]!);
  }
  return out;
}

const TYPE_OPEN = new Set(['(', '[', '{', '<']);
const TYPE_CLOSE = new Set([')', ']', '}', '>']);

/** Index after the TypeScript type that starts at `i` (after `as`/`satisfies`/`<T>`). */
function skipType(tokens: readonly string[], i: number): number {
  for (;;) {
    while (tokens[i] === 'keyof' || tokens[i] === 'typeof' || tokens[i] === 'readonly' || tokens[i] === 'unique') i++;
    const t = tokens[i];
    if (t === undefined) return i;
    if (TYPE_OPEN.has(t)) {
      let depth = 0;
      for (; i < tokens.length; i++) {
        if (TYPE_OPEN.has(tokens[i]!)) depth++;
        else if (TYPE_CLOSE.has(tokens[i]!) && !(tokens[i] === '>' && tokens[i - 1] === '=') && --depth === 0) break;
      }
      i++;
      // A function type `(a: A) => R`.
      if (t === '(' && tokens[i] === '=' && tokens[i + 1] === '>') {
        i = skipType(tokens, i + 2);
        continue;
      }
    } else if (IDENT.test(t) || t.startsWith('"') || /^\d/.test(t)) {
      i++;
      while (tokens[i] === '.' && IDENT.test(tokens[i + 1] ?? '')) i += 2;
      if (tokens[i] === '<') {
        let depth = 0;
        for (; i < tokens.length; i++) {
          if (tokens[i] === '<') depth++;
          else if (tokens[i] === '>' && tokens[i - 1] !== '=' && --depth === 0) break;
        }
        i++;
      }
    } else return i;
    // Array suffixes `[]`, indexed access `T['k']`.
    while (tokens[i] === '[') {
      let depth = 0;
      for (; i < tokens.length; i++) {
        if (tokens[i] === '[') depth++;
        else if (tokens[i] === ']' && --depth === 0) break;
      }
      i++;
    }
    if (tokens[i] === '|' || tokens[i] === '&') {
      i++;
      continue;
    }
    return i;
  }
}

/**
 * TypeScript casts left out: `x as T`, `x as unknown as T`, `x satisfies T`, `as const`, and the
 * non-null assertion `x!` (before `.`, `)`, `,`, `;`, `]`, `[`). None of them changes what runs
 * (an `as` cast added by a typing commit named as "the change": rxjs, held-out round 3).
 */
function withoutCasts(tokens: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const prev = out[out.length - 1] ?? '';
    const afterOperand = IDENT.test(prev) || prev === ')' || prev === ']' || prev === '}' || prev.startsWith('"') || /^\d/.test(prev);
    if ((t === 'as' || t === 'satisfies') && afterOperand && !PY_KEYWORDS.has(prev) && prev !== 'import' && prev !== '*') {
      i = skipType(tokens, i + 1) - 1;
      continue;
    }
    if (
      t === '!' &&
      (IDENT.test(prev) || prev === ')' || prev === ']') &&
      ['.', ')', ',', ']', '[', '}', undefined].includes(tokens[i + 1])
    )
      continue;
    out.push(t);
  }
  return out;
}

/** A token that can end a declared type (`String`, `int`, `List<T>`, `byte[]`). */
function typeEnd(t: string | undefined): boolean {
  return t !== undefined && ((IDENT.test(t) && !PY_KEYWORDS.has(t) && !DECLARES.has(t)) || t === '>' || t === ']');
}

/** Does a `catch (` open before the type that ends at `end` (`catch ( IOException | X e )`)? */
function catchAt(tokens: readonly string[], end: number): boolean {
  for (let j = end; j >= 1 && end - j < 16; j--) {
    if (tokens[j] === '(') return tokens[j - 1] === 'catch';
    if (tokens[j] === ')' || tokens[j] === ';' || tokens[j] === '{') return false;
  }
  return false;
}

/** Java and C# primitive types a cast may name. */
const PRIMITIVES = new Set(['int', 'long', 'short', 'byte', 'char', 'float', 'double', 'boolean', 'bool', 'decimal', 'uint', 'ulong']);

/**
 * Java and C# casts left out: `(Scriptable) obj`, `(List<String>) x`, `(int) n`, `(byte[]) data`
 * before an operand. A cast changes the static type, not what runs (rhino
 * `ScriptableObject.getProperty`, round 8).
 */
function withoutParenCasts(tokens: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i] === '(') {
      const prev = out[out.length - 1] ?? '';
      // `f(…)`, `x[i](…)`: a call, not a cast (`return (T) x` and `= (T) x` are casts).
      const call = (IDENT.test(prev) && !CAST_BEFORE.has(prev)) || prev === ')' || prev === ']';
      const t = tokens[i + 1] ?? '';
      if (!call && (/^\p{Lu}/u.test(t) || PRIMITIVES.has(t))) {
        let j = i + 2;
        while (tokens[j] === '.' && IDENT.test(tokens[j + 1] ?? '')) j += 2;
        if (tokens[j] === '<') {
          let depth = 0;
          for (; j < tokens.length; j++) {
            if (tokens[j] === '<') depth++;
            else if (tokens[j] === '>' && --depth === 0) break;
          }
          j++;
        }
        while (tokens[j] === '[' && tokens[j + 1] === ']') j += 2;
        const operand = tokens[j + 1] ?? '';
        if (
          tokens[j] === ')' &&
          (IDENT.test(operand) || operand === '(' || operand.startsWith('"') || /^\p{N}/u.test(operand)) &&
          !BINARY_WORDS.has(operand)
        ) {
          i = j;
          continue;
        }
      }
    }
    out.push(tokens[i]!);
  }
  return out;
}

/** Words after which `(` opens an expression, not a call's arguments. */
const CAST_BEFORE = new Set(['return', 'throw', 'case', 'yield', 'await', 'new', 'else', 'do']);
/** Words that follow a parenthesised expression without making it a cast (`(A) instanceof B`). */
const BINARY_WORDS = new Set(['instanceof', 'is', 'as', 'and', 'or', 'in']);

/** Languages with keyword arguments written `name=value` (a name bound there is no local). */
const KEYWORD_ARGUMENTS = new Set(['Python', 'Kotlin']);

/** Names bound in the body's tokens (see the module comment). */
function boundNames(tokens: readonly string[], params: ReadonlySet<string>): Set<string> {
  const bound = new Set<string>();
  let depth = 0;
  let forTarget = false; // between `for` and its `in`/`of`
  const word = (i: number): boolean => IDENT.test(tokens[i] ?? '') && tokens[i - 1] !== '.';
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t === '(' || t === '[') depth++;
    else if (t === ')' || t === ']') depth = Math.max(0, depth - 1);
    if (t === 'for') forTarget = true;
    else if (t === 'in' || t === 'of' || t === ':' || t === '=') forTarget = false;
    if (!word(i)) continue;
    const next = tokens[i + 1];
    const after = tokens[i + 2];
    let binds = false;
    if (depth === 0 && next === '=' && after !== '=') binds = true;
    else if (depth === 0 && next !== undefined && (AUGMENTED.has(next) || next === ':') && after === '=' && tokens[i + 3] !== '=')
      binds = next !== '<' && next !== '>';
    else if (DECLARES.has(tokens[i - 1] ?? '') || tokens[i - 1] === 'as') binds = true;
    else if (
      forTarget &&
      (tokens[i - 1] === 'for' || tokens[i - 1] === ',' || tokens[i - 1] === '(') &&
      // a type or modifier before the name (`for (final String r : …)`, `for (int i = 0; …)`) binds nothing
      !(IDENT.test(next ?? '') && !PY_KEYWORDS.has(next!) && next !== 'of')
    )
      binds = true;
    // A typed loop variable (`for (String r : rs)`, `for (int i = 0; …)`) or a caught exception
    // (`catch (IOException e)`): a local name of a brace language (commons-net
    // `SMTPClient.sendSimpleMessage`, round 8).
    else if (forTarget && (next === ':' || next === '=') && typeEnd(tokens[i - 1])) binds = true;
    else if (next === ')' && typeEnd(tokens[i - 1]) && tokens[i - 2] !== '.' && catchAt(tokens, i - 1)) binds = true;
    if (!binds) continue;
    bound.add(t);
    // `a, b = …`: the names before, joined by commas.
    if (next === '=') for (let j = i - 2; j >= 0 && tokens[j + 1] === ',' && word(j); j -= 2) bound.add(tokens[j]!);
  }
  for (const p of params) bound.delete(p);
  return bound;
}

/** Placeholders for the bound names inside f-string and template-literal braces. */
function renameInString(token: string, names: ReadonlyMap<string, string>): string {
  return token.replace(/\{[^{}]*\}/g, (inner) => inner.replace(/[\p{L}_$][\p{L}\p{N}_$]*/gu, (w) => names.get(w) ?? w));
}

/** The key of the body alone (after the declaration), for "did the body change". */
export function bodyKey(key: string): string {
  return key.slice(key.indexOf('\u0000') + 1);
}

export function codeKey(content: string, name: string, language: string): string {
  const split = splitDeclaration(content, name, language);
  const annotated = ANNOTATED.has(language);
  let head: string[];
  let params: string[] = [];
  let bodyText: string;
  if (split.paramsFrom < 0) {
    head = [];
    bodyText = content;
  } else {
    head = withoutAnnotations(codeTokens(content.slice(0, split.paramsFrom), language), language);
    const rawParams = codeTokens(content.slice(split.paramsFrom, split.paramsTo), language);
    params = annotated ? paramTokens(rawParams) : rawParams;
    // Between the parameter list and the body: `-> T:` (Python), `: T {` (TypeScript) — types only there.
    const tail = annotated ? [] : codeTokens(content.slice(split.paramsTo, split.body), language);
    head = [...head, ...params, ')', ...tail];
    bodyText = content.slice(split.body);
  }
  // A bare `return` is `return None`.
  if (language === 'Python')
    bodyText = withoutImports(withoutVariableAnnotations(bodyText)).replace(/^([ \t]*return)[ \t]+None[ \t]*(?=#|$)/gm, '$1');
  let body = codeTokens(bodyText, language);
  if (language === 'Python' && body[0]?.startsWith('"')) body.shift();
  if (language === 'Python') body = nestedDefsUnannotated(joinedStrings(body));
  else if (annotated) body = withoutCasts(body);
  else if (language === 'Java' || language === 'C#') body = withoutParenCasts(body);
  else if (language === 'Go') {
    head = goAny(head);
    body = goAny(body);
  }
  // A parameter's name comes first (`a, b=1`, `a: int`) or last before `,`/`)`/`=` (Java, C#,
  // Go: `Provider provider`, `a, b int`); a type name caught too only keeps it from being a local.
  const paramNames = new Set(
    params.filter(
      (t, i) =>
        IDENT.test(t) &&
        (i === 0 ||
          params[i - 1] === ',' ||
          params[i - 1] === '*' ||
          params[i - 1] === '(' ||
          i === params.length - 1 ||
          params[i + 1] === ',' ||
          params[i + 1] === '=' ||
          params[i + 1] === ':'),
    ),
  );
  const bound = boundNames(body, paramNames);
  const names = new Map<string, string>();
  let depth = 0;
  const out: string[] = [];
  for (let i = 0; i < body.length; i++) {
    const t = body[i]!;
    if (t === '(' || t === '[') depth++;
    else if (t === ')' || t === ']') depth = Math.max(0, depth - 1);
    const keyword = KEYWORD_ARGUMENTS.has(language) && depth > 0 && body[i + 1] === '=' && body[i + 2] !== '=';
    if (bound.has(t) && body[i - 1] !== '.' && !keyword) {
      let placeholder = names.get(t);
      if (!placeholder) names.set(t, (placeholder = `$${names.size}`));
      out.push(placeholder);
    } else out.push(t);
  }
  if (names.size > 0)
    for (let i = 0; i < out.length; i++) if (out[i]!.startsWith('"') && out[i]!.includes('{')) out[i] = renameInString(out[i]!, names);
  return [...head, '\u0000', ...out].join(' ');
}

/**
 * Words a prose doc uses without meaning code: keywords and declarations of the languages whose
 * bodies are compared. `None`, `null`, `true`/`True`, `false`/`False` are kept: "returns None if…"
 * is about them.
 */
const PROSE_KEYWORDS = new Set(
  (
    'if else elif for while do in is not and or return returns yield raise raises throw throws new this self cls try except ' +
    'catch finally with as def class import from const let var function lambda async await pass break continue case ' +
    'switch default of the a an to be it int long short byte char float double boolean void final static public ' +
    'private protected instanceof typeof delete global nonlocal assert super any interface ' +
    // Go's built-in types and functions, words of prose too ("Split a string", "returns a copy": chi, zap, held-out round 4)
    'string bool rune copy append len make'
  ).split(' '),
);

/**
 * The words of a body key: identifiers, attribute names and numbers; local-name placeholders left
 * out. A string literal gives a word only when it is one value as a whole (`'TERM'`, `"utf-8"`):
 * the words of a message or a format string (`'utime(%s, %r)'`, `b'Slow response'`) are not what
 * a doc describes (held-out round 3, docs/metrics/outdated.md).
 */
export function keyWords(body: string): ReadonlySet<string> {
  let words = recentKeyWords.get(body);
  if (words) return words;
  words = wordsOfKey(body);
  // The same two keys are asked for by every rule that compares a changed body (~five calls each).
  if (recentKeyWords.size >= RECENT_KEY_WORDS) recentKeyWords.delete(recentKeyWords.keys().next().value!);
  recentKeyWords.set(body, words);
  return words;
}

/** The last keys' words (keyWords), oldest first. */
const recentKeyWords = new Map<string, ReadonlySet<string>>();
const RECENT_KEY_WORDS = 8;

function wordsOfKey(body: string): Set<string> {
  const words = new Set<string>();
  const add = (w: string | null): void => {
    if (w && !/^\$\d+$/.test(w) && !PROSE_KEYWORDS.has(w)) words.add(w);
  };
  for (const m of body.matchAll(
    /(?:(?<![\p{L}\p{N}_$])([fF][rRbB]?|[rRbB][fF]) )?"((?:[^"\\]|\\.)*)"|([\p{L}_$][\p{L}\p{N}_$]*|\p{N}[\p{N}.]*)/gu,
  )) {
    if (m[3] !== undefined) {
      add(m[3]);
      continue;
    }
    const text = m[2]!;
    add(/^[\p{L}_][\p{L}\p{N}_.-]*$/u.test(text) ? text : null);
    // The code inside a template literal's `${…}` or a Python f-string's `{…}` is code: moving an
    // expression into one, or out, changes no word (w3lib `path_to_file_uri`, less.js
    // `Quoted.eval`; round 7).
    const holes = m[1] ? text.matchAll(/(?<!\{)\{([^{}]+)\}/g) : text.matchAll(/\$\{([^{}]+)\}/g);
    for (const h of holes) for (const w of h[1]!.match(/[\p{L}_$][\p{L}\p{N}_$]*/gu) ?? []) add(w);
  }
  return words;
}

/** `word` as a whole word of `text` (not inside a longer identifier). */
function mentioned(text: string, word: string): boolean {
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
    const end = at + word.length;
    if ((at === 0 || !/[\p{L}\p{N}_$]/u.test(text[at - 1]!)) && (end >= text.length || !/[\p{L}\p{N}_$]/u.test(text[end]!))) return true;
  }
  return false;
}

/**
 * `number` as a number of `text` of its own: not a digit of a longer one (`0` in "XML 1.0", `1` in
 * `n_jobs=-1`: jdom `isXMLNameCharacter`, joblib `effective_n_jobs`; round 9). "-1" names `1`
 * only where the code writes it negative too (`- 1`).
 */
function mentionedNumber(text: string, number: string, negative = false): boolean {
  for (let at = text.indexOf(number); at >= 0; at = text.indexOf(number, at + 1)) {
    const end = at + number.length;
    const prev = text[at - 1] ?? ' ';
    if (/[\p{L}\p{N}_$.]/u.test(prev) || (prev === '-' && !negative) || /[\p{L}\p{N}_$]/u.test(text[end] ?? ' ')) continue;
    if (text[end] === '.' && /\p{N}/u.test(text[end + 1] ?? '')) continue;
    return true;
  }
  return false;
}

/** Values a doc states conditions with anywhere ("or None if empty", "true if equal"). */
const VALUE_WORDS = new Set(['None', 'null', 'nil', 'undefined', 'true', 'false', 'True', 'False', 'NaN']);

/** A word no English prose uses by chance: `snake_case`, `camelCase`, `utf8`, a number. */
function codeShaped(word: string): boolean {
  return /^\p{N}/u.test(word) || /\p{L}_|_\p{L}/u.test(word) || /\p{Ll}\p{Lu}/u.test(word) || /\p{L}\p{N}/u.test(word);
}

/**
 * The parts of a doc that speak about code: its summary (the first sentence, or a JSDoc
 * `@summary`), code spans (``x``, `x`, `{@code x}`, `{@link x}`, `<code>x</code>`, epydoc `C{x}`)
 * and examples (`>>>` lines, JSDoc `@example` blocks, fenced blocks, `<pre>`). A plain word of the
 * rest of the prose ("in unix format", "@return true if equal") is not a mention of the code's
 * `.format(` or `true`.
 */
function codeParts(doc: string): string {
  const parts: string[] = [];
  const lines = doc.split('\n');
  const prose = lines.filter((l) => !/^\s*[@:]/.test(l));
  const firstParagraph =
    prose
      .join('\n')
      .trim()
      .split(/\n\s*\n/)[0] ?? '';
  parts.push(firstParagraph.split(/(?<=[.!?])\s/)[0] ?? '');
  let example = false;
  let fenced = false;
  for (const line of lines) {
    const t = line.trim();
    if (t.startsWith('```')) fenced = !fenced;
    if (/^@summary\b/.test(t)) parts.push(t);
    if (t.startsWith('@')) example = /^@example\b/.test(t);
    if (example || fenced || t.startsWith('>>>') || t.startsWith('... ')) parts.push(line);
  }
  const spans =
    /``([^`]+)``|`([^`]+)`|\{@(?:code|link|linkplain|literal)\s+([^}]*)\}|<(code|tt|pre)>([\s\S]*?)<\/\4>|\b[CLIBM]\{([^}]*)\}/g;
  for (const m of doc.matchAll(spans)) parts.push(m[1] ?? m[2] ?? m[3] ?? m[5] ?? m[6] ?? '');
  return parts.join('\n');
}

/** A doc without its lines that document a field of a parameter (`@param {T} [options.x=1] …`). */
function withoutOptionLines(doc: string): string {
  return doc
    .split('\n')
    .filter(
      (l) => !/^\s*[@\\](?:param|arg|argument|property|prop)\b\s*(?:\{[^}]*\}\s*)?\[?[\p{L}_$][\p{L}\p{N}_$]*(?:\[\])?\.[\p{L}_$]/u.test(l),
    )
    .join('\n');
}

/**
 * The words a body change added or removed (in one body key and not the other) that the doc
 * names: a documented parameter, a code-shaped word (`max_retries`, `getName`, a number) or a value
 * (`None`, `true`) anywhere in the doc, or any word of its summary, code spans or examples. Empty when the change touches
 * nothing the doc says (a refactor, a renamed helper, `'0'` → `NUL`, a log message reworded),
 * which is then no review suggestion (docs/metrics/outdated.md §Review suggestions worth reading).
 */
export function changedWordsTheDocNames(
  beforeBodyKey: string,
  nowBodyKey: string,
  doc: string,
  docParams: readonly string[] = [],
  functionName = '',
): { added: string[]; removed: string[] } {
  const before = keyWords(beforeBodyKey);
  const now = keyWords(nowBodyKey);
  const code = codeParts(doc);
  // A value or number an option's description states (`@param {boolean} [options.ordered=true] if
  // false, inserts all`) is not a mention: a long options list names `true`/`false`/`0` whatever
  // changed (mongoose `insertMany`, `save`, `bulkWrite`; held-out round 5).
  let values: string | null = null;
  const valueParts = (): string => (values ??= withoutOptionLines(doc));
  // The function's own name (Go docs begin with it: "New returns…", and `slog.New` is another
  // `New`) and one-letter words ("i.e.", "a"; a digit is a value) name nothing the change could touch.
  const own = functionName.slice(functionName.lastIndexOf('.') + 1);
  const named = (w: string): boolean =>
    docParams.includes(w) ||
    (w !== own &&
      (w.length > 1 || /^\p{N}/u.test(w)) &&
      (/^\p{N}/u.test(w)
        ? mentionedNumber(valueParts(), w, `${beforeBodyKey} ${nowBodyKey}`.includes(`- ${w}`))
        : VALUE_WORDS.has(w)
          ? mentioned(valueParts(), w)
          : codeShaped(w)
            ? mentioned(doc, w)
            : mentioned(code, w)));
  // A field of a documented parameter (`@param [options.useBsonType]`) that one version reads and
  // the other hands on whole to a call (`f('date', options)`): the callee reads it, so moving the
  // read is a refactor (mongoose `toJSONSchema`, 8 of 20 sampled suggestions, held-out round 5).
  const handedOn = (w: string, key: string): boolean =>
    docParams.some((p) => p !== w && mentioned(doc, `${p}.${w}`) && passesWhole(key, p));
  return {
    added: [...now].filter((w) => !before.has(w) && named(w) && !handedOn(w, beforeBodyKey)).sort(),
    removed: [...before].filter((w) => !now.has(w) && named(w) && !handedOn(w, nowBodyKey)).sort(),
  };
}

/** Does the code key pass `name` whole as an argument (`( name ,`, `, ...name )`)? */
function passesWhole(key: string, name: string): boolean {
  return new RegExp(`[(,] (?:\\.\\.\\. |\\*{1,2} )?${name.replace(/[$]/g, '\\$&')} [,)]`).test(key);
}

/** The names a body key calls (`name (`), a method's last part only (`self.x.get (` → `get`). */
function callsIn(key: string): Set<string> {
  // A static call keeps its class (`Utils . clone (` → `Utils.clone`): `x.clone()` → `Utils.clone(x)` is a new callee.
  return new Set(
    [...key.matchAll(/(?:(\p{Lu}[\p{L}\p{N}_$]*) \. )?([\p{L}_$][\p{L}\p{N}_$]*) \(/gu)]
      .filter((m) => !NOT_CALLS.has(m[2]!))
      .map((m) => (m[1] ? `${m[1]}.${m[2]}` : m[2]!)),
  );
}

/** Keywords a body key writes before a parenthesis that call nothing. */
const NOT_CALLS = new Set([
  'if',
  'elif',
  'while',
  'for',
  'switch',
  'catch',
  'return',
  'and',
  'or',
  'not',
  'in',
  'is',
  'function',
  'typeof',
  'await',
  'yield',
  'synchronized',
  'with',
  'assert',
  'print',
  'else',
  'lambda',
]);

/**
 * Is every use of `word` in the body key an argument handed to a call (`this(a, null)`, `f(x,
 * (String[]) null)`), a keyword argument (`f(strict=False)`) or a field of an object literal
 * (`{ rsv1: false, readOnly: false }` handed to `sendFrame`: ws `Sender.ping`, round 9)?
 */
function onlyAnArgument(key: string, word: string): boolean {
  const tokens = key.split(' ');
  let seen = false;
  for (const [i, t] of tokens.entries()) {
    if (t !== word) continue;
    seen = true;
    const before = tokens[i - 1] ?? '';
    const after = tokens[i + 1] ?? '';
    const named =
      IDENT.test(tokens[i - 2] ?? '') &&
      ((before === ':' && /^[,}]$/.test(after) && /^[{,]$/.test(tokens[i - 3] ?? '')) ||
        (before === '=' && /^[,)]$/.test(after) && /^[(,]$/.test(tokens[i - 3] ?? '')));
    if (!named && (!/^[(,)]$/.test(before) || !/^[,)]$/.test(after))) return false;
  }
  return seen;
}

/** Code spans: ``x``, `x`, `{@code x}`, `{@link x}`, `<code>x</code>`. */
const CODE_SPANS = /``([^`]+)``|`([^`]+)`|\{@(?:code|link|linkplain|literal)\s+([^}]*)\}|<(code|tt)>([\s\S]*?)<\/\4>/g;

/** A doc without its version numbers (`@since 1.0.0`, "1.2.3"): their digits name no value of the code. */
function withoutVersions(doc: string): string {
  return doc.replace(/\p{N}+(?:\.\p{N}+){2,}/gu, ' ');
}

/**
 * Of the changed words a doc names (changedWordsTheDocNames), those that speak of what the doc
 * states about the function's contract, so that a refactor the doc never described is no
 * suggestion (round 8, docs/metrics/outdated.md: 35 of the 39 judged body-word suggestions were
 * not worth a look):
 *  - a parameter's name: how the body uses a parameter is no contract (the signature's parameters
 *    are judged by the contract findings);
 *  - a value (`None`, `null`, `true`) not only handed on as an argument (`this(a, null)`, a
 *    delegation to an overload), nor `True` and `False` both gone (`if c: return True else: return
 *    False` → `return c`); a number only where the doc states it outside a version (`@since 1.0.0`);
 *  - a type's name (capitalised) only where the doc's return text names it and today's declared
 *    return type does not (`:rtype: TransferManager` over a body that no longer builds one);
 *  - any other word only where the doc names it as code: called (`.find`, `#close`, `find(`) or a
 *    code span of its own (`` `wrap` ``), not a word of prose or of a longer span (`capture-req-media`);
 *  - a word gone while today's body newly calls an overload of its own name (`this(…)`,
 *    `isEmpty(value, false)`) is moved into it; a word other than a call gone while today's body
 *    newly calls any helper (`x == null ? null : x.clone()` → `Utils.clone(x)`) is moved into that
 *    helper; a call replaced by another (`floor(…)` → `trunc(…)`) stays a change.
 */
export function contractWords(
  changed: { added: string[]; removed: string[] },
  beforeBodyKey: string,
  nowBodyKey: string,
  doc: string,
  params: readonly string[],
  returnTypeNow = '',
  functionName = '',
): { added: string[]; removed: string[] } {
  const own = new Set([functionName.slice(functionName.lastIndexOf('.') + 1), 'this', 'super']);
  const fresh = callsIn(nowBodyKey);
  const calledThen = callsIn(beforeBodyKey);
  for (const c of calledThen) fresh.delete(c);
  const delegates = [...fresh].some((c) => own.has(c));
  // `if … return True else return False` → `return …`: the same booleans.
  const bothBooleans =
    ['True', 'False', 'true', 'false'].filter((b) => changed.removed.includes(b)).length === 2 && changed.added.length === 0;
  let returns: string | null = null;
  const keep = (w: string, key: string, gone: boolean): boolean => {
    if (params.includes(w)) return false;
    // Gone into a callee today's body newly calls: an overload of its own name, or (for anything
    // but a call replaced by another) any new helper.
    if (gone && (delegates || (fresh.size > 0 && !calledThen.has(w)))) return false;
    if (VALUE_WORDS.has(w)) return !onlyAnArgument(key, w) && !bothBooleans;
    if (/^\p{N}/u.test(w)) return mentionedNumber(withoutVersions(doc), w, key.includes(`- ${w}`));
    if (/^\p{Lu}/u.test(w)) return mentioned((returns ??= returnText(doc)), w) && !mentioned(returnTypeNow, w);
    const esc = w.replace(/[$]/g, '\\$&');
    const asCode = new RegExp(`^(?:[\\p{L}\\p{N}_$.#]*[.#])?${esc}(?:\\(\\))?$`, 'u');
    return (
      new RegExp(`[.#]${esc}(?![\\p{L}\\p{N}_$])|(?<![\\p{L}\\p{N}_$])${esc}\\(`, 'u').test(doc) ||
      [...doc.matchAll(CODE_SPANS)].some((m) => asCode.test((m[1] ?? m[2] ?? m[3] ?? m[5] ?? '').trim()))
    );
  };
  return {
    added: changed.added.filter((w) => keep(w, nowBodyKey, false)),
    removed: changed.removed.filter((w) => keep(w, beforeBodyKey, true)),
  };
}

/** The `return` statements of a body key: fewer after a change, with a boolean gone, is `if (c) return true; return false;` → `return c;`. */
function returns(key: string): number {
  return (key.match(/(?:^| )return(?= |$)/g) ?? []).length;
}

/** Tokens of a body key that join conditions: more of them after a change means an `if` folded into one expression. */
function conditionJoins(key: string): number {
  return (key.match(/(?:^| )(?:\| \||& &|or|and|\?)(?= |$)/g) ?? []).length;
}

/**
 * Of the words a change added and removed (contractWords), those that are the same value written
 * otherwise left out (round 8, docs/metrics/outdated.md):
 *  - a literal replaced by a constant the file binds to it (`+ 4` → `+ HEADER_SIZE`, `static final
 *    int HEADER_SIZE = 4`), or the reverse (commons-net `TFTP.resetBuffersToSize`);
 *  - a compat alias inlined (`text_type` → `str`, `text_type = str` in the repository's compat
 *    module): `aliases` maps an alias to what it is bound to (simplejson `JSONDecoder.raw_decode`);
 *  - a boolean gone where the body now joins its conditions in one expression (`if (d != null)
 *    return d.isInMemory(); return true;` → `return d == null || d.isInMemory();`; commons-fileupload
 *    `DiskFileItem.isInMemory`) or returns in fewer places (`if (m) return true; return false;` →
 *    `return m;`; velocity-engine `VelocimacroManager.usingNamespaces`, round 9).
 */
export function withoutSameValues(
  changed: { added: string[]; removed: string[] },
  beforeBodyKey: string,
  nowBodyKey: string,
  constants: ReadonlyMap<string, string>,
  aliases: ReadonlyMap<string, string> = new Map(),
): { added: string[]; removed: string[] } {
  const before = keyWords(beforeBodyKey);
  const now = keyWords(nowBodyKey);
  // A constant newly read (or no longer read) whose value is the literal gone (or new).
  const valueOf = (c: string): string => (constants.get(c) ?? '').replace(/^"(.*)"$/s, '$1');
  const namedBy = (w: string, has: ReadonlySet<string>, hadNot: ReadonlySet<string>): boolean =>
    [...constants.keys()].some((c) => valueOf(c) === w && has.has(c) && !hadNot.has(c));
  const inlined = new Set<string>();
  for (const [alias, target] of aliases)
    if (before.has(alias) && !now.has(alias) && now.has(target) && !before.has(target)) inlined.add(alias).add(target);
  const folded = (w: string): boolean =>
    ['true', 'false', 'True', 'False'].includes(w) &&
    !changed.added.some((a) => VALUE_WORDS.has(a)) &&
    (conditionJoins(nowBodyKey) > conditionJoins(beforeBodyKey) || returns(nowBodyKey) < returns(beforeBodyKey));
  return {
    added: changed.added.filter(
      (w) => !inlined.has(w) && !namedBy(w, before, now) && !(constants.has(w) && before.has(valueOf(w)) && !now.has(valueOf(w))),
    ),
    removed: changed.removed.filter((w) => !inlined.has(w) && !namedBy(w, now, before) && !folded(w)),
  };
}

/**
 * Of the value words a change added or removed (a number, `true`/`false`/`None`/`null`…), only
 * those another value of the same kind took the place of: `a + 1` → `a + 2` under "the value plus
 * 1" changed the value the doc states; a `0` or a `true` that left the body with nothing of its
 * kind in its place (a branch made a ternary, `if (x) return true; return false;` → `return x;`,
 * a fast path for `n == 1` added) changed how the code is written. Over the held-out rounds 8–10
 * (docs/metrics/outdated.md) 2 of 19 sampled body suggestions on such a word were worth a look:
 * a stricter rule is the product call of docs/decisions.md (§Review suggestions: stricter).
 */
export function replacedValuesOnly(
  changed: { added: string[]; removed: string[] },
  beforeBodyKey: string,
  nowBodyKey: string,
  constants: ReadonlyMap<string, string> = new Map(),
): { added: string[]; removed: string[] } {
  // A constant bound to a number is one (`3` → `Utils.QUAD_VERTEX_COUNT` with `QUAD_VERTEX_COUNT = 4`).
  const number = (w: string): boolean => /^[-+]?\.?\d/.test(w) || /^[-+]?\.?\d/.test(constants.get(w) ?? '');
  const kind = (w: string): string | null => (number(w) ? 'number' : VALUE_WORDS.has(w) ? 'value' : null);
  const before = keyWords(beforeBodyKey);
  const now = keyWords(nowBodyKey);
  const gained = new Set([...now].filter((w) => !before.has(w)).map(kind));
  const lost = new Set([...before].filter((w) => !now.has(w)).map(kind));
  return {
    added: changed.added.filter((w) => kind(w) === null || lost.has(kind(w))),
    removed: changed.removed.filter((w) => kind(w) === null || gained.has(kind(w))),
  };
}

/**
 * A version of a function with no code a change could be compared with: no body (an interface or
 * abstract method, `ClassMap get(Class c);`) or one that only raises "not implemented". Its doc
 * describes what implementations do, so the body an implementation gives it later is no change the
 * doc may no longer describe (velocity-engine `IntrospectorCache.get`: an interface made a class;
 * gevent `start_joinable_thread`: a `raise NotImplementedError` stub implemented; round 9).
 * `key`: the function's code key when the caller already has it (codeKey of the same arguments).
 */
export function bodiless(content: string, name: string, language: string, key = codeKey(content, name, language)): boolean {
  return /^[\s;{}]*$/.test(bodyKey(key)) || onlyRaisesNotImplemented(content, name, language);
}
