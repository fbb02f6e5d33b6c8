import { normaliseParamName, type StyleParser } from './types.ts';

/**
 * rustdoc (markdown) sections: `# Arguments` / `# Parameters` followed by list items
 * ``* `name` - text`` (or `- name: text`); a `# Returns` heading documents a value.
 */

const HEADING = /^\s*#{1,6}\s+(.+?)\s*#*\s*$/;
const ITEM = /^\s*[*+-]\s+`?([\p{L}_][\p{L}\p{N}_]*)`?\s*(?:[-:–—]|$)/u;

export const parseRustdoc: StyleParser = (lines) => {
  const params: string[] = [];
  let documentsReturn = false;
  let found = false;
  let section = '';
  for (const line of lines) {
    const h = HEADING.exec(line);
    if (h) {
      section = (h[1] ?? '').toLowerCase();
      if (section === 'arguments' || section === 'parameters' || section === 'params') found = true;
      if (section === 'returns' || section === 'return value') found = documentsReturn = true;
      continue;
    }
    if (section === 'arguments' || section === 'parameters' || section === 'params') {
      const m = ITEM.exec(line);
      const name = m ? normaliseParamName(m[1] ?? '') : null;
      if (name) params.push(name);
    }
  }
  return found ? { params, documentsReturn } : null;
};
