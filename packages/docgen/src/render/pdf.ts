import { createRequire } from 'node:module';
import path from 'node:path';
import type { Nodes, PhrasingContent, Root } from 'mdast';
import { figureOf } from '../pages/blocks.ts';

/**
 * PDF through pdfmake (DOCGEN.md): a table of contents from the headings, page numbers in the
 * footer, tables that repeat their header row across pages. Fonts are pdfmake's own Roboto files;
 * the document may read nothing else — no URL, no other local file (its content comes from the
 * repository, so it is untrusted). Mermaid diagrams appear as their source, as in the other
 * text formats.
 */
const require = createRequire(import.meta.url);

interface PdfMake {
  setFonts(fonts: Record<string, Record<string, string>>): void;
  setUrlAccessPolicy(cb: (url: string) => boolean): void;
  setLocalAccessPolicy(cb: (path: string) => boolean): void;
  createPdf(doc: object): { getBuffer(): Promise<Buffer> };
}

let configured: PdfMake | null = null;
function pdfmake(): PdfMake {
  if (configured) return configured;
  const instance = require('pdfmake') as PdfMake;
  const fontDir = path.dirname(require.resolve('pdfmake/fonts/Roboto/Roboto-Regular.ttf'));
  instance.setFonts({
    Roboto: {
      normal: path.join(fontDir, 'Roboto-Regular.ttf'),
      bold: path.join(fontDir, 'Roboto-Medium.ttf'),
      italics: path.join(fontDir, 'Roboto-Italic.ttf'),
      bolditalics: path.join(fontDir, 'Roboto-MediumItalic.ttf'),
    },
  });
  instance.setUrlAccessPolicy(() => false);
  instance.setLocalAccessPolicy((p) => path.resolve(p).startsWith(fontDir + path.sep));
  configured = instance;
  return instance;
}

type Content = string | Record<string, unknown> | Content[];

/** Roboto has no check marks: the documented ✓/✗ column reads yes/no instead of a blank box. */
const withRobotoGlyphs = (s: string): string => s.replace(/✓/g, 'yes').replace(/✗/g, 'no');

function inline(nodes: readonly PhrasingContent[]): Content[] {
  return nodes.map((n): Content => {
    switch (n.type) {
      case 'text':
        return withRobotoGlyphs(n.value);
      case 'inlineCode':
        return { text: n.value, style: 'code' };
      case 'strong':
        return { text: inline(n.children), bold: true };
      case 'emphasis':
        return { text: inline(n.children), italics: true };
      case 'link':
        return { text: inline(n.children), link: n.url, color: '#0969da' };
      default:
        return 'value' in n && typeof n.value === 'string' ? n.value : '';
    }
  });
}

function content(tree: Root, title: string, assets: ReadonlyMap<string, string>): Content[] {
  const out: Content[] = [
    { text: title, style: 'title' },
    { toc: { title: { text: 'Contents', style: 'h2' } } },
    { text: '', pageBreak: 'after' },
  ];
  const visit = (node: Nodes): void => {
    switch (node.type) {
      case 'root':
        node.children.forEach(visit);
        return;
      case 'heading':
        if (node.depth === 1) return; // the title above
        out.push({ text: inline(node.children), style: `h${Math.min(node.depth, 4)}`, tocItem: node.depth <= 3, tocMargin: [(node.depth - 2) * 12, 0, 0, 0] });
        return;
      case 'paragraph': {
        const figure = figureOf(node);
        const svg = figure ? assets.get(figure.url) : undefined;
        if (figure && svg !== undefined) {
          // Scaled to the text width (A4 less the margins), never above its own size.
          const width = Number(/width="([\d.]+)"/.exec(svg)?.[1] ?? 499);
          const height = Number(/height="([\d.]+)"/.exec(svg)?.[1] ?? 300);
          const scale = Math.min(1, 499 / width, 680 / height);
          out.push({ svg, width: width * scale, margin: [0, 0, 0, 4] }, { text: figure.alt ?? '', fontSize: 8, color: '#57606a', margin: [0, 0, 0, 8] });
          return;
        }
        out.push({ text: inline(node.children), margin: [0, 0, 0, 6] });
        return;
      }
      case 'list':
        out.push({ ul: node.children.map((item) => ({ text: item.children.flatMap((c) => (c.type === 'paragraph' ? inline(c.children) : [])) })), margin: [0, 0, 0, 6] });
        return;
      case 'code':
        out.push({ table: { widths: ['*'], body: [[{ text: node.value, style: 'code', preserveLeadingSpaces: true }]] }, layout: 'noBorders', fillColor: '#f6f8fa', margin: [0, 0, 0, 8] });
        return;
      case 'table': {
        const cols = node.children[0]?.children.length ?? 1;
        out.push({
          table: {
            headerRows: 1,
            widths: Array.from({ length: cols }, () => '*'),
            body: node.children.map((row, r) => row.children.map((cell) => ({ text: inline(cell.children), bold: r === 0, fontSize: 8 }))),
          },
          layout: 'lightHorizontalLines',
          margin: [0, 0, 0, 8],
        });
        return;
      }
      default:
        return;
    }
  };
  visit(tree);
  return out;
}

export async function renderPdf(tree: Root, title: string, assets: ReadonlyMap<string, string> = new Map()): Promise<Buffer> {
  const doc = {
    info: { title, creator: 'Docent', producer: 'Docent' },
    pageSize: 'A4',
    pageMargins: [48, 48, 48, 56],
    content: content(tree, title, assets),
    footer: (page: number, pages: number) => ({ text: `${page} / ${pages}`, alignment: 'center', fontSize: 8, margin: [0, 16, 0, 0] }),
    defaultStyle: { font: 'Roboto', fontSize: 10 },
    styles: {
      title: { fontSize: 22, bold: true, margin: [0, 0, 0, 16] },
      h2: { fontSize: 16, bold: true, margin: [0, 14, 0, 6] },
      h3: { fontSize: 13, bold: true, margin: [0, 10, 0, 4] },
      h4: { fontSize: 11, bold: true, margin: [0, 8, 0, 4] },
      code: { fontSize: 8, color: '#24292f' },
    },
  };
  return pdfmake().createPdf(doc).getBuffer();
}
