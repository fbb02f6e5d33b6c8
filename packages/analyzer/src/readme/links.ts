/**
 * Broken relative links, images and #anchors, resolved the way GitHub renders a README: relative
 * to the README's folder, `/` meaning the repository root, headings slugged with GitHub's rule.
 * External links are never fetched.
 */
import { lstatSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import GithubSlugger from 'github-slugger';
import type { BrokenLink } from '@docent/contracts';
import { extractMarkdown, type HeadingInfo, type LinkRef } from './extract.ts';

const SCHEME_RE = /^[a-z][a-z0-9+.-]*:/i;
const MARKDOWN_EXT = /\.(?:md|markdown|mdown|mkdn|mkd|mdwn)$/i;
/** Linked markdown files are read up to this size to find their headings. */
const MAX_LINKED_FILE_BYTES = 1024 * 1024;

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Every anchor GitHub gives a document: heading slugs with -1, -2… for duplicates, plus id/name
 * attributes in raw HTML. Lower-cased: GitHub matches fragments case-insensitively. Headings
 * written with `:emoji:` shortcodes also get the slug of their rendered form (emoji dropped).
 */
export function anchorSet(headings: readonly HeadingInfo[], htmlAnchors: readonly string[]): Set<string> {
  const anchors = new Set<string>(['', 'top']);
  const slugger = new GithubSlugger();
  const emojiSlugger = new GithubSlugger();
  for (const h of headings) {
    anchors.add(slugger.slug(h.text));
    anchors.add(emojiSlugger.slug(h.text.replace(/:[a-z0-9_+-]+:/g, '')));
  }
  for (const id of htmlAnchors) anchors.add(id.toLowerCase());
  return anchors;
}

/** Normalises a repo-relative path; null when it climbs out of the repository. */
function resolveRepoPath(fromDir: string, target: string): string | null {
  const start = target.startsWith('/') ? [] : fromDir.split('/').filter(Boolean);
  const parts = [...start];
  for (const part of target.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join('/');
}

export interface LinkCheckContext {
  repoDir: string;
  repoFiles: readonly string[];
  readmePath: string;
  /** anchors of the README itself */
  anchors: Set<string>;
}

export function checkLinks(links: readonly LinkRef[], ctx: LinkCheckContext): BrokenLink[] {
  const files = new Set(ctx.repoFiles);
  const dirs = new Set<string>();
  for (const f of ctx.repoFiles) {
    for (let i = f.indexOf('/'); i !== -1; i = f.indexOf('/', i + 1)) dirs.add(f.slice(0, i));
  }
  const readmeDir = ctx.readmePath.includes('/') ? ctx.readmePath.slice(0, ctx.readmePath.lastIndexOf('/')) : '';
  const otherAnchors = new Map<string, Set<string> | null>();
  const broken: BrokenLink[] = [];

  const anchorsOf = (path: string): Set<string> | null => {
    if (!otherAnchors.has(path)) {
      let set: Set<string> | null = null;
      try {
        const full = join(ctx.repoDir, path);
        const st = lstatSync(full);
        // Symlinks are not followed: they may point outside the repository.
        if (st.isFile() && st.size <= MAX_LINKED_FILE_BYTES) {
          const parsed = extractMarkdown(readFileSync(full, 'utf8'));
          set = anchorSet(parsed.headings, parsed.htmlAnchors);
        }
      } catch {
        set = null; // unreadable: do not guess
      }
      otherAnchors.set(path, set);
    }
    return otherAnchors.get(path) ?? null;
  };

  for (const link of links) {
    const url = link.url.trim();
    if (!url || SCHEME_RE.test(url) || url.startsWith('//')) continue; // external, mailto:, data: …
    const hashAt = url.indexOf('#');
    const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
    const fragment = hashAt === -1 ? null : safeDecode(url.slice(hashAt + 1)).toLowerCase();
    const pathPart = safeDecode(beforeHash.split('?')[0]!);

    if (pathPart === '') {
      if (fragment !== null && !ctx.anchors.has(fragment)) {
        broken.push({ url: link.url, line: link.line, kind: 'anchor', reason: `No heading in the README has the anchor #${fragment}.` });
      }
      continue;
    }
    const resolved = resolveRepoPath(readmeDir, pathPart);
    if (resolved === null) {
      broken.push({ url: link.url, line: link.line, kind: link.kind, reason: 'The path points outside the repository.' });
      continue;
    }
    const target = resolved.replace(/\/+$/, '');
    const exists = target === '' || files.has(target) || dirs.has(target);
    if (!exists) {
      broken.push({ url: link.url, line: link.line, kind: link.kind, reason: `${target} does not exist in the repository.` });
      continue;
    }
    if (fragment && files.has(target) && MARKDOWN_EXT.test(target)) {
      const anchors = target === ctx.readmePath ? ctx.anchors : anchorsOf(target);
      if (anchors && !anchors.has(fragment)) {
        broken.push({ url: link.url, line: link.line, kind: 'anchor', reason: `No heading in ${target} has the anchor #${fragment}.` });
      }
    }
  }
  return broken;
}
