import type { Nodes, Root } from 'mdast';
import GithubSlugger from 'github-slugger';
import { figureOf } from '../pages/blocks.ts';
import type { NavItem, NavSection } from '../pages/nav.ts';

const escape = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A standalone HTML page: headings with ids (anchors), tables, code; Mermaid diagrams as their
 * source in `<pre class="mermaid">` (no script and no CDN: the hosted view may render them).
 */
export function renderHtml(
  tree: Root,
  title: string,
  assets: ReadonlyMap<string, string> = new Map(),
  options: {
    search?: string;
    nav?: { sections: readonly NavSection[]; page: string; crumbs: ReadonlyArray<{ title: string; page?: string }> };
  } = {},
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
<style>${STYLE}</style>
${options.search ? `<script src="${escape(options.search)}" defer></script>\n` : ''}</head>
<body>
${
  options.nav
    ? `<div class="docent-layout">${sidebar(options.nav)}<main class="docent-main">${options.search ? '<div id="docent-search"></div>' : ''}${crumbs(options.nav.crumbs)}${render(tree)}${
        options.nav.crumbs.length > 0 && options.nav.sections[0]?.items[0]
          ? `<p class="docent-back"><a href="${escape(`${options.nav.sections[0].items[0].page}.html`)}">↑ Back to the contents</a></p>`
          : ''
      }</main></div>`
    : `${options.search ? '<nav id="docent-search"></nav>\n' : ''}${render(tree)}`
}
</body>
</html>
`;
}

function plain(node: Nodes): string {
  if ('value' in node && typeof node.value === 'string') return node.value;
  if ('children' in node) return (node.children as Nodes[]).map(plain).join('');
  return '';
}

/** The page's look: the product's palette in light and dark, a sidebar from 900 px, a folding menu below. */
const STYLE = `
:root{--fg:#1f2328;--muted:#57606a;--bg:#fff;--panel:#f6f8fa;--line:#d0d7de;--link:#0969da;--accent:#0969da}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--muted:#9198a1;--bg:#0d1117;--panel:#161b22;--line:#30363d;--link:#4493f8;--accent:#4493f8}}
*{box-sizing:border-box}
body{font:16px/1.55 system-ui,sans-serif;margin:0;color:var(--fg);background:var(--bg);overflow-wrap:break-word}
body>h1,body>h2,body>h3,body>p,body>table,body>ul,body>ol,body>pre,body>figure,body>details,body>nav{max-width:60rem;margin-left:auto;margin-right:auto;padding:0 1rem}
.docent-layout{display:flex;align-items:flex-start;max-width:84rem;margin:0 auto}
.docent-side{position:sticky;top:0;max-height:100vh;min-height:100vh;overflow-y:auto;width:17rem;flex:none;padding:1rem;border-right:1px solid var(--line);background:var(--panel);font-size:.92rem}
.docent-side h2{font-size:.78rem;text-transform:uppercase;letter-spacing:.04em;color:var(--muted);margin:1rem 0 .3rem}
.docent-side ul{list-style:none;margin:0;padding:0}.docent-side ul ul{padding-left:.8rem;border-left:1px solid var(--line);margin:.1rem 0 .2rem .2rem}
.docent-side a{display:block;padding:.15rem .4rem;border-radius:4px;text-decoration:none;color:var(--fg)}
.docent-side a:hover{background:var(--bg)}.docent-side a[aria-current=page]{background:var(--bg);color:var(--accent);font-weight:600}
.docent-title{font-weight:700;font-size:1rem}
.docent-main{flex:1;min-width:0;padding:1rem 1.5rem 3rem}
.docent-menu{display:none}
.docent-crumbs{font-size:.85rem;color:var(--muted);margin:.2rem 0 1rem}.docent-crumbs ol{list-style:none;padding:0;margin:0;display:flex;flex-wrap:wrap;gap:.3rem}
.docent-crumbs li+li::before{content:"›";margin-right:.3rem}
.docent-back{margin-top:2rem;font-size:.9rem}
table{border-collapse:collapse;display:block;overflow-x:auto;max-width:100%}th,td{border:1px solid var(--line);padding:.3rem .6rem;text-align:left;vertical-align:top}
details.mermaid-source summary{cursor:pointer;color:var(--muted);font-size:.85em}
#docent-search{margin-bottom:.6rem}#docent-search input{width:100%;padding:.4rem;font:inherit;color:var(--fg);background:var(--bg);border:1px solid var(--line);border-radius:4px}.docent-results{list-style:none;padding:0}
figure.diagram{margin:1rem 0;overflow-x:auto}figure.diagram svg{max-width:100%;height:auto}figcaption{font-size:.85em;color:var(--muted)}
code,pre{font-family:ui-monospace,monospace;font-size:.9em}pre{background:var(--panel);padding:1rem;overflow-x:auto}
a{color:var(--link)}
@media (max-width:900px){
.docent-layout{display:block}.docent-side{display:none}
.docent-menu{display:block;border-bottom:1px solid var(--line);background:var(--panel);padding:.5rem 1rem}
.docent-menu summary{cursor:pointer;font-weight:600;padding:.3rem 0}
.docent-menu .docent-side{display:block;position:static;width:auto;max-height:none;min-height:0;border:0;padding:.2rem 0}
.docent-main{padding:1rem}
}
`;

function navList(items: readonly NavItem[], page: string): string {
  return `<ul>${items
    .map((item) => {
      const href = `${item.page}.html${item.anchor ? `#${item.anchor}` : ''}`;
      const current = item.page === page && !item.anchor ? ' aria-current="page"' : '';
      return `<li><a href="${escape(href)}"${current}>${escape(item.title)}</a>${item.children?.length ? navList(item.children, page) : ''}</li>`;
    })
    .join('')}</ul>`;
}

/** The navigation: a sidebar on wide screens, the same list in a folding "Contents" menu on narrow ones (no script needed). */
function sidebar(nav: { sections: readonly NavSection[]; page: string }): string {
  const body = nav.sections.map((s) => `<h2>${escape(s.title)}</h2>${navList(s.items, nav.page)}`).join('');
  return `<details class="docent-menu"><summary>Contents</summary><nav class="docent-side" aria-label="Contents (menu)">${body}</nav></details><nav class="docent-side" aria-label="Contents">${body}</nav>`;
}

function crumbs(trail: ReadonlyArray<{ title: string; page?: string }>): string {
  if (trail.length === 0) return '';
  return `<nav class="docent-crumbs" aria-label="Breadcrumb"><ol>${trail
    .map((c, i) =>
      c.page
        ? `<li><a href="${escape(`${c.page}.html`)}">${escape(c.title)}</a></li>`
        : `<li${i === trail.length - 1 ? ' aria-current="page"' : ''}>${escape(c.title)}</li>`,
    )
    .join('')}</ol></nav>`;
}
