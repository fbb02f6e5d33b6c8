import path from 'node:path';
import { factsOf, readCheckout } from './facts/index.ts';
import { apiPage, publicSymbols } from './pages/api.ts';
import { architecturePage, type PageMeta } from './pages/arch.ts';
import { renderDocbook } from './render/docbook.ts';
import { renderHtml } from './render/html.ts';
import { renderMarkdown } from './render/markdown.ts';
import { renderPdf } from './render/pdf.ts';
import { renderRst } from './render/rst.ts';
import { renderRtf } from './render/rtf.ts';

export type DocKind = 'arch' | 'api';
/** The six formats of the spec (`xml` = DocBook 5). */
export const DOC_FORMATS = ['md', 'html', 'pdf', 'rst', 'xml', 'rtf'] as const;
export type DocFormat = (typeof DOC_FORMATS)[number];

export interface GeneratedDoc {
  /** file name, e.g. architecture.md */
  name: string;
  format: DocFormat;
  /** text, or the bytes of a PDF */
  content: string | Buffer;
}

/**
 * Architecture or API documentation of a checkout, in the requested formats, deterministic (the
 * same tree gives byte-identical files: no dates, sorted facts). Reads only; writes nothing.
 */
export async function generateDocs(root: string, kind: DocKind, formats: readonly DocFormat[], meta: Partial<PageMeta> = {}): Promise<GeneratedDoc[]> {
  const { sources, goMod } = await readCheckout(root);
  const facts = factsOf(sources, goMod);
  const fullMeta: PageMeta = { name: meta.name ?? path.basename(path.resolve(root)), ...(meta.commit ? { commit: meta.commit } : {}) };
  const page = kind === 'arch' ? architecturePage(facts, fullMeta) : apiPage(facts, await publicSymbols(sources), fullMeta);
  const base = kind === 'arch' ? 'architecture' : 'api';
  const render: Record<DocFormat, () => string | Promise<Buffer>> = {
    md: () => renderMarkdown(page.tree),
    pdf: () => renderPdf(page.tree, page.title),
    html: () => renderHtml(page.tree, page.title),
    rst: () => renderRst(page.tree),
    xml: () => renderDocbook(page.tree, page.title),
    rtf: () => renderRtf(page.tree),
  };
  const out: GeneratedDoc[] = [];
  for (const format of formats) out.push({ name: `${base}.${format}`, format, content: await render[format]() });
  return out;
}
