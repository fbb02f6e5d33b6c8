import type { Node } from 'web-tree-sitter';
import type { FileContext, FunctionFacts, LanguageSpec, OwnerData, Scope, Signature } from '../types.ts';
import { childrenOf, emptySignature, firstDescendantOfType, innermostOwner, isInsideFunction } from './shared.ts';

/**
 * C and C++. Functions: definitions with a body (prototypes are not counted, so a function
 * declared in a header and defined in a .c file counts once); C++ methods defined in a class,
 * out-of-line `Type::method` definitions (named `Type.method`), templates; lambdas are anonymous.
 * Scope: `static` free functions and anything in an anonymous namespace are private; class
 * members follow the access specifier section (class default private, struct/union public).
 */

const ACCESS_KEY = Symbol('c++ access sections');
const WRAPPERS = new Set(['pointer_declarator', 'reference_declarator', 'parenthesized_declarator', 'attributed_declarator']);
const PARAM_NAMES = new Set(['identifier']);

function makeSpec(grammar: 'c' | 'cpp', docLanguage: string): LanguageSpec {
  return {
    grammar,
    functionTypes: new Set(['function_definition']),
    anonymousFunctionTypes: new Set(grammar === 'cpp' ? ['lambda_expression'] : []),
    ownerTypes: new Set(grammar === 'cpp' ? ['class_specifier', 'struct_specifier', 'union_specifier'] : []),
    ownerInfo(node) {
      const name = node.childForFieldName('name')?.text;
      if (!name || !node.childForFieldName('body')) return null;
      const data: OwnerData = { memberDefault: node.type === 'class_specifier' ? 'private' : 'public' };
      return { name: name.replace(/<.*$/s, ''), data };
    },
    describe: describeC,
    decisionTypes: new Set([
      'if_statement',
      'for_statement',
      'for_range_loop',
      'while_statement',
      'do_statement',
      'case_statement',
      'catch_clause',
      'conditional_expression',
    ]),
    armTypes: new Set(['case_statement']),
    isDefaultArm: (node) => node.childForFieldName('value') === null,
    logicalTokens: new Set(['&&', '||', 'and', 'or']),
    logicalParents: new Set(['binary_expression']),
    doc: { blockOpeners: ['/**', '/*!'], linePrefixes: ['///', '//!'], lineExcludes: ['////'] },
    docNoun: 'Doc comment',
    docLanguage,
  };
}

export const c = makeSpec('c', 'C');
export const cpp = makeSpec('cpp', 'C++');

/** Follows pointer/reference wrappers down to the function_declarator. */
function functionDeclarator(node: Node): Node | null {
  let d = node.childForFieldName('declarator');
  for (let i = 0; d && i < 16; i++) {
    if (d.type === 'function_declarator') return d;
    if (!WRAPPERS.has(d.type)) return null;
    d = d.childForFieldName('declarator') ?? d.namedChild(0);
  }
  return null;
}

function describeC(node: Node, ctx: FileContext): FunctionFacts | null {
  const declarator = functionDeclarator(node);
  const target = declarator?.childForFieldName('declarator');
  if (!declarator || !target) return null; // macro-shaped code tree-sitter could not read as a function
  const full = target.text.replace(/\s+/g, '');
  const parts = full.split('::');
  const name = parts[parts.length - 1] ?? full;
  const owner =
    parts.length > 1
      ? parts
          .slice(0, -1)
          .map((p) => p.replace(/<.*$/s, ''))
          .join('.')
      : undefined;
  const outer = node.parent?.type === 'template_declaration' ? node.parent : node;
  const type = node.childForFieldName('type');
  let declaredReturn: FunctionFacts['declaredReturn'] = 'value';
  if (!type)
    declaredReturn = 'unknown'; // constructors, destructors, conversion operators
  else if (type.text === 'void' && node.childForFieldName('declarator')?.type === 'function_declarator') declaredReturn = 'none';
  return {
    name,
    owner,
    outer,
    scope: scopeOf(node, outer, owner !== undefined, ctx),
    signature: readSignature(declarator.childForFieldName('parameters')),
    declaredReturn,
  };
}

function scopeOf(node: Node, outer: Node, outOfLine: boolean, ctx: FileContext): Scope {
  if (isInsideFunction(ctx.frames)) return 'private';
  const owner = innermostOwner(ctx.frames);
  if (owner && !outOfLine) return accessAt(outer, ctx) ?? owner.data?.memberDefault ?? 'public';
  if (childrenOf(node).some((c) => c.type === 'storage_class_specifier' && c.text === 'static')) return 'private';
  for (let p = outer.parent; p; p = p.parent) {
    if (p.type === 'namespace_definition' && !p.childForFieldName('name')) return 'private';
  }
  return 'public';
}

/** The `public:`/`private:`/`protected:` section a member sits in (memoised per class body). */
function accessAt(member: Node, ctx: FileContext): Scope | null {
  const body = member.parent;
  if (!body || body.type !== 'field_declaration_list') return null;
  let sections = ctx.memo.get(ACCESS_KEY) as Map<number, { at: number; scope: Scope }[]> | undefined;
  if (!sections) ctx.memo.set(ACCESS_KEY, (sections = new Map()));
  let list = sections.get(body.id);
  if (!list) {
    list = [];
    for (const child of childrenOf(body)) {
      if (child.type === 'access_specifier') list.push({ at: child.startIndex, scope: child.text.trim() as Scope });
    }
    sections.set(body.id, list);
  }
  let scope: Scope | null = null;
  for (const s of list) if (s.at < member.startIndex) scope = s.scope;
  return scope;
}

function readSignature(params: Node | null): Signature | null {
  if (!params) return null;
  const sig = emptySignature();
  const list = childrenOf(params).filter((p) => p.type === 'parameter_declaration' || p.type === 'optional_parameter_declaration');
  for (const p of list) {
    const d = p.childForFieldName('declarator');
    const id = d ? firstDescendantOfType(d, PARAM_NAMES) : null;
    if (id) sig.names.push(id.text);
    else if (!(list.length === 1 && p.text.trim() === 'void')) sig.incomplete = true; // unnamed parameter
  }
  return sig;
}
