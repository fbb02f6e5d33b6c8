/**
 * Language classification of repository files, after GitHub Linguist 7 (see
 * docs/metrics/languages.md): which language a file is, and whether it counts in the language bar.
 */
import { languageByAlias, languageIndex } from './data.ts';
import { isDocumentationPath, isGenerated, isVendoredPath } from './exclusions.ts';
import { attributeFor, booleanAttribute, parseGitAttributesAt, type GitAttributes } from './gitattributes.ts';
import { hasBinaryExtension } from './binary.ts';
import { basename, detectLanguage } from './strategies.ts';

export { isBinary } from './binary.ts';
export { languageShares } from './shares.ts';
export { combineGitAttributes, parseGitAttributesAt } from './gitattributes.ts';
export type { GitAttributes } from './gitattributes.ts';

export interface FileClass {
  /** Linguist name, e.g. 'Python', 'TypeScript', 'TSX', 'C++' */
  language: string | null;
  type: 'programming' | 'markup' | 'data' | 'prose' | null;
  vendored: boolean;
  generated: boolean;
  documentation: boolean;
  /** type programming|markup, not vendored/generated/documentation, not binary, detectable (.gitattributes linguist-detectable overrides) */
  countsForLanguages: boolean;
}

/** Parses the repository's root .gitattributes. For nested files use parseGitAttributesAt + combineGitAttributes. */
export function parseGitAttributes(text: string): GitAttributes {
  return parseGitAttributesAt(text, '');
}

/**
 * Classifies one file.
 * @param relPath repo-relative path with forward slashes
 * @param sample first 64 KiB of the file as text, or '' for a binary file
 * @param size full size in bytes
 */
export function classifyFile(relPath: string, sample: string, size: number, attrs?: GitAttributes): FileClass {
  const path = relPath.replace(/\\/g, '/').replace(/^\.\//, '').replace(/^\/+/, '');
  const name = basename(path);
  const binary = size > 0 && sample === '';

  const vendored = booleanAttribute(attributeFor(attrs, path, 'linguist-vendored')) ?? isVendoredPath(path);
  const documentation = booleanAttribute(attributeFor(attrs, path, 'linguist-documentation')) ?? isDocumentationPath(path);
  const generated = booleanAttribute(attributeFor(attrs, path, 'linguist-generated')) ?? isGenerated(path, sample);
  const detectable = booleanAttribute(attributeFor(attrs, path, 'linguist-detectable'));

  const override = attributeFor(attrs, path, 'linguist-language');
  let language = typeof override === 'string' ? languageByAlias(override) : undefined;
  if (!language) {
    // Linguist gives no language to binary or empty files, nor to files whose MIME type is binary
    // unless their name is a known filename.
    const likelyBinary = hasBinaryExtension(name) && !languageIndex().byFilename.has(name);
    if (!binary && !likelyBinary && size > 0) language = detectLanguage(path, sample, size);
  }

  const type = language?.type ?? null;
  const countsForLanguages =
    !!language && !binary && !vendored && !documentation && !generated && (detectable ?? (type === 'programming' || type === 'markup'));

  return { language: language?.name ?? null, type, vendored, generated, documentation, countsForLanguages };
}
