import type { Root } from 'mdast';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { toMarkdown } from 'mdast-util-to-markdown';

/** GitHub-flavoured Markdown (tables; Mermaid blocks render on GitHub and GitLab). */
export function renderMarkdown(tree: Root): string {
  return toMarkdown(tree, { extensions: [gfmToMarkdown()], bullet: '-', fences: true, listItemIndent: 'one' });
}
