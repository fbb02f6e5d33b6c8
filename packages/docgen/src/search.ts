import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import type { Nodes, Root } from 'mdast';
import MiniSearch from 'minisearch';

/**
 * The HTML pages' search (docs/design.md §7, Output formats: "a local search index with minisearch"):
 * the index is built here, once per run, over every section (heading and the text under it) of
 * every page, and shipped in `search.js` with MiniSearch's browser build and a small search
 * box — a file of the doc set, so no CDN, no inline script (a strict CSP holds) and it works
 * from file:// as well as hosted.
 */
export interface SearchSection {
  id: number;
  /** page file and anchor, e.g. api-http.html#get-users */
  href: string;
  title: string;
  text: string;
}

const FIELDS = ['title', 'text'];
const OPTIONS = { fields: FIELDS, storeFields: ['href', 'title'], searchOptions: { boost: { title: 2 }, prefix: true, fuzzy: 0.2 } };

const plain = (node: Nodes): string =>
  'value' in node && typeof node.value === 'string'
    ? node.value
    : 'children' in node
      ? (node.children as Nodes[]).map(plain).join(node.type === 'tableRow' ? ' ' : node.type === 'table' ? '\n' : '')
      : '';

/** A page's sections: each heading with the text up to the next heading; anchors as the HTML renderer makes them. */
export function sectionsOf(page: string, tree: Root, startId: number): SearchSection[] {
  const slugger = new GithubSlugger();
  const out: SearchSection[] = [];
  let current: SearchSection | null = null;
  const first = tree.children.find((n) => n.type === 'heading');
  const pageTitle = first ? plain(first) : page;
  for (const node of tree.children) {
    if (node.type === 'heading') {
      const heading = plain(node);
      // A section is named with its page ("Article — Data model"): the same heading occurs on several pages.
      const title = node === first ? heading : `${heading} — ${pageTitle}`;
      current = { id: startId + out.length, href: `${page}#${slugger.slug(heading)}`, title, text: '' };
      out.push(current);
    } else if (current && !(node.type === 'code' && node.lang === 'mermaid')) current.text += `${plain(node)}\n`;
  }
  // Long sections (a module's tables) are cut: the index stays small enough to ship.
  for (const s of out) s.text = s.text.slice(0, 4000);
  return out;
}

export function searchIndex(sections: readonly SearchSection[]): MiniSearch<SearchSection> {
  const ms = new MiniSearch<SearchSection>(OPTIONS);
  ms.addAll(sections);
  return ms;
}

const require = createRequire(import.meta.url);
let umd: string | null = null;

/** search.js: MiniSearch's UMD build, the prebuilt index, and the search box. */
export function searchScript(sections: readonly SearchSection[]): string {
  umd ??= fs.readFileSync(path.join(path.dirname(require.resolve('minisearch')), '../umd/index.js'), 'utf8');
  const index = JSON.stringify(searchIndex(sections)).replace(/</g, '\\u003c');
  return `${umd}
;(function () {
  var ms = MiniSearch.loadJSON(${JSON.stringify(index)}, ${JSON.stringify(OPTIONS)});
  function setup() {
    var box = document.getElementById('docent-search');
    if (!box) return;
    var input = document.createElement('input');
    input.type = 'search';
    input.placeholder = 'Search the documentation';
    input.setAttribute('aria-label', 'Search the documentation');
    var results = document.createElement('ul');
    results.className = 'docent-results';
    box.appendChild(input);
    box.appendChild(results);
    input.addEventListener('input', function () {
      results.textContent = '';
      var q = input.value.trim();
      if (q.length < 2) return;
      ms.search(q).slice(0, 12).forEach(function (r) {
        var li = document.createElement('li');
        var a = document.createElement('a');
        a.href = r.href;
        a.textContent = r.title;
        li.appendChild(a);
        results.appendChild(li);
      });
      if (!results.firstChild) {
        var none = document.createElement('li');
        none.textContent = 'No result';
        results.appendChild(none);
      }
    });
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', setup);
  else setup();
})();
`;
}
