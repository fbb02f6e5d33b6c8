import { saysNothing, type StyleParser } from './types.ts';

/** C# XML documentation: `<param name="x">…</param>` and `<returns>…</returns>`. */

const PARAM = /<param\s+name\s*=\s*["']([^"']+)["']/g;
const RETURNS = /<returns\s*>([\s\S]*?)<\/returns\s*>|<returns\s*\/>/;

/**
 * Languages whose doc comments are HTML (Javadoc, KDoc, JSDoc, PHPDoc): a `<param name="disabled">`
 * there is an example of markup (`{@code <param name="disabled">true</param>}`: struts
 * `AbstractInterceptor.setDisabled`, held-out round 11, docs/metrics/outdated.md), never a
 * parameter.
 */
const HTML_DOC_LANGUAGES = new Set(['Java', 'Kotlin', 'Scala', 'Groovy', 'JavaScript', 'TypeScript', 'TSX', 'PHP', 'Python']);

export const parseXmlDoc: StyleParser = (lines, language) => {
  if (HTML_DOC_LANGUAGES.has(language)) return null;
  const text = lines.join('\n');
  const params = [...text.matchAll(PARAM)].map((m) => (m[1] ?? '').trim()).filter((n) => n !== '');
  const returns = RETURNS.exec(text);
  if (params.length === 0 && !returns) return null;
  const said = (returns?.[1] ?? '').replace(/<[^>]*>/g, '').trim();
  return { params, documentsReturn: returns !== null && (said === '' || !saysNothing(said)) };
};
