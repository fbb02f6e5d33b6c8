/**
 * What the fact readers found in one file, kept between runs by the file's content (incremental
 * regeneration: a second run after a 10-file change parses only the changed files).
 * A fact is found again from the same text under the same key — a reader's name, the file's path
 * and language and whatever else its result depends on — so a hit is exactly what a new reading
 * would give. The file's text itself keys the outer map (no copy, no hash to compute besides
 * V8's own); texts are dropped oldest-first beyond a budget of characters, so a long-running
 * server keeps only the trees it read last.
 */
const MAX_CHARS = 64 * 1024 * 1024;

const byText = new Map<string, Map<string, unknown>>();
let chars = 0;

export function perFile<V>(text: string, key: string, compute: () => V): V {
  let entries = byText.get(text);
  if (entries) {
    // Most recently used last: the eviction below starts at the oldest.
    byText.delete(text);
    byText.set(text, entries);
    if (entries.has(key)) return entries.get(key) as V;
  } else {
    entries = new Map();
    byText.set(text, entries);
    chars += text.length;
    for (const [old] of byText) {
      if (chars <= MAX_CHARS || old === text) break;
      byText.delete(old);
      chars -= old.length;
    }
  }
  const value = compute();
  entries.set(key, value);
  return value;
}

/** Forgets every kept fact (tests). */
export function clearFactCache(): void {
  byText.clear();
  chars = 0;
}
