import { normaliseParamName, saysNothing, type StyleParser } from './types.ts';

/** reST/Sphinx fields: `:param x:`, `:param int x:`, `:arg x:`, `:keyword x:`, `:returns:`, `:rtype:`. */

const PARAM = /^\s*:(?:param|parameter|arg|argument|key|keyword|kwarg|kwparam)\s+([^:]+):/;
const RETURN = /^\s*:(returns?|rtype|yields?|ytype)\s*:(.*)$/;

export const parseRest: StyleParser = (lines) => {
  const params: string[] = [];
  let documentsReturn = false;
  let found = false;
  for (const line of lines) {
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
      documentsReturn ||= text === '' || !saysNothing(text);
    }
  }
  return found ? { params, documentsReturn } : null;
};
