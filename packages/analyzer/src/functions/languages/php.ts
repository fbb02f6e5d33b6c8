import type { Node } from 'web-tree-sitter';
import type { FunctionFacts, LanguageSpec, Signature } from '../types.ts';
import { childOfType, childrenOf, emptySignature, isInsideFunction, scopeFromModifiers } from './shared.ts';

/**
 * PHP. Functions: named functions and methods (abstract and interface methods included);
 * closures and arrow functions are anonymous. Scope: visibility modifiers, default public.
 * Returns: a `: void`/`: never` type means none, another type means a value, no type means
 * "look for `return <value>`/`yield` in the body".
 */

export const php: LanguageSpec = {
  grammar: 'php',
  functionTypes: new Set(['function_definition', 'method_declaration']),
  anonymousFunctionTypes: new Set(['anonymous_function_creation_expression', 'anonymous_function', 'arrow_function']),
  ownerTypes: new Set(['class_declaration', 'interface_declaration', 'trait_declaration', 'enum_declaration']),
  ownerInfo: (node) => ({ name: node.childForFieldName('name')?.text ?? '' }),
  describe(node, ctx): FunctionFacts {
    const name = node.childForFieldName('name')?.text ?? '';
    const words = childrenOf(node)
      .filter((c) => c.type === 'visibility_modifier')
      .map((c) => c.text.toLowerCase());
    const scope = isInsideFunction(ctx.frames) ? 'private' : scopeFromModifiers(words, 'public');
    const type = node.childForFieldName('return_type');
    const body = node.childForFieldName('body');
    let declaredReturn: FunctionFacts['declaredReturn'] = 'body';
    if (/^__(construct|destruct)$/i.test(name) || !body) declaredReturn = 'unknown';
    else if (type) declaredReturn = /^(void|never)$/i.test(type.text.trim()) ? 'none' : 'value';
    return {
      name,
      outer: node,
      scope,
      signature: withArguments(readSignature(node.childForFieldName('parameters')), body),
      declaredReturn,
      isStub: isThrowOnly(body),
    };
  },
  decisionTypes: new Set([
    'if_statement',
    'else_if_clause',
    'for_statement',
    'foreach_statement',
    'while_statement',
    'do_statement',
    'case_statement',
    'catch_clause',
    'conditional_expression',
    'match_conditional_expression',
  ]),
  logicalTokens: new Set(['&&', '||', 'and', 'or', '??']),
  logicalParents: new Set(['binary_expression']),
  returnTypes: new Set(['return_statement']),
  yieldTypes: new Set(['yield_expression']),
  doc: { blockOpeners: ['/**'], linePrefixes: [] },
  docNoun: 'Doc comment',
  docLanguage: 'PHP',
};

/**
 * A body that is empty or ends in a `throw` (`throw new NotSupportedException(…)`): a base class's
 * placeholder, whose doc describes what overrides do (yii2 `QueryBuilder.addDefaultValue`,
 * `Migration.safeDown`: held-out round 22, docs/metrics/outdated.md), as JavaScript's is.
 */
function isThrowOnly(body: Node | null): boolean {
  if (!body || body.type !== 'compound_statement') return false;
  const statements = childrenOf(body).filter((c) => c.isNamed && c.type !== 'comment');
  if (statements.length === 0) return true;
  const last = statements[statements.length - 1]!;
  return last.type === 'throw_statement' || (last.type === 'expression_statement' && last.namedChild(0)?.type === 'throw_expression');
}

/**
 * A body that reads its arguments by position (`func_get_arg(1)`, `func_get_args()`: a "soft"
 * argument kept out of the signature for semver, silverstripe `DBDate.Format`, held-out round 23,
 * docs/metrics/outdated.md) takes more than it names, as a JavaScript function reading `arguments`
 * does: documented names beyond the list are allowed.
 */
function withArguments(sig: Signature | null, body: Node | null): Signature | null {
  if (sig && body && /\bfunc_get_args?\s*\(/.test(body.text)) sig.acceptsKeywords = true;
  return sig;
}

function readSignature(params: Node | null): Signature | null {
  if (!params) return null;
  const sig = emptySignature();
  for (const p of childrenOf(params)) {
    if (!/_parameter$/.test(p.type)) continue;
    const variable = p.childForFieldName('name') ?? childOfType(p, 'variable_name');
    const name = variable?.text.replace(/^\$/, '');
    if (!name) continue;
    sig.names.push(name);
    if (p.type === 'variadic_parameter') sig.variadic.push(name);
  }
  return sig;
}
