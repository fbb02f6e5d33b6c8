import type { ReturnKind, Signature } from './types.ts';

/** One parameter as the declaration writes it (documentation generators need more than the name). */
export interface ParamFact {
  name: string;
  /** the annotation's text, without its `:` (null when none) */
  type: string | null;
  /** the default value's source text (null when none) */
  default: string | null;
  variadic: boolean;
}

/**
 * Signature facts of one function from the tree-sitter path, for documentation generators:
 * kept beside the functions (like content-offsets.ts) so that their public shape is unchanged.
 */
export interface SignatureFacts {
  signature: Signature | null;
  returns: ReturnKind;
  params: ParamFact[];
  /** the declared return type's text (null when none) */
  returnType: string | null;
  isAsync: boolean;
  /** 0-based row of the declaration's first line (decorators/attributes included) */
  declRow: number;
  /** Python: 0-based row of the body's first statement, and its column; null for one-line bodies */
  bodyRow: number | null;
  bodyColumn: number | null;
}

/** Keyed by the `ParsedFunction` object extract.ts returns (typed `object` so this file needs nothing of extract.ts). */
export const signatureFactsOf = new WeakMap<object, SignatureFacts>();
