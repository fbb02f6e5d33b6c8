import { extractWithTreeSitter, parseDocstring, signatureFactsOf, type LlmProvider, type ParsedFunction, type SignatureFacts } from '@docent/analyzer';
import { enrich, type ProseField, type ProseUse } from './enrich.ts';
import { buildModel, findRaises, RECEIVERS, type DocModel } from './model.ts';
import { FAMILY, mergeSections, type MergeInput } from './merge.ts';
import { RENDERERS } from './render.ts';
import { commentForm, type CommentForm, type StyleConfig } from './languages.ts';

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
    }
  | { name: string; line: number; action: 'skipped'; reason: string };

export interface GenerateOptions {
  /** optional LLM enrichment (DOCGEN.md §Pipeline step 4); absent or `none`: deterministic output */
  llm?: LlmProvider;
  signal?: AbortSignal;
}

export interface FileResult {
  output: string;
  edits: LineEdit[];
  outcomes: Outcome[];
  /** documented parameters that are not in the signature, per function (flagged, never removed) */
  staleParams: { name: string; params: string[] }[];
}

const isPython = (language: string): boolean => language === 'Python';

/** Generates or completes the docs of every function of one file. Pure: same input, same output. */
export async function generateFile(source: string, language: string, relPath: string, config: StyleConfig, options: GenerateOptions = {}): Promise<FileResult> {
  const llm = options.llm?.enabled ? options.llm : null;
  const fns = await extractWithTreeSitter(source, language, relPath, { signatureFacts: true });
  const eol = source.includes('\r\n') ? '\r\n' : '\n';
  const lines = source.split(eol);
  const edits: LineEdit[] = [];
  const outcomes: Outcome[] = [];
  const staleParams: FileResult['staleParams'] = [];
  const usedRows = new Set<number>();
  for (const fn of fns) {
    const facts = signatureFactsOf.get(fn);
    if (!facts) continue;
    let planned = plan(fn, facts, lines, language, config);
    if (planned.stale.length > 0) staleParams.push({ name: fn.name, params: planned.stale });
    if ('reason' in planned) {
      if (planned.reason !== '') outcomes.push({ name: fn.name, line: fn.startLine, action: 'skipped', reason: planned.reason });
      continue;
    }
    if (usedRows.has(planned.edit.startRow)) {
      outcomes.push({ name: fn.name, line: fn.startLine, action: 'skipped', reason: 'another declaration starts on the same line' });
      continue;
    }
    usedRows.add(planned.edit.startRow);
    const action = planned.updated ? 'updated' : 'documented';
    if (!llm) {
      edits.push(planned.edit);
      outcomes.push({ name: fn.name, line: fn.startLine, action });
      continue;
    }
    // The model's prose replaces the parts this edit writes; whatever it cannot improve stays.
    const enriched = await enrich(llm, fn, language, facts, planned.use, options.signal);
    const rejected = enriched?.rejected.map((r) => `${r.field}: ${r.reason}`) ?? [];
    let prose: 'model' | 'deterministic' = 'deterministic';
    if (enriched && enriched.fields.length > 0) {
      const again = plan(fn, facts, lines, language, config, enriched.apply);
      if ('edit' in again && again.edit.startRow === planned.edit.startRow && again.edit.endRow === planned.edit.endRow) {
        planned = again;
        prose = 'model';
      } else rejected.push('the text could not be rendered in this style');
    }
    edits.push(planned.edit);
    outcomes.push({ name: fn.name, line: fn.startLine, action, prose, ...(prose === 'model' ? { modelFields: enriched!.fields } : {}), ...(rejected.length > 0 ? { rejected } : {}) });
  }
  edits.sort((a, b) => a.startRow - b.startRow);
  return { output: applyEdits(lines, edits).join(eol), edits, outcomes, staleParams };
}

export function applyEdits(lines: readonly string[], edits: readonly LineEdit[]): string[] {
  const out = [...lines];
  for (const e of [...edits].sort((a, b) => b.startRow - a.startRow)) out.splice(e.startRow, e.endRow - e.startRow, ...e.lines);
  return out;
}

type Plan = ({ edit: LineEdit; updated: boolean; use: ProseUse } | { reason: string }) & { stale: string[] };

/** `adjust` replaces the deterministic prose (with the model's, enrich.ts) before rendering. */
function plan(fn: ParsedFunction, facts: SignatureFacts, lines: readonly string[], language: string, config: StyleConfig, adjust?: (m: DocModel) => DocModel): Plan {
  const python = isPython(language);
  const form = commentForm(language);
  let model = buildModel(fn.name, language, facts, fn.content);
  if (adjust) model = adjust(model);
  let stale: string[] = [];
  let updated = false;
  let startRow: number;
  let endRow: number;
  let indent: string;
  if (fn.docstring !== null && fn.docStartLine !== null && fn.docEndLine !== null) {
    const summary = parseDocstring(fn.docstring, language);
    const names = new Set(facts.params.map((p) => p.name));
    stale = facts.signature && !facts.signature.incomplete && !facts.signature.acceptsKeywords ? summary.params.filter((p) => !names.has(p) && !RECEIVERS.has(p)) : [];
    // An XML doc with only a <summary> (or <remarks>…) has no param/returns entries for the parser to see; its entries are added the same way.
    const xmlOnlyProse = language === 'C#' && summary.styles.length === 0 && /<\w/.test(fn.docstring) && config.docstringStyle === 'xmldoc';
    if (summary.styles.length > 0 || xmlOnlyProse) {
      const missing = model.params.filter((p) => !summary.params.includes(p.name) && !p.variadic);
      if (missing.length === 0 && (summary.documentsReturn || (!model.returns && !model.yields))) return { reason: '', stale };
      const family = FAMILY[config.docstringStyle];
      if (!family || (!xmlOnlyProse && !summary.styles.includes(family))) {
        return { reason: `its doc is written in ${summary.styles.join('/')} style, not ${config.docstringStyle}; it is left as it is`, stale };
      }
      const needsReturn = !summary.documentsReturn && (model.returns !== null || model.yields !== null);
      const merged = mergeExisting(lines, fn.docStartLine - 1, fn.docEndLine, form, config, {
        missingParams: missing,
        returns: needsReturn ? model.returns : null,
        yields: needsReturn ? model.yields : null,
      });
      if (typeof merged === 'string') return { reason: merged, stale };
      return { edit: merged, updated: true, stale, use: { summary: false, params: missing.map((p) => p.name), returns: needsReturn && model.returns !== null, raises: [] } };
    }
    // Prose only: the human text stays, the sections are added.
    startRow = fn.docStartLine - 1;
    endRow = fn.docEndLine;
    const first = lines[startRow] ?? '';
    const last = lines[endRow - 1] ?? '';
    // Go has no sections: a doc comment is all it needs. An XML doc without param entries is not read yet.
    if (language === 'Go') return { reason: '', stale };
    const own =
      form.kind === 'docstring'
        ? /^\s*[rRuU]?("""|''')/.test(first) && /("""|''')\s*$/.test(last)
        : form.kind === 'block'
          ? /^\s*\/\*\*/.test(first) && /\*\/\s*$/.test(last)
          : lines.slice(startRow, endRow).every((l) => l.trimStart().startsWith(form.prefix));
    if (!own) return { reason: 'its doc shares a line with code', stale };
    if (python && /^\s*[rR]?'''/.test(first)) return { reason: "its docstring uses ''' quotes", stale };
    indent = /^\s*/.exec(first)![0];
    // A raised type the doc already names (a `@throws` line the style parsers do not count) is not added again.
    const docText = fn.docstring;
    model = mergeProse({ ...model, raises: model.raises.filter((r) => !docText.includes(r.type)) }, docText);
    updated = true;
  } else if (python) {
    if (facts.bodyRow === null || facts.bodyColumn === null) return { reason: 'its body is on the header line', stale };
    startRow = facts.bodyRow;
    endRow = startRow;
    indent = (lines[startRow] ?? '').slice(0, facts.bodyColumn);
    if (indent.trim() !== '') return { reason: 'its body shares a line with its header', stale };
  } else {
    startRow = facts.declRow;
    endRow = startRow;
    indent = /^\s*/.exec(lines[startRow] ?? '')![0];
  }
  const render = RENDERERS[config.docstringStyle];
  if (!render) return { reason: `no renderer for style ${config.docstringStyle}`, stale };
  const max = config.maxDocStringLength;
  const body = form.kind === 'docstring' ? pythonDoc(model, render, max, indent) : form.kind === 'block' ? blockDoc(model, render, max, indent) : lineDoc(model, render, max, indent, form.prefix);
  if (body === null) return { reason: 'its text cannot be quoted safely', stale };
  // A prose doc with nothing to add renders as itself: no edit.
  if (endRow > startRow && body.join('\n') === lines.slice(startRow, endRow).join('\n')) return { reason: '', stale };
  // Go's doc is its summary alone; a kept prose doc keeps its own summary.
  const go = language === 'Go';
  const use: ProseUse = { summary: !updated, params: go ? [] : model.params.map((p) => p.name), returns: !go && model.returns !== null && model.yields === null, raises: go ? [] : model.raises.map((r) => r.type) };
  return { edit: { startRow, endRow, lines: body }, updated, stale, use };
}

/** Completes a sectioned doc in place (rows [start, end)); a string says why it cannot. */
function mergeExisting(lines: readonly string[], start: number, end: number, form: CommentForm, config: StyleConfig, missing: Pick<MergeInput, 'missingParams' | 'returns' | 'yields'>): LineEdit | string {
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
    return { startRow: start, endRow: end, lines: merged.map((l) => (l === '' ? `${indent}${form.prefix}` : `${indent}${form.prefix} ${l}`)) };
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
function mergeProse(model: DocModel, text: string): DocModel {
  const kept = text.replace(/\s+$/, '').replace(/^\n+/, '');
  return kept === '' ? model : { ...model, summary: '', description: kept.split(/\n\s*\n/) };
}

function pythonDoc(model: DocModel, render: (m: DocModel, w: number) => string[], max: number, indent: string): string[] | null {
  const width = max - indent.length - 4; // room for an opening r""" on the first line
  const body = render(model, Math.max(20, width));
  if (body.some((l) => l.includes('"""')) || body.at(-1)?.endsWith('\\')) return null;
  const backslash = body.some((l) => l.includes('\\'));
  const open = backslash ? 'r"""' : '"""';
  if (body.length === 1 && indent.length + open.length + body[0]!.length + 3 <= max && !body[0]!.endsWith('"')) return [`${indent}${open}${body[0]}"""`];
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

export { findRaises };
