import { extractFromTree, type ParsedFunction } from './extract.ts';
import { LANGUAGE_SPECS } from './registry.ts';
import { withTree } from './runtime.ts';

export type { ParsedFunction } from './extract.ts';

/** Linguist language names this module can parse. */
export const PARSEABLE_LANGUAGES: ReadonlySet<string> = new Set(LANGUAGE_SPECS.keys());

/**
 * Functions of one source file with their docs, scope, complexity and signature-vs-doc verdict.
 * Never throws on bad input: syntax errors give what tree-sitter recovers; an unsupported
 * language, a parse that exceeds its time budget, or a WASM failure gives [].
 */
export async function extractFunctions(source: string, language: string, relPath: string): Promise<ParsedFunction[]> {
  const spec = LANGUAGE_SPECS.get(language);
  if (!spec || typeof source !== 'string') return [];
  // Tree-sitter treats NUL as end of input in places; it never occurs in real source.
  const text = source.includes('\0') ? source.replace(/\0/g, ' ') : source;
  return withTree(text, spec.grammar, [] as ParsedFunction[], (tree) => extractFromTree(tree, text, relPath, spec, language));
}
