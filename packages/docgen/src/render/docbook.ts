import type { Nodes, PhrasingContent, Root, RootContent } from 'mdast';
import { figureOf } from '../pages/blocks.ts';
import { renderInline, type InlineMarks } from './inline.ts';

/**
 * DocBook 5 (the spec's "XML" format): an <article> whose headings become nested <section>s;
 * tables are CALS <informaltable>s; Mermaid sources are <programlisting language="mermaid">.
 * Valid against DocBook 5.0's RELAX NG schema (checked with xmllint in the tests).
 */
const escape = (s: string): string =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // Characters XML 1.0 cannot carry at all.
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');

const MARKS: InlineMarks = {
  escape,
  code: (text) => `<code>${text}</code>`,
  strong: (inner) => `<emphasis role="strong">${inner}</emphasis>`,
  emphasis: (inner) => `<emphasis>${inner}</emphasis>`,
  link: (inner, url) => `<link xlink:href="${url}">${inner}</link>`,
};

const inline = (nodes: readonly PhrasingContent[]): string => renderInline(nodes, MARKS);

function block(node: RootContent): string {
  switch (node.type) {
    case 'paragraph': {
      const figure = figureOf(node);
      if (figure)
        return `<mediaobject><imageobject><imagedata fileref="${escape(figure.url)}" format="SVG"/></imageobject><textobject><phrase>${escape(figure.alt ?? '')}</phrase></textobject></mediaobject>`;
      return `<para>${inline(node.children)}</para>`;
    }
    case 'list':
      return `<itemizedlist>${node.children.map((item) => `<listitem>${item.children.map(block).join('')}</listitem>`).join('')}</itemizedlist>`;
    case 'code':
      return `<programlisting${node.lang ? ` language="${escape(node.lang)}"` : ''}>${escape(node.value)}</programlisting>`;
    case 'table': {
      const [head, ...rows] = node.children;
      const cols = head?.children.length ?? 1;
      const row = (r: NonNullable<typeof head>): string =>
        `<row>${r.children.map((c) => `<entry>${inline(c.children)}</entry>`).join('')}</row>`;
      return `<informaltable><tgroup cols="${cols}">${head ? `<thead>${row(head)}</thead>` : ''}<tbody>${rows.length > 0 ? rows.map(row).join('') : `<row>${'<entry/>'.repeat(cols)}</row>`}</tbody></tgroup></informaltable>`;
    }
    default:
      return '';
  }
}

export function renderDocbook(tree: Root, title: string): string {
  const out: string[] = [];
  const open: number[] = [];
  let pendingTitleOnly = false;
  for (const node of tree.children as Nodes[]) {
    if (node.type === 'heading') {
      if (node.depth === 1) continue; // the article's own title
      while (open.length > 0 && open.at(-1)! >= node.depth) {
        // A section needs content after its title: an empty one gets an empty paragraph.
        if (pendingTitleOnly) out.push('<para/>');
        out.push('</section>');
        open.pop();
        pendingTitleOnly = false;
      }
      out.push(`<section><title>${inline(node.children)}</title>`);
      open.push(node.depth);
      pendingTitleOnly = true;
    } else {
      const xml = block(node as RootContent);
      if (xml) {
        out.push(xml);
        pendingTitleOnly = false;
      }
    }
  }
  while (open.length > 0) {
    if (pendingTitleOnly) out.push('<para/>');
    out.push('</section>');
    open.pop();
    pendingTitleOnly = false;
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<article xmlns="http://docbook.org/ns/docbook" xmlns:xlink="http://www.w3.org/1999/xlink" version="5.0">
<info><title>${escape(title)}</title></info>
${out.join('\n')}
</article>
`;
}
