import { contentStartOf } from '../functions/content-offsets.ts';
import type { ParsedFunctionLike, StoredFunction } from './types.ts';

/** Offsets of each line start (plus a final entry past the end), for slicing by line numbers. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  starts.push(text.length + 1);
  return starts;
}

function spanOf(text: string, starts: readonly number[], startLine: number, endLine: number): string | null {
  const from = starts[startLine - 1];
  const next = starts[endLine];
  if (from === undefined || next === undefined || startLine < 1 || endLine < startLine) return null;
  return text.slice(from, Math.min(next - 1, text.length));
}

export function compactFunctions(text: string, functions: readonly ParsedFunctionLike[]): StoredFunction[] {
  const starts = lineStarts(text);
  return functions.map((fn) => {
    // Where the extractor knows the content's position, the offsets follow without comparing text.
    const position = contentStartOf.get(fn);
    if (position !== undefined) {
      const stored = fromPosition(text, starts, fn, position);
      if (stored) return stored;
    }
    const span = spanOf(text, starts, fn.startLine, fn.endLine);
    if (span === null) return fn;
    // Code usually starts at the line's first non-blank character: one comparison, no search.
    const indent = span.length - span.trimStart().length;
    const at = span.startsWith(fn.content, indent) ? indent : span.indexOf(fn.content);
    if (at < 0) return fn;
    return withOffsets(fn, at, span.length - at - fn.content.length);
  });
}

/**
 * The stored form of a function whose content is text.slice(at, at + content.length), provided
 * that slice lies within its lines (so hydrateFunctions reproduces it); null otherwise.
 */
function fromPosition(text: string, starts: readonly number[], fn: ParsedFunctionLike, at: number): StoredFunction | null {
  const from = starts[fn.startLine - 1];
  const next = starts[fn.endLine];
  if (from === undefined || next === undefined || fn.startLine < 1 || fn.endLine < fn.startLine) return null;
  const spanEnd = Math.min(next - 1, text.length);
  const end = at + fn.content.length;
  if (at < from || end > spanEnd) return null;
  return withOffsets(fn, at - from, spanEnd - end);
}

/** A function's fields but its code (`content` and its offsets) and the test mark. */
type CodeFreeFields = Omit<ParsedFunctionLike, 'content' | 'isTest'>;

// Both directions spell the fields out: object rest/spread cost ~0.1 s per 30,000 functions.
function codeFreeFields(fn: CodeFreeFields): CodeFreeFields {
  return {
    name: fn.name,
    startLine: fn.startLine,
    endLine: fn.endLine,
    docstring: fn.docstring,
    docStartLine: fn.docStartLine,
    docEndLine: fn.docEndLine,
    scope: fn.scope,
    complexity: fn.complexity,
    outdated: fn.outdated,
    docFacts: fn.docFacts,
  };
}

function withOffsets(fn: ParsedFunctionLike, cs: number, ce: number): StoredFunction {
  const stored: StoredFunction = codeFreeFields(fn);
  stored.cs = cs;
  stored.ce = ce;
  if (fn.isTest) stored.isTest = true;
  return stored;
}

export function needsSource(functions: readonly StoredFunction[]): boolean {
  return functions.some((fn) => typeof fn.content !== 'string');
}

/** Restores `content` from the source text the functions were parsed from. */
export function hydrateFunctions(text: string | null, functions: readonly StoredFunction[]): ParsedFunctionLike[] {
  const starts = text === null ? [] : lineStarts(text);
  return functions.map((fn) => {
    if (typeof fn.content === 'string') return fn as ParsedFunctionLike;
    let content = '';
    if (text !== null) {
      const from = starts[fn.startLine - 1];
      const next = starts[fn.endLine];
      if (from !== undefined && next !== undefined && fn.startLine >= 1 && fn.endLine >= fn.startLine) {
        content = text.slice(from + (fn.cs ?? 0), Math.min(next - 1, text.length) - (fn.ce ?? 0));
      }
    }
    const hydrated: ParsedFunctionLike = Object.assign(codeFreeFields(fn), { content });
    if (fn.isTest) hydrated.isTest = true;
    return hydrated;
  });
}
