import { CYTHON_PATH, cythonAsPython } from './cython.ts';
import { extractFromTree, type ParsedFunction } from './extract.ts';
import { scanPython } from './python-scanner.ts';
import { LANGUAGE_SPECS } from './registry.ts';
import { withTree } from './runtime.ts';

export type { ParsedFunction } from './extract.ts';

/** Linguist language names this module can parse. */
export const PARSEABLE_LANGUAGES: ReadonlySet<string> = new Set([...LANGUAGE_SPECS.keys(), 'Cython']);

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
  // Cython (Linguist's language, or a `.pyx` read as Python): the tree-sitter path, which rewrites
  // its declarations (the scanner does not know them).
  if (language === 'Cython' || (language === 'Python' && CYTHON_PATH.test(relPath)))
    return extractWithTreeSitter(source, 'Cython', relPath, options);
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
  // Cython: its declarations rewritten into Python at the same length (cython.ts), read as
  // Python, and each function's code given back as the source wrote it.
  if (language === 'Cython' && typeof source === 'string') {
    const python = cythonAsPython(source);
    const found = await extractWithTreeSitter(python, 'Python', relPath, options);
    return python === source ? found : found.map((fn) => withSourceContent(fn, python, source));
  }
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

/** The function's code cut from `source` at the place it has in `rewritten` (same length, same lines). */
function withSourceContent(fn: ParsedFunction, rewritten: string, source: string): ParsedFunction {
  let from = 0;
  for (let line = 1; line < fn.startLine && from >= 0; line++) from = rewritten.indexOf('\n', from) + 1;
  const at = rewritten.indexOf(fn.content, Math.max(0, from));
  return at < 0 ? fn : { ...fn, content: source.slice(at, at + fn.content.length) };
}
