/** Open inline code (`` `a b` ``, `{@code a b}`, `{@link A b}`) at the end of `w`. */
const opens = (w: string): boolean => (w.match(/`/g)?.length ?? 0) % 2 === 1 || /\{@\w*[^}]*$/.test(w);

/**
 * Words of one inline code span or inline tag are joined into one word, so that a line break never
 * falls inside `{@code args}` or a backquoted condition, unless the span is wider than a line.
 */
function keepSpans(words: string[], room: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    let w = words[i]!;
    if (opens(w)) {
      let j = i + 1;
      let joined = w;
      while (j < words.length && opens(joined)) joined += ` ${words[j++]}`;
      if (!opens(joined) && joined.length <= room) {
        w = joined;
        i = j - 1;
      }
    }
    out.push(w);
  }
  return out;
}

/**
 * Greedy word wrap: the first line starts with `first`, the others with `rest`; no line exceeds
 * `width` unless one word alone does (a URL, a long identifier), which then stands on its own line.
 */
export function wrap(text: string, width: number, first = '', rest = first, head = '', spans = true): string[] {
  // The head (`name (type):`, `@param name -`) is one unbreakable word: parsers read it on one line.
  // `spans: false` breaks inside code spans too, as a formatter that fills lines word by word does
  const split = text.split(/\s+/).filter((w) => w !== '');
  const words = spans ? keepSpans(split, width - rest.length) : split;
  if (head !== '') words.unshift(head);
  const lines: string[] = [];
  let line = first;
  let empty = true;
  for (const word of words) {
    const prefix = lines.length === 0 ? first : rest;
    if (empty) {
      line = prefix + word;
      empty = false;
    } else if (line.length + 1 + word.length <= width) {
      line += ` ${word}`;
    } else {
      lines.push(line);
      line = rest + word;
    }
  }
  if (!empty) lines.push(line);
  else if (first.trim() !== '') lines.push(first.trimEnd());
  return lines;
}
