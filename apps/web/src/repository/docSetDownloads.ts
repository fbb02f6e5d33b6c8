import type { DocSetResult } from '@docent/contracts';

/** Formats written page by page: with pages, one zip of the format instead of one button per file. */
const PAGE_FORMATS = new Set(['md', 'html', 'rst']);
/** Files other files show (diagrams, the search script): inside the zips, never a button of their own. */
const ASSET_FORMATS = new Set(['svg', 'js']);

export type DownloadEntry =
  { kind: 'file'; name: string; url: string; size: number } | { kind: 'format'; format: string; url: string; size: number; count: number };

/**
 * The download buttons of a doc set: a single file for each book (PDF, DocBook, RTF), for the
 * index of a one-page format and for extras (openapi.json); one zip per page format when the set
 * has pages. A set of many pages would otherwise show hundreds of buttons.
 */
export function downloadEntries(result: Pick<DocSetResult, 'files' | 'zipUrl'>): DownloadEntry[] {
  const entries: DownloadEntry[] = [];
  const byFormat = new Map<string, DocSetResult['files']>();
  for (const f of result.files) {
    if (ASSET_FORMATS.has(f.format)) continue;
    byFormat.set(f.format, [...(byFormat.get(f.format) ?? []), f]);
  }
  for (const [format, files] of byFormat) {
    if (PAGE_FORMATS.has(format) && files.some((f) => f.part)) {
      const separator = result.zipUrl.includes('?') ? '&' : '?';
      entries.push({
        kind: 'format',
        format,
        url: `${result.zipUrl}${separator}format=${encodeURIComponent(format)}`,
        size: files.reduce((n, f) => n + f.size, 0),
        count: files.length,
      });
    } else {
      for (const f of files) if (!f.part) entries.push({ kind: 'file', name: f.name, url: f.url, size: f.size });
    }
  }
  return entries;
}
