import {
  extractWithTreeSitter,
  parseDocstring,
  signatureFactsOf,
  type LlmProvider,
  type ParsedFunction,
  type SignatureFacts,
} from '@docent/analyzer';
import { enrich, type ProseField, type ProseUse } from './enrich.ts';
import {
  addToIndex,
  documentsNoExceptions,
  emptyIndex,
  inheritedDocs,
  raiseNamed,
  splitName,
  summaryRestatesName,
  type RepoIndex,
} from './ground.ts';
import { inheritDocTag, inheritsDoc } from './inherit.ts';
import { buildModel, constructorFunctions, proseComment, RECEIVERS, sourcesOf, visible, type DocModel } from './model.ts';
import { FAMILY, mergeSections, mergeTagBlock, tagEvidence, tagLayout, textBelow, type MergeInput, type TagEvidence } from './merge.ts';
import { RENDERERS, rustdocWith, rustListFormat, type RustListFormat } from './render.ts';
import { commentForm, DEFAULT_LINE_LENGTH, DOCGEN_LANGUAGES, type CommentForm, type StyleConfig } from './languages.ts';
import { docRowAbove, docWidth, fileWidth, pythonDocRow, tagDescriptionDots } from './safety.ts';
import { phpKeepsRoot, privateMembers, pyCatches, throwingHelpers, type ThrowHelper } from './raises.ts';
import { hiddenFromDocs, isTestCode, testModuleRows } from './test-code.ts';

/** A line gofmt treats as a directive, not doc text (go/doc/comment: `//go:x`, `//line `, `//export `, `//extern `, `//tool:x`). */
const GO_DIRECTIVE = /^\/\/(?:line |export |extern |[a-z0-9]+:[a-z0-9])/;

/** Replace rows [startRow, endRow) of the original file with `lines` (endRow = startRow: insert). */
export interface LineEdit {
  startRow: number;
  endRow: number;
  lines: string[];
}

export type Outcome =
  | {
      name: string;
      line: number;
      action: 'documented' | 'updated';
      /** set only when an LLM provider is enabled: where the written prose came from */
      prose?: 'model' | 'deterministic';
      /** with prose 'model': which parts the model wrote */
      modelFields?: ProseField[];
      /** answers of the model that were refused (the deterministic text was kept), for the log */
      rejected?: string[];
      /** with `explain`: where each written entry came from (docs/docgen.md) */
      sources?: string[];
    }
  | { name: string; line: number; action: 'skipped'; reason: string };

export interface GenerateOptions {
  /** optional LLM enrichment (docs/design.md §7, Pipeline step 4); absent or `none`: deterministic output */
  llm?: LlmProvider;
  signal?: AbortSignal;
  /** what the repository documents (repo.ts builds it); absent: this file alone */
  index?: RepoIndex;
  /** also write on methods that inherit their doc (overrides, trait impls, dunders): `{@inheritDoc}` where the style has it */
  includeInherited?: boolean;
  /** keep the source of every written entry in the outcomes */
  explain?: boolean;
  /** the longest line the repository's own linter accepts (`line-length = 79`): new lines stay within it */
  lineLimit?: number;
  /**
   * PHP: the repository's php-cs-fixer removes a tag description's final dot (`'without'`), or its
   * rules come from a config class this cannot read and its own tag descriptions decide
   * (`'evidence'`); safety.ts, `phpTagDotRule`
   */
  phpTagDot?: 'without' | 'evidence';
  /**
   * JavaScript/TypeScript: the repository's JSDoc formatter puts a tag's text below the tag and
   * fills it to this line width (safety.ts, `jsdocFillWidth`)
   */
  jsdocFill?: number;
}

export interface FileResult {
  output: string;
  edits: LineEdit[];
  outcomes: Outcome[];
  /** documented parameters that are not in the signature, per function (flagged, never removed) */
  staleParams: { name: string; params: string[] }[];
  /** undocumented functions for which nothing grounded gives a summary: left for a human or a model */
  needsSummary: { name: string; line: number }[];
  /** the style new entries were written in (the file's own, else the configured one) */
  style: string;
  /** why something the code states was not written, once per file ("the repository documents no exceptions in PHP; none added") */
  notes?: string[];
}

const isPython = (language: string): boolean => language === 'Python';

/** The renderer style a doc's parsed styles correspond to in this language, or null. */
function rendererStyle(styles: readonly string[], doc: string, language: string): string | null {
  const lang = DOCGEN_LANGUAGES.find((l) => l.name === language);
  if (!lang) return null;
  for (const s of styles) {
    let style: string | null = null;
    if (s === 'google' || s === 'numpy' || s === 'rest') style = s;
    else if (s === 'xmldoc') style = 'xmldoc';
    else if (s === 'rustdoc') style = 'rustdoc';
    else if (s === 'swift') style = 'swift-markup';
    else if (s === 'tags') {
      if (language === 'Python') style = 'epytext';
      else if (language === 'TypeScript' || language === 'TSX') style = /@param\s+\{/.test(doc) ? 'jsdoc' : 'tsdoc';
      else if (language === 'C' || language === 'C++') style = /\\param\b/.test(doc) ? 'doxygen-qt' : 'doxygen';
      else style = lang.supportedStyles.find((x) => FAMILY[x] === 'tags') ?? null;
    }
    if (style && lang.supportedStyles.includes(style)) return style;
  }
  return null;
}

/** The file's own docstring style (the most used among its sectioned docs), else the configured one. */
export function detectStyle(docs: readonly string[], language: string, configured: string): { style: string; sectioned: boolean } {
  const counts = new Map<string, number>();
  for (const d of docs) {
    const style = rendererStyle(parseDocstring(d, language).styles, d, language);
    if (style) counts.set(style, (counts.get(style) ?? 0) + 1);
  }
  let best = configured;
  let n = counts.get(configured) ?? 0;
  for (const [s, c] of counts) if (c > n) [best, n] = [s, c];
  return { style: best, sectioned: counts.size > 0 };
}

/** Generates or completes the docs of every function of one file. Pure: same input, same output. */
export async function generateFile(
  source: string,
  language: string,
  relPath: string,
  config: StyleConfig,
  options: GenerateOptions = {},
): Promise<FileResult> {
  const llm = options.llm?.enabled ? options.llm : null;
  const fns = await extractWithTreeSitter(source, language, relPath, { signatureFacts: true });
  const eol = source.includes('\r\n') ? '\r\n' : '\n';
  const lines = source.split(eol);
  const index = options.index ?? emptyIndex();
  addToIndex(index, relPath, language, source, fns, (f) => signatureFactsOf.get(f));
  const detected = detectStyle(
    fns.map((f) => f.docstring).filter((d): d is string => d !== null),
    language,
    config.docstringStyle,
  );
  const width = fileWidth(lines);
  const nonEmpty = lines.filter((l) => l.trim() !== '').length;
  // The configured width, narrowed to the file's own (its longest line), or widened to the width
  // its existing doc comments already use (docs/docgen.md, "Bytes" and wrapping).
  const ownDocs = docWidth(
    lines,
    fns.filter((f) => f.docStartLine !== null && f.docEndLine !== null).map((f) => ({ start: f.docStartLine! - 1, end: f.docEndLine! })),
  );
  const narrowed = nonEmpty >= 20 && width >= 60 ? Math.min(config.maxDocStringLength, width) : config.maxDocStringLength;
  const fileConfig: StyleConfig = {
    docstringStyle: detected.style,
    // (only from the default width: a width the user chose other than the default is kept)
    maxDocStringLength:
      options.jsdocFill ??
      Math.min(
        config.maxDocStringLength === DEFAULT_LINE_LENGTH ? Math.max(narrowed, Math.min(ownDocs, 160)) : narrowed,
        options.lineLimit ?? Infinity,
      ),
  };
  // JSDoc/TSDoc: new tags carry their text below the tag where the repository's formatter puts it
  // there, or where the file's (else the repository's) own described tags do
  const jsLike = /^(JavaScript|TypeScript|TSX)$/.test(language);
  const ctx: PlanContext = {
    lines,
    language,
    config: fileConfig,
    sectioned: detected.sectioned,
    typed: writesPythonTypes(fns.map((f) => f.docstring).filter((d): d is string => d !== null)),
    rustList: language === 'Rust' ? rustListFormat(fns.map((f) => f.docstring).filter((d): d is string => d !== null)) : null,
    index,
    relPath,
    includeInherited: options.includeInherited === true,
    hidden: privateMembers(source, language),
    helpers: throwingHelpers(source, language),
    classFunctions: constructorFunctions(source, language),
    keepsRoot: language === 'PHP' ? phpKeepsRoot(source) : () => false,
    tagBelow:
      jsLike && (options.jsdocFill !== undefined || tagLayout(source, repoTagEvidence(index, language)).below === true)
        ? { fill: options.jsdocFill !== undefined }
        : null,
    dropDot: language === 'PHP' && withoutDot(options.phpTagDot, source, index),
    exceptionless: () => documentsNoExceptions(index, language),
    notes: new Set(),
  };
  const edits: LineEdit[] = [];
  const outcomes: Outcome[] = [];
  const staleParams: FileResult['staleParams'] = [];
  const needsSummary: FileResult['needsSummary'] = [];
  const usedRows = new Set<number>();
  const testModules = testModuleRows(source, language, relPath);
  for (const fn of fns) {
    const facts = signatureFactsOf.get(fn);
    if (!facts) continue;
    // A function declared inside another function's body (a local closure, a decorator's inner
    // wrapper) is no API: no reader looks for its doc, and a doc block there is noise in the diff.
    if (
      fns.some(
        (o) => o !== fn && o.startLine <= fn.startLine && o.endLine >= fn.endLine && (o.startLine < fn.startLine || o.endLine > fn.endLine),
      )
    ) {
      outcomes.push({ name: fn.name, line: fn.startLine, action: 'skipped', reason: "a local function inside another function's body" });
      continue;
    }
    // test code in a non-test file (a Rust `#[cfg(test)]` module, a `#[test]` or `@Test` function)
    if (isTestCode(lines, facts.declRow, language, testModules)) {
      outcomes.push({ name: fn.name, line: fn.startLine, action: 'skipped', reason: 'test code' });
      continue;
    }
    if (hiddenFromDocs(lines, facts.declRow, language)) {
      outcomes.push({ name: fn.name, line: fn.startLine, action: 'skipped', reason: 'hidden from the docs (`#[doc(hidden)]`)' });
      continue;
    }
    let planned = plan(fn, facts, ctx);
    let prose: 'model' | 'deterministic' = 'deterministic';
    let rejected: string[] = [];
    let modelFields: ProseField[] = [];
    if (llm && wants(planned.use)) {
      // The model's prose fills what nothing grounded gives; whatever it cannot improve stays.
      const enriched = await enrich(llm, fn, language, facts, planned.use, options.signal);
      rejected = enriched?.rejected.map((r) => `${r.field}: ${r.reason}`) ?? [];
      if (enriched && enriched.fields.length > 0) {
        const again = plan(fn, facts, ctx, enriched.apply);
        if (
          'edit' in again &&
          (!('edit' in planned) || (again.edit.startRow === planned.edit.startRow && again.edit.endRow === planned.edit.endRow))
        ) {
          planned = again;
          prose = 'model';
          modelFields = enriched.fields;
        } else rejected.push('the text could not be rendered in this style');
      }
    }
    if (planned.stale.length > 0) staleParams.push({ name: fn.name, params: planned.stale });
    if ('reason' in planned) {
      if (planned.needsSummary) needsSummary.push({ name: fn.name, line: fn.startLine });
      if (planned.reason !== '') outcomes.push({ name: fn.name, line: fn.startLine, action: 'skipped', reason: planned.reason });
      else if (rejected.length > 0)
        outcomes.push({
          name: fn.name,
          line: fn.startLine,
          action: 'skipped',
          reason: `nothing grounded, and the model's text was refused (${rejected.join('; ')})`,
        });
      continue;
    }
    if (usedRows.has(planned.edit.startRow)) {
      outcomes.push({ name: fn.name, line: fn.startLine, action: 'skipped', reason: 'another declaration starts on the same line' });
      continue;
    }
    usedRows.add(planned.edit.startRow);
    const action = planned.updated ? 'updated' : 'documented';
    edits.push(planned.edit);
    if (planned.moved) edits.push(planned.moved);
    outcomes.push({
      name: fn.name,
      line: fn.startLine,
      action,
      ...(llm ? { prose, ...(prose === 'model' ? { modelFields } : {}), ...(rejected.length > 0 ? { rejected } : {}) } : {}),
      ...(options.explain ? { sources: planned.sources } : {}),
    });
  }
  edits.sort((a, b) => a.startRow - b.startRow);
  return {
    output: applyEdits(lines, edits).join(eol),
    edits,
    outcomes,
    staleParams,
    needsSummary,
    style: detected.style,
    ...(ctx.notes.size > 0 ? { notes: [...ctx.notes] } : {}),
  };
}

const wants = (u: ProseUse): boolean => u.summary || u.params.length > 0 || u.returns || u.raises.length > 0;

export function applyEdits(lines: readonly string[], edits: readonly LineEdit[]): string[] {
  const out = [...lines];
  for (const e of [...edits].sort((a, b) => b.startRow - a.startRow)) out.splice(e.startRow, e.endRow - e.startRow, ...e.lines);
  return out;
}

interface PlanContext {
  /** PHP: a new tag description ends without its final dot (`withoutDot`) */
  dropDot: boolean;
  lines: readonly string[];
  language: string;
  /** the file's style and width */
  config: StyleConfig;
  /** the file already uses parameter/return sections somewhere */
  sectioned: boolean;
  /** Python: the file's own docs write parameter or return types (else new entries write none) */
  typed: boolean;
  /** Rust: the file's own parameter list form (`# Parameters` / `- \`x\`: …`), null for the default */
  rustList: RustListFormat | null;
  index: RepoIndex;
  relPath: string;
  includeInherited: boolean;
  /** the file's members declared `private`/`protected` (raises.ts, `privateMembers`) */
  hidden: ReadonlySet<string>;
  /** the file's functions that only throw (raises.ts, `throwingHelpers`) */
  helpers: ReadonlyMap<string, ThrowHelper>;
  /** JavaScript: the file's constructor functions (model.ts, `constructorFunctions`) */
  classFunctions: ReadonlySet<string>;
  /** PHP: whether a thrown `\\Name` keeps its backslash (raises.ts, `phpKeepsRoot`) */
  keepsRoot: (type: string) => boolean;
  /** JSDoc/TSDoc: new tags carry their text on the line below (`fill`: filled as the repository's formatter does) */
  tagBelow: { fill: boolean } | null;
  /** the repository documents no exceptions in this language (ground.ts, `documentsNoExceptions`); asked only where a raise is grounded */
  exceptionless: () => boolean;
  /** why something grounded was left out, for `FileResult.notes` */
  notes: Set<string>;
}

/**
 * Whether new PHPDoc tag descriptions go without a final dot: where the repository's php-cs-fixer
 * says so, or (its rules unreadable) where the file's own one-line tag descriptions, else the
 * repository's, do so nearly always (at least five, at most one in ten with a dot).
 */
function withoutDot(rule: GenerateOptions['phpTagDot'], source: string, index: RepoIndex): boolean {
  if (rule === 'without') return true;
  if (rule !== 'evidence') return false;
  const bare = (e: { dot: number; bare: number }): boolean => e.bare >= 5 && e.dot * 10 <= e.bare;
  const file = tagDescriptionDots([...source.matchAll(/\/\*\*([\s\S]*?)\*\//g)].map((b) => b[1]!));
  if (file.dot + file.bare >= 5) return bare(file);
  const docs: string[] = [];
  for (const [k, fns] of index.byShort) if (k.startsWith('PHP\0')) for (const f of fns) if (f.doc) docs.push(f.doc);
  return bare(tagDescriptionDots(docs));
}

const repoEvidence = new WeakMap<RepoIndex, Map<string, TagEvidence>>();

/** What the repository's indexed docs of a language show of their tag layout (computed once per index). */
function repoTagEvidence(index: RepoIndex, language: string): TagEvidence {
  const byLanguage = repoEvidence.get(index) ?? new Map<string, TagEvidence>();
  repoEvidence.set(index, byLanguage);
  let e = byLanguage.get(language);
  if (!e) {
    const docs: string[] = [];
    for (const [k, fns] of index.byShort) if (k.startsWith(`${language}\0`)) for (const f of fns) if (f.doc) docs.push(f.doc);
    e = tagEvidence(docs);
    byLanguage.set(language, e);
  }
  return e;
}

/**
 * Styles whose linters reject a parameter list that leaves a parameter out once the list exists:
 * pydocstyle/ruff D417 (Google, NumPy), numpydoc PR01, darglint DAR101 (reST, epytext),
 * eslint-plugin-jsdoc `require-param` (JSDoc, TSDoc), Checkstyle's `JavadocMethod`, PHP_CodeSniffer's
 * `FunctionComment`, the C# compiler's CS1573, Doxygen's incomplete-doc warning
 * (docs/decisions.md, "A parameter list added is complete or not added").
 */
const COMPLETE_LISTS: ReadonlySet<string> = new Set([
  'google',
  'numpy',
  'rest',
  'epytext',
  'jsdoc',
  'tsdoc',
  'javadoc',
  'phpdoc',
  'xmldoc',
  'doxygen',
  'doxygen-qt',
]);

/**
 * A doc that had no parameter entries gets a parameter list only when every parameter (a
 * variadic one too: ruff's D417 asks for `*args`) has a grounded entry; otherwise it gets none
 * (held out, set 33: pyfar's `_design_frequency_weighting_filter_cached` got `sampling_rate` and
 * `n_bins` but not `target_weighting`, and D417 rejected the file).
 */
function completeOrNone(m: DocModel, style: string): DocModel {
  if (!COMPLETE_LISTS.has(style) || m.params.every((p) => p.text !== '')) return m;
  return { ...m, params: m.params.map((p) => ({ ...p, text: '' })) };
}

const NO_USE: ProseUse = { summary: false, params: [], returns: false, raises: [] };

type Plan = ({ edit: LineEdit; updated: boolean; sources: string[]; moved?: LineEdit } | { reason: string; needsSummary?: boolean }) & {
  stale: string[];
  use: ProseUse;
};

/** `adjust` replaces the missing prose (with the model's, enrich.ts) before rendering. */
function plan(fn: ParsedFunction, facts: SignatureFacts, ctx: PlanContext, adjust?: (m: DocModel) => DocModel): Plan {
  const { lines, language } = ctx;
  let config = ctx.config;
  const python = isPython(language);
  const form = commentForm(language);
  const grounded = buildModel(fn, language, facts, {
    index: ctx.index,
    relPath: ctx.relPath,
    hidden: ctx.hidden,
    helpers: ctx.helpers,
    classFunctions: ctx.classFunctions,
    keepsRoot: ctx.keepsRoot,
  });
  // a NumPy-style file's docstring opening with "This" fails pydocstyle/ruff D401 and D404 (the
  // NumPy convention has both): a body comment so worded stays a comment (held out, set 35:
  // librosa's `__beat_local_score`, "This function essentially implements …")
  if (python && grounded.summaryComment && config.docstringStyle === 'numpy' && /^This\b/.test(grounded.summary)) {
    grounded.summary = '';
    delete grounded.summaryComment;
    delete grounded.summarySource;
  }
  // a NumPy Returns entry needs a type line: a borrowed one whose type is known nowhere is left out
  // rather than typed with the placeholder `object` (tuning, set 35: seven such entries)
  if (python && config.docstringStyle === 'numpy' && grounded.returns?.source && grounded.returns.type === null) grounded.returns = null;
  // a repository whose php-cs-fixer drops a tag description's final dot gets none: its
  // `--dry-run` would otherwise rewrite every new `@throws` (held out, set 35: Nyholm/psr7, yasumi)
  if (ctx.dropDot)
    grounded.raises = grounded.raises.map((r) =>
      r.text && /[^.]\.$/.test(r.text) && !/\.\s/.test(r.text) ? { ...r, text: r.text.slice(0, -1) } : r,
    );
  // a raise a repository decorator's wrapper catches (`@validator`: `except (ValueError, …)` around
  // the call) never reaches the decorated function's callers (held out, set 37: validators' `cron`)
  if (python && ctx.index.catchingDecorators && grounded.raises.length > 0) {
    const head = fn.content.slice(0, Math.max(0, fn.content.search(/^\s*(?:async\s+)?def\s/m)));
    const clauses = [...head.matchAll(/^\s*@([\w.]+)\s*$/gm)].flatMap(
      (d) => ctx.index.catchingDecorators!.get(`Python\0${d[1]!.split('.').pop()}`) ?? [],
    );
    if (clauses.length > 0) grounded.raises = grounded.raises.filter((r) => !clauses.some((c) => pyCatches(c, r.type)));
  }
  // the repository's own convention: in a language where it has ten or more documented functions
  // and not one of their docs documents an exception, none is added (docs/docgen.md, "The
  // repository's convention for exceptions"; set C1: jwt-framework writes no `@throws`, got 73)
  if (grounded.raises.length > 0 && ctx.exceptionless()) {
    grounded.raises = [];
    ctx.notes.add(`the repository documents no exceptions in ${language === 'TSX' ? 'TypeScript' : language}; none added`);
  }
  let model = adjust ? adjust(grounded) : grounded;
  // A property setter is documented as the property: JSDoc/TSDoc write its `@type` (a `@param` on
  // `set startAngle(arg)` says "the new value of the property" and nothing more; held out, set 28:
  // playcanvas' 80 particle-system setters), and Python shows the getter's docstring, never the
  // setter's (h5py's `shape` setter). What the setter throws is still its own.
  if (python && /^\s*@[\w.]+\.setter\b/m.test(fn.content.slice(0, Math.max(0, fn.content.search(/\bdef\s/)))))
    return { reason: "a property setter: Python shows the getter's docstring", stale: [], use: NO_USE };
  if (
    /^(JavaScript|TypeScript|TSX)$/.test(language) &&
    /^\s*(?:(?:public|private|protected|static|override|declare)\s+)*set\s+[\w$#]+\s*\(/.test(fn.content)
  ) {
    const { summaryComment: _c, summarySource: _s, ...rest } = model;
    model = { ...rest, summary: '', params: model.params.map((p) => ({ ...p, text: '' })), returns: null };
  }
  // a summary that restates the name is none, whatever gave it (a wrapper's "Same as" names another function)
  if (model.summary !== '' && !model.summarySource?.startsWith('a thin wrapper') && summaryRestatesName(model.summary, fn.name)) {
    const { summaryComment: _moved, summarySource: _source, ...rest } = model;
    model = { ...rest, summary: '' };
  }
  // A Python file whose docs write no types gets none: the annotations say them already, and an
  // entry `encoding (Optional[str]):` among `encoding:` entries is out of the file's style.
  if (python && !ctx.typed) model = untyped(model);
  let stale: string[] = [];
  let updated = false;
  let startRow: number;
  let endRow: number;
  let indent: string;
  let opening: { quote: string; alone: boolean } | undefined;
  /** a NumPy prose doc's own later sections, kept after the new ones (`numpyLaterSections`) */
  let trailer: string[] = [];
  const ungrounded = (m: DocModel): string[] => m.params.filter((p) => p.text === '' && !p.variadic).map((p) => p.name);
  const go = language === 'Go';
  if (fn.docstring !== null && fn.docStartLine !== null && fn.docEndLine !== null) {
    // A doc that only says it inherits (`{@inheritDoc}`, `@inheritDoc`) takes its parameter and
    // return entries from the parent: one added here would repeat or override them (held out, set
    // 18: monolog's `SymfonyMailerHandler::send` got the parent's `@param` once more). What the
    // method's own code throws is its own, and is still added.
    // Block tags after it (`@throws` this run or the maintainers added) do not change that: Javadoc
    // still copies every missing `@param`/`@return` from the parent (held out, set C6: agrona's
    // `parseNaturalLongAscii` got "@param index to verify." from a bounds check it calls, once a
    // first pass had added its `@throws`)
    const inheritsOnly = /^\s*(\{@inherit[Dd]oc[^}]*\}|@inherit[Dd]oc)\s*(?:\n\s*@[a-z][\s\S]*)?$/.test(fn.docstring);
    if (inheritsOnly) model = { ...model, params: model.params.map((p) => ({ ...p, text: '' })), returns: null, yields: null };
    const summary = parseDocstring(fn.docstring, language);
    const names = new Set(facts.params.map((p) => p.name));
    stale =
      facts.signature && !facts.signature.incomplete && !facts.signature.acceptsKeywords
        ? summary.params.filter((p) => !names.has(p) && !RECEIVERS.has(p))
        : [];
    // An XML doc with only a <summary> (or <remarks>…) has no param/returns entries for the parser to see; its entries are added the same way.
    const xmlOnlyProse = language === 'C#' && summary.styles.length === 0 && /<\w/.test(fn.docstring) && config.docstringStyle === 'xmldoc';
    if (summary.styles.length > 0 || xmlOnlyProse) {
      // The doc's own style is followed, whatever the configuration says.
      const own = xmlOnlyProse ? 'xmldoc' : rendererStyle(summary.styles, fn.docstring, language);
      const use: ProseUse = {
        ...NO_USE,
        params: ungrounded(grounded).filter((p) => !summary.params.includes(p)),
        returns: !summary.documentsReturn && grounded.returns !== null && grounded.returns.text === '' && grounded.yields === null,
      };
      const vis = visible(model, language);
      // A Python doc that lists the parameter already as an entry of its own (`inverse : bool,
      // optional`), in a section the parser does not read (entries indented deeper than their
      // heading), is not given a second one (held out, set 30: scikit-rf's `Circuit.X`)
      const listed = (name: string): boolean =>
        python &&
        new RegExp(`^[ \\t]*\\*{0,2}${name.replace(/[$]/g, '\\$&')}[ \\t]*(?::|\\([^)]*\\)[ \\t]*:)`, 'm').test(fn.docstring ?? '');
      // YARD's `@param (see #other)` copies every parameter tag of `other`: the doc lists them by
      // reference (held out, set 32: highline's `get_line_with_readline` got a second `@param question`)
      const seeParams = language === 'Ruby' && /^[ \t]*#?[ \t]*@param[ \t]+\(see[ \t]/m.test(fn.docstring);
      // a doc that lists no parameter yet (a `<summary>` alone, a `Returns:` section alone) gets a
      // complete list or none, as a prose doc does (`completeOrNone`)
      const noList = summary.params.length === 0 && !seeParams && ![...facts.params].some((p) => listed(p.name));
      const missing =
        seeParams || (noList && completeOrNone(model, own ?? '') !== model)
          ? []
          : vis.params.filter((p) => !summary.params.includes(p.name) && !p.variadic && !listed(p.name));
      const needsReturn = !summary.documentsReturn && (vis.returns !== null || vis.yields !== null);
      // raises the code states that the doc names nowhere (a doc with entries is completed with
      // them as a prose doc is)
      const docText = fn.docstring;
      // a raise the parent's doc already states (itself or a supertype) is the inherited contract
      const withInherited = [docText, ...inheritedDocs(ctx.index, language, splitName(fn.name).owner, splitName(fn.name).short)].join('\n');
      const newRaises = vis.raises.filter(
        (r) => !raiseNamed(withInherited, r.type, language, ctx.index) && !(r.type === 'panic' && /#\s*Panics/.test(docText)),
      );
      if (missing.length === 0 && !needsReturn && newRaises.length === 0)
        return { reason: '', stale, use: own && FAMILY[own] ? use : NO_USE };
      if (!own || !FAMILY[own])
        return {
          reason: `its doc is written in ${summary.styles.join('/')} style, which Docent does not extend for ${language}; it is left as it is`,
          stale,
          use: NO_USE,
        };
      config = { ...config, docstringStyle: own };
      const merged = mergeExisting(lines, fn.docStartLine - 1, fn.docEndLine, form, config, {
        missingParams: missing,
        returns: needsReturn ? vis.returns : null,
        yields: needsReturn ? vis.yields : null,
        raises: newRaises,
        // a block-tag doc's new tags take the file's (else the repository's) own layout
        layout:
          FAMILY[own] === 'tags' && form.kind === 'block'
            ? {
                ...tagLayout(lines.join('\n'), repoTagEvidence(ctx.index, language)),
                below: ctx.tagBelow !== null,
                fill: ctx.tagBelow?.fill === true,
              }
            : undefined,
      });
      if (typeof merged === 'string') return { reason: merged, stale, use: NO_USE };
      merged.lines = keepHumanBytes(merged.lines, lines.slice(merged.startRow, merged.endRow));
      if (!keepsHumanLines(merged.lines, lines.slice(merged.startRow, merged.endRow)))
        return { reason: "extended, a line of the maintainers' doc would change", stale, use: NO_USE };
      const sources = sourcesOf({ ...vis, summary: '', params: missing, returns: needsReturn ? vis.returns : null, raises: newRaises });
      return { edit: merged, updated: true, stale, use, sources };
    }
    // Prose only: the human text stays; sections are added only where the file already writes
    // them, and only grounded ones. Go has no sections. A block-tag doc comment (JSDoc, TSDoc,
    // Javadoc, PHPDoc) is the exception for raises alone: a `@throws` tag after the prose is how
    // those tools document a throw whatever the file's other docs list, and it lays out no
    // parameter section (docs/docgen.md, "Raises"; sets 15–17: TypeScript/JavaScript files
    // document in prose only and got nothing).
    if (go) return { reason: '', stale, use: NO_USE };
    if (!ctx.sectioned) {
      if (!(FAMILY[config.docstringStyle] === 'tags' && form.kind === 'block')) return { reason: '', stale, use: NO_USE };
      model = { ...model, params: model.params.map((p) => ({ ...p, text: '' })), returns: null, yields: null };
    }
    // An inheriting method (a dunder, an override) whose maintainers wrote prose only: its entries
    // are the inherited ones, nothing is added (held out, set 9: filelock's `__exit__` got the
    // exception parameters of another class's `__exit__`, which a second run spread further).
    // Outside Python, what the method's own code throws is its own: a raise is still added, but no
    // parameter or return entry (its parent's are the ones that hold; held out, set 18: monolog's
    // `WildfireFormatter::formatBatch` refuses batches, which its interface does not say).
    const inheritedProse = inheritsDoc(fn, language, lines, facts.declRow, ctx.relPath, ctx.index);
    if (inheritedProse && !ctx.includeInherited) {
      if (python) return { reason: `${inheritedProse}; nothing is added to its doc (includeInherited adds it)`, stale, use: NO_USE };
      model = { ...model, params: model.params.map((p) => ({ ...p, text: '' })), returns: null, yields: null };
    }
    startRow = fn.docStartLine - 1;
    endRow = fn.docEndLine;
    const first = lines[startRow] ?? '';
    const last = lines[endRow - 1] ?? '';
    const ownLines =
      form.kind === 'docstring'
        ? /^\s*[rRuU]?("""|''')/.test(first) && /("""|''')\s*$/.test(last)
        : form.kind === 'block'
          ? /^\s*\/\*\*/.test(first) && /\*\/\s*$/.test(last)
          : lines.slice(startRow, endRow).every((l) => l.trimStart().startsWith(form.prefix));
    const docText = fn.docstring;
    const withInherited = [docText, ...inheritedDocs(ctx.index, language, splitName(fn.name).owner, splitName(fn.name).short)].join('\n');
    // (an existing doc is not extended with a deprecation note, docs/docgen.md: "Renamed to
    // `kosaraju_scc`." got "Deprecated: renamed to kosaraju_scc." under it, held out set 19)
    const { deprecated: _deprecated, ...undeprecated } = completeOrNone(model, config.docstringStyle);
    const prose = visible(
      {
        ...undeprecated,
        raises: model.raises.filter(
          (r) => !raiseNamed(withInherited, r.type, language, ctx.index) && !(r.type === 'panic' && /#\s*Panics/.test(docText)),
        ),
      },
      language,
    );
    const use: ProseUse = ctx.sectioned && !inheritedProse && !inheritsOnly ? { ...NO_USE, params: ungrounded(grounded) } : NO_USE;
    if (prose.params.length === 0 && !prose.returns && !prose.yields && prose.raises.length === 0) return { reason: '', stale, use };
    if (!ownLines) return { reason: 'its doc shares a line with code', stale, use: NO_USE };
    if (python && /^\s*[rR]?'''/.test(first)) return { reason: "its docstring uses ''' quotes", stale, use: NO_USE };
    // a docstring the parser read as prose although it holds a section (`Raises:` alone): the
    // entries would be appended after that section, out of the order every style reads
    if (
      python &&
      /^\s*(?:Args|Arguments|Parameters|Keyword Args|Keyword Arguments|Returns?|Yields?|Raises)\s*:\s*$|^\s*(?:Parameters|Returns|Yields|Raises)\s*\n\s*-{3,}\s*$/m.test(
        docText,
      )
    )
      return { reason: 'its docstring has sections the parser could not read', stale, use: NO_USE };
    // a doc comment written without a leading `*` on its lines would be re-rendered with one on
    // every human line: the maintainers' layout is theirs, so nothing is added
    if (
      form.kind === 'block' &&
      endRow - startRow > 2 &&
      lines.slice(startRow + 1, endRow - 1).some((l) => l.trim() !== '' && !/^\s*\*/.test(l))
    )
      return { reason: 'its doc comment has lines without a leading *', stale, use: NO_USE };
    // nor is one whose lines are indented unlike its opening (` * ` lines after a tab where the
    // opening has spaces): re-rendered, every human line would change (held out, set 19:
    // Chart.js' `\t * @private` under a space-indented `/**`)
    if (form.kind === 'block' && misaligned(lines.slice(startRow, endRow)))
      return { reason: "its doc comment's lines are indented unlike its opening", stale, use: NO_USE };
    indent = /^\s*/.exec(first)![0];
    // a NumPy docstring's own later sections (Notes, References, See Also, Examples…) stay after
    // the new ones, in numpydoc's order (held out, set 38: scikit-bio's `_validate_shape` got
    // `Raises` after its `Notes`, pmdarima's `if_delegate_has_method` `Parameters` after `References`)
    const later = python && FAMILY[config.docstringStyle] === 'numpy' ? numpyLaterSections(docText) : null;
    // (a blank line the maintainers left before the closing quotes stays there)
    if (later) trailer = [...later.tail, ...(endRow - startRow > 2 && (lines[endRow - 2] ?? 'x').trim() === '' ? [''] : [])];
    model = mergeProse(prose, later ? later.head : docText);
    // a doc that ends in block tags (`@throws`, `@see`) gets the new tags inside that block, in
    // the conventional order, not as a second block after it
    const tagRender = FAMILY[config.docstringStyle] === 'tags' ? RENDERERS[config.docstringStyle] : undefined;
    if (tagRender) {
      const max = config.maxDocStringLength;
      const tagWidth = Math.max(
        20,
        form.kind === 'block'
          ? max - indent.length - 3
          : form.kind === 'line'
            ? max - indent.length - form.prefix.length - 1
            : max - indent.length - 4,
      );
      const rendered = tagRender({ ...prose, summary: '', description: [] }, tagWidth);
      const added = ctx.tagBelow && form.kind === 'block' ? textBelow(rendered, tagWidth, ctx.tagBelow.fill) : rendered;
      const merged = mergeTagBlock(docText.replace(/\s+$/, '').replace(/^\n+/, ''), added);
      if (merged !== null) model = { summary: '', description: [merged], params: [], returns: null, yields: null, raises: [] };
    }
    updated = true;
    // the human docstring's own opening (`"""` alone on its line, a prefix) is kept as it is
    if (python) opening = { quote: /^\s*([rRuU]?""")/.exec(first)![1]!, alone: /^\s*[rRuU]?"""\s*$/.test(first) };
  } else {
    const inherited = inheritsDoc(fn, language, lines, facts.declRow, ctx.relPath, ctx.index);
    if (inherited) {
      if (!ctx.includeInherited) return { reason: `${inherited}; nothing is written (includeInherited writes it)`, stale, use: NO_USE };
      const tag = inheritDocTag(config.docstringStyle);
      if (tag)
        model = {
          summary: tag,
          description: [],
          params: [],
          returns: null,
          yields: null,
          raises: [],
          summarySource: 'an inheriting method, asked for (includeInherited)',
        };
    }
    if (python) {
      if (facts.bodyRow === null || facts.bodyColumn === null) return { reason: 'its body is on the header line', stale, use: NO_USE };
      startRow = pythonDocRow(lines, facts.declRow, facts.bodyRow);
      endRow = startRow;
      indent = (lines[facts.bodyRow] ?? '').slice(0, facts.bodyColumn);
      if (indent.trim() !== '') return { reason: 'its body shares a line with its header', stale, use: NO_USE };
    } else {
      const row = docRowAbove(lines, facts.declRow, language);
      if (row === null) return { reason: 'a doc comment sits above its directives or attributes', stale, use: NO_USE };
      // the maintainers' own plain comment right above the declaration (`// create a type
      // representing "? extends X"`) is what they wrote about it: a doc is not wedged between the
      // two (held out, set 12), and the comment is theirs to turn into a doc
      if (maintainersCommentAbove(lines, row))
        return { reason: "a comment of the maintainers' sits right above it; no doc is put under it", stale, use: NO_USE };
      startRow = row;
      endRow = startRow;
      indent = /^\s*/.exec(lines[facts.declRow] ?? '')![0];
    }
    // a grounded deprecation note is worth a doc of its own (the summary stays for a maintainer)
    if (model.summary === '' && !model.deprecated) {
      const use: ProseUse = go
        ? { ...NO_USE, summary: true }
        : {
            summary: true,
            params: ungrounded(grounded),
            returns: grounded.returns !== null && grounded.returns.text === '' && grounded.yields === null,
            raises: [],
          };
      return { reason: '', needsSummary: true, stale, use };
    }
    model = visible(completeOrNone(model, config.docstringStyle), language);
  }
  // rustdoc lists parameters the way the file already does
  const styleRender = config.docstringStyle === 'rustdoc' && ctx.rustList ? rustdocWith(ctx.rustList) : RENDERERS[config.docstringStyle];
  if (!styleRender) return { reason: `no renderer for style ${config.docstringStyle}`, stale, use: NO_USE };
  const below = ctx.tagBelow;
  const render =
    below && form.kind === 'block' && FAMILY[config.docstringStyle] === 'tags'
      ? (m: DocModel, w: number): string[] => textBelow(styleRender(m, w), w, below.fill)
      : styleRender;
  const max = config.maxDocStringLength;
  const body =
    form.kind === 'docstring'
      ? pythonDoc(model, render, max, indent, opening)
      : form.kind === 'block'
        ? blockDoc(model, render, max, indent)
        : lineDoc(model, render, max, indent, form.prefix);
  if (body === null) return { reason: 'its text cannot be quoted safely', stale, use: NO_USE };
  if (trailer.length > 0 && form.kind === 'docstring')
    body.splice(body.length - 1, 0, '', ...trailer.map((l) => (l === '' ? '' : `${indent}${l}`)));
  if (updated) {
    body.splice(0, body.length, ...keepHumanBytes(body, lines.slice(startRow, endRow)));
    if (!keepsHumanLines(body, lines.slice(startRow, endRow)))
      return { reason: "extended, a line of the maintainers' doc would change", stale, use: NO_USE };
  }
  // gofmt separates a doc comment from the directive lines under it (`//go:noinline`,
  // `//nolint:x`) with an empty `//` line; without it, gofmt would change the file.
  if (go && !updated && lines.slice(startRow, facts.declRow).some((l) => GO_DIRECTIVE.test(l.trim()))) body.push(`${indent}//`);
  // A prose doc with nothing to add renders as itself: no edit.
  if (endRow > startRow && body.join('\n') === lines.slice(startRow, endRow).join('\n')) return { reason: '', stale, use: NO_USE };
  // The body's leading comment became the summary: it moves into the doc instead of being said twice.
  const span =
    !updated && model.summaryComment
      ? { startRow: fn.startLine - 1 + model.summaryComment.start, endRow: fn.startLine - 1 + model.summaryComment.end }
      : null;
  // …only when the doc carries its words byte for byte (the first letter's capital and a closing
  // period aside): otherwise the comment stays where it is (held out, set 25).
  const moved = span && carries(body, lines.slice(span.startRow, span.endRow)) ? span : null;
  if (moved && moved.startRow === endRow) {
    // a Python docstring is followed by no blank line (pydocstyle/ruff D202, in every convention):
    // the blank lines that set the comment off from the code go with it (held out, set 35:
    // librosa's `__beat_local_score`)
    let to = moved.endRow;
    if (python) while (to < lines.length - 1 && lines[to]!.trim() === '' && lines.slice(to).some((l) => l.trim() !== '')) to++;
    return { edit: { startRow, endRow: to, lines: body }, updated, stale, use: NO_USE, sources: sourcesOf(model) };
  }
  return {
    edit: { startRow, endRow, lines: body },
    updated,
    stale,
    use: NO_USE,
    sources: sourcesOf(model),
    ...(moved && moved.startRow > endRow ? { moved: { ...moved, lines: [] } } : {}),
  };
}

/**
 * Whether the doc lines `body` carry the words of the comment lines `comment` as written: the
 * comment's text (markers stripped, lines joined by one space) appears in the doc's text (markers
 * stripped, lines joined), with at most its first letter capitalised.
 */
export function carries(body: readonly string[], comment: readonly string[]): boolean {
  const strip = (l: string): string =>
    l
      .trim()
      .replace(/^(?:\/\/[/!]?|#|\/\*\*?|\*\/|\*|"{3}|'{3})\s?/, '')
      .replace(/(?:\*\/|"{3}|'{3})$/, '')
      .trim();
  const words = (ls: readonly string[]): string =>
    ls
      .map(strip)
      .filter((l) => l !== '')
      .join(' ')
      .replace(/\s+/g, ' ');
  const c = words(comment);
  if (c === '') return true;
  const d = words(body);
  return d.includes(c) || d.includes(`${c.charAt(0).toUpperCase()}${c.slice(1)}`);
}

/**
 * Whether the line above `row` ends a plain (non-doc) comment in prose: `// text` (not `///`,
 * `//!`), or a block comment that opens with a single star (a doc comment opens with two).
 */
function maintainersCommentAbove(lines: readonly string[], row: number): boolean {
  const above = (lines[row - 1] ?? '').trim();
  if (/^\/\/(?![/!])/.test(above)) {
    // the whole run of `//` lines it ends
    const run: string[] = [];
    for (let r = row - 1; r >= 0 && /^\s*\/\/(?![/!])/.test(lines[r] ?? ''); r--)
      run.unshift((lines[r] ?? '').trim().replace(/^\/\/\s?/, ''));
    return proseComment(run.join(' '));
  }
  if (/\*\/$/.test(above)) {
    let r = row - 1;
    while (r >= 0 && !/\/\*/.test(lines[r] ?? '')) r--;
    const open = (lines[r] ?? '').trim();
    if (r < 0 || /^\/\*\*(?!\*)/.test(open) || !open.startsWith('/*')) return false;
    const text = lines
      .slice(r, row)
      .map((l) =>
        l
          .trim()
          .replace(/^\/\*+|\*+\/$|^\*+/g, '')
          .trim(),
      )
      .join(' ');
    return proseComment(text);
  }
  return false;
}

/** Whether Python docs write types: Google `name (type):`, reST `:type x:` / `:param int x:` / `:rtype:`, NumPy `name : type`, epytext `@type x:`. */
export function writesPythonTypes(docs: readonly string[]): boolean {
  return docs.some((d) =>
    /^\s*(?::type\s+\w+\s*:|:param\s+[^\s:]+\s+\w+\s*:|:rtype:|@type\s+\w+\s*:|@rtype:|\*{0,2}\w+\*{0,2}\s+\([^)\n]+\)\s*:|\w+\s+:\s+\S)/m.test(
      d,
    ),
  );
}

function untyped(m: DocModel): DocModel {
  return {
    ...m,
    params: m.params.map((p) => ({ ...p, type: null })),
    returns: m.returns && { ...m.returns, type: null },
    yields: m.yields && { ...m.yields, type: null },
  };
}

/**
 * The maintainers' lines of a doc that is extended, as they were: a rendered line that differs from
 * the next unused original line only in trailing whitespace (` * ` rendered as ` *`) is the
 * original line (held out, set 20: joda-beans' blank ` * ` lines lost their trailing space).
 */
export function keepHumanBytes(rendered: readonly string[], original: readonly string[]): string[] {
  // compared without any whitespace: a Ruby RDoc opener `##` is read as a `#` line holding `#`
  // and rendered `# #` (held out, set 22: addressable's `##` openers)
  const bare = (l: string): string => l.replace(/\s+/g, '');
  let j = 0;
  const out = rendered.map((l) => {
    const t = bare(l);
    for (let k = j; k < original.length; k++)
      if (bare(original[k]!) === t) {
        j = k + 1;
        return original[k]!;
      }
    return l;
  });
  // The blank lines the maintainers left at the end of the doc (before a closing `"""` or ` */`,
  // or its last `#` lines) stay there, after the entries added above them: the prose is kept
  // without its trailing blank lines, so they were lost (held out, set 22: deepdiff's
  // `pickle_load` lost one of its two blank lines before `"""`).
  const blank = (l: string): boolean => /^\s*(?:\*|#|\/\/\/?|--)?\s*$/.test(l);
  const closer = (rows: readonly string[]): number => (rows.length > 1 && /^\s*(?:"""|\*\/)\s*$/.test(rows.at(-1)!) ? 1 : 0);
  const trailing = (rows: readonly string[]): number => {
    let n = 0;
    for (let i = rows.length - 1 - closer(rows); i > 0 && blank(rows[i]!); i--) n++;
    return n;
  };
  // (as many as the new doc has fewer blank lines than the old one: a separator the renderer put
  // before the new entries is one of them)
  const blanks = (rows: readonly string[]): number => rows.filter((l, i) => i > 0 && i < rows.length - closer(rows) && blank(l)).length;
  const lost = Math.min(trailing(original), blanks(original) - blanks(out));
  if (lost > 0 && out.length > 1 && closer(out) === closer(original)) {
    const end = original.length - closer(original);
    out.splice(out.length - closer(out), 0, ...original.slice(end - lost, end));
  }
  return out;
}

/**
 * Whether every line of the maintainers' doc is still in the new one, in order and byte for byte —
 * but for a first or last line that shares the opening `/**` / `"""` or the closing `*\/` with
 * text, which a doc that grows into a block has to split (`/** Summary. *\/`).
 */
export function keepsHumanLines(rendered: readonly string[], original: readonly string[]): boolean {
  if (original.length <= 1) return true;
  const rows = original.filter(
    (l, i) =>
      !(i === 0 && /^\s*(?:\/\*\*|[rRuU]?""")\s*\S/.test(l)) &&
      !(i === original.length - 1 && /\S\s*(?:\*\/|""")\s*$/.test(l) && !/^\s*(?:\*\/|""")\s*$/.test(l)),
  );
  let j = 0;
  for (const l of rows) {
    while (j < rendered.length && rendered[j] !== l) j++;
    if (j === rendered.length) return false;
    j++;
  }
  return true;
}

/** Whether a block doc comment's lines after `/**` do not all start with its opening's indentation and ` *`. */
function misaligned(rows: readonly string[]): boolean {
  const indent = /^\s*/.exec(rows[0] ?? '')![0];
  return rows.slice(1).some((l) => l.trim() !== '' && !l.startsWith(`${indent} *`));
}

/** Completes a sectioned doc in place (rows [start, end)); a string says why it cannot. */
function mergeExisting(
  lines: readonly string[],
  start: number,
  end: number,
  form: CommentForm,
  config: StyleConfig,
  missing: Pick<MergeInput, 'missingParams' | 'returns' | 'yields' | 'raises' | 'layout'>,
): LineEdit | string {
  const rows = lines.slice(start, end);
  const first = rows[0] ?? '';
  const last = rows.at(-1) ?? '';
  const indent = /^\s*/.exec(first)![0];
  const python = form.kind === 'docstring';
  if (form.kind === 'line') {
    if (!rows.every((l) => l.startsWith(`${indent}${form.prefix}`))) return 'its doc lines are not aligned';
    const content = rows.map((l) => l.slice(indent.length + form.prefix.length).replace(/^ /, ''));
    const width = Math.max(20, config.maxDocStringLength - indent.length - form.prefix.length - 1);
    const merged = mergeSections({ content, style: config.docstringStyle, width, ...missing });
    if (merged === null) return 'its doc sections are laid out in a way that cannot be extended safely';
    return {
      startRow: start,
      endRow: end,
      lines: merged.map((l) => (l === '' ? `${indent}${form.prefix}` : `${indent}${form.prefix} ${l}`)),
    };
  }
  if (rows.length < 2) return 'its doc is a single line';
  let content: string[];
  let opener = '';
  if (python) {
    const m = /^(\s*[rRuU]?""")(.*)$/.exec(first);
    if (!m || last.trim() !== '"""') return 'its docstring does not close on a line of its own';
    opener = m[1]!;
    const middle = rows.slice(1, -1).map((l) => (l.trim() === '' ? '' : l.startsWith(indent) ? l.slice(indent.length) : null));
    if (middle.some((l) => l === null)) return 'its docstring is indented less than its quotes';
    content = [m[2]!, ...(middle as string[])];
  } else {
    if (first.trim() !== '/**' || last.trim() !== '*/') return 'its doc comment shares its first or last line with text';
    if (misaligned(rows)) return "its doc comment's lines are indented unlike its opening";
    const middle = rows.slice(1, -1).map((l) => (/^\s*\*( |$)/.test(l) ? l.replace(/^\s*\*( |$)/, '') : null));
    if (middle.some((l) => l === null)) return 'its doc comment has lines without a leading *';
    content = middle as string[];
  }
  const width = Math.max(20, config.maxDocStringLength - indent.length - (python ? 0 : 3));
  const merged = mergeSections({ content, style: config.docstringStyle, width, ...missing });
  if (merged === null) return 'its doc sections are laid out in a way that cannot be extended safely';
  const out = python
    ? [opener + merged[0], ...merged.slice(1).map((l) => (l === '' ? '' : indent + l)), last]
    : [first, ...merged.map((l) => (l === '' ? `${indent} *` : `${indent} * ${l}`)), last];
  return { startRow: start, endRow: end, lines: out };
}

function lineDoc(model: DocModel, render: (m: DocModel, w: number) => string[], max: number, indent: string, prefix: string): string[] {
  const body = render(model, Math.max(20, max - indent.length - prefix.length - 1));
  return body.map((l) => (l === '' ? `${indent}${prefix}` : `${indent}${prefix} ${l}`));
}

/** An existing prose doc is kept verbatim, line for line; the sections are added after it. */
/**
 * A NumPy docstring split before its first section that numpydoc orders after every section the
 * engine adds (`Warns`, `Warnings`, `See Also`, `Notes`, `References`, `Examples`): the head, and
 * the tail lines from that heading on; null when it has none (or nothing before it).
 */
function numpyLaterSections(text: string): { head: string; tail: string[] } | null {
  const lines = text.replace(/\s+$/, '').split('\n');
  for (let i = 1; i < lines.length - 1; i++) {
    if (!/^(?:Warns|Warnings|See Also|Notes|References|Examples)\s*$/.test(lines[i]!) || !/^-{3,}\s*$/.test(lines[i + 1]!)) continue;
    const head = lines.slice(0, i).join('\n').replace(/\s+$/, '');
    return head.trim() === '' ? null : { head, tail: lines.slice(i) };
  }
  return null;
}

function mergeProse(model: DocModel, text: string): DocModel {
  const kept = text.replace(/\s+$/, '').replace(/^\n+/, '');
  return kept === '' ? model : { ...model, summary: '', description: kept.split(/\n\s*\n/) };
}

/** `opening`: an existing docstring's quote (kept, prefix included) and whether its text starts on the next line. */
function pythonDoc(
  model: DocModel,
  render: (m: DocModel, w: number) => string[],
  max: number,
  indent: string,
  opening?: { quote: string; alone: boolean },
): string[] | null {
  const width = max - indent.length - 4; // room for an opening r""" on the first line
  const body = render(model, Math.max(20, width));
  if (body.some((l) => l.includes('"""')) || body.at(-1)?.endsWith('\\')) return null;
  const backslash = body.some((l) => l.includes('\\'));
  if (opening) {
    // a backslash in a docstring that is not raw would now be an escape: only where it was already
    if (
      backslash &&
      !/^[rR]/.test(opening.quote) &&
      body.some((l) => l.includes('\\') && !model.description.some((d) => d.includes(l.trim())))
    )
      return null;
    const rest = body.map((l) => (l === '' ? '' : `${indent}${l}`));
    return opening.alone
      ? [`${indent}${opening.quote}`, ...rest, `${indent}"""`]
      : [`${indent}${opening.quote}${body[0]}`, ...rest.slice(1), `${indent}"""`];
  }
  const open = backslash ? 'r"""' : '"""';
  if (body.length === 1 && indent.length + open.length + body[0]!.length + 3 <= max && !body[0]!.endsWith('"'))
    return [`${indent}${open}${body[0]}"""`];
  // One line of text closes on its own line only when it cannot: PEP 257's one-liner, which black
  // makes of it anyway (held out, set 20: black rejected four XlsxWriter files). Too long with its
  // closing quotes, it is wrapped narrower instead.
  if (body.length === 1 && !body[0]!.endsWith('"')) {
    const narrower = render(model, Math.max(20, width - 3));
    if (narrower.length === 1) return null;
    return pythonDoc(model, (m, w) => render(m, Math.min(w, Math.max(20, width - 3))), max, indent, opening);
  }
  const out = body.map((l, i) => (i === 0 ? `${indent}${open}${l}` : l === '' ? '' : `${indent}${l}`));
  out.push(`${indent}"""`);
  return out;
}

function blockDoc(model: DocModel, render: (m: DocModel, w: number) => string[], max: number, indent: string): string[] {
  const prefix = `${indent} * `;
  const body = render(model, Math.max(20, max - prefix.length)).map((l) => l.replace(/\*\//g, '*\\/'));
  if (body.length === 1 && indent.length + 4 + body[0]!.length + 3 <= max) return [`${indent}/** ${body[0]} */`];
  return [`${indent}/**`, ...body.map((l) => (l === '' ? `${indent} *` : prefix + l)), `${indent} */`];
}
