import { createHash } from 'node:crypto';

/**
 * What the README analysis reads besides the README: the repository's file list (links), linked
 * text files, and these root files (package manifests, LICENSE, CONTRIBUTING). The engine keys
 * its cached README card on exactly these inputs (readmeInputsKey), so a change
 * to a root source file (gin keeps its Go code in the root) does not recompute the card.
 * suggest.ts refuses to read a root file this pattern does not name, so the key cannot fall behind.
 */
export const README_ROOT_FILE =
  /^(?:package\.json|pyproject\.toml|setup\.py|setup\.cfg|requirements\.txt|Cargo\.toml|go\.mod|composer\.json|pom\.xml|build\.gradle(?:\.kts)?|(?:LICEN[CS]E|COPYING|CONTRIBUTING|README)(?:\..*)?)$/i;

/** Text files a README may link to (their anchors are checked): any folder. */
const README_TEXT_FILE = /\.(md|markdown|mdx|rst|txt|adoc|asciidoc|html?)$/i;

/**
 * The README card's cache key: the folder's name, every file's path (links), and the content of
 * each text file and README root file (blob id, or size for a file git has no id for).
 */
export function readmeInputsKey(
  folderName: string,
  files: readonly string[],
  facts: ReadonlyArray<{ rel: string; blobId: string | null; size: number }>,
): string {
  const hash = createHash('sha1').update(folderName).update('\0');
  for (const rel of files) hash.update(rel).update('\n');
  for (const f of facts) {
    if (README_TEXT_FILE.test(f.rel) || (!f.rel.includes('/') && README_ROOT_FILE.test(f.rel)))
      hash.update(`${f.rel}\0${f.blobId ?? `size:${f.size}`}\n`);
  }
  return hash.digest('hex');
}
