/** Hash of the analyzer sources that shape cached results (see source-version.mjs). */
export function hashAnalyzerSources(srcDir: string): string;
/** Files under `dir`, recursively, in a stable order, tests left out; only names matching `accept` when given. */
export function listSourceFiles(dir: string, accept?: RegExp): string[];
