import type { Node, Tree } from 'web-tree-sitter';
import { findDocAbove } from './doc-comments.ts';
import { signatureFactsOf, type ParamFact, type SignatureFacts } from './facts-of.ts';
import { isInSourceTest } from './languages/test-functions.ts';
import { judgeDoc, type OutdatedVerdict } from './outdated.ts';
import type { DocBlock, FileContext, Frame, FunctionFacts, LanguageSpec, ReturnKind, Scope, Signature } from './types.ts';

/** One extracted function, as exported by ./index.ts. */
export interface ParsedFunction {
  name: string;
  startLine: number;
  endLine: number;
  content: string;
  docstring: string | null;
  docStartLine: number | null;
  docEndLine: number | null;
  scope: Scope;
  complexity: number;
  outdated: OutdatedVerdict;
  /** documented functions only: what the history pass compares with older versions */
  docFacts: DocFacts | null;
  /** test code in a file that is not a test file (languages/test-functions.ts); absent otherwise */
  isTest?: true;
}

/**
 * Facts kept for a documented function: what the history pass needs to compute its contract
 * (functions/contract.ts) when — and only when — its body changed after its doc.
 */
export interface DocFacts {
  signature: Signature | null;
  returns: ReturnKind;
  /** parameters the doc leaves out although it documents others */
  missingParams: string[];
}

interface CountedFrame extends Frame {
  facts: FunctionFacts;
  qualifier: string;
}

/**
 * Extracts functions in ONE pre-order walk with a TreeCursor (the cheapest way to visit every
 * node from JS): owners and functions are pushed as frames when entered and finished when the
 * walk leaves them, so decision points and returns land on the innermost function.
 */
export function extractFromTree(
  tree: Tree,
  source: string,
  relPath: string,
  spec: LanguageSpec,
  language: string,
  withSignatureFacts = false,
): ParsedFunction[] {
  const root = tree.rootNode;
  const frames: Frame[] = [];
  const ctx: FileContext = { source, relPath, frames, memo: new Map(), root };
  spec.prepare?.(ctx);
  let lines: string[] | null = null;
  const results: (ParsedFunction | null)[] = [];
  const typeStack: string[] = [];

  const innermostFunction = (): Frame | undefined => {
    for (let i = frames.length - 1; i >= 0; i--) if (frames[i]!.kind !== 'owner') return frames[i];
    return undefined;
  };
  /** Decision points inside lambdas/closures belong to the counted function around them. */
  const innermostCounted = (): Frame | undefined => {
    for (let i = frames.length - 1; i >= 0; i--) if (frames[i]!.kind === 'function') return frames[i];
    return undefined;
  };

  const finish = (frame: Frame): void => {
    if (frame.kind !== 'function') return;
    const f = frame as CountedFrame;
    lines ??= source.split('\n');
    results[f.resultIndex] = build(f, lines, source, spec, language, withSignatureFacts);
  };

  const cursor = tree.walk();
  let depth = 0;
  try {
    for (;;) {
      while (frames.length > 0 && frames[frames.length - 1]!.depth >= depth) finish(frames.pop()!);
      const type = cursor.nodeType;
      typeStack[depth] = type;

      if (spec.ownerTypes.has(type)) {
        const node = cursor.currentNode;
        const info = spec.ownerInfo(node, ctx);
        if (info) frames.push(newFrame('owner', info.name, node, depth, -1, info.data));
      } else if (spec.functionTypes.has(type) || spec.anonymousFunctionTypes.has(type)) {
        const node = cursor.currentNode;
        const facts = spec.functionTypes.has(type) ? spec.describe(node, ctx) : null;
        if (facts) {
          const qualifier =
            facts.owner ??
            frames
              .filter((f) => f.kind !== 'anonymous')
              .map((f) => f.name)
              .join('.');
          const frame = newFrame('function', facts.name, node, depth, results.length) as CountedFrame;
          frame.facts = facts;
          frame.qualifier = qualifier;
          results.push(null);
          frames.push(frame);
        } else {
          frames.push(newFrame('anonymous', '', node, depth, -1));
        }
      } else if (spec.decisionTypes.has(type)) {
        // Keywords share their node's type name in some grammars (Ruby `if`): named nodes only.
        if (cursor.nodeIsNamed && !(spec.armTypes?.has(type) && spec.isDefaultArm?.(cursor.currentNode))) {
          const target = innermostCounted();
          if (target) target.complexity++;
        }
      } else if (spec.logicalTokens.has(type)) {
        if (!spec.logicalParents || spec.logicalParents.has(typeStack[depth - 1] ?? '')) {
          const target = innermostCounted();
          if (target) target.complexity++;
        }
      } else if (spec.returnTypes?.has(type) && cursor.nodeIsNamed) {
        const target = innermostFunction();
        if (target && !target.returnsValue && hasOperand(cursor.currentNode, source) && !returnsNone(cursor.currentNode, spec))
          target.returnsValue = true;
      } else if (spec.yieldTypes?.has(type) && cursor.nodeIsNamed) {
        const target = innermostFunction();
        if (target) target.returnsValue = true;
      }

      if (cursor.gotoFirstChild()) {
        depth++;
        continue;
      }
      let done = false;
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) {
          done = true;
          break;
        }
        depth--;
      }
      if (done) break;
    }
  } finally {
    cursor.delete();
  }
  while (frames.length > 0) finish(frames.pop()!);
  return results.filter((r): r is ParsedFunction => r !== null);
}

function newFrame(kind: Frame['kind'], name: string, node: Node, depth: number, resultIndex: number, data?: Frame['data']): Frame {
  return { kind, name, node, depth, data, resultIndex, complexity: 1, returnsValue: false };
}

/** Python's `return None`: nothing given back, as a bare `return` (the code key reads them alike). */
function returnsNone(node: Node, spec: LanguageSpec): boolean {
  if (spec.grammar !== 'python') return false;
  const named: Node[] = [];
  for (let i = 0; i < node.namedChildCount; i++) {
    const c = node.namedChild(i);
    if (c && !c.type.includes('comment')) named.push(c);
  }
  return named.length === 1 && named[0]!.type === 'none';
}

function hasOperand(node: Node, source: string): boolean {
  for (let i = 0; i < node.namedChildCount; i++) {
    const c = node.namedChild(i);
    if (c && !c.type.includes('comment')) return true;
  }
  // tree-sitter-javascript reads `return /** @type {T} */ (x);` (a JSDoc cast, common in
  // checkJs code such as webpack) as a bare `return` followed by a separate statement `(x)`.
  return JSDOC_CAST_AFTER.test(source.slice(node.endIndex, node.endIndex + 300));
}

const JSDOC_CAST_AFTER = /^[ \t]*\/\*\*?[^\n]*?\*\/[ \t]*\(/;

/** The first line of the declaration: decorators/attributes that are siblings belong to it. */
function declarationStart(outer: Node, spec: LanguageSpec): Node {
  if (!spec.leadingSiblingTypes) return outer;
  let start = outer;
  for (let prev = outer.previousNamedSibling; prev; prev = prev.previousNamedSibling) {
    if (spec.leadingSiblingTypes.has(prev.type)) start = prev;
    else if (!trailsSibling(prev, spec.leadingSiblingTypes)) break;
    // a comment at the end of an attribute's line (`#[allow(dead_code)] // why`) belongs to that line
  }
  return start;
}

function trailsSibling(node: Node, types: ReadonlySet<string>): boolean {
  const before = node.previousNamedSibling;
  return node.type.includes('comment') && before !== null && types.has(before.type) && before.endPosition.row === node.startPosition.row;
}

/**
 * The last token that is not a comment: grammars put comments that follow a function's last
 * statement inside its block (Python), but the function ends at its last statement, as in `ast`.
 */
function lastCodeToken(node: Node): Node {
  let current = node;
  for (let guard = 0; guard < 10_000 && current.childCount > 0; guard++) {
    let child = current.lastChild;
    while (child && child.type.includes('comment')) child = child.previousSibling;
    if (!child) break;
    current = child;
  }
  return current === node || current.endIndex <= node.startIndex ? node : current;
}

function build(
  frame: CountedFrame,
  lines: readonly string[],
  source: string,
  spec: LanguageSpec,
  language: string,
  withSignatureFacts: boolean,
): ParsedFunction {
  const { facts } = frame;
  const node = frame.node!;
  const start = declarationStart(facts.outer, spec);
  const startRow = start.startPosition.row;
  const last = lastCodeToken(node);
  const end = last.endPosition;
  // A node that swallows the final newline ends at column 0 of the next row.
  const endRow = end.column === 0 && end.row > startRow ? end.row - 1 : end.row;
  let doc: DocBlock | null;
  if (facts.docstring !== undefined) doc = facts.docstring;
  else doc = spec.doc ? findDocAbove(lines, startRow, start.startPosition.column, spec.doc) : null;

  // A stub (abstract, docstring-only, throw-only) describes what implementations return, whatever it declares.
  let returns: ReturnKind;
  if (facts.isStub) returns = 'unknown';
  else if (facts.declaredReturn !== 'body') returns = facts.declaredReturn;
  else returns = frame.returnsValue ? 'value' : 'none';

  const content = source.slice(start.startIndex, last.endIndex);
  const judged = doc
    ? judgeDoc(doc.text, language, facts.signature, returns, spec.docNoun, {
        name: facts.name,
        content,
        stub: facts.isStub,
        owner: frame.qualifier || undefined,
      })
    : null;
  const fn: ParsedFunction = {
    name: frame.qualifier ? `${frame.qualifier}.${facts.name}` : facts.name,
    startLine: startRow + 1,
    endLine: endRow + 1,
    content,
    docstring: doc ? doc.text : null,
    docStartLine: doc ? doc.startRow + 1 : null,
    docEndLine: doc ? doc.endRow + 1 : null,
    scope: (doc && spec.scopeFromDoc?.(doc.text)) || facts.scope,
    complexity: frame.complexity,
    outdated: judged ? judged.outdated : { status: 'CURRENT', explanation: '' },
    docFacts: judged ? { signature: facts.signature, returns, missingParams: judged.missingParams } : null,
  };
  if (IN_SOURCE_TEST_LANGUAGES.has(language) && isInSourceTest(language, node, content)) fn.isTest = true;
  // Only documentation generators ask for these; an analysis does not pay for them.
  if (withSignatureFacts) signatureFactsOf.set(fn, signatureFacts(node, facts, returns, startRow, source));
  return fn;
}

const IN_SOURCE_TEST_LANGUAGES = new Set(['Rust', 'Java', 'Kotlin']);

const PARAM_LIST_FIELDS = ['parameters', 'parameter'];

/** The parameters' types and defaults, read generically from the grammar's fields. */
function signatureFacts(node: Node, facts: FunctionFacts, returns: ReturnKind, declRow: number, source: string): SignatureFacts {
  const names = facts.signature?.names ?? [];
  const byName = new Map<string, ParamFact>();
  let list: Node | null = null;
  for (const field of PARAM_LIST_FIELDS) list ??= node.childForFieldName(field);
  if (list) {
    for (let i = 0; i < list.namedChildCount; i++) {
      const p = list.namedChild(i);
      if (!p || p.type.includes('comment')) continue;
      const type = p.childForFieldName('type')?.text.replace(/^:\s*/, '') ?? null;
      const value = (p.childForFieldName('value') ?? p.childForFieldName('default_value'))?.text ?? null;
      const token = (p.text.split(/[:=]/)[0] ?? '').trim().split(/\s+/).pop() ?? '';
      const bare = token.replace(/^[.*&$]+/, '').replace(/\?$/, '');
      const name = names.includes(bare) ? bare : undefined;
      if (name && !byName.has(name)) byName.set(name, { name, type, default: value, variadic: false });
    }
  }
  const variadic = new Set(facts.signature?.variadic ?? []);
  const params = names.map((n) => ({ ...(byName.get(n) ?? { name: n, type: null, default: null }), variadic: variadic.has(n) }));
  const returnType = node.childForFieldName('return_type')?.text.replace(/^:\s*/, '') ?? null;
  const body = node.childForFieldName('body');
  const first = body && body.startPosition.row > node.startPosition.row ? body.namedChild(0) : null;
  const head = source.slice(facts.outer.startIndex, node.childForFieldName('name')?.startIndex ?? node.startIndex);
  return {
    signature: facts.signature,
    returns,
    params,
    returnType,
    isAsync: /\basync\b/.test(head),
    declRow,
    bodyRow: first ? first.startPosition.row : null,
    bodyColumn: first ? first.startPosition.column : null,
  };
}
