import type { PhrasingContent } from 'mdast';

/** How a text format writes each kind of a page's inline content (DocBook, RTF). */
export interface InlineMarks {
  /** plain text, and the text of any literal node without a mark of its own */
  escape(value: string): string;
  code(escaped: string): string;
  strong(inner: string): string;
  emphasis(inner: string): string;
  link(inner: string, url: string): string;
  /** absent: an image writes nothing */
  image?(alt: string, url: string): string;
}

/** The inline content as text in the format `marks` describes. */
export function renderInline(nodes: readonly PhrasingContent[], marks: InlineMarks): string {
  return nodes
    .map((n) => {
      switch (n.type) {
        case 'text':
          return marks.escape(n.value);
        case 'inlineCode':
          return marks.code(marks.escape(n.value));
        case 'strong':
          return marks.strong(renderInline(n.children, marks));
        case 'emphasis':
          return marks.emphasis(renderInline(n.children, marks));
        case 'link':
          return marks.link(renderInline(n.children, marks), marks.escape(n.url));
        case 'image':
          return marks.image ? marks.image(marks.escape(n.alt ?? 'Diagram'), marks.escape(n.url)) : '';
        default:
          return 'value' in n && typeof n.value === 'string' ? marks.escape(n.value) : '';
      }
    })
    .join('');
}
