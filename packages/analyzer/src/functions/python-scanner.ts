import type { ParsedFunction } from './extract.ts';
import { contentStartOf } from './content-offsets.ts';
import { signatureFactsOf, type ParamFact, type SignatureFacts } from './facts-of.ts';
import { cleandoc, isPrivateName, unescapePython } from './languages/python.ts';
import { judgeDoc } from './outdated.ts';
import { PYTHON_WARM_UPS } from './python-warm-up.ts';
import type { DocBlock, ReturnKind, Scope, Signature } from './types.ts';

/**
 * A token-level scanner for Python that gives exactly what the tree-sitter path gives
 * (src/functions/languages/python.ts + extract.ts) on ordinary code, ~10× faster: tree-sitter's
 * WASM parse plus the tree walk cost ~8 s of CPU on SQLAlchemy's 20 MB of Python.
 *
 * It reads indentation, strings, comments and brackets, then the logical lines' leading keywords
 * (`def`, `class`, decorators) and the decision keywords. Whenever the file holds something it
 * does not model exactly — tabs in indentation, lone CRs, syntax errors, `match` statements,
 * keywords inside f-string fields, Python 2 tuple parameters, PEP 695 brackets, … — it returns
 * null and the caller uses tree-sitter, so the results never depend on which path ran.
 * test/functions-python-scanner.test.ts checks both paths agree, and python3's `ast`.
 */

// Token kinds.
const NAME = 0;
const NUMBER = 1;
const STRING = 2;
const OP = 3;
const NEWLINE = 4;

// Operator codes (single-character operators use their char code).
const ARROW = 1000;
const POW = 1001;
const ELLIPSIS = 1002;
const AUGASSIGN = 1003;
const COMPARE = 1004;
const WALRUS = 1005;
const SHIFT_OR_FLOORDIV = 1006;
const ASSIGN = 61; // '='
const COLON = 58;
const COMMA = 44;
const SEMI = 59;
const DOT = 46;
const AT = 64;
const STAR = 42;
const SLASH = 47;
const LPAREN = 40;
const RPAREN = 41;
const LBRACKET = 91;
const RBRACKET = 93;

/** Binary operators: tree-sitter's `binary_operator`, which `__all__` reading concatenates. */
const BINARY_OPS = new Set([43, 45, STAR, SLASH, 37, AT, 124, 38, 94, POW, SHIFT_OR_FLOORDIV]);

// Keyword ids (stored in the op array of NAME tokens).
const KW = {
  def: 1,
  class: 2,
  async: 3,
  lambda: 4,
  if: 5,
  elif: 6,
  else: 7,
  for: 8,
  while: 9,
  except: 10,
  and: 11,
  or: 12,
  return: 13,
  yield: 14,
  try: 15,
  with: 16,
  finally: 17,
  pass: 18,
  raise: 19,
  match: 20,
  case: 21,
  __all__: 22,
} as const;
const KEYWORDS = new Map<string, number>(Object.entries(KW));
const DECISION = new Set<number>([KW.if, KW.elif, KW.for, KW.while, KW.except, KW.and, KW.or]);
const COMPOUND = new Set<number>([KW.if, KW.for, KW.while, KW.try, KW.with, KW.def, KW.class, KW.async]);
const CLAUSE = new Set<number>([KW.else, KW.elif, KW.except, KW.finally]);

/** Thrown inside the scanner when it is unsure; caught by scanPython, which returns null. */
class Unsure extends Error {}
function unsure(): never {
  throw new Unsure();
}

interface Tokens {
  count: number;
  kind: Uint8Array;
  op: Int32Array;
  start: Int32Array;
  end: Int32Array;
  startRow: Int32Array;
  endRow: Int32Array;
  /** bracket nesting of the token (an opening/closing bracket has its outer level) */
  level: Int32Array;
  /** first token of each logical line, then its indentation */
  lineFirst: number[];
  lineIndent: number[];
  /** start offsets of comments, ascending */
  comments: number[];
  /** decision keywords inside f-string fields, by string token index */
  fieldDecisions: Map<number, number>;
}

const FSTRING_FIELD_KEYWORD = /\b(?:if|for|while|and|or|lambda|yield)\b/g;

function isNameChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c >= 128;
}

function isStringPrefix(p: string): boolean {
  return p.length <= 2 && /^(?:[rRuUbBfF]|[rR][bBfF]|[bBfF][rR])$/.test(p);
}

interface TokenBuffers {
  kind: Uint8Array<ArrayBuffer>;
  op: Int32Array<ArrayBuffer>;
  start: Int32Array<ArrayBuffer>;
  end: Int32Array<ArrayBuffer>;
  startRow: Int32Array<ArrayBuffer>;
  endRow: Int32Array<ArrayBuffer>;
  level: Int32Array<ArrayBuffer>;
}

/**
 * Token arrays reused from file to file (the scanner is synchronous): allocating them per file
 * made ~140 MB of short-lived buffers on SQLAlchemy and a good part of the GC time.
 */
let reusable: TokenBuffers | null = null;

function allocate(cap: number, old: TokenBuffers | null, keep: number): TokenBuffers {
  const fresh: TokenBuffers = {
    kind: new Uint8Array(cap),
    op: new Int32Array(cap),
    start: new Int32Array(cap),
    end: new Int32Array(cap),
    startRow: new Int32Array(cap),
    endRow: new Int32Array(cap),
    level: new Int32Array(cap),
  };
  if (old && keep > 0) {
    fresh.kind.set(old.kind.subarray(0, keep));
    fresh.op.set(old.op.subarray(0, keep));
    fresh.start.set(old.start.subarray(0, keep));
    fresh.end.set(old.end.subarray(0, keep));
    fresh.startRow.set(old.startRow.subarray(0, keep));
    fresh.endRow.set(old.endRow.subarray(0, keep));
    fresh.level.set(old.level.subarray(0, keep));
  }
  return fresh;
}

/** Keywords by length, to recognise them without slicing every name out of the source. */
const KEYWORDS_BY_LENGTH: Array<Array<[string, number]>> = [];
for (const [word, id] of KEYWORDS) (KEYWORDS_BY_LENGTH[word.length] ??= []).push([word, id]);

function keywordAt(src: string, i: number, length: number): number {
  const candidates = KEYWORDS_BY_LENGTH[length];
  if (!candidates) return 0;
  const c = src.charCodeAt(i);
  // An indexed loop: destructuring each pair through the iterator showed in SQLAlchemy's profile.
  for (let k = 0; k < candidates.length; k++) {
    const [word, id] = candidates[k]!;
    if (word.charCodeAt(0) === c && src.startsWith(word, i)) return id;
  }
  return 0;
}

function tokenize(src: string): Tokens {
  const n = src.length;
  let cap = Math.max(64, n >> 2);
  let buffers = reusable && reusable.kind.length >= cap ? reusable : allocate(cap, null, 0);
  cap = buffers.kind.length;
  let { kind, op, start, end, startRow, endRow, level } = buffers;
  let count = 0;
  const grow = (): void => {
    cap *= 2;
    buffers = allocate(cap, buffers, count);
    ({ kind, op, start, end, startRow, endRow, level } = buffers);
  };
  let row = 0;
  let depth = 0;
  const push = (k: number, o: number, s: number, e: number, sr: number, lvl: number): void => {
    if (count === cap) grow();
    kind[count] = k;
    op[count] = o;
    start[count] = s;
    end[count] = e;
    startRow[count] = sr;
    endRow[count] = row;
    level[count] = lvl;
    count++;
  };
  const lineFirst: number[] = [];
  const lineIndent: number[] = [];
  const comments: number[] = [];
  const fieldDecisions = new Map<number, number>();
  let atLineStart = true;
  let i = 0;
  while (i < n) {
    if (atLineStart) {
      let j = i;
      while (j < n && src.charCodeAt(j) === 32) j++;
      const c = src.charCodeAt(j);
      if (j >= n) break;
      if (c === 10) {
        row++;
        i = j + 1;
        continue;
      }
      if (c === 13 && src.charCodeAt(j + 1) === 10) {
        row++;
        i = j + 2;
        continue;
      }
      if (c === 35) {
        comments.push(j);
        const nl = src.indexOf('\n', j);
        i = nl < 0 ? n : nl;
        continue;
      }
      if (c === 9 || c === 12 || c === 13 || c === 92) unsure(); // tabs, form feeds, lone CR, `\` at line start
      lineFirst.push(count);
      lineIndent.push(j - i);
      atLineStart = false;
      i = j;
      continue;
    }
    const c = src.charCodeAt(i);
    if (c === 32 || c === 9 || c === 12) {
      i++;
      continue;
    }
    if (c === 10 || c === 13) {
      if (c === 13) {
        if (src.charCodeAt(i + 1) !== 10) unsure();
        i++;
      }
      if (depth === 0) push(NEWLINE, 0, i, i, row, 0);
      row++;
      i++;
      if (depth === 0) atLineStart = true;
      continue;
    }
    if (c === 35) {
      comments.push(i);
      const nl = src.indexOf('\n', i);
      i = nl < 0 ? n : nl;
      continue;
    }
    if (c === 92) {
      // Line continuation.
      const next = src.charCodeAt(i + 1);
      if (next === 10) {
        row++;
        i += 2;
        continue;
      }
      if (next === 13 && src.charCodeAt(i + 2) === 10) {
        row++;
        i += 3;
        continue;
      }
      unsure();
    }
    const tokenStart = i;
    const tokenRow = row;
    if (isNameChar(c) && !(c >= 48 && c <= 57)) {
      let j = i + 1;
      while (j < n && isNameChar(src.charCodeAt(j))) j++;
      // Never read past the end (NaN): a read out of bounds throws V8's optimised code away (Session 27, h83).
      const q = j < n ? src.charCodeAt(j) : -1;
      if ((q === 34 || q === 39) && j - i <= 2 && isStringPrefix(src.slice(i, j))) {
        i = readString(src, j, i);
        continue;
      }
      const len = j - i;
      const kw = len >= 2 && len <= 7 ? keywordAt(src, i, len) : 0;
      i = j;
      push(NAME, kw, tokenStart, j, tokenRow, depth);
      continue;
    }
    if (c === 34 || c === 39) {
      i = readString(src, i, i);
      continue;
    }
    if ((c >= 48 && c <= 57) || (c === 46 && src.charCodeAt(i + 1) >= 48 && src.charCodeAt(i + 1) <= 57)) {
      let j = i + 1;
      let letters = false;
      for (;;) {
        const d = src.charCodeAt(j);
        if (isNameChar(d) || d === 46) {
          const lower = d | 32;
          if (!letters && lower >= 97 && lower <= 122) {
            const prev = src.charCodeAt(j - 1) | 32;
            letters = prev >= 97 && prev <= 122;
          }
          j++;
        } else if ((d === 43 || d === 45) && (src.charCodeAt(j - 1) | 32) === 101 && (src.charCodeAt(i + 1) | 32) !== 120) j++;
        else break;
      }
      // `1if x else y` is valid Python; the number would swallow the keyword.
      if (letters && /[a-df-ik-z]{2}/i.test(src.slice(i, j)) && !/^0[xob]/i.test(src.slice(i, j))) unsure();
      i = j;
      push(NUMBER, 0, tokenStart, j, tokenRow, depth);
      continue;
    }
    // Operators.
    const c1 = i + 1 < n ? src.charCodeAt(i + 1) : -1; // not NaN past the end, as above
    let code = c;
    let width = 1;
    let lvl = depth;
    switch (c) {
      case 40:
      case 91:
      case 123:
        depth++;
        break;
      case 41:
      case 93:
      case 125:
        depth--;
        if (depth < 0) unsure();
        lvl = depth;
        break;
      case 45: // -
        if (c1 === 62) {
          code = ARROW;
          width = 2;
        } else if (c1 === 61) {
          code = AUGASSIGN;
          width = 2;
        }
        break;
      case 46: // .
        if (c1 === 46 && src.charCodeAt(i + 2) === 46) {
          code = ELLIPSIS;
          width = 3;
        }
        break;
      case 42: // *  (`**`, `**=`, `*=`)
      case 47: // /  (`//`, `//=`, `/=`)
      case 60: // <  (`<<`, `<<=`, `<=`, `<`)
      case 62: // >  (`>>`, `>>=`, `>=`, `>`)
        if (c1 === c) {
          code = c === 42 ? POW : SHIFT_OR_FLOORDIV;
          width = 2;
          if (src.charCodeAt(i + 2) === 61) {
            code = AUGASSIGN;
            width = 3;
          }
        } else if (c1 === 61) {
          code = c === 60 || c === 62 ? COMPARE : AUGASSIGN;
          width = 2;
        } else if (c === 60 && c1 === 62) {
          unsure(); // Python 2 `<>`
        } else if (c === 60 || c === 62) {
          code = COMPARE;
        }
        break;
      case 61: // =
        if (c1 === 61) {
          code = COMPARE;
          width = 2;
        }
        break;
      case 33: // !
        if (c1 !== 61) unsure();
        code = COMPARE;
        width = 2;
        break;
      case 58: // :
        if (c1 === 61) {
          code = WALRUS;
          width = 2;
        }
        break;
      case 43: // +
      case 37: // %
      case 38: // &
      case 124: // |
      case 94: // ^
      case 64: // @
        if (c1 === 61) {
          code = AUGASSIGN;
          width = 2;
        }
        break;
      case 44:
      case 59:
      case 126: // ~
        break;
      default:
        unsure(); // backticks, `$`, `?`, stray characters
    }
    i += width;
    push(OP, code, tokenStart, i, tokenRow, lvl);
  }
  if (depth !== 0) unsure();
  if (!atLineStart) push(NEWLINE, 0, n, n, row, 0);
  // A NEWLINE sentinel past the end: look-ahead never reads a previous file's tokens.
  push(NEWLINE, 0, n, n, row, 0);
  count--;
  reusable = buffers;
  return { count, kind, op, start, end, startRow, endRow, level, lineFirst, lineIndent, comments, fieldDecisions };

  /** Reads a string literal whose quote is at `q` and prefix at `s`; returns the index after it. */
  function readString(text: string, q: number, s: number): number {
    const quote = text.charCodeAt(q);
    const triple = text.charCodeAt(q + 1) === quote && text.charCodeAt(q + 2) === quote;
    const sr = row;
    let j = triple ? q + 3 : q + 1;
    for (;;) {
      if (j >= n) unsure(); // unterminated
      const d = text.charCodeAt(j);
      if (d === 92) {
        const e = text.charCodeAt(j + 1);
        if (e === 10) row++;
        else if (e === 13 && text.charCodeAt(j + 2) === 10) {
          row++;
          j++;
        } else if (e === 13) unsure();
        j += 2;
        continue;
      }
      if (d === 10) {
        if (!triple) unsure();
        row++;
      } else if (d === 13) {
        if (text.charCodeAt(j + 1) !== 10) unsure();
        if (!triple) unsure();
      } else if (d === quote) {
        if (!triple) {
          j++;
          break;
        }
        if (text.charCodeAt(j + 1) === quote && text.charCodeAt(j + 2) === quote) {
          j += 3;
          break;
        }
      }
      j++;
    }
    if (q > s && /[fF]/.test(text.slice(s, q))) {
      const decisions = fStringDecisions(text.slice(q, j));
      if (decisions > 0) fieldDecisions.set(count, decisions);
    }
    push(STRING, q - s, s, j, sr, depth);
    return j;
  }
}

/**
 * f-string fields are parsed as expressions by tree-sitter, so decision keywords inside them
 * count: returns how many (`if`, `for`, `and`, `or` outside the field's own string literals).
 * Fields it cannot read simply (lambda, yield, backslashes) send the file to tree-sitter.
 */
function fStringDecisions(literal: string): number {
  let decisions = 0;
  for (let k = literal.indexOf('{'); k >= 0; k = literal.indexOf('{', k)) {
    if (literal.charCodeAt(k + 1) === 123) {
      k += 2;
      continue;
    }
    let nest = 0;
    let e = k;
    let quote = 0;
    for (; e < literal.length; e++) {
      const d = literal.charCodeAt(e);
      if (quote) {
        if (d === quote) quote = 0;
      } else if (d === 34 || d === 39) quote = d;
      else if (d === 123 || d === 40 || d === 91) nest++;
      else if (d === 125 || d === 41 || d === 93) {
        nest--;
        if (nest === 0) break;
      }
    }
    const field = literal.slice(k, e + 1);
    if (field.includes('\\')) unsure();
    const code = field.replace(/'[^']*'|"[^"]*"/g, ' ');
    for (const m of code.matchAll(FSTRING_FIELD_KEYWORD)) {
      if (m[0] === 'lambda' || m[0] === 'yield' || m[0] === 'while') unsure();
      decisions++;
    }
    k = e + 1;
  }
  return decisions;
}

interface ScanFrame {
  owner: boolean;
  name: string;
  hidden: boolean;
  headerIndent: number;
  /** indentation of the body's statements; -1 until its first line is seen, -2 for a one-line body */
  bodyIndent: number;
  // Functions only:
  resultIndex: number;
  qualifier: string;
  scope: Scope;
  startIndex: number;
  startRow: number;
  complexity: number;
  returnsValue: boolean;
  nonStub: boolean;
  /** the first statement of the body was examined for a docstring */
  docSeen: boolean;
  docstring: DocBlock | null;
  signature: Signature | null;
  /** Signature facts (recorded only when asked): token indices of the header's parts */
  defAt: number;
  nameAt: number;
  open: number;
  close: number;
  /** first token of the return annotation and the header's `:` (annFrom === colon: none) */
  annFrom: number;
  colon: number;
  /** row and column of the body's first statement; -1 until seen, or for a one-line body on the `def` row */
  bodyRow: number;
  bodyColumn: number;
}

/** True when a comment starts at an offset in [from, to) (`comments` ascending; binary search). */
function commentBetween(comments: readonly number[], from: number, to: number): boolean {
  let lo = 0;
  let hi = comments.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (comments[mid]! < from) lo = mid + 1;
    else hi = mid;
  }
  return lo < comments.length && comments[lo]! < to;
}

/** The scanner has read PYTHON_WARM_UPS (once per thread). */
let warmedUp = false;

/**
 * Functions of a Python file, or null when the scanner is unsure and tree-sitter must decide.
 * With `signatureFacts`, each function's parameters (name, annotation, default), return
 * annotation and body position are recorded in `signatureFactsOf`, as the tree-sitter path does.
 */
export function scanPython(source: string, options: { signatureFacts?: boolean } = {}): ParsedFunction[] | null {
  if (source.charCodeAt(0) === 0xfeff) return null;
  if (!warmedUp) {
    // Every branch seen before V8 optimises the scanner (python-warm-up.ts); the results are dropped.
    warmedUp = true;
    for (const warmUp of PYTHON_WARM_UPS) scanPython(warmUp);
  }
  try {
    return scan(source, options.signatureFacts === true);
  } catch {
    // Unsure, or any surprise (e.g. stack depth on absurd nesting): tree-sitter decides.
    return null;
  }
}

/**
 * The enclosing frames' names joined by dots: `frames.map(…).join('.')` made arrays of two kinds
 * (empty, strings) whose change of map deoptimised `scan` (docs/performance.md, "Session 27
 * (helper h83)").
 */
function qualifierOf(frames: readonly ScanFrame[]): string {
  let qualifier = '';
  for (let f = 0; f < frames.length; f++) qualifier = f === 0 ? frames[f]!.name : `${qualifier}.${frames[f]!.name}`;
  return qualifier;
}

function scan(src: string, withSignatureFacts: boolean): ParsedFunction[] {
  const t = tokenize(src);
  const { kind, op, start, end, level, startRow, endRow, lineFirst, lineIndent, comments } = t;
  const lineCount = lineFirst.length;
  const dunderAll = readDunderAll(src, t);

  const hasCommentBetween = (from: number, to: number): boolean => commentBetween(comments, from, to);

  const frames: ScanFrame[] = [];
  const results: (ParsedFunction | null)[] = [];
  const indents: number[] = [0];
  let prevEnd = 0;
  let prevEndRow = 0;
  let prevOpensBlock = false;
  let decoratorStart = -1;
  let decoratorRow = -1;
  const matches: Array<{ indent: number; caseIndent: number }> = [];

  const innermostFunction = (): ScanFrame | undefined => {
    for (let f = frames.length - 1; f >= 0; f--) if (!frames[f]!.owner) return frames[f];
    return undefined;
  };

  const finish = (frame: ScanFrame, endIndex: number, endRowValue: number): void => {
    if (frame.owner) return;
    const doc = frame.docstring;
    // Read from the body alone: `-> None` is not enforced (pyOpenSSL `set_timeout(…) -> None: …
    // return _lib.SSL_CTX_set_timeout(…)`), and an annotation-only commit must not change the
    // kind (rich 89066d9, sentry-python 973dda7; held-out round 6).
    const returns = !frame.nonStub ? 'unknown' : frame.returnsValue ? 'value' : 'none';
    const content = src.slice(frame.startIndex, endIndex);
    const judged = doc
      ? judgeDoc(doc.text, 'Python', frame.signature, returns, 'Docstring', { name: frame.name, content, stub: !frame.nonStub })
      : null;
    const fn: ParsedFunction = {
      name: frame.qualifier ? `${frame.qualifier}.${frame.name}` : frame.name,
      startLine: frame.startRow + 1,
      endLine: endRowValue + 1,
      content,
      docstring: doc ? doc.text : null,
      docStartLine: doc ? doc.startRow + 1 : null,
      docEndLine: doc ? doc.endRow + 1 : null,
      scope: frame.scope,
      complexity: frame.complexity,
      outdated: judged ? judged.outdated : { status: 'CURRENT', explanation: '' },
      docFacts: judged ? { signature: frame.signature, returns, missingParams: judged.missingParams } : null,
    };
    contentStartOf.set(fn, frame.startIndex);
    // Only documentation generators ask for these; an analysis does not pay for them.
    if (withSignatureFacts) signatureFactsOf.set(fn, signatureFacts(frame, returns));
    results[frame.resultIndex] = fn;
  };

  /** The text of tokens [from, to] (inclusive), comments between them included, as a tree node's text. */
  const text = (from: number, to: number): string => src.slice(start[from]!, end[to]!);

  /**
   * What extract.ts signatureFacts reads from the tree: each parameter's annotation and default
   * as their nodes' text (tokens [first, last], so comments around them stay out).
   */
  /**
   * The end of the parameter starting at token k: the next comma at the parameter level `inner`
   * (commas of a lambda's parameters inside a default value do not end it), or `close`.
   */
  const paramEnd = (k: number, close: number, inner: number): number => {
    let e = k;
    let lambdas = 0;
    while (e < close) {
      if (level[e] === inner && kind[e] === NAME && op[e] === KW.lambda) lambdas++;
      else if (level[e] === inner && kind[e] === OP && op[e] === COLON && lambdas > 0) lambdas--;
      else if (level[e] === inner && kind[e] === OP && op[e] === COMMA && lambdas === 0) break;
      e++;
    }
    return e;
  };

  const signatureFacts = (frame: ScanFrame, returns: ReturnKind): SignatureFacts => {
    const names = frame.signature?.names ?? [];
    const byName = new Map<string, ParamFact>();
    const { open, close } = frame;
    const inner = level[open]! + 1;
    let k = open + 1;
    while (k < close) {
      // One parameter, split as readSignature splits them.
      const e = paramEnd(k, close, inner);
      let nameAt = -1;
      if (e > k && kind[k] === NAME) nameAt = k;
      else if (e - k > 1 && kind[k] === OP && (op[k] === STAR || op[k] === POW)) nameAt = k + 1;
      if (nameAt >= 0) {
        const name = src.slice(start[nameAt]!, end[nameAt]!);
        let type: string | null = null;
        let value: string | null = null;
        let a = nameAt + 1;
        if (a < e && kind[a] === OP && op[a] === COLON) {
          let eq = a + 1;
          while (eq < e && !(level[eq] === inner && kind[eq] === OP && op[eq] === ASSIGN)) eq++;
          if (eq > a + 1) type = text(a + 1, eq - 1);
          a = eq;
        }
        if (a < e - 1 && kind[a] === OP && op[a] === ASSIGN) value = text(a + 1, e - 1);
        if (!byName.has(name)) byName.set(name, { name, type, default: value, variadic: false });
      }
      k = e + 1;
    }
    const variadic = new Set(frame.signature?.variadic ?? []);
    const params = names.map((n) => ({ ...(byName.get(n) ?? { name: n, type: null, default: null }), variadic: variadic.has(n) }));
    return {
      signature: frame.signature,
      returns,
      params,
      returnType: frame.annFrom < frame.colon ? text(frame.annFrom, frame.colon - 1) : null,
      // extract.ts looks for `async` from the decorators to the name (a comment there counts too).
      isAsync: /\basync\b/.test(src.slice(frame.startIndex, start[frame.nameAt]!)),
      declRow: frame.startRow,
      bodyRow: frame.bodyRow >= 0 ? frame.bodyRow : null,
      bodyColumn: frame.bodyRow >= 0 ? frame.bodyColumn : null,
    };
  };

  const hiddenName = (name: string): boolean => {
    if (isPrivateName(name)) return true;
    for (const f of frames) if (!f.owner || f.hidden) return true;
    return frames.length === 0 && dunderAll !== null && !dunderAll.has(name);
  };

  /** Counts decision points and value returns in tokens [from, to). */
  const scanKeywords = (from: number, to: number): void => {
    let lambdaSeen = false;
    for (let k = from; k < to; k++) {
      if (kind[k] === STRING && t.fieldDecisions.size > 0) {
        const decisions = t.fieldDecisions.get(k);
        const target = decisions ? innermostFunction() : undefined;
        if (target) target.complexity += decisions!;
      }
      if (kind[k] !== NAME) continue;
      const kw = op[k]!;
      if (kw === 0) continue;
      if (DECISION.has(kw)) {
        const target = innermostFunction();
        if (target) target.complexity++;
      } else if (kw === KW.lambda) {
        lambdaSeen = true;
      } else if (kw === KW.return) {
        const next = k + 1;
        const ends = (at: number): boolean => kind[at] === NEWLINE || (kind[at] === OP && op[at] === SEMI);
        // `return None` gives nothing back, as a bare `return` (the code key reads them alike).
        const operand = !ends(next) && !(text(next, next) === 'None' && ends(next + 1));
        const target = innermostFunction();
        if (operand && target) target.returnsValue = true;
      } else if (kw === KW.yield) {
        if (lambdaSeen) unsure();
        const target = innermostFunction();
        if (target) target.returnsValue = true;
      }
    }
  };

  /** End (exclusive) of the simple statement starting at `from`: the next `;` at level 0 or the NEWLINE. */
  const statementEnd = (from: number): number => {
    let k = from;
    while (kind[k] !== NEWLINE && !(kind[k] === OP && op[k] === SEMI && level[k] === 0)) k++;
    return k;
  };

  /** The docstring of a body whose first statement is tokens [from, to), per python.ts readDocstring. */
  const readDocstring = (from: number, to: number): DocBlock | null => {
    const first = kind[from];
    if (first !== STRING && !(first === OP && op[from] === LPAREN)) return null;
    let a = from;
    let b = to;
    while (a < b && kind[a] === OP && op[a] === LPAREN && kind[b - 1] === OP && op[b - 1] === RPAREN) {
      a++;
      b--;
    }
    let pure = a < b;
    for (let k = a; k < b; k++) if (kind[k] !== STRING) pure = false;
    // The parentheses must enclose the strings (not `("a") + ("b")`).
    if (pure && a > from) {
      for (let k = from; k < a; k++) if (level[k] !== k - from) pure = false;
    }
    if (!pure) {
      // `"doc",` is a one-element tuple for `ast` but a docstring for tree-sitter: let tree-sitter say.
      for (let k = from; k < to; k++) if (kind[k] === OP && op[k] === COMMA && level[k] === 0) unsure();
      return null;
    }
    if (hasCommentBetween(start[from]!, end[to - 1]!)) unsure();
    let value = '';
    for (let k = a; k < b; k++) {
      const prefixLength = op[k]!;
      const prefix = src.slice(start[k]!, start[k]! + prefixLength).toLowerCase();
      if (prefix.includes('b') || prefix.includes('f')) return null;
      const q = start[k]! + prefixLength;
      const quoteLength =
        src.charCodeAt(q + 1) === src.charCodeAt(q) && src.charCodeAt(q + 2) === src.charCodeAt(q) && end[k]! - q >= 6 ? 3 : 1;
      const raw = src.slice(q + quoteLength, end[k]! - quoteLength);
      value += prefix.includes('r') ? raw : unescapePython(raw);
    }
    return { text: cleandoc(value), startRow: startRow[from]!, endRow: endRow[to - 1]! };
  };

  const isStubStatement = (from: number, to: number): boolean => {
    if (to - from === 1 && kind[from] === NAME && op[from] === KW.pass) return true;
    if (kind[from] === NAME && op[from] === KW.raise) return true;
    return to - from === 1 && kind[from] === OP && op[from] === ELLIPSIS;
  };

  /** Simple statements [from, to) that are direct children of `frame`'s body. */
  const bodyStatements = (frame: ScanFrame, from: number, to: number): void => {
    let k = from;
    while (k < to) {
      const e = statementEnd(k);
      if (!frame.docSeen) {
        frame.docSeen = true;
        frame.docstring = readDocstring(k, e);
        if (!frame.docstring && !isStubStatement(k, e)) frame.nonStub = true;
      } else if (!isStubStatement(k, e)) {
        frame.nonStub = true;
      }
      k = e + 1;
      if (k < to && kind[k] === NEWLINE) break;
    }
  };

  /** Parameters between the parentheses at tokens (open, close). */
  const readSignature = (open: number, close: number): Signature => {
    const sig: Signature = { names: [], variadic: [], incomplete: false, acceptsKeywords: false };
    const inner = level[open]! + 1;
    let k = open + 1;
    while (k < close) {
      const e = paramEnd(k, close, inner);
      if (e > k) {
        const first = op[k];
        if (kind[k] === OP && (first === STAR || first === POW)) {
          if (e - k === 1 && first === STAR) {
            // keyword-only marker
          } else if (kind[k + 1] === NAME) {
            const name = src.slice(start[k + 1]!, end[k + 1]!);
            sig.names.push(name);
            sig.variadic.push(name);
            if (first === POW) sig.acceptsKeywords = true;
          } else unsure();
        } else if (kind[k] === OP && first === SLASH && e - k === 1) {
          // positional-only marker
        } else if (kind[k] === NAME) {
          if (e - k > 1 && !(kind[k + 1] === OP && (op[k + 1] === COLON || op[k + 1] === ASSIGN))) unsure();
          sig.names.push(src.slice(start[k]!, end[k]!));
        } else {
          unsure(); // Python 2 tuple parameters and the like
        }
      }
      k = e + 1;
    }
    return sig;
  };

  /** Index of the matching closing bracket of the opening bracket at `open`. */
  const closing = (open: number): number => {
    const lvl = level[open];
    for (let k = open + 1; k < t.count; k++) if (level[k] === lvl && kind[k] === OP) return k;
    return unsure();
  };

  /** The `:` ending a compound header that starts at `from` (level 0). */
  const headerColon = (from: number): number => {
    for (let k = from; kind[k] !== NEWLINE; k++) if (kind[k] === OP && op[k] === COLON && level[k] === 0) return k;
    return unsure();
  };

  for (let line = 0; line < lineCount; line++) {
    const first = lineFirst[line]!;
    const newlineAt = (line + 1 < lineCount ? lineFirst[line + 1]! : t.count) - 1;
    const indent = lineIndent[line]!;

    // Indentation as Python's tokenizer checks it.
    const top = indents[indents.length - 1]!;
    if (indent > top) {
      if (!prevOpensBlock) unsure();
      indents.push(indent);
    } else {
      if (prevOpensBlock) unsure();
      while (indents[indents.length - 1]! > indent) indents.pop();
      if (indents[indents.length - 1] !== indent) unsure();
    }
    while (frames.length > 0 && frames[frames.length - 1]!.headerIndent >= indent) finish(frames.pop()!, prevEnd, prevEndRow);

    const parent = frames[frames.length - 1];
    const firstKind = kind[first];
    const firstKw = firstKind === NAME ? op[first]! : 0;
    const isDecorator = firstKind === OP && op[first] === AT;

    if (decoratorStart >= 0 && !isDecorator && firstKw !== KW.def && firstKw !== KW.class && firstKw !== KW.async) unsure();
    // `match`/`case` are soft keywords: a `match` line is one that opens a block; `case` lines
    // are the clauses at the first indentation inside it.
    const last = newlineAt - 1;
    const opensBlock = kind[last] === OP && op[last] === COLON && level[last] === 0;
    while (matches.length > 0 && matches[matches.length - 1]!.indent >= indent) matches.pop();
    const openMatch = matches[matches.length - 1];
    if (openMatch && openMatch.caseIndent === -1) openMatch.caseIndent = indent;
    const isCase = openMatch !== undefined && indent === openMatch.caseIndent;
    if (isCase && firstKw !== KW.case) unsure();
    const isMatch = firstKw === KW.match && opensBlock && newlineAt - first >= 3;
    // A keyed store, not push(): push on the empty array (SMI elements) deoptimised `scan` (docs/performance.md, "Session 27 (helper h83)").
    if (isMatch) matches[matches.length] = { indent, caseIndent: -1 };
    if (firstKw === KW.case && !isCase) {
      for (let k = first; k < newlineAt; k++) if (kind[k] === OP && op[k] === COLON && level[k] === 0) unsure();
    }
    if (isCase) {
      // `case _:` (also with a guard, whose `if` counts by itself) is the default arm.
      let patternEnd = first + 1;
      while (
        patternEnd < newlineAt &&
        !(
          level[patternEnd] === 0 &&
          ((kind[patternEnd] === OP && op[patternEnd] === COLON) || (kind[patternEnd] === NAME && op[patternEnd] === KW.if))
        )
      )
        patternEnd++;
      const wildcard =
        patternEnd === first + 2 &&
        kind[first + 1] === NAME &&
        end[first + 1]! - start[first + 1]! === 1 &&
        src.charCodeAt(start[first + 1]!) === 95;
      const target = innermostFunction();
      if (!wildcard && target) target.complexity++;
    }
    if (firstKw === KW.async) {
      const next = op[first + 1];
      if (kind[first + 1] !== NAME || (next !== KW.def && next !== KW.for && next !== KW.with)) unsure();
    }

    // A statement directly in a function's body: docstring and stub bookkeeping.
    if (parent && !parent.owner) {
      if (parent.bodyIndent === -1) {
        parent.bodyIndent = indent;
        parent.bodyRow = startRow[first]!;
        parent.bodyColumn = indent;
      }
      if (indent === parent.bodyIndent) {
        if (isDecorator || isMatch || COMPOUND.has(firstKw)) {
          if (!parent.docSeen) parent.docSeen = true;
          parent.nonStub = true;
        } else if (!CLAUSE.has(firstKw)) {
          bodyStatements(parent, first, newlineAt);
        }
      }
    } else if (parent && parent.bodyIndent === -1) {
      parent.bodyIndent = indent;
    }

    const isDef = firstKw === KW.def || (firstKw === KW.async && op[first + 1] === KW.def);
    if (isDecorator) {
      if (decoratorStart < 0) {
        decoratorStart = start[first]!;
        decoratorRow = startRow[first]!;
      }
      scanKeywords(first, newlineAt);
    } else if (isDef) {
      const defAt = firstKw === KW.async ? first + 1 : first;
      const nameAt = defAt + 1;
      if (kind[nameAt] !== NAME || kind[nameAt + 1] !== OP || op[nameAt + 1] !== LPAREN) unsure();
      const name = src.slice(start[nameAt]!, end[nameAt]!);
      const open = nameAt + 1;
      const close = closing(open);
      let colon = close + 1;
      let annFrom = colon;
      if (kind[colon] === OP && op[colon] === ARROW) {
        annFrom = colon + 1;
        colon = headerColon(annFrom);
        if (colon === annFrom) unsure();
      }
      if (kind[colon] !== OP || op[colon] !== COLON || level[colon] !== 0) unsure();
      const frame: ScanFrame = {
        owner: false,
        name,
        hidden: false,
        headerIndent: indent,
        bodyIndent: -1,
        resultIndex: results.length,
        qualifier: qualifierOf(frames),
        scope: hiddenName(name) ? 'private' : 'public',
        startIndex: decoratorStart >= 0 ? decoratorStart : start[first]!,
        startRow: decoratorStart >= 0 ? decoratorRow : startRow[first]!,
        complexity: 1,
        returnsValue: false,
        nonStub: false,
        docSeen: false,
        docstring: null,
        signature: readSignature(open, close),
        defAt,
        nameAt,
        open,
        close,
        annFrom,
        colon,
        bodyRow: -1,
        bodyColumn: -1,
      };
      decoratorStart = -1;
      results.push(null);
      frames.push(frame);
      scanKeywords(first, newlineAt);
      if (colon + 1 < newlineAt) {
        frame.bodyIndent = -2;
        // extract.ts: a body on the `def` line has no body row; one on a later line (after a
        // multi-line parameter list) has its first statement's.
        if (startRow[colon + 1]! > startRow[defAt]!) {
          frame.bodyRow = startRow[colon + 1]!;
          frame.bodyColumn = start[colon + 1]! - src.lastIndexOf('\n', start[colon + 1]! - 1) - 1;
        }
        bodyStatements(frame, colon + 1, newlineAt);
        frames.pop();
        finish(frame, end[newlineAt - 1]!, endRow[newlineAt - 1]!);
      }
    } else if (firstKw === KW.class) {
      const nameAt = first + 1;
      if (kind[nameAt] !== NAME) unsure();
      const after = nameAt + 1;
      if (!(kind[after] === OP && (op[after] === COLON || op[after] === LPAREN))) unsure();
      const colon = op[after] === LPAREN ? closing(after) + 1 : after;
      if (kind[colon] !== OP || op[colon] !== COLON) unsure();
      const name = src.slice(start[nameAt]!, end[nameAt]!);
      const frame: ScanFrame = {
        owner: true,
        name,
        hidden: hiddenName(name),
        headerIndent: indent,
        bodyIndent: -1,
        resultIndex: -1,
        qualifier: '',
        scope: 'public',
        startIndex: 0,
        startRow: 0,
        complexity: 0,
        returnsValue: false,
        nonStub: false,
        docSeen: false,
        docstring: null,
        signature: null,
        defAt: -1,
        nameAt: -1,
        open: -1,
        close: -1,
        annFrom: -1,
        colon: -1,
        bodyRow: -1,
        bodyColumn: -1,
      };
      decoratorStart = -1;
      frames.push(frame);
      scanKeywords(first, newlineAt);
      if (colon + 1 < newlineAt) frames.pop();
    } else {
      scanKeywords(first, newlineAt);
    }

    prevOpensBlock = opensBlock;
    prevEnd = end[last]!;
    prevEndRow = endRow[last]!;
  }
  if (prevOpensBlock || decoratorStart >= 0) unsure();
  while (frames.length > 0) finish(frames.pop()!, prevEnd, prevEndRow);
  return results.filter((r): r is ParsedFunction => r !== null);
}

/** Deeper `__all__` literals are left to tree-sitter. */
const MAX_LITERAL_NESTING = 100;

/** Names of a module-level `__all__` as python.ts readDunderAll reads them from the tree. */
function readDunderAll(src: string, t: Tokens): Set<string> | null {
  const { kind, op, level, lineFirst, lineIndent, start, end } = t;
  let names: Set<string> | null = null;
  for (let line = 0; line < lineFirst.length; line++) {
    if (lineIndent[line] !== 0) continue;
    const first = lineFirst[line]!;
    if (kind[first] === NAME && (COMPOUND.has(op[first]!) || CLAUSE.has(op[first]!))) continue;
    if (kind[first] === OP && op[first] === AT) continue;
    const newlineAt = (line + 1 < lineFirst.length ? lineFirst[line + 1]! : t.count) - 1;
    let k = first;
    while (k < newlineAt) {
      let e = k;
      while (e < newlineAt && !(kind[e] === OP && op[e] === SEMI && level[e] === 0)) e++;
      if (kind[k] === NAME && op[k] === KW.__all__) {
        const outcome = dunderAllStatement(k, e);
        if (outcome === 'computed') return null;
        if (outcome !== null) {
          if (outcome.reset) names = new Set();
          names ??= new Set();
          for (const n of outcome.listed) names.add(n);
        }
      }
      k = e + 1;
    }
  }
  return names;

  function dunderAllStatement(k: number, e: number): { reset: boolean; listed: string[] } | 'computed' | null {
    const next = k + 1;
    if (kind[next] !== OP) return null;
    const code = op[next];
    if (code === ASSIGN || code === AUGASSIGN) {
      const listed = literalStrings(next + 1, e);
      return listed === null ? 'computed' : { reset: code === ASSIGN, listed };
    }
    if (code === COLON) {
      for (let a = next + 1; a < e; a++) {
        if (kind[a] === OP && op[a] === ASSIGN && level[a] === 0) {
          const listed = literalStrings(a + 1, e);
          return listed === null ? 'computed' : { reset: true, listed };
        }
      }
      return 'computed';
    }
    if (code === DOT && kind[next + 1] === NAME) {
      const method = src.slice(start[next + 1]!, end[next + 1]!);
      const open = next + 2;
      if ((method !== 'extend' && method !== 'append') || kind[open] !== OP || op[open] !== LPAREN) return null;
      let close = open + 1;
      while (close < e && !(level[close] === 0 && kind[close] === OP)) close++;
      if (close !== e - 1) return null; // `__all__.extend(x).y` is not a call statement
      if (hasComment(start[open]!, end[close]!)) unsure();
      let argEnd = open + 1;
      while (argEnd < close && !(level[argEnd] === 1 && kind[argEnd] === OP && op[argEnd] === COMMA)) argEnd++;
      const listed = argEnd > open + 1 ? literalStrings(open + 1, argEnd) : null;
      return listed === null ? 'computed' : { reset: false, listed };
    }
    return null;
  }

  function hasComment(from: number, to: number): boolean {
    return commentBetween(t.comments, from, to);
  }

  /** tree-sitter python.ts `stringsOf` over tokens [a, b): literal strings, lists, tuples, binary operators. */
  function literalStrings(a: number, b: number): string[] | null {
    const out: string[] = [];
    let k = a;
    for (;;) {
      const next = operand(k, b, out);
      if (next < 0) return null;
      if (next === b) return out;
      if (kind[next] !== OP || !BINARY_OPS.has(op[next]!)) return null;
      k = next + 1;
    }
  }

  /** One operand at k (< b), appended to out; returns the index after it or -1. */
  function operand(k: number, b: number, out: string[]): number {
    if (k >= b) return -1;
    if (kind[k] === STRING) {
      if (k + 1 < b && kind[k + 1] === STRING) return -1; // implicit concatenation
      out.push(src.slice(start[k]!, end[k]!).replace(/^[a-zA-Z]*(['"]{1,3})([\s\S]*)\1$/, '$2'));
      return k + 1;
    }
    if (kind[k] === OP && (op[k] === LPAREN || op[k] === LBRACKET)) {
      const lvl = level[k]!;
      // Each level searches for its closing bracket: absurd nesting would be quadratic.
      if (lvl > MAX_LITERAL_NESTING) unsure();
      let close = k + 1;
      while (close < b && !(level[close] === lvl && kind[close] === OP)) close++;
      if (close >= b || (op[close] !== RPAREN && op[close] !== RBRACKET)) return -1;
      let item = k + 1;
      while (item < close) {
        let itemEnd = item;
        while (itemEnd < close && !(level[itemEnd] === lvl + 1 && kind[itemEnd] === OP && op[itemEnd] === COMMA)) itemEnd++;
        if (itemEnd === item) return -1;
        const part: string[] = [];
        let p = item;
        for (;;) {
          const next = operand(p, itemEnd, part);
          if (next < 0) return -1;
          if (next === itemEnd) break;
          if (kind[next] !== OP || !BINARY_OPS.has(op[next]!)) return -1;
          p = next + 1;
        }
        out.push(...part);
        item = itemEnd + 1;
      }
      return close + 1;
    }
    return -1;
  }
}
