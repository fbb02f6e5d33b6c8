import GithubSlugger from 'github-slugger';
import type { RepositoryFacts } from '../facts/index.ts';
import { routeGroups } from './api.ts';
import { isExample } from './overview.ts';

/**
 * The HTML site's navigation (docs/docgen-arch-api.md, "Navigation"): sections of human titles —
 * the overview, the architecture's sections, the HTTP API's endpoint groups, the library's
 * modules, the examples apart — each item a page of the set (by id) and, for an endpoint group,
 * the anchor of its heading on the HTTP API page.
 */
export interface NavItem {
  title: string;
  page: string;
  anchor?: string;
  children?: NavItem[];
}
export interface NavSection {
  title: string;
  items: NavItem[];
}

type PageRef = { id: string; title: string };

/** The anchors the HTML renderer gives a page's headings, in order (GitHub's slugs, numbered on a repeat). */
const anchorsOf = (headings: readonly string[]): string[] => {
  const slugger = new GithubSlugger();
  return headings.map((h) => slugger.slug(h));
};

/** The folder a module page belongs to: its title, without the file of a split module (`folder: file`). */
const folderOfPage = (p: PageRef): string => (p.id.includes('--') ? p.title.slice(0, p.title.lastIndexOf(': ')) : p.title);

/** The library reference's items: a module per folder; a split module's files under it. */
function moduleItems(pages: readonly PageRef[]): NavItem[] {
  const byFolder = new Map<string, PageRef[]>();
  for (const p of pages) byFolder.set(folderOfPage(p), [...(byFolder.get(folderOfPage(p)) ?? []), p]);
  return [...byFolder].map(([folder, list]) =>
    list.length === 1 && !list[0]!.id.includes('--')
      ? { title: folder, page: list[0]!.id }
      : {
          title: folder,
          page: list[0]!.id,
          children: list.map((p) => ({ title: p.title.slice(p.title.lastIndexOf(': ') + 2), page: p.id })),
        },
  );
}

export function navigationOf(
  kind: 'arch' | 'api',
  base: string,
  pages: readonly PageRef[],
  routes: RepositoryFacts['routes'],
): NavSection[] {
  const start: NavSection = { title: 'Start', items: [{ title: 'Overview', page: base }] };
  if (kind === 'arch') return [start, { title: 'Architecture', items: pages.map((p) => ({ title: p.title, page: p.id })) }];
  const modules = pages.filter((p) => p.id.startsWith('api-m-'));
  const own = modules.filter((p) => !isExample(`${folderOfPage(p)}/`));
  const examples = modules.filter((p) => isExample(`${folderOfPage(p)}/`));
  const { groups, examples: exampleRoutes } = routeGroups(routes);
  const anchors = anchorsOf(['HTTP API', ...groups.map(([g]) => g), ...(exampleRoutes.length > 0 ? ['Examples'] : [])]);
  const http: NavSection = {
    title: 'HTTP API',
    items: [
      {
        title: 'All endpoints',
        page: 'api-http',
        children: groups.map(([group], i) => ({ title: group, page: 'api-http', anchor: anchors[i + 1]! })),
      },
    ],
  };
  const reference: NavSection = { title: 'Library reference', items: moduleItems(own) };
  const sample: NavSection = {
    title: 'Examples',
    items: [
      ...(exampleRoutes.length > 0 ? [{ title: 'Example endpoints', page: 'api-http', anchor: anchors.at(-1)! }] : []),
      ...moduleItems(examples),
    ],
  };
  // A library with no route of its own: its reference is the API, listed first; no empty HTTP section.
  const main = groups.length > 0 ? [http, reference] : [reference];
  return [start, ...main.filter((s) => s.items.length > 0), ...(sample.items.length > 0 ? [sample] : [])];
}

/** The trail from the overview to a page: its section and, for a file of a split module, the module. */
export function breadcrumbsOf(nav: readonly NavSection[], page: string): Array<{ title: string; page?: string }> {
  const home = nav[0]?.items[0];
  if (!home || page === home.page) return [];
  for (const section of nav.slice(1))
    for (const item of section.items) {
      const child = item.children?.find((c) => c.page === page && !c.anchor);
      if (child)
        return [
          { title: home.title, page: home.page },
          { title: section.title },
          { title: item.title, page: item.page },
          { title: child.title },
        ];
      if (item.page === page) return [{ title: home.title, page: home.page }, { title: section.title }, { title: item.title }];
    }
  return [{ title: home.title, page: home.page }];
}
