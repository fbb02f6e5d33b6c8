import type { BlockContent } from 'mdast';
import type { RepositoryFacts } from '../facts/index.ts';
import { code, heading, paragraph, source, table } from './blocks.ts';
import { isExample } from './overview.ts';

/** The notices of the system's own files (example programs left out): code that looks like a route registration and gave no route. */
export const ownNotices = (facts: Pick<RepositoryFacts, 'routeNotices'>): RepositoryFacts['routeNotices'] =>
  facts.routeNotices.filter((n) => !isExample(n.file));

/**
 * The "Possible routes not understood" section (docs/docgen-arch-api.md §Possible routes not
 * understood): each call or decorator cited, no route guessed from it.
 */
export function noticeBlocks(facts: Pick<RepositoryFacts, 'routeNotices'>): BlockContent[] {
  const notices = ownNotices(facts);
  if (notices.length === 0) return [];
  return [
    heading(2, 'Possible routes not understood'),
    paragraph(
      `${notices.length} place(s) look like a route registration that Docent did not read into a route; the routes they may declare are not documented above and none is guessed from them — check them in the code:`,
    ),
    table(
      ['Code', 'Why listed', 'Defined in'],
      notices.map((n) => [code(n.text), n.why, source(n.file, n.line)]),
    ),
  ];
}
