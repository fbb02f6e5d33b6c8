/**
 * Turns a README into what the metrics need: prose blocks (code, tables, HTML, badges, images and
 * URLs stripped) with a map back to source positions, the headings, the links and images, and
 * the anchors that raw HTML defines.
 */
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import { visit } from 'unist-util-visit';
import type { Root, Nodes, Heading, PhrasingContent, Definition } from 'mdast';

/** One stretch of block text that came from one place in the source. */
export interface Segment {
  /** offset in the block's text */
  offset: number;
  length: number;
  line: number;
  column: number;
  /** stands for stripped content (inline code, HTML, a URL): grammar issues touching it are dropped */
  placeholder: boolean;
}

export interface ProseBlock {
  kind: 'heading' | 'paragraph';
  text: string;
  segments: Segment[];
  /**
   * A paragraph of running text: not a heading, not a list item, not a line of badges or links
   * (at least 4 words outside links and images). Readability is measured on these only.
   */
  prose?: boolean;
}

/** Paragraph words a reader reads as text: outside links, images and inline code. */
const MIN_PROSE_WORDS = 4;
function ownWords(children: readonly PhrasingContent[]): number {
  let words = 0;
  for (const child of children) {
    if (child.type === 'text') words += child.value.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
    else if ('children' in child && child.type !== 'link' && child.type !== 'linkReference')
      words += ownWords(child.children as PhrasingContent[]);
  }
  return words;
}

export interface HeadingInfo {
  depth: number;
  /** text content as GitHub renders it (no images, no HTML tags) */
  text: string;
  line: number;
}

export interface LinkRef {
  url: string;
  line: number;
  kind: 'link' | 'image';
}

export interface ParsedReadme {
  blocks: ProseBlock[];
  headings: HeadingInfo[];
  links: LinkRef[];
  /** id="…" and name="…" values found in raw HTML */
  htmlAnchors: string[];
  codeBlocks: number;
}

const URL_RE = /\b(?:https?:\/\/|ftp:\/\/|www\.)[^\s<>()[\]]+/gi;
const SCHEME_RE = /^[a-z][a-z0-9+.-]*:/i;

const markdownParser = unified().use(remarkParse).use(remarkGfm);

class BlockBuilder {
  text = '';
  segments: Segment[] = [];

  add(value: string, line: number, column: number, placeholder: boolean): void {
    if (!value) return;
    if (placeholder) {
      // A single space keeps words apart without adding any.
      this.segments.push({ offset: this.text.length, length: 1, line, column, placeholder: true });
      this.text += ' ';
      return;
    }
    // Blank out URLs in place so offsets still map to the source.
    let last = 0;
    for (const m of value.matchAll(URL_RE)) {
      const start = m.index;
      this.plain(value.slice(last, start), line, column, value, last);
      const pos = advance(value, 0, start, line, column);
      this.segments.push({ offset: this.text.length, length: m[0].length, line: pos.line, column: pos.column, placeholder: true });
      this.text += ' '.repeat(m[0].length);
      last = start + m[0].length;
    }
    this.plain(value.slice(last), line, column, value, last);
  }

  private plain(part: string, line: number, column: number, whole: string, from: number): void {
    if (!part) return;
    const pos = advance(whole, 0, from, line, column);
    this.segments.push({ offset: this.text.length, length: part.length, line: pos.line, column: pos.column, placeholder: false });
    this.text += part;
  }
}

/** Source position after reading `text[from, to)` starting at line/column. */
function advance(text: string, from: number, to: number, line: number, column: number): { line: number; column: number } {
  let l = line;
  let c = column;
  for (let i = from; i < to; i++) {
    if (text.charCodeAt(i) === 10) {
      l++;
      c = 1;
    } else c++;
  }
  return { line: l, column: c };
}

function isBadgeLink(node: PhrasingContent): boolean {
  if (node.type !== 'link' && node.type !== 'linkReference') return false;
  const kids = node.children.filter((c) => !(c.type === 'text' && c.value.trim() === ''));
  return kids.length > 0 && kids.every((c) => c.type === 'image' || c.type === 'imageReference');
}

function plainText(nodes: readonly Nodes[]): string {
  let out = '';
  for (const n of nodes) {
    if (n.type === 'text' || n.type === 'inlineCode') out += n.value;
    else if (n.type === 'break') out += ' ';
    // images and image references have no children, so their alt text is not counted
    else if ('children' in n) out += plainText(n.children as Nodes[]);
  }
  return out;
}

function flatten(nodes: readonly PhrasingContent[], block: BlockBuilder): void {
  for (const node of nodes) {
    const start = node.position?.start ?? { line: 1, column: 1 };
    switch (node.type) {
      case 'text':
        block.add(node.value, start.line, start.column, false);
        break;
      case 'inlineCode':
      case 'html':
        block.add('x', start.line, start.column, true);
        break;
      case 'break':
        block.add('\n', start.line, start.column, false);
        break;
      case 'image':
      case 'imageReference':
      case 'footnoteReference':
        break;
      case 'link': {
        if (isBadgeLink(node)) break;
        const text = plainText(node.children);
        // Autolinks and bare URLs show the URL itself: not prose.
        if (text === node.url || SCHEME_RE.test(text.trim()) || /^www\./i.test(text.trim())) {
          block.add('x', start.line, start.column, true);
          break;
        }
        flatten(node.children, block);
        break;
      }
      case 'linkReference':
        if (isBadgeLink(node)) break;
        flatten(node.children, block);
        break;
      default:
        if ('children' in node) flatten(node.children as PhrasingContent[], block);
    }
  }
}

const HTML_ATTR_RE = /<([a-z][a-z0-9]*)\b([^>]*)>/gi;

function htmlAttributes(html: string, line: number): { links: LinkRef[]; anchors: string[]; headingTexts: string[] } {
  const links: LinkRef[] = [];
  const anchors: string[] = [];
  for (const m of html.matchAll(HTML_ATTR_RE)) {
    const tag = m[1]!.toLowerCase();
    const attrs = m[2] ?? '';
    const at = line + (html.slice(0, m.index).match(/\n/g)?.length ?? 0);
    for (const a of attrs.matchAll(/\b(src|href|id|name|srcset)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
      const key = a[1]!.toLowerCase();
      const value = a[2] ?? a[3] ?? a[4] ?? '';
      if (key === 'id' || (key === 'name' && tag === 'a')) anchors.push(value);
      else if (key === 'href' && (tag === 'a' || tag === 'area')) links.push({ url: value, line: at, kind: 'link' });
      else if (key === 'src' && (tag === 'img' || tag === 'source' || tag === 'video')) links.push({ url: value, line: at, kind: 'image' });
      else if (key === 'srcset' && tag === 'source') {
        for (const part of value.split(',')) {
          const u = part.trim().split(/\s+/)[0];
          if (u) links.push({ url: u, line: at, kind: 'image' });
        }
      }
    }
  }
  // Text of HTML headings (<h2>Title</h2>) can be an anchor target on some renderers.
  const headingTexts = [...html.matchAll(/<h[1-6]\b[^>]*>([\s\S]*?)<\/h[1-6]>/gi)].map((h) => h[1]!.replace(/<[^>]*>/g, '').trim());
  return { links, anchors, headingTexts };
}

/** Parses GitHub-flavoured markdown. */
export function extractMarkdown(source: string): ParsedReadme {
  const tree = markdownParser.parse(source) as Root;
  const blocks: ProseBlock[] = [];
  const headings: HeadingInfo[] = [];
  const links: LinkRef[] = [];
  const htmlAnchors: string[] = [];
  const definitions = new Map<string, Definition>();
  const referenced = new Map<string, { line: number; kind: 'link' | 'image' }>();
  let codeBlocks = 0;

  visit(tree, (node, _index, parent) => {
    switch (node.type) {
      case 'code':
        codeBlocks++;
        return 'skip';
      case 'table':
        return 'skip';
      case 'heading':
      case 'paragraph': {
        const block = new BlockBuilder();
        flatten(node.children, block);
        const prose = node.type === 'paragraph' && parent?.type !== 'listItem' && ownWords(node.children) >= MIN_PROSE_WORDS;
        if (block.text.trim()) blocks.push({ kind: node.type, text: block.text, segments: block.segments, prose });
        if (node.type === 'heading') {
          headings.push({ depth: (node as Heading).depth, text: plainText(node.children), line: node.position?.start.line ?? 1 });
        }
        return undefined; // keep visiting: links and images inside
      }
      case 'link':
        links.push({ url: node.url, line: node.position?.start.line ?? 1, kind: 'link' });
        return undefined;
      case 'image':
        links.push({ url: node.url, line: node.position?.start.line ?? 1, kind: 'image' });
        return undefined;
      case 'linkReference':
      case 'imageReference':
        referenced.set(node.identifier, { line: node.position?.start.line ?? 1, kind: node.type === 'imageReference' ? 'image' : 'link' });
        return undefined;
      case 'definition':
        definitions.set(node.identifier, node);
        return undefined;
      case 'html': {
        const found = htmlAttributes(node.value, node.position?.start.line ?? 1);
        links.push(...found.links);
        htmlAnchors.push(...found.anchors);
        for (const text of found.headingTexts) headings.push({ depth: 2, text, line: node.position?.start.line ?? 1 });
        return undefined;
      }
      default:
        return undefined;
    }
  });

  // Reference-style links: check each definition that is used, at the definition's line.
  for (const [id, use] of referenced) {
    const def = definitions.get(id);
    if (def) links.push({ url: def.url, line: def.position?.start.line ?? use.line, kind: use.kind });
  }
  links.sort((a, b) => a.line - b.line);
  return { blocks, headings, links, htmlAnchors, codeBlocks };
}

/** reStructuredText and plain text: markup removed line by line, paragraphs split on blank lines. */
export function extractPlain(source: string, rst: boolean): ParsedReadme {
  const lines = source.split(/\r\n|\r|\n/);
  const blocks: ProseBlock[] = [];
  const headings: HeadingInfo[] = [];
  const links: LinkRef[] = [];
  let codeBlocks = 0;
  let para: Array<{ text: string; line: number }> = [];
  let literalIndent = -1; // inside an indented literal/directive block when ≥ 0

  const flush = () => {
    if (para.length === 0) return;
    const block = new BlockBuilder();
    para.forEach((p, i) => block.add(i === 0 ? p.text : `\n${p.text}`, p.line, 1, false));
    // List items (`- x`, `* x`, `1. x`) and short lines are not running text.
    const prose =
      !/^\s*(?:[-*+•]|\d+[.)])\s/.test(para[0]!.text) &&
      block.text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length >= MIN_PROSE_WORDS;
    if (block.text.trim()) blocks.push({ kind: 'paragraph', text: block.text, segments: block.segments, prose });
    para = [];
  };

  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    const lineNo = i + 1;
    const indent = raw.length - raw.trimStart().length;
    if (literalIndent >= 0) {
      if (raw.trim() === '' || indent > literalIndent) continue;
      literalIndent = -1;
    }
    if (raw.trim() === '') {
      flush();
      continue;
    }
    if (rst) {
      const directive = /^\s*\.\.\s+(?:([\w-]+)::\s*(.*)|_([^:]+):\s*(\S+)|\|[^|]+\|\s+[\w-]+::.*)?/.exec(raw);
      if (directive && raw.trimStart().startsWith('..')) {
        flush();
        const [, name, arg, , target] = directive;
        if (name && ['image', 'figure'].includes(name) && arg) links.push({ url: arg.trim(), line: lineNo, kind: 'image' });
        if (name && ['code', 'code-block', 'sourcecode'].includes(name)) codeBlocks++;
        if (target) links.push({ url: target, line: lineNo, kind: 'link' });
        literalIndent = indent;
        continue;
      }
      // Section underlines/overlines and table borders.
      if (/^\s*([=\-~^"'`#*+:.])\1{2,}\s*$/.test(raw) || /^\s*[+|][-=+|]+\s*$/.test(raw)) {
        if (/^\s*([=\-~^"'`#*+])\1{2,}\s*$/.test(raw) && para.length === 1) {
          headings.push({ depth: 1, text: para[0]!.text.trim(), line: para[0]!.line });
          const heading = para[0]!;
          para = [];
          const block = new BlockBuilder();
          block.add(heading.text, heading.line, 1, false);
          blocks.push({ kind: 'heading', text: block.text, segments: block.segments });
        }
        continue;
      }
      if (/^\s*\|.*\|\s*$/.test(raw)) continue; // table rows
      let text = raw;
      for (const m of text.matchAll(/`([^`<]*?)\s*<([^>]+)>`__?/g)) {
        if (!SCHEME_RE.test(m[2]!)) links.push({ url: m[2]!, line: lineNo, kind: 'link' });
      }
      text = text
        .replace(/``[^`]+``/g, ' ')
        .replace(/`([^`<]*?)\s*<[^>]+>`__?/g, '$1')
        .replace(/:[\w:.-]+:`([^`]+)`/g, '$1')
        .replace(/`([^`]+)`_{0,2}/g, '$1')
        .replace(/\*\*([^*]+)\*\*/g, '$1')
        .replace(/\*([^*]+)\*/g, '$1')
        .replace(/\|[^|\s][^|]*\|_{0,2}/g, ' ');
      const endsLiteral = /::\s*$/.test(text);
      if (endsLiteral) {
        text = text.replace(/\s*::\s*$/, /\S::\s*$/.test(text) ? ':' : '');
        codeBlocks++;
      }
      para.push({ text, line: lineNo });
      if (endsLiteral) {
        flush();
        literalIndent = indent;
      }
    } else {
      para.push({ text: raw, line: lineNo });
    }
  }
  flush();
  return { blocks, headings, links, htmlAnchors: [], codeBlocks };
}
