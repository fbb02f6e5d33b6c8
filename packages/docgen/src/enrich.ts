import { cleanProse, type LlmProvider, type SignatureFacts } from '@docent/analyzer';
import { z } from 'zod';
import type { DocModel } from './model.ts';
import { RECEIVERS } from './model.ts';
import { restatesName, summaryRestatesName } from './ground.ts';
import { escapeDocText } from './raises.ts';

/**
 * docs/design.md §7, Pipeline step 4, "Enrich (optional LLM)": the function's facts and code span go to
 * the model, which answers JSON (summary, params, returns, raises) at temperature 0. Each field is
 * checked on its own — a parameter name the signature lacks, a code fence, over-long or multi-line
 * text, text that would read as a doc tag — and a rejected field keeps its deterministic text.
 */

/** Which parts of the model the planned edit renders: only those are asked for and replaced. */
export interface ProseUse {
  summary: boolean;
  /** parameter names whose entries the edit writes */
  params: string[];
  returns: boolean;
  /** raised types whose entries the edit writes */
  raises: string[];
}

export type ProseField = 'summary' | 'params' | 'returns' | 'raises';

export interface Enrichment {
  /** fields whose text now comes from the model */
  fields: ProseField[];
  /** fields the model answered but that were refused, with why (for the job log) */
  rejected: { field: ProseField; reason: string }[];
  apply: (model: DocModel) => DocModel;
}

export const ENRICH_SCHEMA = z.object({
  summary: z.string().optional(),
  params: z.record(z.string(), z.string()).optional(),
  returns: z.string().nullable().optional(),
  raises: z.record(z.string(), z.string()).optional(),
});

const SUMMARY_CHARS = 160;
const ENTRY_CHARS = 200;
/** Code sent per function: with the instructions the prompt stays under ~1.5k tokens (Ollama's 4k default context). */
const CODE_CHARS = 4000;

const SYSTEM =
  'You write API documentation for one function. Answer with JSON only, no markdown: ' +
  '{"summary": "<one sentence saying what the function does>", "params": {"<name>": "<one sentence>"}, ' +
  '"returns": "<one sentence>", "raises": {"<Type>": "<when it is raised>"}}. ' +
  'Give only the keys asked for, only the parameter names and raised types listed. Plain sentences: ' +
  'no code, no backticks, no markup, no type annotations, no line breaks.';

export function enrichPrompt(
  name: string,
  language: string,
  facts: SignatureFacts,
  content: string,
  use: ProseUse,
): { system: string; user: string } {
  const params = facts.params.filter((p) => use.params.includes(p.name));
  const keys = [
    use.summary ? 'summary' : null,
    use.params.length > 0 ? 'params' : null,
    use.returns ? 'returns' : null,
    use.raises.length > 0 ? 'raises' : null,
  ].filter(Boolean);
  const user = [
    `Language: ${language}. Function: ${name}.`,
    `Keys asked for: ${keys.join(', ')}.`,
    use.params.length > 0
      ? `Parameters: ${params.map((p) => `${p.name}${p.type ? `: ${p.type}` : ''}${p.default !== null ? ` = ${p.default}` : ''}`).join(', ')}.`
      : null,
    use.raises.length > 0 ? `Raised types: ${use.raises.join(', ')}.` : null,
    language === 'Go' && use.summary ? `The summary must start with "${name.split('.').pop()}" (Go convention).` : null,
    'Code:',
    content.length > CODE_CHARS ? `${content.slice(0, CODE_CHARS)}\n… (cut)` : content,
  ]
    .filter((l) => l !== null)
    .join('\n');
  return { system: SYSTEM, user };
}

/** Text that a renderer or the analyzer would read as something else: a tag, a field, a section header, a comment end. */
const MARKUP = /(^|\s)[@:\\]\w|"""|'''|\*\/|<\/?[a-z]|\b(Args|Arguments|Parameters|Returns?|Yields?|Raises|Throws|Examples?|Notes?):|^#/i;

function prose(text: unknown, max: number): string | { reason: string } {
  if (typeof text !== 'string') return { reason: 'not text' };
  if (text.includes('```')) return { reason: 'it holds a code fence' };
  if (/\r|\n/.test(text.trim())) return { reason: 'it spans several lines' };
  const one = cleanProse(text, max);
  if (one === null) return { reason: text.trim() === '' ? 'it is empty' : `it is longer than ${max} characters` };
  if (MARKUP.test(one)) return { reason: 'it holds markup a doc parser would read' };
  if (one.includes('`')) return { reason: 'it holds code' };
  return /[.!?]$/.test(one) ? one : `${one}.`;
}

/** Asks the model; null when it gave nothing usable (every field then keeps its deterministic text). */
export async function enrich(
  llm: LlmProvider,
  fn: { name: string; content: string },
  language: string,
  facts: SignatureFacts,
  use: ProseUse,
  signal?: AbortSignal,
): Promise<Enrichment | null> {
  if (!llm.enabled) return null;
  if (!use.summary && use.params.length === 0 && !use.returns && use.raises.length === 0) return null;
  const { system, user } = enrichPrompt(fn.name, language, facts, fn.content, use);
  let answer: z.infer<typeof ENRICH_SCHEMA>;
  try {
    answer = await llm.completeJson({ system, user, schema: ENRICH_SCHEMA, maxTokens: 400, ...(signal ? { signal } : {}) });
  } catch (err) {
    signal?.throwIfAborted();
    llm.reportFailure(`Docstring prose for ${fn.name}`, err);
    return null;
  }
  return checkAnswer(answer, fn.name, language, facts, use);
}

/** The per-field checks (exported for tests). */
export function checkAnswer(
  answer: z.infer<typeof ENRICH_SCHEMA>,
  name: string,
  language: string,
  facts: SignatureFacts,
  use: ProseUse,
): Enrichment {
  const fields: ProseField[] = [];
  const rejected: Enrichment['rejected'] = [];
  let summary: string | null = null;
  const params = new Map<string, string>();
  let returns: string | null = null;
  const raises = new Map<string, string>();

  if (use.summary && answer.summary !== undefined) {
    const s = prose(answer.summary, SUMMARY_CHARS);
    const ident = name.split('.').pop() ?? name;
    if (typeof s !== 'string') rejected.push({ field: 'summary', reason: s.reason });
    else if (language === 'Go' && !s.startsWith(`${ident} `)) rejected.push({ field: 'summary', reason: `a Go doc starts with ${ident}` });
    else if (restatesName(s, ident) || summaryRestatesName(s, name))
      rejected.push({ field: 'summary', reason: 'it only restates the name' });
    else {
      summary = s;
      fields.push('summary');
    }
  }
  if (use.params.length > 0 && answer.params) {
    const known = new Set(facts.params.map((p) => p.name).filter((p) => !RECEIVERS.has(p)));
    const unknown = Object.keys(answer.params).filter((k) => !known.has(k));
    if (unknown.length > 0)
      rejected.push({ field: 'params', reason: `it names ${unknown.map((u) => `'${u}'`).join(', ')}, not in the signature` });
    else {
      for (const [p, text] of Object.entries(answer.params)) {
        if (!use.params.includes(p)) continue;
        const s = prose(text, ENTRY_CHARS);
        if (typeof s !== 'string') rejected.push({ field: 'params', reason: `${p}: ${s.reason}` });
        else if (restatesName(s, p)) rejected.push({ field: 'params', reason: `${p}: it only restates the name` });
        else params.set(p, s);
      }
      if (params.size > 0) fields.push('params');
    }
  }
  if (use.returns && typeof answer.returns === 'string') {
    const s = prose(answer.returns, ENTRY_CHARS);
    if (typeof s === 'string' && restatesName(s, name.split('.').pop() ?? name))
      rejected.push({ field: 'returns', reason: 'it only restates the name' });
    else if (typeof s === 'string') {
      returns = s;
      fields.push('returns');
    } else rejected.push({ field: 'returns', reason: s.reason });
  }
  if (use.raises.length > 0 && answer.raises) {
    const unknown = Object.keys(answer.raises).filter((k) => !use.raises.includes(k));
    if (unknown.length > 0)
      rejected.push({ field: 'raises', reason: `it names ${unknown.map((u) => `'${u}'`).join(', ')}, which the function does not raise` });
    else {
      for (const [t, text] of Object.entries(answer.raises)) {
        const s = prose(text, ENTRY_CHARS);
        if (typeof s === 'string') raises.set(t, s);
        else rejected.push({ field: 'raises', reason: `${t}: ${s.reason}` });
      }
      if (raises.size > 0) fields.push('raises');
    }
  }
  const apply = (m: DocModel): DocModel => ({
    ...m,
    summary: summary !== null ? escapeDocText(language, summary) : m.summary,
    ...(summary !== null ? { summarySource: 'the model' } : {}),
    params: m.params.map((p) =>
      params.has(p.name) ? { ...p, text: escapeDocText(language, params.get(p.name)!), source: 'the model' } : p,
    ),
    returns: m.returns && returns ? { ...m.returns, text: escapeDocText(language, returns), source: 'the model' } : m.returns,
    raises: m.raises.map((r) =>
      raises.has(r.type) ? { ...r, text: escapeDocText(language, raises.get(r.type)!), source: 'the model' } : r,
    ),
  });
  return { fields, rejected, apply };
}
