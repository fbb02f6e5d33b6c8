import { normaliseParamName, type StyleParser } from './types.ts';

/**
 * rustdoc (markdown) sections: `# Arguments` / `# Parameters` followed by list items
 * ``* `name` - text`` (or `- name: text`); a `# Returns` heading documents a value.
 */

/** A return section that is only a no-value literal: `` `undefined` ``, `None`, `()`, `void`. */
const NO_VALUE = /^`?(?:undefined|None|null|void|\(\))`?\.?$/;

const HEADING = /^\s*#{1,6}\s+(.+?)\s*#*\s*$/;
const ITEM = /^\s*[*+-]\s+`?([\p{L}_][\p{L}\p{N}_]*)`?\s*(?:[-:–—]|$)/u;

export const parseRustdoc: StyleParser = (lines) => {
  const params: string[] = [];
  let documentsReturn = false;
  let found = false;
  let section = '';
  // A return section's text: one that is only a no-value literal ("`undefined`": video.js
  // `createLogger.log`, held-out round 11) documents none.
  let returned: string[] | null = null;
  const closeReturn = (): void => {
    if (returned === null) return;
    const text = returned.join(' ').trim();
    documentsReturn ||= !NO_VALUE.test(text);
    returned = null;
  };
  for (const line of lines) {
    const h = HEADING.exec(line);
    if (h) {
      closeReturn();
      section = (h[1] ?? '').toLowerCase();
      if (section === 'arguments' || section === 'parameters' || section === 'params') found = true;
      if (section === 'returns' || section === 'return value') {
        found = true;
        returned = [];
      }
      continue;
    }
    if (returned !== null) {
      // The section ends at a tag line (`@namespace`) as at a heading.
      if (/^\s*@\w/.test(line)) closeReturn();
      else returned.push(line);
    }
    if (section === 'arguments' || section === 'parameters' || section === 'params') {
      const m = ITEM.exec(line);
      const name = m ? normaliseParamName(m[1] ?? '') : null;
      if (name) params.push(name);
    }
  }
  closeReturn();
  return found ? { params, documentsReturn } : null;
};
