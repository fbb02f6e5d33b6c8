import { extractFunctions } from '../functions/index.ts';
import { AnalysisAbortedError } from './errors.ts';
import { hydrateFunctions } from './function-content.ts';
import type { ParsedFunctionLike } from './types.ts';
import type { ParsePool } from './worker-pool.ts';

/** Parses a file's text (an old version read from git) into functions. */
export type ParseVersion = (text: string, language: string, rel: string) => Promise<ParsedFunctionLike[]>;

/** On the calling thread. */
export const parseInline: ParseVersion = (text, language, rel) => extractFunctions(text, language, rel);

/**
 * Where the history pass parses old versions (docs/performance.md): Python on this thread (its
 * scanner is hot there from the parse phase, and a worker would run it cold), other languages on
 * the parse phase's workers when it had any (tree-sitter is loaded and its grammars compiled
 * there; loading it on this thread costs ~0.2 s before the first old version is parsed).
 */
export function versionParser(pool: ParsePool | null, signal?: AbortSignal): ParseVersion {
  if (!pool) return parseInline;
  return async (text, language, rel) => {
    if (language === 'Python') return parseInline(text, language, rel);
    let outcome;
    try {
      outcome = await abortable(pool.parseText({ rel, language, blobId: '' }, text), signal);
    } catch (error) {
      if (signal?.aborted) throw error;
      return parseInline(text, language, rel); // the pool failed: this thread parses
    }
    if (outcome.error) throw new Error(outcome.error);
    return hydrateFunctions(text, outcome.functions);
  };
}

function abortable<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(new AnalysisAbortedError());
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(new AnalysisAbortedError());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
