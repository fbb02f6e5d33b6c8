import type { BlockContent, Heading, Image, List, Paragraph, PhrasingContent, Root, Table, TableCell } from 'mdast';

/**
 * Small builders for the mdast trees the architecture and API pages are made of (docs/design.md §7:
 * "one mdast per page"), so every output format is rendered from the same document.
 */
export type Inline = string | PhrasingContent;

const phrasing = (parts: readonly Inline[]): PhrasingContent[] =>
  parts.map((p) => (typeof p === 'string' ? { type: 'text', value: p } : p));

export const text = (value: string): PhrasingContent => ({ type: 'text', value });
export const code = (value: string): PhrasingContent => ({ type: 'inlineCode', value });
export const strong = (value: string): PhrasingContent => ({ type: 'strong', children: [{ type: 'text', value }] });
/** Where a statement comes from: `path:L` or `path:L-L`, as inline code (docs/design.md §7: every statement cites its source). */
export const source = (file: string, from?: number, to?: number): PhrasingContent =>
  code(from === undefined ? file : to !== undefined && to !== from ? `${file}:${from}-${to}` : `${file}:${from}`);

export const heading = (depth: 1 | 2 | 3 | 4, value: string): Heading => ({ type: 'heading', depth, children: [{ type: 'text', value }] });
export const paragraph = (...parts: Inline[]): Paragraph => ({ type: 'paragraph', children: phrasing(parts) });
export const list = (items: ReadonlyArray<readonly Inline[]>): List => ({
  type: 'list',
  ordered: false,
  spread: false,
  children: items.map((parts) => ({ type: 'listItem', spread: false, children: [paragraph(...parts)] })),
});
/** A cell's text on one line: a line break (a type annotation written over several lines) is a space in every format. */
const oneLine = (n: PhrasingContent): PhrasingContent =>
  n.type === 'text' || n.type === 'inlineCode'
    ? { ...n, value: n.value.replace(/[ \t]*\r?\n\s*/g, ' ') }
    : 'children' in n
      ? ({ ...n, children: n.children.map(oneLine) } as PhrasingContent)
      : n;
export const table = (head: readonly string[], rows: ReadonlyArray<ReadonlyArray<Inline | readonly Inline[]>>): Table => {
  const cell = (c: Inline | readonly Inline[]): TableCell => ({
    type: 'tableCell',
    children: phrasing(Array.isArray(c) ? (c as Inline[]) : [c as Inline]).map(oneLine),
  });
  return {
    type: 'table',
    align: head.map(() => null),
    children: [
      { type: 'tableRow', children: head.map((h) => cell(h)) },
      ...rows.map((r) => ({ type: 'tableRow' as const, children: r.map(cell) })),
    ],
  };
};
/** A diagram as Mermaid source (GitHub renders it; other formats show the source or a rendering). */
export const mermaid = (value: string): BlockContent => ({ type: 'code', lang: 'mermaid', value });
export const root = (children: BlockContent[]): Root => ({ type: 'root', children });

/** A diagram: its Mermaid source, then the pre-rendered SVG file (`name`) as an image alone in its paragraph. */
export const diagram = (mermaidSource: string, name: string, alt: string): BlockContent[] => [
  mermaid(mermaidSource),
  { type: 'paragraph', children: [{ type: 'image', url: name, alt } satisfies Image] },
];
/** The image of a paragraph that holds only an image (a diagram), or null. */
export const figureOf = (node: { type: string; children?: unknown[] }): Image | null =>
  node.type === 'paragraph' && node.children?.length === 1 && (node.children[0] as { type: string }).type === 'image'
    ? (node.children[0] as Image)
    : null;
