import type { ParsedFunction } from '../functions/extract.ts';
import type { FileClass } from '../languages/index.ts';

/** What src/functions' extractFunctions returns: the engine relies on exactly that type. */
export type ParsedFunctionLike = ParsedFunction;

/**
 * A function as the cache stores it: its `content` (most of a repository's bytes) is replaced by
 * two offsets into the source lines it spans whenever that reproduces it exactly, so the cache
 * holds metadata, not a second copy of the code. `cs` = characters skipped at the start of
 * startLine, `ce` = characters cut from the end of endLine.
 */
export type StoredFunction = Omit<ParsedFunctionLike, 'content'> & { content?: string; cs?: number; ce?: number };

/** Language classification of one file, as the engine keeps it. */
export interface FileFacts extends FileClass {
  rel: string;
  size: number;
  /** git blob id of the content; null for files over the parse limit (never hashed) */
  blobId: string | null;
  binary: boolean;
}

/** What the worker pool is asked to parse. */
export interface ParseTask {
  rel: string;
  language: string;
  /** the blob id the main thread saw; the worker reports the id of what it actually read */
  blobId: string;
  /** the text to parse instead of the file on disk (an old version read from git) */
  text?: string;
  /** echoed in the outcome, to match answers to questions when `rel` repeats */
  tag?: string;
}

export interface ParseOutcome {
  rel: string;
  language: string;
  blobId: string | null;
  /** compacted: content replaced by offsets into the source where possible */
  functions: StoredFunction[];
  /** set when the file could not be read or parsed; its functions are then empty */
  error?: string;
  /** the task's tag */
  tag?: string;
}
