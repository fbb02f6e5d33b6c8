import type { Node } from 'web-tree-sitter';
import type { FunctionFacts, LanguageSpec, Signature } from '../types.ts';
import { childrenOf, emptySignature, firstDescendantOfType } from './shared.ts';

/**
 * Go. Functions: `func` declarations and methods (named `Receiver.Method`); function literals
 * are anonymous. Exported (capitalised) names are public. The doc is the comment group directly
 * above (go/doc's rule), tool directives (`//go:…`) excluded.
 */

const TYPE_NAMES = new Set(['type_identifier']);

export const go: LanguageSpec = {
  grammar: 'go',
  functionTypes: new Set(['function_declaration', 'method_declaration']),
  anonymousFunctionTypes: new Set(['func_literal']),
  ownerTypes: new Set(),
  ownerInfo: () => null,
  describe(node): FunctionFacts {
    const name = node.childForFieldName('name')?.text ?? '';
    const receiver = node.childForFieldName('receiver');
    const owner = receiver ? (firstDescendantOfType(receiver, TYPE_NAMES)?.text ?? '') : undefined;
    return {
      name,
      owner,
      outer: node,
      scope: /^\p{Lu}/u.test(name) ? 'public' : 'private',
      signature: readSignature(node.childForFieldName('parameters')),
      declaredReturn: node.childForFieldName('result') ? 'value' : 'none',
    };
  },
  decisionTypes: new Set(['if_statement', 'for_statement', 'expression_case', 'type_case', 'communication_case']),
  logicalTokens: new Set(['&&', '||']),
  logicalParents: new Set(['binary_expression']),
  doc: { blockOpeners: ['/*'], linePrefixes: ['//'] },
  docNoun: 'Doc comment',
  docLanguage: 'Go',
};

function readSignature(params: Node | null): Signature | null {
  if (!params) return null;
  const sig = emptySignature();
  for (const p of childrenOf(params)) {
    if (p.type !== 'parameter_declaration' && p.type !== 'variadic_parameter_declaration') continue;
    const names = childrenOf(p).filter((c) => c.type === 'identifier');
    if (names.length === 0) sig.incomplete = true; // unnamed parameters: `func(int, string)`
    for (const n of names) {
      if (n.text === '_') continue;
      sig.names.push(n.text);
      if (p.type === 'variadic_parameter_declaration') sig.variadic.push(n.text);
    }
  }
  return sig;
}
