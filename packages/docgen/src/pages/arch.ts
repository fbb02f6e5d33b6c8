import type { BlockContent, PhrasingContent, Root } from 'mdast';
import path from 'node:path';
import type { RepositoryFacts, SourceFile } from '../facts/index.ts';
import { routeNotes } from './api.ts';
import { noticeBlocks, ownNotices } from './notices.ts';
import { containersPage, contextPage, crossCuttingPage, decisionsPage, deploymentPage, layerViolations } from './arch-more.ts';
import { erSvg, flowchartSvg, sequenceSvg, type SequenceMessage } from '../diagrams.ts';
import type { DataEntity } from '../facts/models.ts';
import { CallGraph, type CallStep } from '../facts/calls.ts';
import { code, diagram, heading, list, paragraph, root, source, table } from './blocks.ts';

/** Most folders drawn in the components diagram; deeper folders are collapsed into their parents first. */
const MAX_DIAGRAM_NODES = 40;
/** A file imported by this many others is reported as a hub (a change there touches many). */
const HUB_FAN_IN = 15;

export interface PageMeta {
  /** repository name, for titles */
  name: string;
  /** the commit the facts were read at, when known */
  commit?: string;
}

/** A page of a doc set: what it is built from and how (docs/design.md §7: one mdast per page). */
export interface PageSpec {
  id: string;
  title: string;
  /** the files the page reads: it is rebuilt exactly when one of them (or their set) changes */
  sources: string[];
  build(): PageBuild | Promise<PageBuild>;
}

/** A page's document and the files it comes with (its diagrams' SVG). */
export interface PageBuild {
  tree: Root;
  assets: Array<{ name: string; content: string }>;
}

/** A link to another page of the same doc set; each renderer's pass turns it into a file link. */
export const pageLink = (id: string, label: string): PhrasingContent => ({
  type: 'link',
  url: `page:${id}`,
  children: [{ type: 'text', value: label }],
});

const uniq = (files: Iterable<string>): string[] => [...new Set(files)].sort();

/**
 * The architecture document (docs/design.md §7, Architecture docs, arc42-lite × C4) as sections, each
 * its own page built only from the facts it shows, each statement with the file and line it
 * comes from. Sections with no facts say so instead of being left out, so a reader knows they
 * were looked for.
 */
export function architectureSections(
  facts: RepositoryFacts,
  texts: ReadonlyMap<string, string> = new Map(),
  models: readonly DataEntity[] = [],
  projectFiles: readonly SourceFile[] = [],
): PageSpec[] {
  const all = facts.coupling.map((c) => c.file);
  const pages: PageSpec[] = [];
  pages.push(contextPage(facts), containersPage(facts, projectFiles));
  pages.push({
    id: 'architecture-components',
    title: 'Components',
    sources: uniq(all),
    build: () => {
      const blocks: BlockContent[] = [heading(1, 'Components')];
      const graph = folderGraph(facts);
      blocks.push(
        paragraph(
          `Folders and the imports between them (${graph.nodes.length} shown${graph.collapsed ? ', deeper folders collapsed into their parents' : ''}):`,
        ),
      );
      blocks.push(...diagram(mermaidFlowchart(graph), 'architecture-components.svg', 'Components: folders and their imports'));
      const folders = [...graph.nodes].sort((a, b) => b.fanIn - a.fanIn || (a.id < b.id ? -1 : 1));
      blocks.push(
        table(
          ['Folder', 'Files', 'Imported by (folders)', 'Imports (folders)'],
          folders.map((n) => [code(n.id), String(n.files), String(n.fanIn), String(n.fanOut)]),
        ),
      );
      const svg = flowchartSvg(
        'Components',
        graph.nodes.map((n) => ({ id: n.id, label: n.id, detail: `[component] ${n.files} file${n.files === 1 ? '' : 's'}` })),
        graph.edges,
      );
      return { tree: root(blocks), assets: [{ name: 'architecture-components.svg', content: svg }] };
    },
  });
  pages.push({
    id: 'architecture-http',
    title: 'HTTP interface',
    sources: [...new Set([...facts.routeFiles, ...ownNotices(facts).map((n) => n.file)])].sort(),
    build: () => {
      const blocks: BlockContent[] = [heading(1, 'HTTP interface')];
      if (facts.routes.length === 0) blocks.push(paragraph('No HTTP route was found.'));
      else {
        blocks.push(
          table(
            ['Method', 'Path', 'Handler', 'Source'],
            facts.routes.map((r) => [r.method, code(r.path), r.handler ? code(r.handler) : '', source(r.file, r.line)]),
          ),
        );
        blocks.push(...routeNotes(facts.routes));
      }
      blocks.push(...noticeBlocks(facts));
      return { tree: root(blocks), assets: [] };
    },
  });
  const flows = runtimeFlows(facts, texts);
  pages.push({
    id: 'architecture-runtime',
    title: 'Runtime',
    sources: uniq(flows.flatMap((f) => f.sources)),
    build: () => {
      const blocks: BlockContent[] = [heading(1, 'Runtime')];
      if (flows.length === 0) {
        blocks.push(paragraph('No HTTP route was found, so no request flow is drawn.'));
        return { tree: root(blocks), assets: [] };
      }
      const calls = flows.some((f) => f.steps.length > 0);
      blocks.push(
        paragraph(
          calls
            ? `How ${flows.length === 1 ? 'one route is' : `${flows.length} routes are`} served: the route, its handler and the calls the handler makes into the repository's own code, followed up to three levels deep (handler → service → repository), each with the line it is written on. Calls that do not resolve statically (into libraries, through values whose type the code does not declare) are left out. Routes whose handlers make the most such calls are shown; routes with the same calls are shown once.`
            : 'No handler call into the repository’s own code resolves statically, so one route is drawn with its handler only.',
        ),
      );
      const assets: PageBuild['assets'] = [];
      flows.forEach((f, i) => {
        const name = `architecture-runtime-${i + 1}.svg`;
        blocks.push(heading(2, `${f.route.method} ${f.route.path}`));
        blocks.push(
          paragraph(
            'Route ',
            source(f.route.file, f.route.line),
            ...(f.route.handler ? [', handler ', code(f.route.handler)] : [', handler written inline']),
            ...(f.handlerFile !== f.route.file ? [' imported from ', code(f.handlerFile)] : []),
            '.',
          ),
        );
        blocks.push(...diagram(mermaidSequence(f.participants, f.messages), name, `Sequence: ${f.route.method} ${f.route.path}`));
        if (f.steps.length > 0)
          blocks.push(
            table(
              ['Caller', 'Calls', 'In', 'Written at'],
              f.steps.map((s) => [code(s.fromFunction), code(`${s.call}()`), code(s.to), source(s.from, s.line)]),
            ),
          );
        assets.push({ name, content: sequenceSvg(`${f.route.method} ${f.route.path}`, f.participants, f.messages) });
      });
      return { tree: root(blocks), assets };
    },
  });
  // Every SQL script is a source of the data-model page: a later one may drop a table.
  pages.push(
    dataModelPage(
      models,
      projectFiles.filter((f) => f.rel.endsWith('.sql')).map((f) => f.rel),
    ),
  );
  pages.push(deploymentPage(projectFiles), crossCuttingPage(facts), decisionsPage(projectFiles));
  pages.push({
    id: 'architecture-risks',
    title: 'Risks',
    sources: uniq(all),
    build: () => {
      const blocks: BlockContent[] = [heading(1, 'Risks')];
      const risks: Array<Array<string | ReturnType<typeof code>>> = [];
      for (const c of facts.cycles) {
        const loop = [...c.path.map((p) => p.from), c.path[0]!.from];
        const steps = c.path.flatMap((p, i) => [...(i > 0 ? ['; '] : []), source(p.file, p.line), ' imports ', code(p.target)]);
        risks.push([
          'Import cycle between folders: ',
          code(loop.join(' → ')),
          ...(c.folders.length > c.path.length
            ? [` (one cycle among ${c.folders.length} folders that import each other: ${c.folders.join(', ')})`]
            : []),
          ' — ',
          ...steps,
          '.',
        ]);
      }
      for (const h of facts.coupling
        .filter((c) => c.fanIn >= HUB_FAN_IN)
        .sort((a, b) => b.fanIn - a.fanIn || (a.file < b.file ? -1 : 1))
        .slice(0, 10))
        risks.push(['Fan-in hotspot: ', code(h.file), ` is imported by ${h.fanIn} files (a change there touches all of them).`]);
      const violations = layerViolations(facts);
      for (const v of violations.slice(0, 20))
        risks.push([
          `Layer violation: the ${v.fromLayer} layer imports the ${v.toLayer} layer at `,
          source(v.from, v.line),
          ' (',
          code(v.to),
          ').',
        ]);
      if (violations.length > 20) risks.push([`… and ${violations.length - 20} more layer violations.`]);
      const unresolvedImports = facts.imports.filter((e) => e.kind === 'unresolved');
      if (unresolvedImports.length > 0)
        risks.push([
          `${unresolvedImports.length} import(s) could not be resolved statically, e.g. `,
          source(unresolvedImports[0]!.from, unresolvedImports[0]!.line),
          '.',
        ]);
      blocks.push(
        risks.length === 0 ? paragraph('No import cycle, fan-in hotspot, layer violation or unresolved import was found.') : list(risks),
      );
      return { tree: root(blocks), assets: [] };
    },
  });
  return pages;
}

/** The architecture index: the overview and the table of contents (rebuilt on every run; it names the commit). */
export function architectureIndex(
  facts: RepositoryFacts,
  meta: PageMeta,
  pages: ReadonlyArray<{ id: string; title: string }>,
  overview: readonly BlockContent[] = [],
): Root {
  const title = `${meta.name} — architecture`;
  return root([
    heading(1, title),
    paragraph(
      `Generated by Docent from the code${meta.commit ? ` at commit ${meta.commit}` : ''}: ${facts.files} source files, ${facts.imports.length} import statements, ${facts.routes.length} HTTP routes. Every statement names its source as `,
      code('path:line'),
      '.',
    ),
    ...(overview.length > 0
      ? [heading(2, 'Overview'), ...overview.map((b) => (b.type === 'heading' ? { ...b, depth: 3 as const } : b))]
      : []),
    heading(2, 'Contents'),
    list(pages.map((p) => [pageLink(p.id, p.title)])),
  ]);
}

interface FolderNode {
  id: string;
  files: number;
  fanIn: number;
  fanOut: number;
}

/** The folder import graph, folders cut to the depth at which at most MAX_DIAGRAM_NODES remain. */
export function folderGraph(facts: RepositoryFacts): { nodes: FolderNode[]; edges: Array<[string, string]>; collapsed: boolean } {
  const folderOf = (p: string, depth: number): string => {
    const parts = (p.endsWith('/') ? p.slice(0, -1) : p.split('/').slice(0, -1).join('/')).split('/').filter(Boolean);
    return parts.length === 0 ? '.' : parts.slice(0, depth).join('/');
  };
  let depth = 8;
  const count = (d: number): number => new Set(facts.coupling.map((c) => folderOf(c.file, d))).size;
  while (depth > 1 && count(depth) > MAX_DIAGRAM_NODES) depth--;
  const files = new Map<string, number>();
  for (const c of facts.coupling) files.set(folderOf(c.file, depth), (files.get(folderOf(c.file, depth)) ?? 0) + 1);
  const edges = new Set<string>();
  for (const e of facts.imports) {
    if (e.kind !== 'internal' || !e.to) continue;
    const a = folderOf(e.from, depth);
    const b = folderOf(e.to, depth);
    if (a !== b && files.has(a) && files.has(b)) edges.add(`${a}\u0000${b}`);
  }
  const pairs = [...edges].map((k) => k.split('\u0000') as [string, string]).sort();
  const nodes = [...files]
    .sort((a, b) => (a[0] < b[0] ? -1 : 1))
    .slice(0, MAX_DIAGRAM_NODES)
    .map(([id, n]) => ({ id, files: n, fanIn: pairs.filter(([, b]) => b === id).length, fanOut: pairs.filter(([a]) => a === id).length }));
  const shown = new Set(nodes.map((n) => n.id));
  return { nodes, edges: pairs.filter(([a, b]) => shown.has(a) && shown.has(b)), collapsed: depth < 8 && count(8) > count(depth) };
}

export function mermaidFlowchart(graph: { nodes: FolderNode[]; edges: Array<[string, string]> }): string {
  const ids = new Map(graph.nodes.map((n, i) => [n.id, `f${i}`]));
  const label = (s: string): string => s.replace(/"/g, '#quot;');
  const lines = ['flowchart LR'];
  for (const n of graph.nodes) lines.push(`  ${ids.get(n.id)}["${label(n.id)}"]`);
  for (const [a, b] of graph.edges) lines.push(`  ${ids.get(a)} --> ${ids.get(b)}`);
  return lines.join('\n');
}

/** Most routes drawn as sequence diagrams on the runtime page. */
const MAX_FLOWS = 5;

interface Flow {
  route: RepositoryFacts['routes'][number];
  handlerFile: string;
  participants: string[];
  messages: SequenceMessage[];
  /** the calls drawn, each with the line it is written on */
  steps: CallStep[];
  sources: string[];
}

/**
 * The main routes' request flows: client → route file → handler (in the route's file, or the file
 * it is imported from) → the calls the handler makes into the repository's own code, followed a
 * few levels deep (facts/calls.ts), each arrow a call written at a cited line. Routes whose
 * handlers make the most resolved calls come first; two routes whose calls are the same are drawn
 * once. With no resolved call anywhere, one route is drawn and the page says so.
 */
export function runtimeFlows(facts: RepositoryFacts, texts: ReadonlyMap<string, string> = new Map()): Flow[] {
  const graph = new CallGraph(texts, facts.imports);
  const candidates = facts.routes.map((route) => {
    const handlerFile = (route.handler ? handlerFileOf(route, facts, texts) : null) ?? route.file;
    return { route, handlerFile, steps: graph.stepsOf(route, handlerFile) };
  });
  const seen = new Set<string>();
  const drawn = new Set<string>();
  const ordered = candidates
    .sort(
      (a, b) =>
        b.steps.length - a.steps.length ||
        Number(!a.route.handler) - Number(!b.route.handler) ||
        (a.route.path < b.route.path ? -1 : a.route.path > b.route.path ? 1 : a.route.method < b.route.method ? -1 : 1),
    )
    .filter((c) => {
      const key = `${c.route.method} ${c.route.path}`;
      const calls = c.steps.map((s) => `${s.from}>${s.to}:${s.call}`).join('|');
      if (seen.has(key) || (calls !== '' && drawn.has(calls))) return false;
      seen.add(key);
      drawn.add(calls);
      return true;
    });
  const withCalls = ordered.filter((c) => c.steps.length > 0);
  return (withCalls.length > 0 ? withCalls : ordered.slice(0, 1)).slice(0, MAX_FLOWS).map(({ route, handlerFile, steps }) => {
    const participants = uniqOrdered(['Client', route.file, handlerFile, ...steps.flatMap((s) => [s.from, s.to])]);
    const messages: SequenceMessage[] = [
      { from: 'Client', to: route.file, label: `${route.method} ${route.path}` },
      { from: route.file, to: handlerFile, label: route.handler ? `${route.handler}()` : 'inline handler' },
      ...steps.map((s) => ({ from: s.from, to: s.to, label: `${s.call}()` })),
      { from: route.file, to: 'Client', label: 'response' },
    ];
    return { route, handlerFile, participants, messages, steps, sources: uniq([route.file, handlerFile, ...steps.map((s) => s.to)]) };
  });
}

const uniqOrdered = (items: readonly string[]): string[] => items.filter((x, i) => items.indexOf(x) === i);

/** The file a route's handler is imported from, when the route's file imports it by name from a project file. */
function handlerFileOf(
  route: RepositoryFacts['routes'][number],
  facts: RepositoryFacts,
  texts: ReadonlyMap<string, string>,
): string | null {
  const name = route.handler!;
  const lines = texts.get(route.file)?.split('\n') ?? [];
  const word = new RegExp(`\\b${name.replace(/[^\w]/g, '')}\\b`);
  for (const e of facts.imports) {
    if (e.from !== route.file || e.kind !== 'internal' || !e.to || e.to.endsWith('/')) continue;
    const base = path.posix.basename(e.to).replace(/\.[^.]+$/, '');
    // `views.show` after `from . import views`; `show` on the import's own line (`import { show } from './h'`, `from .views import show`, `const { show } = require('./h')`)
    if (name.startsWith(`${base}.`) || word.test(lines[e.line - 1] ?? '')) return e.to;
  }
  return null;
}

export function mermaidSequence(participants: readonly string[], messages: readonly SequenceMessage[]): string {
  const ids = new Map(participants.map((p, i) => [p, `p${i}`]));
  const label = (s: string): string => s.replace(/[;#\n]/g, ' ');
  const lines = ['sequenceDiagram'];
  for (const p of participants) lines.push(`  participant ${ids.get(p)} as ${label(p)}`);
  for (const m of messages) lines.push(`  ${ids.get(m.from)}->>${ids.get(m.to)}: ${label(m.label)}`);
  return lines.join('\n');
}

/** Most entities drawn in the ER diagram (the most connected first); the tables list them all. */
const MAX_ER_ENTITIES = 40;

/** The data model section: entities with their fields and sources, foreign keys, an ER diagram. */
export function dataModelPage(models: readonly DataEntity[], sqlFiles: readonly string[] = []): PageSpec {
  return {
    id: 'architecture-data-model',
    title: 'Data model',
    sources: uniq([...models.flatMap((m) => [m.file, ...(m.alsoIn ?? []).map((a) => a.replace(/:\d+$/, ''))]), ...sqlFiles]),
    build: () => {
      const blocks: BlockContent[] = [heading(1, 'Data model')];
      if (models.length === 0) {
        blocks.push(
          paragraph(
            'No data model was found (no SQL ',
            code('CREATE TABLE'),
            ', Prisma schema, SQLAlchemy, Django, TypeORM, Sequelize, Mongoose, GORM or JPA model).',
          ),
        );
        return { tree: root(blocks), assets: [] };
      }
      const kinds = [...new Set(models.map((m) => m.kind))].sort();
      blocks.push(
        paragraph(
          `${models.length} entities read from ${kinds.join(', ')} definitions, ${models.reduce((n, m) => n + m.relations.length, 0)} relations.`,
        ),
      );
      const degree = new Map<string, number>();
      for (const m of models) for (const r of m.relations) for (const n of [m.name, r.to]) degree.set(n, (degree.get(n) ?? 0) + 1);
      const drawn = [...models]
        .sort((a, b) => (degree.get(b.name) ?? 0) - (degree.get(a.name) ?? 0) || (a.name < b.name ? -1 : 1))
        .slice(0, MAX_ER_ENTITIES);
      const names = new Set(drawn.map((m) => m.name));
      const relations = drawn.flatMap((m) =>
        m.relations.filter((r) => names.has(r.to)).map((r) => ({ from: m.name, to: r.to, label: r.field })),
      );
      // Two definitions of one name (a migration and a model): the diagram draws the first.
      const unique = drawn.filter((m, i) => drawn.findIndex((o) => o.name === m.name) === i);
      blocks.push(
        ...diagram(
          mermaidEr(unique, relations),
          'architecture-data-model.svg',
          `Entity–relationship diagram${models.length > MAX_ER_ENTITIES ? ` (the ${MAX_ER_ENTITIES} most connected entities)` : ''}`,
        ),
      );
      blocks.push(heading(2, 'Relations'));
      const rels = models.flatMap((m) =>
        m.relations.map((r) => [code(m.name), code(r.field), code(r.to), source(r.file ?? m.file, r.line)] as const),
      );
      blocks.push(
        rels.length === 0
          ? paragraph('No foreign key was found.')
          : table(
              ['Entity', 'Field', 'References', 'Source'],
              rels.map((r) => [...r]),
            ),
      );
      for (const m of models) {
        blocks.push(heading(2, m.name));
        const also = (m.alsoIn ?? []).flatMap((a, i) => {
          const cite = source(a.replace(/:\d+$/, ''), Number(/:(\d+)$/.exec(a)?.[1]));
          return i > 0 ? [', ', cite] : [cite];
        });
        blocks.push(
          paragraph(
            `${m.kind} model, `,
            source(m.file, m.line),
            ...(also.length > 0 ? ['; the same table for other databases in ', ...also] : []),
            '.',
          ),
        );
        blocks.push(
          table(
            ['Field', 'Type', 'Key', 'Source'],
            m.fields.map((f) => [code(f.name), f.type ? code(f.type) : '', f.key ?? '', source(f.file ?? m.file, f.line)]),
          ),
        );
      }
      const svg = erSvg(
        'Data model',
        unique.map((m) => ({
          name: m.name,
          fields: m.fields.map((f) => ({ name: f.name, type: f.type, ...(f.key ? { key: f.key } : {}) })),
        })),
        relations,
      );
      return { tree: root(blocks), assets: [{ name: 'architecture-data-model.svg', content: svg }] };
    },
  };
}

export function mermaidEr(entities: readonly DataEntity[], relations: ReadonlyArray<{ from: string; to: string; label: string }>): string {
  const id = (s: string): string => s.replace(/[^\w-]/g, '_');
  const word = (s: string): string => s.replace(/[^\w-]/g, '_') || '_';
  const lines = ['erDiagram'];
  for (const e of entities) {
    lines.push(`  ${id(e.name)} {`);
    for (const f of e.fields) lines.push(`    ${word(f.type || 'any')} ${word(f.name)}${f.key ? ` ${f.key}` : ''}`);
    lines.push('  }');
  }
  for (const r of relations) lines.push(`  ${id(r.from)} }o--|| ${id(r.to)} : "${r.label.replace(/"/g, '')}"`);
  return lines.join('\n');
}
