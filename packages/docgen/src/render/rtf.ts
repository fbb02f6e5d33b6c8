import type { Nodes, PhrasingContent, Root } from 'mdast';
import { renderInline, type InlineMarks } from './inline.ts';

/**
 * Rich Text Format 1.9 (an own serialiser; the tests read it back with unrtf). Headings are bold
 * at falling sizes, inline code and Mermaid sources use a monospaced font, tables are RTF table
 * rows with equal column widths over the page's text width.
 */

/** RTF is 7-bit: braces and backslashes escaped, everything beyond ASCII as \uN? (signed 16-bit). */
function escape(s: string): string {
  let out = '';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (ch === '\\' || ch === '{' || ch === '}') out += `\\${ch}`;
    else if (ch === '\n') out += '\\line ';
    else if (cp < 0x20) continue;
    else if (cp < 0x80) out += ch;
    else {
      // Characters outside the BMP are written as their UTF-16 surrogate pair.
      const units = cp > 0xffff ? [0xd800 + ((cp - 0x10000) >> 10), 0xdc00 + ((cp - 0x10000) & 0x3ff)] : [cp];
      for (const u of units) out += `\\u${u > 0x7fff ? u - 0x10000 : u}?`;
    }
  }
  return out;
}

const MARKS: InlineMarks = {
  escape,
  code: (text) => `{\\f1 ${text}}`,
  strong: (inner) => `{\\b ${inner}}`,
  emphasis: (inner) => `{\\i ${inner}}`,
  link: (inner, url) => `${inner} (${url})`,
  image: (alt, url) => `[${alt}: ${url}]`,
};

const inline = (nodes: readonly PhrasingContent[]): string => renderInline(nodes, MARKS);

const SIZES = [40, 32, 28, 24]; // half-points by heading depth
const TEXT_WIDTH_TWIPS = 9000;

export function renderRtf(tree: Root): string {
  const out: string[] = ['{\\rtf1\\ansi\\ansicpg1252\\deff0', '{\\fonttbl{\\f0\\fswiss Helvetica;}{\\f1\\fmodern Courier New;}}', '\\fs22'];
  const visit = (node: Nodes): void => {
    switch (node.type) {
      case 'heading':
        out.push(`{\\pard\\sb240\\sa120\\b\\fs${SIZES[node.depth - 1] ?? 22} ${inline(node.children)}\\par}`);
        return;
      case 'paragraph':
        out.push(`{\\pard\\sa120 ${inline(node.children)}\\par}`);
        return;
      case 'list':
        for (const item of node.children)
          out.push(
            `{\\pard\\li360\\fi-240\\sa60 \\bullet  ${item.children.map((c) => (c.type === 'paragraph' ? inline(c.children) : '')).join(' ')}\\par}`,
          );
        return;
      case 'code':
        out.push(`{\\pard\\sa120\\f1\\fs18 ${escape(node.value)}\\par}`);
        return;
      case 'table': {
        const cols = node.children[0]?.children.length ?? 1;
        const width = Math.floor(TEXT_WIDTH_TWIPS / cols);
        const cells = Array.from({ length: cols }, (_, i) => `\\cellx${width * (i + 1)}`).join('');
        node.children.forEach((row, r) => {
          const content = row.children
            .map((c) => `\\pard\\intbl ${r === 0 ? `{\\b ${inline(c.children)}}` : inline(c.children)}\\cell`)
            .join(' ');
          out.push(`\\trowd\\trgaph108${cells} ${content}\\row`);
        });
        out.push('\\pard\\sa120\\par');
        return;
      }
      default:
        return;
    }
  };
  tree.children.forEach(visit);
  out.push('}');
  return `${out.join('\n')}\n`;
}
