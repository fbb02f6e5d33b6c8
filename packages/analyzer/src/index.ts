/**
 * @docent/analyzer: a directory in, an analysis report out (docs/design.md §1, §5).
 * analyzeRepository is the entry point; the parts it is built from are exported for reuse.
 */
export { analyzeRepository, type AnalyzeOptions } from './engine/analyze.ts';
export { AnalysisAbortedError, InvalidRepositoryError } from './engine/errors.ts';
export { resolveCacheDir } from './engine/cache-dir.ts';
export { forgetFolder } from './engine/cache.ts';
export { complexityCategory, isUrgent } from './engine/entries.ts';
export { isTestFile } from './engine/test-files.ts';
export { gitBlobId } from './engine/blob-id.ts';
export { extractFunctions, extractWithTreeSitter, PARSEABLE_LANGUAGES, type ParsedFunction } from './functions/index.ts';
export { signatureFactsOf, type ParamFact, type SignatureFacts } from './functions/facts-of.ts';
export { isTrivialDoc } from './functions/trivial-doc.ts';
export { parseDocstring, type DocSummary } from './docstyles/index.ts';
export { LANGUAGE_SPECS } from './functions/registry.ts';
export { classifyFile, isBinary, languageShares, parseGitAttributes, type FileClass } from './languages/index.ts';
export { analyzeReadme, findReadme } from './readme/index.ts';
export * from './llm/index.ts';
export { documentationOfChange, type ChangedFunction, type ChangeDocsInput } from './engine/change-docs.ts';
export { readmeBrokenLinks } from './readme/broken-links.ts';
