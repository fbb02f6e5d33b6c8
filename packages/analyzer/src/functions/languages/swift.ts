import type { Node } from 'web-tree-sitter';
import type { FunctionFacts, LanguageSpec, Signature } from '../types.ts';
import { childOfType, childrenOf, emptySignature, scopeFromModifiersChild } from './shared.ts';

/**
 * Swift. Functions: `func` (in types, extensions and at top level), `init` and `deinit`;
 * protocol requirements (no body) and closures are not counted. Scope: `private`/`fileprivate`
 * → private; `public`/`open`/`internal` and the default (internal) → public.
 */

export const swift: LanguageSpec = {
  grammar: 'swift',
  functionTypes: new Set(['function_declaration', 'init_declaration', 'deinit_declaration']),
  anonymousFunctionTypes: new Set(['lambda_literal']),
  ownerTypes: new Set(['class_declaration', 'protocol_declaration']),
  ownerInfo: (node) => ({ name: (node.childForFieldName('name')?.text ?? '').replace(/<.*$/s, '') }),
  describe(node, ctx): FunctionFacts {
    let name = node.type === 'init_declaration' ? 'init' : node.type === 'deinit_declaration' ? 'deinit' : '';
    if (!name) {
      const named = childrenOf(node).find((c, i) => node.fieldNameForChild(i) === 'name' && c.type !== 'user_type');
      name = named?.text ?? '';
    }
    return {
      name,
      outer: node,
      scope: scopeFromModifiersChild(node, ctx.frames),
      signature: readSignature(node),
      declaredReturn: node.type === 'function_declaration' ? declaredReturn(node) : 'unknown',
    };
  },
  decisionTypes: new Set([
    'if_statement',
    'guard_statement',
    'for_statement',
    'while_statement',
    'repeat_while_statement',
    'switch_entry',
    'catch_block',
    'ternary_expression',
    'nil_coalescing_expression',
  ]),
  armTypes: new Set(['switch_entry']),
  isDefaultArm: (node) => childOfType(node, 'default_keyword') !== null,
  logicalTokens: new Set(['&&', '||']),
  doc: { blockOpeners: ['/**'], linePrefixes: ['///'], lineExcludes: ['////'] },
  docNoun: 'Doc comment',
  docLanguage: 'Swift',
};

function declaredReturn(node: Node): FunctionFacts['declaredReturn'] {
  const children = childrenOf(node);
  const arrow = children.findIndex((c) => c.type === '->');
  if (arrow < 0) return 'none';
  const type = children.slice(arrow + 1).find((c) => c.isNamed);
  return type && /^(Void|\(\)|Never)$/.test(type.text.trim()) ? 'none' : 'value';
}

function readSignature(node: Node): Signature {
  const sig = emptySignature();
  for (const p of childrenOf(node)) {
    if (p.type !== 'parameter') continue;
    const n = p.childForFieldName('name');
    if (n && n.type === 'simple_identifier') sig.names.push(n.text);
    else sig.incomplete = true;
  }
  return sig;
}
