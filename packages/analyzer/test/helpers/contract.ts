import { classHierarchy, contractChanges, contractOf, type Contract } from '../../src/functions/contract.ts';
import type { Signature } from '../../src/functions/types.ts';

/**
 * Shorthands of the OUTDATED round tests (outdated-round*-causes/prep): a contract read from a
 * snippet, and the OUTDATED codes a change from one contract to another gives under a doc.
 */

/** No name in the repository is a known subclass (the `known` argument of contractChanges). */
export const none = (): ReadonlySet<string> => new Set();

export const sig = (names: string[]): Signature => ({ names, variadic: [], incomplete: false, acceptsKeywords: false });

export const contract = (language: string, content: string, name: string, names: string[]): Contract =>
  contractOf(content, name, language, sig(names), 'value');

/** The OUTDATED codes of `then` → `now` under a doc of `text`, with classes declared in `texts`. */
export const outdated = (then: Contract, now: Contract, text: string, language: string, texts: string | string[] = ''): string[] =>
  contractChanges(then, now, { text, params: [], documentsReturn: false }, none, classHierarchy(texts, language)).outdated.map(
    (f) => f.code,
  );
