import { extractFromTree, type ParsedFunction } from './extract.ts';
import { scanPython } from './python-scanner.ts';
import { LANGUAGE_SPECS } from './registry.ts';
import { withTree } from './runtime.ts';

export type { ParsedFunction } from './extract.ts';

/** Linguist language names this module can parse. */
export const PARSEABLE_LANGUAGES: ReadonlySet<string> = new Set(LANGUAGE_SPECS.keys());

/**
 * Functions of one source file with their docs, scope, complexity and signature-vs-doc verdict.
 * Never throws on bad input: syntax errors give what tree-sitter recovers; an unsupported
 * language, a parse that exceeds its time budget, or a WASM failure gives [].
 * Python goes through a fast scanner first, which declines (→ tree-sitter) whenever it is unsure.
 * With `signatureFacts`, each function's parameters, return type and body position are recorded
 * in `signatureFactsOf` by whichever path ran (the same facts from both).
 */
export async function extractFunctions(
  source: string,
  language: string,
  relPath: string,
  options: { signatureFacts?: boolean } = {},
): Promise<ParsedFunction[]> {
  return extractWithoutParser(source, language, options) ?? extractWithTreeSitter(source, language, relPath, options);
}

/**
 * The same result as extractFunctions when it can be had synchronously without tree-sitter (the
 * Python scanner), else null. Cheap enough to run on the main thread while files are read.
 */
export function extractWithoutParser(
  source: string,
  language: string,
  options: { signatureFacts?: boolean } = {},
): ParsedFunction[] | null {
  if (language !== 'Python' || typeof source !== 'string') return null;
  const found = scanPython(source.includes('\0') ? source.replace(/\0/g, ' ') : source, options);
  return found && withoutOverloads(found, language);
}

/** `@overload` / `@typing.overload` on a line of the decorators (before `def`). */
export const OVERLOAD_DECORATOR = /^[ \t]*@(?:[\w.]+\.)?overload[ \t]*(?:#.*)?$/m;

/**
 * `typing.overload` stubs describe one call form of the function that follows; they are not
 * functions of their own (interrogate's --ignore-overloaded-functions, pydocstyle). TypeScript
 * overload signatures have no body and are never counted (languages/javascript.ts).
 */
function withoutOverloads(functions: ParsedFunction[], language: string): ParsedFunction[] {
  if (language !== 'Python') return functions;
  return functions.filter((fn) => {
    if (!fn.content.startsWith('@')) return true;
    const def = fn.content.search(/^[ \t]*(?:async[ \t]+)?def\b/m);
    return !OVERLOAD_DECORATOR.test(def > 0 ? fn.content.slice(0, def) : '');
  });
}

/**
 * The tree-sitter path alone (the reference the Python scanner is checked against). With
 * `signatureFacts`, each function's parameter types, defaults and body position are recorded in
 * `signatureFactsOf` (for documentation generators).
 */
export async function extractWithTreeSitter(
  source: string,
  language: string,
  relPath: string,
  options: { signatureFacts?: boolean } = {},
): Promise<ParsedFunction[]> {
  const spec = LANGUAGE_SPECS.get(language);
  if (!spec || typeof source !== 'string') return [];
  // Tree-sitter treats NUL as end of input in places; it never occurs in real source.
  const text = source.includes('\0') ? source.replace(/\0/g, ' ') : source;
  return withoutOverloads(
    await withTree(text, spec.grammar, [] as ParsedFunction[], (tree) =>
      extractFromTree(tree, text, relPath, spec, language, options.signatureFacts === true),
    ),
    language,
  );
}
