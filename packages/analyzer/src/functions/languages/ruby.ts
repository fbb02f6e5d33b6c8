import type { Node } from 'web-tree-sitter';
import type { FileContext, FunctionFacts, LanguageSpec, Scope, Signature } from '../types.ts';
import { childOfType, childrenOf, emptySignature, innermostOwner } from './shared.ts';

/**
 * Ruby. Functions: `def` methods and `def self.x` singleton methods (blocks and lambdas are not
 * counted). Scope: `private`/`protected`/`public` sections, `private def x`, and
 * `private :x, :y`; top-level methods are private (they become private methods of Object).
 * Ruby returns implicitly, so a documented return is never contradicted.
 */

const SECTIONS_KEY = Symbol('ruby visibility');
const VISIBILITY = new Set(['private', 'protected', 'public']);

interface Sections {
  switches: { at: number; scope: Scope }[];
  named: Map<string, Scope>;
  classNamed: Map<string, Scope>;
}

export const ruby: LanguageSpec = {
  grammar: 'ruby',
  functionTypes: new Set(['method', 'singleton_method']),
  anonymousFunctionTypes: new Set(),
  ownerTypes: new Set(['class', 'module']),
  ownerInfo: (node) => ({ name: node.childForFieldName('name')?.text ?? '' }),
  describe(node, ctx): FunctionFacts {
    const name = node.childForFieldName('name')?.text ?? '';
    return {
      name: node.type === 'singleton_method' ? `self.${name}` : name,
      outer: node,
      scope: scopeOf(node, name, ctx),
      signature: readSignature(node.childForFieldName('parameters')),
      declaredReturn: 'unknown',
    };
  },
  decisionTypes: new Set([
    'if',
    'elsif',
    'unless',
    'while',
    'until',
    'for',
    'when',
    'in_clause',
    'rescue',
    'conditional',
    'if_modifier',
    'unless_modifier',
    'while_modifier',
    'until_modifier',
    'rescue_modifier',
  ]),
  logicalTokens: new Set(['&&', '||', 'and', 'or']),
  logicalParents: new Set(['binary']),
  doc: {
    blockOpeners: [],
    linePrefixes: ['#'],
    lineExcludes: ['#!', '# frozen_string_literal:', '# -*-', '# encoding:', '# coding:', '# rubocop:', '#--', '# typed:'],
  },
  docNoun: 'Doc comment',
  docLanguage: 'Ruby',
};

function scopeOf(node: Node, name: string, ctx: FileContext): Scope {
  const parent = node.parent;
  // `private def x` passes the method to a visibility call.
  if (parent?.type === 'argument_list') {
    const call = parent.parent;
    const method = call?.childForFieldName('method')?.text ?? '';
    if (VISIBILITY.has(method)) return method as Scope;
  }
  const body = parent?.type === 'argument_list' ? parent.parent?.parent : parent;
  if (!innermostOwner(ctx.frames)) return node.type === 'singleton_method' ? 'public' : 'private';
  if (!body) return 'public';
  const sections = sectionsOf(body, ctx);
  if (node.type === 'singleton_method') return sections.classNamed.get(name) ?? 'public';
  const named = sections.named.get(name);
  if (named) return named;
  let scope: Scope = 'public';
  for (const s of sections.switches) if (s.at < node.startIndex) scope = s.scope;
  return scope;
}

function sectionsOf(body: Node, ctx: FileContext): Sections {
  let all = ctx.memo.get(SECTIONS_KEY) as Map<number, Sections> | undefined;
  if (!all) ctx.memo.set(SECTIONS_KEY, (all = new Map()));
  const cached = all.get(body.id);
  if (cached) return cached;
  const sections: Sections = { switches: [], named: new Map(), classNamed: new Map() };
  for (const child of childrenOf(body)) {
    if (child.type === 'identifier' && VISIBILITY.has(child.text)) {
      sections.switches.push({ at: child.startIndex, scope: child.text as Scope });
    } else if (child.type === 'call' && !child.childForFieldName('receiver')) {
      const method = child.childForFieldName('method')?.text ?? '';
      const args = child.childForFieldName('arguments');
      const symbols = args ? childrenOf(args).filter((a) => a.type === 'simple_symbol') : [];
      const names = symbols.map((s) => s.text.slice(1));
      if (VISIBILITY.has(method)) {
        if (!args) sections.switches.push({ at: child.startIndex, scope: method as Scope });
        for (const n of names) sections.named.set(n, method as Scope);
      } else if (method === 'private_class_method') {
        for (const n of names) sections.classNamed.set(n, 'private');
      }
    }
  }
  all.set(body.id, sections);
  return sections;
}

function readSignature(params: Node | null): Signature | null {
  const sig = emptySignature();
  if (!params) return sig;
  for (const p of childrenOf(params)) {
    if (!p.isNamed) continue;
    const id = p.type === 'identifier' ? p : (p.childForFieldName('name') ?? childOfType(p, 'identifier'));
    switch (p.type) {
      case 'identifier':
      case 'optional_parameter':
      case 'keyword_parameter':
        if (id) sig.names.push(id.text);
        break;
      case 'splat_parameter':
      case 'hash_splat_parameter':
      case 'block_parameter':
        if (id) {
          sig.names.push(id.text);
          sig.variadic.push(id.text);
        }
        if (p.type === 'hash_splat_parameter') sig.acceptsKeywords = true;
        break;
      case 'comment':
      case 'forward_parameter':
        break;
      default:
        sig.incomplete = true; // destructured parameters
    }
  }
  return sig;
}
