import { gitBlobId } from './blob-id.ts';
import { compactFunctions } from './function-content.ts';
import type { RepoReader } from './safe-read.ts';
import type { ParseOutcome, ParsedFunctionLike, ParseTask } from './types.ts';

/** Files above this size count for language bytes only; they are never parsed. */
export const MAX_PARSE_BYTES = 1024 * 1024;

type Extract = (source: string, language: string, relPath: string) => Promise<ParsedFunctionLike[]>;

const decoder = new TextDecoder('utf-8', { fatal: false });

/**
 * The outcome for a file whose functions can be had without a parser (see extractWithoutParser),
 * from the text the caller already read and hashed; null when it needs tree-sitter.
 */
export function quickOutcome(
  task: ParseTask,
  text: string,
  extract: (source: string, language: string) => ParsedFunctionLike[] | null,
): ParseOutcome | null {
  const functions = extract(text, task.language);
  return functions ? { rel: task.rel, language: task.language, blobId: task.blobId, functions: compactFunctions(text, functions) } : null;
}

/** Reads one file and extracts its functions; any failure becomes an outcome with an error, never a throw. */
export async function parseFile(reader: RepoReader, task: ParseTask, extract: Extract): Promise<ParseOutcome> {
  if (task.text !== undefined) return parseText(task, task.text, extract);
  const file = reader.read(task.rel, MAX_PARSE_BYTES + 1);
  if (!file || file.size > MAX_PARSE_BYTES) {
    return { rel: task.rel, language: task.language, blobId: null, functions: [], error: 'unreadable or too large' };
  }
  const blobId = gitBlobId(file.bytes);
  try {
    const text = decoder.decode(file.bytes);
    const functions = compactFunctions(text, await extract(text, task.language, task.rel));
    return { rel: task.rel, language: task.language, blobId, functions };
  } catch (error) {
    return { rel: task.rel, language: task.language, blobId, functions: [], error: error instanceof Error ? error.message : String(error) };
  }
}

/** An old version's text (sent by the main thread): no read, no blob id check; the outcome carries the task's tag. */
async function parseText(task: ParseTask, text: string, extract: Extract): Promise<ParseOutcome> {
  const base = { rel: task.rel, language: task.language, blobId: task.blobId, ...(task.tag !== undefined ? { tag: task.tag } : {}) };
  try {
    return { ...base, functions: compactFunctions(text, await extract(text, task.language, task.rel)) };
  } catch (error) {
    return { ...base, functions: [], error: error instanceof Error ? error.message : String(error) };
  }
}
