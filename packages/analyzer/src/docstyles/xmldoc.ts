import { saysNothing, type StyleParser } from './types.ts';

/** C# XML documentation: `<param name="x">…</param>` and `<returns>…</returns>`. */

const PARAM = /<param\s+name\s*=\s*["']([^"']+)["']/g;
const RETURNS = /<returns\s*>([\s\S]*?)<\/returns\s*>|<returns\s*\/>/;

export const parseXmlDoc: StyleParser = (lines) => {
  const text = lines.join('\n');
  const params = [...text.matchAll(PARAM)].map((m) => (m[1] ?? '').trim()).filter((n) => n !== '');
  const returns = RETURNS.exec(text);
  if (params.length === 0 && !returns) return null;
  const said = (returns?.[1] ?? '').replace(/<[^>]*>/g, '').trim();
  return { params, documentsReturn: returns !== null && (said === '' || !saysNothing(said)) };
};
