/** Hash of the analyzer sources that shape cached results (see source-version.mjs). */
export function hashAnalyzerSources(srcDir: string): string;
