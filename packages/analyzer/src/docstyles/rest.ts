import { normaliseParamName, saysNothing, type StyleParser } from './types.ts';

/** reST/Sphinx fields: `:param x:`, `:param int x:`, `:arg x:`, `:keyword x:`, `:returns:`, `:rtype:`. */

const PARAM = /^\s*:(?:param|parameter|arg|argument|key|keyword|kwarg|kwparam)\s+([^:]+):/;
const RETURN = /^\s*:(returns?|rtype|yields?|ytype)\s*:(.*)$/;
/**
 * A field half-converted from the older "`name` (type): text" style, where a backtick closes the
 * name (`:param value\` (Binary): …`, `:param conn\` - A Connection.`): the name is before the
 * backtick, not the last word before a colon (pymongo, held-out round 5).
 */
const TICKED = /^\s*:(?:param|parameter|arg|argument|key|keyword|kwarg|kwparam)\s+`?([\p{L}_][\p{L}\p{N}_]*)`/u;

export const parseRest: StyleParser = (lines) => {
  const params: string[] = [];
  let documentsReturn = false;
  let found = false;
  for (const [i, line] of lines.entries()) {
    const ticked = TICKED.exec(line);
    if (ticked) {
      found = true;
      params.push(ticked[1]!);
      continue;
    }
    const p = PARAM.exec(line);
    if (p) {
      found = true;
      const name = normaliseParamName((p[1] ?? '').trim().split(/\s+/).pop() ?? '');
      if (name) params.push(name);
      continue;
    }
    const r = RETURN.exec(line);
    if (r) {
      found = true;
      const text = (r[2] ?? '').trim();
      // An empty field with nothing under it (an IDE's `:param key:` / `:return:` template left
      // unfilled: django-constance `_set_constance_value`, held-out round 11) documents nothing.
      const next = lines[i + 1]?.trim() ?? '';
      const continued = next !== '' && !next.startsWith(':');
      documentsReturn ||= text === '' ? continued : !saysNothing(text);
    }
  }
  return found ? { params, documentsReturn } : null;
};
