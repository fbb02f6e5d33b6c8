import { parseGoogle } from './google.ts';
import { parseNumpy } from './numpy.ts';
import { parseRest } from './rest.ts';
import { parseRustdoc } from './rustdoc.ts';
import { parseSwiftMarkup } from './swift.ts';
import { parseTags } from './tags.ts';
import type { DocSummary, StyleParser } from './types.ts';
import { parseXmlDoc } from './xmldoc.ts';

export type { DocSummary } from './types.ts';

/**
 * Every style is tried on every doc: a docstring may mix styles (`Args:` plus `:rtype:`), and a
 * style's markers are distinctive enough not to fire on another's text.
 */
const STYLES: ReadonlyArray<readonly [string, StyleParser]> = [
  ['google', parseGoogle],
  ['numpy', parseNumpy],
  ['rest', parseRest],
  ['tags', parseTags], // JSDoc/TSDoc, Javadoc/KDoc, Doxygen, Epytext, PHPDoc, YARD
  ['rustdoc', parseRustdoc],
  ['xmldoc', parseXmlDoc],
  ['swift', parseSwiftMarkup],
];

/** Parses the documented parameters and return of a cleaned doc text (markers already stripped). */
export function parseDocstring(text: string, language: string): DocSummary {
  const lines = text.split('\n');
  const styles: string[] = [];
  const params: string[] = [];
  let documentsReturn = false;
  for (const [name, parse] of STYLES) {
    const found = parse(lines, language);
    if (!found) continue;
    styles.push(name);
    for (const p of found.params) if (!params.includes(p)) params.push(p);
    documentsReturn ||= found.documentsReturn;
  }
  return { styles, params, documentsReturn };
}
