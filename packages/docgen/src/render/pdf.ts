import { createRequire } from 'node:module';
import path from 'node:path';
import type { Nodes, PhrasingContent, Root } from 'mdast';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { figureOf } from '../pages/blocks.ts';

/**
 * PDF through pdfmake (docs/design.md §7): a table of contents from the headings, page numbers in the
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
  shareFontsBetweenDocuments();
  configured = instance;
  return instance;
}

/** What pdfkit's EmbeddedFont holds that is worth keeping from one document to the next. */
interface EmbeddedFont {
  font: { createSubset(): unknown };
  subset: unknown;
  layoutCache?: Record<string, unknown>;
}
interface PdfmakeDocument {
  fontCache: Record<string, Record<string, EmbeddedFont | undefined> | undefined>;
  getFontType(bold: boolean, italics: boolean): string;
  getFontFile(family: string, bold: boolean, italics: boolean): unknown;
}

/** Words measured per font before the shared cache starts again (a bound for a long-running server). */
const LAYOUT_CACHE_WORDS = 200_000;

/**
 * A doc set renders one PDF part per page, and pdfmake opens its fonts anew for every document:
 * fontkit parses Roboto again and decodes its GSUB/GPOS tables lazily during the first layouts,
 * and pdfkit's per-font word cache starts empty — ~90 ms a document before any layout, and every
 * word shaped again. Here the parsed fontkit font and the word cache (glyph runs of a word, which
 * depend only on the font file) are shared by the documents; each document keeps its own subset
 * (the glyphs it embeds), so its bytes are those of a document rendered alone.
 */
function shareFontsBetweenDocuments(): void {
  const proto = (
    require('pdfmake/js/PDFDocument.js') as {
      default: { prototype: PdfmakeDocument & { provideFont(family: string, bold: boolean, italics: boolean): EmbeddedFont } };
    }
  ).default.prototype;
  const provide = proto.provideFont;
  // pdfmake's internals (0.3.x): another version without them simply opens its fonts per document.
  if (typeof provide !== 'function') return;
  const shared = new Map<unknown, { font: EmbeddedFont['font']; layoutCache: Record<string, unknown> | undefined; documents: number }>();
  proto.provideFont = function (this: PdfmakeDocument, family: string, bold: boolean, italics: boolean): EmbeddedFont {
    const type = this.getFontType(bold, italics);
    const known = this.fontCache[family]?.[type];
    if (known) return known;
    const file = this.getFontFile(family, bold, italics);
    const embedded = provide.call(this, family, bold, italics);
    if (typeof embedded?.font?.createSubset !== 'function') return embedded;
    const kept = shared.get(file);
    // The cache's size is counted every 64 documents only (counting walks every word).
    if (!kept || (kept.layoutCache && ++kept.documents % 64 === 0 && Object.keys(kept.layoutCache).length > LAYOUT_CACHE_WORDS)) {
      shared.set(file, { font: embedded.font, layoutCache: embedded.layoutCache, documents: 0 });
      return embedded;
    }
    embedded.font = kept.font;
    embedded.subset = kept.font.createSubset();
    if (embedded.layoutCache && kept.layoutCache) embedded.layoutCache = kept.layoutCache;
    return embedded;
  };
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

function content(tree: Root, title: string | null, assets: ReadonlyMap<string, string>): Content[] {
  // With a title: the title, a table of contents and a page break; without (a part of a book): the page's own first heading as its title.
  const out: Content[] =
    title === null
      ? []
      : [{ text: title, style: 'title' }, { toc: { title: { text: 'Contents', style: 'h2' } } }, { text: '', pageBreak: 'after' }];
  const visit = (node: Nodes): void => {
    switch (node.type) {
      case 'heading':
        if (node.depth === 1) {
          if (title === null) out.push({ text: inline(node.children), style: 'title' });
          return; // else the title above
        }
        out.push({
          text: inline(node.children),
          style: `h${Math.min(node.depth, 4)}`,
          tocItem: node.depth <= 3,
          tocMargin: [(node.depth - 2) * 12, 0, 0, 0],
        });
        return;
      case 'paragraph': {
        const figure = figureOf(node);
        const svg = figure ? assets.get(figure.url) : undefined;
        if (figure && svg !== undefined) {
          // Scaled to the text width (A4 less the margins), never above its own size.
          const width = Number(/width="([\d.]+)"/.exec(svg)?.[1] ?? 499);
          const height = Number(/height="([\d.]+)"/.exec(svg)?.[1] ?? 300);
          const scale = Math.min(1, 499 / width, 680 / height);
          out.push(
            { svg, width: width * scale, margin: [0, 0, 0, 4] },
            { text: figure.alt ?? '', fontSize: 8, color: '#57606a', margin: [0, 0, 0, 8] },
          );
          return;
        }
        out.push({ text: inline(node.children), margin: [0, 0, 0, 6] });
        return;
      }
      case 'list':
        out.push({
          ul: node.children.map((item) => ({ text: item.children.flatMap((c) => (c.type === 'paragraph' ? inline(c.children) : [])) })),
          margin: [0, 0, 0, 6],
        });
        return;
      case 'code':
        out.push({
          table: { widths: ['*'], body: [[{ text: node.value, style: 'code', preserveLeadingSpaces: true }]] },
          layout: 'noBorders',
          fillColor: '#f6f8fa',
          margin: [0, 0, 0, 8],
        });
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
  tree.children.forEach(visit);
  return out;
}

/** The documents' creation date (and so pdfkit's file id): fixed, so the same page gives the same bytes. */
const FIXED_DATE = new Date(0);

const STYLES = {
  title: { fontSize: 22, bold: true, margin: [0, 0, 0, 16] },
  h2: { fontSize: 16, bold: true, margin: [0, 14, 0, 6] },
  h3: { fontSize: 13, bold: true, margin: [0, 10, 0, 4] },
  h4: { fontSize: 11, bold: true, margin: [0, 8, 0, 4] },
  code: { fontSize: 8, color: '#24292f' },
};

export async function renderPdf(tree: Root, title: string, assets: ReadonlyMap<string, string> = new Map()): Promise<Buffer> {
  const doc = {
    info: { title, creator: 'Docent', producer: 'Docent', creationDate: FIXED_DATE },
    pageSize: 'A4',
    pageMargins: [48, 48, 48, 56],
    content: content(tree, title, assets),
    footer: (page: number, pages: number) => ({ text: `${page} / ${pages}`, alignment: 'center', fontSize: 8, margin: [0, 16, 0, 0] }),
    defaultStyle: { font: 'Roboto', fontSize: 10 },
    styles: STYLES,
  };
  return pdfmake().createPdf(doc).getBuffer();
}

/** One page of a doc set as a PDF part of the book: no contents, no page numbers (the book adds them). */
export async function renderPdfPart(tree: Root, title: string, assets: ReadonlyMap<string, string> = new Map()): Promise<Buffer> {
  const doc = {
    info: { title, creator: 'Docent', producer: 'Docent', creationDate: FIXED_DATE },
    pageSize: 'A4',
    pageMargins: [48, 48, 48, 56],
    content: content(tree, null, assets),
    defaultStyle: { font: 'Roboto', fontSize: 10 },
    styles: STYLES,
  };
  return pdfmake().createPdf(doc).getBuffer();
}

/**
 * The book from its parts (docs/design.md §7: PDF with a table of contents and page numbers): a front
 * matter of the title, the overview and the contents with each part's first page, then the parts'
 * pages copied as they are (pdf-lib), every page numbered "n / N". A part is rendered once and
 * kept, so a later run with one changed page renders only that part and merges again.
 */
export async function assemblePdfBook(title: string, intro: Root, parts: ReadonlyArray<{ title: string; pdf: Buffer }>): Promise<Buffer> {
  const loaded = await Promise.all(parts.map((p) => PDFDocument.load(p.pdf)));
  const counts = loaded.map((d) => d.getPageCount());
  const front = async (frontPages: number): Promise<Buffer> => {
    let page = frontPages + 1;
    const rows = parts.map((p, i) => {
      const row = [
        { text: p.title, tocLink: true },
        { text: String(page), alignment: 'right' },
      ];
      page += counts[i]!;
      return row;
    });
    const doc = {
      info: { title, creator: 'Docent', producer: 'Docent', creationDate: FIXED_DATE },
      pageSize: 'A4',
      pageMargins: [48, 48, 48, 56],
      content: [
        ...content(intro, null, new Map()),
        { text: 'Contents', style: 'h2' },
        {
          table: {
            widths: ['*', 40],
            body: rows.map((r) => r.map((c) => ({ text: c.text, ...(c.alignment ? { alignment: c.alignment } : {}) }))),
          },
          layout: 'noBorders',
        },
      ],
      defaultStyle: { font: 'Roboto', fontSize: 10 },
      styles: STYLES,
    };
    return pdfmake().createPdf(doc).getBuffer();
  };
  // The contents' page numbers depend on how many pages the front matter itself takes.
  let frontPages = 1;
  let frontPdf = await front(frontPages);
  for (let i = 0; i < 3; i++) {
    const n = (await PDFDocument.load(frontPdf)).getPageCount();
    if (n === frontPages) break;
    frontPages = n;
    frontPdf = await front(frontPages);
  }
  const book = await PDFDocument.create();
  for (const src of [await PDFDocument.load(frontPdf), ...loaded])
    for (const p of await book.copyPages(src, src.getPageIndices())) book.addPage(p);
  const font = await book.embedFont(StandardFonts.Helvetica);
  const total = book.getPageCount();
  book.getPages().forEach((p, i) => {
    const label = `${i + 1} / ${total}`;
    p.drawText(label, { x: p.getWidth() / 2 - font.widthOfTextAtSize(label, 8) / 2, y: 28, size: 8, font, color: rgb(0, 0, 0) });
  });
  book.setTitle(title);
  book.setCreator('Docent');
  book.setProducer('Docent');
  // Fixed dates: the same tree gives the same bytes.
  book.setCreationDate(new Date(0));
  book.setModificationDate(new Date(0));
  return Buffer.from(await book.save());
}
