/**
 * Greedy word wrap: the first line starts with `first`, the others with `rest`; no line exceeds
 * `width` unless one word alone does (a URL, a long identifier), which then stands on its own line.
 */
export function wrap(text: string, width: number, first = '', rest = first, head = ''): string[] {
  // The head (`name (type):`, `@param name -`) is one unbreakable word: parsers read it on one line.
  const words = text.split(/\s+/).filter((w) => w !== '');
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
