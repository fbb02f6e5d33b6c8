import { createRequire } from 'node:module';
import path from 'node:path';
import { Language, Parser, type Tree } from 'web-tree-sitter';

/**
 * One tree-sitter runtime per thread: the WASM module is initialised once, each grammar is
 * loaded lazily once, and a single Parser is reused (re-created only after a WASM failure).
 */

const require = createRequire(import.meta.url);
const grammarDir = path.join(path.dirname(require.resolve('tree-sitter-wasms/package.json')), 'out');

let initialised: Promise<void> | null = null;
const grammars = new Map<string, Promise<Language>>();
let parser: Parser | null = null;

async function init(): Promise<void> {
  initialised ??= Parser.init();
  await initialised;
}

/** Loads `tree-sitter-<grammar>.wasm` once per thread. */
export async function loadGrammar(grammar: string): Promise<Language> {
  await init();
  let pending = grammars.get(grammar);
  if (!pending) {
    pending = Language.load(path.join(grammarDir, `tree-sitter-${grammar}.wasm`));
    grammars.set(grammar, pending);
    // A failed load must not poison later calls with the same rejected promise.
    pending.catch(() => grammars.delete(grammar));
  }
  return pending;
}

function currentParser(): Parser {
  parser ??= new Parser();
  return parser;
}

/** Drops the shared parser, e.g. after the WASM heap threw; the next parse makes a fresh one. */
function discardParser(): void {
  try {
    parser?.delete();
  } catch {
    // The parser may already be unusable; there is nothing more to free from JS.
  }
  parser = null;
}

/**
 * Parse time budget: generous for real code, but bounded for pathological input. It is wall
 * time, so the base allows for a loaded machine: at 1 s, small C++ and Swift files came back
 * unparsed (no functions) while two cores ran a dozen test workers.
 */
export function parseBudgetMs(sourceLength: number): number {
  return 5_000 + sourceLength / 50; // ~25 s for a 1 MB file, far above the ~0.5 s real code needs
}

/**
 * Parses `source` and hands the tree to `use`, always deleting the tree afterwards.
 * Returns `fallback` when parsing times out or the WASM runtime fails (out of memory etc.).
 */
export async function withTree<T>(source: string, grammar: string, fallback: T, use: (tree: Tree) => T): Promise<T> {
  const language = await loadGrammar(grammar);
  let tree: Tree | null = null;
  try {
    const p = currentParser();
    p.setLanguage(language);
    const deadline = performance.now() + parseBudgetMs(source.length);
    tree = p.parse(source, null, {
      // Returning true cancels the parse (web-tree-sitter 0.25 progress callback).
      progressCallback: () => performance.now() > deadline,
    });
    if (!tree) {
      p.reset();
      return fallback;
    }
    return use(tree);
  } catch {
    discardParser();
    return fallback;
  } finally {
    try {
      tree?.delete();
    } catch {
      // Freeing a tree from a broken heap can throw; the heap is discarded with the parser.
    }
  }
}
