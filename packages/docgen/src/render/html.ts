import type { Nodes, Root } from 'mdast';
import GithubSlugger from 'github-slugger';
import { figureOf } from '../pages/blocks.ts';

const escape = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A standalone HTML page: headings with ids (anchors), tables, code; Mermaid diagrams as their
 * source in `<pre class="mermaid">` (no script and no CDN: the hosted view may render them).
 */
export function renderHtml(
  tree: Root,
  title: string,
  assets: ReadonlyMap<string, string> = new Map(),
  options: { search?: string } = {},
): string {
  const slugger = new GithubSlugger();
  const render = (node: Nodes): string => {
    switch (node.type) {
      case 'root':
        return node.children.map(render).join('\n');
      case 'heading': {
        const inner = node.children.map(render).join('');
        return `<h${node.depth} id="${escape(slugger.slug(node.children.map(plain).join('')))}">${inner}</h${node.depth}>`;
      }
      case 'paragraph': {
        // A diagram is embedded (our own SVG, its text escaped when it was written), with its file as the link.
        const figure = figureOf(node);
        if (figure) {
          const svg = assets.get(figure.url);
          const body =
            svg !== undefined ? svg.replace(/^<\?xml[^>]*>\s*/, '') : `<img src="${escape(figure.url)}" alt="${escape(figure.alt ?? '')}">`;
          return `<figure class="diagram">${body}<figcaption><a href="${escape(figure.url)}">${escape(figure.alt ?? figure.url)}</a></figcaption></figure>`;
        }
        return `<p>${node.children.map(render).join('')}</p>`;
      }
      case 'image':
        return `<img src="${escape(node.url)}" alt="${escape(node.alt ?? '')}">`;
      case 'text':
        return escape(node.value);
      case 'inlineCode':
        return `<code>${escape(node.value)}</code>`;
      case 'strong':
        return `<strong>${node.children.map(render).join('')}</strong>`;
      case 'emphasis':
        return `<em>${node.children.map(render).join('')}</em>`;
      case 'link':
        return `<a href="${escape(node.url)}">${node.children.map(render).join('')}</a>`;
      case 'list':
        return `<${node.ordered ? 'ol' : 'ul'}>${node.children.map(render).join('')}</${node.ordered ? 'ol' : 'ul'}>`;
      case 'listItem':
        return `<li>${node.children.map((c) => (c.type === 'paragraph' ? c.children.map(render).join('') : render(c))).join('')}</li>`;
      case 'code':
        // Mermaid source folded away: the pre-rendered SVG after it is the diagram a reader sees.
        return node.lang === 'mermaid'
          ? `<details class="mermaid-source"><summary>Mermaid source</summary><pre class="mermaid">${escape(node.value)}</pre></details>`
          : `<pre><code${node.lang ? ` class="language-${escape(node.lang)}"` : ''}>${escape(node.value)}</code></pre>`;
      case 'table': {
        const [head, ...rows] = node.children;
        const cells = (row: typeof head, tag: string): string =>
          row ? row.children.map((c) => `<${tag}>${c.children.map(render).join('')}</${tag}>`).join('') : '';
        return `<table><thead><tr>${cells(head, 'th')}</tr></thead><tbody>${rows.map((r) => `<tr>${cells(r, 'td')}</tr>`).join('')}</tbody></table>`;
      }
      case 'thematicBreak':
        return '<hr>';
      default:
        return '';
    }
  };
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1f2328;background:#fff}
table{border-collapse:collapse;display:block;overflow-x:auto}th,td{border:1px solid #d0d7de;padding:.3rem .6rem;text-align:left}
details.mermaid-source summary{cursor:pointer;color:#57606a;font-size:.85em}
#docent-search input{width:100%;padding:.4rem;font:inherit}.docent-results{list-style:none;padding:0}
figure.diagram{margin:1rem 0;overflow-x:auto}figure.diagram svg{max-width:100%;height:auto}figcaption{font-size:.85em;color:#57606a}
code,pre{font-family:ui-monospace,monospace;font-size:.9em}pre{background:#f6f8fa;padding:1rem;overflow-x:auto}
a{color:#0969da}
@media (prefers-color-scheme:dark){body{color:#e6edf3;background:#0d1117}a{color:#4493f8}th,td{border-color:#30363d}pre{background:#161b22}}
</style>
${options.search ? `<script src="${escape(options.search)}" defer></script>\n` : ''}</head>
<body>
${options.search ? '<nav id="docent-search"></nav>\n' : ''}${render(tree)}
</body>
</html>
`;
}

function plain(node: Nodes): string {
  if ('value' in node && typeof node.value === 'string') return node.value;
  if ('children' in node) return (node.children as Nodes[]).map(plain).join('');
  return '';
}
