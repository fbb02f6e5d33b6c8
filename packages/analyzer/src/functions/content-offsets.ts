import type { ParsedFunction } from './extract.ts';

/**
 * Where an extractor sliced a function's `content` from its source (a character index), when it
 * knows: the cache then stores the content as line offsets without comparing strings (see
 * engine/function-content.ts). Kept beside the functions so that their public shape is unchanged.
 */
export const contentStartOf = new WeakMap<ParsedFunction, number>();
