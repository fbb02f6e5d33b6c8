import type { BrokenLink } from '@docent/contracts';
import { extractMarkdown, extractPlain } from './extract.ts';
import { anchorSet, checkLinks } from './links.ts';

/**
 * The README's broken relative links, images and anchors, checked against `repoDir` as it is
 * checked out and its file list — the README card's link rule alone, without the grammar and
 * scoring passes (a pull request's check compares the two sides of a change with it).
 */
export function readmeBrokenLinks(repoDir: string, repoFiles: readonly string[], readmePath: string, content: string): BrokenLink[] {
  const lower = readmePath.toLowerCase();
  const name = lower.slice(lower.lastIndexOf('/') + 1);
  const parsed = lower.endsWith('.rst')
    ? extractPlain(content, true)
    : lower.endsWith('.txt') || !/\.[a-z]+$/.test(name)
      ? extractPlain(content, false)
      : extractMarkdown(content);
  return checkLinks(parsed.links, { repoDir, repoFiles, readmePath, anchors: anchorSet(parsed.headings, parsed.htmlAnchors) });
}
