import type { StoredFunction } from './function-content.ts';

/** The shape src/functions' extractFunctions returns (declared here so the engine states what it relies on). */
export interface ParsedFunctionLike {
  name: string;
  /** 1-based, inclusive */
  startLine: number;
  endLine: number;
  content: string;
  docstring: string | null;
  docStartLine: number | null;
  docEndLine: number | null;
  scope: 'public' | 'private' | 'protected';
  complexity: number;
  outdated: { status: 'OUTDATED' | 'CURRENT'; explanation: string };
}

/** Language classification of one file, as the engine keeps it. */
export interface FileFacts {
  rel: string;
  size: number;
  /** git blob id of the content; null for files over the parse limit (never hashed) */
  blobId: string | null;
  language: string | null;
  type: 'programming' | 'markup' | 'data' | 'prose' | null;
  vendored: boolean;
  generated: boolean;
  documentation: boolean;
  countsForLanguages: boolean;
  binary: boolean;
}

/** What the worker pool is asked to parse. */
export interface ParseTask {
  rel: string;
  language: string;
  /** the blob id the main thread saw; the worker reports the id of what it actually read */
  blobId: string;
}

export interface ParseOutcome {
  rel: string;
  language: string;
  blobId: string | null;
  /** compacted: content replaced by offsets into the source where possible */
  functions: StoredFunction[];
  /** set when the file could not be read or parsed; its functions are then empty */
  error?: string;
}
