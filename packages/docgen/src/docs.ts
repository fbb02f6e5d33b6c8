import { createHash } from 'node:crypto';
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

/**
 * What a doc set was built from: per page, the hash of every source it read, and the files it
 * produced. A later run compares a page's sources with the checkout's and rebuilds only the pages
 * whose sources changed (DOCGEN.md: incremental regeneration).
 */
export interface DocManifest {
  version: 1;
  kind: DocKind;
  commit?: string;
  formats: DocFormat[];
  pages: Record<string, { sources: Record<string, string>; files: string[] }>;
}

export interface DocSet {
  files: GeneratedDoc[];
  manifest: DocManifest;
  /** ids of the pages built in this run */
  regenerated: string[];
  /** ids of the pages taken unchanged from `previous` */
  reused: string[];
}

export interface DocSetOptions {
  meta?: Partial<PageMeta>;
  /** the manifest and files of an earlier run; pages whose sources are unchanged are reused */
  previous?: { manifest: DocManifest; files: readonly GeneratedDoc[] };
}

const sha1 = (text: string): string => createHash('sha1').update(text).digest('hex');

/**
 * A doc set with its manifest. One page per kind for now: it reads every source, so any change
 * rebuilds it; an unchanged tree (and the same formats) reuses the earlier files byte for byte.
 */
export async function generateDocSet(root: string, kind: DocKind, formats: readonly DocFormat[], options: DocSetOptions = {}): Promise<DocSet> {
  const { sources } = await readCheckout(root);
  const hashes = Object.fromEntries(sources.map((s) => [s.rel, sha1(s.text)]));
  const pageId = kind === 'arch' ? 'architecture' : 'api';
  const previous = options.previous;
  const old = previous?.manifest.kind === kind ? previous.manifest.pages[pageId] : undefined;
  const sameSources = old !== undefined && sameRecord(old.sources, hashes);
  const names = formats.map((f) => `${pageId}.${f}`);
  const reusable = sameSources && previous !== undefined && names.every((n) => previous.files.some((f) => f.name === n));
  const files = reusable ? names.map((n) => previous.files.find((f) => f.name === n)!) : await generateDocs(root, kind, formats, options.meta);
  const manifest: DocManifest = {
    version: 1,
    kind,
    ...(options.meta?.commit ? { commit: options.meta.commit } : {}),
    formats: [...formats],
    pages: { [pageId]: { sources: hashes, files: files.map((f) => f.name) } },
  };
  return { files, manifest, regenerated: reusable ? [] : [pageId], reused: reusable ? [pageId] : [] };
}

function sameRecord(a: Record<string, string>, b: Record<string, string>): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
}
