import type { Node } from 'web-tree-sitter';
import type { FileContext, FunctionFacts, LanguageSpec, Signature } from '../types.ts';
import { childOfType, childrenOf, emptySignature, innermostOwner, scopeFromModifiers } from './shared.ts';

/**
 * Java. Functions: methods (interface methods without a body included, like Javadoc tools),
 * constructors and record compact constructors; lambdas are anonymous. Scope from modifiers;
 * no modifier = package-private → private, except interface members (implicitly public).
 */

export const java: LanguageSpec = {
  grammar: 'java',
  functionTypes: new Set(['method_declaration', 'constructor_declaration', 'compact_constructor_declaration']),
  anonymousFunctionTypes: new Set(['lambda_expression']),
  ownerTypes: new Set([
    'class_declaration',
    'interface_declaration',
    'enum_declaration',
    'record_declaration',
    'annotation_type_declaration',
  ]),
  ownerInfo(node) {
    const name = node.childForFieldName('name')?.text ?? '';
    const isInterface = node.type === 'interface_declaration' || node.type === 'annotation_type_declaration';
    return { name, data: { memberDefault: isInterface ? 'public' : 'private' } };
  },
  describe: describeJava,
  decisionTypes: new Set([
    'if_statement',
    'for_statement',
    'enhanced_for_statement',
    'while_statement',
    'do_statement',
    'catch_clause',
    'ternary_expression',
    'switch_label',
  ]),
  armTypes: new Set(['switch_label']),
  isDefaultArm: (node) => node.text.trim().startsWith('default'),
  logicalTokens: new Set(['&&', '||']),
  logicalParents: new Set(['binary_expression']),
  // javac attaches the last `/** */` before a declaration across blank lines and `//` comments
  // (checked against DocTrees.getDocCommentTree: oracles/java, docs/metrics/functions.md).
  doc: { blockOpeners: ['/**'], linePrefixes: [], betweenLine: /^\s*\/\/.*$/, blankLinesBetween: true },
  docNoun: 'Doc comment',
  docLanguage: 'Java',
};

function describeJava(node: Node, ctx: FileContext): FunctionFacts {
  const name = node.childForFieldName('name')?.text ?? '';
  const words = (childOfType(node, 'modifiers')?.text ?? '').split(/\s+/);
  const owner = innermostOwner(ctx.frames);
  const scope = scopeFromModifiers(words, owner?.data?.memberDefault ?? 'private');
  let declaredReturn: FunctionFacts['declaredReturn'] = 'unknown';
  if (node.type === 'method_declaration') {
    declaredReturn = node.childForFieldName('type')?.type === 'void_type' ? 'none' : 'value';
  }
  return { name, outer: node, scope, signature: readSignature(node.childForFieldName('parameters')), declaredReturn };
}

function readSignature(params: Node | null): Signature | null {
  if (!params) return null;
  // The grammar has no place for a type-use annotation before a variadic's `...` (JSpecify's
  // `T @NonNull ... elements`, `java.util.Map.@NonNull Entry<K, V> e`): it folds the parameters
  // into one with ERROR nodes and loses their names (vavr, held-out round 6). Read such a list
  // from its text instead.
  if (params.hasError) return signatureFromText(params.text);
  const sig = emptySignature();
  for (const p of childrenOf(params)) {
    if (p.type === 'formal_parameter') {
      const n = p.childForFieldName('name');
      if (n) sig.names.push(n.text);
      else sig.incomplete = true;
    } else if (p.type === 'spread_parameter') {
      const n = childOfType(p, 'variable_declarator')?.childForFieldName('name');
      if (n) {
        sig.names.push(n.text);
        sig.variadic.push(n.text);
      }
    }
  }
  return sig;
}

/** Annotations with their arguments (`@NonNull`, `@a.b.C`, `@Size(min = 1)`). */
const ANNOTATION = /@[\p{L}_$][\p{L}\p{N}_$.]*(?:\s*\((?:[^()]|\([^()]*\))*\))?/gu;

/** A Java parameter list read from its text: annotations dropped, split at top-level commas, the last word of each part its name. */
export function signatureFromText(text: string): Signature {
  const sig = emptySignature();
  const inner = text
    .replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, ' ')
    .replace(ANNOTATION, ' ')
    .replace(/^\s*\(|\)\s*$/g, '');
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i];
    if (c === '<' || c === '(' || c === '[' || c === '{') depth++;
    else if (c === '>' || c === ')' || c === ']' || c === '}') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(inner.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(inner.slice(from));
  for (const part of parts) {
    if (part.trim() === '') continue;
    const name = /([\p{L}_$][\p{L}\p{N}_$]*)(?:\s*\[\s*\])*\s*$/u.exec(part)?.[1];
    // A receiver parameter (`Outer Outer.this`) is no parameter.
    if (!name || name === 'this') {
      if (!name) sig.incomplete = true;
      continue;
    }
    sig.names.push(name);
    if (part.includes('...')) sig.variadic.push(name);
  }
  return sig;
}
