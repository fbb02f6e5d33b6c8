import type { Node } from 'web-tree-sitter';
import type { DocBlock, FileContext, FunctionFacts, LanguageSpec, Scope, Signature } from '../types.ts';
import { childOfType, childrenOf, isInsideFunction } from './shared.ts';

/**
 * Python. Functions are exactly the `def`/`async def` nodes Python's `ast` sees (lambdas are
 * not); the docstring is what `ast.get_docstring` returns: a first statement that is a plain
 * string constant (implicit concatenation and parentheses allowed; f-strings and bytes not).
 */

const ALL_KEY = Symbol('python __all__');

export const python: LanguageSpec = {
  grammar: 'python',
  functionTypes: new Set(['function_definition']),
  anonymousFunctionTypes: new Set(['lambda']),
  ownerTypes: new Set(['class_definition']),
  ownerInfo(node, ctx) {
    const name = node.childForFieldName('name')?.text ?? '';
    return { name, data: { hidden: hiddenName(name, ctx) } };
  },
  describe: describePython,
  decisionTypes: new Set([
    'if_statement',
    'elif_clause',
    'for_statement',
    'while_statement',
    'except_clause',
    'except_group_clause',
    'conditional_expression',
    'for_in_clause',
    'if_clause',
    'case_clause',
  ]),
  armTypes: new Set(['case_clause']),
  isDefaultArm(node) {
    // `case _:` is the default arm; a guard (`case _ if x:`) is counted as its if_clause.
    const patterns = childrenOf(node).filter((c) => c.type === 'case_pattern');
    return patterns.length === 1 && patterns[0]!.text === '_';
  },
  logicalTokens: new Set(['and', 'or']),
  logicalParents: new Set(['boolean_operator']),
  returnTypes: new Set(['return_statement']),
  yieldTypes: new Set(['yield']),
  doc: null,
  docNoun: 'Docstring',
  docLanguage: 'Python',
  prepare(ctx) {
    ctx.memo.set(ALL_KEY, readDunderAll(ctx.root));
  },
};

export function isPrivateName(name: string): boolean {
  if (name.startsWith('__') && name.endsWith('__') && name.length > 4) return false;
  return name.startsWith('_');
}

/** Private by name, inside a hidden class or a function, or left out of a defined `__all__`. */
function hiddenName(name: string, ctx: FileContext): boolean {
  if (isPrivateName(name)) return true;
  if (isInsideFunction(ctx.frames)) return true;
  if (ctx.frames.some((f) => f.kind === 'owner' && f.data?.hidden)) return true;
  const all = ctx.memo.get(ALL_KEY) as Set<string> | null | undefined;
  const topLevel = ctx.frames.length === 0;
  return topLevel && all != null && !all.has(name);
}

function describePython(node: Node, ctx: FileContext): FunctionFacts {
  const name = node.childForFieldName('name')?.text ?? '';
  const parent = node.parent;
  const outer = parent?.type === 'decorated_definition' ? parent : node;
  const body = node.childForFieldName('body');
  const scope: Scope = hiddenName(name, ctx) ? 'private' : 'public';
  // The return kind is read from the body alone: `-> None` is not enforced (python-scanner.ts).
  const declaredReturn: FunctionFacts['declaredReturn'] = 'body';
  const statements = body ? childrenOf(body).filter((c) => c.isNamed && c.type !== 'comment') : [];
  const docstring = readDocstring(statements[0], ctx.source);
  const rest = docstring ? statements.slice(1) : statements;
  return {
    name,
    outer,
    scope,
    signature: readSignature(node.childForFieldName('parameters')),
    declaredReturn,
    isStub: rest.every(isStubStatement),
    docstring,
  };
}

/** `pass`, `...`, `raise …`: the body of an abstract method or protocol stub. */
function isStubStatement(stmt: Node): boolean {
  if (stmt.type === 'pass_statement' || stmt.type === 'raise_statement') return true;
  return stmt.type === 'expression_statement' && stmt.namedChildCount === 1 && stmt.namedChild(0)?.type === 'ellipsis';
}

function readSignature(params: Node | null): Signature | null {
  if (!params) return null;
  // Cython's C-typed parameters (`def f(double[:] x, int n=3)`, `floating[:, :] v`,
  // `np.ndarray[np.float64_t, ndim=2] a`, `object o not None`) are no Python grammar: tree-sitter
  // recovers with ERROR nodes and the type's words as names. Read them from the text (dipy
  // `cubic_spline`, held-out round 13, docs/metrics/outdated.md).
  if (params.hasError) return cythonSignature(params.text);
  const sig: Signature = { names: [], variadic: [], incomplete: false, acceptsKeywords: false };
  for (const p of childrenOf(params)) {
    if (!p.isNamed || p.type === 'comment' || p.type === 'line_continuation') continue; // `\` + newline is no parameter
    switch (p.type) {
      case 'identifier':
        sig.names.push(p.text);
        break;
      case 'typed_parameter': {
        const inner = p.namedChild(0);
        if (inner?.type === 'identifier') sig.names.push(inner.text);
        else if (inner) addSplat(inner, sig);
        break;
      }
      case 'default_parameter':
      case 'typed_default_parameter': {
        const n = p.childForFieldName('name');
        if (n?.type === 'identifier') sig.names.push(n.text);
        else sig.incomplete = true;
        break;
      }
      case 'list_splat_pattern':
      case 'dictionary_splat_pattern':
        addSplat(p, sig);
        break;
      case 'keyword_separator':
      case 'positional_separator':
        break;
      default:
        sig.incomplete = true; // Python 2 tuple parameters, error recovery
    }
  }
  return sig;
}

/**
 * Parameters written as Cython writes them, from the text of the list with its parentheses: each
 * part split at top-level commas, its default (`= …`) and `not None`/`or None` dropped, the name
 * the last word outside brackets (`double[:, :] m` → `m`, `char *s` → `s`, `x: int` → `x`).
 * A part whose name cannot be read makes the signature incomplete.
 */
export function cythonSignature(text: string): Signature {
  const sig: Signature = { names: [], variadic: [], incomplete: false, acceptsKeywords: false };
  const inner = text.replace(/^\s*\(/, '').replace(/\)\s*$/, '');
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < inner.length; i++) {
    const ch = inner[i]!;
    if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') depth = Math.max(0, depth - 1);
    else if (ch === ',' && depth === 0) {
      parts.push(inner.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(inner.slice(from));
  for (const raw of parts) {
    let part = raw.replace(/#[^\n]*/g, '').trim();
    if (part === '' || part === '*' || part === '/') continue;
    // Outside brackets only: a `=` or `:` inside `ndarray[…, ndim=2]` is part of the type.
    let flat = '';
    let d = 0;
    for (const ch of part) {
      if (ch === '[' || ch === '(' || ch === '{') d++;
      else if (ch === ']' || ch === ')' || ch === '}') d = Math.max(0, d - 1);
      else if (d === 0) flat += ch;
      if (d > 0) flat += ' ';
    }
    const eq = flat.indexOf('=');
    if (eq >= 0) flat = flat.slice(0, eq);
    const colon = flat.indexOf(':');
    if (colon >= 0) flat = flat.slice(0, colon);
    flat = flat.replace(/\s+(?:not|or)\s+None\s*$/, '').trim();
    part = flat;
    const star = /^(\*{1,2})\s*([\p{L}_][\p{L}\p{N}_]*)$/u.exec(part);
    if (star) {
      sig.names.push(star[2]!);
      sig.variadic.push(star[2]!);
      if (star[1] === '**') sig.acceptsKeywords = true;
      continue;
    }
    const name = /([\p{L}_][\p{L}\p{N}_]*)$/u.exec(part)?.[1];
    if (name) sig.names.push(name);
    else sig.incomplete = true;
  }
  return sig;
}

function addSplat(p: Node, sig: Signature): void {
  const id = childOfType(p, 'identifier');
  if (!id) return;
  sig.names.push(id.text);
  sig.variadic.push(id.text);
  if (p.type === 'dictionary_splat_pattern') sig.acceptsKeywords = true;
}

/** The docstring per `ast.get_docstring`: null when the first statement is not a str constant. */
function readDocstring(first: Node | undefined, source: string): DocBlock | null {
  if (!first || first.type !== 'expression_statement' || first.namedChildCount !== 1) return null;
  let expr = first.namedChild(0);
  while (expr?.type === 'parenthesized_expression' && expr.namedChildCount === 1) expr = expr.namedChild(0);
  if (!expr) return null;
  const pieces = expr.type === 'string' ? [expr] : expr.type === 'concatenated_string' ? childrenOf(expr).filter((c) => c.isNamed) : [];
  if (pieces.length === 0) return null;
  let value = '';
  for (const piece of pieces) {
    if (piece.type !== 'string') return null;
    const literal = stringValue(piece, source);
    if (literal === null) return null;
    value += literal;
  }
  return { text: cleandoc(value), startRow: first.startPosition.row, endRow: first.endPosition.row };
}

/** The str value of one literal; null for bytes and f-strings (not str constants in `ast`). */
function stringValue(str: Node, source: string): string | null {
  const open = childOfType(str, 'string_start');
  const close = childOfType(str, 'string_end');
  if (!open || !close) return null;
  const prefix = open.text.replace(/["']+$/, '').toLowerCase();
  if (prefix.includes('b') || prefix.includes('f')) return null;
  const raw = source.slice(open.endIndex, close.startIndex);
  return prefix.includes('r') ? raw : unescapePython(raw);
}

const SIMPLE_ESCAPES: Record<string, string> = {
  '\n': '',
  '\\': '\\',
  "'": "'",
  '"': '"',
  a: '\x07',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
};

export function unescapePython(raw: string): string {
  if (!raw.includes('\\')) return raw;
  return raw.replace(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|[0-7]{1,3}|N\{[^}]*\}|[\s\S])/g, (m, e: string) => {
    if (e in SIMPLE_ESCAPES) return SIMPLE_ESCAPES[e]!;
    if (/^[xuU]/.test(e)) return safeCodePoint(parseInt(e.slice(1), 16)) ?? m;
    if (/^[0-7]/.test(e)) return String.fromCharCode(parseInt(e, 8));
    return m; // \N{...} and unknown escapes stay as written (Python keeps unknown ones too)
  });
}

function safeCodePoint(cp: number): string | null {
  return cp <= 0x10ffff ? String.fromCodePoint(cp) : null;
}

/** `inspect.cleandoc`, which `ast.get_docstring(clean=True)` applies. */
export function cleandoc(doc: string): string {
  const lines = expandTabs(doc).split('\n');
  let margin = Infinity;
  for (const line of lines.slice(1)) {
    const content = line.trimStart();
    if (content) margin = Math.min(margin, line.length - content.length);
  }
  const out = [(lines[0] ?? '').trimStart()];
  for (const line of lines.slice(1)) out.push(Number.isFinite(margin) ? line.slice(margin) : line);
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  while (out.length > 0 && out[0] === '') out.shift();
  return out.join('\n');
}

function expandTabs(s: string): string {
  if (!s.includes('\t')) return s;
  return s
    .split('\n')
    .map((line) => {
      let out = '';
      for (const ch of line) out += ch === '\t' ? ' '.repeat(8 - (out.length % 8)) : ch;
      return out;
    })
    .join('\n');
}

/** Names in a module-level `__all__`; null when there is none or it is computed. */
function readDunderAll(root: Node): Set<string> | null {
  let names: Set<string> | null = null;
  for (const stmt of childrenOf(root)) {
    if (stmt.type !== 'expression_statement') continue;
    const expr = stmt.namedChild(0);
    if (!expr) continue;
    if ((expr.type === 'assignment' || expr.type === 'augmented_assignment') && expr.childForFieldName('left')?.text === '__all__') {
      const listed = stringsOf(expr.childForFieldName('right'));
      if (listed === null) return null;
      if (expr.type === 'assignment') names = new Set();
      names ??= new Set();
      for (const n of listed) names.add(n);
    } else if (expr.type === 'call' && /^__all__\.(extend|append)$/.test(expr.childForFieldName('function')?.text ?? '')) {
      const args = expr.childForFieldName('arguments');
      const first = args?.namedChild(0) ?? null;
      const listed = first?.type === 'string' ? stringsOf(first) : stringsOf(first);
      if (listed === null) return null;
      names ??= new Set();
      for (const n of listed) names.add(n);
    }
  }
  return names;
}

/** String literals of a list/tuple/string expression; null when anything is not a literal. */
function stringsOf(node: Node | null): string[] | null {
  if (!node) return null;
  if (node.type === 'string') {
    const v = node.text.replace(/^[a-zA-Z]*(['"]{1,3})([\s\S]*)\1$/, '$2');
    return [v];
  }
  if (node.type === 'list' || node.type === 'tuple' || node.type === 'parenthesized_expression') {
    const out: string[] = [];
    for (const c of childrenOf(node)) {
      if (!c.isNamed || c.type === 'comment') continue;
      const inner = stringsOf(c);
      if (inner === null) return null;
      out.push(...inner);
    }
    return out;
  }
  if (node.type === 'binary_operator') {
    const l = stringsOf(node.childForFieldName('left'));
    const r = stringsOf(node.childForFieldName('right'));
    return l && r ? [...l, ...r] : null;
  }
  return null;
}
