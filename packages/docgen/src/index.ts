/** Docstring generation (docs/design.md §7): a pure library — no HTTP, no database. */
export { generateFile, applyEdits, detectStyle, type FileResult, type GenerateOptions, type LineEdit, type Outcome } from './generate.ts';
export { checkAnswer, enrich, enrichPrompt, ENRICH_SCHEMA, type Enrichment, type ProseField, type ProseUse } from './enrich.ts';
export { gateFile, type GateVerdict } from './gate.ts';
export { generateRepository, listSourceFiles, runFailed, type FileChange, type RepoOptions, type RepoResult } from './repo.ts';
export { writeInsideCheckout, readInsideCheckout, UnsafePathError, writeChanges } from './safe-write.ts';
export { unifiedDiff } from './diff.ts';
export { buildModel, visible, sourcesOf, type DocModel } from './model.ts';
export { restatesName, splitWords, emptyIndex, addToIndex, type RepoIndex } from './ground.ts';
export { codeRaises, type RaiseFact } from './raises.ts';
export { skipReason, docRowAbove } from './safety.ts';
export { RENDERERS } from './render.ts';
export { wrap } from './wrap.ts';
export {
  DOCGEN_LANGUAGES,
  languageOfPath,
  resolveConfig,
  DEFAULT_LINE_LENGTH,
  MIN_LINE_LENGTH,
  MAX_LINE_LENGTH,
  type LanguageConfig,
  type StyleConfig,
} from './languages.ts';
export {
  repositoryFacts,
  factsOf,
  folderCycles,
  importGraph,
  extractRoutes,
  joinPath,
  type RepositoryFacts,
  type ImportEdge,
  type Route,
  type SourceFile,
} from './facts/index.ts';
export {
  generateDocs,
  generateDocSet,
  docSetSourcesChanged,
  DOC_FORMATS,
  type DocManifest,
  type DocSet,
  type DocSetOptions,
  type DocKind,
  type DocFormat,
  type GeneratedDoc,
} from './docs.ts';
export { dataModels, type DataEntity, type DataField, type DataRelation } from './facts/models.ts';
export { buildOpenApi, type OpenApiDocument } from './openapi.ts';
