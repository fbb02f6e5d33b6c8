import { normaliseParamName, saysNothing, type StyleParser } from './types.ts';

/**
 * The `@param` family: JSDoc/TSDoc (`@param {T} [name=x] - d`), Javadoc/KDoc (`@param name d`),
 * Doxygen (`@param[in] name`, `\param name`, `\return`), Epytext (`@param name: d`, `@return:`),
 * PHPDoc (`@param T $name`) and YARD (`@param name [T]`, `@param [T] name`).
 */

const PARAM = /^\s*[@\\](?:param|arg|argument)(?:\[[^\]]*\])?(?:\s+(.*))?$/;
const RETURN = /^\s*[@\\](?:returns?|yields?|retval|result)\b:?(.*)$/;

/** Skips one leading `{…}` type (braces may nest: `{Object<string, {a: number}>}`). */
function skipBracedType(s: string): string {
  if (!s.startsWith('{')) return s;
  let depth = 0;
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '{') depth++;
    else if (s[i] === '}' && --depth === 0) return s.slice(i + 1).trimStart();
  }
  return '';
}

function paramNames(rest: string, language: string): string[] {
  // Doxygen's direction written apart from the tag (`@param [in] filename`, `@param [in, out] x`)
  // is no name: the name follows it (sunpy's C `pyana_fzread`, held-out round 13). `in`/`out` are
  // no JSDoc optional names either (`in` is reserved).
  let s = skipBracedType(rest.trim()).replace(/^\[\s*(?:in|out|inout|in\s*,\s*out)\s*\]\s+(?=\S)/i, '');
  if (language === 'PHP') {
    // A PHPStan/Psalm type may hold names of its own (`callable(CallbackInput $input): bool
    // $callback`, `array{key: int}`): bracketed groups are part of the type, not the name (phpunit
    // `Callback.__construct`, held-out round 22, docs/metrics/outdated.md).
    let typed = s;
    for (let guard = 0; guard < 10 && /\([^()]*\)|<[^<>]*>|\{[^{}]*\}/.test(typed); guard++)
      typed = typed.replace(/\([^()]*\)|<[^<>]*>|\{[^{}]*\}/g, '');
    const token = typed
      .split(/\s+/)
      .slice(0, 4)
      .find((t) => /^(\.\.\.)?&?\$/.test(t));
    const n = token ? normaliseParamName(token) : null;
    return n ? [n] : [];
  }
  if (language === 'Ruby' && s.startsWith('[')) s = s.replace(/^\[[^\]]*\]\s*/, ''); // YARD `[Type] name`
  // JSDoc optional `[name=default]` / `[name]`
  const optional = /^\[([^\]=\s]+)(?:=[^\]]*)?\]/.exec(s);
  const token = optional ? optional[1]! : (s.split(/\s+/)[0] ?? '');
  if (token.startsWith('<')) return []; // Javadoc type parameter `@param <T>`
  // `@param the DTD Handler to use`: an article where the name belongs is a doc that left the
  // name out, not a parameter named `the` (commons-jelly `setDTDHandler`, round 9).
  if (/^(?:the|an)$/i.test(token) && !optional) return [];
  // Nor is a literal (`@param [Boolean] true if the service manager expects …`, a return described
  // under `@param`: puma `SdNotify.watchdog?`, held-out round 22): no language names a parameter so.
  if (/^(?:true|false|nil|null)$/.test(token) && !optional) return [];
  // Sub-properties (`options.timeout`, `opts[].x`) document a field, not a parameter.
  if (/[.[]/.test(token.replace(/^\.\.\./, ''))) return [];
  const keepDollar = language === 'JavaScript' || language === 'TypeScript' || language === 'TSX';
  return token
    .split(',')
    .map((t) => normaliseParamName(t, keepDollar))
    .filter((n): n is string => n !== null);
}

export const parseTags: StyleParser = (lines, language) => {
  const params: string[] = [];
  let documentsReturn = false;
  let found = false;
  for (const line of lines) {
    const p = PARAM.exec(line);
    if (p) {
      found = true;
      params.push(...paramNames(p[1] ?? '', language));
      continue;
    }
    const r = RETURN.exec(line);
    if (r) {
      found = true;
      // A bare `@returns` (an editor's generated stub) states no value.
      const what = firstWordOrType(r[1] ?? '');
      const typed = (r[1] ?? '').trim().replace(/^[:-]\s*/, '');
      // `{*}` with no text claims no value (ace `DragdropHandler.onDragEnd`, held-out round 20).
      const noValue =
        typed.startsWith('{') && (allowsNoValue(what) || (/^[*?]$|^any$/.test(what.trim()) && skipBracedType(typed).trim() === ''));
      documentsReturn ||= what !== '' && !saysNothing(what) && !noValue;
    }
  }
  return found ? { params, documentsReturn } : null;
};

/** The returned type or first word: `{Promise<void>}` → 'Promise<void>', `void nothing` → 'void'. */
/**
 * A JSDoc type that lets the function give nothing back: `undefined`/`void` among its top-level
 * alternatives (`{!IThenable<*>|undefined}` "An optional Promise": closure-library
 * `Environment.setUpPage`, held-out round 20). One inside a generic (`Promise<string|undefined>`)
 * is the resolved value's.
 */
function allowsNoValue(type: string): boolean {
  const t = type.trim();
  let depth = 0;
  let from = 0;
  const alternatives: string[] = [];
  for (let i = 0; i <= t.length; i++) {
    const ch = t[i];
    if (ch === '<' || ch === '(' || ch === '{' || ch === '[') depth++;
    else if (ch === '>' || ch === ')' || ch === '}' || ch === ']') depth--;
    else if ((ch === '|' && depth === 0) || i === t.length) {
      alternatives.push(t.slice(from, i).replace(/^[\s(!?]+|[\s)=]+$/g, ''));
      from = i + 1;
    }
  }
  return alternatives.length > 1 && alternatives.some((a) => a === 'undefined' || a === 'void');
}

function firstWordOrType(rest: string): string {
  const s = rest.trim().replace(/^[:-]\s*/, '');
  if (s.startsWith('{')) {
    const after = skipBracedType(s);
    return s.slice(1, s.length - after.length).replace(/}\s*$/, '');
  }
  if (s.startsWith('[')) return s.slice(1, s.indexOf(']') > 0 ? s.indexOf(']') : s.length); // YARD
  return s.split(/\s+/)[0] ?? '';
}
