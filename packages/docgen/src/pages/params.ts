import type { ParamFact } from '@docent/analyzer';
import { RECEIVERS } from '../model.ts';

/** What a doc says about one parameter. */
export interface DocumentedParam {
  type: string | null;
  default: string | null;
  text: string;
}

/**
 * The parameters a docstring or doc comment describes, by name: the `@param` family (JSDoc/TSDoc
 * `@param {T} [name=x] - text`, Javadoc/KDoc/PHPDoc/Doxygen `@param name text`), Sphinx
 * (`:param T name: text`, `:type name: T`), Google (`Args:` / `Parameters:` with `name (T): text`)
 * and NumPy (`Parameters` underlined, `name : T` then the indented text). A description runs on
 * over its indented continuation lines, joined with spaces.
 */
export function documentedParams(doc: string | null): Map<string, DocumentedParam> {
  const out = new Map<string, DocumentedParam>();
  if (!doc) return out;
  const lines = doc.split('\n');
  const put = (rawName: string, type: string | null, text: string, dflt: string | null = null): void => {
    const name = rawName.replace(/^(?:\.\.\.|\*{1,2}|\$|&)/, '').replace(/\?$/, '');
    if (!/^[\w.]+$/.test(name) || out.has(name)) return;
    out.set(name, { type: type?.trim() || null, default: dflt, text: text.trim() });
  };
  const indent = (l: string): number => l.length - l.trimStart().length;
  /** The text of line i and its continuation lines (more indented, or not starting a new tag). */
  const withContinuation = (i: number, first: string, tagged: boolean): string => {
    const parts = [first];
    for (let j = i + 1; j < lines.length; j++) {
      const l = lines[j]!;
      if (l.trim() === '') break;
      if (tagged ? /^\s*[@:\\]/.test(l) : indent(l) <= indent(lines[i]!)) break;
      parts.push(l.trim());
    }
    return parts.join(' ');
  };
  const types = new Map<string, string>();
  let section: 'google' | 'numpy' | null = null;
  let sectionIndent = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const t = line.trim();
    let m: RegExpExecArray | null;
    if ((m = /^[@\\]param(?:\[[\w, ]*\])?\s+(?:\{([^}]*)\}\s+)?(\[[^\]]+\]|\S+)(?:\s+-)?\s*(.*)$/.exec(t))) {
      // JSDoc `[name=default]` marks an optional parameter with its default.
      const opt = /^\[([^=\]]+)(?:=([^\]]*))?\]$/.exec(m[2]!);
      // Javadoc/PHPDoc may put the type first: `@param string $label text`.
      const php = !m[1] && /^[\w|\\[\]<>?]+$/.test(m[2]!) && /^\$\w+/.test(m[3]!) ? /^(\$\w+)\s*(.*)$/.exec(m[3]!) : null;
      if (php) put(php[1]!, m[2]!, withContinuation(i, php[2]!, true));
      else put(opt ? opt[1]! : m[2]!.replace(/:$/, ''), m[1] ?? null, withContinuation(i, m[3]!, true), opt?.[2] ?? null);
      section = null;
    } else if ((m = /^:param\s+(?:([^:]+?)\s+)?(\w+)\s*:\s*(.*)$/.exec(t))) {
      put(m[2]!, m[1] ?? null, withContinuation(i, m[3]!, true));
      section = null;
    } else if ((m = /^:type\s+(\w+)\s*:\s*(.*)$/.exec(t))) {
      types.set(m[1]!, m[2]!.trim());
    } else if (/^(?:Args|Arguments|Parameters|Params|Keyword Args|Keyword Arguments):$/.test(t)) {
      section = 'google';
      sectionIndent = indent(line);
    } else if (/^Parameters$/.test(t) && /^\s*-{3,}\s*$/.test(lines[i + 1] ?? '')) {
      section = 'numpy';
      sectionIndent = indent(line);
      i++;
    } else if (section !== null) {
      if (t === '') continue;
      if (indent(line) <= sectionIndent && section === 'google') {
        section = null;
        continue;
      }
      if (section === 'numpy' && /^-{3,}$/.test((lines[i + 1] ?? '').trim())) {
        section = null; // the next section's heading
        continue;
      }
      if (section === 'google' && (m = /^(\*{0,2}[\w.]+)\s*(?:\(([^)]*)\))?\s*:\s*(.*)$/.exec(t)))
        put(m[1]!, m[2] ?? null, withContinuation(i, m[3]!, false));
      else if (
        section === 'numpy' &&
        indent(line) === sectionIndent &&
        (m = /^(\*{0,2}[\w.]+(?:\s*,\s*\*{0,2}[\w.]+)*)\s*(?::\s*(.*))?$/.exec(t))
      ) {
        const desc: string[] = [];
        for (let j = i + 1; j < lines.length && (lines[j]!.trim() === '' || indent(lines[j]!) > sectionIndent); j++)
          if (lines[j]!.trim()) desc.push(lines[j]!.trim());
        // `x : int, optional`: the type without NumPy's optional marker.
        for (const name of m[1]!.split(',')) put(name.trim(), (m[2] ?? '').replace(/,?\s*optional\s*$/, '') || null, desc.join(' '));
      }
    }
  }
  for (const [name, type] of types) {
    const p = out.get(name);
    if (p && !p.type) p.type = type;
  }
  return out;
}

/** The rows of a params table: the signature's parameters, with what the doc adds. */
export function paramRows(
  params: readonly ParamFact[],
  doc: string | null,
): Array<{ name: string; type: string; default: string; required: boolean; text: string }> {
  const documented = documentedParams(doc);
  // The receiver (`self`, `cls`) is no parameter a caller passes.
  return params
    .filter((p, i) => !(i === 0 && RECEIVERS.has(p.name)))
    .map((p) => {
      const d = documented.get(p.name);
      const dflt = p.default ?? d?.default ?? null;
      return {
        name: p.variadic ? `${p.name}…` : p.name,
        type: p.type ?? d?.type ?? '',
        default: dflt ?? '',
        required: !p.variadic && dflt === null,
        text: d?.text ?? '',
      };
    });
}
