import type { Node } from 'web-tree-sitter';
import type { FunctionFacts, LanguageSpec, Signature } from '../types.ts';
import { childOfType, childrenOf, emptySignature, innermostOwner, isInsideFunction, scopeFromModifiers } from './shared.ts';

/**
 * C#. Functions: methods (interface members included), constructors, finalizers, operators,
 * conversion operators and local functions; lambdas and anonymous methods are not counted.
 * Scope: modifiers (`internal` counts as public, like Swift's default), default private for
 * class/struct members and public for interface members; explicit interface implementations
 * are public; local functions are private.
 */

export const csharp: LanguageSpec = {
  grammar: 'c_sharp',
  functionTypes: new Set([
    'method_declaration',
    'constructor_declaration',
    'destructor_declaration',
    'local_function_statement',
    'operator_declaration',
    'conversion_operator_declaration',
  ]),
  anonymousFunctionTypes: new Set(['lambda_expression', 'anonymous_method_expression']),
  ownerTypes: new Set([
    'class_declaration',
    'struct_declaration',
    'interface_declaration',
    'record_declaration',
    'record_struct_declaration',
  ]),
  ownerInfo(node) {
    const name = node.childForFieldName('name')?.text ?? '';
    return { name, data: { memberDefault: node.type === 'interface_declaration' ? 'public' : 'private' } };
  },
  describe(node, ctx): FunctionFacts {
    let name = node.childForFieldName('name')?.text ?? '';
    if (node.type === 'operator_declaration') name = `operator ${node.childForFieldName('operator')?.text ?? ''}`.trim();
    if (node.type === 'conversion_operator_declaration') name = `operator ${node.childForFieldName('type')?.text ?? ''}`.trim();
    if (node.type === 'destructor_declaration') name = `~${name}`;
    const words = childrenOf(node)
      .filter((c) => c.type === 'modifier')
      .map((c) => c.text);
    let scope = scopeFromModifiers(words, innermostOwner(ctx.frames)?.data?.memberDefault ?? 'private');
    if (childOfType(node, 'explicit_interface_specifier')) scope = 'public';
    if (node.type === 'local_function_statement' || isInsideFunction(ctx.frames)) scope = 'private';
    const type = node.childForFieldName('type') ?? node.childForFieldName('returns');
    let declaredReturn: FunctionFacts['declaredReturn'] = 'unknown';
    if (node.type === 'method_declaration' || node.type === 'local_function_statement') {
      declaredReturn = type && type.text !== 'void' ? 'value' : 'none';
    } else if (node.type === 'operator_declaration' || node.type === 'conversion_operator_declaration') declaredReturn = 'value';
    return { name, outer: node, scope, signature: readSignature(node.childForFieldName('parameters')), declaredReturn };
  },
  decisionTypes: new Set([
    'if_statement',
    'for_statement',
    'for_each_statement',
    'while_statement',
    'do_statement',
    'case_switch_label',
    'case_pattern_switch_label',
    'switch_expression_arm',
    'catch_clause',
    'conditional_expression',
  ]),
  armTypes: new Set(['switch_expression_arm']),
  isDefaultArm: (node) => node.namedChild(0)?.type === 'discard',
  logicalTokens: new Set(['&&', '||', '??']),
  logicalParents: new Set(['binary_expression']),
  doc: { blockOpeners: ['/**'], linePrefixes: ['///'], lineExcludes: ['////'] },
  docNoun: 'Doc comment',
  docLanguage: 'C#',
};

function readSignature(params: Node | null): Signature | null {
  if (!params) return null;
  const sig = emptySignature();
  for (let i = 0; i < params.childCount; i++) {
    const p = params.child(i);
    if (!p) continue;
    if (p.type === 'parameter') {
      const n = p.childForFieldName('name');
      if (n) sig.names.push(n.text);
    } else if (p.type === 'identifier' && params.fieldNameForChild(i) === 'name') {
      // `params T[] name` is flattened into the list by this grammar
      sig.names.push(p.text);
      sig.variadic.push(p.text);
    }
  }
  return sig;
}
