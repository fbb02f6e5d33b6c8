import type { Node } from 'web-tree-sitter';
import type { FunctionFacts, LanguageSpec, Signature } from '../types.ts';
import { childOfType, childrenOf, emptySignature, scopeFromModifiersChild } from './shared.ts';

/**
 * Kotlin. Functions: `fun` declarations (interface/abstract ones included) and secondary
 * constructors; lambdas and anonymous `fun` expressions are not counted. Scope: visibility
 * modifiers (`internal` counts as public), default public; local functions are private.
 */

const TYPE_NODES = new Set(['user_type', 'nullable_type', 'function_type', 'parenthesized_type', 'type_identifier']);

export const kotlin: LanguageSpec = {
  grammar: 'kotlin',
  functionTypes: new Set(['function_declaration', 'secondary_constructor']),
  anonymousFunctionTypes: new Set(['lambda_literal', 'anonymous_function']),
  ownerTypes: new Set(['class_declaration', 'object_declaration']),
  ownerInfo: (node) => ({ name: childOfType(node, 'type_identifier')?.text ?? '' }),
  describe(node, ctx): FunctionFacts {
    const isConstructor = node.type === 'secondary_constructor';
    const name = isConstructor ? 'constructor' : (childOfType(node, 'simple_identifier')?.text ?? '');
    return {
      name,
      outer: node,
      scope: scopeFromModifiersChild(node, ctx.frames),
      signature: readSignature(childOfType(node, 'function_value_parameters')),
      declaredReturn: isConstructor ? 'unknown' : declaredReturn(node),
    };
  },
  decisionTypes: new Set([
    'if_expression',
    'for_statement',
    'while_statement',
    'do_while_statement',
    'when_entry',
    'catch_block',
    'elvis_expression',
  ]),
  armTypes: new Set(['when_entry']),
  isDefaultArm: (node) => !childOfType(node, 'when_condition'),
  logicalTokens: new Set(['&&', '||']),
  doc: { blockOpeners: ['/**'], linePrefixes: [] },
  docNoun: 'Doc comment',
  docLanguage: 'Kotlin',
};

/** `: T` after the parameters gives the type; without it a block body returns Unit. */
function declaredReturn(node: Node): FunctionFacts['declaredReturn'] {
  const children = childrenOf(node);
  const paramsAt = children.findIndex((c) => c.type === 'function_value_parameters');
  const type = children.slice(paramsAt + 1).find((c) => TYPE_NODES.has(c.type));
  if (type) return /^(Unit|Nothing)$/.test(type.text.trim()) ? 'none' : 'value';
  const body = childOfType(node, 'function_body');
  if (!body) return 'unknown';
  return body.text.trimStart().startsWith('=') ? 'value' : 'none';
}

function readSignature(params: Node | null): Signature | null {
  if (!params) return null;
  const sig = emptySignature();
  let vararg = false;
  for (const p of childrenOf(params)) {
    if (p.type === 'parameter_modifiers') vararg = p.text.includes('vararg');
    if (p.type !== 'parameter') continue;
    const id = childOfType(p, 'simple_identifier');
    if (id) {
      sig.names.push(id.text);
      if (vararg) sig.variadic.push(id.text);
    }
    vararg = false;
  }
  return sig;
}
