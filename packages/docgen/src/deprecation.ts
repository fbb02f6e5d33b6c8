import { closing, mask, splitTop, type Masked } from './code.ts';
import { escapeDocText } from './raises.ts';

/**
 * Deprecation read from the function's own code (docs/docgen.md, "Deprecation"): the note of a
 * `#[deprecated(note = …)]` attribute, a Python `@deprecated("…")` decorator, a Kotlin
 * `@Deprecated("…")` annotation, Java's `@Deprecated(since = …, forRemoval = …)`, or the message
 * of a warning the body raises unconditionally (Python `warnings.warn("…", DeprecationWarning)`,
 * Node `process.emitWarning("…", "DeprecationWarning")`, PHP `trigger_error("…", E_USER_DEPRECATED)`).
 * Only a plain string literal is a note; a message built from expressions, a bare marker with no
 * note (`@Deprecated`, `#[deprecated]`) or a warning under a condition (which deprecates one use,
 * not the function) gives nothing.
 */
export interface DeprecationFact {
  /** doc-ready text (escaped for the language's doc markup), ending with a stop */
  text: string;
  source: string;
}

const MAX_NOTE = 300;

function note(raw: string | null | undefined, language: string): string | null {
  if (raw === null || raw === undefined) return null;
  const t = raw.replace(/\s+/g, ' ').trim();
  if (t === '' || t.length > MAX_NOTE || /"""|'''|\*\//.test(t)) return null;
  return escapeDocText(language, /[.!?]$/.test(t) ? t : `${t}.`);
}

/** The value of an argument that is one whole plain string literal, or null. */
function literalOf(m: Masked, arg: { text: string; at: number } | undefined): string | null {
  if (!arg) return null;
  const lit = m.literals.get(arg.at) ?? m.literals.get(arg.at + (/^[rRbBuU]+/.exec(arg.text)?.[0].length ?? 0));
  if (!lit || lit.value === null || lit.end !== arg.at + arg.text.length) return null;
  return lit.value;
}

/** Arguments of the call whose `(` is at `open` (masked code). */
function argsAt(m: Masked, open: number): { text: string; at: number }[] | null {
  const close = closing(m.code, open);
  return close < 0 ? null : splitTop(m.code, open + 1, close);
}

const keyword = (args: { text: string; at: number }[], name: string): { text: string; at: number } | undefined => {
  const a = args.find((x) => new RegExp(`^${name}\\s*[=:]`).test(x.text));
  if (!a) return undefined;
  const v = /^\w+\s*[=:]\s*/.exec(a.text)![0].length;
  return { text: a.text.slice(v), at: a.at + v };
};

/** Whether the statement at `at` runs on every call: at the body's own level, at a line's start. */
function unconditional(code: string, at: number, bodyStart: number, language: string): boolean {
  const lineStart = code.lastIndexOf('\n', at - 1) + 1;
  const before = code.slice(lineStart, at);
  if (!/^\s*$/.test(before)) return false;
  if (language === 'Python') {
    const first = /\n([ \t]*)\S/.exec(code.slice(bodyStart));
    return first !== null && before === first[1];
  }
  let depth = 0;
  for (const ch of code.slice(bodyStart, at)) {
    if (ch === '{') depth++;
    else if (ch === '}') depth--;
  }
  return depth === 0;
}

export function codeDeprecation(content: string, language: string, firstLine: number, bodyStart: number): DeprecationFact | null {
  const m = mask(content, language);
  const { code } = m;
  const header = code.slice(0, bodyStart);
  const lineOf = (o: number): number => firstLine + content.slice(0, o).split('\n').length - 1;
  const fact = (text: string | null, what: string, at: number): DeprecationFact | null =>
    text === null ? null : { text, source: `code: ${what} at line ${lineOf(at)}` };
  let x: RegExpExecArray | null;
  if (language === 'Rust') {
    x = /#\[\s*deprecated\s*(=|\()/.exec(header);
    if (!x) return null;
    if (x[1] === '=') {
      const rest = header.slice(x.index + x[0].length);
      const at = x.index + x[0].length + (rest.length - rest.trimStart().length);
      return fact(note(literalOf(m, { text: header.slice(at, m.literals.get(at)?.end ?? at), at }), language), '#[deprecated]', x.index);
    }
    const args = argsAt(m, x.index + x[0].length - 1);
    return args ? fact(note(literalOf(m, keyword(args, 'note')), language), '#[deprecated]', x.index) : null;
  }
  if (language === 'Python') {
    x = /^[ \t]*@(?:[\w.]+\.)?deprecated\s*\(/m.exec(header);
    if (x) {
      const args = argsAt(m, x.index + x[0].length - 1);
      if (!args) return null;
      const first = args[0] && !/^\w+\s*=/.test(args[0].text) ? args[0] : (keyword(args, 'reason') ?? keyword(args, 'message'));
      return fact(note(literalOf(m, first), language), 'the @deprecated decorator', x.index);
    }
    const re = /\b(?:warnings\.)?warn\s*\(/g;
    re.lastIndex = bodyStart;
    while ((x = re.exec(code)) !== null) {
      const args = argsAt(m, x.index + x[0].length - 1);
      if (!args || !args.slice(1).some((a) => /^(?:category\s*=\s*)?(?:\w+\.)?(?:Pending)?DeprecationWarning$/.test(a.text))) continue;
      if (!unconditional(code, x.index, bodyStart, language)) return null;
      return fact(note(literalOf(m, args[0]), language), 'warnings.warn(…, DeprecationWarning)', x.index);
    }
    return null;
  }
  if (language === 'Java' || language === 'Kotlin') {
    x = /@(?:java\.lang\.|kotlin\.)?Deprecated\b\s*(\()?/.exec(header);
    if (!x || !x[1]) return null;
    const args = argsAt(m, x.index + x[0].length - 1);
    if (!args) return null;
    if (language === 'Kotlin') {
      const first = args[0] && !/^\w+\s*=/.test(args[0].text) ? args[0] : keyword(args, 'message');
      return fact(note(literalOf(m, first), language), '@Deprecated', x.index);
    }
    const since = literalOf(m, keyword(args, 'since'));
    const removal = /^true$/.test(keyword(args, 'forRemoval')?.text.trim() ?? '');
    const parts = [
      since !== null && since.trim() !== '' ? `Since ${since.trim()}` : null,
      removal ? 'to be removed in a future release' : null,
    ];
    const text = parts.filter((p) => p !== null).join('; ');
    if (text === '') return null;
    return fact(note(text.charAt(0).toUpperCase() + text.slice(1), language), '@Deprecated', x.index);
  }
  const call =
    language === 'JavaScript' || language === 'TypeScript' || language === 'TSX'
      ? {
          re: /\bprocess\.emitWarning\s*\(/g,
          marks: /^(['"])DeprecationWarning\1$|^\{[^}]*\btype\s*:\s*(['"])DeprecationWarning\2/,
          what: 'process.emitWarning(…, "DeprecationWarning")',
        }
      : language === 'PHP'
        ? { re: /\btrigger_error\s*\(/g, marks: /^\\?E_USER_DEPRECATED$/, what: 'trigger_error(…, E_USER_DEPRECATED)' }
        : null;
  if (!call) return null;
  call.re.lastIndex = bodyStart;
  while ((x = call.re.exec(code)) !== null) {
    const args = argsAt(m, x.index + x[0].length - 1);
    // the masked literal text keeps its quotes: `'__________'` for 'DeprecationWarning'
    if (!args || !args.slice(1).some((a) => call.marks.test(content.slice(a.at, a.at + a.text.length)))) continue;
    if (!unconditional(code, x.index, bodyStart, language)) return null;
    return fact(note(literalOf(m, args[0]), language), call.what, x.index);
  }
  return null;
}
