import type { Nodes, PhrasingContent, Root } from 'mdast';
import { figureOf } from '../pages/blocks.ts';

/**
 * reStructuredText (docs/design.md §7: an own serialiser — no kept npm writer exists; the tests check the
 * output with docutils). Headings by depth use = - ~ ^ under the title; tables are `list-table`
 * directives (no column widths to keep in step); Mermaid stays a literal block.
 */
const UNDERLINE = ['=', '-', '~', '^', '"'];

/** Characters that start inline markup in RST, escaped in plain text. */
const escapeText = (s: string): string => s.replace(/([\\*`_|])/g, '\\$1');

function inline(nodes: readonly PhrasingContent[]): string {
  let out = '';
  let endsInMarkup = false;
  for (const n of nodes) {
    let piece: string;
    let markup = true;
    switch (n.type) {
      case 'text':
        piece = escapeText(n.value);
        markup = false;
        break;
      case 'inlineCode':
        // `` can hold anything but a double backquote.
        if (n.value.includes('``') || n.value.trim() === '') {
          piece = escapeText(n.value);
          markup = false;
        } else piece = `\`\`${n.value}\`\``;
        break;
      case 'strong':
        piece = `**${inline(n.children).replace(/\*/g, '')}**`;
        break;
      case 'emphasis':
        piece = `*${inline(n.children).replace(/\*/g, '')}*`;
        break;
      case 'link':
        piece = `\`${inline(n.children).replace(/[<>`]/g, '')} <${n.url}>\`__`;
        break;
      default:
        piece = 'value' in n && typeof n.value === 'string' ? escapeText(n.value) : '';
        markup = false;
    }
    // Inline markup must be set off from letters on both sides: an escaped space joins them.
    if (piece !== '' && ((endsInMarkup && /^[\p{L}\p{N}]/u.test(piece)) || (markup && /[\p{L}\p{N}]$/u.test(out)))) out += '\\ ';
    out += piece;
    if (piece !== '') endsInMarkup = markup;
  }
  return out;
}

const indent = (text: string, by: string): string =>
  text
    .split('\n')
    .map((l) => (l === '' ? '' : by + l))
    .join('\n');

export function renderRst(tree: Root): string {
  const blocks: string[] = [];
  const visit = (node: Nodes): void => {
    switch (node.type) {
      case 'heading': {
        const title = inline(node.children).replace(/\n/g, ' ');
        const line = UNDERLINE[Math.min(node.depth, UNDERLINE.length) - 1]!.repeat(Math.max(4, [...title].length));
        blocks.push(node.depth === 1 ? `${line}\n${title}\n${line}` : `${title}\n${line}`);
        return;
      }
      case 'paragraph': {
        const figure = figureOf(node);
        if (figure) blocks.push(`.. image:: ${figure.url}\n   :alt: ${(figure.alt ?? '').replace(/\n/g, ' ')}`);
        else blocks.push(inline(node.children));
        return;
      }
      case 'list':
        blocks.push(
          node.children
            .map((item) => `- ${item.children.map((c) => (c.type === 'paragraph' ? inline(c.children) : '')).join(' ')}`)
            .join('\n'),
        );
        return;
      case 'code':
        blocks.push(`::\n\n${indent(node.value, '    ')}`);
        return;
      case 'table': {
        const rows = node.children.map((row) => row.children.map((cell) => inline(cell.children)));
        const body = rows.map((cells) => cells.map((c, i) => (i === 0 ? '* -' : '  -') + (c ? ` ${c}` : '')).join('\n')).join('\n');
        // A table of its header only (an entity none of whose fields was read): docutils wants a body row.
        blocks.push(`.. list-table::\n   :header-rows: ${rows.length > 1 ? 1 : 0}\n\n${indent(body, '   ')}`);
        return;
      }
      case 'thematicBreak':
        blocks.push('----');
        return;
      default:
        return;
    }
  };
  tree.children.forEach(visit);
  return `${blocks.join('\n\n')}\n`;
}
