import { normaliseParamName, type StyleParser } from './types.ts';

/**
 * Swift markup: `- Parameter x: text`, or `- Parameters:` followed by nested `- x: text` items;
 * `- Returns: text` documents a value.
 */

const SINGLE = /^\s*[-*+]\s+Parameter\s+([^\s:]+)\s*:/;
const GROUP = /^(\s*)[-*+]\s+Parameters\s*:\s*$/;
const NESTED = /^(\s*)[-*+]\s+([^\s:]+)\s*:/;
const RETURNS = /^\s*[-*+]\s+Returns\s*:/;

export const parseSwiftMarkup: StyleParser = (lines) => {
  const params: string[] = [];
  let documentsReturn = false;
  let found = false;
  let groupIndent = -1;
  for (const line of lines) {
    const single = SINGLE.exec(line);
    if (single) {
      found = true;
      groupIndent = -1;
      const n = normaliseParamName(single[1] ?? '');
      if (n) params.push(n);
      continue;
    }
    const group = GROUP.exec(line);
    if (group) {
      found = true;
      groupIndent = (group[1] ?? '').length;
      continue;
    }
    if (RETURNS.test(line)) {
      found = documentsReturn = true;
      groupIndent = -1;
      continue;
    }
    const nested = NESTED.exec(line);
    if (groupIndent >= 0 && nested) {
      if ((nested[1] ?? '').length > groupIndent) {
        const n = normaliseParamName(nested[2] ?? '');
        if (n) params.push(n);
      } else groupIndent = -1;
    }
  }
  return found ? { params, documentsReturn } : null;
};
