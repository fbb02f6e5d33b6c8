import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Nodes, Root, RootContent } from 'mdast';
import { docSetReads, factsOf, readCheckout, type RepositoryFacts, type SourceFile } from './facts/index.ts';
import { apiHttpPage, apiIndex, apiModulePages } from './pages/api.ts';
import { architectureIndex, architectureSections, type PageMeta, type PageSpec } from './pages/arch.ts';
import { dataModels } from './facts/models.ts';
import { buildOpenApi } from './openapi.ts';
import { searchScript, sectionsOf } from './search.ts';
import { openApiBlocks } from './pages/openapi.ts';
import { breadcrumbsOf, navigationOf, type NavSection } from './pages/nav.ts';
import { overviewBlocks, overviewSentences } from './pages/overview.ts';
import { renderDocbook } from './render/docbook.ts';
import { renderHtml } from './render/html.ts';
import { renderMarkdown } from './render/markdown.ts';
import { assemblePdfBook, renderPdfPart } from './render/pdf.ts';
import { renderRst } from './render/rst.ts';
import { renderRtf } from './render/rtf.ts';

export type DocKind = 'arch' | 'api';
/** The six formats of the spec (`xml` = DocBook 5). */
export const DOC_FORMATS = ['md', 'html', 'pdf', 'rst', 'xml', 'rtf'] as const;
export type DocFormat = (typeof DOC_FORMATS)[number];
/** Formats written as one file per page (plus the index); the others are one combined book. */
const PAGED: ReadonlySet<DocFormat> = new Set(['md', 'html', 'rst']);

export interface GeneratedDoc {
  /** file name, e.g. architecture.md (flat: pages link to each other by name) */
  name: string;
  /** the format of a page or book; `json`/`svg` for the extra files (openapi.json, diagrams) */
  format: DocFormat | 'json' | 'svg' | 'js';
  /** text, or the bytes of a PDF */
  content: string | Buffer;
}

/**
 * Architecture or API documentation of a checkout, in the requested formats, deterministic (the
 * same tree gives byte-identical files: no dates, sorted facts). Reads only; writes nothing.
 * The index page comes first (`architecture.md`, `api.html`…), then the other pages, the books
 * and the extra files.
 */
export async function generateDocs(
  root: string,
  kind: DocKind,
  formats: readonly DocFormat[],
  meta: Partial<PageMeta> = {},
): Promise<GeneratedDoc[]> {
  return (await generateDocSet(root, kind, formats, { meta })).files;
}

/**
 * What a doc set was built from: per page, the hash of every source it read, the files it
 * produced and its document model. A later run compares a page's sources with the checkout's and
 * rebuilds only the pages whose sources changed; the combined books (PDF, DocBook, RTF) are
 * assembled again from the kept models of the unchanged pages.
 */
export interface DocManifest {
  version: 2;
  kind: DocKind;
  commit?: string;
  formats: DocFormat[];
  /** what every page depends on besides its sources (the repository name, the generator's version) */
  key: string;
  pages: Record<string, { title: string; sources: Record<string, string>; files: string[]; model: Root }>;
  /** files of the whole set: the index, the books and the extra files */
  files: string[];
}

export interface DocSet {
  files: GeneratedDoc[];
  manifest: DocManifest;
  /** ids of the pages built in this run (the index is built on every run) */
  regenerated: string[];
  /** ids of the pages taken unchanged from `previous` */
  reused: string[];
}

export interface DocSetOptions {
  meta?: Partial<PageMeta>;
  /** the manifest and files of an earlier run; pages whose sources are unchanged are reused */
  previous?: { manifest: DocManifest | { version: number }; files: readonly GeneratedDoc[] };
}

/** Bumped when a page's content would change for the same sources (a generator change). */
const GENERATOR = 'docgen-pages-5';

const sha1 = (text: string): string => createHash('sha1').update(text).digest('hex');

/** A kind's pages and the extras (openapi.json, diagrams) — everything but the index. */
interface KindPlan {
  base: string;
  title: string;
  pages: PageSpec[];
  /** files built on every run from the facts (openapi.json, diagrams) */
  extras: GeneratedDoc[];
  index(pages: ReadonlyArray<{ id: string; title: string }>): Root;
  /** the HTML site's sidebar */
  nav: NavSection[];
}

function planOf(
  kind: DocKind,
  facts: RepositoryFacts,
  sources: readonly SourceFile[],
  projectFiles: readonly SourceFile[],
  meta: PageMeta,
): KindPlan {
  const models = dataModels([...sources, ...projectFiles]);
  // The overview every set opens on: grounded sentences only (pages/overview.ts).
  const overview = overviewBlocks(overviewSentences(facts, sources, projectFiles, models));
  if (kind === 'arch') {
    const pages = architectureSections(facts, new Map(sources.map((s) => [s.rel, s.text])), models, projectFiles);
    return {
      base: 'architecture',
      title: `${meta.name} — architecture`,
      pages,
      extras: [],
      index: (list) => architectureIndex(facts, meta, list, overview),
      nav: navigationOf('arch', 'architecture', pages, facts.routes),
    };
  }
  const { doc, described, server } = buildOpenApi(facts.routes, projectFiles, `${meta.name} HTTP API`, sources, facts.routeNotices);
  // The file naming the port the samples address is a source of the HTTP page too.
  const portFile = server.source?.replace(/:\d+$/, '');
  const pages = [
    apiHttpPage(facts, [...described, ...(portFile ? [portFile] : [])], () => openApiBlocks(doc, described)),
    ...apiModulePages(sources),
  ];
  return {
    base: 'api',
    title: `${meta.name} — API`,
    pages,
    extras: [{ name: 'openapi.json', format: 'json', content: `${JSON.stringify(doc, null, 2)}\n` }],
    index: (list) => apiIndex(facts, meta, list, overview),
    nav: navigationOf('api', 'api', pages, facts.routes),
  };
}

/**
 * A doc set with its manifest: an index page and one page per section (architecture) or per
 * module plus the HTTP API (API). With `previous`, a page whose sources (names and hashes) are
 * the same is not built again: its files are taken byte for byte and its model feeds the books.
 */
export async function generateDocSet(
  root: string,
  kind: DocKind,
  formats: readonly DocFormat[],
  options: DocSetOptions = {},
): Promise<DocSet> {
  const { sources, goMod, projectFiles } = await readCheckout(root);
  const hashes = new Map([...sources, ...projectFiles].map((s) => [s.rel, sha1(s.text)]));
  const facts = factsOf(sources, goMod, projectFiles);
  const meta: PageMeta = {
    name: options.meta?.name ?? path.basename(path.resolve(root)),
    ...(options.meta?.commit ? { commit: options.meta.commit } : {}),
  };
  const plan = planOf(kind, facts, sources, projectFiles, meta);
  const key = sha1(JSON.stringify([GENERATOR, meta.name]));
  const prev =
    options.previous?.manifest.version === 2 &&
    (options.previous.manifest as DocManifest).kind === kind &&
    (options.previous.manifest as DocManifest).key === key
      ? (options.previous.manifest as DocManifest)
      : undefined;
  const prevFiles = new Map((options.previous?.files ?? []).map((f) => [f.name, f]));
  const paged = formats.filter((f) => PAGED.has(f));
  const books = formats.filter((f) => !PAGED.has(f));
  // PDF: each page is also a PDF part (`<page>.pdf`, kept like the other page files); the book merges them.
  const perPage: DocFormat[] = books.includes('pdf') ? [...paged, 'pdf'] : paged;
  const pdfParts = new Map<string, Buffer>();
  // Every HTML page carries the sidebar: a page is rebuilt when the navigation changes (a page added, a title changed).
  const navHash = paged.includes('html') ? sha1(JSON.stringify(plan.nav)) : null;
  const navOf = (page: string): HtmlNav => ({ sections: plan.nav, page, crumbs: breadcrumbsOf(plan.nav, page) });

  const files: GeneratedDoc[] = [];
  const svgFiles: GeneratedDoc[] = [];
  const pages: DocManifest['pages'] = {};
  const regenerated: string[] = [];
  const reused: string[] = [];
  const models: Array<{ id: string; title: string; model: Root }> = [];
  /** SVG diagrams by file name, for the formats that embed them (HTML, PDF) */
  const assets = new Map<string, string>();
  for (const spec of plan.pages) {
    const pageSources = Object.fromEntries(spec.sources.map((rel) => [rel, hashes.get(rel) ?? '']));
    if (navHash) pageSources[NAV_SOURCE] = navHash;
    const old = prev?.pages[spec.id];
    const oldNames = old ? [...perPage.map((f) => `${spec.id}.${f}`), ...old.files.filter((n) => n.endsWith('.svg'))] : [];
    const keep = old !== undefined && sameRecord(old.sources, pageSources) && oldNames.every((n) => prevFiles.has(n));
    let model: Root;
    let names: string[];
    if (keep) {
      model = old.model;
      names = oldNames;
      for (const n of names) (n.endsWith('.svg') ? svgFiles : files).push(prevFiles.get(n)!);
      for (const n of names) if (n.endsWith('.svg')) assets.set(n, String(prevFiles.get(n)!.content));
      reused.push(spec.id);
    } else {
      const built = await spec.build();
      model = built.tree;
      for (const a of built.assets) assets.set(a.name, a.content);
      for (const f of paged)
        files.push({
          name: `${spec.id}.${f}`,
          format: f,
          content: renderPage(f, withPageLinks(model, f), spec.title, assets, `${plan.base}-search.js`, navOf(spec.id)),
        });
      if (perPage.includes('pdf'))
        files.push({ name: `${spec.id}.pdf`, format: 'pdf', content: await renderPdfPart(withPageLinks(model, null), spec.title, assets) });
      for (const a of built.assets) svgFiles.push({ name: a.name, format: 'svg', content: a.content });
      names = [...perPage.map((f) => `${spec.id}.${f}`), ...built.assets.map((a) => a.name)];
      regenerated.push(spec.id);
    }
    if (perPage.includes('pdf')) pdfParts.set(spec.id, files.find((f) => f.name === `${spec.id}.pdf`)!.content as Buffer);
    pages[spec.id] = { title: spec.title, sources: pageSources, files: names, model };
    models.push({ id: spec.id, title: spec.title, model });
  }

  const index = plan.index(models);
  const setFiles: GeneratedDoc[] = [];
  for (const f of paged)
    setFiles.push({
      name: `${plan.base}.${f}`,
      format: f,
      content: renderPage(f, withPageLinks(index, f), plan.title, assets, `${plan.base}-search.js`, navOf(plan.base)),
    });
  // The site and the HTML download open on the overview: index.html is the index page.
  const indexHtml = setFiles.find((f) => f.name === `${plan.base}.html`);
  if (indexHtml) setFiles.push({ ...indexHtml, name: 'index.html' });
  if (books.length > 0) {
    const book = bookOf(index, models);
    for (const f of books) {
      const content =
        f === 'pdf'
          ? await assemblePdfBook(
              plan.title,
              bookOf(index, []),
              models.map((m) => ({ title: headingText(m.model) ?? m.title, pdf: Buffer.from(pdfParts.get(m.id)!) })),
            )
          : await renderBook(f, book, plan.title, assets);
      setFiles.push({ name: `${plan.base}.${f}`, format: f, content });
    }
  }
  if (paged.includes('html')) {
    // The search index covers the index and every page (kept pages by their kept models).
    const sections = [...sectionsOf(`${plan.base}.html`, withPageLinks(index, 'html'), 0)];
    for (const m of models) sections.push(...sectionsOf(`${m.id}.html`, withPageLinks(m.model, 'html'), sections.length));
    setFiles.push({ name: `${plan.base}-search.js`, format: 'js', content: searchScript(sections) });
  }
  const extras = [...svgFiles, ...plan.extras];
  const manifest: DocManifest = {
    version: 2,
    kind,
    ...(meta.commit ? { commit: meta.commit } : {}),
    formats: [...formats],
    key,
    pages,
    files: [...setFiles, ...plan.extras].map((f) => f.name),
  };
  // The index first (what a single-file reader opens), then the pages, the books, the diagrams and the other extras.
  const indexFiles = setFiles.filter((f) => PAGED.has(f.format as DocFormat));
  const bookFiles = setFiles.filter((f) => !PAGED.has(f.format as DocFormat));
  return { files: [...indexFiles, ...files, ...bookFiles, ...extras], manifest, regenerated, reused };
}

/**
 * The paths of a change that a doc set depends on: those a page of `manifest` was built from,
 * and any other file the generator reads (a new or deleted source changes the pages, the facts
 * and the index). An empty answer means regenerating would build the same set.
 */
export function docSetSourcesChanged(manifest: Pick<DocManifest, 'pages'>, changedPaths: readonly string[]): string[] {
  const sources = new Set<string>();
  for (const page of Object.values(manifest.pages)) for (const rel of Object.keys(page.sources)) sources.add(rel);
  return changedPaths.filter((rel) => sources.has(rel) || docSetReads(rel));
}

/**
 * A page's sources entry for the sidebar it carries: not a path (git never names a file with a
 * leading `//`), and no NUL (the manifest is stored as JSON in PostgreSQL, which refuses `\u0000`).
 */
const NAV_SOURCE = '//navigation';

type HtmlNav = NonNullable<Parameters<typeof renderHtml>[3]>['nav'];

function renderPage(
  format: DocFormat,
  tree: Root,
  title: string,
  assets: ReadonlyMap<string, string>,
  searchFile: string,
  nav?: HtmlNav,
): string {
  if (format === 'md') return renderMarkdown(tree);
  if (format === 'html') return renderHtml(tree, title, assets, { search: searchFile, ...(nav ? { nav } : {}) });
  return renderRst(tree);
}

async function renderBook(format: DocFormat, tree: Root, title: string, _assets: ReadonlyMap<string, string>): Promise<string | Buffer> {
  if (format === 'xml') return renderDocbook(tree, title);
  return renderRtf(tree);
}

/**
 * A copy of a page whose `page:<id>` links point at the page's file in this format; with no
 * format (a book), the link becomes its text: the pages are sections of the same book.
 */
export function withPageLinks(tree: Root, format: DocFormat | null): Root {
  const fix = (node: Nodes): Nodes => {
    if (node.type === 'link' && node.url.startsWith('page:')) {
      if (format === null) return { type: 'emphasis', children: node.children };
      return { ...node, url: `${node.url.slice(5)}.${format}` };
    }
    if ('children' in node) return { ...node, children: (node.children as Nodes[]).map(fix) } as Nodes;
    return node;
  };
  return fix(tree) as Root;
}

/** The book: the index's title and overview (its contents list left out: the book formats have their own), then every page, its headings one level down. */
function bookOf(index: Root, pages: ReadonlyArray<{ model: Root }>): Root {
  const contents = index.children.findIndex(
    (n) => n.type === 'heading' && n.depth === 2 && headingText({ type: 'root', children: [n] }) !== 'Overview',
  );
  const out: RootContent[] = contents === -1 ? [...index.children] : index.children.slice(0, contents);
  for (const p of pages) {
    for (const node of withPageLinks(p.model, null).children)
      out.push(node.type === 'heading' ? { ...node, depth: Math.min(6, node.depth + 1) as 2 | 3 | 4 | 5 | 6 } : node);
  }
  return { type: 'root', children: out };
}

/** The text of a page's first heading (its title in the book's contents). */
function headingText(tree: Root): string | null {
  const h = tree.children.find((n) => n.type === 'heading');
  const text = (n: Nodes): string =>
    'value' in n && typeof n.value === 'string' ? n.value : 'children' in n ? (n.children as Nodes[]).map(text).join('') : '';
  return h ? text(h) : null;
}

function sameRecord(a: Record<string, string>, b: Record<string, string>): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
}
