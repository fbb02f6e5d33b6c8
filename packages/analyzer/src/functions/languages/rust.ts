import type { Node } from 'web-tree-sitter';
import type { FunctionFacts, LanguageSpec, Signature } from '../types.ts';
import { childOfType, childrenOf, emptySignature, innermostOwner, isInsideFunction } from './shared.ts';

/**
 * Rust. Functions: `fn` items with a body (free, in `impl` blocks named `Type.fn`, trait default
 * methods); trait signatures without body and closures are not counted. `pub` (any form) is
 * public, as are methods of trait impls and traits; the rest is private. Docs are `///` lines
 * or a `/**` block directly above, attributes allowed between; `//!` documents the module.
 */

export const rust: LanguageSpec = {
  grammar: 'rust',
  functionTypes: new Set(['function_item']),
  anonymousFunctionTypes: new Set(['closure_expression']),
  ownerTypes: new Set(['impl_item', 'trait_item']),
  ownerInfo(node) {
    if (node.type === 'trait_item') return { name: node.childForFieldName('name')?.text ?? '', data: { memberDefault: 'public' } };
    const type = node.childForFieldName('type');
    const name = (type?.type === 'generic_type' ? type.childForFieldName('type') : type)?.text ?? '';
    return { name, data: { memberDefault: node.childForFieldName('trait') ? 'public' : 'private' } };
  },
  describe(node, ctx): FunctionFacts {
    const name = node.childForFieldName('name')?.text ?? '';
    const owner = innermostOwner(ctx.frames);
    let scope: FunctionFacts['scope'] = owner?.data?.memberDefault ?? 'private';
    if (childOfType(node, 'visibility_modifier')) scope = 'public';
    if (isInsideFunction(ctx.frames)) scope = 'private';
    const ret = node.childForFieldName('return_type');
    return {
      name,
      outer: node,
      scope,
      signature: readSignature(node.childForFieldName('parameters')),
      declaredReturn: ret && ret.type !== 'unit_type' && ret.text !== '!' ? 'value' : 'none',
    };
  },
  decisionTypes: new Set(['if_expression', 'while_expression', 'for_expression', 'match_arm']),
  armTypes: new Set(['match_arm']),
  isDefaultArm(node) {
    const pattern = node.childForFieldName('pattern');
    return pattern?.text.trim() === '_';
  },
  logicalTokens: new Set(['&&', '||']),
  logicalParents: new Set(['binary_expression']),
  leadingSiblingTypes: new Set(['attribute_item']),
  doc: { blockOpeners: ['/**'], linePrefixes: ['///'], lineExcludes: ['////'] },
  docNoun: 'Doc comment',
  docLanguage: 'Rust',
};

function readSignature(params: Node | null): Signature | null {
  if (!params) return null;
  const sig = emptySignature();
  for (const p of childrenOf(params)) {
    if (p.type !== 'parameter') continue;
    const pattern = p.childForFieldName('pattern');
    if (pattern?.type === 'identifier') sig.names.push(pattern.text);
    else if (pattern?.type !== '_') sig.incomplete = true; // tuple/struct patterns
  }
  return sig;
}
