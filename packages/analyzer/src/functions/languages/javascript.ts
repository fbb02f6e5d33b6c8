import type { Node } from 'web-tree-sitter';
import type { FileContext, FunctionFacts, LanguageSpec, OwnerData, Scope, Signature } from '../types.ts';
import { childOfType, childrenOf, emptySignature, hasChildOfType, innermostOwner, isInsideFunction } from './shared.ts';

/**
 * JavaScript, TypeScript and TSX (one module, three grammars). Functions: declarations,
 * methods (classes and object literals), and function values bound to a name (`const f = () =>`,
 * `f = function () {}`, `exports.f = …`, class fields, `export default function`). Callbacks
 * passed as arguments are anonymous and not counted. Overload/interface/abstract signatures
 * have no body and are not counted.
 */

const EXPORTS_KEY = Symbol('js exported names');
const FUNCTION_VALUES = new Set(['function_expression', 'function', 'arrow_function', 'generator_function']);
const OWNER_TYPES = new Set(['class_declaration', 'class', 'abstract_class_declaration']);

/** JSDoc's access tags (`@private`, `@protected`, `@public`, `@access x`, dox's `@api private`). */
export function jsdocScope(doc: string): Scope | null {
  const m = /(?:^|\s)@(?:(private|protected|public)\b|access\s+(private|protected|public)\b|api\s+(private|public)\b)/m.exec(doc);
  const tag = m?.[1] ?? m?.[2] ?? m?.[3];
  return tag === 'private' || tag === 'protected' || tag === 'public' ? tag : null;
}

function makeSpec(grammar: string, docLanguage: string): LanguageSpec {
  return {
    grammar,
    functionTypes: new Set(['function_declaration', 'generator_function_declaration', 'method_definition', ...FUNCTION_VALUES]),
    anonymousFunctionTypes: new Set(),
    ownerTypes: OWNER_TYPES,
    ownerInfo(node, ctx) {
      let name = node.childForFieldName('name')?.text;
      const binding = node.parent?.type === 'variable_declarator' ? node.parent : null;
      name ??= binding?.childForFieldName('name')?.text ?? '(class)';
      const exported = isInsideFunction(ctx.frames) ? false : isExported(binding?.parent ?? node, name, ctx);
      return { name, data: { hidden: !exported } satisfies OwnerData };
    },
    describe: describeJs,
    decisionTypes: new Set([
      'if_statement',
      'for_statement',
      'for_in_statement',
      'for_of_statement',
      'while_statement',
      'do_statement',
      'switch_case',
      'catch_clause',
      'ternary_expression',
    ]),
    logicalTokens: new Set(['&&', '||', '??']),
    logicalParents: new Set(['binary_expression']),
    returnTypes: new Set(['return_statement']),
    yieldTypes: new Set(['yield_expression']),
    leadingSiblingTypes: new Set(['decorator']),
    // A `@callback`/`@typedef` block is a doclet of its own (JSDoc): the parameters it lists are
    // the callback type's, not the function's below it (sinon `walkInternal`, held-out round 6).
    doc: { blockOpeners: ['/**'], linePrefixes: [], blankLinesBetween: true, standalone: /(?:^|\s)@(?:callback|typedef)\b/m },
    scopeFromDoc: jsdocScope,
    docNoun: 'Doc comment',
    docLanguage,
    prepare(ctx) {
      ctx.memo.set(EXPORTS_KEY, collectExportedNames(ctx.root));
    },
  };
}

export const javascript = makeSpec('javascript', 'JavaScript');
export const typescript = makeSpec('typescript', 'TypeScript');
export const tsx = makeSpec('tsx', 'TypeScript');

/** The binding name and declaration node of a function value, or null when anonymous. */
function bindingOf(node: Node): { name: string; owner?: string; outer: Node; kind: 'var' | 'assign' | 'field' | 'default' } | null {
  const parent = node.parent;
  if (!parent) return null;
  switch (parent.type) {
    case 'variable_declarator': {
      const id = parent.childForFieldName('name');
      if (id?.type !== 'identifier') return null;
      const decl = parent.parent ?? parent;
      const outer = decl.parent?.type === 'export_statement' ? decl.parent : decl;
      return { name: id.text, outer, kind: 'var' };
    }
    case 'assignment_expression': {
      if (parent.childForFieldName('right')?.id !== node.id) return null;
      const left = parent.childForFieldName('left');
      if (!left) return null;
      // `req.get =\n req.header = function…`: the statement, and so its JSDoc, starts at the first target
      let top: Node = parent;
      while (top.parent?.type === 'assignment_expression' && top.parent.childForFieldName('right')?.id === top.id) top = top.parent;
      const outer = top.parent?.type === 'expression_statement' ? top.parent : top;
      if (left.type === 'identifier') return { name: left.text, outer, kind: 'assign' };
      if (left.type !== 'member_expression') return null;
      const prop = left.childForFieldName('property')?.text;
      if (!prop) return null;
      const object = (left.childForFieldName('object')?.text ?? '').replace(/\.prototype$/, '');
      const owner = /^(module\.exports|exports|this)$/.test(object) ? undefined : object;
      return { name: prop, owner, outer, kind: 'assign' };
    }
    case 'public_field_definition':
    case 'field_definition': {
      const prop = parent.childForFieldName('name') ?? parent.childForFieldName('property');
      return prop ? { name: prop.text, outer: parent, kind: 'field' } : null;
    }
    case 'export_statement':
      return { name: 'default', outer: parent, kind: 'default' };
    default:
      return null;
  }
}

function describeJs(node: Node, ctx: FileContext): FunctionFacts | null {
  const nested = isInsideFunction(ctx.frames);
  let name: string;
  let outer: Node = node;
  let owner: string | undefined;
  let scope: Scope;
  if (node.type === 'method_definition') {
    name = node.childForFieldName('name')?.text ?? '';
    scope = memberScope(node, name, ctx);
  } else if (node.type === 'function_declaration' || node.type === 'generator_function_declaration') {
    name = node.childForFieldName('name')?.text ?? '';
    if (node.parent?.type === 'export_statement') outer = node.parent;
    scope = !nested && isExported(outer, name, ctx) ? 'public' : 'private';
  } else {
    const binding = bindingOf(node);
    if (!binding) return null;
    ({ name, outer, owner } = binding);
    if (binding.kind === 'field') scope = memberScope(binding.outer, name, ctx);
    else if (binding.kind === 'default') scope = 'public';
    else if (binding.kind === 'assign' && node.parent?.childForFieldName('left')?.type === 'member_expression') {
      scope =
        nested && owner === undefined && !/^(module\.)?exports\./.test(node.parent.childForFieldName('left')?.text ?? '')
          ? 'private'
          : 'public';
    } else scope = !nested && isExported(outer, name, ctx) ? 'public' : 'private';
  }
  return {
    name,
    owner,
    outer,
    scope,
    signature: withArguments(readSignature(node.childForFieldName('parameters') ?? node.childForFieldName('parameter')), node),
    declaredReturn: declaredReturn(node, name),
    isStub: isThrowOnly(node.childForFieldName('body')),
  };
}

/** Members: `#x` and TS `private` → private, TS `protected` → protected, else the class decides. */
function memberScope(member: Node, name: string, ctx: FileContext): Scope {
  if (name.startsWith('#')) return 'private';
  const modifier = childOfType(member, 'accessibility_modifier')?.text;
  if (modifier === 'private') return 'private';
  if (modifier === 'protected') return 'protected';
  const owner = innermostOwner(ctx.frames);
  if (owner) return owner.data?.hidden ? 'private' : 'public';
  // Object-literal methods share the visibility of the binding that holds the object.
  const objectBinding = member.parent?.type === 'object' ? member.parent.parent : null;
  if (objectBinding?.type === 'variable_declarator' && !isInsideFunction(ctx.frames)) {
    const decl = objectBinding.parent;
    const outer = decl?.parent?.type === 'export_statement' ? decl.parent : decl;
    return outer && isExported(outer, objectBinding.childForFieldName('name')?.text ?? '', ctx) ? 'public' : 'private';
  }
  if (
    objectBinding?.type === 'assignment_expression' &&
    /^(module\.)?exports\b/.test(objectBinding.childForFieldName('left')?.text ?? '')
  ) {
    return 'public';
  }
  return 'private';
}

function isExported(outer: Node, name: string, ctx: FileContext): boolean {
  if (outer.type === 'export_statement' || outer.parent?.type === 'export_statement') return true;
  const names = ctx.memo.get(EXPORTS_KEY) as Set<string> | undefined;
  return names?.has(name) ?? false;
}

function declaredReturn(node: Node, name: string): FunctionFacts['declaredReturn'] {
  if (name === 'constructor' || hasChildOfType(node, 'set')) return 'unknown';
  const annotation = node.childForFieldName('return_type');
  if (annotation) {
    const type = annotation.text.replace(/^:\s*/, '').replace(/\s/g, '');
    // `asserts x` / `asserts x is T` (an assertion function) gives no value back: it returns or throws
    // (Tone.js `assert`, d8c8a85: held-out round 14, docs/metrics/outdated.md).
    return /^(?:void|never|undefined|Promise<void>|Promise<undefined>|asserts[\s\S]*)$/.test(type) ? 'none' : 'value';
  }
  const body = node.childForFieldName('body');
  if (body && body.type !== 'statement_block') return 'value'; // arrow with an expression body
  // An async function without `return` still hands back a Promise; do not second-guess docs.
  if (hasChildOfType(node, 'async')) return 'unknown';
  // An ES5 constructor (`function CanceledError(…) { this.name = … }`, called with `new`) gives
  // back the new object: its `@returns {CanceledError}` is true.
  if (node.type !== 'method_definition' && /^\p{Lu}/u.test(name) && body && /\bthis\./.test(body.text)) return 'unknown';
  return 'body';
}

/**
 * A body that ends by throwing never returns normally (abstract methods: `throw new
 * AbstractMethodError()` after a `require`): its return docs describe what overriders return.
 */
function isThrowOnly(body: Node | null): boolean {
  if (!body || body.type !== 'statement_block') return false;
  const statements = childrenOf(body).filter((c) => c.isNamed && c.type !== 'comment');
  // An empty body (`getValueForPixel(pixel) {}`) is an abstract method's placeholder too.
  return statements.length === 0 || statements[statements.length - 1]!.type === 'throw_statement';
}

/**
 * A non-arrow function that reads `arguments`, or any function with a rest parameter, takes more
 * than it names (lodash's `concat()` documents `array` and `values`): documented names beyond the
 * list are allowed.
 */
function withArguments(sig: Signature | null, node: Node): Signature | null {
  if (!sig) return sig;
  const body = node.childForFieldName('body');
  if (body && node.type !== 'arrow_function' && /\barguments\b/.test(body.text)) sig.acceptsKeywords = true;
  // `throw(...args)`: docs name what the rest parameter collects (`@param err`, `@param [props]`).
  if (sig.variadic.length > 0) sig.acceptsKeywords = true;
  return sig;
}

function readSignature(params: Node | null): Signature | null {
  if (!params) return null;
  const sig = emptySignature();
  const list = params.type === 'formal_parameters' ? childrenOf(params).filter((c) => c.isNamed && c.type !== 'comment') : [params];
  for (const p of list) {
    const pattern = p.type === 'required_parameter' || p.type === 'optional_parameter' ? p.childForFieldName('pattern') : p;
    if (!pattern || pattern.type === 'this') continue;
    addPattern(pattern, sig);
  }
  return sig;
}

function addPattern(pattern: Node, sig: Signature): void {
  switch (pattern.type) {
    case 'identifier':
      sig.names.push(pattern.text);
      return;
    case 'assignment_pattern': {
      const left = pattern.childForFieldName('left');
      if (left) addPattern(left, sig);
      return;
    }
    case 'rest_pattern': {
      const id = childOfType(pattern, 'identifier');
      if (id) {
        sig.names.push(id.text);
        sig.variadic.push(id.text);
      } else sig.incomplete = true;
      return;
    }
    case 'decorator':
      return;
    default:
      sig.incomplete = true; // destructuring: the doc names the object as it likes
  }
}

/** Names exported by an `export { … }` list, `export default name`, or CommonJS `module.exports`. */
function collectExportedNames(root: Node): Set<string> {
  const names = new Set<string>();
  for (const stmt of childrenOf(root)) {
    if (stmt.type === 'export_statement') {
      const clause = childOfType(stmt, 'export_clause');
      if (clause && !childOfType(stmt, 'from')) {
        for (const spec of childrenOf(clause)) {
          if (spec.type === 'export_specifier') names.add(spec.childForFieldName('name')?.text ?? '');
        }
      }
      const value = stmt.childForFieldName('value');
      if (value?.type === 'identifier') names.add(value.text);
    } else if (stmt.type === 'expression_statement') {
      const expr = stmt.namedChild(0);
      if (expr?.type !== 'assignment_expression') continue;
      const left = expr.childForFieldName('left')?.text ?? '';
      const right = expr.childForFieldName('right');
      if (!/^(module\.exports|exports)(\.|$)/.test(left) || !right) continue;
      if (right.type === 'identifier') names.add(right.text);
      if (right.type === 'object') {
        for (const prop of childrenOf(right)) {
          if (prop.type === 'shorthand_property_identifier') names.add(prop.text);
          if (prop.type === 'pair' && prop.childForFieldName('value')?.type === 'identifier') {
            names.add(prop.childForFieldName('value')!.text);
          }
        }
      }
    }
  }
  return names;
}
