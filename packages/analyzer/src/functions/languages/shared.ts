import type { Node } from 'web-tree-sitter';
import type { Frame, Scope, Signature } from '../types.ts';

/** Helpers shared by the language modules. */

export function childrenOf(node: Node): Node[] {
  const out: Node[] = [];
  for (let i = 0; i < node.childCount; i++) {
    const c = node.child(i);
    if (c) out.push(c);
  }
  return out;
}

export function namedChildrenOf(node: Node): Node[] {
  const out: Node[] = [];
  for (let i = 0; i < node.namedChildCount; i++) {
    const c = node.namedChild(i);
    if (c) out.push(c);
  }
  return out;
}

export function childOfType(node: Node, ...types: string[]): Node | null {
  for (let i = 0; i < node.childCount; i++) {
    const c = node.child(i);
    if (c && types.includes(c.type)) return c;
  }
  return null;
}

export function hasChildOfType(node: Node, ...types: string[]): boolean {
  return childOfType(node, ...types) !== null;
}

/** True when a function (named or anonymous) encloses the current position. */
export function isInsideFunction(frames: readonly Frame[]): boolean {
  return frames.some((f) => f.kind !== 'owner');
}

/** The owner (class-like frame) a member is declared in directly; undefined inside functions. */
export function innermostOwner(frames: readonly Frame[]): Frame | undefined {
  const last = frames[frames.length - 1];
  return last?.kind === 'owner' ? last : undefined;
}

export function emptySignature(): Signature {
  return { names: [], variadic: [], incomplete: false, acceptsKeywords: false };
}

/** Visibility from modifier keywords; `fallback` when none is written. */
export function scopeFromModifiers(words: readonly string[], fallback: Scope): Scope {
  if (words.includes('private') || words.includes('fileprivate')) return 'private';
  if (words.includes('protected')) return 'protected';
  if (words.includes('public') || words.includes('internal') || words.includes('open')) return 'public';
  return fallback;
}

/**
 * The scope of a function whose visibility is written in a `modifiers` child (Kotlin, Swift):
 * private inside another function, else from the modifiers, public when none is written.
 */
export function scopeFromModifiersChild(node: Node, frames: readonly Frame[]): Scope {
  if (isInsideFunction(frames)) return 'private';
  return scopeFromModifiers((childOfType(node, 'modifiers')?.text ?? '').split(/\s+/), 'public');
}

/** First identifier-like descendant (depth-first), used for parameter names inside declarators. */
export function firstDescendantOfType(node: Node, types: ReadonlySet<string>, maxDepth = 8): Node | null {
  if (types.has(node.type)) return node;
  if (maxDepth === 0) return null;
  for (let i = 0; i < node.namedChildCount; i++) {
    const c = node.namedChild(i);
    const found = c ? firstDescendantOfType(c, types, maxDepth - 1) : null;
    if (found) return found;
  }
  return null;
}
